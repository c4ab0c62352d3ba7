package opponent_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/asl/aslgen"
	"github.com/umpire-referee/umpire/asl/opponent"
	"github.com/umpire-referee/umpire/asl/plan"
	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/hex"
	"github.com/umpire-referee/umpire/internal/strength"
)

// The strength trial: on random two-board scenarios (aslgen: vehicles and Infantry of both
// sides, and the German's platoon, Convoy and Column), the German is to reach three hexes east
// of its units by the end of its third MPh (3 points each), exit off the east edge (2 a unit)
// and keep its vehicles Mobile (1 each). Three players play the German in turn from the same
// setup with the same dice seed, against the same fixed Russian play (it begins the German's
// next MPh at once): umpire's opponent, a random player and a greedy one. A player scores the
// German's objective points after its third MPh.

// player gives the German's next line in g, false when it hands the turn over.
type player func(g *asl.Game, r *rand.Rand) (string, bool)

// trial is one scenario of the strength trial: its setup with the German's objectives.
func trial(t testing.TB, seed uint64) *asl.Game {
	t.Helper()
	text := string(aslgen.Scenario(seed, aslgen.Size{Boards: 2, Vehicles: 8, Infantry: 4, Groups: 1}))
	g := load(t, fmt.Sprintf("strength-%d.yaml", seed), text)
	r := rand.New(rand.NewPCG(seed, 7))
	sum, n := 0, 0
	for i := range g.Units {
		if u := &g.Units[i]; u.Side == "German" && !u.Pos.Offboard {
			sum += int(u.Pos.Hex.X)
			n++
		}
	}
	lay := g.Map.Layout
	var reach []hex.Hex
	for tries := 0; len(reach) < 3 && tries < 10000; tries++ {
		x := sum/max(n, 1) + 8 + r.IntN(12)
		h := hex.Hex{X: int16(min(x, lay.Width()-1)), Y: int16(r.IntN(lay.Height()))}
		if lay.Contains(h) && !slices.Contains(reach, h) {
			reach = append(reach, h)
		}
	}
	g.AddObjective(asl.Objective{Side: "German", Kind: asl.ObjReach, Hexes: reach, Each: 3, EachSet: true, By: 3})
	g.AddObjective(asl.Objective{Side: "German", Kind: asl.ObjExit, Edge: asl.EdgeEast, Each: 2, EachSet: true})
	g.AddObjective(asl.Objective{Side: "German", Kind: asl.ObjMobile, Each: 1, EachSet: true})
	return g
}

// outcome is how one player did in one scenario.
type outcome struct {
	points  int
	refused int
	turns   []time.Duration // the time each German MPh took to decide
}

// playTrial plays the German with p for three MPh on a copy of setup with seed's dice.
func playTrial(setup *asl.Game, seed uint64, p player) outcome {
	g := setup.Clone()
	src := dice.NewSeeded(seed)
	r := rand.New(rand.NewPCG(seed, 11))
	var out outcome
	for mph := 1; mph <= 3; mph++ {
		var spent time.Duration
		for steps := 0; steps < 2000; steps++ {
			start := time.Now()
			line, ok := p(g, r)
			spent += time.Since(start)
			if !ok {
				break
			}
			l, err := g.ParseLine(line)
			var res asl.LineResult
			if err == nil {
				err = g.Play(&l, src, &res)
			}
			if err != nil {
				out.refused++
				break
			}
			if len(line) > 4 && line[:4] == "mph " {
				break
			}
		}
		out.turns = append(out.turns, spent)
		g.BeginMPh("Russian") // the fixed Russian play: nothing, the German's turn again
		g.BeginMPh("German")
	}
	g.BeginMPh("Russian") // the third German MPh ends: its deadline is judged
	for k := range g.Objectives {
		out.points += g.Status(k).Points
	}
	return out
}

// umpirePlayer is the opponent at boldness b, with a memory of its ways for one game.
func umpirePlayer(b float64) player {
	var mem opponent.Memory
	return func(g *asl.Game, _ *rand.Rand) (string, bool) {
		d, ok := opponent.Decide(g, "German", opponent.Options{Boldness: b, Memory: &mem})
		return d.Line, ok && d.Line != "mph Russian"
	}
}

// accepted reports whether the referee takes line on g now.
func accepted(g *asl.Game, line string) bool {
	l, err := g.ParseLine(line)
	if err != nil {
		return false
	}
	c := g.Clone()
	c.Scratch = true
	var r asl.LineResult
	return c.Play(&l, dice.Lowest{}, &r) == nil
}

// randomPlayer takes, each step, one of the German's legal steps at random: any lone unit's
// (its moves, Start and Stop, or end), a group's start, stop or end.
func randomPlayer(g *asl.Game, r *rand.Rand) (string, bool) {
	var lines []string
	for i := range g.Units {
		u := &g.Units[i]
		if u.Side != "German" || u.Ended || u.Destroyed || u.Exited || u.Platoon != 0 || u.Convoy != 0 || u.Column != 0 {
			continue
		}
		for _, a := range g.Candidates(i, nil) {
			lines = append(lines, g.Describe(a))
		}
		lines = append(lines, u.ID+" end")
	}
	for gi := range g.Groups {
		grp := &g.Groups[gi]
		if grp.Gone || grp.Ended || len(grp.Members) == 0 || g.Units[grp.Members[0]].Side != "German" {
			continue
		}
		lines = append(lines, grp.ID+" start", grp.ID+" stop", grp.ID+" end")
	}
	r.Shuffle(len(lines), func(i, j int) { lines[i], lines[j] = lines[j], lines[i] })
	for _, l := range lines {
		if accepted(g, l) {
			return l, true
		}
	}
	return "", false
}

// greedyPlayer takes each lone vehicle by the cheapest way to the place nearest the nearest
// hex an objective asks for (reach, or the east edge), whatever the risk; groups, Infantry and
// a vehicle with nowhere better to go end their MPh.
func greedyPlayer(g *asl.Game, _ *rand.Rand) (string, bool) {
	var goals []hex.Hex
	for k := range g.Objectives {
		o := &g.Objectives[k]
		if o.Side != "German" || g.Status(k).Closed {
			continue
		}
		switch o.Kind {
		case asl.ObjReach:
			goals = append(goals, o.Hexes...)
		case asl.ObjExit:
			lay := g.Map.Layout
			for y := 0; y < lay.Height(); y++ {
				if h := (hex.Hex{X: int16(lay.Width() - 1), Y: int16(y)}); lay.Contains(h) {
					goals = append(goals, h)
				}
			}
		}
	}
	near := func(h hex.Hex) int {
		best := 1 << 30
		for _, x := range goals {
			best = min(best, hex.Distance(h, x))
		}
		return best
	}
	for i := range g.Units {
		u := &g.Units[i]
		if u.Side != "German" || u.Ended || u.Destroyed || u.Exited || u.Platoon != 0 || u.Convoy != 0 || u.Column != 0 {
			continue
		}
		if !u.MovesByMF() && u.Immobile == asl.Mobile {
			if near(u.Pos.Hex) == 0 && accepted(g, u.ID+" exit") {
				return u.ID + " exit", true
			}
			if res, err := plan.Reach(g, i, plan.Options{}); err == nil {
				best, bd, bmp := -1, near(u.Pos.Hex), asl.MP(0)
				for _, li := range res.Live() {
					l := &res.Labels[li]
					if l.State.Pos.Offboard {
						continue
					}
					if d := near(l.State.Pos.Hex); d < bd || d == bd && best >= 0 && l.MP < bmp {
						best, bd, bmp = li, d, l.MP
					}
				}
				if best >= 0 {
					if way := res.Path(best); len(way) > 0 && accepted(g, g.Describe(way[0])) {
						return g.Describe(way[0]), true
					}
				}
			}
		}
		for _, l := range []string{u.ID + " stop", u.ID + " end"} {
			if accepted(g, l) {
				return l, true
			}
		}
	}
	for gi := range g.Groups {
		grp := &g.Groups[gi]
		if grp.Gone || grp.Ended || len(grp.Members) == 0 || g.Units[grp.Members[0]].Side != "German" {
			continue
		}
		for _, l := range []string{grp.ID + " stop", grp.ID + " end"} {
			if accepted(g, l) {
				return l, true
			}
		}
	}
	return "", false
}

// strengthBoldness is the boldness umpire plays the trial at: UMPIRE_STRENGTH_BOLDNESS, or the
// default of `umpire play --opponent`.
var strengthBoldness = func() float64 {
	if v, err := strconv.ParseFloat(os.Getenv("UMPIRE_STRENGTH_BOLDNESS"), 64); err == nil && v >= 0 && v <= 1 {
		return v
	}
	return 0.5
}()

// trialStrength plays n scenarios and counts how often umpire beats each baseline.
func trialStrength(t testing.TB, n int) *strength.Tally {
	return strength.Play(t, n, func(seed uint64) strength.Score {
		setup := trial(t, seed)
		u := playTrial(setup, seed, umpirePlayer(strengthBoldness))
		rnd := playTrial(setup, seed, randomPlayer)
		gr := playTrial(setup, seed, greedyPlayer)
		return strength.Score{Umpire: u.points, Random: rnd.points, Greedy: gr.points, Refused: u.refused, Turns: u.turns}
	})
}

// TestStrengthSmall plays the strength trial on 4 scenarios: umpire's opponent never gives a
// step the referee refuses, and over them scores more than the random player.
func TestStrengthSmall(t *testing.T) {
	if testing.Short() {
		t.Skip("the strength trial plays 12 games (BenchmarkStrength plays the whole)")
	}
	tl := trialStrength(t, 4)
	if tl.Refused > 0 {
		t.Errorf("the referee refused %d of umpire's steps", tl.Refused)
	}
	if tl.Points[0] <= tl.Points[1] {
		t.Errorf("over 4 scenarios umpire scored %d, the random player %d", tl.Points[0], tl.Points[1])
	}
}

// BenchmarkStrength is the whole strength trial: UMPIRE_STRENGTH_N scenarios (default 50). It
// reports the share of scenarios in which umpire beats each baseline (scores strictly more),
// the steps the referee refused, and the p99 of the time umpire took to decide a whole MPh.
//
//	go test -run '^$' -bench Strength -benchtime 1x ./asl/opponent/
func BenchmarkStrength(b *testing.B) {
	for i := 0; i < b.N; i++ {
		trialStrength(b, strength.Scenarios()).Report(b, "p99-s/MPh")
	}
}
