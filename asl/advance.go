package asl

import (
	"fmt"

	"github.com/umpire-referee/umpire/hex"
	"github.com/umpire-referee/umpire/words"
)

// The Advance Phase (A4.7) follows the phasing side's MPh: each of its Good Order, unpinned
// Infantry and Cavalry units may advance one hex, and a Column advances as one multi-hex stack
// by an Impulse, each unit into the hex the one ahead of it leaves (E11.52). Outside a MPh,
// Column Disbandment is checked as each unit advances (E11.532).

// BeginAPh moves the game to the Advance Phase of side (A4.7). After side's own MPh it is the
// same Player Turn going on; from any other phase (the other side's turn, or side's APh
// already) it is side's next Player Turn, whose MPh passes without a move. No unit has advanced
// yet.
func (g *Game) BeginAPh(side string) {
	if g.Phasing != side || g.Phase != PhaseMPh {
		g.BeginMPh(side)
	}
	g.closeObjectives("")
	g.Phase = PhaseAPh
	for i := range g.Units {
		g.Units[i].Advanced = false
	}
}

// inMPh is the one gate of what only a Movement Phase allows: a unit's MP or MF expenditure, a
// group's Impulse or group step, a DEFENDER's Motion attempt. In the APh it refuses them.
func (g *Game) inMPh() error {
	if g.Phase == PhaseMPh {
		return nil
	}
	return g.refuse("A4.7", "it is the %s %s: MP and MF are spent in a Movement Phase; in the APh Infantry and Cavalry advance (advance UNIT HEX) and a Column advances as one (COLUMN advance HEX)", g.Phasing, g.Phase)
}

// mayAdvance is what every advance asks of each unit making it (A4.7): it is the APh of the
// unit's side, the unit has not advanced this APh (one hex an APh), it is unpinned (A7.8) and in
// Good Order, and it is Infantry or Cavalry, or a wagon advancing with its Column (E11.52). A
// unit waiting off-board may advance only with its Column, onto the board (E11.7).
func (g *Game) mayAdvance(u *Unit, withColumn bool) error {
	switch {
	case g.Phase != PhaseAPh:
		return g.refuse("A4.7", "%s may advance only in an Advance Phase, and it is the %s %s (\"aph %s\" begins that side's APh)", u.ID, g.Phasing, g.Phase, u.Side)
	case u.Side != g.Phasing:
		return g.refuse("A4.7", "%s belongs to %s and it is the %s APh: only the phasing side advances", u.ID, u.Side, g.Phasing)
	case u.V.Class < Infantry && !(withColumn && u.V.Class == Wagon):
		return g.refuse("A4.7", "%s is %s: only Infantry and Cavalry advance (and wagons with their Column, E11.52)", u.ID, u.V.Class.A())
	case u.Destroyed || u.Exited || u.Pos.Offboard && !withColumn:
		return g.refuse("A4.7", "%s is not on the map", u.ID)
	case u.Advanced:
		return g.refuse("A4.7", "%s has already advanced this APh: a unit advances one hex an APh", u.ID)
	case u.Pinned:
		return g.refuse("A7.8", "%s is pinned and may not advance", u.ID)
	case u.Broken:
		return g.refuse("A4.7", "%s is broken: only Good Order units advance", u.ID)
	}
	return nil
}

// advanceEntry checks the Location u would advance into from where it stands, and returns where
// it would then stand: an adjacent hex (or, from off the board, a board-edge hex), across a
// hexside its kind may cross, into terrain the Terrain Chart lets it enter (D2.1), and, for a
// Column unit, a Location a Column may enter (E11.521; rubble reports that a project default
// allowed it). An advance costs no MF: the chart is read only for what it forbids.
func (g *Game) advanceEntry(u *Unit, to hex.Hex) (p Position, rubble bool, err error) {
	lay := g.Map.Layout
	if u.Pos.Offboard {
		if !g.onEdge(to) {
			return p, false, g.refuse("E11.7", "%s enters from off-board: %s is not a board-edge hex", u.ID, lay.Name(to))
		}
	} else if !g.Map.Contains(to) || !u.Pos.Hex.Adjacent(to) {
		return p, false, g.refuse("A4.7", "%s advances one hex: %s is not adjacent to %s", u.ID, lay.Name(to), lay.Name(u.Pos.Hex))
	}
	x, err := g.footFrom(u, to)
	if err != nil {
		return p, false, err
	}
	if rubble, err = g.columnMayEnter(u, &x); err != nil {
		return p, false, err
	}
	var c Cost
	var e entry
	if err := g.footCost(u, &x, u.V.Allotment(), &c, &e); err != nil {
		return p, false, err
	}
	return Position{Hex: to, OnRoad: e.road, Below: e.below}, rubble, nil
}

// advanceUnit puts unit i, checked by mayAdvance and advanceEntry, at p: it has advanced this
// APh (rubble: a project default let its Column into rubble, which the report names). A
// DEFENDER sees from its new hex (D2.401), a Column unit that enters hidden wire reveals it and
// Disbands its Column (E11.534), and every Column is checked for Disbandment (E11.532).
func (g *Game) advanceUnit(i int, p Position, rubble bool, r *Result) {
	u := &g.Units[i]
	was := placeOf(u)
	if !u.Pos.Offboard {
		u.LastHex, u.HasLast = u.Pos.Hex, true
	}
	u.Pos = p
	u.Advanced = true
	g.notePlace(i, was)
	g.placed(i)
	r.event("E11.532", fmt.Sprintf("%s advances into %s: Columns are checked for Disbandment", u.ID, g.Map.Layout.Name(p.Hex)))
	if rubble {
		r.event("E11.521", columnRubbleNote)
	}
	if gi := int(u.Column) - 1; gi >= 0 && g.Groups[gi].canDisband() && g.revealWire(gi, u, r) {
		return
	}
	g.CheckColumns(r)
}

// Advance is one unit's advance into an adjacent hex in its side's APh (A4.7). A unit of a
// Column advances only with its Column (E11.52). Outside any APh (the notation had none before
// `aph`), a lone Infantry or Cavalry unit's advance is still what it was, the referee's outside
// event, checked only for where it goes, and the report says A4.7 was not applied.
func (g *Game) Advance(i int, to hex.Hex, r *Result) error {
	r.Reset()
	if i < 0 || i >= len(g.Units) {
		return g.refuse("scenario", "no such unit")
	}
	u := &g.Units[i]
	if gi := int(u.Column) - 1; gi >= 0 && g.Groups[gi].canDisband() {
		return g.refuse("E11.52", "%s is in Column %s, which advances only as one multi-hex stack: write \"%s advance HEX\" for its lead", u.ID, g.Groups[gi].ID, g.Groups[gi].ID)
	}
	outside := g.Phase == PhaseMPh && u.V.Class >= Infantry && !u.Destroyed && !u.Exited && !u.Pos.Offboard
	if !outside {
		if err := g.mayAdvance(u, false); err != nil {
			return err
		}
	}
	p, rubble, err := g.advanceEntry(u, to)
	if err != nil {
		return err
	}
	g.advanceUnit(i, p, rubble, r)
	if outside {
		// A line written before the APh was notation: the referee reports an advance made in
		// some APh, as an outside event, which A4.7 is not checked against.
		r.event("A4.7", fmt.Sprintf("an outside event: no APh has begun, so this advance is not checked against A4.7 (\"aph %s\" begins that side's APh)", u.Side))
	}
	return nil
}

// advanceColumn advances Column gi in its side's APh as one multi-hex stack, by an Impulse
// (E11.52): the lead's stack into hex to, each stack behind it into the hex the stack ahead
// has left; a unit waiting off-board enters the board-edge hex the stack ahead of it left, if
// that stack was on the board (E11.7). Every unit is checked before any moves (mayAdvance,
// advanceEntry: E11.521 for each), so a refusal changes nothing. Units then advance lead first,
// and the Columns are checked for Disbandment as each does (E11.532); if the Column Disbands,
// the units behind have not advanced and, no longer in a Column, each may advance on its own.
// Once the whole Column has advanced, Detection applies (E11.522), and the enemy it reveals is a
// Known enemy for one more check.
func (g *Game) advanceColumn(gi int, to hex.Hex, r *Result) error {
	grp := &g.Groups[gi]
	lay := g.Map.Layout
	if grp.Kind != KindColumn {
		return g.refuse("A4.7", "%s is %s: vehicles do not advance; only a Column advances as a group (E11.52)", grp.ID, words.A(grp.Kind.String()))
	}
	ms := append([]int(nil), grp.Members...)
	if len(ms) == 0 {
		return g.refuse("E11.5", "Column %s has no units", grp.ID)
	}
	for _, m := range ms {
		if u := &g.Units[m]; !u.waiting() && u.place() == to {
			return g.refuse("E11.5", "%s may not advance into %s, held by its own Column: each stack enters only the hex the one ahead of it leaves", g.Units[ms[0]].ID, lay.Name(to))
		}
	}
	type move struct {
		unit   int
		p      Position
		rubble bool
	}
	moves := make([]move, 0, len(ms))
	target, onBoard := to, true // the hex the next stack enters, and whether the one ahead left it
	for k, m := range ms {
		u := &g.Units[m]
		if k > 0 {
			if a := &g.Units[ms[k-1]]; u.waiting() || a.waiting() || a.place() != u.place() {
				target, onBoard = a.place(), !a.waiting() // a stack of its own
			}
		}
		if err := g.mayAdvance(u, true); err != nil {
			return err
		}
		if !onBoard {
			continue // it waits off-board behind a unit still off-board (E11.7)
		}
		p, rubble, err := g.advanceEntry(u, target)
		if err != nil {
			return err
		}
		moves = append(moves, move{m, p, rubble})
	}
	r.event("E11.52", fmt.Sprintf("Column %s advances as one multi-hex stack: %s into %s, each unit behind into the hex just left ahead of it", grp.ID, g.Units[ms[0]].ID, lay.Name(to)))
	for k, mv := range moves {
		g.advanceUnit(mv.unit, mv.p, mv.rubble, r)
		if grp.canDisband() {
			continue
		}
		if k+1 < len(moves) {
			var behind []int
			for _, b := range moves[k+1:] {
				behind = append(behind, b.unit)
			}
			r.event("A4.7", fmt.Sprintf("Column %s has Disbanded: %s behind it did not advance with it and, no longer in a Column, may each advance on its own", grp.ID, g.memberNames(behind)))
		}
		return nil
	}
	for _, m := range grp.Members {
		if u := &g.Units[m]; u.Advanced && !u.Pos.Offboard {
			g.detect(u, r)
			g.placed(m)
		}
	}
	g.CheckColumns(r) // an enemy Detection revealed is Known now
	return nil
}
