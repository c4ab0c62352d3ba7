// Package plan finds where a vehicle can get to in its Movement Phase, for how many MP, how
// likely it is to get there Mobile, and the cheapest legal way there.
//
// The referee is the judge: every step the planner considers comes from [asl.Game.Candidates]
// and is played through [asl.Game.Step] on a scratch copy of the game, so the planner never
// proposes what the referee refuses, and its costs are the referee's. Chance events (Bog
// Checks, Mechanical Reliability, a lone radioless AFV's NTC, ESB) are not costs but risk: each
// state keeps the probability of reaching it Mobile, and where a cheaper way is riskier both
// ways are kept (a Pareto set of MP and risk).
package plan

import (
	"errors"
	"fmt"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/hex"
)

// State is what tells two reachable situations of a vehicle apart: its position (hex, VCA or
// Bypass hexside, CAFP pivot), whether it is moving (started, or in Motion) and in which
// direction, and the facts that still open or close steps to it.
type State struct {
	Pos     asl.Position
	Moving  bool // started (or in Motion) and not stopped
	Counter bool // under a Motion counter and not yet moved this MPh (D2.4)
	Reverse bool // moving in Reverse
	DirSet  bool // has moved since it last Started (D2.23)
	// Fresh: nothing spent but Start/Stop MP, no hex entered, no VCA change, no Reverse: ALL-MP
	// entry (D2.7) and a Minimum Move (D2.15) are still open.
	Fresh   bool
	ESBUsed bool
	AllUsed bool
	// Minimum: it made a Minimum Move (D2.15): unlike after ALL-MP entry (D2.7) it may not even
	// Stop.
	Minimum bool
	// Gained is the MP an ESB added to the allotment (D2.5). Once ALL MP is spent (D2.7) only
	// Start/Stop MP remain, whatever the allowance, so it is not kept then.
	Gained asl.MP
}

// Place is the part of a State the perft counts (issue 5): hex, VCA, in-hex or Bypass
// position, Motion, direction.
type Place struct {
	Hex     hex.Hex
	Heading hex.Spine
	Bypass  bool
	Side    hex.Side
	Pivot   int8
	Offboard,
	Moving, Reverse bool
	Below bool // below a bridge (rules-notes 1.2)
}

// PlaceOf projects a State on its Place.
func PlaceOf(s State) Place {
	return Place{Hex: s.Pos.Hex, Heading: s.Pos.Heading, Bypass: s.Pos.Bypass, Side: s.Pos.Side, Pivot: s.Pos.Pivot, Offboard: s.Pos.Offboard, Moving: s.Moving, Reverse: s.Reverse, Below: s.Pos.Below}
}

func stateOf(u *asl.Unit) State {
	return State{
		Pos:     u.Pos,
		Moving:  u.Moving || u.Motion,
		Counter: u.Motion,
		Reverse: u.Reverse,
		DirSet:  u.DirSet,
		Fresh:   u.Spent == u.StartStop && !u.EnteredHex && !u.VCAChanged && !u.Reversed,
		ESBUsed: u.ESBUsed,
		AllUsed: u.AllUsed,
		Minimum: u.MinimumMove,
		Gained:  gained(u),
	}
}

func gained(u *asl.Unit) asl.MP {
	if u.AllUsed || u.MinimumMove {
		return 0
	}
	return u.Allowance - u.V.Allotment()
}

// Label is one way to reach a State: its MP, its chance of getting there Mobile, and the step
// that led to it.
type Label struct {
	State State
	MP    asl.MP  // MP spent in the MPh on arrival
	P     float64 // probability of arriving Mobile
	// Exact is P as an exact fraction (big denominators are reduced; see Result.Exact).
	Parent int        // index of the previous label, -1 for the start
	Step   asl.Action // the step from Parent
	Unit   asl.Unit   // the referee's unit on arrival
	dead   bool       // dominated by a later label
	next   int32      // the previous label of the same State, -1 for none
}

// Options switch parts of the search.
type Options struct {
	// ESB lets the vehicle attempt Excessive Speed Breakdown (D2.5) for extra MP, with its risk.
	ESB bool
	// MaxRisk drops ways whose chance of not arriving Mobile is over it (0: no ceiling).
	MaxRisk float64
}

// Result is every reachable State with its Pareto set of ways.
type Result struct {
	Labels []Label
	Unit   int
	byKey  map[State]int32 // the last label of each State; the others chain through Label.next
	game   *asl.Game
	res    asl.Result // CanStop's Stop tries (a Result is 3½ KB: one, not one per try)
}

// ErrNotMoving: the unit may not move now.
var ErrNotMoving = errors.New("the unit cannot move now")

// Reach explores every state unit may reach from where it is now, the rest of its MPh.
func Reach(g *asl.Game, unit int, opt Options) (*Result, error) {
	if unit < 0 || unit >= len(g.Units) {
		return nil, fmt.Errorf("no such unit")
	}
	scratch := g.Clone()
	scratch.Scratch = true
	// Room for the labels up front (a tank on open ground has about eight per hex of the
	// map within its MP): growing them was a tenth of the work.
	hint := min(8*g.Map.Layout.Size(), 1<<15)
	r := &Result{Unit: unit, byKey: make(map[State]int32, hint), Labels: make([]Label, 0, hint), game: scratch}
	start := g.Units[unit]
	r.add(Label{State: stateOf(&start), MP: start.Spent, P: 1, Parent: -1, Unit: start})
	// Labels by MP, then by higher probability.
	q := &indexQueue{less: func(i, j int) bool {
		a, b := &r.Labels[i], &r.Labels[j]
		if a.MP != b.MP {
			return a.MP < b.MP
		}
		return a.P > b.P
	}}
	q.push(0)
	res := &r.res
	var buf []asl.Action
	for q.Len() > 0 {
		li := q.pop()
		if r.Labels[li].dead {
			continue
		}
		from := r.Labels[li]
		scratch.Units[unit] = from.Unit
		buf = candidates(scratch, unit, opt.ESB, buf[:0])
		for _, a := range buf {
			scratch.Units[unit] = from.Unit
			if err := scratch.Step(a, dice.Lowest{}, res); err != nil {
				continue
			}
			nu := scratch.Units[unit]
			if nu.Immobile != asl.Mobile || nu.Stalled && !from.Unit.Stalled {
				continue // only a certain failure gets here with passing dice
			}
			p := from.P * res.Mobile()
			if p <= 0 || opt.MaxRisk > 0 && 1-p > opt.MaxRisk+1e-12 {
				continue
			}
			if nl, ok := r.add(Label{State: stateOf(&nu), MP: nu.Spent, P: p, Parent: li, Step: a, Unit: nu}); ok {
				q.push(nl)
			}
		}
	}
	return r, nil
}

// candidates are the steps to try from the unit's present state: the referee's move generator,
// and with esb an ESB attempt for each whole MP it may seek (D2.5).
func candidates(g *asl.Game, unit int, esb bool, buf []asl.Action) []asl.Action {
	buf = g.Elementary(unit, buf)
	u := &g.Units[unit]
	if esb && !u.ESBUsed && u.V.Tracked {
		for n := asl.MP(1); n <= asl.ESBLimit(u.V); n++ {
			buf = append(buf, asl.Action{Verb: asl.VerbESB, Unit: unit, N: n, Versus: -1})
		}
	}
	return buf
}

// add keeps a label unless another way to its State is no dearer and no riskier; it drops the
// ways it beats.
func (r *Result) add(l Label) (int, bool) {
	const eps = 1e-12
	head, ok := r.byKey[l.State]
	if !ok {
		head = -1
	}
	for k := head; k >= 0; k = r.Labels[k].next {
		o := &r.Labels[k]
		if !o.dead && o.MP <= l.MP && o.P >= l.P-eps {
			return 0, false
		}
	}
	for k := head; k >= 0; k = r.Labels[k].next {
		o := &r.Labels[k]
		if !o.dead && l.MP <= o.MP && l.P >= o.P-eps {
			o.dead = true
		}
	}
	l.next = head
	r.Labels = append(r.Labels, l)
	i := len(r.Labels) - 1
	r.byKey[l.State] = int32(i)
	return i, true
}

// Live are the labels not beaten by another way to the same State.
func (r *Result) Live() []int {
	var out []int
	for i := range r.Labels {
		if !r.Labels[i].dead {
			out = append(out, i)
		}
	}
	return out
}

// Places is the number of distinct Places reached (the perft count).
func (r *Result) Places() int {
	seen := map[Place]bool{}
	for i := range r.Labels {
		if !r.Labels[i].dead {
			seen[PlaceOf(r.Labels[i].State)] = true
		}
	}
	return len(seen)
}

// Path is the steps from the start to label i, in order.
func (r *Result) Path(i int) []asl.Action {
	var rev []asl.Action
	for ; i >= 0 && r.Labels[i].Parent >= 0; i = r.Labels[i].Parent {
		rev = append(rev, r.Labels[i].Step)
	}
	out := make([]asl.Action, len(rev))
	for k := range rev {
		out[k] = rev[len(rev)-1-k]
	}
	return out
}

// Cheapest is the least-MP label at hex h (in its centre or in Bypass there), and with vca true
// only those facing heading; at equal MP the safest. maxRisk > 0 drops riskier ways.
func (r *Result) Cheapest(h hex.Hex, heading hex.Spine, vca bool, maxRisk float64) (int, bool) {
	best := -1
	for i := range r.Labels {
		l := &r.Labels[i]
		if l.dead || !wayTo(&l.State, h, heading, vca) || maxRisk > 0 && 1-l.P > maxRisk+1e-12 {
			continue
		}
		if best < 0 || cheaper(l.MP, l.P, r.Labels[best].MP, r.Labels[best].P) {
			best = i
		}
	}
	return best, best >= 0
}

// wayTo reports whether a way ending in State s ends at hex h (in its centre or in Bypass
// there), and with vca true faces heading there.
func wayTo(s *State, h hex.Hex, heading hex.Spine, vca bool) bool {
	return !s.Pos.Offboard && s.Pos.Hex == h && (!vca || !s.Pos.Bypass && s.Pos.Heading == heading)
}

// cheaper reports whether a way for mp MP at chance p beats one for bestMP at bestP: fewer
// MP, or as many and safer.
func cheaper(mp asl.MP, p float64, bestMP asl.MP, bestP float64) bool {
	return mp < bestMP || mp == bestMP && p > bestP
}

// CanStop reports whether the vehicle of label i may still Stop where it is this MPh (or is
// stopped already); if not, it must end its MPh in Motion there.
func (r *Result) CanStop(i int) bool {
	l := &r.Labels[i]
	if !l.State.Moving {
		return true
	}
	g := r.game
	g.Units[r.Unit] = l.Unit
	err := g.Step(asl.Action{Verb: asl.VerbStop, Unit: r.Unit, Versus: -1}, dice.Lowest{}, &r.res)
	return err == nil
}

// HexReach is the best a Result offers in one hex, over every facing and Motion state.
type HexReach struct {
	MP    asl.MP  // the least MP spent in the MPh on arriving there
	P     float64 // the best chance of arriving Mobile at that least MP
	Risky bool    // no way there is certain (every way risks the vehicle's mobility)
	Stop  bool    // some way there leaves the vehicle able to Stop (or stopped)
}

// Hexes sums the Result up by hex, for a map's shading; hexes off the map are left out.
func (r *Result) Hexes() map[hex.Hex]HexReach {
	var t hexTally
	for _, i := range r.Live() {
		l := &r.Labels[i]
		t.add(&l.State, l.MP, l.P, func() bool { return r.CanStop(i) })
	}
	return t.done()
}

// hexTally sums ways up by hex: the least MP, the best chance at it, whether some way is
// sure, and whether some way may Stop there.
type hexTally struct {
	out  map[hex.Hex]HexReach
	safe map[hex.Hex]bool
}

// add counts a way ending in State s for mp MP at chance p; canStop is asked only while no
// way to the hex is known to Stop.
func (t *hexTally) add(s *State, mp asl.MP, p float64, canStop func() bool) {
	if s.Pos.Offboard {
		return
	}
	if t.out == nil {
		t.out, t.safe = map[hex.Hex]HexReach{}, map[hex.Hex]bool{}
	}
	h := s.Pos.Hex
	if p >= 1 {
		t.safe[h] = true
	}
	hr, ok := t.out[h]
	if !ok || cheaper(mp, p, hr.MP, hr.P) {
		hr.MP, hr.P = mp, p
	}
	if !hr.Stop && canStop() {
		hr.Stop = true
	}
	t.out[h] = hr
}

// done is the tally, each hex marked Risky where no way to it is sure.
func (t *hexTally) done() map[hex.Hex]HexReach {
	out := t.out
	if out == nil {
		out = map[hex.Hex]HexReach{}
	}
	for h, hr := range out {
		hr.Risky = !t.safe[h]
		out[h] = hr
	}
	return out
}

// DivideRow is one first step and the number of Places reachable after it.
type DivideRow struct {
	Step   asl.Action
	Places int
}

// Divide breaks the perft count down by first step: for each first step the referee accepts,
// the number of Places reachable after it (that step's own Place included), as chess perft
// "divide" does, so a wrong count can be traced to a step.
func Divide(g *asl.Game, unit int, opt Options) []DivideRow {
	scratch := g.Clone()
	var res asl.Result
	var out []DivideRow
	for _, a := range scratch.Candidates(unit, nil) {
		c := g.Clone()
		if err := c.Step(a, dice.Lowest{}, &res); err != nil || c.Units[unit].Immobile != asl.Mobile {
			continue
		}
		r, err := Reach(c, unit, opt)
		if err != nil {
			continue
		}
		out = append(out, DivideRow{Step: a, Places: r.Places()})
	}
	return out
}
