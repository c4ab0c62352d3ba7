package lhygen

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/hex"
	"github.com/umpire-referee/umpire/lhy"
	"github.com/umpire-referee/umpire/lhy/ruleset"
	"github.com/umpire-referee/umpire/rules"
)

// Next is a gametest.Mover for Last Hundred Yards: the next line to try on g (a game of the
// lhy ruleset), with random choices from r.
//
// Most lines are steps the referee takes. While the last Assault still asks for something, they
// are drawn from the steps the ruleset itself offers (the state view's Retreat paths, Vehicle
// Destruction Attempts and Advances); a declared Assault is resolved or reinforced; otherwise
// the line is a fire with one to four markers of every kind (small arms on a nationality, by
// named firers or not; mortar, with an MFA MV or not; anti-tank, with an ATV, by an MG,
// enfiladed), an Assault by eligible attackers in range (declared and resolved at once or
// later, from chosen hexes, with Envelopment), a Recovery, a Withdrawal or a new turn. Each
// drawn line is tried on a copy and kept if the referee takes it; after a few refused draws
// the last one is played anyway. About one line in eight is deliberately wrong: a step the
// rules forbid (a Disrupted attacker, a Retreat nobody owes, an Advance without a win...) or
// notation that cannot be read.
func Next(g rules.Game, r *rand.Rand) string {
	st := g.(*ruleset.Game).G
	if r.IntN(8) == 0 {
		return wrong(st, r)
	}
	line := "turn"
	for range 6 {
		l := draw(g.(*ruleset.Game), st, r)
		if l == "" {
			continue
		}
		if line = l; takes(st, line) {
			break
		}
	}
	return line
}

// takes reports whether the referee takes line on a copy of st.
func takes(st *lhy.Game, line string) bool {
	_, err := st.Clone().Apply(line, dice.Lowest{})
	return err == nil
}

// draw is one line meant to be legal.
func draw(g *ruleset.Game, st *lhy.Game, r *rand.Rand) string {
	if st.After != nil {
		if l := aftermath(g, st, r); l != "" {
			return l
		}
	}
	if len(st.Assaults) > 0 && r.IntN(4) > 0 {
		as := st.Assaults[r.IntN(len(st.Assaults))]
		if r.IntN(2) == 0 {
			if l := assault(st, r, "reinforce", st.Map.Name(as.Target)); l != "" {
				return l
			}
		}
		return "resolve " + st.Map.Name(as.Target)
	}
	switch n := r.IntN(20); {
	case n < 8:
		return fire(st, r)
	case n < 13:
		return assault(st, r, "assault", "")
	case n < 15:
		return assault(st, r, "declare", "")
	case n < 17:
		return recovery(g, r)
	case n < 19:
		return withdraw(st, r)
	}
	return "turn"
}

// aftermath is a step the last Assault still asks for, from the ruleset's own view: a Retreat
// along one of the paths it lists (or eliminated, when it lists none), a Vehicle Destruction
// Attempt or an Advance it offers.
func aftermath(g *ruleset.Game, st *lhy.Game, r *rand.Rand) string {
	v := g.View(rules.Head{}, false).(ruleset.StateView)
	af := v.After
	if af == nil {
		return ""
	}
	var opts []string
	for _, s := range af.Steps {
		opts = append(opts, s.Line)
	}
	for _, rv := range af.Retreat {
		for _, p := range rv.Paths {
			opts = append(opts, "retreat "+rv.Unit+" "+strings.Join(p, " "))
		}
	}
	if len(opts) == 0 {
		return ""
	}
	// Retreats come first in the referee's order; an Advance or a VDA may come between them.
	if len(af.Retreat) > 0 && r.IntN(3) > 0 {
		rv := af.Retreat[r.IntN(len(af.Retreat))]
		if len(rv.Paths) > 0 {
			return "retreat " + rv.Unit + " " + strings.Join(rv.Paths[r.IntN(len(rv.Paths))], " ")
		}
		return "retreat " + rv.Unit + " eliminated"
	}
	return opts[r.IntN(len(opts))]
}

// live are the indexes of the units on the map.
func live(st *lhy.Game) []int {
	var out []int
	for i := range st.Units {
		if !st.Units[i].Eliminated {
			out = append(out, i)
		}
	}
	return out
}

// fire is a fire on a hex holding units: one to four markers of random kinds and DRMs.
func fire(st *lhy.Game, r *rand.Rand) string {
	units := live(st)
	if len(units) == 0 {
		return ""
	}
	h := st.Units[units[r.IntN(len(units))]].At
	in := st.In(h)
	var armoured, firers []int
	nations := map[lhy.Nation]bool{}
	for _, i := range in {
		if st.Units[i].HasAV() {
			armoured = append(armoured, i)
		}
		if !st.Units[i].Vehicular() {
			nations[st.Units[i].Nation] = true
		}
	}
	for _, i := range units {
		if u := &st.Units[i]; u.Side != st.Units[in[0]].Side && hex.Distance(u.At, h) <= 3 {
			firers = append(firers, i)
		}
	}
	var ms []string
	for range 1 + r.IntN(3) + r.IntN(2) {
		drm := r.IntN(8) - 2
		switch k := r.IntN(3); {
		case k == 2 && len(armoured) > 0:
			m := fmt.Sprintf("at %s %+d", st.Units[armoured[r.IntN(len(armoured))]].ID, drm)
			if r.IntN(2) == 0 {
				m += fmt.Sprintf(" atv %d", r.IntN(4))
			}
			if r.IntN(4) == 0 {
				m += " mg"
			}
			if r.IntN(4) == 0 {
				m += " enfilade"
			}
			ms = append(ms, m)
		case k == 1:
			m := fmt.Sprintf("mortar %+d", drm)
			if r.IntN(3) > 0 {
				m += fmt.Sprintf(" mv %d", 1+r.IntN(3))
			}
			ms = append(ms, m)
		default:
			m := "sa"
			if len(nations) > 1 || r.IntN(3) == 0 {
				m += " " + string(st.Units[in[r.IntN(len(in))]].Nation)
			}
			m += fmt.Sprintf(" %+d", drm)
			if len(firers) > 0 && r.IntN(3) == 0 {
				m += " by " + st.Units[firers[r.IntN(len(firers))]].ID
			}
			ms = append(ms, m)
		}
	}
	return "fire " + st.Map.Name(h) + ": " + strings.Join(ms, ", ")
}

// assault is an Assault (verb assault, declare or reinforce) on target, or on a hex of enemy
// units when target is "": up to four attackers of the other side, in range and in a state to
// assault, some from a hex they name, sometimes with Envelopment.
func assault(st *lhy.Game, r *rand.Rand, verb, target string) string {
	var h lhy.Hex
	if target != "" {
		h, _ = st.Map.Parse(target)
	} else {
		units := live(st)
		if len(units) == 0 {
			return ""
		}
		h = st.Units[units[r.IntN(len(units))]].At
	}
	in := st.In(h)
	if len(in) == 0 {
		return ""
	}
	side := st.Units[in[0]].Side
	var cand []int
	for _, i := range live(st) {
		if u := &st.Units[i]; u.Side != side && mayAssault(st, i, h) && !declared(st, i) {
			cand = append(cand, i)
		}
	}
	if len(cand) == 0 {
		return ""
	}
	r.Shuffle(len(cand), func(i, j int) { cand[i], cand[j] = cand[j], cand[i] })
	if r.IntN(2) == 0 { // a strong attack: the best Cohesion first (the top rows need it)
		slices.SortStableFunc(cand, func(a, b int) int { return st.Units[b].EffCohesion() - st.Units[a].EffCohesion() })
	}
	cand = cand[:1+r.IntN(min(len(cand), 4))]
	var b strings.Builder
	b.WriteString(verb + " " + st.Map.Name(h))
	from := map[lhy.Hex]bool{}
	for _, i := range cand {
		b.WriteString(" " + st.Units[i].ID)
		f := st.Units[i].At
		if es := entries(st, i, h); len(es) > 0 && (r.IntN(4) == 0 || !f.Adjacent(h)) {
			f = es[r.IntN(len(es))]
			b.WriteString("@" + st.Map.Name(f))
		}
		from[f] = true
	}
	if verb != "reinforce" && (len(from) > 1 && r.IntN(2) == 0 || r.IntN(12) == 0) {
		b.WriteString(" envelopment")
	}
	return b.String()
}

// mayAssault is a first sieve of the units that may assault h (14.0, 10.5.2.2): on foot or a
// vehicle, in range, in good order, not an FP or a Towed Gun, not an AFV carrying Riders, not an
// FV or HT against an AFV or Towed Gun, not a unit that has assaulted this turn unless its
// Advance allows one more. The referee judges the rest (company, counting limits).
func mayAssault(st *lhy.Game, i int, h lhy.Hex) bool {
	u := &st.Units[i]
	if u.Rider != "" || u.Disrupted || u.Regrouping || u.Shocked || u.Kind == lhy.FP || u.Kind == lhy.TowedGun ||
		hex.Distance(u.At, h) > lhy.AssaultRange(u) || u.Assaulted && (!u.Advanced || u.SecondAssault) {
		return false
	}
	for j := range st.Units {
		w := &st.Units[j]
		if w.Eliminated {
			continue
		}
		if u.Kind == lhy.AFV && w.Rider == u.ID {
			return false
		}
		if (u.Kind == lhy.FV || u.Kind == lhy.HT) && w.At == h && (w.Kind == lhy.AFV || w.Kind == lhy.TowedGun) {
			return false
		}
	}
	return true
}

// declared reports whether unit i attacks in a declared Assault.
func declared(st *lhy.Game, i int) bool {
	for _, as := range st.Assaults {
		if slices.Contains(as.Attackers, i) {
			return true
		}
	}
	return false
}

// entries are the hexes next to target that unit i may go in from: within a hex of it.
func entries(st *lhy.Game, i int, target lhy.Hex) []lhy.Hex {
	var out []lhy.Hex
	for _, n := range st.Map.Neighbors(target) {
		if hex.Distance(n, st.Units[i].At) <= 1 {
			out = append(out, n)
		}
	}
	return out
}

// recovery is a Recovery the ruleset's view offers, or "turn" when it offers none.
func recovery(g *ruleset.Game, r *rand.Rand) string {
	v := g.View(rules.Head{}, false).(ruleset.StateView)
	var opts []string
	for _, s := range v.Steps {
		if s.Verb == "recover" {
			opts = append(opts, s.Line)
		}
	}
	if len(opts) == 0 {
		return ""
	}
	return opts[r.IntN(len(opts))]
}

// withdraw is a Withdrawal of a unit on foot: one to four hexes, each next to the last, none
// holding an enemy.
func withdraw(st *lhy.Game, r *rand.Rand) string {
	var cand []int
	for _, i := range live(st) {
		if u := &st.Units[i]; u.OnFoot() && u.Kind != lhy.FP && u.Kind != lhy.TowedGun && !u.Shocked {
			cand = append(cand, i)
		}
	}
	if len(cand) == 0 {
		return ""
	}
	i := cand[r.IntN(len(cand))]
	u := &st.Units[i]
	at := u.At
	var path []string
	for range 1 + r.IntN(4) {
		ns := st.Map.Neighbors(at)
		r.Shuffle(len(ns), func(a, b int) { ns[a], ns[b] = ns[b], ns[a] })
		moved := false
		for _, n := range ns {
			if !enemyIn(st, n, u.Side) && st.Map.Info(n).Terrain != lhy.Impassable {
				at, moved = n, true
				path = append(path, st.Map.Name(n))
				break
			}
		}
		if !moved {
			break
		}
	}
	if len(path) == 0 {
		return ""
	}
	return "withdraw " + u.ID + " " + strings.Join(path, " ")
}

// enemyIn reports whether h holds a unit of a side other than side.
func enemyIn(st *lhy.Game, h lhy.Hex, side string) bool {
	for _, j := range st.In(h) {
		if st.Units[j].Side != side {
			return true
		}
	}
	return false
}

// wrong is a line the referee must refuse or cannot read: a step the rules forbid in this
// state, or broken notation.
func wrong(st *lhy.Game, r *rand.Rand) string {
	ids := []string{"NOBODY"}
	for i := range st.Units {
		ids = append(ids, st.Units[i].ID)
	}
	id := func() string { return ids[r.IntN(len(ids))] }
	hx := func() string {
		return st.Map.Name(lhy.Hex{X: int16(r.IntN(st.Map.Cols)), Y: int16(1 + r.IntN(st.Map.Rows))})
	}
	switch r.IntN(16) {
	case 0:
		return "assault " + hx() + " " + id() + " " + id()
	case 1:
		return "retreat " + id() + " " + hx() + " " + hx()
	case 2:
		return "advance " + id() + " " + hx()
	case 3:
		return "vda " + id() + " " + id()
	case 4:
		return "recover " + id()
	case 5:
		return "withdraw " + id() + " " + hx() + " " + hx() + " " + hx() + " " + hx() + " " + hx()
	case 6:
		return "fire " + hx() + ": sa +1 by " + id()
	case 7:
		return "fire " + hx() + ": at " + id() + " +2 atv 1"
	case 8:
		return "resolve " + hx()
	case 9:
		return "reinforce " + hx() + " " + id()
	case 10:
		return "fire " + hx() + ": mortar +30"
	case 11:
		return "fire " + hx()
	case 12:
		return "retreat " + id() + " eliminated"
	case 13:
		return "assault ZZ99 " + id()
	case 14:
		return "turn " + id()
	}
	return []string{"", "charge!", "fire: sa +1", "assault", "vda", "declare " + hx(), "withdraw " + id()}[r.IntN(7)]
}
