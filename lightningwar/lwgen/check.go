package lwgen

import (
	"fmt"
	"math"
	"strings"

	"github.com/umpire-referee/umpire/dice"
	lw "github.com/umpire-referee/umpire/lightningwar"
	"github.com/umpire-referee/umpire/lightningwar/ruleset"
	"github.com/umpire-referee/umpire/rules"
)

// Invariant names, as a broken one's error begins.
const (
	InvChoke    = "no base passes another at a choke point"
	InvContact  = "no contact unless both are revealed"
	InvLeak     = "no view names what its side has not seen"
	InvUnseen   = "what a side has not seen does not change its view"
	InvOnTable  = "every detachment stands on the table"
	gapTolerant = 0.05 // metres (1/1000"): what the core's own rounding may leave
	edge        = 1e-3 // metres: a base stopped at contact range stands this near it
	// contactEdge is how far beyond contact range a base still counts as in contact: the core
	// narrows a stop to a millionth of a metre of the range, so a base a few tenths of a
	// millimetre beyond it (a part placed behind its detachment, seed 1993) is not in contact.
	contactEdge = 1e-5
)

// Checker holds what Lightning War's invariants must remember from one step to the next:
// where every base stood, and what each viewer could not see. Make one per game with
// [NewChecker] and give its Check to gametest.Options.
type Checker struct {
	gaps   map[pairKey]float64 // each pair of bases: their gap after the last step
	bases  map[string]lw.Base  // each unit's base after the last step
	hidden []map[string]bool   // per viewer (each side, then the public): the ids it could not know
	ids    map[string]bool     // every detachment and unit id there was
	seen   []map[string]bool   // per viewer: every id it has known (a name once shown stays known)
	steps  int
	// Unseen: every how many steps the metamorphic check of the views runs (0: never).
	Unseen int
}

type pairKey struct{ a, b string }

// viewers are the roles whose views are checked: each side, then the public.
func viewers(g *lw.Game) []string { return append(append([]string(nil), g.Sides...), rules.Spectator) }

// NewChecker starts the record from the scenario's set-up: what stands there (set up by
// hand, as the referee's place does) is taken as it is.
func NewChecker(setup rules.Game) *Checker {
	c := &Checker{Unseen: 5}
	c.record(setup.(*ruleset.Game).G)
	return c
}

// base is one unit's base on the table and what it belongs to.
type base struct {
	unit string
	det  *lw.Detachment
	b    lw.Base
}

// bases are the bases standing on the table, each with its detachment, in the order of the
// detachments.
func bases(g *lw.Game) []base {
	var out []base
	for _, d := range g.Dets {
		fp := g.Footprint(d)
		i := 0
		for _, id := range d.Units {
			u := g.Unit(id)
			if u == nil || u.In != "" || u.Destroyed || i >= len(fp) {
				continue
			}
			out = append(out, base{unit: id, det: d, b: fp[i]})
			i++
		}
	}
	return out
}

// record notes the gap of every pair of bases, and what each viewer may not know.
func (c *Checker) record(g *lw.Game) {
	c.gaps, c.bases = map[pairKey]float64{}, map[string]lw.Base{}
	bs := bases(g)
	for _, b := range bs {
		c.bases[b.unit] = b.b
	}
	for i := range bs {
		for j := i + 1; j < len(bs); j++ { // of one detachment too: it may split
			c.gaps[key(bs[i].unit, bs[j].unit)] = baseGap(&bs[i].b, &bs[j].b)
		}
	}
	c.ids = idsOf(g)
	c.hidden = c.hidden[:0]
	for i, role := range viewers(g) {
		c.hidden = append(c.hidden, hiddenFrom(g, role))
		if i >= len(c.seen) {
			c.seen = append(c.seen, map[string]bool{})
		}
		for id := range c.ids {
			if g.Knows(viewer(role), id) {
				c.seen[i][id] = true
			}
		}
	}
}

// idsOf is every detachment and unit id of g.
func idsOf(g *lw.Game) map[string]bool {
	out := map[string]bool{}
	for _, d := range append(g.Dets[:len(g.Dets):len(g.Dets)], g.Gone...) {
		out[d.ID] = true
	}
	for _, u := range g.Units {
		out[u.ID] = true
	}
	return out
}

func key(a, b string) pairKey {
	if a > b {
		a, b = b, a
	}
	return pairKey{a, b}
}

// Check is the gametest Check: after a step taken, that every detachment stands on the table;
// that no base passed through another at a choke point, that no base came into contact with
// an enemy's (or closer to one already in contact) unless both are revealed, the referee's place exempt (as set-up: a base put down by
// hand is taken where it stands); that no view (the state, the step) names a detachment or
// unit its side has not seen; and, every Unseen steps, that what a side has not seen does not
// change what it is shown. A refused step changed nothing (gametest checks it) and is passed.
func (c *Checker) Check(gm rules.Game, rep *rules.Report) error {
	g := gm.(*ruleset.Game)
	if rep.Refusal != nil {
		return nil
	}
	c.steps++
	verb := strings.ToLower(strings.Fields(rep.Action + " x")[0])
	for _, d := range g.G.Dets {
		if x, y := d.Pos.Inches(); !(d.Pos.X >= -edge && d.Pos.Y >= -edge && d.Pos.X <= g.G.Table.Width+edge && d.Pos.Y <= g.G.Table.Height+edge) {
			return fmt.Errorf("%s: %s stands at %.2f,%.2f after %q", InvOnTable, d.ID, x, y, rep.Action)
		}
	}
	if verb != "place" {
		if err := c.frontage(g.G); err != nil {
			return err
		}
	}
	if err := c.leaks(g, rep); err != nil {
		return err
	}
	c.record(g.G)
	if c.Unseen > 0 && c.steps%c.Unseen == 0 {
		return Unseen(g, uint64(c.steps))
	}
	return nil
}

// frontage checks every pair of bases of two detachments against the gap they had before the
// step (rules-notes 3.6): no two overlap at a choke point, and no two of enemies are in
// contact (within 1/2", or at it) unless both are revealed, where they were not before, or
// closer than before. A base turns freely on its own centre where it already was within
// reach, and turns with its detachment onto a new leg ending no nearer than it began
// (rules-notes 3.6 allows a line in contact to turn about and move away): "before", for a
// pair already that near, is the nearer of their old places and their old places turned as
// they now stand.
func (c *Checker) frontage(g *lw.Game) error {
	bs := bases(g)
	seen := seenBases(g)
	shown := func(b *base) bool { // revealed, or seen where it stands as a unit of a revealed one
		if b.det.Revealed {
			return true
		}
		for _, s := range seen[b.unit] {
			if centre(&s).Dist(centre(&b.b)) < edge {
				return true
			}
		}
		return false
	}
	for i := range bs {
		for j := i + 1; j < len(bs); j++ {
			a, b := &bs[i], &bs[j]
			if a.det == b.det {
				continue
			}
			now := baseGap(&a.b, &b.b)
			was, ok := c.gaps[key(a.unit, b.unit)]
			if !ok {
				was = math.Inf(1)
			}
			spun := was
			if oa, ok := c.bases[a.unit]; ok {
				if ob, ok := c.bases[b.unit]; ok {
					sa, sb := moved(&a.b, centre(&oa)), moved(&b.b, centre(&ob))
					spun = baseGap(&sa, &sb)
				}
			}
			// overlapping where they did not touch before, or deeper than before
			spun = math.Min(spun, was) // a base within reach turns with its detachment, ending no nearer
			if now < -gapTolerant && (was > edge || now < spun-gapTolerant) && atChoke(g, &a.b, &b.b) {
				return fmt.Errorf("%s: %s's base (%s) and %s's (%s) overlap by %s at a choke point (before the step: %s)",
					InvChoke, a.unit, a.det.ID, b.unit, b.det.ID, lw.Inches(-now), gapText(was))
			}
			// in contact: within 1/2", at 1/2" too (a move stops there); newly, or closer
			in := func(g float64) bool { return g <= lw.ContactRange+contactEdge }
			if a.det.Side != b.det.Side && in(now) && (!in(was) || now < spun-gapTolerant) && !(shown(a) && shown(b)) {
				return fmt.Errorf("%s: %s's base (%s, revealed %v) is %s from %s's (%s, revealed %v), within contact range (before the step: %s)",
					InvContact, a.unit, a.det.ID, a.det.Revealed, gapText(now), b.unit, b.det.ID, b.det.Revealed, gapText(was))
			}
		}
	}
	return nil
}

// seenBases are the bases where the other side saw each unit it saw: each revealed
// detachment's (and each revealed one's that has since joined another) as it was seen. A
// vehicle that mired and broke off from a revealed detachment stands where it was seen, as a
// unit of that detachment; the other side knows it is there (its view shows the sighting),
// though the part itself is not revealed [lightningwar: breakOff, sighting].
func seenBases(g *lw.Game) map[string][]lw.Base {
	out := map[string][]lw.Base{}
	for _, d := range append(g.Dets[:len(g.Dets):len(g.Dets)], g.Gone...) {
		if !d.Revealed {
			continue
		}
		fp := g.SeenFootprint(d)
		i := 0
		for _, s := range d.SeenUnits {
			if u := g.Unit(s.ID); u == nil || u.Destroyed || s.In != "" || i >= len(fp) {
				continue
			}
			out[s.ID] = append(out[s.ID], fp[i])
			i++
		}
	}
	return out
}

// centre is a base's centre.
func centre(b *lw.Base) lw.Point {
	return lw.Point{X: (b[0].X + b[2].X) / 2, Y: (b[0].Y + b[2].Y) / 2}
}

// moved is base b moved, as it is turned, to stand with its centre at c.
func moved(b *lw.Base, c lw.Point) lw.Base {
	o := centre(b)
	var out lw.Base
	for i, p := range b {
		out[i] = lw.Point{X: p.X + c.X - o.X, Y: p.Y + c.Y - o.Y}
	}
	return out
}

// atChoke reports whether two bases overlap on a choke point.
func atChoke(g *lw.Game, a, b *lw.Base) bool {
	for _, c := range g.Table.Chokes {
		if overlapOn(a, b, c.Area) {
			return true
		}
	}
	return false
}

func gapText(m float64) string {
	switch {
	case math.IsInf(m, 1):
		return "no base"
	case m < 0:
		return "overlapping by " + lw.Inches(-m)
	}
	return lw.Inches(m)
}

// hiddenFrom is every detachment and unit id of g that role may not know of.
func hiddenFrom(g *lw.Game, role string) map[string]bool {
	v := lw.PublicView
	if role != rules.Spectator {
		v = lw.SideView(role)
	}
	return g.HiddenFrom(v)
}

// leaks checks that each side's and the public's view of the state after the step, and of the
// step, names no detachment or unit id the viewer has never seen: the state's, none it may not
// know now and never knew (the firer named in a past fire report stays known when the referee
// hides it); the step's, none it could not know before it or after it.
func (c *Checker) leaks(g *ruleset.Game, rep *rules.Report) error {
	core, _ := ruleset.StepReport(rep)
	var rolls []dice.Roll
	if core != nil {
		rolls = core.Rolls
	}
	ids := idsOf(g.G)
	for i, role := range viewers(g.G) {
		now := hiddenFrom(g.G, role)
		for id := range c.seen[i] {
			delete(now, id) // it was shown once: its name is known (the firer of past fire)
		}
		if id := named(jsonOf(g.View(rules.Head{Role: role}, false)), now); id != "" {
			return fmt.Errorf("%s: the %s's view of the state names %s", InvLeak, role, id)
		}
		step := map[string]bool{} // hidden now and before, or now and new, or before and gone
		for id := range now {
			if c.hidden[i][id] || !c.ids[id] {
				step[id] = true
			}
		}
		for id := range c.hidden[i] {
			if !ids[id] && !c.seen[i][id] {
				step[id] = true
			}
		}
		sv := g.StepView(rep, rolls, role)
		if id := named(jsonOf(sv.Report)+" "+sv.Text+" "+sv.Line, step); id != "" {
			return fmt.Errorf("%s: the %s's view of step %d (%s) names %s", InvLeak, role, rep.Step, rep.Action, id)
		}
	}
	return nil
}

func viewer(role string) lw.Viewer {
	if role == rules.Spectator {
		return lw.PublicView
	}
	return lw.SideView(role)
}

// named is the first id of hidden that text names as a whole word, or "": a word is a run of
// letters, digits and '_', '/', '-', '.' (as ids are written; an id may end in '.', and a
// full stop may follow one, so a word cut at any '.' is read too). It reads the text itself,
// apart from the rules core's Redact, which it checks.
func named(text string, hidden map[string]bool) string {
	if len(hidden) == 0 {
		return ""
	}
	idChar := func(c byte) bool {
		return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
			c == '_' || c == '/' || c == '-' || c == '.' || c >= 0x80
	}
	for i := 0; i < len(text); {
		if !idChar(text[i]) {
			i++
			continue
		}
		j := i
		for j < len(text) && idChar(text[j]) {
			j++
		}
		word := text[i:j]
		if hidden[word] {
			return word
		}
		for k := len(word) - 1; k > 0; k-- {
			if word[k] == '.' && hidden[word[:k]] {
				return word[:k]
			}
		}
		i = j
	}
	return ""
}
