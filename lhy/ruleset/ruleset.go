// Package ruleset is Last Hundred Yards behind the ruleset contract (package rules): it reads
// `ruleset: lhy` scenario files (package lhy/lhyfile), plays their steps through the rules core
// (package lhy), reports them as `umpire play` prints them and as the API answers, gives the
// exact odds of an Assault or fire before its roll, and shows the state to the API.
//
// Import it for its effect, which registers the ruleset under the name "lhy":
//
//	import _ "github.com/umpire-referee/umpire/lhy/ruleset"
package ruleset

import (
	"strings"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/lhy"
	"github.com/umpire-referee/umpire/lhy/lhyfile"
	"github.com/umpire-referee/umpire/lhy/opponent"
	"github.com/umpire-referee/umpire/rules"
	"github.com/umpire-referee/umpire/scenario"
)

func init() { rules.Register(Ruleset{}) }

// Ruleset is Last Hundred Yards.
type Ruleset struct{}

// Name is the scenario files' `ruleset: lhy`.
func (Ruleset) Name() string { return "lhy" }

// Title is the game's name.
func (Ruleset) Title() string { return "Last Hundred Yards" }

// RuleList is every rule a step may cite, id and title ([lhy.RuleList]), as a copy: a
// [rules.RuleLister].
func (Ruleset) RuleList() []rules.Rule {
	out := make([]rules.Rule, len(lhy.RuleList))
	for i, r := range lhy.RuleList {
		out[i] = rules.Rule(r)
	}
	return out
}

// Load reads a `ruleset: lhy` scenario file under lim.
func (Ruleset) Load(file string, data []byte, lim rules.Limits) (rules.Scenario, error) {
	s, err := lhyfile.LoadLHYLimited(file, data, lim)
	if err != nil {
		return nil, err
	}
	return &Scenario{s: s, f: rules.File{Name: s.Name, Seed: s.Seed, HasSeed: s.HasSeed, Dice: s.Dice,
		Moves: s.Moves, Warnings: s.Warnings, Expects: len(s.Expect), StrictWarnings: true, Opponent: s.Opponent}}, nil
}

// Scenario is a `ruleset: lhy` file as read.
type Scenario struct {
	s *lhyfile.LHY
	f rules.File
}

// File is the file's header and moves.
func (s *Scenario) File() *rules.File { return &s.f }

// Setup is a new game at the file's setup.
func (s *Scenario) Setup() rules.Game { return &Game{G: s.s.Game.Clone()} }

// PreviewFor: the odds of step n are needed by an odds: expectation.
func (s *Scenario) PreviewFor(n int) bool { return s.s.OddsWanted()(n) }

// Check compares the expect: block with the game played.
func (s *Scenario) Check(g rules.Game, steps []*rules.Report) []rules.Failure {
	out := make([]lhyfile.LHYStep, len(steps))
	for i, r := range steps {
		out[i] = stepOf(r)
	}
	return append(s.s.Check(g.(*Game).G, out), scenario.CheckObjectives(s.s.Expect, g)...)
}

// Game is a Last Hundred Yards game: the rules core's state.
type Game struct{ G *lhy.Game }

// Action is a line of LHY notation as read.
type Action struct {
	A    lhy.Action
	Text string // as written
}

// Line is the notation as written.
func (a *Action) Line() string { return a.Text }

// Sides are each unit's side, in order of first appearance.
func (g *Game) Sides() []string {
	var out []string
	for i := range g.G.Units {
		out = rules.Cite(out, g.G.Units[i].Side)
	}
	return out
}

// Parse reads a line of LHY notation.
func (g *Game) Parse(line string) (rules.Action, error) {
	a, err := lhy.Parse(g.G, line)
	if err != nil {
		return nil, err
	}
	return &Action{A: a, Text: line}, nil
}

// Decide is side's next step as the practice opponent takes it (package lhy/opponent): its
// Assault decisions, Vehicle Destruction Attempts, Retreats and Advances. LHY games show both
// sides everything, so it reads the whole game.
func (g *Game) Decide(side string, boldness float64) (rules.Decision, bool) {
	d, ok := opponent.Decide(g.G, side, boldness)
	return rules.Decision{Line: d.Line, Reason: d.Reason}, ok
}

var _ rules.Player = (*Game)(nil)

// Hash digests the state.
func (g *Game) Hash() [32]byte { return rules.HashAlong(rules.Hash(g.G), g.G.Objectives) }

// Objectives is how each of the scenario's objectives stands (LHY shows every side
// everything).
func (g *Game) Objectives() []rules.Objective {
	var out []rules.Objective
	for k := range g.G.Objectives {
		o := &g.G.Objectives[k]
		st := g.G.Status(k)
		out = append(out, rules.Objective{Side: o.Side, Text: g.G.DescribeObjective(o), Points: st.Points, Max: st.Max, Closed: st.Closed, Detail: st.Detail})
	}
	return out
}

// Clone is an independent copy.
func (g *Game) Clone() rules.Game { return &Game{G: g.G.Clone()} }

// Do plays a step.
func (g *Game) Do(a rules.Action, n int, src dice.Source) (*rules.Report, error) {
	act := a.(*Action)
	rep, err := g.G.Do(act.A, src)
	return reportOf(n, act.Text, rep, err), err
}

// Unread is the report of a line that could not be read.
func (g *Game) Unread(n int, line string, err error) *rules.Report {
	return reportOf(n, line, nil, err)
}

// reportOf is step n's report: the core's report, or its refusal.
func reportOf(n int, line string, rep *lhy.Report, err error) *rules.Report {
	r := &rules.Report{Step: n, Action: line, Rules: []string{}, Detail: &detail{rep: rep, err: err}}
	if !rules.Refuse(r, err) {
		for _, e := range rep.Events {
			r.Rules = rules.Cite(r.Rules, e.Rule)
		}
	}
	return r
}

// detail is the core's account of a step, or the error that refused it.
type detail struct {
	rep *lhy.Report
	err error
}

func stepOf(r *rules.Report) lhyfile.LHYStep {
	d := r.Detail.(*detail)
	st := lhyfile.LHYStep{Step: r.Step, Line: r.Line, Action: r.Action, Report: d.rep, Err: d.err}
	st.Odds, _ = r.Preview.(*lhy.Odds)
	return st
}

// Text is the step as `umpire play` prints it.
func (d *detail) Text(r *rules.Report) string { return lhyfile.FormatLHYStep(stepOf(r)) }

// JSON is the step's --json object.
func (d *detail) JSON(r *rules.Report) any { return lhyfile.StepJSON(stepOf(r)) }

// Preview is the exact odds of a step before its roll (nil if there are none to give).
func (g *Game) Preview(a rules.Action) any {
	o, err := g.G.OddsOf(a.(*Action).A)
	if err != nil {
		return nil
	}
	return o
}

// WantPreview: play shows the odds before each Assault and fire step.
func (g *Game) WantPreview(a rules.Action) bool {
	f := strings.Fields(strings.ToLower(a.Line()))
	return len(f) > 0 && (f[0] == "assault" || f[0] == "resolve" || strings.HasPrefix(f[0], "fire"))
}

// StepReport is the rules core's report of a step played through this ruleset (nil for a
// refused step).
func StepReport(r *rules.Report) *lhy.Report {
	if d, ok := r.Detail.(*detail); ok {
		return d.rep
	}
	return nil
}
