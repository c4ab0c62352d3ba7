package asl

import "slices"

// A Column Disbands when any of its units has LOS to a Known enemy ground unit (E11.53), and
// Columns are checked after every step. Tracing LOS from every member to every enemy each time
// costs members x enemies traces a step, whichever unit moved: 24,000 for a Column of sixty
// facing four hundred enemies. But whether a member sees a Known enemy changes only when one of
// the two changes where it stands or whether it is Known: LOS does not change during play (the
// map's only changes, wrecks and revealed wire, do not block it; see losrecord.go). So the game
// remembers what it last saw (columnWatch), and a check traces LOS only from the units that
// have changed since: a member that moved, against every enemy; an enemy that moved or became
// Known, against every member; a unit that joined a Column, against every enemy. When a trace
// finds LOS the Column is checked in full, as the rule says, so it Disbands with the same unit
// and enemy named as a full check names.

// watchKey is what a unit's part in a Column's LOS check depends on: where it stands, and
// whether an enemy would see it as Known (not Hidden, not Concealed).
type watchKey struct {
	place losPlace
	known bool
	set   bool // false: not yet seen (a unit new to the game differs from every key)
}

// watchKeyOf is u's key now.
func watchKeyOf(u *Unit) watchKey {
	return watchKey{place: placeOf(u), known: !u.Hidden && !u.Concealed, set: true}
}

// columnWatch is what CheckColumns saw last time: every unit's key, and for each group that
// it found an active Column with no member in LOS of a Known enemy, its members then (nil for
// any other group). It is a cache: a clone starts without one, and checks every Column in full
// once.
type columnWatch struct {
	keys     []watchKey
	verified [][]int
	changed  []int  // scratch: the units whose keys differ from keys
	member   []bool // scratch: marks a Column's members of last time
}

// watchChanges brings the watch's keys up to date, listing in w.changed the units whose key
// changed since the last check.
func (g *Game) watchChanges() *columnWatch {
	w := g.colWatch
	if w == nil {
		w = &columnWatch{}
		g.colWatch = w
	}
	for len(w.keys) < len(g.Units) {
		w.keys = append(w.keys, watchKey{})
	}
	w.keys = w.keys[:len(g.Units)]
	for len(w.verified) < len(g.Groups) {
		w.verified = append(w.verified, nil)
	}
	w.changed = w.changed[:0]
	for i := range g.Units {
		if k := watchKeyOf(&g.Units[i]); k != w.keys[i] {
			w.keys[i] = k
			w.changed = append(w.changed, i)
		}
	}
	return w
}

// mayNowSee reports whether Column grp, verified last time with members then, may now have a
// member in LOS of a Known enemy: a trace from each unit that changed (or joined) to the other
// side's units finds one. False means it certainly has none.
func (g *Game) mayNowSee(w *columnWatch, grp *Group, then []int) bool {
	if then == nil {
		return true // not verified last time: check it in full
	}
	if len(w.member) < len(g.Units) {
		w.member = make([]bool, len(g.Units))
	}
	for _, m := range then {
		if m < len(w.member) {
			w.member[m] = true
		}
	}
	defer func() {
		for _, m := range then {
			if m < len(w.member) {
				w.member[m] = false
			}
		}
	}()
	for _, m := range grp.Members {
		if !w.member[m] && g.knownEnemyInLOS(&g.Units[m]) != nil {
			return true // a unit that joined sees one
		}
	}
	for _, c := range w.changed {
		cu := &g.Units[c]
		if slices.Contains(grp.Members, c) {
			if g.knownEnemyInLOS(cu) != nil {
				return true
			}
			continue
		}
		if cu.Destroyed || cu.Hidden || cu.Concealed || cu.Pos.Offboard {
			continue // a unit no Column can see
		}
		for _, m := range grp.Members {
			u := &g.Units[m]
			if cu.Side != u.Side && !u.Pos.Offboard && g.inLOS(u, cu) {
				return true
			}
		}
	}
	return false
}
