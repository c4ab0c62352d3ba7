package opponent_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
	"time"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/internal/strength"
	lw "github.com/umpire-referee/umpire/lightningwar"
	"github.com/umpire-referee/umpire/lightningwar/lwgen"
	"github.com/umpire-referee/umpire/lightningwar/opponent"
)

// The strength trial (Lightning War): on random full tables (lwgen's largest size: 72" x 48",
// five detachments a side), the German's written orders are cleared and it is given six
// points to reach, worth 1 to 3 each, each by a deadline of 1 to 3 turns: each is placed from
// one of its detachments that moves, in a random direction, at 0.6 to 1.8 times what that
// detachment covers in those turns over open ground (so some need Reserve Movement or a
// quicker detachment, and some cannot be made). Three players write the German's orders from
// the same setup with the same dice seed, each turn before the referee plays the Movement
// Phase, the Soviet writing none: umpire's opponent, a random player (each detachment without
// orders to a random point) and a greedy one (each to the nearest point an objective asks
// for). A player scores the German's points after turn 3.

// lwPlayer gives the German's next order line, false when it has none.
type lwPlayer func(g *lw.Game, r *rand.Rand) (string, bool)

// lwTrial is scenario seed's setup with the German's orders cleared and its objectives.
func lwTrial(t testing.TB, seed uint64) *lw.Game {
	t.Helper()
	g := game(t, string(lwgen.Scenario(seed, lwgen.Sizes[2])))
	for _, d := range g.Dets {
		if d.Side == "German" {
			d.Order, d.Pending, d.Route, d.Along = nil, nil, nil, 0
		}
	}
	r := rand.New(rand.NewPCG(seed, 3))
	var movers []*lw.Detachment
	for _, d := range g.Dets {
		if d.Side == "German" && inchesATurn(g, d) > 0 {
			movers = append(movers, d)
		}
	}
	for n, tries := 0, 0; n < 6 && len(movers) > 0 && tries < 200; tries++ {
		d := movers[r.IntN(len(movers))]
		turns := 1 + r.IntN(3)
		angle := r.Float64() * 2 * math.Pi
		dist := 3 + float64(turns)*inchesATurn(g, d)*(0.6+1.2*r.Float64())
		x, y := d.Pos.Inches()
		x, y = x+dist*math.Cos(angle), y+dist*math.Sin(angle)
		if x < 2 || y < 2 || x > g.Table.Width/lw.Inch(1, 0).X-2 || y > g.Table.Height/lw.Inch(1, 0).X-2 {
			continue
		}
		g.AddObjective(lw.Objective{Side: "German", Kind: lw.ObjReach, At: lw.Inch(x, y), Within: lw.Inch(3, 0).X,
			Each: 1 + r.IntN(3), EachSet: true, By: g.Turn + turns - 1})
		n++
	}
	return g
}

// inchesATurn is how far d moves in a turn over open ground (the referee's measure), 0 when
// it does not move.
func inchesATurn(g *lw.Game, d *lw.Detachment) float64 {
	x, y := d.Pos.Inches()
	to := lw.Inch(x+10, y)
	if x > 36 {
		to = lw.Inch(x-10, y)
	}
	m, err := g.Measure(lw.RefereeView, d.Pos, to, d.ID)
	if err != nil || m.Time == nil || !m.Time.Known || m.Time.Turns <= 0 {
		return 0
	}
	return 10 / m.Time.Turns
}

// free reports whether detachment d of the German has no orders to follow.
func free(d *lw.Detachment) bool {
	return d.Side == "German" && len(d.Pending) == 0 && (d.Order == nil || d.Route.Length()-d.Along <= lw.Inch(0.1, 0).X)
}

// orderTo is the order line sending d to p.
func orderTo(d *lw.Detachment, p lw.Point, text string) string {
	x, y := p.Inches()
	return fmt.Sprintf("order %s path %s,%s : %s", d.ID, strconv.FormatFloat(math.Round(x*10)/10, 'f', -1, 64), strconv.FormatFloat(math.Round(y*10)/10, 'f', -1, 64), text)
}

// accepted reports whether the referee takes line on a copy of g.
func acceptedLW(g *lw.Game, line string) bool {
	a, err := lw.Parse(line)
	if err != nil {
		return false
	}
	_, err = g.Clone().Do(a, nil)
	return err == nil
}

// randomLW sends each free German detachment to a random point of the table.
func randomLW(g *lw.Game, r *rand.Rand) (string, bool) {
	for _, d := range g.Dets {
		if !free(d) || d.Order != nil {
			continue
		}
		p := lw.Point{X: r.Float64() * g.Table.Width, Y: r.Float64() * g.Table.Height}
		if l := orderTo(d, p, "anywhere"); acceptedLW(g, l) {
			return l, true
		}
	}
	return "", false
}

// greedyLW sends each free German detachment to the nearest point an open objective asks for.
func greedyLW(g *lw.Game, _ *rand.Rand) (string, bool) {
	for _, d := range g.Dets {
		if !free(d) {
			continue
		}
		best, bd := lw.Point{}, math.Inf(1)
		for k := range g.Objectives {
			o := &g.Objectives[k]
			if o.Side != "German" || g.Status(k).Closed || g.Status(k).Points > 0 {
				continue
			}
			if dist := d.Pos.Dist(o.At); dist < bd {
				best, bd = o.At, dist
			}
		}
		if bd < lw.Inch(1, 0).X || math.IsInf(bd, 1) {
			continue
		}
		if l := orderTo(d, best, "nearest"); acceptedLW(g, l) {
			return l, true
		}
	}
	return "", false
}

// umpireLW is the opponent.
func umpireLW(g *lw.Game, _ *rand.Rand) (string, bool) {
	d, ok := opponent.Decide(g, "German", 0.5)
	return d.Line, ok
}

// playLW plays three turns with p writing the German's orders: the German's points, the
// orders the referee refused, and the longest p took over one turn's orders.
func playLW(setup *lw.Game, seed uint64, p lwPlayer) (points, refused int, slowest time.Duration) {
	g := setup.Clone()
	src := dice.NewSeeded(seed)
	r := rand.New(rand.NewPCG(seed, 5))
	for turn := 0; turn < 3; turn++ {
		var spent time.Duration
		for n := 0; n < 50; n++ {
			start := time.Now()
			line, ok := p(g, r)
			spent += time.Since(start)
			if !ok {
				break
			}
			a, err := lw.Parse(line)
			if err == nil {
				_, err = g.Do(a, src)
			}
			if err != nil {
				refused++
				break
			}
		}
		slowest = max(slowest, spent)
		a, _ := lw.Parse("movement")
		if _, err := g.Do(a, src); err != nil {
			break // the referee's phase stopped (a dice script): the score stands
		}
	}
	for k := range g.Objectives {
		if g.Objectives[k].Side == "German" {
			points += g.Status(k).Points
		}
	}
	return points, refused, slowest
}

// lwStrength plays n scenarios.
func lwStrength(t testing.TB, n int) *strength.Tally {
	return strength.Play(t, n, func(seed uint64) strength.Score {
		setup := lwTrial(t, seed)
		u, refused, slow := playLW(setup, seed, umpireLW)
		rnd, _, _ := playLW(setup, seed, randomLW)
		gr, _, _ := playLW(setup, seed, greedyLW)
		most := 0
		for _, o := range setup.Objectives {
			most += o.Each
		}
		return strength.Score{Umpire: u, Random: rnd, Greedy: gr, Refused: refused, Turns: []time.Duration{slow}, Note: fmt.Sprintf(" (of %d)", most)}
	})
}

// TestLWStrengthSmall plays the trial on 3 tables: umpire's orders are never refused.
func TestLWStrengthSmall(t *testing.T) {
	if testing.Short() {
		t.Skip("the strength trial plays 9 games (BenchmarkLWStrength plays the whole)")
	}
	if tl := lwStrength(t, 3); tl.Refused > 0 {
		t.Errorf("the referee refused %d of umpire's orders", tl.Refused)
	}
}

// BenchmarkLWStrength is the whole Lightning War strength trial: UMPIRE_STRENGTH_N tables
// (default 50). It reports the share in which umpire beats each baseline, the orders refused
// and the p99 of umpire's time over one turn's orders.
//
//	go test -run '^$' -bench LWStrength -benchtime 1x ./lightningwar/opponent/
func BenchmarkLWStrength(b *testing.B) {
	for i := 0; i < b.N; i++ {
		lwStrength(b, strength.Scenarios()).Report(b, "p99-s/turn")
	}
}
