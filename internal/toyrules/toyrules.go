// Package toyrules is the smallest ruleset, the worked example of docs/architecture.md: each
// side has a counter on a line 0..length, starting at 0; `Red move 3` moves Red's three places
// on (negative: back), never off the line (rule T1). It registers as "toy" when imported.
package toyrules

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/rules"
	"github.com/umpire-referee/umpire/scenario"
)

func init() { rules.Register(Ruleset{}) }

type Ruleset struct{} // the toy

func (Ruleset) Name() string  { return "toy" }
func (Ruleset) Title() string { return "Toy" }

// Game is the line: its length, the sides and where each side's counter stands.
type Game struct {
	Length int      `json:"length"`
	Owners []string `json:"owners"` // the sides, one counter each
	At     []int    `json:"places"`
}

// Scenario is a toy file: length, sides, moves, and expect: {SIDE: where its counter ends}.
type Scenario struct {
	f      rules.File
	g      Game
	expect [][3]int // side, place, line
}

// Load reads a toy file with the shared YAML walker, so every mistake has its line.
func (Ruleset) Load(file string, data []byte, lim rules.Limits) (rules.Scenario, error) {
	r := scenario.NewReader(file)
	r.Limits = lim
	_, get, h, err := r.Begin(data, "toy", 6, []string{"name", "ruleset", "seed", "dice", "length", "sides", "moves", "expect"})
	if err != nil {
		return nil, err
	}
	s := &Scenario{f: rules.File{Name: h.Name, Seed: h.Seed, HasSeed: h.HasSeed, Dice: h.Dice, StrictWarnings: true}, g: Game{Length: 10}}
	if kv, ok := get["length"]; ok {
		s.g.Length, err = r.Integer(kv.V, "length", 1, 1000)
	}
	if kv, ok := get["sides"]; ok && err == nil {
		s.g.Owners, _, err = r.StrList(kv.V, "sides")
		s.g.At = make([]int, len(s.g.Owners))
	}
	if kv, ok := get["moves"]; ok && err == nil {
		s.f.Moves, err = r.ReadMoves(kv.V, func(l string) error { _, err := s.g.Parse(l); return err })
	}
	if kv, ok := get["expect"]; ok && err == nil {
		var fs []scenario.KV
		fs, err = r.Fields(kv.V, "expect")
		for _, f := range fs {
			i, at := slices.Index(s.g.Owners, f.Key), 0
			if at, err = r.Integer(f.V, "expect."+f.Key, 0, s.g.Length); i < 0 || err != nil {
				return nil, r.Errf(f.K, "expect", "write SIDE: PLACE, PLACE 0..%d", s.g.Length)
			}
			s.expect = append(s.expect, [3]int{i, at, f.K.Line})
		}
	}
	s.f.Warnings, s.f.Expects = r.Warnings, len(s.expect)
	if err != nil {
		return nil, err
	}
	return s, nil
}

func (s *Scenario) File() *rules.File { return &s.f }
func (s *Scenario) Setup() rules.Game { return s.g.Clone() }

// Check: each counter ends where the file expects, and no step was refused.
func (s *Scenario) Check(g rules.Game, steps []*rules.Report) []rules.Failure {
	fails := scenario.StartCheck(nil, steps)
	for _, e := range s.expect {
		if at := g.(*Game).At[e[0]]; at != e[1] {
			fails.Fail(e[2], "%s is at %d, want %d", s.g.Owners[e[0]], at, e[1])
		}
	}
	return *fails
}

type action struct {
	text  string
	i, by int
}

func (a *action) Line() string { return a.text }

// Parse reads "SIDE move N".
func (g *Game) Parse(line string) (rules.Action, error) {
	if f := strings.Fields(line); len(f) == 3 && f[1] == "move" && slices.Index(g.Owners, f[0]) >= 0 {
		if n, err := strconv.Atoi(f[2]); err == nil {
			return &action{line, slices.Index(g.Owners, f[0]), n}, nil
		}
	}
	return nil, fmt.Errorf("%q: write SIDE move N, N a whole number", line)
}

// Do moves the counter, or refuses (T1) a move off the line and changes nothing.
func (g *Game) Do(a rules.Action, n int, _ dice.Source) (*rules.Report, error) {
	act := a.(*action)
	if to := g.At[act.i] + act.by; to < 0 || to > g.Length {
		err := &rules.Refusal{Rule: "T1", Msg: fmt.Sprintf("%s would leave the line (0..%d) at %d", g.Owners[act.i], g.Length, to)}
		return &rules.Report{Step: n, Action: act.text, Rules: []string{"T1"}, Refusal: err, Detail: step(-1)}, err
	}
	g.At[act.i] += act.by
	return &rules.Report{Step: n, Action: act.text, Rules: []string{}, Detail: step(g.At[act.i])}, nil
}

func (g *Game) Unread(n int, line string, err error) *rules.Report {
	return &rules.Report{Step: n, Action: line, Refusal: &rules.Refusal{Msg: err.Error()}, Detail: step(-1)}
}

// view is the state as the API shows it: the head every ruleset shares, then the line.
type view struct {
	rules.Head
	Game
}

// step is the toy's account of a step: where the counter got to (-1: refused).
type step int

func (s step) Text(r *rules.Report) string {
	if r.Refusal != nil {
		return fmt.Sprintf("%2d. %s: REFUSED %v", r.Step, r.Action, r.Refusal)
	}
	return fmt.Sprintf("%2d. %s: now at %d", r.Step, r.Action, s)
}

func (s step) JSON(r *rules.Report) any {
	return map[string]any{"step": r.Step, "action": r.Action, "at": int(s)}
}

func (g *Game) Sides() []string { return g.Owners }
func (g *Game) Movers(a rules.Action) ([]string, bool, bool) {
	return g.Owners[a.(*action).i : a.(*action).i+1], false, true
}
func (g *Game) Hash() [32]byte                { return rules.Hash(g) }
func (g *Game) Clone() rules.Game             { return &Game{g.Length, g.Owners, append([]int(nil), g.At...)} }
func (g *Game) View(h rules.Head, _ bool) any { return view{h, *g} }
func (g *Game) Summary() []string             { return []string{fmt.Sprint("  at ", g.At)} }
func (g *Game) StepView(r *rules.Report, rolls []dice.Roll, _ string) rules.StepView {
	return rules.StepView{Line: r.Action, Rolls: rolls, Report: r.Detail.JSON(r), Text: r.Detail.Text(r), Refusal: r.Refusal}
}
