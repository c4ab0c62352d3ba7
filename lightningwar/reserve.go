package lightningwar

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Reserve Movement (rules-notes 3.4). A detachment whose written orders say "reserve" (and
// which has a leader with it) moves in the Movement Phase like any other and then, in Phase 3,
// again: the same orders, its whole allowance once more, in the same order of bands and sides.
// On every move it makes on Reserve Movement it may not cross ground known to be within 30"
// (1500 m) of an enemy tank or gun, or 5" (250 m) of an infantry squad, where the enemy was
// seen, measured from every one of its bases (the sweep's danger ground). It may not fire; it
// checks morale at -2 (the referee's result is an outside event: `morale`); fire on it ends
// its Reserve Movement, and it needs new orders.

// RuleMorale labels a morale result the referee reports.
const RuleMorale = "Morale check (outside event)"

// RuleFrontage labels the referee's placing of a detachment's models [rules-notes 3.6].
const RuleFrontage = "Frontage (rules-notes 3.6)"

// MoraleReserveDRM is the modifier to a morale check made on Reserve Movement [rules-notes 3.4].
const MoraleReserveDRM = -2

// onReserve reports whether the detachment is using Reserve Movement this turn: it follows
// orders that say so, or fire ended them this turn.
func (d *Detachment) onReserve(turn int) bool {
	return d.Order != nil && d.Order.Kind == Written && d.Order.Reserve || d.ReserveEnded == turn
}

// reservePhase plays Phase 3 [Reserve Movement]: each detachment still following orders to
// use Reserve Movement (not fired upon, not taking a discretionary action) moves again along
// its route for a whole turn, in the Movement Phase's order. Its distance moved this turn is
// the sum of both moves.
func (g *Game) reservePhase(gr *ground, r *recorder, rep *Report) error {
	if !slices.ContainsFunc(g.Dets, func(d *Detachment) bool { return d.Order != nil && d.Order.Reserve }) {
		return nil
	}
	for _, sl := range g.MovementOrder() {
		d := sl.Det
		if g.Det(d.ID) != d || d.Act != nil || d.Order == nil || d.Order.Kind != Written || !d.Order.Reserve {
			continue
		}
		if !g.HasLeader(d) {
			// a part broken off without the leader: Reserve Movement needs one
			rep.add(d.Side, d.ID, RuleReserve, "Phase 3, Reserve Movement: %s has no leader with it and does not move again", d.ID)
			continue
		}
		// (told to its own side only: the enemy learns nothing of who uses Reserve Movement)
		rep.Order = append(rep.Order, BandReserve+": "+d.ID)
		if len(d.Route) < 2 || d.Along >= d.Route.Length()-eps {
			rep.add(d.Side, d.ID, RuleReserve, "Phase 3, Reserve Movement: %s is at the end of its path and does not move again", d.ID)
			continue
		}
		rep.add(d.Side, d.ID, RuleReserve, "Phase 3, Reserve Movement: %s moves again, with its order of turn %d", d.ID, d.Order.Turn)
		moved := 0.0
		if d.Plan.Turn == g.Turn {
			moved = d.Moved
		}
		d.Plan = Plan{} // a new move: planned afresh
		if err := g.moveDet(d, gr, BandReserve, 1, r, rep); err != nil {
			return err
		}
		d.Moved += moved
	}
	return nil
}

// reserveShort says why a path is too short for Reserve Movement, or "" when it is long enough:
// the detachment must use its full allowance, in the Movement Phase and again in Phase 3
// (rules-notes 3.4), so the path from where it stands must not end before two turns' moves
// along it are done. It is measured as the Movement Phase moves the detachment (its slowest
// unit, the order's pace, road speed only for a turn wholly on road), with no dice, no miring
// and nothing in its way; its vehicles count as able to move, mired or not. Every reserve
// order is measured here: when it is written (order, route) and when it is taken up.
func (g *Game) reserveShort(d *Detachment, o *Order, path []Point) string {
	x := *d // a scratch copy to plan on: d is not changed
	x.Order = o
	x.Route = append(Polyline{d.Pos}, path...)
	x.Along = 0
	var movers []*Unit
	for _, id := range d.Units {
		if u := g.units[id]; u != nil && !u.Destroyed && u.In == "" {
			movers = append(movers, u)
		}
	}
	gr := g.Table.ground()
	gr.start(x.Route)
	if len(movers) == 0 || gr.length < eps {
		return fmt.Sprintf("%s has no path to move along from where it stands", d.ID)
	}
	for phase := range 2 { // the Movement Phase, then Phase 3
		x.Plan = Plan{Turn: g.Turn}
		g.planTurn(&x, gr, movers, &Report{})
		var left float64
		x.Along, left = reachLeft(gr, x.Along, x.Plan.Cap, 1, movers, &x.Plan)
		if x.Along >= gr.length-eps && left > 1e-9 {
			unused := left + float64(1-phase) // and all of Phase 3's, when it ends in the Movement Phase
			return fmt.Sprintf("%s's path is %s from where it stands: it would reach its end with %s of its two turns' movement (the Movement Phase and Phase 3) unused, and Reserve Movement uses them in full",
				d.ID, trimInches(gr.length), trim(math.Round(unused*100)/100))
		}
	}
	return ""
}

// reserveTakenUp is the order d takes up in place of o, a reserve order measured again from
// where d stands (reserveShort): o itself, or, its path now too short, a copy of it without
// Reserve Movement, and why.
func (g *Game) reserveTakenUp(d *Detachment, o *Order, path []Point) (*Order, string) {
	if o == nil || o.Kind != Written || !o.Reserve {
		return o, ""
	}
	why := g.reserveShort(d, o, path)
	if why == "" {
		return o, ""
	}
	n := *o // orders are not changed once written
	n.Reserve = false
	return &n, why
}

// reserveEnds reports that d, taking up order o, does so without the Reserve Movement it asked
// for, and why (short: "" when it keeps it).
func reserveEnds(d *Detachment, o *Order, short string, rep *Report) {
	if short != "" {
		rep.add(d.Side, d.ID, RuleReserve, "%s ends Reserve Movement as it takes up its order of turn %d: %s; it follows the order without it (no Phase 3 move)",
			d.ID, o.Turn, short)
	}
}

// BandReserve names Phase 3's moves in the report.
const BandReserve = "reserve"

// morale records a morale result the referee gives for d, an outside event: on Reserve
// Movement the check is made at -2, and the record shows it (rules-notes 3.4). A result that
// begins with a number is the roll, and the record works the -2 into it.
func (g *Game) morale(d *Detachment, a Action, rep *Report) error {
	res := strings.TrimSpace(a.Text)
	if !d.onReserve(g.Turn) {
		rep.add(d.Side, d.ID, RuleMorale, "%s checks morale: %s (the referee's result)", d.ID, res)
		return nil
	}
	f := strings.Fields(res)
	if n, err := strconv.Atoi(f[0]); err == nil {
		rest := strings.TrimSpace(strings.TrimPrefix(res, f[0]))
		if rest != "" {
			rest = ": " + rest
		}
		rep.add(d.Side, d.ID, RuleReserve, "%s checks morale on Reserve Movement at -2: roll %d %+d [Reserve Movement] = %d%s (the referee's result)",
			d.ID, n, MoraleReserveDRM, n+MoraleReserveDRM, rest)
		return nil
	}
	rep.add(d.Side, d.ID, RuleReserve, "%s checks morale on Reserve Movement at -2 [Reserve Movement]: %s (the referee's result)", d.ID, res)
	return nil
}

// place is the referee putting a detachment's models on the table: its point at a.At, faced
// a.Degrees if given, in line or column if named [rules-notes 3.6]. A detachment following a
// route goes on along the rest of it from there. It is not a move: no moving-firer penalty.
func (g *Game) place(d *Detachment, a Action, rep *Report) error {
	to := *a.At
	if !g.onTable(to) {
		return refuse(RuleFrontage, "%v is off the table", to)
	}
	rest := d.remaining()
	d.Pos = to
	if a.HasFacing {
		d.Facing = a.Degrees
	}
	switch a.Form {
	case "line":
		d.Form, d.Offsets = FormLine, nil
	case "column":
		d.Form, d.Offsets = FormColumn, nil
	}
	if a.Form != "" {
		d.InColumn = false
	}
	d.Track = append(d.Track, to)
	if d.Order != nil && len(rest) > 0 {
		d.Route, d.Along = append(Polyline{to}, rest...), 0
		if d.Plan.Turn == g.Turn {
			d.Plan.Events, d.Plan.Cap = 0, d.Route.Length() // a move already begun goes on from here
		}
	}
	rep.add(d.Side, d.ID, RuleFrontage, "the referee places %s at %v facing %s°, in %s", d.ID, to, trim(d.Facing), d.FormNow())
	return nil
}
