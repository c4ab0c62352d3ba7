package plan

import (
	"fmt"
	"sort"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/dice"
)

// Brute is the planner's oracle: it enumerates every sequence of steps the referee accepts
// from the unit's present state (depth first, with no pruning by MP and no lower bound), and
// keeps for each State the least MP and, at that MP, the best chance of arriving Mobile. It
// shares nothing with [Reach] but the referee and the move generator, and is slow: for tests
// (TestOptimal, TestPerft, the random games of asl/aslgen), on small reaches.
func Brute(g *asl.Game, unit int, esb bool) map[State]Label {
	best := map[State]Label{}
	type key struct {
		s  State
		mp asl.MP
	}
	seen := map[key]float64{}
	var walk func(u asl.Unit, p float64)
	walk = func(u asl.Unit, p float64) {
		s := stateOf(&u)
		k := key{s, u.Spent}
		if q, ok := seen[k]; ok && q >= p-1e-12 {
			return
		}
		seen[k] = p
		if b, ok := best[s]; !ok || u.Spent < b.MP || u.Spent == b.MP && p > b.P {
			best[s] = Label{State: s, MP: u.Spent, P: p}
		}
		c := g.Clone()
		c.Units[unit] = u
		acts := candidates(c, unit, esb, nil)
		var res asl.Result
		for _, a := range acts {
			c.Units[unit] = u
			if err := c.Step(a, dice.Lowest{}, &res); err != nil {
				continue
			}
			nu := c.Units[unit]
			if nu.Immobile != asl.Mobile || nu.Stalled && !u.Stalled {
				continue
			}
			np := p * res.Mobile()
			if np > 0 {
				walk(nu, np)
			}
		}
	}
	walk(g.Units[unit], 1)
	return best
}

// CheckOptimal compares [Reach] with [Brute] from the unit's present state: the planner must
// reach exactly the States the enumeration reaches, each for the least MP the enumeration
// finds and with no worse chance at that MP. It returns what differs first (nil: they agree).
// A unit that may not move now (ErrNotMoving) agrees trivially.
func CheckOptimal(g *asl.Game, unit int, esb bool) error {
	r, err := Reach(g, unit, Options{ESB: esb})
	if err != nil {
		return err
	}
	want := Brute(g, unit, esb)
	got := map[State]Label{}
	for _, li := range r.Live() {
		l := r.Labels[li]
		if b, ok := got[l.State]; !ok || l.MP < b.MP || l.MP == b.MP && l.P > b.P {
			got[l.State] = l
		}
	}
	var diffs []string
	for s, w := range want {
		l, ok := got[s]
		switch {
		case !ok:
			diffs = append(diffs, fmt.Sprintf("the planner misses %+v (brute force: %s MP)", s, w.MP))
		case l.MP != w.MP:
			diffs = append(diffs, fmt.Sprintf("%+v costs %s MP by the planner, %s by brute force", s, l.MP, w.MP))
		case l.P < w.P-1e-9:
			diffs = append(diffs, fmt.Sprintf("%+v at %s MP: the planner's chance %v, brute force's %v", s, l.MP, l.P, w.P))
		}
	}
	for s, l := range got {
		if _, ok := want[s]; !ok {
			diffs = append(diffs, fmt.Sprintf("the planner reaches %+v (%s MP), which brute force does not", s, l.MP))
		}
	}
	if len(diffs) == 0 {
		return nil
	}
	sort.Strings(diffs)
	return fmt.Errorf("planner and brute force differ in %d States (planner %d, brute force %d); first: %s", len(diffs), len(got), len(want), diffs[0])
}
