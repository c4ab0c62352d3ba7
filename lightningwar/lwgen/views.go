package lwgen

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/umpire-referee/umpire/dice"
	lw "github.com/umpire-referee/umpire/lightningwar"
	"github.com/umpire-referee/umpire/lightningwar/ruleset"
	"github.com/umpire-referee/umpire/rules"
)

func jsonOf(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("(%v)", err)
	}
	return string(b)
}

// Unseen is the metamorphic check of hidden movement on game g as it stands (g is not
// changed): for a side, something of the enemy's it has not seen is changed in a copy of the
// game (an unseen detachment placed elsewhere, split, one of its vehicles mired, or a new one
// added), and the side's and the public's views of the two must be the same byte for byte;
// then the same next step (drawn by Next) is played on both, every roll of a kind giving the
// same total (so that an unseen roll cannot shift the side's own), and the views of the state
// and of the step must still be the same, unless the step brought the side's models up
// against what was changed (a contact that revealed it, a choke point it held: the side then
// sees something of it). A change that adds a detachment (split, added) is followed by any
// step but the Movement Phase, where the sides alternate detachment by detachment (rules-notes
// 3.2) and one more changes who meets whom first. n seeds the choices.
func Unseen(g *ruleset.Game, n uint64) error {
	h := g.Hash()
	r := rand.New(rand.NewPCG(n, uint64(h[0])|uint64(h[1])<<8|uint64(h[2])<<16))
	st := g.G
	side := st.Sides[r.IntN(len(st.Sides))]
	var unseen []*lw.Detachment
	for _, d := range st.Dets {
		if d.Side != side && !d.Revealed {
			unseen = append(unseen, d)
		}
	}
	v := g.Clone().(*ruleset.Game)
	what, changed := change(v.G, unseen, side, r)
	adds := len(v.G.Dets) != len(st.Dets)
	if what == "" {
		return nil
	}
	for i, d := range st.Dets { // a change that showed something (a part meeting an enemy) is no test
		if e := v.G.Det(d.ID); e == nil && !slices.Contains(changed, d.ID) || e != nil && e.Revealed != d.Revealed || i >= len(v.G.Dets) {
			return nil
		}
	}
	roles := []string{side, rules.Spectator}
	for _, role := range roles {
		if a, b := jsonOf(g.View(rules.Head{Role: role}, false)), jsonOf(v.View(rules.Head{Role: role}, false)); a != b {
			return fmt.Errorf("%s: %s; the %s's view changed:\n was: %s\n now: %s", InvUnseen, what, role, a, b)
		}
	}
	line := Next(g, r)
	for _, id := range changed {
		if mentions(line, id) {
			return nil
		}
	}
	if adds && strings.HasPrefix(line, "movement") {
		// a detachment more or fewer changes how the sides alternate in each band (rules-notes
		// 3.2): who comes to whom first, and so the contacts the side takes part in
		return nil
	}
	b := g.Clone().(*ruleset.Game)
	roll := constant{d6: 1 + r.IntN(6), dr: 2 + r.IntN(11)}
	ra, ea := play(b, line, roll)
	rb, eb := play(v, line, roll)
	if (ea == nil) != (eb == nil) {
		// a step of the other side's may meet what was changed (its own base put on a choke
		// point) and be refused in one game only: the side sees neither (a refused step is not
		// played); any other step must be judged alike whatever the side has not seen
		if a, err := lw.Parse(line); err != nil || b.G.Owner(a) == "" || b.G.Owner(a) == side {
			return fmt.Errorf("%s: %s; then %q is refused in one game and not the other (%v / %v)", InvUnseen, what, line, ea, eb)
		}
		if ea != nil {
			ra = nil
		} else {
			rb = nil
		}
	}
	if ea != nil && eb != nil || touched(b.G, v.G, ra, rb, side, changed) {
		return nil
	}
	for _, role := range roles {
		if a, b := jsonOf(b.View(rules.Head{Role: role}, false)), jsonOf(v.View(rules.Head{Role: role}, false)); a != b {
			return fmt.Errorf("%s: %s; after %q the %s's view differs:\n was: %s\n now: %s", InvUnseen, what, line, role, a, b)
		}
		if ra == nil || rb == nil {
			continue // refused in one game: no step to show
		}
		sa, sb := b.StepView(ra, nil, role), v.StepView(rb, nil, role)
		if a, b := jsonOf(sa.Report)+sa.Text, jsonOf(sb.Report)+sb.Text; a != b {
			return fmt.Errorf("%s: %s; the %s's view of %q differs:\n was: %s\n now: %s", InvUnseen, what, role, line, a, b)
		}
	}
	return nil
}

// change changes, in game v, something of the enemy's that side has not seen, and says what
// and which detachments it touched ("" when there was nothing to change).
func change(v *lw.Game, unseen []*lw.Detachment, side string, r *rand.Rand) (string, []string) {
	kind := r.IntN(4)
	if len(unseen) == 0 {
		kind = 3
	}
	enemy := ""
	for _, s := range v.Sides {
		if s != side {
			enemy = s
		}
	}
	w, h := v.Table.Width/lw.MetresPerInch, v.Table.Height/lw.MetresPerInch
	at := fmt.Sprintf("%s,%s", num(1+r.Float64()*(w-2)), num(1+r.Float64()*(h-2)))
	switch kind {
	case 0: // moved
		d := v.Det(unseen[r.IntN(len(unseen))].ID)
		line := fmt.Sprintf("place %s %s facing %d", d.ID, at, r.IntN(360))
		if doLine(v, line) != nil {
			return "", nil
		}
		return "the unseen " + line, []string{d.ID}
	case 1: // split
		d := v.Det(unseen[r.IntN(len(unseen))].ID)
		if len(d.Units) < 2 {
			return "", nil
		}
		line := fmt.Sprintf("split %s %s as %s/u9", d.ID, d.Units[len(d.Units)-1], d.ID)
		if doLine(v, line) != nil {
			return "", nil
		}
		return "the unseen " + line, []string{d.ID, d.ID + "/u9"}
	case 2: // mired
		d := v.Det(unseen[r.IntN(len(unseen))].ID)
		for _, id := range d.Units {
			if u := v.Unit(id); u.IsVehicle() && !u.Mired {
				u.Mired = true
				return "the unseen " + id + " of " + d.ID + " mired", []string{d.ID}
			}
		}
		return "", nil
	}
	top := ""
	for _, id := range sortedFormations(v) {
		if f := v.Formations[id]; f.Side == enemy && f.Parent == "" {
			top = id
		}
	}
	if top == "" {
		return "", nil
	}
	u, d := "ZU99", "ZD99"
	p, _ := lw.ParsePoint(at)
	if v.AddUnit(lw.Unit{ID: u, Formation: top, Type: lw.Vehicle, Tank: true, Size: lw.Medium, CrossMPH: 12, RoadMPH: 20}) != nil ||
		v.AddDetachment(lw.Detachment{ID: d, Units: []string{u}, Pos: p, Facing: float64(r.IntN(360))}) != nil {
		return "", nil
	}
	if line := fmt.Sprintf("order %s path %s", d, at); r.IntN(2) == 0 {
		p2 := fmt.Sprintf("%s,%s", num(1+r.Float64()*(w-2)), num(1+r.Float64()*(h-2)))
		_ = doLine(v, strings.Replace(line, at, p2, 1))
	}
	return "an unseen tank " + d + " added at " + at, []string{d}
}

func sortedFormations(g *lw.Game) []string {
	var out []string
	for id := range g.Formations {
		out = append(out, id)
	}
	slices.Sort(out)
	return out
}

// doLine plays a line on the core game with no dice (a referee's step that rolls none).
func doLine(g *lw.Game, line string) error {
	_, err := g.Apply(line, dice.Lowest{})
	return err
}

func play(g *ruleset.Game, line string, src dice.Source) (*rules.Report, error) {
	a, err := g.Parse(line)
	if err != nil {
		return nil, err
	}
	return g.Do(a, 1, src)
}

// mentions reports whether line names id (or a part of it) as a word.
func mentions(line, id string) bool {
	for _, w := range strings.FieldsFunc(line, func(c rune) bool { return c == ' ' || c == ',' }) {
		if w == id || strings.HasPrefix(w, id+"/") {
			return true
		}
	}
	return false
}

// touched reports whether the step brought side's models up against what differs between the
// two games (what was changed, and what the step left otherwise in one game than in the
// other: an enemy detachment that moved later in its band, since a detachment added or split
// changes how the sides alternate), so that the side may see the difference: a detachment
// revealed or seen in one game and not as in the other (contact reveals both), or an event
// told to the side naming a detachment that differs (a choke point it held).
func touched(a, b *lw.Game, ra, rb *rules.Report, side string, changed []string) bool {
	differs := slices.Clone(changed)
	for _, pair := range [2][2]*lw.Game{{a, b}, {b, a}} {
		for _, d := range pair[0].Dets {
			o := pair[1].Det(d.ID)
			switch {
			case o == nil:
				if d.Revealed {
					return true
				}
				differs = append(differs, d.ID)
			case o.Revealed != d.Revealed || o.Seen != d.Seen || o.SeenFacing != d.SeenFacing || o.SeenColumn != d.SeenColumn:
				return true
			case o.Pos != d.Pos || o.Facing != d.Facing || o.InColumn != d.InColumn || !slices.Equal(o.Units, d.Units):
				differs = append(differs, d.ID)
			}
		}
	}
	set := map[string]bool{}
	for _, id := range differs {
		set[id] = true
	}
	for _, rep := range []*rules.Report{ra, rb} {
		if rep == nil {
			continue
		}
		core, _ := ruleset.StepReport(rep)
		if core == nil {
			continue
		}
		for _, e := range core.Events {
			if (e.Side == side || e.Side == "") && named(e.Text, set) != "" {
				return true
			}
		}
	}
	return false
}

// constant is dice whose every roll of a kind comes up the same: a roll made for a
// detachment the side has not seen cannot shift the side's own.
type constant struct{ d6, dr int }

func (c constant) Roll(k dice.Kind) (dice.Roll, error) {
	if k == dice.DR {
		a := min(6, c.dr-1)
		return dice.Roll{Kind: k, D1: int8(a), D2: int8(c.dr - a), Total: int8(c.dr)}, nil
	}
	return dice.Roll{Kind: k, D1: int8(c.d6), Total: int8(c.d6)}, nil
}
