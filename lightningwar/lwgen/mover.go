package lwgen

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"

	lw "github.com/umpire-referee/umpire/lightningwar"
	"github.com/umpire-referee/umpire/lightningwar/ruleset"
	"github.com/umpire-referee/umpire/rules"
)

// Next draws the next line to try on g, a Lightning War game (package lightningwar/ruleset):
// a [gametest.Mover]. About one line in five plays the Movement Phase (the next part of it
// once it is under way, so that the turns go on; whole, in halves or quarters, or band by
// band before), most of the rest are steps the rules allow on the detachments as they stand
// (orders, Reserve Movement orders, Continue, routes, forced moves, fire and the
// discretionary actions it opens, splits and joins, mounting, dismounting, towing, pivots,
// adjustments, and the referee's place, reveal, hide and morale), and about one in eight is
// a step the rules refuse or a line that cannot be read.
//
// [gametest.Mover]: https://pkg.go.dev/github.com/umpire-referee/umpire/game/gametest#Mover
func Next(g rules.Game, r *rand.Rand) string {
	st := g.(*ruleset.Game).G
	m := mover{g: st, r: r}
	if len(st.Dets) == 0 {
		return "movement"
	}
	n := r.IntN(40)
	if st.UnderWay() && (n < 20 || n >= 21 && n < 28 || n >= 32 && n < 34) && r.IntN(4) > 0 {
		n = 0 // the phase under way: most steps that come before it would be refused; play on
	}
	switch {
	case n < 8:
		return m.movement()
	case n < 13:
		return m.illegal()
	case n < 19:
		return m.order()
	case n < 20:
		return "continue " + m.det().ID
	case n < 21:
		return m.route()
	case n < 22:
		return fmt.Sprintf("forced %s path %s", m.det().ID, m.path(m.det(), 1))
	case n < 25:
		return m.fired()
	case n < 28:
		return m.discretion()
	case n < 30:
		return m.split()
	case n < 32:
		return m.join()
	case n < 34:
		return m.unit()
	case n < 36:
		return m.turn()
	case n < 37:
		return m.place()
	case n < 39:
		verb := []string{"reveal", "hide"}[r.IntN(2)]
		return verb + " " + m.det().ID
	default:
		return fmt.Sprintf("morale %s %d %s", m.det().ID, 2+r.IntN(11), []string{"holds", "falls back", "routs"}[r.IntN(3)])
	}
}

type mover struct {
	g *lw.Game
	r *rand.Rand
}

func (m *mover) det() *lw.Detachment { return m.g.Dets[m.r.IntN(len(m.g.Dets))] }

// enemy is a detachment of another side than d's, or nil.
func (m *mover) enemy(d *lw.Detachment) *lw.Detachment {
	var out []*lw.Detachment
	for _, e := range m.g.Dets {
		if e.Side != d.Side {
			out = append(out, e)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out[m.r.IntN(len(out))]
}

// point is a point on the table, or within reach inches of p when reach > 0.
func (m *mover) point(p lw.Point, reach float64) string {
	w, h := m.g.Table.Width/lw.MetresPerInch, m.g.Table.Height/lw.MetresPerInch
	x, y := p.Inches()
	if reach <= 0 {
		x, y = m.r.Float64()*w, m.r.Float64()*h
	} else {
		x, y = x+(m.r.Float64()*2-1)*reach, y+(m.r.Float64()*2-1)*reach
	}
	return num(math.Max(0, math.Min(w, x))) + "," + num(math.Max(0, math.Min(h, y)))
}

// path is one to three waypoints for d, each within a turn or so of the last (now and then
// anywhere on the table); long asks for a path of about that many times the table's width
// (Reserve Movement's must last two moves).
func (m *mover) path(d *lw.Detachment, long int) string {
	var ps []string
	at := d.Pos
	legs := 1 + m.r.IntN(3)
	if long > 1 {
		legs = 3 + 2*long
	}
	for range legs {
		s := m.point(at, 4+m.r.Float64()*16)
		if m.r.IntN(5) == 0 || long > 1 {
			s = m.point(at, 0)
		}
		p, _ := lw.ParsePoint(s)
		at = p
		ps = append(ps, s)
	}
	return strings.Join(ps, " ")
}

func (m *mover) movement() string {
	g := m.g
	if g.UnderWay() {
		next := g.NextMovement()
		switch {
		case m.r.IntN(4) > 0:
		case lw.BandIndex(g.Band) < lw.BandIndex(lw.BandLow):
			return next + " band " + []string{lw.BandLow, lw.BandMedium}[m.r.IntN(2)]
		case lw.BandIndex(g.Band) < lw.BandIndex(lw.BandMedium):
			return next + " band " + lw.BandMedium
		}
		return next
	}
	switch n := m.r.IntN(20); {
	case n < 10:
		return "movement"
	case n < 13:
		return "movement 1/2"
	case n < 14:
		return "movement 1/4"
	case n < 17:
		return "movement band " + []string{lw.BandLow, lw.BandMedium}[m.r.IntN(2)]
	default:
		return fmt.Sprintf("movement 1/%d %s", []int{2, 4}[m.r.IntN(2)], m.det().ID)
	}
}

// order is a written order for a detachment: a path (or, for a reconnaissance or FO one, now
// and then a goal), a pace its units may keep, now and then on Reserve Movement (with a path
// long enough when it has a leader), sent by a formation of its own TO&E now and then.
func (m *mover) order() string {
	d := m.det()
	s := "order " + d.ID
	if m.r.IntN(4) == 0 {
		if u := m.g.Unit(d.Units[0]); u != nil {
			f := u.Formation
			for up := m.r.IntN(3); up > 0 && m.g.Formations[f] != nil && m.g.Formations[f].Parent != ""; up-- {
				f = m.g.Formations[f].Parent
			}
			s += " from " + f
		}
	}
	leader, foot, mounted := false, true, true
	for _, id := range d.Units {
		if u := m.g.Unit(id); u != nil {
			leader = leader || u.Leader
			foot = foot && u.Type == lw.Infantry && u.In == ""
			mounted = mounted && u.Type == lw.Cavalry && u.Mounted
		}
	}
	reserve := m.r.IntN(4) == 0 && (leader || m.r.IntN(4) == 0)
	switch {
	case d.Kind != lw.Normal && m.r.IntN(2) == 0:
		s += " goal " + m.point(d.Pos, 0)
	case reserve:
		s += " path " + m.path(d, 2)
	default:
		s += " path " + m.path(d, 1)
	}
	switch {
	case foot && m.r.IntN(3) == 0:
		s += " run"
	case mounted && m.r.IntN(2) == 0:
		s += " gallop"
	case m.r.IntN(20) == 0: // a pace its units may not keep, now and then
		s += []string{" run", " gallop"}[m.r.IntN(2)]
	}
	if reserve {
		s += " reserve"
	}
	if m.r.IntN(3) == 0 {
		s += " : hold the crossing"
	}
	return s
}

// route re-routes a detachment, mostly a reconnaissance or FO one.
func (m *mover) route() string {
	d := m.det()
	for _, x := range m.g.Dets {
		if x.Kind != lw.Normal && m.r.IntN(2) == 0 {
			d = x
		}
	}
	return fmt.Sprintf("route %s path %s", d.ID, m.path(d, 1))
}

// fired reports fire on a detachment: by an enemy detachment (on some of its units now and
// then), from a place, or a spotting round near it.
func (m *mover) fired() string {
	d := m.det()
	switch e := m.enemy(d); {
	case e != nil && m.r.IntN(3) > 0:
		if len(d.Units) > 1 && m.r.IntN(3) == 0 {
			return fmt.Sprintf("fired %s units %s by %s", d.ID, d.Units[m.r.IntN(len(d.Units))], e.ID)
		}
		return fmt.Sprintf("fired %s by %s", d.ID, e.ID)
	case m.r.IntN(2) == 0:
		return fmt.Sprintf("fired %s from %s", d.ID, m.point(d.Pos, 30))
	default:
		return fmt.Sprintf("fired %s spotting %s", d.ID, m.point(d.Pos, 7))
	}
}

// discretion is a discretionary action, by a detachment fired upon when there is one: halt
// (firing back now and then), move to cover, or fire at the firer, by the whole or by the part
// fired upon.
func (m *mover) discretion() string {
	d := m.det()
	for _, x := range m.g.Dets {
		if len(x.Fired) > 0 && m.r.IntN(2) == 0 {
			d = x
		}
	}
	by := ""
	var units []string
	for _, f := range d.Fired {
		if f.By != "" {
			by = f.By
		}
		units = f.Units
	}
	part := ""
	if len(units) > 0 && len(units) < len(d.Units) {
		part = fmt.Sprintf(" part %s as %s/p%d", strings.Join(units, ","), d.ID, m.r.IntN(100))
	}
	switch m.r.IntN(4) {
	case 0:
		if by != "" {
			return fmt.Sprintf("halt %s fire %s%s", d.ID, by, part)
		}
		return "halt " + d.ID + part
	case 1:
		if by != "" {
			return fmt.Sprintf("fire %s at %s%s", d.ID, by, part)
		}
		fallthrough
	case 2:
		return "halt " + d.ID + part
	default:
		return "cover " + d.ID + part
	}
}

// split breaks one unit (or a few) off a detachment of several, named after it.
func (m *mover) split() string {
	d := m.det()
	for _, x := range m.g.Dets {
		if len(x.Units) > 1 && m.r.IntN(2) == 0 {
			d = x
		}
	}
	units := []string{d.Units[m.r.IntN(len(d.Units))]}
	if len(d.Units) > 2 && m.r.IntN(3) == 0 {
		units = append(units, d.Units[m.r.IntN(len(d.Units))])
	}
	return fmt.Sprintf("split %s %s as %s/s%d", d.ID, strings.Join(units, ","), d.ID, m.r.IntN(1000))
}

// join joins a detachment into another of its side, the nearest mostly (a broken-off part
// into the one it would rejoin).
func (m *mover) join() string {
	d := m.det()
	var best *lw.Detachment
	for _, t := range m.g.Dets {
		if t != d && t.Side == d.Side && (best == nil || t.ID == d.Rejoin || t.Pos.Dist(d.Pos) < best.Pos.Dist(d.Pos) && best.ID != d.Rejoin) {
			best = t
		}
	}
	if best == nil || m.r.IntN(8) == 0 {
		best = m.det()
	}
	return fmt.Sprintf("join %s into %s", d.ID, best.ID)
}

// unit is a step of one unit: infantry boarding a carrier of its detachment or leaving it,
// cavalry and motorcycle troops mounting or dismounting, a vehicle towing a mired one.
func (m *mover) unit() string {
	d := m.det()
	var inf, carriers, riders, horse, mired, vehicles []string
	for _, id := range d.Units {
		u := m.g.Unit(id)
		switch {
		case u == nil:
		case u.Type == lw.Infantry && u.In != "":
			riders = append(riders, id)
		case u.Type == lw.Infantry:
			inf = append(inf, id)
		case u.Type == lw.Cavalry || u.Type == lw.Motorcycle:
			horse = append(horse, id)
		}
		if u != nil && u.Carries > 0 {
			carriers = append(carriers, id)
		}
		if u != nil && u.Type == lw.Vehicle {
			if u.Mired {
				mired = append(mired, id)
			} else {
				vehicles = append(vehicles, id)
			}
		}
	}
	pick := func(xs []string) string { return xs[m.r.IntN(len(xs))] }
	switch {
	case len(mired) > 0 && m.r.IntN(2) == 0:
		w := m.det().Units[0]
		if len(vehicles) > 0 {
			w = pick(vehicles)
		}
		for _, x := range m.g.Dets { // a vehicle of a part nearby, mostly
			if x.Rejoin == d.ID || d.Rejoin == x.ID {
				w = x.Units[0]
			}
		}
		return fmt.Sprintf("tow %s by %s", pick(mired), w)
	case len(inf) > 0 && len(carriers) > 0 && m.r.IntN(2) == 0:
		return fmt.Sprintf("mount %s on %s", pick(inf), pick(carriers))
	case len(riders) > 0 && m.r.IntN(2) == 0:
		return "dismount " + pick(riders)
	case len(horse) > 0:
		return []string{"mount ", "dismount "}[m.r.IntN(2)] + pick(horse)
	}
	return "dismount " + pick(d.Units)
}

// turn is a free pivot, or a minor adjustment (within 10% of a vehicle's move, mostly).
func (m *mover) turn() string {
	d := m.det()
	if m.r.IntN(2) == 0 {
		return fmt.Sprintf("pivot %s %d", d.ID, m.r.IntN(360))
	}
	for _, x := range m.g.Dets { // a detachment with vehicles, mostly: only they adjust
		if u := m.g.Unit(x.Units[0]); u != nil && u.IsVehicle() && m.r.IntN(3) > 0 {
			d = x
		}
	}
	return fmt.Sprintf("adjust %s %s", d.ID, m.point(d.Pos, 0.2+m.r.Float64()*0.8))
}

// place is the referee putting a detachment down by hand: near where it stands mostly,
// faced any way, in line or column now and then.
func (m *mover) place() string {
	d := m.det()
	s := fmt.Sprintf("place %s %s", d.ID, m.point(d.Pos, 6))
	if m.r.IntN(2) == 0 {
		s += fmt.Sprintf(" facing %d", m.r.IntN(360))
	}
	if m.r.IntN(3) == 0 {
		s += []string{" line", " column"}[m.r.IntN(2)]
	}
	return s
}

// illegal is a step the rules refuse, or a line that cannot be read: a name that names
// nothing, a path off the table, a part of the phase out of turn, a join into itself, a
// pace the units may not keep, a discretionary action without fire, a tow by itself, a
// mangled line.
func (m *mover) illegal() string {
	d := m.det()
	switch m.r.IntN(12) {
	case 0:
		return "order XX9 path 1,1"
	case 1:
		return fmt.Sprintf("order %s path -5,%d", d.ID, m.r.IntN(20))
	case 2:
		return fmt.Sprintf("movement %d/4", 2+m.r.IntN(3))
	case 3:
		return fmt.Sprintf("join %s into %s", d.ID, d.ID)
	case 4:
		return fmt.Sprintf("order %s path %s gallop reserve", d.ID, m.path(d, 1))
	case 5:
		return "halt " + d.ID
	case 6:
		return fmt.Sprintf("tow %s by %s", d.Units[0], d.Units[0])
	case 7:
		return fmt.Sprintf("split %s %s as %s", d.ID, strings.Join(d.Units, ","), d.ID)
	case 8:
		return fmt.Sprintf("adjust %s %s", d.ID, m.point(d.Pos, 0))
	case 9:
		return "pivot " + d.ID
	case 10:
		return lw.Verbs[m.r.IntN(len(lw.Verbs))] + " " + d.ID + " by"
	default:
		return "morale"
	}
}
