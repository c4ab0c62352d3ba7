package asl

// The record a DEFENDER's Motion attempt reads (D2.401): how many MP each enemy unit spent in
// its LOS this MPh, not counting a unit that was already in that LOS when the MPh began.
//
// No line of sight is traced while units move. The game keeps, for the MPh, where each unit
// stood when it began (losStart) and, in order, where each moving unit spent MP and how many
// (losLog, with a note whenever a DEFENDER's own place changes, say when it routs or is
// destroyed). A Motion attempt replays that record for its one defender (motionSpent), so a
// Movement Phase costs line of sight only where a rule asks for it, and the answers are those
// of tracing the LOS from each expenditure to each enemy unit as it is made.
//
// This relies on the map's line of sight not changing during the MPh: wrecks and revealed
// wire, the only map changes a step makes, do not block LOS (Map.LOSBetween).

// losPlace is where a unit stands for LOS: on the map and not destroyed (On), at a spot.
type losPlace struct {
	At Spot
	On bool
}

// placeOf is where u stands for LOS now.
func placeOf(u *Unit) losPlace {
	if u.Pos.Offboard || u.Destroyed {
		return losPlace{}
	}
	return losPlace{At: u.Pos.Spot(), On: true}
}

// losEntry is one line of the MPh's LOS record: Unit spent MP (MP > 0) from a place, or
// (MP == 0) Unit now stands at a new place.
type losEntry struct {
	Unit  int32
	MP    MP
	Place losPlace
}

// startLOSRecord begins the record of an MPh: every unit's place as it begins, and no
// expenditure yet (D2.401).
func (g *Game) startLOSRecord() {
	g.losLog = g.losLog[:0]
	g.losStart = g.losStart[:0]
	for i := range g.Units {
		g.losStart = append(g.losStart, placeOf(&g.Units[i]))
	}
}

// spentInLOS records that unit i spent mp MP where u stands (u is unit i as it stood when it
// spent them), for the Motion attempts of the enemy units that see that place (D2.401). A
// planner's scratch game keeps no record: no step's legality reads it.
func (g *Game) spentInLOS(i int, u *Unit, mp MP) {
	if mp <= 0 || g.Scratch {
		return
	}
	p := placeOf(u)
	if !p.On {
		return // off the map or destroyed: in no one's LOS
	}
	g.losLog = append(g.losLog, losEntry{Unit: int32(i), MP: mp, Place: p})
}

// mphEnded is the one record every end of an MPh makes, whatever ended it: an `end` (Stopped,
// in Motion or Immobile), a Bog, a failed Bog removal or NTC, a group's end, a Column's
// Disbandment. A vehicle that ends its MPh with MP left is assumed to spend them in its final
// hex (D2.1), so they count in the LOS of each DEFENDER that sees that hex, for its Motion
// attempt (D2.401), just as MP it spent there would. u is unit i as its MPh ends, once nothing
// more is charged to it: an Impulse calls this after charging its members (D14.31), not each
// member's step. An attack that leaves a vehicle unable to spend MP for the rest of its MPh
// (Immobilized, Stunned, Shocked, Recalled) makes the record then; the MP are counted once
// (Unit.LeftCounted), whatever later ends the MPh. It returns the MP so counted (Infantry and
// Cavalry count none: D2.1 is a vehicle's rule).
func (g *Game) mphEnded(i int, u *Unit) MP {
	left := u.Remaining()
	if u.V.Class >= Infantry || u.AllUsed || left <= 0 || u.LeftCounted {
		return 0
	}
	u.LeftCounted = true
	g.spentInLOS(i, u, left)
	return left
}

// notePlace records where DEFENDER i stands now if a step moved it from was, where it stood
// before, as when it routs or advances (E11.532) or is destroyed: MP spent from then on are
// counted against its new place (D2.401). Phasing units need no note: each expenditure names
// its own place, and only a DEFENDER makes a Motion attempt.
func (g *Game) notePlace(i int, was losPlace) {
	if g.Scratch || g.Units[i].Side == g.Phasing {
		return
	}
	if p := placeOf(&g.Units[i]); p != was {
		g.losLog = append(g.losLog, losEntry{Unit: int32(i), Place: p})
	}
}

// seenAtStart reports whether unit i was in defender d's LOS when the MPh began: its MP then
// do not count for d's Motion attempt (D2.401).
func (g *Game) seenAtStart(i, d int) bool {
	a, b := g.losStart[i], g.losStart[d]
	return a.On && b.On && g.Map.LOSBetween(a.At, b.At)
}

// motionSpent is the MP each unit of the other side spent this MPh in defender d's LOS
// (D2.401), indexed by unit: the record replayed for d alone, d's place changing where the
// record notes it, each place seen from d traced once.
func (g *Game) motionSpent(d int) []MP {
	spent := make([]MP, len(g.Units))
	at := g.losStart[d]
	seen := map[Spot]bool{}
	side := g.Units[d].Side
	for k := range g.losLog {
		e := &g.losLog[k]
		i := int(e.Unit)
		switch {
		case e.MP == 0:
			if i == d {
				at = e.Place
				clear(seen)
			}
			continue
		case i == d || !at.On || g.Units[i].Side == side:
			continue
		}
		in, ok := seen[e.Place.At]
		if !ok {
			in = g.Map.LOSBetween(e.Place.At, at.At)
			seen[e.Place.At] = in
		}
		if in {
			spent[i] += e.MP
		}
	}
	return spent
}
