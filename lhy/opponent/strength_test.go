package opponent_test

import (
	"fmt"
	"hash/fnv"
	"math/big"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/hex"
	"github.com/umpire-referee/umpire/internal/strength"
	"github.com/umpire-referee/umpire/lhy"
	"github.com/umpire-referee/umpire/lhy/lhyfile"
	"github.com/umpire-referee/umpire/lhy/lhygen"
	"github.com/umpire-referee/umpire/lhy/opponent"
)

// The strength trial (Last Hundred Yards): on random fronts (lhygen's largest size: 18 x 12
// hexes, nine stacks of one to three units a side, units in every state), the Axis is set to
// eliminate the Allies' units (1 point each) and to clear three of the hexes they hold (2 points
// each), by the end of the third turn played. Three players take the Axis's Assault decisions
// from the same setup with the same dice seed: umpire's opponent, a random player (a step drawn
// uniformly from the Assaults, Retreats, Vehicle Destruction Attempts and Advances the referee
// would take now, or none) and a greedy one (the Assault on an objective hex, else on any hex,
// with the best chance to win on the Assault roll alone, by every unit in range; the first
// Retreat listed, the likeliest Vehicle Destruction Attempt, no Advance). The Allies' play is
// fixed: each turn, before the Axis's decisions, each hex of Allied units in good order fires
// small arms (+1) at the nearest Axis hex within 3 hexes; their Retreats take the first path
// listed, and they make the likeliest Vehicle Destruction Attempt and no Advance. A player
// scores the Axis's points after turn 3.

const axis, allies = "Axis", "Allies"

// lhyPlayer gives the Axis's next step, false when it has none.
type lhyPlayer func(g *lhy.Game, r *rand.Rand) (string, bool)

// lhyTrial is scenario seed's front with the Axis's objectives.
func lhyTrial(t testing.TB, seed uint64) *lhy.Game {
	t.Helper()
	s, err := lhyfile.LoadLHY("gen.yaml", lhygen.Scenario(seed, lhygen.Sizes[len(lhygen.Sizes)-1]))
	if err != nil {
		t.Fatal(err)
	}
	g := s.Game.Clone()
	g.Objectives = nil
	g.AddObjective(lhy.Objective{Side: axis, Kind: lhy.ObjEliminate, Each: 1, EachSet: true, By: g.Turn + 2})
	var held []lhy.Hex
	for _, u := range g.Units {
		if u.Side == allies && !u.Eliminated && !slices.Contains(held, u.At) {
			held = append(held, u.At)
		}
	}
	r := rand.New(rand.NewPCG(seed, 11))
	r.Shuffle(len(held), func(i, j int) { held[i], held[j] = held[j], held[i] })
	g.AddObjective(lhy.Objective{Side: axis, Kind: lhy.ObjClear, Hexes: held[:min(3, len(held))], Each: 2, EachSet: true, By: g.Turn + 2})
	return g
}

// takes and names are the opponent's own (export_test.go).
var takes, names = opponent.Takes, opponent.Names

// assaults are the Assaults side could make now: on each hex of enemies, each unit in range
// alone and all of them together (and together as an Envelopment, from two hexes or more), as
// the referee takes them.
func assaults(g *lhy.Game, side string) (lines []string, targets []lhy.Hex) {
	seen := map[lhy.Hex]bool{}
	for i := range g.Units {
		e := &g.Units[i]
		if e.Side == side || e.Eliminated || seen[e.At] {
			continue
		}
		seen[e.At] = true
		var near []int
		for j := range g.Units {
			u := &g.Units[j]
			if u.Side == side && !u.Eliminated && hex.Distance(u.At, e.At) > 0 && hex.Distance(u.At, e.At) <= lhy.AssaultRange(u) {
				near = append(near, j)
			}
		}
		sets := [][]int{near}
		for _, j := range near {
			sets = append(sets, []int{j})
		}
		for k, set := range sets {
			if len(set) == 0 {
				continue
			}
			l := "assault " + g.Map.Name(e.At) + " " + names(g, set)
			if !slices.Contains(lines, l) && takes(g, l) {
				lines, targets = append(lines, l), append(targets, e.At)
			}
			if l += " envelopment"; k == 0 && takes(g, l) {
				lines, targets = append(lines, l), append(targets, e.At)
			}
		}
	}
	return lines, targets
}

// aftermathSteps are the steps the last Assault asks of side now: its Retreats (every path
// listed, or eliminated), its Vehicle Destruction Attempts and Advances.
func aftermathSteps(g *lhy.Game, side string) (retreats, others []string) {
	af := g.After
	if af == nil {
		return nil, nil
	}
	for _, i := range af.Retreat {
		u := &g.Units[i]
		if u.Eliminated {
			continue
		}
		owe := "retreat " + u.ID + " eliminated"
		for _, p := range g.RetreatPaths(i, 50) {
			l := "retreat " + u.ID
			for _, h := range p {
				l += " " + g.Map.Name(h)
			}
			owe = l
			if u.Side == side {
				retreats = append(retreats, l)
			}
		}
		if u.Side == side && len(retreats) == 0 {
			retreats = append(retreats, owe)
		}
		if len(retreats) > 0 || u.Side != side {
			return retreats, nil // one unit's Retreat at a time, in the referee's order
		}
	}
	for i := range g.Units {
		u := &g.Units[i]
		if u.Side != side || u.Eliminated {
			continue
		}
		for j := range g.Units {
			if v := &g.Units[j]; v.Vehicular() && !v.Eliminated && v.Side != side {
				if l := "vda " + u.ID + " " + v.ID; takes(g, l) {
					others = append(others, l)
				}
			}
		}
		for _, h := range g.Map.Neighbors(u.At) {
			if l := "advance " + u.ID + " " + g.Map.Name(h); takes(g, l) {
				others = append(others, l)
			}
		}
	}
	return nil, others
}

// likeliest is the step of lines most likely to give fact (its exact odds), "" when none.
func likeliest(g *lhy.Game, lines []string, fact func(line string) string) string {
	best, bp := "", -1.0
	for _, l := range lines {
		o, err := g.Odds(l)
		if err != nil {
			continue
		}
		p := 0.0
		if r := o.Marginal[fact(l)]; r != nil {
			p, _ = r.Float64()
		}
		if p > bp {
			best, bp = l, p
		}
	}
	return best
}

// destroyed is the fact a VDA line seeks: its vehicle Destroyed.
func destroyed(l string) string { return strings.Fields(l)[2] + " Destroyed" }

// winChance is the chance an Assault's roll beats the defender: a row the defender loses.
func winChance(g *lhy.Game, line string) float64 {
	o, err := g.Odds(line)
	if err != nil {
		return -1
	}
	p := new(big.Rat)
	for k := range lhy.AssaultResults {
		if row := &lhy.AssaultResults[k]; lhy.Loser(row.Min) == lhy.Defender {
			if m := o.Marginal["row "+row.Label()]; m != nil {
				p.Add(p, m)
			}
		}
	}
	f, _ := p.Float64()
	return f
}

// randomLHY draws uniformly among the steps open to the Axis now, and doing nothing.
func randomLHY(g *lhy.Game, r *rand.Rand) (string, bool) {
	retreats, others := aftermathSteps(g, axis)
	if len(retreats) > 0 {
		return retreats[r.IntN(len(retreats))], true
	}
	if g.After != nil && len(g.After.Retreat) > 0 {
		return "", false
	}
	lines, _ := assaults(g, axis)
	lines = append(lines, others...)
	if k := r.IntN(len(lines) + 1); k < len(lines) {
		return lines[k], true
	}
	return "", false
}

// greedyLHY assaults an objective hex (else any) with the best chance to win on the roll.
func greedyLHY(g *lhy.Game, _ *rand.Rand) (string, bool) {
	retreats, others := aftermathSteps(g, axis)
	if len(retreats) > 0 {
		return retreats[0], true
	}
	if g.After != nil && len(g.After.Retreat) > 0 {
		return "", false
	}
	var vdas []string
	for _, l := range others {
		if strings.HasPrefix(l, "vda ") {
			vdas = append(vdas, l)
		}
	}
	if l := likeliest(g, vdas, destroyed); l != "" {
		return l, true
	}
	lines, targets := assaults(g, axis)
	goal := g.Objectives[1].Hexes
	best, bp, bestGoal := "", -1.0, false
	for k, l := range lines {
		onGoal := slices.Contains(goal, targets[k])
		p := winChance(g, l)
		if onGoal && !bestGoal || onGoal == bestGoal && p > bp {
			best, bp, bestGoal = l, p, onGoal
		}
	}
	return best, best != ""
}

// umpireLHY is the opponent.
func umpireLHY(g *lhy.Game, _ *rand.Rand) (string, bool) {
	d, ok := opponent.Decide(g, axis, 0.5)
	return d.Line, ok
}

// alliesPlay is the Allies' fixed play for the steps the last Assault asks of them: the first
// Retreat, the likeliest VDA; false when it asks nothing of them.
func alliesPlay(g *lhy.Game) (string, bool) {
	retreats, others := aftermathSteps(g, allies)
	if len(retreats) > 0 {
		return retreats[0], true
	}
	var vdas []string
	for _, l := range others {
		if strings.HasPrefix(l, "vda ") {
			vdas = append(vdas, l)
		}
	}
	if l := likeliest(g, vdas, destroyed); l != "" && g.After.VDAOpen() != 0 {
		return l, true
	}
	return "", false
}

// alliesFire is the Allies' fire of a turn: each hex of their good-order units at the nearest
// Axis hex within 3.
func alliesFire(g *lhy.Game) []string {
	var out []string
	done := map[lhy.Hex]bool{}
	for i := range g.Units {
		u := &g.Units[i]
		if u.Side != allies || u.Eliminated || u.Disrupted || u.Regrouping || u.Shocked || u.Rider != "" || done[u.At] {
			continue
		}
		done[u.At] = true
		var near []lhy.Hex
		for j := range g.Units {
			if e := &g.Units[j]; e.Side == axis && !e.Eliminated && hex.Distance(u.At, e.At) <= 3 {
				near = append(near, e.At)
			}
		}
		sort.Slice(near, func(a, b int) bool {
			da, db := hex.Distance(u.At, near[a]), hex.Distance(u.At, near[b])
			return da < db || da == db && g.Map.Name(near[a]) < g.Map.Name(near[b])
		})
		if len(near) > 0 {
			out = append(out, "fire "+g.Map.Name(near[0])+": sa +1")
		}
	}
	return out
}

// stepDice are the dice of a step: drawn from the trial's seed, the turn, the step's line and
// how many times it was played this turn, so that two players who make the same step in the
// same turn roll the same dice for it (common random numbers: the players' scores differ by
// what they decide, not by where their decisions left the dice stream).
func stepDice(seed uint64, turn int, line string, played map[string]int) dice.Source {
	key := fmt.Sprintf("%d %s", turn, line)
	played[key]++
	h := fnv.New64a()
	fmt.Fprintf(h, "%d %s %d", seed, key, played[key])
	return dice.NewSeeded(h.Sum64())
}

// playLHY plays three turns with p taking the Axis's decisions: its points, the steps the
// referee refused, and the longest time p took over one turn's decisions.
func playLHY(setup *lhy.Game, seed uint64, p lhyPlayer) (points, refused int, slowest time.Duration) {
	g := setup.Clone()
	r := rand.New(rand.NewPCG(seed, 5))
	played := map[string]int{}
	do := func(line string) error {
		_, err := g.Apply(line, stepDice(seed, g.Turn, line, played))
		return err
	}
	settle := func() {
		for n := 0; n < 50; n++ {
			l, ok := alliesPlay(g)
			if !ok || do(l) != nil {
				return
			}
		}
	}
	for turn := 0; turn < 3; turn++ {
		for _, l := range alliesFire(g) {
			_ = do(l) // a fire the referee refuses (a hex emptied meanwhile) is not made
			settle()
		}
		var spent time.Duration
		for n := 0; n < 60; n++ {
			settle()
			start := time.Now()
			line, ok := p(g, r)
			spent += time.Since(start)
			if !ok {
				break
			}
			if do(line) != nil {
				refused++
				break
			}
		}
		slowest = max(slowest, spent)
		settle()
		if do("turn") != nil {
			break
		}
	}
	for k := range g.Objectives {
		if g.Objectives[k].Side == axis {
			points += g.Status(k).Points
		}
	}
	return points, refused, slowest
}

// lhyStrength plays n scenarios.
func lhyStrength(t testing.TB, n int) *strength.Tally {
	return strength.Play(t, n, func(seed uint64) strength.Score {
		setup := lhyTrial(t, seed)
		u, refused, slow := playLHY(setup, seed, umpireLHY)
		rnd, _, _ := playLHY(setup, seed, randomLHY)
		gr, _, _ := playLHY(setup, seed, greedyLHY)
		return strength.Score{Umpire: u, Random: rnd, Greedy: gr, Refused: refused, Turns: []time.Duration{slow}, Note: fmt.Sprintf(" (%v)", slow)}
	})
}

// TestLHYStrengthSmall plays the trial on 3 fronts: umpire's steps are never refused.
func TestLHYStrengthSmall(t *testing.T) {
	if testing.Short() {
		t.Skip("the strength trial plays 9 games (BenchmarkLHYStrength plays the whole)")
	}
	if tl := lhyStrength(t, 3); tl.Refused > 0 {
		t.Errorf("the referee refused %d of umpire's steps", tl.Refused)
	}
}

// BenchmarkLHYStrength is the whole Last Hundred Yards strength trial: UMPIRE_STRENGTH_N
// fronts (default 50). It reports the share in which umpire beats each baseline, the steps
// refused and the p99 of umpire's time over one turn's decisions.
//
//	go test -run '^$' -bench LHYStrength -benchtime 1x ./lhy/opponent/
func BenchmarkLHYStrength(b *testing.B) {
	for i := 0; i < b.N; i++ {
		lhyStrength(b, strength.Scenarios()).Report(b, "p99-s/turn")
	}
}
