package asl

import (
	"errors"
	"fmt"
	"strings"

	"github.com/umpire-referee/umpire/hex"
)

// D2.4: "A vehicle may end its MPh in Motion without expending all of its MP only if it has
// insufficient MP remaining to enter the next hex it wishes to enter."
//
// The next hex a vehicle may enter is one it could enter going forward, outright, from where it
// is (D2.11: a hex of its VCA; from Bypass, the hex at the base of its VCA, D2.33), and its cost
// is what [Game.Step] would charge for that entry (entryCost: the terrain, a climb, wrecks and
// vehicles there, towing and Convoy MP), with no Start MP: a vehicle ending in Motion is moving.
// VBM along a hexside of that hex, a Minimum Move and leaving the map are other moves, not the
// entry of the next hex, and are not counted.

// endHow is how an `end` meets D2.4's test of MP left.
type endHow struct {
	toward hex.Hex // with named: the hex the vehicle wished to enter next
	named  bool    // `end toward HEX`
	// group: the end is part of its group's end, which tests the group as a whole (groupEnd):
	// the vehicle's own VCA is not tested.
	group bool
}

// towardStatus refuses `end toward HEX` for a vehicle that would not end its MPh in Motion
// with MP left: there is no next hex to name then (D2.4).
func (g *Game) towardStatus(u *Unit) error {
	switch {
	case u.footMover():
		return g.refuse("D2.4", "%s is %s: it has no Motion status, so it ends its MPh with \"end\", naming no hex", u.ID, u.V.Class.A())
	case u.Pos.Offboard:
		return g.refuse("D2.4", "%s is off the map: it has no next hex to name; write \"%s end\"", u.ID, u.ID)
	case u.Immobile != Mobile:
		return g.refuse("D2.4", "%s is %s: it ends its MPh without a Motion counter; write \"%s end\"", u.ID, u.Immobile, u.ID)
	case u.MinimumMove:
		return g.refuse("D2.15", "%s made a Minimum Move and has no MP left: it ends its MPh in Motion; write \"%s end\"", u.ID, u.ID)
	case !u.Moving && !u.Motion:
		return g.refuse("D2.4", "%s is Stopped: it ends its MPh Stopped, not in Motion; write \"%s end\"", u.ID, u.ID)
	case u.Reverse:
		return g.refuse("D2.24", "%s is moving in Reverse and may not end its MPh in Motion; \"%s end\" pays its Stopping MP", u.ID, u.ID)
	case u.AllUsed || u.Remaining() <= 0:
		return g.refuse("D2.4", "%s has no MP left: it ends its MPh in Motion without naming a hex; write \"%s end\"", u.ID, u.ID)
	}
	return nil
}

// motionEndOK applies D2.4 to a vehicle about to end its MPh in Motion: with MP left it may,
// toward a named hex it cannot afford, or when no hex of its VCA is affordable. A group's end
// is tested by the group (groupEnd).
func (g *Game) motionEndOK(u *Unit, how endHow) error {
	left := u.Remaining()
	if how.group || left <= 0 || u.AllUsed || u.Pos.Offboard {
		return nil
	}
	lay := g.Map.Layout
	if how.named {
		var c Cost
		all, err := g.nextEntry(u, how.toward, &c)
		if err != nil {
			return err
		}
		if affordable(u, all, c.Total(), left) {
			return g.refuse("D2.4", "%s has %s MP left and entering %s costs %s: it may end its MPh in Motion with MP left only if they cannot pay the entry of the next hex it wishes to enter; enter it, or Stop", u.ID, left, lay.Name(how.toward), entryWords(u, all, &c))
		}
		return nil
	}
	var refusal error
	g.payableNext(u, left, func(to hex.Hex, c *Cost, all bool) bool {
		stop := "Stop (1 MP)"
		if left < Whole(1) {
			stop = "enter it"
		}
		refusal = g.refuse("D2.4", "%s has %s MP left and could still enter %s (%s): a vehicle may end its MPh in Motion with MP left only if they cannot pay the entry of the next hex it wishes to enter; %s, or write \"%s end toward HEX\" naming the hex it wished to enter, if that one costs more than it has left", u.ID, left, lay.Name(to), entryWords(u, all, c), stop, u.ID)
		return false
	})
	return refusal
}

// payableNext calls yield for each hex vehicle u could enter next going forward (not by VBM)
// whose entry it can pay with left MP, with that entry's cost, until yield returns false.
func (g *Game) payableNext(u *Unit, left MP, yield func(to hex.Hex, c *Cost, all bool) bool) {
	var buf [6]moveOption
	for _, o := range u.Pos.forwardOptions(buf[:0]) {
		if o.bypass || !g.Map.Contains(o.to) {
			continue
		}
		var c Cost
		all, err := g.nextEntry(u, o.to, &c)
		if err != nil || !affordable(u, all, c.Total(), left) {
			continue
		}
		if !yield(o.to, &c, all) {
			return
		}
	}
}

// nextEntry is the cost of entering hex `to` as vehicle u's next move (see the head of this
// file), or a refusal under D2.4 saying why it could not enter it next at all: not in its VCA,
// off the map, NA on the Terrain Chart (D2.1), the obstacle of the hex it is Bypassing (D2.33),
// a Convoy vehicle's last hex (E11.22).
func (g *Game) nextEntry(u *Unit, to hex.Hex, c *Cost) (all bool, err error) {
	lay := g.Map.Layout
	var buf [6]moveOption
	opts := u.Pos.forwardOptions(buf[:0])
	found := false
	for _, o := range opts {
		found = found || !o.bypass && o.to == to
	}
	not := func(why string, args ...any) error {
		return g.refuse("D2.4", "%s is not a hex %s could enter next: %s", lay.Name(to), u.ID, fmt.Sprintf(why, args...))
	}
	switch {
	case !found:
		var ok []string
		for _, o := range opts {
			if !o.bypass && g.Map.Contains(o.to) && o.to != u.Pos.Hex {
				ok = append(ok, lay.Name(o.to))
			}
		}
		return false, not("going forward from %s it may enter %s (D2.11)", g.where(u), strings.Join(ok, " or "))
	case !g.Map.Contains(to):
		return false, not("it is off the map (a vehicle leaves the map with \"exit\")")
	case u.Pos.Bypass && to == u.Pos.Hex:
		return false, not("it may not enter the obstacle of the hex it is Bypassing (D2.33)")
	case u.Convoy != 0 && u.HasLast && to == u.LastHex:
		return false, not("a Convoy vehicle may not re-enter the hex it last left this MPh (E11.22)")
	}
	var e entry
	err = g.entryCost(u, u.Pos, to, false, c, &e)
	if err == nil {
		_, err = g.leaveCheck(u, to, e.below) // a bridge or sunken road left off its road
	}
	var ref *Refusal
	if errors.As(err, &ref) {
		return false, not("%s (%s)", ref.Msg, ref.Rule)
	}
	return e.all, err
}

// affordable reports whether an entry costing cost (all: ALL MP, D2.7) can be paid with left
// MP. ALL MP can be paid only by a vehicle that has spent nothing but Start/Stop MP.
func affordable(u *Unit, all bool, cost, left MP) bool {
	if all {
		return !u.AllUsed && u.Spent-u.StartStop == 0
	}
	return cost <= left
}

// entryWords is an entry's cost in words: "3 MP: 1 [Open Ground] ..." or "ALL its MP".
func entryWords(u *Unit, all bool, c *Cost) string {
	switch {
	case all && affordable(u, true, 0, 0):
		return "ALL its MP (D2.7)"
	case all:
		return "ALL its MP (D2.7), and it has already spent some"
	}
	return c.String()
}

// groupMotionEndOK applies D2.4 to a group ending its MPh (D14.3): its members end in Motion
// with MP left only if the group could make no other Impulse in which a member enters a hex;
// or, with ends (each member's `end toward HEX`), if the Impulse they name - those members
// entering those hexes, in the order written, each paying for the others where they are by
// then - costs more than the group has left (D14.31: an Impulse costs the most any member
// spends, and no member spends unless all can afford it). why says, when the members end in
// Motion with MP left, why they may.
func (g *Game) groupMotionEndOK(gi int, parts []int, ends []Action) (why string, err error) {
	grp := &g.Groups[gi]
	budget, moving := MP(-1), false
	for _, m := range parts {
		u := &g.Units[m]
		if u.footMover() || u.Ended {
			continue
		}
		if left := u.Remaining(); budget < 0 || left < budget || u.AllUsed {
			budget = left
			if u.AllUsed {
				budget = 0
			}
		}
		moving = moving || u.Immobile == Mobile && (u.Moving || u.Motion) && !u.Reverse
	}
	for k, a := range ends {
		if !isMember(parts, a.Unit) {
			return "", g.refuse("D14.3", "%s does not move with %s (members: %s)", g.Units[a.Unit].ID, grp.ID, g.memberNames(parts))
		}
		for _, b := range ends[:k] {
			if b.Unit == a.Unit {
				return "", g.refuse("D2.4", "%s is named twice: name each member's next hex once", g.Units[a.Unit].ID)
			}
		}
		if err := g.towardStatus(&g.Units[a.Unit]); err != nil {
			return "", err
		}
	}
	if !moving || budget <= 0 {
		return "", nil
	}
	if len(ends) > 0 {
		return g.namedImpulse(grp, ends, budget)
	}
	why = fmt.Sprintf("with %s MP unused: it could make no other Impulse entering a hex (D14.3)", budget)
	return why, g.anotherImpulse(grp, parts, budget)
}

// namedImpulse refuses a group's `end toward` when the Impulse it names is affordable: each
// member named enters its hex in the order written, seeing the others where they are by then.
func (g *Game) namedImpulse(grp *Group, ends []Action, budget MP) (string, error) {
	lay := g.Map.Layout
	saved := make([]Position, 0, len(ends))
	var words []string
	var cost MP
	cannot := false // a member cannot pay its entry at all (ALL MP after spending some, D2.7)
	var err error
	for _, a := range ends {
		u := &g.Units[a.Unit]
		var c Cost
		var all bool
		if all, err = g.nextEntry(u, a.A, &c); err != nil {
			break
		}
		if all {
			// ALL MP is paid whatever is left, if nothing but Start/Stop MP was spent (D2.7).
			cannot = cannot || !affordable(u, true, 0, 0)
		} else {
			cost = max(cost, c.Total())
		}
		words = append(words, fmt.Sprintf("%s into %s: %s", u.ID, lay.Name(a.A), entryWords(u, all, &c)))
		saved = append(saved, u.Pos)
		u.Pos = Position{Hex: a.A, Heading: u.Pos.FacingHeading()}
		g.placed(a.Unit) // the next members' entries see it there
	}
	for k := len(saved) - 1; k >= 0; k-- {
		g.Units[ends[k].Unit].Pos = saved[k]
		g.placed(ends[k].Unit)
	}
	if err != nil {
		return "", err
	}
	if cannot || cost > budget {
		paid := cost.String() + " MP"
		if cannot {
			paid = "ALL MP (D2.7)"
		}
		return fmt.Sprintf("with %s MP unused: the Impulse it wished to make next costs %s (%s; D14.31)", budget, paid, strings.Join(words, "; ")), nil
	}
	return "", g.refuse("D2.4", "the Impulse %s names would cost %s MP (%s) and every member has at least %s MP left: a group may end its MPh in Motion with MP left only if they cannot pay the Impulse it wishes to make next (D14.31); make it, or Stop", grp.ID, cost, strings.Join(words, "; "), budget)
}

// anotherImpulse refuses a group's plain `end` while it could make another Impulse in which a
// member enters a hex of its VCA that every member can afford; a platoon only one that keeps it
// in formation (D14.21).
func (g *Game) anotherImpulse(grp *Group, parts []int, budget MP) error {
	lay := g.Map.Layout
	for _, m := range parts {
		u := &g.Units[m]
		if u.footMover() || u.Ended || u.Immobile != Mobile || !u.Moving && !u.Motion || u.Reverse || u.Pos.Offboard {
			continue
		}
		var refusal error
		g.payableNext(u, budget, func(to hex.Hex, c *Cost, all bool) bool {
			if grp.Kind == KindPlatoon {
				was := u.Pos
				u.Pos = Position{Hex: to, Heading: u.Pos.FacingHeading()}
				broken := g.formation(grp.Members) != ""
				u.Pos = was
				if broken {
					return true
				}
			}
			refusal = g.refuse("D2.4", "%s could make another Impulse: %s could enter %s (%s) and every member has at least %s MP left; a group may end its MPh in Motion with MP left only if they cannot pay the Impulse it wishes to make next (D14.3); Stop (\"%s stop\"), or write \"%s end toward %s:HEX, ...\" naming each member's next hex", grp.ID, u.ID, lay.Name(to), entryWords(u, all, c), budget, grp.ID, grp.ID, u.ID)
			return false
		})
		if refusal != nil {
			return refusal
		}
	}
	return nil
}
