// Package ruleset is ASL vehicle movement (chapters D2, D14 and E11) behind the ruleset
// contract (package rules): it reads ASL scenario files (package asl/aslfile), plays their
// lines through the rules core (package asl), reports each step with its MP breakdown as
// `umpire play` prints it and the API answers it, lists a unit's next steps and shades its
// reach (package asl/plan), and contributes the `umpire reach` and `umpire path` commands.
//
// ASL is the scenario format's default ruleset: a file that names none is ASL's. Import this
// package for its effect, which registers it under the name "asl":
//
//	import _ "github.com/umpire-referee/umpire/asl/ruleset"
package ruleset

import (
	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/asl/aslfile"
	"github.com/umpire-referee/umpire/asl/opponent"
	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/rules"
	"github.com/umpire-referee/umpire/scenario"
)

func init() { rules.Register(Ruleset{}) }

// Ruleset is ASL.
type Ruleset struct{}

// Name is the scenario files' `ruleset: asl` (the default).
func (Ruleset) Name() string { return "asl" }

// Title is the game's name.
func (Ruleset) Title() string { return "ASL" }

// RuleList is every rule a step may cite, id and title ([asl.RuleList]), as a copy: a
// [rules.RuleLister].
func (Ruleset) RuleList() []rules.Rule {
	out := make([]rules.Rule, len(asl.RuleList))
	for i, r := range asl.RuleList {
		out[i] = rules.Rule(r)
	}
	return out
}

// Load reads an ASL scenario file under lim.
func (Ruleset) Load(file string, data []byte, lim rules.Limits) (rules.Scenario, error) {
	s, err := aslfile.LoadLimited(file, data, lim)
	if err != nil {
		return nil, err
	}
	sc := &Scenario{S: s, f: rules.File{Name: s.Name, Seed: s.Seed, HasSeed: s.HasSeed, Dice: s.Dice, Warnings: s.Warnings, Expects: len(s.Expect), StrictWarnings: true, Opponent: s.Opponent}}
	for i := range s.Moves {
		mv := &s.Moves[i]
		sc.f.Moves = append(sc.f.Moves, rules.Move{Text: mv.Text, Line: mv.Line, Action: &Action{L: mv.Parsed, Text: mv.Text}})
	}
	return sc, nil
}

// Scenario is an ASL scenario file as read.
type Scenario struct {
	S *aslfile.Scenario
	f rules.File
}

// File is the file's header and moves.
func (s *Scenario) File() *rules.File { return &s.f }

// Setup is a new game at the file's setup.
func (s *Scenario) Setup() rules.Game { return &Game{G: s.S.Game.Clone()} }

// Check compares the expect: block with the game played.
func (s *Scenario) Check(g rules.Game, steps []*rules.Report) []rules.Failure {
	out := make([]aslfile.StepOut, len(steps))
	for i, r := range steps {
		out[i] = stepOf(r)
	}
	return append(s.S.Check(g.(*Game).G, out), scenario.CheckObjectives(s.S.Expect, g)...)
}

// Game is an ASL game: the rules core's state, and the plans made on it since it last
// changed (reach and path answers, see plans.go).
type Game struct {
	G     *asl.Game
	plans planCache
	line  *asl.LineResult // each line's result, reused (the game plays one line at a time)
	// opp is the practice opponent's memory of the way a vehicle follows (Decide).
	opp opponent.Memory
}

var (
	_ rules.Game       = (*Game)(nil)
	_ rules.UnitSteps  = (*Game)(nil)
	_ rules.Reacher    = (*Game)(nil)
	_ rules.Pather     = (*Game)(nil)
	_ rules.Cacher     = (*Game)(nil)
	_ rules.Objectiver = (*Game)(nil)
	_ rules.Player     = (*Game)(nil)
)

// Decide is side's next step as the practice opponent plays it (package asl/opponent). ASL
// games show every side everything, so it decides from the whole game.
func (g *Game) Decide(side string, boldness float64) (rules.Decision, bool) {
	d, ok := opponent.Decide(g.G, side, opponent.Options{Boldness: boldness, Memory: &g.opp})
	return rules.Decision{Line: d.Line, Reason: d.Reason}, ok
}

// Action is a line of ASL move notation as read.
type Action struct {
	L    asl.Line
	Text string
}

// Line is the notation as written.
func (a *Action) Line() string { return a.Text }

// Sides are each unit's side in order of first appearance, then the phasing side if no unit
// has it.
func (g *Game) Sides() []string {
	var out []string
	for i := range g.G.Units {
		out = rules.Cite(out, g.G.Units[i].Side)
	}
	return rules.Cite(out, g.G.Phasing)
}

// Parse reads a line of move notation against the game as it stands.
func (g *Game) Parse(line string) (rules.Action, error) {
	l, err := g.G.ParseLine(line)
	if err != nil {
		return nil, err
	}
	return &Action{L: l, Text: line}, nil
}

// Hash digests the state.
func (g *Game) Hash() [32]byte { return rules.HashAlong(rules.Hash(g.G), g.G.Objectives) }

// Clone is an independent copy.
func (g *Game) Clone() rules.Game { return &Game{G: g.G.Clone()} }

// Step is an ASL step's report: the --json object of `umpire play`, and the API's report.
type Step aslfile.StepOut

// Text is the step as `umpire play` prints it.
func (s *Step) Text(r *rules.Report) string { return aslfile.FormatStep(stepOf(r)) }

// JSON is the step's --json object.
func (s *Step) JSON(r *rules.Report) any { return stepOf(r) }

// Do plays a line and reports it with its MP breakdown.
func (g *Game) Do(a rules.Action, n int, src dice.Source) (*rules.Report, error) {
	w := g.plans.watch(g.G)
	act := a.(*Action)
	if g.line == nil {
		g.line = new(asl.LineResult)
	}
	so, err := aslfile.DoWith(g.G, n, act.Text, &act.L, src, g.line)
	g.plans.settle(g.G, w) // any step may change what a unit can reach
	return reportOf(act.Text, &so), err
}

// Unread is the report of a line that could not be read.
func (g *Game) Unread(n int, line string, err error) *rules.Report {
	so := aslfile.StepOut{Step: n, Action: line, Breakdown: "refused", Error: &aslfile.ErrorOut{Rule: "notation", Message: err.Error()}}
	so.Rules = []string{so.Error.Rule}
	return reportOf(line, &so)
}

func reportOf(line string, so *aslfile.StepOut) *rules.Report {
	r := &rules.Report{Step: so.Step, Action: line, Rules: so.Rules, Detail: (*Step)(so)}
	if so.Error != nil {
		r.Refusal = &rules.Refusal{Rule: so.Error.Rule, Msg: so.Error.Message}
	}
	return r
}

// stepOf is the report's StepOut, with the file line the report carries.
func stepOf(r *rules.Report) aslfile.StepOut {
	so := aslfile.StepOut(*r.Detail.(*Step))
	so.Line = r.Line
	return so
}

// StepView is a step as the API shows it: every role sees all of it.
func (g *Game) StepView(r *rules.Report, rolls []dice.Roll, role string) rules.StepView {
	so := stepOf(r)
	return rules.StepView{Line: r.Action, Rolls: rolls, Report: &so, Text: aslfile.FormatStep(so), Refusal: r.Refusal}
}

// Summary is each unit's state, as `umpire play` prints it after the steps, then how the
// objectives stand.
func (g *Game) Summary() []string {
	var out []string
	for i := range g.G.Units {
		out = append(out, "  "+aslfile.Describe(&g.G.Units[i], g.G.Map.Layout))
	}
	return append(out, rules.ObjectiveLines(g.Sides(), g.Objectives())...)
}

// Objectives is how each of the scenario's objectives stands.
func (g *Game) Objectives() []rules.Objective {
	if len(g.G.Objectives) == 0 {
		return nil
	}
	out := make([]rules.Objective, len(g.G.Objectives))
	for k := range g.G.Objectives {
		o := &g.G.Objectives[k]
		st := g.G.Status(k)
		out[k] = rules.Objective{Side: o.Side, Text: g.G.DescribeObjective(o), Points: st.Points, Max: st.Max, Closed: st.Closed, Detail: st.Detail}
	}
	return out
}
