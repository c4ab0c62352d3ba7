package lightningwar

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Action is one step of notation, parsed. Points are in metres.
//
// The verbs (D a detachment, U a unit, P a point written x,y in inches from the table's
// lower-left corner):
//
//	order D [from F] [turn N] [path P P ...] [goal P] [walk|run|gallop] [reserve] [: text]
//	continue D [from F] [turn N]         the Continue codeword
//	route D path P ... [walk|run|gallop] a reconnaissance or FO detachment changes its route
//	forced D path P ... [walk|run|gallop] a move forced by a morale check (the referee)
//	fired D [units U,U] by E | from P | spotting P    D is fired upon (the referee)
//	halt D [fire E] [part U,U as D/NAME] discretionary actions (the part named after D)
//	cover D [fire E] [part U,U as D/NAME]
//	fire D at E [part U,U as D/NAME]
//	split D U,U as NEW                   part of a detachment breaks off (the referee)
//	join D into E                        a part rejoins its detachment
//	mount U [on V]    dismount U         infantry boards a vehicle; cavalry, motorcycle troops mount
//	tow V by W                           W tows the mired V out
//	adjust D P        pivot D DEGREES    free minor adjustment and pivot
//	movement [K/N] [band B] [D ...]      play part K of N of the Movement Phase (the referee), or
//	                                     of it only up to Initiative band B (Low, Medium, High)
//	reveal D          hide D             the referee shows or hides a detachment
//	place D P [facing DEGREES] [line|column]   the referee puts D's models on the table
//	morale D RESULT                      the referee's morale result for D (an outside event)
type Action struct {
	Verb      string
	Det       string
	Other     string   // by E, at E, on V, into E, tow ... by W
	Units     []string // part U,U / split U,U / fired ... units U,U
	As        string
	Path      []Point
	At        *Point // goal, from, spotting, adjust
	Pace      Pace
	HasPace   bool
	From      string
	Turn      int
	HasTurn   bool
	Text      string
	Reserve   bool
	Fire      string // halt/cover ... fire E
	K, N      int    // movement part
	Band      string // movement ... band B: play up to this band and pause (Low, Medium, High; "": to the end)
	Dets      []string
	Degrees   float64 // pivot; place ... facing
	HasFacing bool
	Form      string // place ... line|column
	Spot      bool
}

// Verbs lists the notation's verbs.
var Verbs = []string{"order", "continue", "route", "forced", "fired", "halt", "cover", "fire",
	"split", "join", "mount", "dismount", "tow", "adjust", "pivot", "movement", "reveal", "hide", "place", "morale"}

// ParsePoint reads x,y in inches.
func ParsePoint(s string) (Point, error) {
	x, y, ok := strings.Cut(s, ",")
	if !ok {
		return Point{}, fmt.Errorf("%q is not a point (write x,y in inches)", s)
	}
	fx, err1 := strconv.ParseFloat(strings.TrimSpace(strings.TrimSuffix(x, `"`)), 64)
	fy, err2 := strconv.ParseFloat(strings.TrimSpace(strings.TrimSuffix(y, `"`)), 64)
	if err1 != nil || err2 != nil || math.IsNaN(fx) || math.IsNaN(fy) || math.IsInf(fx, 0) || math.IsInf(fy, 0) ||
		math.Abs(fx) > 1e6 || math.Abs(fy) > 1e6 {
		return Point{}, fmt.Errorf("%q is not a point (write x,y in inches)", s)
	}
	return Inch(fx, fy), nil
}

func isPoint(s string) bool { _, err := ParsePoint(s); return err == nil }

func list(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// Parse reads one line of notation.
func Parse(line string) (Action, error) {
	var a Action
	text := ""
	if i := strings.Index(line, ":"); i >= 0 {
		line, text = line[:i], strings.TrimSpace(line[i+1:])
	}
	f := strings.Fields(line)
	if len(f) == 0 {
		return a, fmt.Errorf("empty step")
	}
	a.Verb = strings.ToLower(f[0])
	args := f[1:]
	if text != "" && a.Verb != "order" && a.Verb != "morale" {
		return Action{}, badStep(a.Verb, "only an order (or a morale result) takes a text after ':'")
	}
	a.Text = text
	if a.Verb == "movement" {
		if err := a.parseMovement(args); err != nil {
			return Action{}, err
		}
		return a, nil
	}
	known := false
	for _, v := range Verbs {
		known = known || v == a.Verb
	}
	if !known {
		return Action{}, badStep(a.Verb, "unknown verb (%s)", strings.Join(Verbs, ", "))
	}
	if len(args) == 0 {
		return Action{}, badStep(a.Verb, "name the detachment or unit")
	}
	a.Det, args = args[0], args[1:]
	if a.Verb == "morale" {
		// the referee's result, as he gives it: the rest of the line's words (colons dropped)
		a.Text = strings.Join(strings.Fields(strings.ReplaceAll(strings.Join(args, " ")+" "+text, ":", " ")), " ")
		if a.Text == "" {
			return Action{}, badStep(a.Verb, "give the result: morale D RESULT (a roll, and what it means)")
		}
		return a, nil
	}
	if err := a.parseWords(args); err != nil {
		return Action{}, err
	}
	if err := a.complete(); err != nil {
		return Action{}, err
	}
	return a, nil
}

// badStep is the error of a step with this verb.
func badStep(verb, format string, x ...any) error {
	return fmt.Errorf("%s: %s", verb, fmt.Sprintf(format, x...))
}

// parseMovement reads the referee's movement [K/N] [band B] [D ...]: part K of N of the
// Movement Phase (halves or quarters), with the detachments that move in that part; the whole
// phase if no part is given; band B plays it only up to that Initiative band (Low, Medium,
// High) and pauses there.
func (a *Action) parseMovement(args []string) error {
	for i := 0; i < len(args); i++ {
		w := args[i]
		if strings.EqualFold(w, "band") && a.Band == "" {
			if i+1 >= len(args) {
				return badStep(a.Verb, "band needs its name: Low, Medium or High")
			}
			b, ok := ParseBand(args[i+1])
			if !ok {
				return badStep(a.Verb, "%q is not a band to pause after: Low, Medium or High", args[i+1])
			}
			a.Band = b
			i++
			continue
		}
		if k, n, ok := strings.Cut(w, "/"); ok && a.N == 0 {
			ki, err1 := strconv.Atoi(k)
			ni, err2 := strconv.Atoi(n)
			if err1 != nil || err2 != nil || (ni != 1 && ni != 2 && ni != 4) || ki < 1 || ki > ni {
				return badStep(a.Verb, "%q: write the part as 1/2, 2/2, 1/4 ... (halves or quarters)", w)
			}
			a.K, a.N = ki, ni
			continue
		}
		a.Dets = append(a.Dets, w)
	}
	if a.N == 0 {
		a.K, a.N = 1, 1
	}
	if a.N == 1 && len(a.Dets) > 0 {
		return badStep(a.Verb, "name the detachments moving in parts only with a part, e.g. movement 1/2 A B")
	}
	return nil
}

// parseWords reads the words after the detachment or unit a step names: its keywords, each
// allowed only with the verbs it goes with, their values, the pace, and the bare arguments of
// split (the units), adjust (the point) and pivot (the degrees).
func (a *Action) parseWords(args []string) error {
	allowed := map[string]string{
		"order": "from turn path goal pace reserve", "continue": "from turn", "route": "path pace",
		"forced": "path pace", "fired": "units by from spotting", "halt": "fire part as", "cover": "fire part as",
		"fire": "at part as", "split": "as", "join": "into", "mount": "on", "tow": "by", "place": "facing",
	}[a.Verb]
	for i := 0; i < len(args); i++ {
		w := args[i]
		kw := w
		if w == "walk" || w == "run" || w == "gallop" {
			kw = "pace"
		}
		switch kw {
		case "path", "goal", "from", "spotting", "by", "at", "on", "into", "fire", "as", "turn", "units", "part", "reserve", "pace", "facing":
			if !strings.Contains(" "+allowed+" ", " "+kw+" ") {
				return badStep(a.Verb, "%q does not go with %s", w, a.Verb)
			}
		}
		switch {
		case w == "path":
			for i+1 < len(args) && isPoint(args[i+1]) {
				p, _ := ParsePoint(args[i+1])
				a.Path = append(a.Path, p)
				i++
			}
			if len(a.Path) == 0 {
				return badStep(a.Verb, "path needs at least one point x,y")
			}
			if len(a.Path) > 1000 {
				return badStep(a.Verb, "a path of more than 1000 points")
			}
		case w == "goal" || w == "from" && a.Verb == "fired" || w == "spotting":
			p, err := a.pointAt(args, i+1)
			if err != nil {
				return badStep(a.Verb, "%v", err)
			}
			a.At = &p
			a.Spot = w == "spotting"
			i++
		case w == "from" || w == "by" || w == "at" || w == "on" || w == "into" || w == "fire" || w == "as" || w == "turn" || w == "units" || w == "part":
			if i+1 >= len(args) {
				return badStep(a.Verb, "%q needs a value", w)
			}
			v := args[i+1]
			i++
			if err := a.setValue(w, v); err != nil {
				return err
			}
		case w == "reserve":
			a.Reserve = true
		case a.setPace(w):
		case a.Verb == "split" && a.Units == nil:
			a.Units = list(w)
		case (a.Verb == "adjust" || a.Verb == "place") && a.At == nil && isPoint(w):
			p, _ := ParsePoint(w)
			a.At = &p
		case a.Verb == "place" && (w == "line" || w == "column") && a.Form == "":
			a.Form = w
		case a.Verb == "pivot" || w == "facing" && !a.HasFacing:
			if w == "facing" {
				if i+1 >= len(args) {
					return badStep(a.Verb, "facing needs an angle in degrees")
				}
				i++
				w = args[i]
				a.HasFacing = true
			}
			d, err := strconv.ParseFloat(w, 64)
			if err != nil || math.IsNaN(d) || math.IsInf(d, 0) {
				return badStep(a.Verb, "%q is not an angle in degrees", w)
			}
			a.Degrees = math.Mod(math.Mod(d, 360)+360, 360)
		default:
			return badStep(a.Verb, "unexpected %q", w)
		}
	}
	return nil
}

// pointAt reads args[i] as a point x,y.
func (a *Action) pointAt(args []string, i int) (Point, error) {
	if i >= len(args) {
		return Point{}, fmt.Errorf("%s needs a point x,y after it", args[i-1])
	}
	return ParsePoint(args[i])
}

// setPace reads w as a pace, walk, run or gallop, and reports whether it was one.
func (a *Action) setPace(w string) bool {
	switch w {
	case "walk":
		a.Pace, a.HasPace = Walk, true
	case "run":
		a.Pace, a.HasPace = Run, true
	case "gallop":
		a.Pace, a.HasPace = Gallop, true
	default:
		return false
	}
	return true
}

// setValue sets the value v of keyword w: the formation sending an order (from), the other
// detachment or unit (by, at, on, into), the enemy a halted or covering detachment fires on
// (fire), a part's new name (as), the turn of an order (turn), the units (units, part).
func (a *Action) setValue(w, v string) error {
	switch w {
	case "from":
		a.From = v
	case "by", "at", "on", "into":
		a.Other = v
	case "fire":
		a.Fire = v
	case "as":
		a.As = v
	case "turn":
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > 100000 {
			return badStep(a.Verb, "turn %q is not a turn number", v)
		}
		a.Turn, a.HasTurn = n, true
	case "units", "part":
		a.Units = list(v)
	}
	return nil
}

// complete checks that a step has what its verb needs: a forced or changed route its path; a
// report of fire who fired or from where; fire, join and tow the other detachment or unit;
// split the units and the new name; adjust the point; and a part breaking off for a
// discretionary action both its units and its name.
func (a *Action) complete() error {
	need := func(ok bool, what string) error {
		if !ok {
			return badStep(a.Verb, "%s", what)
		}
		return nil
	}
	switch a.Verb {
	case "route", "forced":
		return need(len(a.Path) > 0, "give the path: path x,y x,y ...")
	case "fired":
		return need(a.Other != "" || a.At != nil, "say who fired (by E) or where from (from x,y, spotting x,y)")
	case "fire":
		return need(a.Other != "", "say at whom: fire D at E")
	case "split":
		return need(len(a.Units) > 0 && a.As != "", "write split D U1,U2 as NEW")
	case "join":
		return need(a.Other != "", "write join D into E")
	case "tow":
		return need(a.Other != "", "write tow MIRED by TOWER")
	case "adjust":
		return need(a.At != nil, "give the point x,y")
	case "place":
		return need(a.At != nil, "give the point: place D x,y [facing DEG] [line|column]")
	}
	if (a.Verb == "halt" || a.Verb == "cover" || a.Verb == "fire") && (a.Units != nil) != (a.As != "") {
		return badStep(a.Verb, "a part breaking off is written part U1,U2 as NEW")
	}
	return nil
}

// String writes the action back as notation.
func (a Action) String() string {
	var b strings.Builder
	b.WriteString(a.Verb)
	if a.Verb == "movement" {
		if a.N > 1 {
			fmt.Fprintf(&b, " %d/%d", a.K, a.N)
		}
		if a.Band != "" {
			b.WriteString(" band " + a.Band)
		}
		for _, d := range a.Dets {
			b.WriteString(" " + d)
		}
		return b.String()
	}
	b.WriteString(" " + a.Det)
	if a.Verb == "morale" {
		return b.String() + " " + a.Text
	}
	if a.From != "" {
		b.WriteString(" from " + a.From)
	}
	if a.HasTurn {
		fmt.Fprintf(&b, " turn %d", a.Turn)
	}
	if len(a.Units) > 0 && a.Verb == "split" {
		b.WriteString(" " + strings.Join(a.Units, ","))
	} else if len(a.Units) > 0 && a.Verb == "fired" {
		b.WriteString(" units " + strings.Join(a.Units, ","))
	}
	if len(a.Path) > 0 {
		b.WriteString(" path")
		for _, p := range a.Path {
			b.WriteString(" " + p.String())
		}
	}
	if a.At != nil {
		switch {
		case a.Verb == "fired" && a.Spot:
			b.WriteString(" spotting " + a.At.String())
		case a.Verb == "fired":
			b.WriteString(" from " + a.At.String())
		case a.Verb == "adjust" || a.Verb == "place":
			b.WriteString(" " + a.At.String())
		default:
			b.WriteString(" goal " + a.At.String())
		}
	}
	if a.Other != "" {
		b.WriteString(" " + map[string]string{"fired": "by", "fire": "at", "mount": "on", "join": "into", "tow": "by"}[a.Verb] + " " + a.Other)
	}
	if a.Verb == "pivot" {
		b.WriteString(" " + strconv.FormatFloat(a.Degrees, 'f', -1, 64))
	}
	if a.HasFacing {
		b.WriteString(" facing " + strconv.FormatFloat(a.Degrees, 'f', -1, 64))
	}
	if a.Form != "" {
		b.WriteString(" " + a.Form)
	}
	if a.Fire != "" {
		b.WriteString(" fire " + a.Fire)
	}
	if a.HasPace {
		b.WriteString(" " + a.Pace.String())
	}
	if a.Reserve {
		b.WriteString(" reserve")
	}
	if len(a.Units) > 0 && (a.Verb == "halt" || a.Verb == "cover" || a.Verb == "fire") {
		b.WriteString(" part " + strings.Join(a.Units, ","))
	}
	if a.As != "" {
		b.WriteString(" as " + a.As)
	}
	if a.Text != "" {
		b.WriteString(": " + a.Text)
	}
	return b.String()
}

// IsPoint reports whether s reads as a point x,y in inches.
func IsPoint(s string) bool { return isPoint(s) }
