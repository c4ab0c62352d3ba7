package asl

import (
	"iter"
	"slices"

	"github.com/umpire-referee/umpire/hex"
)

// occupancy lists the units by the hex they are in (Pos.Hex: on the map or off it, destroyed
// or not), for the rules that look at the units of one hex: crowding (D2.14), an enemy AFV's
// hex (D2.6), VBM along a hexside a vehicle already uses (D2.31), Detection (E11.522). So a step
// reads the few units of the hexes it touches, not every unit.
//
// Every reader checks each unit's own position, so a listing may name a unit that has since
// left; what the index must never do is leave out a unit where it is. placed keeps it so at
// each place a unit's hex changes; where many may have changed at once (a refused Impulse puts
// every unit back), the index is dropped and made again when next asked for. A planner's
// scratch game has none: it looks at every unit, as a clone does until it first asks.
type occupancyIndex struct {
	lay *hex.Layout
	on  [][]int32           // by Layout.Index, each hex's units in the order of Units
	off map[hex.Hex][]int32 // the same for hexes off the map (units waiting to enter, or gone)
	at  []hex.Hex           // the hex each unit is listed in
	// stale: any unit may have moved unlisted; the index is made again when next asked for,
	// in the same storage.
	stale bool
}

// list is the units listed in hex h.
func (x *occupancyIndex) list(h hex.Hex) []int32 {
	if i := x.lay.Index(h); i >= 0 {
		return x.on[i]
	}
	return x.off[h]
}

// set lists l in hex h. A hex of the map keeps its emptied listing's room for the next unit
// that enters it, so moving about the map allocates nothing once each hex has been entered.
func (x *occupancyIndex) set(h hex.Hex, l []int32) {
	switch i := x.lay.Index(h); {
	case i >= 0:
		x.on[i] = l
	case len(l) == 0:
		delete(x.off, h)
	default:
		x.off[h] = l
	}
}

// each calls f with every hex's listing, on the map and off it.
func (x *occupancyIndex) each(f func(h hex.Hex, l []int32)) {
	for i, l := range x.on {
		if len(l) > 0 {
			f(x.lay.HexAt(i), l)
		}
	}
	for h, l := range x.off {
		f(h, l)
	}
}

// unitsIn is the units that may be in hex h (readers check where each is): the index's
// listing, or every unit in a scratch game.
func (g *Game) unitsIn(h hex.Hex) iter.Seq[int] {
	return func(yield func(int) bool) {
		if g.Scratch {
			for i := range g.Units {
				if !yield(i) {
					return
				}
			}
			return
		}
		x := g.occupancy()
		for _, i := range x.list(h) {
			if !yield(int(i)) {
				return
			}
		}
	}
}

// occupancy is the index, made now if the game has none (or has gained units since, or it
// was forgotten).
func (g *Game) occupancy() *occupancyIndex {
	x := g.occ
	if x != nil && !x.stale && len(x.at) == len(g.Units) && x.lay == g.Map.Layout {
		return x
	}
	if lay := g.Map.Layout; x == nil || x.lay != lay {
		x = &occupancyIndex{lay: lay, on: make([][]int32, lay.Size()), off: map[hex.Hex][]int32{}}
	} else {
		for _, h := range x.at { // empty every listing, keeping its room
			x.set(h, x.list(h)[:0])
		}
		x.stale = false
	}
	x.at = slices.Grow(x.at[:0], len(g.Units))[:len(g.Units)]
	for i := range g.Units {
		h := g.Units[i].Pos.Hex
		x.set(h, append(x.list(h), int32(i)))
		x.at[i] = h
	}
	g.occ = x
	return x
}

// placed moves unit i's listing to the hex it is in now, if it has moved.
func (g *Game) placed(i int) {
	x := g.occ
	if x == nil || x.stale || i < 0 || i >= len(x.at) || len(x.at) != len(g.Units) {
		return
	}
	h := g.Units[i].Pos.Hex
	old := x.at[i]
	if h == old {
		return
	}
	if l := x.list(old); len(l) == 1 && l[0] == int32(i) {
		x.set(old, l[:0]) // alone there: the common case
	} else {
		x.set(old, slices.DeleteFunc(l, func(j int32) bool { return int(j) == i }))
	}
	l := x.list(h)
	k, _ := slices.BinarySearch(l, int32(i))
	x.set(h, slices.Insert(l, k, int32(i)))
	x.at[i] = h
}

// forgetOccupancy has the index made again when next asked for, in the storage it has (any
// unit may have moved without placed).
func (g *Game) forgetOccupancy() {
	if g.occ != nil {
		g.occ.stale = true
	}
}

// bypassing is the first unit other than u in Bypass along hexside side of p (q, the hex
// across it, names the same hexside from its side), or nil (D2.31).
func (g *Game) bypassing(u *Unit, p, q hex.Hex, side hex.Side) *Unit {
	first := -1
	for _, at := range [2]hex.Hex{p, q} {
		for i := range g.unitsIn(at) {
			if first >= 0 && i >= first {
				break // listed in the order of Units
			}
			o := &g.Units[i]
			if o.ID != u.ID && !o.Destroyed && o.Pos.Bypass && (o.Pos.Hex == p && o.Pos.Side == side || o.Pos.Hex == q && o.Pos.Side == side.Opposite()) {
				first = i
				break
			}
		}
	}
	if first < 0 {
		return nil
	}
	return &g.Units[first]
}

// unitsOf is the units that may be in hex a or b, in the order of Units.
func (g *Game) unitsOf(a, b hex.Hex) []int {
	var out []int
	for i := range g.unitsIn(a) {
		out = append(out, i)
	}
	if b != a {
		for i := range g.unitsIn(b) {
			out = append(out, i)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// placedAll moves the listings of units ms (say a group's members after its Impulse).
func (g *Game) placedAll(ms []int) {
	for _, m := range ms {
		g.placed(m)
	}
}

// movers is the units a group operation on group gi may move, besides those named: gi's
// members as it begins. Nil where there is no index to keep.
func (g *Game) movers(gi int, named ...int) []int {
	if g.occ == nil || g.occ.stale {
		return nil
	}
	ms := append([]int(nil), named...)
	if gi >= 0 && gi < len(g.Groups) {
		ms = append(ms, g.Groups[gi].Members...)
	}
	return ms
}
