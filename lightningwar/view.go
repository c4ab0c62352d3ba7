package lightningwar

import (
	"fmt"
	"slices"
	"strings"
)

// This file says what each player may see of a game of hidden movement. Lightning War is
// refereed: each side's player knows its own detachments (where they are, their units, the
// orders they follow and those on the way, where they have been) and of the enemy only what
// the referee has shown (`reveal D`): the detachment's id, side and units' types, where it was
// seen (Detachment.Seen), and the types of its units (the models on the table), not their ids.
// The referee knows everything; the public (a spectator) knows what every side knows: the
// revealed detachments and the steps that were announced to all.
//
// A played step is shown to each viewer as StepView: a step that belongs to one side (an
// order, a discretionary action, a pivot, a forced move...) only to that side; the referee's
// public steps (the Movement Phase, reveal and hide, fire reports) to whoever may see every
// detachment they name, with only the events the viewer may see (Event.Side) and only its own
// detachments' moves. Nothing here does I/O: the server (and anything else that shows a game
// to one player) asks these functions what to show.

// Viewer is who looks at the game: the referee, one side's player, or the public.
type Viewer struct {
	Side    string // the side whose player looks ("" and not Referee: the public)
	Referee bool
}

// RefereeView is the referee: every detachment, every step.
var RefereeView = Viewer{Referee: true}

// PublicView is the public (a spectator): only what every side knows.
var PublicView = Viewer{}

// SideView is the player of side s.
func SideView(s string) Viewer { return Viewer{Side: s} }

// Owns reports whether the viewer knows everything about d: the referee, or d's own side.
func (v Viewer) Owns(d *Detachment) bool { return v.ownsSide(d.Side) }

func (v Viewer) ownsSide(s string) bool { return v.Referee || v.Side != "" && s == v.Side }

// Sees reports whether the viewer may know d is there at all: its own, or revealed by the
// referee (where it was seen).
func (v Viewer) Sees(d *Detachment) bool { return v.Owns(d) || d.Revealed }

// As is the game as viewer v knows it, to show to v: a deep copy with only what v may know.
// The referee's is a plain Clone. A side's keeps its own detachments whole (but with the
// orders' serial numbers cleared, which would count the enemy's orders), its own TO&E and
// units, and of each revealed enemy detachment only its id, side, the types of its units and
// the place it was seen, as it was seen (its sighting: the units and formation seen then, not
// what it did since unseen; one that has since joined another too, from Game.Gone); every
// other detachment, unit and formation is left out. The enemy's
// units keep their types under placeholder ids (the detachment's id, '#', and a count: Tanks#1,
// Tanks#2), since the side does not know theirs. The public's has only the revealed
// detachments so reduced. The copy is for showing: do not play steps on it.
func (g *Game) As(v Viewer) *Game {
	c := g.Clone()
	if v.Referee {
		return c
	}
	c.orders = 0
	c.Formations = map[string]*Formation{}
	c.formationOrder = nil
	for _, id := range g.formationOrder {
		if f := g.Formations[id]; f.Side == v.Side && v.Side != "" {
			nf := *f
			c.Formations[id] = &nf
			c.formationOrder = append(c.formationOrder, id)
		}
	}
	// Units: a side's own in full; those of a revealed enemy detachment by type alone.
	var dets []*Detachment
	var anon []*Unit
	cleared := map[*Order]*Order{} // the copy shares the game's orders: clear copies of them
	unnumbered := func(o *Order) *Order {
		if o == nil {
			return nil
		}
		if c, ok := cleared[o]; ok {
			return c
		}
		n := *o
		n.N = 0
		cleared[o] = &n
		return &n
	}
	seenAs := func(d *Detachment) {
		// as it stood when seen, with the units seen then: whatever it has done since,
		// unseen, is not known (moved, split, lost units to a part, mounted, joined another)
		seen, form, offsets := g.sighting(d)
		nd := &Detachment{ID: d.ID, Side: d.Side, Pos: d.Seen, Seen: d.Seen, Revealed: true,
			Facing: d.SeenFacing, SeenFacing: d.SeenFacing, InColumn: d.SeenColumn, SeenColumn: d.SeenColumn, Form: form, Offsets: offsets,
			SeenForm: form, SeenOffsets: offsets, seq: d.seq}
		anonID := func(i int) string { return fmt.Sprintf("%s#%d", d.ID, i+1) }
		for i, s := range seen {
			gu := g.units[s.ID]
			u := &Unit{ID: anonID(i), Type: gu.Type, BaseW: gu.BaseW, BaseD: gu.BaseD}
			if j := slices.IndexFunc(seen, func(x SeenUnit) bool { return x.ID == s.In }); s.In != "" && j >= 0 {
				u.In = anonID(j)
			}
			nd.Units = append(nd.Units, u.ID)
			nd.SeenUnits = append(nd.SeenUnits, SeenUnit{ID: u.ID, In: u.In})
			anon = append(anon, u)
		}
		dets = append(dets, nd)
	}
	for _, d := range c.Dets {
		switch {
		case v.Owns(d):
			d.Order, d.Previous = unnumbered(d.Order), unnumbered(d.Previous)
			for i, o := range d.Pending {
				d.Pending[i] = unnumbered(o)
			}
			dets = append(dets, d)
		case d.Revealed:
			seenAs(d)
		}
	}
	for _, d := range g.Gone {
		if !v.Owns(d) { // its own side knows it joined another
			seenAs(d)
		}
	}
	// in the order they were made, a joined one where it stood (the referee's list less
	// what the viewer may not know); the order numbers themselves, which count the enemy's
	// detachments too, are not shown
	slices.SortStableFunc(dets, func(a, b *Detachment) int { return a.seq - b.seq })
	byID := map[string]*Unit{}
	for _, u := range anon {
		byID[u.ID] = u
	}
	anon = anon[:0] // the enemy's units too, in their detachments' order
	for _, d := range dets {
		d.seq = 0
		if !v.Owns(d) {
			for _, id := range d.Units {
				anon = append(anon, byID[id])
			}
		}
	}
	c.Dets, c.Gone, c.made = dets, nil, 0
	units := []*Unit{}
	c.units = map[string]*Unit{}
	for _, u := range c.Units {
		if v.Side != "" && g.sideOf(u.ID) == v.Side {
			units = append(units, u)
		}
	}
	for _, u := range append(units, anon...) {
		c.units[u.ID] = u
	}
	c.Units = append(units, anon...)
	if c.Split != nil {
		split := map[string]bool{}
		for id, on := range c.Split {
			if d := c.Det(id); d != nil && v.Owns(d) {
				split[id] = on
			}
		}
		c.Split = split
	}
	return c
}

// HiddenFrom is every detachment and unit id of g the viewer may not know of: the enemy's
// unrevealed detachments, and every enemy unit. (Formation ids are not listed: no report
// names one.)
func (g *Game) HiddenFrom(v Viewer) map[string]bool {
	out := map[string]bool{}
	if v.Referee {
		return out
	}
	for _, d := range g.Dets {
		if !v.Sees(d) {
			out[d.ID] = true
		}
	}
	for _, u := range g.Units {
		if !(v.Side != "" && g.sideOf(u.ID) == v.Side) {
			out[u.ID] = true
		}
	}
	return out
}

// Redact replaces each whole-word mention of a hidden id in text by "(unseen)". The core's
// reports name an enemy detachment in a side's own events only where that side's models
// would see something there (a choke point held): the player learns that, not whose it is.
// An id is a whole word when no letter, digit, '_', '/' or '-' touches it either side.
func Redact(text string, hidden map[string]bool) string {
	if len(hidden) == 0 || text == "" {
		return text
	}
	var b strings.Builder
	i := 0
	for i < len(text) {
		if !idChar(text[i]) {
			b.WriteByte(text[i])
			i++
			continue
		}
		j := i
		for j < len(text) && idChar(text[j]) {
			j++
		}
		word := text[i:j]
		// An id may end in '.' (A/T1.2); a sentence's full stop may follow one.
		w, rest := word, ""
		if hidden[w] {
			b.WriteString("(unseen)")
		} else {
			for k := len(word) - 1; k > 0 && !hidden[w]; k-- {
				if word[k] == '.' {
					w, rest = word[:k], word[k:]
				}
			}
			if hidden[w] && w != word {
				b.WriteString("(unseen)" + rest)
			} else {
				b.WriteString(word)
			}
		}
		i = j
	}
	return b.String()
}

func idChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
		c == '_' || c == '/' || c == '-' || c == '.' || c >= 0x80
}

// DetSight is what a step's record keeps of one detachment: its side, its units, and whether
// the referee had revealed it just before or just after the step.
type DetSight struct {
	Side     string
	Units    []string
	Revealed bool
}

// StepSight is what is needed to show a played step to each viewer later: the side it
// belongs to, and every detachment there was just before or just after it.
type StepSight struct {
	// Private is the side whose step it is, which only that side (and the referee) may know
	// of: the steps Owner gives to a side, and the referee's forced move, split and join for
	// the detachment's side. "" for the referee's public steps: the Movement Phase, reveal,
	// hide and fire reports.
	Private string
	Dets    map[string]DetSight
}

// Sight starts the record of step a on the state before it is played; call After with the
// state it left (a refused step is not recorded).
func (g *Game) Sight(a Action) *StepSight {
	s := &StepSight{Private: g.privateTo(a), Dets: map[string]DetSight{}}
	s.add(g)
	return s
}

// After adds the state the step left.
func (s *StepSight) After(g *Game) { s.add(g) }

func (s *StepSight) add(g *Game) {
	for _, d := range append(g.Dets[:len(g.Dets):len(g.Dets)], g.Gone...) {
		ds, ok := s.Dets[d.ID]
		if !ok {
			ds.Side = d.Side
		}
		for _, u := range d.Units {
			if !contains(ds.Units, u) {
				ds.Units = append(ds.Units, u)
			}
		}
		ds.Revealed = ds.Revealed || d.Revealed
		s.Dets[d.ID] = ds
	}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// privateTo is the side step a belongs to (see StepSight.Private).
func (g *Game) privateTo(a Action) string {
	if s := g.Owner(a); s != "" {
		return s
	}
	switch a.Verb {
	case "forced", "split", "join", "place", "morale":
		if d := g.Det(a.Det); d != nil {
			return d.Side
		}
	}
	return ""
}

// sees reports whether the viewer could see detachment id around the step, or knows unit
// id (its own).
func (s *StepSight) sees(v Viewer, id string) bool {
	if ds, ok := s.Dets[id]; ok {
		return v.ownsSide(ds.Side) || ds.Revealed
	}
	for _, ds := range s.Dets {
		if contains(ds.Units, id) && v.ownsSide(ds.Side) {
			return true
		}
	}
	return false
}

// hidden is every id of the step's detachments the viewer could not see, and of the enemy's
// units.
func (s *StepSight) hidden(v Viewer) map[string]bool {
	out := map[string]bool{}
	if v.Referee {
		return out
	}
	for id, ds := range s.Dets {
		if v.ownsSide(ds.Side) {
			continue
		}
		if !ds.Revealed {
			out[id] = true
		}
		for _, u := range ds.Units {
			out[u] = true
		}
	}
	return out
}

// StepView is a played step as one viewer may see it.
type StepView struct {
	// Hidden: the viewer may know only that a step was played, not what it was.
	Hidden bool
	// Line is the step's notation; in a Movement Phase step the detachments the viewer may
	// not see are left out of it.
	Line   string
	Events []Event  // the events the viewer may see, hidden ids redacted
	Moves  []Move   // the moves of the viewer's own detachments
	Order  []string // the movement order of the viewer's own detachments ("band: id")
	Dice   bool     // the viewer may see the step's dice (the referee; a side, its own steps')
}

// Step is the step played as line, with record s and report rep, as viewer v may see it:
//
//   - the referee sees it all;
//   - a step private to a side (StepSight.Private) is shown whole to that side and hidden
//     from the others;
//   - the referee's public steps are shown to a viewer who could see every detachment and
//     unit the line names (a Movement Phase always, with the detachments named for halves or
//     quarters that the viewer could not see left out), with the events whose Side is the
//     viewer's or "" (a public event about a detachment the viewer could not see is left out),
//     the viewer's own moves and place in the movement order, and no dice.
func (v Viewer) Step(line string, s *StepSight, rep *Report) StepView {
	out := StepView{Line: line, Dice: v.Referee}
	if v.Referee {
		if rep != nil {
			out.Events, out.Moves, out.Order = rep.Events, rep.Moves, rep.Order
		}
		return out
	}
	a, err := Parse(line)
	if err != nil || s == nil {
		return StepView{Hidden: true}
	}
	switch {
	case s.Private != "":
		if s.Private != v.Side || v.Side == "" {
			return StepView{Hidden: true}
		}
		out.Dice = true
	case a.Verb == "movement":
		var dets []string
		for _, id := range a.Dets {
			if s.sees(v, id) {
				dets = append(dets, id)
			}
		}
		if len(dets) != len(a.Dets) {
			a.Dets = dets
			out.Line = a.String()
		}
	default:
		for _, id := range append([]string{a.Det, a.Other, a.Fire, a.As}, a.Units...) {
			if id != "" && !s.sees(v, id) {
				return StepView{Hidden: true}
			}
		}
	}
	if rep == nil {
		return out
	}
	hidden := s.hidden(v)
	for _, e := range rep.Events {
		switch {
		case e.Side != "" && e.Side != v.Side:
			continue
		case e.Side == "" && e.Det != "" && !s.sees(v, e.Det):
			continue
		}
		if e.You != "" && e.Side == v.Side {
			e.Text = e.You // its own order, as its own
		}
		e.Text = Redact(e.Text, hidden)
		out.Events = append(out.Events, e)
	}
	for _, m := range rep.Moves {
		if v.ownsSide(m.Side) {
			m.Breakdown = Redact(m.Breakdown, hidden)
			out.Moves = append(out.Moves, m)
		}
	}
	for _, o := range rep.Order {
		_, id, _ := strings.Cut(o, ": ")
		if ds, ok := s.Dets[id]; ok && v.ownsSide(ds.Side) {
			out.Order = append(out.Order, o)
		}
	}
	return out
}

// Names is every detachment, unit and formation id that action a names, but not the name it
// gives a new detachment (as NEW): what a side's player must be able to see before the step
// is judged, so that a step naming what the player may not see is refused the same way
// whether it exists or not.
func (a Action) Names() []string {
	var out []string
	for _, id := range append([]string{a.Det, a.Other, a.Fire, a.From}, append(append([]string(nil), a.Units...), a.Dets...)...) {
		if id != "" && !contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

// Knows reports whether viewer v may know of the detachment, unit or formation id in g: its
// own side's, or a revealed detachment (the referee: anything that exists). The enemy's units
// are known by type, never by id.
func (g *Game) Knows(v Viewer, id string) bool {
	if d := g.Det(id); d != nil {
		return v.Sees(d)
	}
	if i := g.gone(id); i >= 0 {
		return !v.Owns(g.Gone[i]) // the other side still knows it where it was seen
	}
	if u := g.Unit(id); u != nil {
		return v.ownsSide(g.sideOf(u.ID))
	}
	if f := g.Formations[id]; f != nil {
		return v.ownsSide(f.Side)
	}
	return false
}
