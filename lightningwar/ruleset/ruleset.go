// Package ruleset is Lightning War behind the ruleset contract (package rules): it reads
// `ruleset: lightningwar` scenario files (package lightningwar/lwfile), plays their steps
// through the rules core (package lightningwar) keeping a record of who could see what around
// each, reports them as `umpire play` prints them, and shows each role only what it may know
// (hidden movement: the API's answers to a side hold only its own detachments and what the
// referee revealed).
//
// Import it for its effect, which registers the ruleset under the name "lightningwar":
//
//	import _ "github.com/umpire-referee/umpire/lightningwar/ruleset"
package ruleset

import (
	"fmt"
	"io"

	"github.com/umpire-referee/umpire/dice"
	lw "github.com/umpire-referee/umpire/lightningwar"
	"github.com/umpire-referee/umpire/lightningwar/lwfile"
	"github.com/umpire-referee/umpire/lightningwar/opponent"
	"github.com/umpire-referee/umpire/render"
	"github.com/umpire-referee/umpire/rules"
	"github.com/umpire-referee/umpire/scenario"
)

func init() { rules.Register(Ruleset{}) }

// Ruleset is Lightning War.
type Ruleset struct{}

// Name is the scenario files' `ruleset: lightningwar`.
func (Ruleset) Name() string { return "lightningwar" }

// Title is the game's name.
func (Ruleset) Title() string { return "Lightning War" }

// RuleList is every rule a step may cite, id and title ([lw.RuleList]), as a copy: a
// [rules.RuleLister].
func (Ruleset) RuleList() []rules.Rule {
	out := make([]rules.Rule, len(lw.RuleList))
	for i, r := range lw.RuleList {
		out[i] = rules.Rule(r)
	}
	return out
}

// Load reads a `ruleset: lightningwar` scenario file under lim.
func (Ruleset) Load(file string, data []byte, lim rules.Limits) (rules.Scenario, error) {
	s, err := lwfile.LoadLightningWarLimited(file, data, lim)
	if err != nil {
		return nil, err
	}
	return &Scenario{s: s, f: rules.File{Name: s.Name, Seed: s.Seed, HasSeed: s.HasSeed, Dice: s.Dice,
		Moves: s.Moves, Warnings: s.Warnings, Expects: len(s.Expect), StrictWarnings: true, Opponent: s.Opponent}}, nil
}

// Scenario is a `ruleset: lightningwar` file as read.
type Scenario struct {
	s *lwfile.LightningWar
	f rules.File
}

// File is the file's header and moves.
func (s *Scenario) File() *rules.File { return &s.f }

// Setup is a new game at the file's setup.
func (s *Scenario) Setup() rules.Game { return &Game{G: s.s.Game.Clone()} }

// Check compares the expect: block with the game played.
func (s *Scenario) Check(g rules.Game, steps []*rules.Report) []rules.Failure {
	out := make([]lwfile.LWStep, len(steps))
	for i, r := range steps {
		out[i] = stepOf(r)
	}
	return append(s.s.Check(g.(*Game).G, out), scenario.CheckObjectives(s.s.Expect, g)...)
}

// Game is a Lightning War game: the rules core's state.
type Game struct{ G *lw.Game }

var (
	_ rules.Game       = (*Game)(nil)
	_ rules.Gatekeeper = (*Game)(nil)
	_ rules.RoleHasher = (*Game)(nil)
	_ rules.Drawer     = (*Game)(nil)
)

// Action is a line of Lightning War notation as read.
type Action struct {
	A    lw.Action
	Text string // the line as written (A.Text is an order's text)
}

// Line is the notation as written.
func (a *Action) Line() string { return a.Text }

// Sides are the sides of the TO&E, in order.
func (g *Game) Sides() []string {
	var out []string
	for _, s := range g.G.Sides {
		out = rules.Cite(out, s)
	}
	return out
}

// Parse reads a line of Lightning War notation.
func (g *Game) Parse(line string) (rules.Action, error) {
	a, err := lw.Parse(line)
	if err != nil {
		return nil, err
	}
	return &Action{A: a, Text: line}, nil
}

// Movers is the side whose player takes the step; the rest are the referee's.
func (g *Game) Movers(a rules.Action) ([]string, bool, bool) {
	if s := g.G.Owner(a.(*Action).A); s != "" {
		return []string{s}, false, true
	}
	return nil, true, true
}

// Hash digests the state.
func (g *Game) Hash() [32]byte { return rules.HashAlong(rules.Hash(g.G), g.G.Objectives) }

// Decide is side's next step as the practice opponent takes it (package
// lightningwar/opponent): a written order (on Reserve Movement where it pays), a split or a
// join, decided from the side's view alone; boldness is the berth it keeps from known enemies.
func (g *Game) Decide(side string, boldness float64) (rules.Decision, bool) {
	d, ok := opponent.Decide(g.G, side, boldness)
	return rules.Decision{Line: d.Line, Reason: d.Reason}, ok
}

var _ rules.Player = (*Game)(nil)

// Objectives is how each of the scenario's objectives stands, as the referee knows it.
func (g *Game) Objectives() []rules.Objective { return objectivesOf(g.G, nil) }

// objectivesOf is game st's objectives, all of them (own nil), or only side own's as that
// side may know them: its reach and edge scores (they count its own detachments), and a hold
// objective's text alone (its score would tell of enemies it has not seen).
func objectivesOf(st *lw.Game, own *string) []rules.Objective {
	var out []rules.Objective
	for k := range st.Objectives {
		o := &st.Objectives[k]
		if own != nil && o.Side != *own {
			continue
		}
		s := st.Status(k)
		ro := rules.Objective{Side: o.Side, Text: st.DescribeObjective(o), Points: s.Points, Max: s.Max, Closed: s.Closed, Detail: s.Detail}
		if own != nil && o.Kind == lw.ObjHold {
			ro.Points, ro.Detail = 0, "judged by the referee"
		}
		out = append(out, ro)
	}
	return out
}

// Clone is an independent copy.
func (g *Game) Clone() rules.Game { return &Game{G: g.G.Clone()} }

// Do plays a step, keeping the record of who could see what around it.
func (g *Game) Do(a rules.Action, n int, src dice.Source) (*rules.Report, error) {
	act := a.(*Action)
	sight := g.G.Sight(act.A)
	rep, err := g.G.Do(act.A, src)
	if err == nil {
		sight.After(g.G)
	}
	return reportOf(n, act.Text, &detail{rep: rep, sight: sight, err: err}), err
}

// Unread is the report of a line that could not be read (or that a role may not play: its
// message is already one the role may read).
func (g *Game) Unread(n int, line string, err error) *rules.Report {
	return reportOf(n, line, &detail{err: err, told: true})
}

func reportOf(n int, line string, d *detail) *rules.Report {
	r := &rules.Report{Step: n, Action: line, Rules: []string{}, Detail: d}
	if !rules.Refuse(r, d.err) {
		for _, e := range d.rep.Events {
			r.Rules = rules.Cite(r.Rules, e.Rule)
		}
	}
	return r
}

// detail is the core's account of a step and who could see what around it, or the error
// that refused it (told: its message is already fit for whoever asked).
type detail struct {
	rep   *lw.Report
	sight *lw.StepSight
	err   error
	told  bool
}

func stepOf(r *rules.Report) lwfile.LWStep {
	d := r.Detail.(*detail)
	return lwfile.LWStep{Step: r.Step, Line: r.Line, Action: r.Action, Report: d.rep, Err: d.err}
}

// Text is the step as `umpire play` prints it.
func (d *detail) Text(r *rules.Report) string { return lwfile.FormatLWStep(stepOf(r)) }

// JSON is the step's --json object.
func (d *detail) JSON(r *rules.Report) any { return stepOf(r).JSON() }

// Summary is the turn and each detachment's state, as `umpire play` prints it after the steps,
// then how the objectives stand.
func (g *Game) Summary() []string {
	out := []string{fmt.Sprintf("turn %d:", g.G.Turn)}
	for _, d := range g.G.Dets {
		out = append(out, fmt.Sprintf("  %s (%s) at %v: %s", d.ID, d.Side, d.Pos, describeDet(g.G, d)))
	}
	out = append(out, rules.ObjectiveLines(g.Sides(), g.Objectives())...)
	return out
}

func describeDet(g *lw.Game, d *lw.Detachment) string {
	ic := g.DetachmentInitiative(d)
	reg := "Regular"
	if !ic.Regular {
		reg = "Irregular"
	}
	s := fmt.Sprintf("%v, %s, Initiative %s", d.Units, reg, ic.Result)
	switch {
	case d.Order == nil:
		s += ", no orders"
	case len(d.Route) > 1:
		s += fmt.Sprintf(", %s of its path to go", lw.Inches(d.Route.Length()-d.Along))
	}
	for _, id := range d.Units {
		if u := g.Unit(id); u.Mired {
			s += ", " + id + " mired"
		}
	}
	switch d.FormNow() {
	case lw.FormColumn:
		s += ", in column"
	case lw.FormDrawn:
		s += ", in its drawn formation"
	}
	return s
}

// DrawSVG draws the table with each detachment's orders and where it got to.
func (g *Game) DrawSVG(w io.Writer, title string) error { return render.Table(w, g.G, "", title) }

// StepReport is the rules core's report of a step played through this ruleset, and its record
// of who could see what around it (nil, nil for a refused step).
func StepReport(r *rules.Report) (*lw.Report, *lw.StepSight) {
	d, ok := r.Detail.(*detail)
	if !ok || d.err != nil {
		return nil, nil
	}
	return d.rep, d.sight
}
