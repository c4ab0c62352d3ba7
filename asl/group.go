package asl

import (
	"fmt"
	"math"
	"strings"

	"github.com/umpire-referee/umpire/hex"
)

// GroupKind is the kind of multi-Location stack that moves by Impulses (D14.3).
type GroupKind uint8

// Group kinds.
const (
	KindPlatoon        GroupKind = iota // radioless AFV platoon, or radio AFVs that declared one (D14.2)
	KindConvoy                          // motorized vehicles in a line, lead first (E11.1)
	KindColumn                          // Infantry/Cavalry/wagons in a line, lead first (E11.5)
	KindArmoredAssault                  // AFV (one, or a platoon) and one Infantry stack (D14.33)
)

var groupKindNames = [...]string{"platoon", "convoy", "column", "armored-assault"}

func (k GroupKind) String() string { return groupKindNames[k] }

// ParseGroupKind reads "platoon", "convoy" or "column".
func ParseGroupKind(s string) (GroupKind, error) {
	for i, n := range groupKindNames {
		if strings.EqualFold(strings.ReplaceAll(strings.TrimSpace(s), "_", "-"), n) {
			return GroupKind(i), nil
		}
	}
	return 0, fmt.Errorf("unknown group kind %q (platoon, convoy, column, armored-assault)", s)
}

// Group is a platoon, Convoy or Column: units in several Locations that move together in
// Impulses (D14.3). Members are indexes into Game.Units; a Convoy or Column lists its lead
// first and then each unit behind the one before it.
type Group struct {
	ID      string
	Kind    GroupKind
	Members []int

	// Gone: the group no longer exists (disbanded, dissolved, split, combined, left).
	Gone bool
	// Radio: radio-equipped AFVs that declared Platoon Movement for this MPh only (D14.23).
	// Fresh: formed at setup, before its first MPh began.
	Radio, Fresh bool
	// Impulses completed in the current MPh.
	Impulses int
	// Ended: the group has completed its MPh.
	Ended bool
	// StopSpent: this Convoy expended a Stop MP this MPh, so it may not Start again (E11.2).
	StopSpent bool
	// Reform: a platoon that lost a member and is out of formation must be back in formation at
	// the end of the first Impulse in which a member enters a new hex (D14.22).
	Reform bool
	// Origin is the Convoy a Convoy was split from (itself if original): its elements finish
	// their MPh before any other ATTACKER unit moves (E11.21).
	Origin int
	// After is a group that must complete its MPh before this one continues (the new lead
	// Convoy of a Gap, E11.21), or -1.
	After int
	// Disbanded: a Column that Disbanded (E11.53).
	Disbanded bool
	// Escort: in an Armored Assault, the AFV the Infantry stack moves with (D14.333).
	Escort int
	// Hurry: a Column using Double Time/Gallop this MPh (E11.52).
	Hurry bool
	// WaitUnits: units ahead of this Convoy when a Gap split it, which complete their MPh
	// before it continues (E11.21), a vehicle left alone included.
	WaitUnits []int
}

// MaxGroups is the most groups a game keeps, those gone included: a unit records its groups by
// number from 1 in an int16. A Convoy's Gap splits it into at most as many groups as it has
// vehicles, so a scenario keeps well under this when its groups and units do (rules.Ceiling).
const MaxGroups = math.MaxInt16 - 1

// AddGroup forms a group at setup, checking what the rule asks of its kind: a platoon of two or
// three AFV in formation (D14.2, D14.21), a Convoy of two or more motorized vehicles one per hex
// in a line (E11.1), a Column of Infantry, Cavalry or wagons in a line (E11.5). A game that has
// formed MaxGroups groups (a long one, re-forming platoons turn after turn) forms no more.
func (g *Game) AddGroup(id string, kind GroupKind, members []int) error {
	if len(g.Groups) >= MaxGroups {
		return g.refuse("scenario", "group %s: this game has formed %d groups, the most umpire keeps", id, len(g.Groups))
	}
	if _, ok := g.Group(id); ok {
		return g.refuse("scenario", "group %s is named twice", id)
	}
	if _, ok := g.Unit(id); ok {
		return g.refuse("scenario", "group %s has the id of a unit", id)
	}
	seen := map[int]bool{}
	for _, m := range members {
		if m < 0 || m >= len(g.Units) {
			return g.refuse("scenario", "group %s: no such unit", id)
		}
		if seen[m] {
			return g.refuse("scenario", "group %s lists %s twice", id, g.Units[m].ID)
		}
		seen[m] = true
	}
	gi := len(g.Groups)
	grp := Group{ID: id, Kind: kind, Members: append([]int(nil), members...), Origin: gi, After: -1, Fresh: true}
	var err error
	switch kind {
	case KindPlatoon:
		err = g.checkPlatoon(&grp, "D14.2")
		allRadio := true
		for _, m := range members {
			if !g.Units[m].V.Radio {
				allRadio = false
			}
		}
		grp.Radio = allRadio
	case KindConvoy:
		err = g.checkConvoy(&grp)
	case KindColumn:
		err = g.checkColumn(&grp)
	case KindArmoredAssault:
		err = g.checkArmoredAssault(&grp)
	}
	if err != nil {
		return err
	}
	g.Groups = append(g.Groups, grp)
	g.join(gi)
	if kind == KindColumn {
		g.setColumnMF(gi)
	}
	return nil
}

// join records each member's membership on the unit.
func (g *Game) join(gi int) {
	grp := &g.Groups[gi]
	for _, m := range grp.Members {
		u := &g.Units[m]
		switch grp.Kind {
		case KindPlatoon:
			u.Platoon = int16(gi + 1)
		case KindConvoy:
			u.Convoy = int16(gi + 1)
			u.WasInConvoy = true
			u.origin = int16(grp.Origin + 1)
		case KindColumn:
			u.Column = int16(gi + 1)
		case KindArmoredAssault:
			u.Assault = int16(gi + 1)
		}
	}
}

// Group finds a group by id among those that still exist.
func (g *Game) Group(id string) (int, bool) {
	for i := range g.Groups {
		if g.Groups[i].ID == id && !g.Groups[i].Gone {
			return i, true
		}
	}
	return 0, false
}

// GroupOf is the group of the given kind the unit belongs to, or -1.
func (g *Game) GroupOf(unit int, kind GroupKind) int {
	u := &g.Units[unit]
	var k int16
	switch kind {
	case KindPlatoon:
		k = u.Platoon
	case KindConvoy:
		k = u.Convoy
	case KindColumn:
		k = u.Column
	case KindArmoredAssault:
		k = u.Assault
	}
	return int(k) - 1
}

func (g *Game) checkPlatoon(grp *Group, rule string) error {
	if len(grp.Members) < 2 || len(grp.Members) > 3 {
		return g.refuse(rule, "a platoon is two or three AFV; %s has %d", grp.ID, len(grp.Members))
	}
	for _, m := range grp.Members {
		u := &g.Units[m]
		switch {
		case !u.V.AFV:
			return g.refuse(rule, "%s is not an AFV; only AFV form platoons", u.ID)
		case u.Destroyed || u.Immobile != Mobile:
			return g.refuse(rule, "%s is not a Mobile AFV", u.ID)
		case u.Platoon != 0 && !g.Groups[u.Platoon-1].Gone:
			return g.refuse(rule, "%s is already in platoon %s", u.ID, g.Groups[u.Platoon-1].ID)
		}
		if u.Side != g.Units[grp.Members[0]].Side {
			return g.refuse(rule, "%s and %s are on different sides", u.ID, g.Units[grp.Members[0]].ID)
		}
	}
	if why := g.formation(grp.Members); why != "" {
		return g.refuse("D14.21", "platoon %s is not in formation: %s", grp.ID, why)
	}
	return nil
}

func (g *Game) checkConvoy(grp *Group) error {
	if len(grp.Members) < 2 {
		return g.refuse("E11.1", "a Convoy is two or more vehicles; %s has %d", grp.ID, len(grp.Members))
	}
	for _, m := range grp.Members {
		u := &g.Units[m]
		if u.V.Class == Wagon || u.V.Class >= Infantry {
			return g.refuse("E11.1", "%s is not a motorized vehicle; a Convoy is made of motorized vehicles", u.ID)
		}
		if u.Side != g.Units[grp.Members[0]].Side {
			return g.refuse("E11.1", "%s and %s are on different sides", u.ID, g.Units[grp.Members[0]].ID)
		}
		if u.Convoy != 0 && !g.Groups[u.Convoy-1].Gone {
			return g.refuse("E11.1", "%s is already in Convoy %s", u.ID, g.Groups[u.Convoy-1].ID)
		}
	}
	if why := g.lineBreak(grp.Members, "E11.1"); why != "" {
		return g.refuse("E11.1", "Convoy %s is not a line one vehicle per hex: %s", grp.ID, why)
	}
	return nil
}

// lineBreak says why a Convoy or Column line is broken, or "" if each unit is adjacent to the
// one ahead of it (a Convoy: one vehicle per hex). Units still off-board wait at the rear of the
// line to enter (E11.7).
func (g *Game) lineBreak(ms []int, rule string) string {
	lay := g.Map.Layout
	offboard := false
	for k, m := range ms {
		u := &g.Units[m]
		if u.Pos.Offboard && !u.Exited {
			if !offboard && k > 0 {
				if a := &g.Units[ms[k-1]]; !a.waiting() && !g.onEdge(a.place()) {
					return fmt.Sprintf("%s (%s) has left the board edge while %s behind it is still off-board", a.ID, g.where(a), u.ID)
				}
			}
			offboard = true
			continue
		}
		if offboard {
			return fmt.Sprintf("%s is on the map behind units still off-board", u.ID)
		}
		if k == 0 {
			continue
		}
		a := &g.Units[ms[k-1]]
		ah, uh := a.place(), u.place()
		if rule == "E11.1" && ah == uh {
			return fmt.Sprintf("%s and %s are in the same hex", a.ID, u.ID)
		}
		if ah != uh && !ah.Adjacent(uh) {
			return fmt.Sprintf("%s (%s) is not adjacent to %s (%s) ahead of it", u.ID, g.where(u), a.ID, g.where(a))
		}
		_ = lay
	}
	return ""
}

// waiting reports a unit off-board that has not yet entered the map.
func (u *Unit) waiting() bool { return u.Pos.Offboard && !u.Exited }

// place is the hex a unit occupies, or for a unit that has left the map the hex it left by.
func (u *Unit) place() hex.Hex {
	if u.Exited {
		return u.ExitHex
	}
	return u.Pos.Hex
}

func (g *Game) where(u *Unit) string {
	switch {
	case u.Exited:
		return "exited the map from " + g.Map.Layout.Name(u.ExitHex)
	case u.Pos.Offboard:
		return "off-board"
	}
	return g.Map.Layout.Name(u.Pos.Hex)
}

// formation says why platoon members do not meet the end-of-Impulse requirements of D14.21
// (rules-notes 1.4), or "": every member adjacent to and in LOS of another, connected as one
// chain, and all with the same Stopped/Motion status. LOS to or from an off-board member may be
// traced (D14.212); a member waiting to enter is next to members in board-edge hexes.
func (g *Game) formation(ms []int) string {
	if len(ms) < 2 {
		return ""
	}
	// Units waiting off-board to enter come on in Motion (D2.12): no status of their own yet.
	var first *Unit
	for _, m := range ms {
		b := &g.Units[m]
		if b.waiting() || b.Exited || b.Stunned {
			continue // no status of its own in this MPh: not entered, gone, or may not act
		}
		if first == nil {
			first = b
		} else if b.Stopped() != first.Stopped() {
			return fmt.Sprintf("%s is %s but %s is %s: a platoon Starts, Stops and stays in Motion together", first.ID, stoppedWord(first), b.ID, stoppedWord(b))
		}
	}
	// Connected by links of adjacency + LOS.
	var reached [3]bool
	if len(ms) > len(reached) {
		return "a platoon has at most three AFV"
	}
	reached[0] = true
	for changed := true; changed; {
		changed = false
		for i := range ms {
			if !reached[i] {
				continue
			}
			for j := range ms {
				if !reached[j] && g.linked(&g.Units[ms[i]], &g.Units[ms[j]]) {
					reached[j], changed = true, true
				}
			}
		}
	}
	for j, m := range ms {
		if !reached[j] {
			u := &g.Units[m]
			return fmt.Sprintf("%s (%s) is not adjacent to and in LOS of another member", u.ID, g.where(u))
		}
	}
	return ""
}

func stoppedWord(u *Unit) string {
	if u.Stopped() {
		return "Stopped"
	}
	return "moving"
}

// linked: two platoon members adjacent and in LOS of each other (D14.21).
func (g *Game) linked(a, b *Unit) bool {
	switch {
	case a.waiting() && b.waiting():
		return true
	case a.waiting():
		return g.onEdge(b.place())
	case b.waiting():
		return g.onEdge(a.place())
	}
	pa, pb := a.place(), b.place()
	if pa != pb && !pa.Adjacent(pb) {
		return false
	}
	if a.Pos.Offboard || b.Pos.Offboard || pa == pb {
		return true
	}
	sa, sb := Spot{Hex: pa}, Spot{Hex: pb}
	if a.Pos.Hex == pa {
		sa = a.Pos.Spot()
	}
	if b.Pos.Hex == pb {
		sb = b.Pos.Spot()
	}
	return g.Map.LOSBetween(sa, sb)
}

// onEdge reports a hex on the board edge (a neighbour is off the map).
func (g *Game) onEdge(h hex.Hex) bool {
	if !g.Map.Contains(h) {
		return false
	}
	for s := hex.Side(0); s < 6; s++ {
		if !g.Map.Contains(h.Neighbor(s)) {
			return true
		}
	}
	return false
}

// liveMembers lists the group's members that take part in its Impulses: not destroyed, not
// Immobile, not off the map after exiting, not Stunned (which may not spend MP; a Stunned AFV
// stays in its platoon but only its place counts, D14.21). The list is a buffer of the game's,
// good until the next call.
func (g *Game) liveMembers(gi int) []int {
	grp := &g.Groups[gi]
	out := g.partsBuf[:0]
	defer func() { g.partsBuf = out[:0] }()
	for _, m := range grp.Members {
		u := &g.Units[m]
		if !u.Destroyed && u.Immobile == Mobile && !u.Exited && !u.Stunned {
			out = append(out, m)
		}
	}
	return out
}

// leaveGroup takes a unit out of a group (a Gap: destroyed, Immobile, Recalled, left).
func (g *Game) leaveGroup(gi, unit int) {
	grp := &g.Groups[gi]
	for k, m := range grp.Members {
		if m == unit {
			grp.Members = append(grp.Members[:k:k], grp.Members[k+1:]...)
			break
		}
	}
	u := &g.Units[unit]
	switch grp.Kind {
	case KindPlatoon:
		u.Platoon = 0
	case KindConvoy:
		u.Convoy = 0
	case KindColumn:
		u.Column = 0
	case KindArmoredAssault:
		u.Assault = 0
	}
}

// dissolve ends a group; its members move on their own.
func (g *Game) dissolve(gi int) {
	grp := &g.Groups[gi]
	for len(grp.Members) > 0 {
		g.leaveGroup(gi, grp.Members[0])
	}
	grp.Gone = true
}
