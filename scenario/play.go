package scenario

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/hex"
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

// ErrorOut is a refusal as reported.
type ErrorOut struct {
	Rule    string `json:"rule"`
	Message string `json:"message"`
}

// StepOut is one adjudicated step (the --json line fields of scenario-format.md).
type StepOut struct {
	Step      int       `json:"step"`
	Line      int       `json:"line"`
	Unit      string    `json:"unit"`
	Action    string    `json:"action"`
	MP        float64   `json:"mp"`
	Total     float64   `json:"total"`
	Breakdown string    `json:"breakdown"`
	Rules     []string  `json:"rules"`
	Dice      []RollOut `json:"dice,omitempty"`
	Events    []string  `json:"events,omitempty"`
	DRM       *int      `json:"drm,omitempty"`
	DRMTerms  string    `json:"drm_terms,omitempty"`
	Error     *ErrorOut `json:"error,omitempty"`
}

// Outcome is what playing a scenario produced.
type Outcome struct {
	Steps   []StepOut
	Seed    uint64
	Stopped bool // play stopped at a refused step (or a dice problem)
}

// Play adjudicates the moves in order, calling each (if not nil) after every step. It stops at
// the first refused step, which leaves the game as it was before that step.
func (s *Scenario) Play(each func(StepOut)) Outcome {
	seed := s.Seed
	if !s.HasSeed {
		seed = rand.Uint64() >> 2
	}
	src := &dice.Script{Values: s.Dice, Then: dice.NewSeeded(seed)}
	out := Outcome{Seed: seed}
	var r asl.Result
	g := s.Game
	for i, mv := range s.Moves {
		so := StepOut{Step: i + 1, Line: mv.Line, Action: actionText(mv.Text), Unit: g.Units[mv.Action.Unit].ID}
		err := g.Step(mv.Action, src, &r)
		if err != nil {
			var ref *asl.Refusal
			if errors.As(err, &ref) {
				so.Error = &ErrorOut{Rule: ref.Rule, Message: ref.Msg}
			} else {
				so.Error = &ErrorOut{Rule: "dice", Message: err.Error()}
			}
			so.Rules = []string{so.Error.Rule}
			so.Total = g.Units[mv.Action.Unit].Spent.Float()
			so.Breakdown = "refused"
			out.Steps = append(out.Steps, so)
			out.Stopped = true
			if each != nil {
				each(so)
			}
			break
		}
		so.MP = r.Cost.Total().Float()
		so.Total = r.Total.Float()
		if mv.Action.Verb == asl.VerbAttack || mv.Action.Verb == asl.VerbMotionAttempt || mv.Action.Verb == asl.VerbTCA {
			so.Total = g.Units[mv.Action.Unit].Spent.Float()
		}
		so.Breakdown = r.Cost.String()
		so.Rules = r.Rules()
		for _, e := range r.Rolls() {
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
			so.Dice = append(so.Dice, ro)
		}
		if r.HasCaseA {
			d := r.CaseA.Total()
			so.DRM, so.DRMTerms = &d, r.CaseA.String()
			so.Breakdown = "Case A " + r.CaseA.String()
			if d == 0 {
				so.Breakdown = "no Case A"
			}
		}
		for _, e := range r.Events() {
			so.Events = append(so.Events, e.Text+" ("+e.Rule+")")
		}
		out.Steps = append(out.Steps, so)
		if each != nil {
			each(so)
		}
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
	fmt.Fprintf(&b, "%3d  %-6s %-28s %5s MP  total %-5s  %s", so.Step, so.Unit, so.Action, asl.MP(so.MP*2), asl.MP(so.Total*2), so.Breakdown)
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

// Expectation is one line of a scenario's expect block.
type Expectation struct {
	Line   int
	Unit   string // a unit expectation, or
	Step   int    // a step expectation (1-based)
	Fields []ExpField
}

// ExpField is one checked field.
type ExpField struct {
	Key   string
	Value string
	Line  int
}

var unitExpectFields = []string{"at", "vca", "mp", "motion", "immobile", "stopped", "in_platoon", "in_convoy", "bypass", "cafp", "moving_target", "destroyed", "bogged", "remaining", "allowance", "front", "rear", "side", "facing"}
var stepExpectFields = []string{"mp", "total", "error", "dice", "drm"}

func (r *reader) readExpect(n *yaml.Node, lay *hex.Layout, units []asl.Unit, nMoves int) ([]Expectation, error) {
	items, err := r.list(n, "expect")
	if err != nil {
		return nil, err
	}
	var out []Expectation
	for _, it := range items {
		fs, err := r.fields(it, "expect")
		if err != nil {
			return nil, err
		}
		for _, f := range fs {
			e := Expectation{Line: f.k.Line}
			known := unitExpectFields
			if strings.HasPrefix(f.key, "step ") || strings.HasPrefix(f.key, "step") && len(f.key) > 4 && f.key[4] >= '0' && f.key[4] <= '9' {
				num := strings.TrimSpace(strings.TrimPrefix(f.key, "step"))
				if _, err := fmt.Sscanf(num, "%d", &e.Step); err != nil || e.Step < 1 || fmt.Sprint(e.Step) != num {
					return nil, r.errf(f.k, "expect", "%q: write step N with N counted from 1", f.key)
				}
				if e.Step > nMoves {
					return nil, r.errf(f.k, "expect", "%q: the scenario has %d moves", f.key, nMoves)
				}
				known = stepExpectFields
			} else {
				found := false
				for _, u := range units {
					if u.ID == f.key {
						found = true
					}
				}
				if !found {
					return nil, r.errf(f.k, "expect", "%q is neither a unit nor \"step N\"", f.key)
				}
				e.Unit = f.key
			}
			vs, err := r.fields(f.v, "expect."+f.key, known...)
			if err != nil {
				return nil, err
			}
			for _, v := range vs {
				var val string
				if deref(v.v).Kind == yaml.SequenceNode {
					items, _, err := r.strList(v.v, "expect."+f.key+"."+v.key)
					if err != nil {
						return nil, err
					}
					val = strings.Join(items, " ")
				} else if val, err = r.str(v.v, "expect."+f.key+"."+v.key); err != nil {
					return nil, err
				}
				e.Fields = append(e.Fields, ExpField{Key: v.key, Value: val, Line: v.k.Line})
			}
			out = append(out, e)
		}
	}
	return out, nil
}

// Failure is an expectation that did not hold.
type Failure struct {
	Line int
	Msg  string
}

// Check compares an outcome with the expectations. A refused step no expectation names is a
// failure too.
func (s *Scenario) Check(o Outcome) []Failure {
	var fails []Failure
	lay := s.Game.Map.Layout
	fail := func(line int, format string, args ...any) {
		fails = append(fails, Failure{line, fmt.Sprintf(format, args...)})
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
	for _, st := range o.Steps {
		if st.Error != nil && !expectedErr[st.Step] {
			fail(st.Line, "step %d (%s) was refused, which no expectation says: %s: %s", st.Step, st.Action, st.Error.Rule, st.Error.Message)
		}
	}
	for _, e := range s.Expect {
		if e.Step > 0 {
			if e.Step > len(o.Steps) {
				fail(e.Line, "step %d was never played (play stopped at step %d)", e.Step, len(o.Steps))
				continue
			}
			st := o.Steps[e.Step-1]
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
		i, _ := s.Game.Unit(e.Unit)
		u := &s.Game.Units[i]
		for _, f := range e.Fields {
			if msg := checkUnit(u, f, lay); msg != "" {
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

func checkUnit(u *asl.Unit, f ExpField, lay *hex.Layout) string {
	bad := func(want, got any) string { return fmt.Sprintf("expected %v, got %v", want, got) }
	wantBool := func(got bool) string {
		w, ok := boolVal(f.Value)
		if !ok {
			return fmt.Sprintf("expected true or false, found %q", f.Value)
		}
		if w != got {
			return bad(w, got)
		}
		return ""
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
	case "motion":
		return wantBool(u.InMotion())
	case "stopped":
		return wantBool(u.Stopped())
	case "immobile":
		return wantBool(u.Immobile != asl.Mobile)
	case "bogged":
		return wantBool(u.Immobile == asl.Bogged)
	case "destroyed":
		return wantBool(u.Destroyed)
	case "moving_target":
		mt, why := u.MovingTarget()
		if msg := wantBool(mt); msg != "" {
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
	case "in_platoon", "in_convoy":
		return wantBool(false)
	case "bypass":
		if strings.EqualFold(f.Value, "false") || strings.EqualFold(f.Value, "no") {
			return wantBool(u.Pos.Bypass)
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
