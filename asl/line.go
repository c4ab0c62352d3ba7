package asl

import (
	"fmt"
	"strings"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/hex"
)

// LineKind is what a line of move notation does.
type LineKind uint8

// Line kinds.
const (
	LineUnit     LineKind = iota // one unit's step, or an outside event (attack, motion-attempt)
	LineImpulse                  // one Impulse of a group (D14.31)
	LineGroup                    // a group step that is not an Impulse: end, leave, combine, form
	LineMPh                      // a new Movement Phase begins (the next Player Turn)
	LineArea                     // an OBA Blast Area, aircraft attack or OBA WP at a hex (E11.533)
	LineLOS                      // a LOS check between two hexes, with Convoy hindrances (E11.4)
	LineStray                    // a unit checks for Straying at night (E11.6)
	LineRelocate                 // a unit routs or advances into a hex (E11.532)
	LineAPh                      // the Advance Phase of a side begins (A4.7)
)

// Line is one parsed line of move notation. Groups are named, not indexed: groups come and go
// during play (a Gap splits a Convoy, a platoon forms), so they are found when the line is
// played.
type Line struct {
	Kind   LineKind
	Action Action // LineUnit
	// LineImpulse: Acts, or with Every the same step (Every) for every member. LineGroup End:
	// Acts are the members' `end toward HEX` (D2.4).
	GroupID  string
	Acts     []Action
	Every    bool
	EveryAct Action
	// Stray: the lead Strays into AreaHex and the members behind follow (E11.6).
	Stray bool
	// LineGroup.
	Group   GroupStep
	Unit    int    // leave: the unit, or -1
	OtherID string // leave: a platoon leaving a Convoy; combine: the other Convoy
	Units   []int  // form
	NewID   string // form
	First   bool   // leave ... first (D14.331)
	Side    string // LineMPh, LineAPh
	Advance bool   // LineRelocate: an advance, not a rout
	Area    string // LineArea: "HE OBA", "aircraft attack", "OBA WP"
	// AreaHex: LineArea's hex; the hex a Column's lead Strays into (E11.6) or advances into
	// (GroupAdvance, E11.52).
	AreaHex hex.Hex
	LOSTo   hex.Hex // LineLOS: from AreaHex to LOSTo
}

// ParseLine reads one line of move notation: a unit step (see [Game.ParseStep]) or one of
//
//	GROUP start | stop | delay N        (every member, as one Impulse)
//	GROUP: A enter Z4, B vca Z4-AA4, C -   (one Impulse; "-" does nothing)
//	GROUP end                           (every member ends its MPh)
//	GROUP stray HEX                     (night: the lead Strays into HEX, the rest follow, E11.6)
//	GROUP end toward A:HEX, B:HEX       (in Motion with MP left: each member's next hex, D2.4)
//	COLUMN double-time | COLUMN gallop  (before it moves, E11.52)
//	GROUP leave UNIT | GROUP leave PLATOON
//	combine CONVOY CONVOY
//	form PLATOON UNIT UNIT [UNIT]
//	mph SIDE                            (a new Movement Phase of SIDE)
//	aph SIDE                            (the Advance Phase of SIDE, A4.7)
//	advance UNIT HEX | rout UNIT HEX    (one hex; Columns are checked for Disbandment, E11.532)
//	COLUMN advance HEX                  (APh: the lead into HEX, the rest follow it, E11.52)
//	oba HEX | oba-wp HEX | aircraft HEX (E11.533)
//	los HEX HEX                         (LOS, with Convoy hindrances, E11.4)
//	stray UNIT                          (may it Stray at night? E11.6)
//	disband COLUMN | join COLUMN UNIT... | join PLATOON UNIT...
//
// Group ids are any names the scenario's groups: give, or that play creates (a platoon formed,
// the rear Convoy of a Gap: "C1.2").
func (g *Game) ParseLine(text string) (Line, error) {
	t := strings.TrimSpace(text)
	f := strings.Fields(t)
	if len(f) == 0 {
		return Line{}, fmt.Errorf("empty step: write UNIT VERB ARGS, like \"T1 enter M3\"")
	}
	// "GROUP: ..." is an Impulse.
	if i := strings.Index(t, ":"); i > 0 && !strings.ContainsAny(t[:i], " \t") {
		return g.parseImpulse(t[:i], t[i+1:])
	}
	head := f[0]
	if _, isUnit := g.Unit(head); isUnit {
		a, err := g.ParseStep(t)
		return Line{Kind: LineUnit, Action: a}, err
	}
	unit := func(id string) (int, error) {
		if i, ok := g.Unit(id); ok {
			return i, nil
		}
		return 0, fmt.Errorf("no unit %q", id)
	}
	units := func(ids []string) ([]int, error) {
		var out []int
		for _, id := range ids {
			i, err := unit(strings.TrimSuffix(id, ","))
			if err != nil {
				return nil, err
			}
			out = append(out, i)
		}
		return out, nil
	}
	switch strings.ToLower(head) {
	case "attack", "motion-attempt":
		if len(f) >= 2 {
			if _, isUnit := g.Unit(f[1]); !isUnit && strings.EqualFold(head, "motion-attempt") {
				// A platoon's Motion attempt names the platoon: resolved at play time.
				l := Line{Kind: LineUnit, GroupID: f[1], Action: Action{Verb: VerbMotionAttempt, Versus: -1}}
				if err := g.motionOptions(f[2:]); err != nil {
					return l, err
				}
				if len(f) == 4 {
					l.Action.Versus, _ = g.Unit(f[3])
				}
				return l, nil
			}
		}
		a, err := g.ParseStep(t)
		return Line{Kind: LineUnit, Action: a}, err
	case "oba", "oba-wp", "aircraft":
		if len(f) != 2 {
			return Line{}, fmt.Errorf("write \"%s HEX\"", head)
		}
		h, err := g.Map.Layout.Parse(f[1])
		what := map[string]string{"oba": "HE OBA Blast Area", "oba-wp": "OBA WP", "aircraft": "aircraft attack"}[strings.ToLower(head)]
		return Line{Kind: LineArea, Area: what, AreaHex: h}, err
	case "los":
		if len(f) != 3 {
			return Line{}, fmt.Errorf("write \"los HEX HEX\"")
		}
		a, err := g.Map.Layout.Parse(f[1])
		if err != nil {
			return Line{}, err
		}
		b, err := g.Map.Layout.Parse(f[2])
		return Line{Kind: LineLOS, AreaHex: a, LOSTo: b}, err
	case "stray":
		if len(f) != 2 {
			return Line{}, fmt.Errorf("write \"stray UNIT\"")
		}
		i, err := unit(f[1])
		return Line{Kind: LineStray, Action: Action{Unit: i, Versus: -1}}, err
	case "rout", "advance":
		if len(f) != 3 {
			return Line{}, fmt.Errorf("write \"%s UNIT HEX\": the unit %ss into an adjacent hex", strings.ToLower(head), strings.ToLower(head))
		}
		i, err := unit(f[1])
		if err != nil {
			if _, isGroup := g.Group(f[1]); isGroup && strings.EqualFold(head, "advance") {
				return Line{}, fmt.Errorf("%s is a group: a Column advances as one, written \"%s advance HEX\" with HEX its lead's new hex (E11.52)", f[1], f[1])
			}
			return Line{}, err
		}
		h, err := g.Map.Layout.Parse(f[2])
		return Line{Kind: LineRelocate, Action: Action{Unit: i, A: h, Versus: -1}, Advance: strings.EqualFold(head, "advance")}, err
	case "mph":
		if len(f) != 2 {
			return Line{}, fmt.Errorf("write \"mph SIDE\": a new Movement Phase of that side")
		}
		return Line{Kind: LineMPh, Side: f[1]}, nil
	case "aph":
		if len(f) != 2 {
			return Line{}, fmt.Errorf("write \"aph SIDE\": the Advance Phase of that side")
		}
		return Line{Kind: LineAPh, Side: f[1]}, nil
	case "combine":
		if len(f) != 3 {
			return Line{}, fmt.Errorf("write \"combine CONVOY CONVOY\"")
		}
		return Line{Kind: LineGroup, Group: GroupCombine, GroupID: f[1], OtherID: f[2], Unit: -1}, nil
	case "form":
		if len(f) < 4 {
			return Line{}, fmt.Errorf("write \"form PLATOON UNIT UNIT [UNIT]\"")
		}
		l := Line{Kind: LineGroup, Group: GroupForm, NewID: f[1], Unit: -1}
		var err error
		l.Units, err = units(f[2:])
		return l, err
	case "disband":
		if len(f) != 2 {
			return Line{}, fmt.Errorf("write \"disband COLUMN\"")
		}
		return Line{Kind: LineGroup, Group: GroupDisband, GroupID: f[1], Unit: -1}, nil
	case "join":
		if len(f) < 3 {
			return Line{}, fmt.Errorf("write \"join GROUP UNIT...\" (a Column, or a platoon)")
		}
		l := Line{Kind: LineGroup, Group: GroupJoin, GroupID: f[1], Unit: -1}
		var err error
		l.Units, err = units(f[2:])
		return l, err
	}
	return g.parseGroupStep(head, f)
}

// parseGroupStep reads a step a group takes as one, "GROUP VERB ...": start, stop or delay N
// (one Impulse of every member), double-time or gallop, end or end toward, leave.
func (g *Game) parseGroupStep(head string, f []string) (Line, error) {
	if len(f) < 2 {
		return Line{}, fmt.Errorf("no unit %q (units: %s)", head, g.unitList())
	}
	switch verb := strings.ToLower(f[1]); verb {
	case "start", "stop":
		if len(f) != 2 {
			return Line{}, fmt.Errorf("%q takes no arguments", verb)
		}
		v := VerbStart
		if verb == "stop" {
			v = VerbStop
		}
		return Line{Kind: LineImpulse, GroupID: head, Every: true, EveryAct: Action{Verb: v, Versus: -1}}, nil
	case "delay":
		if len(f) != 3 {
			return Line{}, fmt.Errorf("\"delay\" takes an MP amount, like \"%s delay 2\"", head)
		}
		n, err := ParseMP(f[2])
		return Line{Kind: LineImpulse, GroupID: head, Every: true, EveryAct: Action{Verb: VerbDelay, N: n, Versus: -1}}, err
	case "stray":
		if len(f) != 3 {
			return Line{}, fmt.Errorf("write \"%s stray HEX\": the hex its lead Strays into (E11.6)", head)
		}
		h, err := g.Map.Layout.Parse(f[2])
		return Line{Kind: LineImpulse, GroupID: head, Stray: true, AreaHex: h}, err
	case "advance":
		if len(f) != 3 {
			return Line{}, fmt.Errorf("write \"%s advance HEX\": the hex its lead advances into; the units behind follow (E11.52)", head)
		}
		h, err := g.Map.Layout.Parse(f[2])
		return Line{Kind: LineGroup, Group: GroupAdvance, GroupID: head, Unit: -1, AreaHex: h}, err
	case "double-time", "gallop":
		if len(f) != 2 {
			return Line{}, fmt.Errorf("%q takes no arguments", verb)
		}
		return Line{Kind: LineGroup, Group: GroupHurry, GroupID: head, Unit: -1}, nil
	case "end":
		l := Line{Kind: LineGroup, Group: GroupEnd, GroupID: head, Unit: -1}
		if len(f) == 2 {
			return l, nil
		}
		if !strings.EqualFold(f[2], "toward") || len(f) < 4 {
			return Line{}, fmt.Errorf("\"end\" takes no arguments, or \"toward A:HEX, B:HEX\": each member's next hex (D2.4)")
		}
		var err error
		l.Acts, err = g.parseTowards(head, strings.Join(f[3:], " "))
		return l, err
	case "leave":
		first := len(f) == 4 && strings.EqualFold(f[3], "first")
		if len(f) != 3 && !first {
			return Line{}, fmt.Errorf("write \"%s leave UNIT\" (or a platoon leaving a Convoy; \"leave UNIT first\" to break off an Armored Assault and move first)", head)
		}
		l := Line{Kind: LineGroup, Group: GroupLeave, GroupID: head, Unit: -1, First: first}
		if i, ok := g.Unit(f[2]); ok {
			l.Unit = i
		} else {
			l.OtherID = f[2]
		}
		return l, nil
	}
	return Line{}, fmt.Errorf("no unit %q (units: %s), and \"%s %s\" is not a group step (GROUP start|stop|delay N|end|leave UNIT|advance HEX, \"GROUP: A enter HEX, B -\")", head, g.unitList(), head, f[1])
}

func (g *Game) unitList() string {
	var ids []string
	for _, u := range g.Units {
		ids = append(ids, u.ID)
	}
	return strings.Join(ids, ", ")
}

func (g *Game) motionOptions(rest []string) error {
	if len(rest) == 0 {
		return nil
	}
	if len(rest) == 2 && strings.EqualFold(rest[0], "vs") {
		if _, ok := g.Unit(rest[1]); ok {
			return nil
		}
		return fmt.Errorf("no unit %q", rest[1])
	}
	return fmt.Errorf("a platoon's Motion attempt takes only \"vs ENEMY\"")
}

// parseTowards reads a group's "A:Z5, B:AA6": each member's `end toward HEX` (D2.4).
func (g *Game) parseTowards(group, body string) ([]Action, error) {
	var out []Action
	for _, part := range strings.Split(body, ",") {
		id, at, ok := strings.Cut(strings.TrimSpace(part), ":")
		id, at = strings.TrimSpace(id), strings.TrimSpace(at)
		if !ok || id == "" || at == "" {
			return nil, fmt.Errorf("%s end toward: %q: write each member's next hex as UNIT:HEX, like \"%s end toward A:Z5, B:AA6\"", group, strings.TrimSpace(part), group)
		}
		i, found := g.Unit(id)
		if !found {
			return nil, fmt.Errorf("no unit %q (units: %s)", id, g.unitList())
		}
		h, err := g.Map.Layout.Parse(at)
		if err != nil {
			return nil, err
		}
		out = append(out, Action{Verb: VerbEnd, Unit: i, A: h, Toward: true, Versus: -1})
	}
	return out, nil
}

// parseImpulse reads "A enter Z4, B enter AA5, C -".
func (g *Game) parseImpulse(group, body string) (Line, error) {
	l := Line{Kind: LineImpulse, GroupID: strings.TrimSpace(group)}
	for _, part := range strings.Split(body, ",") {
		p := strings.TrimSpace(part)
		if p == "" {
			return l, fmt.Errorf("%s: an empty member step; write \"%s: A enter HEX, B -\"", group, group)
		}
		f := strings.Fields(p)
		if len(f) == 2 && (f[1] == "-" || strings.EqualFold(f[1], "none")) {
			i, ok := g.Unit(f[0])
			if !ok {
				return l, fmt.Errorf("no unit %q (units: %s)", f[0], g.unitList())
			}
			l.Acts = append(l.Acts, Action{Verb: VerbNone, Unit: i, Versus: -1})
			continue
		}
		if len(f) >= 2 && strings.EqualFold(f[1], "exit") {
			i, ok := g.Unit(f[0])
			if !ok {
				return l, fmt.Errorf("no unit %q (units: %s)", f[0], g.unitList())
			}
			if len(f) != 2 {
				return l, fmt.Errorf("\"exit\" takes no arguments")
			}
			l.Acts = append(l.Acts, Action{Verb: VerbExit, Unit: i, Versus: -1})
			continue
		}
		if _, ok := g.Unit(f[0]); !ok {
			return l, fmt.Errorf("%s: %q: each member step starts with a unit id (units: %s)", group, p, g.unitList())
		}
		a, err := g.ParseStep(p)
		if err != nil {
			return l, fmt.Errorf("%s: %v", group, err)
		}
		l.Acts = append(l.Acts, a)
	}
	return l, nil
}

// LineResult is what playing a Line produced: one of Step (a unit step or group step) or
// Impulse.
type LineResult struct {
	Step    Result
	Impulse ImpulseResult
}

// Play applies a parsed line. Group ids are looked up now.
func (g *Game) Play(l *Line, src dice.Source, r *LineResult) error {
	err := g.play(l, src, r)
	if err == nil && len(g.Objectives) > 0 {
		g.tally()
	}
	return err
}

// play is Play before the objectives are tallied.
func (g *Game) play(l *Line, src dice.Source, r *LineResult) error {
	switch l.Kind {
	case LineUnit:
		a := l.Action
		if l.GroupID != "" {
			gi, ok := g.Group(l.GroupID)
			if !ok {
				return g.noGroup(l.GroupID)
			}
			ms := g.liveMembers(gi)
			if len(ms) == 0 {
				return g.refuse("D14.211", "%s has no Mobile AFV", l.GroupID)
			}
			a.Unit = ms[0]
		}
		return g.Step(a, src, &r.Step)
	case LineMPh:
		if !g.hasSide(l.Side) {
			return g.refuse("scenario", "no unit is on side %q", l.Side)
		}
		r.Step.Reset()
		g.BeginMPh(l.Side)
		r.Step.event("D2.4", "a new MPh of "+l.Side+" begins")
		return nil
	case LineAPh:
		if !g.hasSide(l.Side) {
			return g.refuse("scenario", "no unit is on side %q", l.Side)
		}
		r.Step.Reset()
		if g.Phasing != l.Side || g.Phase != PhaseMPh {
			r.Step.event("A4.7", "a new Player Turn of "+l.Side+": its MPh passes without a move")
		}
		g.BeginAPh(l.Side)
		r.Step.event("A4.7", "the APh of "+l.Side+" begins: its Infantry and Cavalry may each advance one hex, a Column as one")
		return nil
	case LineArea:
		return g.AreaAttack(l.AreaHex, l.Area, &r.Step)
	case LineStray:
		return g.StrayCheck(l.Action.Unit, &r.Step)
	case LineRelocate:
		return g.Relocate(l.Action.Unit, l.Action.A, l.Advance, &r.Step)
	case LineLOS:
		r.Step.Reset()
		lay := g.Map.Layout
		if !g.Map.LOS(l.AreaHex, l.LOSTo) {
			r.Step.event("A6", "no LOS from "+lay.Name(l.AreaHex)+" to "+lay.Name(l.LOSTo))
			return nil
		}
		hs := g.ConvoyHindrances(l.AreaHex, l.LOSTo)
		r.Step.Hindrances = len(hs)
		if len(hs) == 0 {
			r.Step.event("A6", "clear LOS from "+lay.Name(l.AreaHex)+" to "+lay.Name(l.LOSTo))
		}
		for _, id := range hs {
			r.Step.event("E11.4", "Convoy vehicle "+id+" is a LOS Hindrance (it would be a Case J target)")
		}
		return nil
	case LineImpulse:
		gi, ok := g.Group(l.GroupID)
		if !ok {
			return g.noGroup(l.GroupID)
		}
		if l.Stray {
			return g.Stray(gi, l.AreaHex, src, &r.Impulse)
		}
		ia := ImpulseAction{Group: gi, Acts: l.Acts}
		if l.Every {
			ia.Acts = nil
			for _, m := range g.liveMembers(gi) {
				a := l.EveryAct
				a.Unit = m
				ia.Acts = append(ia.Acts, a)
			}
		}
		return g.Impulse(ia, src, &r.Impulse)
	case LineGroup:
		ga := GroupAction{Step: l.Group, Unit: l.Unit, Other: -1, Units: l.Units, ID: l.NewID, Group: -1, First: l.First, To: l.AreaHex}
		if l.Group == GroupEnd {
			ga.Ends = l.Acts
		}
		if l.Group != GroupForm {
			gi, ok := g.Group(l.GroupID)
			if !ok {
				return g.noGroup(l.GroupID)
			}
			ga.Group = gi
		}
		if l.OtherID != "" {
			oi, ok := g.Group(l.OtherID)
			if !ok {
				return g.refuse("scenario", "no group or unit %q%s", l.OtherID, g.groupList())
			}
			ga.Other = oi
		}
		return g.GroupDo(ga, src, &r.Step)
	}
	return g.refuse("scenario", "unknown line")
}

// hasSide reports whether some unit is on side.
func (g *Game) hasSide(side string) bool {
	for i := range g.Units {
		if g.Units[i].Side == side {
			return true
		}
	}
	return false
}

// noGroup refuses a line naming a group that does not exist, saying why when it once did.
func (g *Game) noGroup(id string) error {
	for k := len(g.Groups) - 1; k >= 0; k-- {
		grp := &g.Groups[k]
		if grp.ID != id {
			continue
		}
		switch {
		case grp.Kind == KindColumn && grp.Disbanded:
			return g.refuse("E11.53", "Column %s has Disbanded for the rest of the scenario", id)
		case grp.Kind == KindPlatoon:
			return g.refuse("D14.22", "platoon %s no longer exists: its AFV move on their own", id)
		case grp.Kind == KindConvoy:
			return g.refuse("E11.21", "Convoy %s no longer exists (a Gap, a combination or its vehicles leaving ended it)", id)
		case grp.Kind == KindArmoredAssault:
			return g.refuse("D14.331", "%s has ceased Armored Assault", id)
		}
	}
	return g.refuse("scenario", "no group %q%s", id, g.groupList())
}

func (g *Game) groupList() string {
	var ids []string
	for _, grp := range g.Groups {
		if !grp.Gone {
			ids = append(ids, grp.ID)
		}
	}
	if len(ids) == 0 {
		return " (there are no groups)"
	}
	return " (groups: " + strings.Join(ids, ", ") + ")"
}
