package asl

import (
	"fmt"
	"slices"

	"github.com/umpire-referee/umpire/hex"
)

// What the tests in package asl_test read of the Motion-attempt record (losrecord.go).

// ForgetLOSRecord empties the MPh's LOS record: a benchmark that walks one unit round and round
// in one MPh would otherwise time a record growing without end.
func (g *Game) ForgetLOSRecord() { g.losLog = g.losLog[:0] }

// LOSRecordLen is the number of entries in the MPh's LOS record.
func (g *Game) LOSRecordLen() int { return len(g.losLog) }

// LOSRecordSpend is entry k of the record: unit i spent mp MP at spot at (mp 0: a note that
// unit i now stands elsewhere).
func (g *Game) LOSRecordSpend(k int) (i int, mp MP, at Spot) {
	e := &g.losLog[k]
	return int(e.Unit), e.MP, e.Place.At
}

// MotionSpent is motionSpent: MP each unit spent in defender d's LOS this MPh (D2.401).
func (g *Game) MotionSpent(d int) []MP { return g.motionSpent(d) }

// SeenAtStart is seenAtStart: unit i was in defender d's LOS when the MPh began (D2.401).
func (g *Game) SeenAtStart(i, d int) bool { return g.seenAtStart(i, d) }

// MotionTrigger is motionTrigger: the MP and the unit a Motion attempt of d would count.
func (g *Game) MotionTrigger(d, versus int) (MP, int) { return g.motionTrigger(d, versus) }

// Occupancy makes the game's index of units by hex if it has none, and reports whether it had.
func (g *Game) Occupancy() (had bool) {
	had = g.occ != nil && !g.occ.stale
	g.occupancy()
	return had
}

// OccupancyAgrees checks the index of units by hex against every unit's own hex: each unit
// listed once, in its hex, each hex's list in the order of Units.
func (g *Game) OccupancyAgrees() error {
	x := g.occ
	if x == nil || x.stale { // to be made again when next asked for
		return nil
	}
	if len(x.at) != len(g.Units) {
		return fmt.Errorf("the index lists %d units of %d", len(x.at), len(g.Units))
	}
	n := 0
	var err error
	x.each(func(h hex.Hex, l []int32) {
		n += len(l)
		for k, i := range l {
			if k > 0 && l[k-1] >= i && err == nil {
				err = fmt.Errorf("hex %v lists %v: not in the order of Units", h, l)
			}
			if x.at[i] != h && err == nil {
				err = fmt.Errorf("hex %v lists %s, which the index has in %v", h, g.Units[i].ID, x.at[i])
			}
		}
	})
	if err != nil {
		return err
	}
	for i := range g.Units {
		if h := g.Units[i].Pos.Hex; x.at[i] != h || !slices.Contains(x.list(h), int32(i)) {
			return fmt.Errorf("%s is in %v, the index has it in %v", g.Units[i].ID, h, x.at[i])
		}
	}
	if n != len(g.Units) {
		return fmt.Errorf("the index lists %d units, there are %d", n, len(g.Units))
	}
	return nil
}

// ForgetColumnWatch drops what the last Column check saw, so that the next one checks every
// Column in full (an oracle for the incremental check).
func (g *Game) ForgetColumnWatch() { g.colWatch = nil }
