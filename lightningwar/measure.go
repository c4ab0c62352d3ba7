package lightningwar

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// The ruler: what lies along a straight line on the table, as the Movement Chart reads it,
// and how long a detachment would take to cover it at its pace. A referee measures with it
// before ruling, and a player before writing an order; it moves nothing and rolls nothing.
//
// The line is cut where it crosses the edges of terrain, roads and choke points, as a move is
// (each leg lies in one place), and each leg is given with its length and its factor: the
// ground's (or the road's 1) plus the slope's modifier [Movement Chart]. The streams it crosses
// are listed where they are crossed, and whether a road bridges them there. For a detachment
// the line is walked turn by turn as the Movement Phase would move it (its slowest unit, its
// ordered pace, road speed only for a turn wholly on road, no two turns running), without
// anything in its way: no contact, no choke point held, no miring. A turn is about a minute
// (rules-notes 3.1).
//
// Hidden information: a player's ruler is the game as that side knows it (Game.As). It may
// name only the side's own detachments and those the referee revealed; of an enemy detachment
// the side knows the models' types, not their speeds or orders, so a time is given only where
// the types fix it (infantry and pack horses, at a walk).

// Measurement is what the ruler says of the line from From to To.
type Measurement struct {
	From, To Point
	Length   float64    // metres
	Legs     []Leg      // the pieces of ground along it, in order
	Streams  []Crossing // the streams it crosses, in order
	Time     *Timing    // the detachment's time to cover it (nil: none named)
}

// Leg is a piece of the line over one place.
type Leg struct {
	From, To Point
	Length   float64 // metres
	Place    Place
	Stream   string  // the stream crossed off a road where the leg begins ("": none)
	Choke    string  // the choke point it lies in ("": none)
	Speed    float64 // the detachment's speed over it, metres a turn (0: not measured, or not known)
	Turns    float64 // the turns the detachment spends on it
}

// Factor is the leg's divisor of speed: its ground's factor (the road's 1 on a road) plus its
// slope's modifier.
func (l Leg) Factor() float64 { return l.Place.Cost() }

// Expr is the leg's factor as the breakdown prints it: "1 [Open]", "(1 [Road] + 1 [Gentle
// Slope])".
func (l Leg) Expr() string { return string(l.Place.appendDivisor(nil)) }

// Crossing is a stream the line crosses.
type Crossing struct {
	Stream  string
	At      Point
	Bridged bool // a road crosses it there: no miring check
}

// Timing is how long the detachment would take to cover the line.
type Timing struct {
	Det   string
	Pace  Pace
	Known bool    // its speed is known to whoever measures
	Why   string  // why the time is not known, or cannot be reached
	Turns float64 // turns to cover the line (a turn is about a minute)
	Unit  string  // the unit whose speed set the pace (the slowest, on the first leg)
	MPH   float64 // and its speed there
	What  string  // how it moves: cross-country, road speed, walking, running, gallop
	Note  string  // how the turns went: run and walk in turn, road speed
}

// Seconds is the time in seconds, a turn being a minute.
func (t *Timing) Seconds() int { return int(math.Round(t.Turns * 60)) }

// MaxMeasureTurns bounds the turns the ruler walks a detachment for.
const MaxMeasureTurns = 10000

// Measure measures the straight line from a to b as viewer v knows the game, and, when det
// is named, how long that detachment would take to cover it. Both points must be on the
// table, and det one v may see (its own, or revealed by the referee); otherwise Measure
// refuses, the same way for a name that does not exist as for one v may not know.
func (g *Game) Measure(v Viewer, a, b Point, det string) (*Measurement, error) {
	for i, p := range []Point{a, b} {
		if !finite(p) || !g.onTable(p) {
			return nil, g.offTable([]string{"the line's start", "the line's end"}[i], p)
		}
	}
	var d *Detachment
	if det != "" {
		if d = g.Det(det); d == nil && g.gone(det) >= 0 && g.Knows(v, det) {
			d = g.Gone[g.gone(det)] // known where it was seen, though it has joined another
		}
		if d == nil || !v.Sees(d) {
			return nil, fmt.Errorf("there is no detachment %q: %s", det, g.detsKnown(v))
		}
	}
	m := &Measurement{From: a, To: b, Length: a.Dist(b)}
	route := Polyline{a, b}
	for _, pc := range g.Table.pieces(route) {
		if n := len(m.Legs); n > 0 && pc.bridge && m.Legs[n-1].Place == pc.place {
			m.Legs[n-1].To, m.Legs[n-1].Length = pc.b, m.Legs[n-1].Length+pc.s1-pc.s0 // over a bridge: one leg
			continue
		}
		l := Leg{From: pc.a, To: pc.b, Length: pc.s1 - pc.s0, Place: pc.place}
		if pc.stream {
			l.Stream = g.streamAt(pc.a)
		}
		if pc.place.Choke >= 0 {
			l.Choke = g.Table.Chokes[pc.place.Choke].ID
		}
		m.Legs = append(m.Legs, l)
	}
	m.Streams = g.crossings(a, b)
	if d == nil {
		return m, nil
	}
	kg := g
	if !v.Referee {
		kg = g.As(v)
	}
	m.Time = kg.timeAlong(kg.Det(d.ID), route, m.Legs, v.Owns(d))
	return m, nil
}

// who names a viewer in a message.
// offTable is the ruler's answer to a point off the table: which point, and the table's extent.
func (g *Game) offTable(which string, p Point) error {
	if !finite(p) {
		return fmt.Errorf("%s is not on the table: give x,y in inches", which)
	}
	w, h := trim(inchesOf(g.Table.Width)), trim(inchesOf(g.Table.Height))
	return fmt.Errorf("%s, %v, is off the table: the table is %s\" wide and %s\" deep, its points from 0,0 (the lower-left corner) to %s,%s",
		which, p, w, h, w, h)
}

// detsKnown says which detachments v knows of, for a ruler given a name that is none of them
// (the same words whether that name is another side's, unrevealed, or nobody's).
func (g *Game) detsKnown(v Viewer) string {
	var ids []string
	for _, d := range g.Dets {
		if v.Sees(d) {
			ids = append(ids, d.ID)
		}
	}
	const most = 30
	switch {
	case len(ids) == 0:
		return v.who() + " knows of none"
	case len(ids) == 1:
		return v.who() + " knows of " + ids[0] + " only"
	case len(ids) > most:
		return fmt.Sprintf("%s knows of %s and %d more", v.who(), strings.Join(ids[:most], ", "), len(ids)-most)
	}
	return v.who() + " knows of " + strings.Join(ids[:len(ids)-1], ", ") + " and " + ids[len(ids)-1]
}

func (v Viewer) who() string {
	switch {
	case v.Referee:
		return "the referee"
	case v.Side != "":
		return "the " + v.Side + " side"
	}
	return "the public"
}

// streamAt is the stream passing through p (the first listed).
func (g *Game) streamAt(p Point) string {
	for _, s := range g.Table.Streams {
		for i := 1; i < len(s.Line); i++ {
			if DistToSegment(p, s.Line[i-1], s.Line[i]) < 1e-6 {
				return s.ID
			}
		}
	}
	return ""
}

// crossings are the streams the line from a to b crosses, in order along it.
func (g *Game) crossings(a, b Point) []Crossing {
	var out []Crossing
	var ts []float64
	for _, s := range g.Table.Streams {
		ts = crossingsOf(ts[:0], a, b, s.Line, false)
		for _, t := range ts {
			p := lerp(a, b, t)
			out = append(out, Crossing{Stream: s.ID, At: p, Bridged: g.Table.onRoad(p)})
		}
	}
	for i := 1; i < len(out); i++ { // in order along the line (few: insertion)
		for j := i; j > 0 && out[j].At.Dist(a) < out[j-1].At.Dist(a); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// timeAlong walks detachment d along route turn by turn as the Movement Phase would, with
// nothing in its way, and fills in each leg's speed and turns. own: whoever measures knows d
// whole (else only its units' types: see Measure).
func (g *Game) timeAlong(d *Detachment, route Polyline, legs []Leg, own bool) *Timing {
	tm := &Timing{Det: d.ID, Pace: Walk}
	if o, _ := g.routeable(d); own && o != nil { // the orders it follows this turn
		tm.Pace = o.Pace
	} else if own && d.Order != nil {
		tm.Pace = d.Order.Pace
	}
	movers := g.movers(d)
	switch {
	case !own && !allOnFoot(movers):
		tm.Why = "its speed is not known: an enemy detachment is known by its models' types only"
		return tm
	case len(movers) == 0:
		tm.Why = "none of its units moves under its own power (mired, or carried)"
		return tm
	}
	tm.Known = true
	gr := g.Table.ground()
	gr.start(route)
	if gr.length < eps {
		return tm
	}
	hasFoot, hasVeh := false, false
	ran := false // its foot infantry ran last turn
	for _, u := range movers {
		hasFoot = hasFoot || footInfantry(u)
		hasVeh = hasVeh || u.IsVehicle()
		ran = ran || footInfantry(u) && u.RanLast(g.Turn)
	}
	if tm.Pace == Run && !hasFoot || tm.Pace == Gallop && !g.has(d, func(u *Unit) bool { return u.Type == Cavalry && u.Mounted }) {
		tm.Pace = Walk
	}
	roadTurns, walked := false, false
	s := 0.0
	for turn := 1; ; turn++ {
		if turn > MaxMeasureTurns {
			tm.Known, tm.Why = false, "it would take more than "+strconv.Itoa(MaxMeasureTurns)+" turns"
			return tm
		}
		p := &Plan{Pace: tm.Pace, Cap: gr.length}
		if p.Pace == Run && ran {
			p.Pace = Walk // no two turns running
		}
		ran = p.Pace == Run
		if hasVeh {
			planRoad(gr, s, movers, p)
		}
		roadTurns = roadTurns || p.Road
		walked = walked || p.Pace != tm.Pace
		end, left := along(gr, s, p.Cap, movers, p, legs, tm)
		if end >= gr.length-eps {
			tm.Turns = float64(turn-1) + 1 - left
			break
		}
		if end <= s+eps {
			tm.Known, tm.Why = false, "it cannot move along this line"
			return tm
		}
		s = end
	}
	var notes []string
	if roadTurns {
		notes = append(notes, "road speed on the turns wholly on road")
	}
	if walked {
		notes = append(notes, "running and walking in turn: no two turns running")
	}
	tm.Note = strings.Join(notes, "; ")
	return tm
}

// allOnFoot reports whether every unit moves at a speed its type fixes: infantry and pack
// horses.
func allOnFoot(us []*Unit) bool {
	for _, u := range us {
		if u.Type != Infantry && u.Type != PackHorse {
			return false
		}
	}
	return true
}

// planRoad is planTurn's choice for vehicles without its events: road speed for a turn only
// if the whole turn is on road, and then no further than where the route leaves the road;
// whichever of road and cross-country speed gets further [Base Movement].
func planRoad(gr *ground, s float64, movers []*Unit, p *Plan) {
	l := roadPrefix(gr, s)
	if l <= s+eps {
		return
	}
	xc := reach(gr, s, gr.length, 1, movers, p)
	p.Road = true
	if road := reach(gr, s, l, 1, movers, p); road+eps >= xc {
		p.Cap = l
		return
	}
	p.Road = false
}

// along moves from s toward limit for one turn over gr's pieces at the slowest unit's speed,
// adding each leg's turns and speed (legs are gr's pieces, in order) and noting the pace on
// the first: where it gets, and the share of the turn left.
func along(gr *ground, s, limit float64, movers []*Unit, p *Plan, legs []Leg, tm *Timing) (float64, float64) {
	turns := 1.0
	for i, pc := range gr.all() {
		if pc.s1 <= s+eps {
			continue
		}
		if s >= limit-eps || turns <= 1e-12 {
			break
		}
		k, u, mph, what := slowest(movers, p, pc.place)
		if math.IsInf(k, 1) {
			break
		}
		was := turns
		s, turns = advance(s, math.Min(pc.s1, limit), k, turns)
		if i < len(legs) {
			legs[i].Turns += was - turns
			legs[i].Speed = 1 / k
		}
		if tm.Unit == "" {
			tm.Unit, tm.MPH, tm.What = u.ID, mph, what
		}
	}
	return math.Min(s, limit), turns
}

// Text is the measurement as `umpire lw measure` prints it: the line's length in inches and
// metres, each leg with its ground and factor (and the detachment's speed and time there), the
// streams crossed, and the detachment's time to cover it.
func (m *Measurement) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "from %v to %v: %s (%s)\n", m.From, m.To, trimInches(m.Length), Metres(m.Length))
	for _, l := range m.Legs {
		fmt.Fprintf(&b, "  %v to %v: %s (%s) of %s, factor %s", l.From, l.To, trimInches(l.Length), Metres(l.Length), l.Place.Label(), l.Expr())
		if l.Place.Slope != Flat {
			fmt.Fprintf(&b, " = %s", trim(l.Factor()))
		}
		if l.Stream != "" {
			fmt.Fprintf(&b, "; across %s", l.Stream)
		}
		if l.Choke != "" {
			fmt.Fprintf(&b, "; through %s (a choke point)", l.Choke)
		}
		if m.Time != nil && m.Time.Known && l.Speed > 0 {
			fmt.Fprintf(&b, "; %s a turn here, %s", trimInches(l.Speed), turnsText(l.Turns))
		}
		b.WriteByte('\n')
	}
	for _, c := range m.Streams {
		how := "off a road: a vehicle checks for miring"
		if c.Bridged {
			how = "on a road: no miring check"
		}
		fmt.Fprintf(&b, "  crosses %s at %v (%s)\n", c.Stream, c.At, how)
	}
	if t := m.Time; t != nil {
		b.WriteString(t.Text())
		b.WriteByte('\n')
	}
	return b.String()
}

// Text is the time as the ruler prints it: "A: 2.5 turns, about 2 min 30 s [S1 walking 4 MPH
// = 2"]"; "A at a run: ..." when it is ordered to run or gallop.
func (t *Timing) Text() string {
	if !t.Known {
		return t.Det + ": no time: " + t.Why
	}
	head := t.Det
	if t.Pace != Walk {
		head += " at a " + t.Pace.String()
	}
	s := fmt.Sprintf("%s: %s, about %s", head, turnsText(t.Turns), Duration(t.Seconds()))
	if t.Unit != "" {
		s += fmt.Sprintf(" [%s %s %s MPH = %s]", t.Unit, t.What, trim(t.MPH), trimInches(speedMetres(t.MPH)))
	}
	if t.Note != "" {
		s += " (" + t.Note + ")"
	}
	return s
}

// turnsText prints a number of turns: "1 turn", "2.5 turns".
func turnsText(n float64) string {
	if trim(n) == "1" {
		return "1 turn"
	}
	return trim(n) + " turns"
}

// Metres prints a length in metres: "150 m", "12.5 m".
func Metres(m float64) string { return trim(m) + " m" }

// Duration prints seconds as minutes and seconds: "2 min 30 s", "45 s", "3 min".
func Duration(sec int) string {
	switch {
	case sec < 60:
		return strconv.Itoa(sec) + " s"
	case sec%60 == 0:
		return strconv.Itoa(sec/60) + " min"
	}
	return strconv.Itoa(sec/60) + " min " + strconv.Itoa(sec%60) + " s"
}
