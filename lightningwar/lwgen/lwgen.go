// Package lwgen makes random but valid Lightning War games, for tests that play them against
// the rules' invariants and for anything else that wants a game to play on (benchmarks, the
// practice opponent):
//
//   - [Scenario] writes a random scenario file (`ruleset: lightningwar`, as `umpire play`
//     reads it): a table with every ground of the Movement Chart, gentle and steep slopes
//     (hills, wooded hillsides), roads, streams and a road bridge at each place a road
//     crosses a stream, marked as a choke point; two sides' TO&E with units of every type,
//     leaders, carriers with infantry aboard, mired vehicles; detachments in line, column and
//     drawn formations, hidden or revealed, normal, reconnaissance and FO; and written orders,
//     Reserve Movement among them. The same seed and size give the same bytes.
//   - [Next] draws the next line of notation to try on a game in play: mostly steps the rules
//     allow (orders, Reserve Movement orders, splits and joins, discretionary actions after
//     fire, mounting, towing, pivots and adjustments, the referee's place, reveal and hide,
//     and the Movement Phase whole, in parts and band by band, so that the turns go on), and
//     now and then one they refuse or one that cannot be read.
//   - [Checker] is Lightning War's own invariants, checked after every step of a game
//     (game/gametest): no base passes through another at a choke point, no base comes into
//     contact with an enemy's unless both are revealed, no view names what its side has not
//     seen, and what a side has not seen does not change what it is shown.
package lwgen

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"

	"github.com/umpire-referee/umpire/lightningwar/lwfile"
)

// Size is the shape of a random scenario.
type Size struct {
	Width, Height int // the table, inches (at least 24 x 16)
	Features      int // areas of ground and slope
	Roads         int // roads across the table (each stream they cross has a bridge)
	Streams       int // streams across the table
	Dets          int // detachments a side (at least 1)
	Units         int // the most units in a detachment (at least 1)
}

// Sizes are a few sizes to play: small and crowded, middling, and large.
var Sizes = []Size{
	{Width: 36, Height: 24, Features: 4, Roads: 1, Streams: 1, Dets: 2, Units: 3},
	{Width: 48, Height: 32, Features: 7, Roads: 2, Streams: 2, Dets: 3, Units: 4},
	{Width: 72, Height: 48, Features: 12, Roads: 3, Streams: 2, Dets: 5, Units: 5},
}

// Sides are the two sides of every scenario, and the prefix of each one's ids: every
// detachment, unit and formation id starts with its side's prefix, so no id is a word of the
// rules' text or a part of another id.
var Sides = [2]string{"German", "Soviet"}

var prefixes = [2]string{"G", "S"}

// Scenario is a random scenario file for seed and size, with no `moves:` or `dice:`. It always
// loads: a draw that the reader would refuse (an order on Reserve Movement too short for the
// ground it crosses) is drawn again from the next seed, up to a few times, and at last without
// orders.
func Scenario(seed uint64, size Size) []byte {
	size = size.norm()
	for try := uint64(0); try < 8; try++ {
		b := build(seed, try, size, true)
		if _, err := lwfile.LoadLightningWar("lwgen.yaml", b); err == nil {
			return b
		}
	}
	return build(seed, 0, size, false)
}

func (s Size) norm() Size {
	s.Width, s.Height = max(s.Width, 24), max(s.Height, 16)
	s.Dets, s.Units = max(s.Dets, 1), max(s.Units, 1)
	return s
}

// gen is one draw of a scenario.
type gen struct {
	r    *rand.Rand
	s    Size
	b    bytes.Buffer
	w, h float64
	// the table, for placing detachments and routing orders
	roads, streams [][][2]float64
	bridges        [][2]float64
	taken          [][3]float64 // detachments placed: x, y, radius
	units          []*genUnit
	dets           []genDet
}

type genUnit struct {
	id, side, formation string
	kind                string // infantry, pack-horse, cavalry, motorcycle, tank, truck, halftrack, car, gun
	vehicle, leader     bool
	carries             int
	aboard              string
	mph                 float64 // fastest it may go a turn, MPH (road, gallop, run)
	fields              string
}

type genDet struct {
	id, side string
	units    []*genUnit
	x, y     float64
	recon    bool
}

func build(seed, try uint64, size Size, orders bool) []byte {
	g := &gen{r: rand.New(rand.NewPCG(seed, 0x1e57a6e^try)), s: size, w: float64(size.Width), h: float64(size.Height)}
	fmt.Fprintf(&g.b, "name: random Lightning War game, seed %d (%dx%d, %d detachments a side)\nruleset: lightningwar\n",
		seed, size.Width, size.Height, size.Dets)
	fmt.Fprintf(&g.b, "table: {width: %d, height: %d}\n", size.Width, size.Height)
	if g.r.IntN(4) == 0 {
		fmt.Fprintf(&g.b, "turn: %d\n", 1+g.r.IntN(5))
	}
	if g.r.IntN(3) == 0 {
		fmt.Fprintf(&g.b, "first: %s\n", Sides[1])
	}
	if g.r.IntN(3) == 0 {
		g.b.WriteString("order_delay: false\n")
	}
	g.terrain()
	g.lines()
	g.toe()
	g.detachments()
	if orders {
		g.orders()
	}
	return g.b.Bytes()
}

// num writes a number in inches to the hundredth.
func num(x float64) string {
	s := fmt.Sprintf("%.2f", x)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" {
		return "0"
	}
	return s
}

func pt(x, y float64) string { return "[" + num(x) + ", " + num(y) + "]" }

var grounds = []string{"open", "broken", "woods", "built-up", "marsh"}

// terrain: areas of each ground, hills (a slope alone), wooded hillsides (ground and slope),
// some with their own factor or marked as cover. Each of the first five areas has its own
// ground, so that a table of five areas or more has them all.
func (g *gen) terrain() {
	if g.s.Features == 0 {
		return
	}
	g.b.WriteString("terrain:\n")
	for i := 0; i < g.s.Features; i++ {
		x0, y0 := g.r.Float64()*(g.w-4), g.r.Float64()*(g.h-4)
		x1, y1 := math.Min(g.w, x0+2+g.r.Float64()*g.w/3), math.Min(g.h, y0+2+g.r.Float64()*g.h/3)
		f := fmt.Sprintf("id: ter%d", i+1)
		hasGround := i < len(grounds) || g.r.IntN(3) > 0
		if hasGround {
			gr := grounds[g.r.IntN(len(grounds))]
			if i < len(grounds) {
				gr = grounds[i] // every ground once, in the first five
			}
			f += ", ground: " + gr
			if g.r.IntN(8) == 0 {
				f += fmt.Sprintf(", factor: %d", 2+g.r.IntN(5))
			}
		}
		if !hasGround || g.r.IntN(3) == 0 {
			f += ", slope: " + []string{"gentle", "steep"}[g.r.IntN(2)]
		}
		if g.r.IntN(6) == 0 {
			f += ", cover: true"
		}
		area := "[" + pt(x0, y0) + ", " + pt(x1, y0) + ", " + pt(x1, y1) + ", " + pt(x0, y1) + "]"
		if g.r.IntN(4) == 0 { // a triangle
			area = "[" + pt(x0, y0) + ", " + pt(x1, y0) + ", " + pt((x0+x1)/2, y1) + "]"
		}
		fmt.Fprintf(&g.b, "  - {%s, area: %s}\n", f, area)
	}
}

// lines: roads running across the table from left to right, streams from bottom to top, a
// bridge (a choke point) round each crossing of a road and a stream, and now and then a choke
// point the referee marks elsewhere (a gap between walls).
func (g *gen) lines() {
	for i := 0; i < g.s.Roads; i++ {
		n := 2 + g.r.IntN(3)
		var line [][2]float64
		for j := 0; j < n; j++ {
			x := g.w * float64(j) / float64(n-1)
			y := 2 + g.r.Float64()*(g.h-4)
			if j > 0 && g.r.IntN(2) == 0 {
				y = line[j-1][1] // a straight stretch
			}
			line = append(line, [2]float64{x, y})
		}
		g.roads = append(g.roads, line)
	}
	for i := 0; i < g.s.Streams; i++ {
		x := g.w * (0.3 + 0.4*g.r.Float64())
		line := [][2]float64{{x, 0}, {x + g.r.Float64()*6 - 3, g.h / 2}, {x + g.r.Float64()*6 - 3, g.h}}
		g.streams = append(g.streams, line)
	}
	write := func(key, id string, ls [][][2]float64, width bool) {
		if len(ls) == 0 {
			return
		}
		g.b.WriteString(key + ":\n")
		for i, l := range ls {
			var ps []string
			for _, p := range l {
				ps = append(ps, pt(p[0], p[1]))
			}
			extra := ""
			if width && g.r.IntN(3) == 0 {
				extra = ", width: " + num(0.5+float64(g.r.IntN(4))*0.5)
			}
			fmt.Fprintf(&g.b, "  - {id: %s%d, line: [%s]%s}\n", id, i+1, strings.Join(ps, ", "), extra)
		}
	}
	write("roads", "road", g.roads, true)
	write("streams", "brook", g.streams, false)
	var chokes []string
	for _, rd := range g.roads {
		for _, st := range g.streams {
			for _, c := range crossings(rd, st) {
				g.bridges = append(g.bridges, c)
				hw, hl := 0.6+g.r.Float64()*1.4, 1+g.r.Float64()*1.5 // half its width (across the road), half its length
				chokes = append(chokes, fmt.Sprintf("  - {id: bridge%d, area: [%s, %s, %s, %s]}\n", len(chokes)+1,
					pt(c[0]-hl, c[1]-hw), pt(c[0]+hl, c[1]-hw), pt(c[0]+hl, c[1]+hw), pt(c[0]-hl, c[1]+hw)))
			}
		}
	}
	if len(chokes) == 0 || g.r.IntN(3) == 0 { // a gap the referee marks
		x, y := 4+g.r.Float64()*(g.w-8), 4+g.r.Float64()*(g.h-8)
		hw := 0.8 + g.r.Float64()*2
		chokes = append(chokes, fmt.Sprintf("  - {id: gap%d, area: [%s, %s, %s, %s]}\n", len(chokes)+1,
			pt(x-hw, y-1.5), pt(x+hw, y-1.5), pt(x+hw, y+1.5), pt(x-hw, y+1.5)))
	}
	g.b.WriteString("chokes:\n" + strings.Join(chokes, ""))
}

// crossings are the points where two polylines cross.
func crossings(a, b [][2]float64) [][2]float64 {
	var out [][2]float64
	for i := 0; i+1 < len(a); i++ {
		for j := 0; j+1 < len(b); j++ {
			p, q, r, s := a[i], a[i+1], b[j], b[j+1]
			d := (q[0]-p[0])*(s[1]-r[1]) - (q[1]-p[1])*(s[0]-r[0])
			if math.Abs(d) < 1e-9 {
				continue
			}
			t := ((r[0]-p[0])*(s[1]-r[1]) - (r[1]-p[1])*(s[0]-r[0])) / d
			u := ((r[0]-p[0])*(q[1]-p[1]) - (r[1]-p[1])*(q[0]-p[0])) / d
			if t >= 0 && t <= 1 && u >= 0 && u <= 1 {
				out = append(out, [2]float64{p[0] + t*(q[0]-p[0]), p[1] + t*(q[1]-p[1])})
			}
		}
	}
	return out
}
