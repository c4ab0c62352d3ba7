package aslfile

import (
	"errors"
	"fmt"
	"strings"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/hex"
	"github.com/umpire-referee/umpire/rules"
	"github.com/umpire-referee/umpire/scenario"
	"go.yaml.in/yaml/v3"
)

// RollOut is a die roll as reported.
type RollOut struct {
	For    string  `json:"for"`
	Rule   string  `json:"rule"`
	Kind   string  `json:"kind"`
	Roll   int     `json:"roll"`
	Dice   []int   `json:"dice,omitempty"`
	DRM    int     `json:"drm"`
	DRMs   string  `json:"drm_terms,omitempty"`
	Final  int     `json:"final"`
	Need   string  `json:"need,omitempty"`
	Odds   string  `json:"odds,omitempty"` // exact chance of what Need names, before the roll
	P      float64 `json:"p"`
	Result string  `json:"result"`
}

// CheckOut is a roll a planned route calls for but does not make (`umpire path`): what it is
// for, its DRM, the outcome the route needs and the chance of the outcome Need names.
type CheckOut struct {
	For   string  `json:"for"`
	Rule  string  `json:"rule"`
	Kind  string  `json:"kind"`
	DRM   int     `json:"drm"`
	DRMs  string  `json:"drm_terms,omitempty"`
	Need  string  `json:"need,omitempty"`
	Odds  string  `json:"odds,omitempty"`
	P     float64 `json:"p"`
	Needs string  `json:"needs"` // the outcome the route takes, e.g. "not bogged"
}

// ErrorOut is a refusal as reported.
type ErrorOut struct {
	Rule    string `json:"rule"`
	Message string `json:"message"`
}

// StepOut is one adjudicated step (the --json line fields of scenario-format.md).
type StepOut struct {
	Step       int         `json:"step"`
	Line       int         `json:"line"`
	Unit       string      `json:"unit"`
	Group      string      `json:"group,omitempty"`
	Impulse    int         `json:"impulse,omitempty"`
	Members    []MemberOut `json:"members,omitempty"`
	Action     string      `json:"action"`
	MP         float64     `json:"mp"`
	Total      float64     `json:"total"`
	Breakdown  string      `json:"breakdown"`
	Rules      []string    `json:"rules"`
	Dice       []RollOut   `json:"dice,omitempty"`
	Events     []string    `json:"events,omitempty"`
	DRM        *int        `json:"drm,omitempty"`
	DRMTerms   string      `json:"drm_terms,omitempty"`
	Hindrances int         `json:"hindrances,omitempty"`
	Error      *ErrorOut   `json:"error,omitempty"`
	// Checks are the rolls of a planned step, which it calls for but does not make (AsPlan).
	Checks []CheckOut `json:"checks,omitempty"`
	// MF: mp and total are Movement Factors, which Infantry and Cavalry spend (A4.1): a step of
	// such a unit, or a Column's Impulse (E11.5).
	MF bool `json:"mf,omitempty"`
}

// MemberOut is one member's part of an Impulse as reported.
type MemberOut struct {
	Unit      string     `json:"unit"`
	Action    string     `json:"action"`
	MP        float64    `json:"mp"`      // its own expenditure
	Charged   float64    `json:"charged"` // what the Impulse charged it
	Total     float64    `json:"total"`
	Breakdown string     `json:"breakdown"`
	Dice      []RollOut  `json:"dice,omitempty"`
	Events    []string   `json:"events,omitempty"`
	Checks    []CheckOut `json:"checks,omitempty"`
	MF        bool       `json:"mf,omitempty"` // mp, charged and total are MF (Infantry, Cavalry)
}

// AsPlan turns the report of a step that a planner replayed (with dice chosen to keep the
// route going) into a plan's: its rolls, and its members', become the checks the route calls
// for, with the outcome it needs and their odds, and no roll that nobody made.
func AsPlan(so *StepOut) {
	so.Checks, so.Dice = checksOf(so.Dice), nil
	for k := range so.Members {
		m := &so.Members[k]
		m.Checks, m.Dice = checksOf(m.Dice), nil
	}
}

func checksOf(rs []RollOut) []CheckOut {
	var out []CheckOut
	for _, r := range rs {
		out = append(out, CheckOut{For: r.For, Rule: r.Rule, Kind: r.Kind, DRM: r.DRM, DRMs: r.DRMs, Need: r.Need, Odds: r.Odds, P: r.P, Needs: r.Result})
	}
	return out
}

// Do plays line l (written text, step number n) on g with dice from src and reports it as
// `umpire play` does. A refused step's report says why (its error, the rule, the unit's MP
// spent so far) and the game is as it was; err is the *asl.Refusal or the dice's error.
func Do(g *asl.Game, n int, text string, l *asl.Line, src dice.Source) (StepOut, error) {
	return DoWith(g, n, text, l, src, new(asl.LineResult))
}

// DoWith is Do playing into r, a LineResult the caller keeps for its lines (a LineResult is
// some 4 KB: one per game, not one per line). The report keeps nothing of r.
func DoWith(g *asl.Game, n int, text string, l *asl.Line, src dice.Source, r *asl.LineResult) (StepOut, error) {
	so := LineHead(g, n, text, l)
	err := g.Play(l, src, r)
	if err != nil {
		var ref *asl.Refusal
		if errors.As(err, &ref) {
			so.Error = &ErrorOut{Rule: ref.Rule, Message: ref.Msg}
		} else {
			so.Error = &ErrorOut{Rule: "dice", Message: err.Error()}
		}
		so.Rules = []string{so.Error.Rule}
		if l.Kind == asl.LineUnit && l.GroupID == "" {
			so.Total = g.Units[l.Action.Unit].Spent.Float()
		}
		so.Breakdown = "refused"
		return so, err
	}
	LineBody(g, l, r, &so)
	return so, nil
}

// LineHead is the part of a line's report known before it is played: its number n, the unit
// or group, the action as written.
func LineHead(g *asl.Game, n int, text string, l *asl.Line) StepOut {
	so := StepOut{Step: n, Action: actionText(text)}
	switch {
	case l.Kind == asl.LineUnit && l.GroupID == "":
		so.Unit = g.Units[l.Action.Unit].ID
	case l.Kind == asl.LineMPh:
		so.Unit, so.Action = "MPh", l.Side
	case l.Kind == asl.LineAPh:
		so.Unit, so.Action = "APh", l.Side
	case l.Kind == asl.LineArea || l.Kind == asl.LineLOS:
		so.Unit = strings.Fields(text)[0]
	case l.Kind == asl.LineStray:
		so.Unit = g.Units[l.Action.Unit].ID
	case l.Kind == asl.LineRelocate && l.Action.Unit >= 0 && l.Action.Unit < len(g.Units) && len(strings.Fields(text)) > 2:
		// "advance S1 M4" / "rout S1 M4": the unit in its column, the verb and hex as the action
		f := strings.Fields(text)
		so.Unit, so.Action = g.Units[l.Action.Unit].ID, strings.ToLower(f[0])+" "+strings.Join(f[2:], " ")
	case l.Kind == asl.LineImpulse || l.Kind == asl.LineGroup:
		so.Group = l.GroupID
		so.Unit = l.GroupID
		if l.Group == asl.GroupForm && l.Kind == asl.LineGroup {
			so.Group, so.Unit = l.NewID, l.NewID
		}
		if l.Kind == asl.LineImpulse && !l.Every {
			so.Action = strings.TrimSpace(text[strings.Index(text, ":")+1:])
		}
	default:
		so.Group, so.Unit = l.GroupID, l.GroupID
	}
	return so
}

// LineBody fills in what playing line l did (r): MP, totals, breakdown, dice, events.
func LineBody(g *asl.Game, l *asl.Line, r *asl.LineResult, so *StepOut) {
	if l.Kind == asl.LineImpulse {
		impulseOut(g, &r.Impulse, so)
		return
	}
	stepOut(&r.Step, so)
	if l.Kind == asl.LineUnit && (l.Action.Verb == asl.VerbAttack || l.Action.Verb == asl.VerbMotionAttempt || l.Action.Verb == asl.VerbTCA) && l.GroupID == "" {
		so.Total = g.Units[l.Action.Unit].Spent.Float()
	}
}

// ReportStep is the report of one unit step as `umpire play` prints it (step number n).
func ReportStep(g *asl.Game, n int, a asl.Action, r *asl.Result) StepOut {
	id := g.Units[a.Unit].ID
	so := StepOut{Step: n, Unit: id, Action: strings.TrimPrefix(g.Describe(a), id+" ")}
	stepOut(r, &so)
	return so
}

// ReportImpulse is the report of one Impulse (the group line text, step number n) as `umpire
// play` prints it.
func ReportImpulse(g *asl.Game, n int, line string, r *asl.ImpulseResult) StepOut {
	so := StepOut{Step: n, Line: n, Unit: g.Groups[r.Group].ID, Group: g.Groups[r.Group].ID, Action: strings.TrimSpace(line[strings.Index(line, ":")+1:])}
	impulseOut(g, r, &so)
	return so
}

// stepOut fills the report of a unit or group step.
func stepOut(r *asl.Result, so *StepOut) {
	so.MP = r.Cost.Total().Float()
	so.Total = r.Total.Float()
	so.MF = r.Cost.MF()
	so.Breakdown = r.Cost.String()
	so.Rules = r.Rules()
	so.Dice = rollsOut(r.Rolls())
	if r.HasCaseA {
		d := r.CaseA.Total()
		so.DRM, so.DRMTerms = &d, r.CaseA.String()
		so.Breakdown = "Case A " + r.CaseA.String()
		if d == 0 {
			so.Breakdown = "no Case A"
		}
	}
	so.Events = eventsOut(r.Events())
	so.Hindrances = r.Hindrances
}

// impulseOut fills the report of an Impulse: its cost, and each member's action, own cost,
// charge and running total.
func impulseOut(g *asl.Game, r *asl.ImpulseResult, so *StepOut) {
	so.Impulse = r.Number
	so.MP = r.Cost.Float()
	so.Breakdown = fmt.Sprintf("Impulse %d costs %s MP (D14.31: the most any member spent)", r.Number, r.Cost)
	if r.Kind == asl.KindColumn {
		so.Breakdown = fmt.Sprintf("Impulse %d costs %s MF (D14.31: the most any member spent)", r.Number, r.Cost)
		so.MF = true
	}
	if r.Assault {
		so.Breakdown = fmt.Sprintf("Impulse %d: the vehicles' Impulse costs %s MP, the Infantry's %s MF (D14.33: each costed on its own)", r.Number, r.Cost, r.InfantryCost)
	}
	so.Rules = r.Rules()
	so.Dice = rollsOut(r.Rolls())
	so.Events = eventsOut(r.Events())
	var most float64
	for k := range r.Members {
		m := &r.Members[k]
		id := g.Units[m.Unit].ID
		mo := MemberOut{Unit: id, Action: strings.TrimPrefix(g.Describe(m.Action), id+" "), MP: m.Result.Cost.Total().Float(), Charged: m.Charged.Float(), Total: m.Total.Float(), MF: g.Units[m.Unit].MovesByMF()}
		if m.Verb != asl.VerbNone {
			mo.Breakdown = m.Result.Cost.String()
		} else {
			mo.Breakdown = "does nothing; charged the Impulse cost"
		}
		mo.Dice = rollsOut(m.Result.Rolls())
		mo.Events = eventsOut(m.Result.Events())
		if mo.Total > most && !(r.Assault && g.Units[m.Unit].V.Class >= asl.Infantry) {
			most = mo.Total // an Armored Assault's total is the vehicles' MP
		}
		so.Members = append(so.Members, mo)
		so.Dice = append(so.Dice, mo.Dice...)
	}
	so.Total = most
}

func rollsOut(rs []asl.RollEvent) []RollOut {
	var out []RollOut
	for _, e := range rs {
		ro := RollOut{For: e.For, Rule: e.Rule, Kind: e.Roll.Kind.String(), Roll: int(e.Roll.Total), DRM: e.DRM.Total(), Final: e.Final, Need: e.Need, Result: e.Result}
		if e.Odds.Den > 0 {
			ro.Odds = fmt.Sprintf("%d/%d", e.Odds.Num, e.Odds.Den)
			ro.P = e.Odds.Float()
		}
		if e.Roll.D1 > 0 && e.Roll.Kind == dice.DR {
			ro.Dice = []int{int(e.Roll.D1), int(e.Roll.D2)}
		}
		if e.DRM.Total() != 0 {
			ro.DRMs = e.DRM.String()
		}
		out = append(out, ro)
	}
	return out
}

func eventsOut(es []asl.Event) []string {
	var out []string
	for _, e := range es {
		out = append(out, e.Text+" ("+e.Rule+")")
	}
	return out
}

// actionText is a step as written, without its leading unit id.
func actionText(t string) string {
	f := strings.Fields(t)
	if len(f) > 1 && !strings.EqualFold(f[0], "attack") && !strings.EqualFold(f[0], "motion-attempt") {
		return strings.Join(f[1:], " ")
	}
	return strings.Join(f, " ")
}

// FormatStep writes a step as a line of `umpire play` output (with indented rolls and events).
func FormatStep(so StepOut) string {
	var b strings.Builder
	if so.Error != nil {
		fmt.Fprintf(&b, "%3d  %-6s %-28s REFUSED %s: %s", so.Step, so.Unit, so.Action, so.Error.Rule, so.Error.Message)
		return b.String()
	}
	fmt.Fprintf(&b, "%3d  %-6s %-28s %5s %s  total %-5s  %s", so.Step, so.Unit, so.Action, asl.MP(so.MP*2), measure(so.MF), asl.MP(so.Total*2), so.Breakdown)
	for _, m := range so.Members {
		charged := ""
		if m.Charged != m.MP {
			charged = fmt.Sprintf(" (%s)", asl.MP(m.Charged*2))
		}
		fmt.Fprintf(&b, "\n       %-6s %-20s %5s %s%-5s total %-5s  %s", m.Unit, m.Action, asl.MP(m.MP*2), measure(m.MF), charged, asl.MP(m.Total*2), m.Breakdown)
		writeChecks(&b, "\n              ", m.Checks)
		for _, e := range m.Events {
			b.WriteString("\n              " + e)
		}
	}
	writeChecks(&b, "\n       ", so.Checks)
	for _, d := range so.Dice {
		drm := ""
		if d.DRMs != "" {
			drm = " " + d.DRMs
		}
		dd := ""
		if len(d.Dice) == 2 {
			dd = fmt.Sprintf(" (%d,%d)", d.Dice[0], d.Dice[1])
		}
		odds := ""
		if d.Odds != "" {
			odds = fmt.Sprintf(", chance %s = %.1f%%", d.Odds, 100*d.P)
		}
		fmt.Fprintf(&b, "\n       %s: %s %d%s%s -> %d: %s [%s%s; %s]", d.For, d.Kind, d.Roll, dd, drm, d.Final, d.Result, d.Need, odds, d.Rule)
	}
	for _, e := range so.Events {
		b.WriteString("\n       " + e)
	}
	return b.String()
}

// writeChecks writes the checks of a planned step, each on a line of its own after indent:
// "Bog Check (entering Woods): DR +1 [normal ground pressure], not rolled: the route needs not
// bogged [Final DR >= 12 bogs, chance 1/12 = 8.3%; D8.2]".
func writeChecks(b *strings.Builder, indent string, cs []CheckOut) {
	for _, c := range cs {
		drm := ""
		if c.DRMs != "" {
			drm = " " + c.DRMs
		}
		odds := ""
		if c.Odds != "" {
			odds = fmt.Sprintf(", chance %s = %.1f%%", c.Odds, 100*c.P)
		}
		fmt.Fprintf(b, "%s%s: %s%s, not rolled: the route needs %s [%s%s; %s]", indent, c.For, c.Kind, drm, c.Needs, c.Need, odds, c.Rule)
	}
}

// measure is what a reported cost counts: MF (Infantry, Cavalry) or MP.
func measure(mf bool) string {
	if mf {
		return "MF"
	}
	return "MP"
}

var unitExpectFields = []string{"at", "vca", "mp", "motion", "immobile", "stopped", "in_platoon", "in_convoy", "in_column", "bypass", "cafp", "moving_target", "destroyed", "bogged", "remaining", "allowance", "front", "rear", "side", "exited", "pp", "ntc", "pinned", "concealed", "ended", "cx", "bu"}
var stepExpectFields = []string{"mp", "total", "error", "dice", "drm", "event", "impulse", "hindrances"}
var groupExpectFields = []string{"members", "gone", "ended", "disbanded", "after"}

func (r *reader) readExpect(n *yaml.Node, lay *hex.Layout, units []asl.Unit, nMoves int) ([]scenario.Expectation, error) {
	return r.ReadExpect(n, " ", func(f scenario.KV, e *scenario.Expectation) ([]string, error) {
		if strings.HasPrefix(f.Key, "step ") || strings.HasPrefix(f.Key, "step") && len(f.Key) > 4 && f.Key[4] >= '0' && f.Key[4] <= '9' {
			num := strings.TrimSpace(strings.TrimPrefix(f.Key, "step"))
			if _, err := fmt.Sscanf(num, "%d", &e.Step); err != nil || e.Step < 1 || fmt.Sprint(e.Step) != num {
				return nil, r.Errf(f.K, "expect", "%q: write step N with N counted from 1", f.Key)
			}
			if e.Step > nMoves {
				return nil, r.Errf(f.K, "expect", "%q: the scenario has %d moves", f.Key, nMoves)
			}
			return stepExpectFields, nil
		}
		if strings.HasPrefix(f.Key, "group ") {
			e.Group = strings.TrimSpace(strings.TrimPrefix(f.Key, "group "))
			return groupExpectFields, nil
		}
		if fields, ok := scenario.ClassifyObjectives(f, e, unitSides(units)); ok {
			return fields, nil
		}
		for _, u := range units {
			if u.ID == f.Key {
				e.Unit = f.Key
				return unitExpectFields, nil
			}
		}
		return nil, r.Errf(f.K, "expect", "%q is neither a unit, \"step N\", \"group ID\" nor objectives", f.Key)
	}, nil)
}

// Check compares an outcome with the expectations. A refused step no expectation names is a
// failure too.
func (s *Scenario) Check(g *asl.Game, steps []StepOut) []rules.Failure {
	var fails []rules.Failure
	lay := g.Map.Layout
	fail := func(line int, format string, args ...any) {
		fails = append(fails, rules.Failure{Line: line, Msg: fmt.Sprintf(format, args...)})
	}
	expectedErr := map[int]bool{}
	for _, e := range s.Expect {
		if e.Step == 0 {
			continue
		}
		for _, f := range e.Fields {
			if f.Key == "error" {
				expectedErr[e.Step] = true
			}
		}
	}
	for _, st := range steps {
		if st.Error != nil && !expectedErr[st.Step] {
			fail(st.Line, "step %d (%s) was refused, which no expectation says: %s: %s", st.Step, st.Action, st.Error.Rule, st.Error.Message)
		}
	}
	for _, e := range s.Expect {
		if e.Objectives {
			continue // the ruleset's Check compares them (scenario.CheckObjectives)
		}
		if e.Step > 0 {
			if e.Step > len(steps) {
				fail(e.Line, "step %d was never played (play stopped at step %d)", e.Step, len(steps))
				continue
			}
			st := steps[e.Step-1]
			for _, f := range e.Fields {
				switch f.Key {
				case "mp", "total":
					want, err := asl.ParseMP(f.Value)
					if err != nil {
						fail(f.Line, "step %d %s: %v", e.Step, f.Key, err)
						continue
					}
					got := st.MP
					if f.Key == "total" {
						got = st.Total
					}
					if st.Error != nil {
						fail(f.Line, "step %d %s: expected %s MP, but the step was refused (%s: %s)", e.Step, f.Key, want, st.Error.Rule, st.Error.Message)
					} else if asl.MP(got*2) != want {
						fail(f.Line, "step %d %s: expected %s MP, got %s (%s)", e.Step, f.Key, want, asl.MP(got*2), st.Breakdown)
					}
				case "error":
					if st.Error == nil {
						fail(f.Line, "step %d: expected a refusal citing %s, but it was allowed: %s", e.Step, f.Value, st.Breakdown)
					} else if !ruleMatches(st.Error.Rule, f.Value) {
						fail(f.Line, "step %d: expected a refusal citing %s, got %s: %s", e.Step, f.Value, st.Error.Rule, st.Error.Message)
					}
				case "drm":
					var want int
					if _, err := fmt.Sscanf(strings.TrimPrefix(f.Value, "+"), "%d", &want); err != nil {
						fail(f.Line, "step %d drm: %q is not a number", e.Step, f.Value)
						continue
					}
					got, have := 0, false
					if st.DRM != nil {
						got, have = *st.DRM, true
					} else if len(st.Dice) > 0 {
						got, have = st.Dice[0].DRM, true
					}
					if !have {
						fail(f.Line, "step %d drm: the step has no DRM (no roll, no Case A)", e.Step)
					} else if got != want {
						fail(f.Line, "step %d drm: expected %+d, got %+d (%s%s)", e.Step, want, got, st.DRMTerms, firstDRMs(st))
					}
				case "event":
					var all []string
					all = append(all, st.Events...)
					for _, m := range st.Members {
						all = append(all, m.Events...)
					}
					found := false
					for _, ev := range all {
						if strings.Contains(strings.ToLower(ev), strings.ToLower(f.Value)) {
							found = true
						}
					}
					if !found {
						fail(f.Line, "step %d event: no event mentions %q (events: %s)", e.Step, f.Value, strings.Join(all, "; "))
					}
				case "hindrances":
					if fmt.Sprint(st.Hindrances) != strings.TrimSpace(f.Value) {
						fail(f.Line, "step %d hindrances: expected %s, got %d", e.Step, f.Value, st.Hindrances)
					}
				case "impulse":
					if fmt.Sprint(st.Impulse) != strings.TrimSpace(f.Value) {
						fail(f.Line, "step %d impulse: expected Impulse %s, got %d", e.Step, f.Value, st.Impulse)
					}
				case "dice":
					var got []string
					for _, d := range st.Dice {
						got = append(got, fmt.Sprint(d.Roll))
					}
					want := strings.Fields(strings.NewReplacer("[", " ", "]", " ", ",", " ").Replace(f.Value))
					if strings.Join(got, ",") != strings.Join(want, ",") {
						fail(f.Line, "step %d dice: expected %s, got %v", e.Step, f.Value, got)
					}
				}
			}
			continue
		}
		if e.Group != "" {
			for _, f := range e.Fields {
				if msg := checkGroup(g, e.Group, f); msg != "" {
					fail(f.Line, "group %s %s: %s", e.Group, f.Key, msg)
				}
			}
			continue
		}
		i, _ := g.Unit(e.Unit)
		u := &g.Units[i]
		for _, f := range e.Fields {
			if msg := checkUnit(g, u, f, lay); msg != "" {
				fail(f.Line, "%s %s: %s", e.Unit, f.Key, msg)
			}
		}
	}
	return fails
}

func firstDRMs(st StepOut) string {
	if len(st.Dice) > 0 {
		return st.Dice[0].DRMs
	}
	return ""
}

// ruleMatches: rule numbers are a hierarchy (D2.22 is part of D2.2, D2.15 of D2.1), so an
// expected rule matches a refusal citing it or any rule under it.
func ruleMatches(got, want string) bool {
	want = strings.TrimSpace(want)
	return strings.EqualFold(want, "true") || strings.HasPrefix(strings.ToUpper(got), strings.ToUpper(want))
}

func boolVal(s string) (bool, bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "true", "yes":
		return true, true
	case "false", "no":
		return false, true
	}
	return false, false
}

// UnitVCA describes a unit's VCA: the hexspine's two hexes in a hex centre; in Bypass, the
// hexside it faces along (the straddled one, or the one it turned to at its CAFP).
func UnitVCA(u *asl.Unit, lay *hex.Layout) string {
	if u.Pos.Offboard {
		return "offboard"
	}
	if !u.Pos.Bypass {
		return lay.VCAName(u.Pos.Hex, u.Pos.Heading)
	}
	a, b := bypassLine(u)
	return lay.Name(a) + "-" + lay.Name(b)
}

func bypassLine(u *asl.Unit) (hex.Hex, hex.Hex) { return u.Pos.FacedHexside() }

// PositionName writes where a vehicle is and which way it faces, so that two different
// positions never read alike: "VCA 1J2-1K3" in a hex centre ("VCA upper-left (off the map)" where
// the hexspine points off the map); in Bypass the hexside it straddles
// and its CAFP, as the scenario format writes them ("bypass 1K2-1J1 CAFP 1K2-1J1-1J2", D2.32),
// and after a VCA change at the CAFP the hexside it turned to (", turned to 1K2-1J2", D2.33).
func PositionName(p asl.Position, lay *hex.Layout) string {
	switch {
	case p.Offboard:
		return "offboard"
	case !p.Bypass:
		if a, b := p.Hex.SpineHexes(p.Heading); !lay.Contains(a) || !lay.Contains(b) {
			// At the map's edge a hexspine may point off the map, where hexes have no names:
			// the direction it faces, as an offboard unit's VCA is written.
			return "VCA " + p.Heading.String() + " (off the map)"
		}
		return "VCA " + lay.VCAName(p.Hex, p.Heading)
	}
	s := "bypass " + lay.HexsideName(p.Hex, p.Side) + " CAFP " + lay.VertexName(hex.Vertex{Hex: p.Hex, Spine: p.CAFP()})
	if p.Pivot != 0 {
		a, b := p.FacedHexside()
		s += ", turned to " + lay.Name(a) + "-" + lay.Name(b)
	}
	return s
}

// checkGroup checks a group expectation: its members (in order), whether it is gone, ended,
// Disbanded, and which group it waits for.
func checkGroup(g *asl.Game, id string, f scenario.ExpField) string {
	gi := -1
	for k := range g.Groups {
		if g.Groups[k].ID == id {
			gi = k // the latest of that name
		}
	}
	if gi < 0 {
		if f.Key == "gone" {
			if w, _ := boolVal(f.Value); w {
				return ""
			}
		}
		return "no such group was ever formed"
	}
	grp := &g.Groups[gi]
	wantBool := func(got bool) string { return checkBool(f.Value, got) }
	switch f.Key {
	case "members":
		var got []string
		for _, m := range grp.Members {
			got = append(got, g.Units[m].ID)
		}
		if strings.Join(got, " ") != strings.Join(strings.Fields(f.Value), " ") {
			return fmt.Sprintf("expected [%s], got [%s]", f.Value, strings.Join(got, " "))
		}
	case "gone":
		return wantBool(grp.Gone)
	case "ended":
		return wantBool(grp.Ended)
	case "disbanded":
		return wantBool(grp.Disbanded)
	case "after":
		got := ""
		if grp.After >= 0 {
			got = g.Groups[grp.After].ID
		}
		if got != strings.TrimSpace(f.Value) {
			return fmt.Sprintf("expected to wait for %q, got %q", f.Value, got)
		}
	}
	return ""
}

// checkBool compares an expected true or false with what was found: "" if they agree.
func checkBool(want string, got bool) string {
	w, ok := boolVal(want)
	if !ok {
		return fmt.Sprintf("expected true or false, found %q", want)
	}
	if w != got {
		return fmt.Sprintf("expected %v, got %v", w, got)
	}
	return ""
}

// unitStates are the true-or-false facts a unit expectation may check, by their keys.
var unitStates = map[string]func(u *asl.Unit) bool{
	"motion":    (*asl.Unit).InMotion,
	"stopped":   (*asl.Unit).Stopped,
	"immobile":  func(u *asl.Unit) bool { return u.Immobile != asl.Mobile },
	"bogged":    func(u *asl.Unit) bool { return u.Immobile == asl.Bogged },
	"destroyed": func(u *asl.Unit) bool { return u.Destroyed },
	"exited":    func(u *asl.Unit) bool { return u.Exited },
	"ended":     func(u *asl.Unit) bool { return u.Ended },
	"pinned":    func(u *asl.Unit) bool { return u.Pinned },
	"cx":        func(u *asl.Unit) bool { return u.CX },
	"concealed": func(u *asl.Unit) bool { return u.Concealed },
	"bu":        (*asl.Unit).Buttoned,
}

func checkUnit(g *asl.Game, u *asl.Unit, f scenario.ExpField, lay *hex.Layout) string {
	bad := func(want, got any) string { return fmt.Sprintf("expected %v, got %v", want, got) }
	if state, ok := unitStates[f.Key]; ok {
		return checkBool(f.Value, state(u))
	}
	switch f.Key {
	case "at":
		if strings.EqualFold(f.Value, "offboard") {
			if !u.Pos.Offboard {
				return bad("offboard", lay.Name(u.Pos.Hex))
			}
			return ""
		}
		h, err := lay.Parse(f.Value)
		if err != nil {
			return err.Error()
		}
		if u.Pos.Offboard || h != u.Pos.Hex {
			return bad(lay.Name(h), where(u, lay))
		}
	case "vca":
		a, b, err := lay.ParsePair(f.Value)
		if err != nil {
			return err.Error()
		}
		if u.Pos.Bypass {
			x, y := bypassLine(u)
			v := hex.Vertex{Hex: u.Pos.Hex, Spine: u.Pos.CAFP()}.Hexes()
			if !samePair(a, b, x, y) && !samePair(a, b, v[1], v[2]) {
				return bad(f.Value, UnitVCA(u, lay)+" (in Bypass at CAFP "+lay.VertexName(hex.Vertex{Hex: u.Pos.Hex, Spine: u.Pos.CAFP()})+")")
			}
			return ""
		}
		p, ok := u.Pos.Hex.SpineBetween(a, b)
		if !ok || p != u.Pos.Heading {
			return bad(f.Value, UnitVCA(u, lay))
		}
	case "mp", "remaining", "allowance":
		want, err := asl.ParseMP(f.Value)
		if err != nil {
			return err.Error()
		}
		got := u.Spent
		if f.Key == "remaining" {
			got = u.Remaining()
		} else if f.Key == "allowance" {
			got = u.Allowance
		}
		if got != want {
			return bad(want, got)
		}
	case "moving_target":
		mt, why := u.MovingTarget()
		if msg := checkBool(f.Value, mt); msg != "" {
			return msg + ": " + why
		}
	case "front", "rear", "side":
		var wrong []string
		for _, hs := range strings.Fields(f.Value) {
			h, err := lay.Parse(hs)
			if err != nil {
				return err.Error()
			}
			got := asl.TargetFacing(u.Pos, h)
			ok := (f.Key == "front" && got == asl.Front) || (f.Key == "rear" && got == asl.Rear) || (f.Key == "side" && got.Side())
			if !ok {
				wrong = append(wrong, lay.Name(h)+" is in its "+got.String()+" Target Facing")
			}
		}
		if len(wrong) > 0 {
			return strings.Join(wrong, "; ")
		}
	case "in_platoon", "in_convoy", "in_column":
		k := map[string]int16{"in_platoon": u.Platoon, "in_convoy": u.Convoy, "in_column": u.Column}[f.Key]
		got := ""
		if k != 0 {
			got = g.Groups[k-1].ID
		}
		if _, ok := boolVal(f.Value); ok {
			return checkBool(f.Value, got != "")
		}
		if got != strings.TrimSpace(f.Value) {
			return bad(f.Value, got)
		}
	case "pp":
		if fmt.Sprint(u.PPCapacity()) != strings.TrimSpace(f.Value) {
			return bad(f.Value, u.PPCapacity())
		}
	case "ntc":
		got := [...]string{"none", "passed", "failed"}[u.NTC]
		if !strings.EqualFold(got, strings.TrimSpace(f.Value)) {
			return bad(f.Value, got)
		}
	case "bypass":
		if strings.EqualFold(f.Value, "false") || strings.EqualFold(f.Value, "no") {
			return checkBool(f.Value, u.Pos.Bypass)
		}
		h, side, err := lay.ParseHexside(f.Value)
		if err != nil {
			return err.Error()
		}
		if !u.Pos.Bypass || h != u.Pos.Hex || side != u.Pos.Side {
			return bad(f.Value, where(u, lay))
		}
	case "cafp":
		v, err := lay.ParseVertex(f.Value)
		if err != nil {
			return err.Error()
		}
		if !u.Pos.Bypass || v.Canon() != (hex.Vertex{Hex: u.Pos.Hex, Spine: u.Pos.CAFP()}).Canon() {
			return bad(f.Value, where(u, lay))
		}
	}
	return ""
}

func samePair(a, b, c, d hex.Hex) bool { return (a == c && b == d) || (a == d && b == c) }

// Where describes a unit's position for messages.
func where(u *asl.Unit, lay *hex.Layout) string {
	switch {
	case u.Pos.Offboard:
		return "offboard"
	case u.Pos.Bypass:
		return fmt.Sprintf("%s in Bypass along %s, CAFP %s", lay.Name(u.Pos.Hex), lay.HexsideName(u.Pos.Hex, u.Pos.Side), lay.VertexName(hex.Vertex{Hex: u.Pos.Hex, Spine: u.Pos.CAFP()}))
	}
	return lay.Name(u.Pos.Hex) + " VCA " + lay.VCAName(u.Pos.Hex, u.Pos.Heading)
}

// Describe is a one-line summary of a unit's state after play.
func Describe(u *asl.Unit, lay *hex.Layout) string {
	if u.V.Class >= asl.Infantry {
		where := "offboard"
		if !u.Pos.Offboard {
			where = lay.Name(u.Pos.Hex)
		}
		state := ""
		switch {
		case u.Destroyed:
			state = ", eliminated"
		case u.Broken:
			state = ", broken"
		case u.Pinned:
			state = ", pinned"
		}
		if u.Concealed {
			state += ", concealed"
		}
		return fmt.Sprintf("%s: %s%s, %s of %s MF spent", u.ID, where, state, u.Spent, u.Allowance)
	}
	state := "Stopped"
	switch {
	case u.Destroyed:
		state = "destroyed"
	case u.Immobile != asl.Mobile:
		state = u.Immobile.String()
	case u.InMotion():
		state = "in Motion"
		if u.Reverse {
			state = "moving in Reverse"
		}
	}
	mt, why := u.MovingTarget()
	s := fmt.Sprintf("%s: %s, %s, %s of %s MP spent", u.ID, where(u, lay), state, u.Spent, u.Allowance)
	if mt {
		s += "; a moving target: " + why
	}
	return s
}

// unitSides are the units' sides, in order of first appearance.
func unitSides(units []asl.Unit) []string {
	var out []string
	for i := range units {
		out = rules.Cite(out, units[i].Side)
	}
	return out
}
