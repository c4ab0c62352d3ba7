// Package lhygen makes random but valid Last Hundred Yards games: scenario files ([Scenario])
// and the steps to play on them ([Next]). The random-game tests (TestInvariantsLHY in package
// lhy) play them through game/gametest and check the rules' invariants after every step;
// benchmarks and the practice opponent may play them too.
//
// A scenario is a front: two sides face each other across a band of hexes in the middle of the
// map, each hex of the band held by one side's stack of one to three units, so that Assaults
// (2 hexes, 3 for a vehicle or a Heroic unit) and fire have targets from the first step. The
// terrain is drawn from every terrain LHY knows (docs/lhy-scenarios.md, "Terrains"), with hill
// levels, Improved Positions and mortar impact hexes, and the four hexside features (walls,
// hedgerows, rivers, blocked). The units are of every kind, in every state the format can
// write (good order, Disrupted, Regrouping, Shocked, Heroic, Concealed, in Motion, Out of
// Command, reduced, a Rider or Passenger, an AFV that entered a sunken road through hedgerows,
// having assaulted or advanced this turn, eliminated), of every nationality the rules tell
// apart (the Japanese and Russians take several results differently). The date, the night, the
// turn and the readings the aid leaves open vary too.
//
// The same seed and size give the same bytes.
package lhygen

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/umpire-referee/umpire/lhy"
)

// Size is how big a scenario is.
type Size struct {
	Cols, Rows int // the map: columns (at most 52) and rows
	Stacks     int // hexes each side holds (each with 1 to 3 units)
	Terrain    int // per cent of the map's hexes that are not open ground
}

// Sizes are the sizes the random-game tests play, smallest first.
var Sizes = []Size{
	{Cols: 6, Rows: 6, Stacks: 3, Terrain: 40},
	{Cols: 9, Rows: 8, Stacks: 4, Terrain: 35},
	{Cols: 12, Rows: 10, Stacks: 6, Terrain: 30},
	{Cols: 18, Rows: 12, Stacks: 9, Terrain: 25},
}

// SizeOf is one of Sizes, by a knob of any value (for fuzzing).
func SizeOf(knob uint8) Size { return Sizes[int(knob)%len(Sizes)] }

// nations are the sides' nationalities: each side is one of these lists.
var (
	axis   = [][]lhy.Nation{{lhy.German}, {lhy.German}, {lhy.Japanese}, {lhy.German, "IT"}}
	allies = [][]lhy.Nation{{"US"}, {"UK"}, {lhy.Russian}, {"US", "UK"}}
)

// sideNames are the two players; prefix begins their units' ids (X3, Y7).
var (
	sideNames = [2]string{"Axis", "Allies"}
	prefix    = [2]string{"X", "Y"}
)

// gen is a scenario being made.
type gen struct {
	r     *rand.Rand
	size  Size
	m     *lhy.Map
	hexes map[lhy.Hex]lhy.HexInfo
	held  map[lhy.Hex]int // hex -> side (0, 1) holding it
	units []unit
	coh   [2][2]int // per side, the lowest and highest Cohesion of its units on foot
}

// unit is a unit as the file writes it: its fields in order.
type unit struct {
	id, side string
	nation   lhy.Nation
	kind     lhy.Kind
	at       lhy.Hex
	fields   []string // "cohesion: 6", "disrupted: true", ...
}

func (u *unit) set(format string, args ...any) {
	u.fields = append(u.fields, fmt.Sprintf(format, args...))
}

// Scenario is a random `ruleset: lhy` scenario file of the given size, with no moves: or dice:
// (a game played on it adds them). The same seed and size give the same bytes.
func Scenario(seed uint64, size Size) []byte {
	size.Cols = max(4, min(52, size.Cols))
	size.Rows = max(4, min(200, size.Rows))
	size.Stacks = max(1, min(size.Stacks, size.Cols*size.Rows/4))
	g := &gen{r: rand.New(rand.NewPCG(seed, seed^0x1a7)), size: size,
		m: lhy.NewMap(size.Cols, size.Rows), hexes: map[lhy.Hex]lhy.HexInfo{}, held: map[lhy.Hex]int{}}
	g.front()
	g.terrain()
	// Green, line or elite troops: a side much better than the other reaches the top rows of
	// the Assault Results table.
	for s := range g.coh {
		g.coh[s] = [][2]int{{3, 6}, {3, 8}, {4, 8}, {6, 9}}[g.r.IntN(4)]
	}
	sides := [2][]lhy.Nation{axis[g.r.IntN(len(axis))], allies[g.r.IntN(len(allies))]}
	for h, s := range g.sortedHeld() {
		g.stack(h, s, sides[g.held[h]])
	}
	return g.file(seed)
}

// front picks the hexes each side holds: a band across the middle of the map, the first side
// west of a line, the second east of it, spreading from the middle so that the two touch.
func (g *gen) front() {
	mid := lhy.Hex{X: int16(g.size.Cols / 2), Y: int16((g.size.Rows + 1) / 2)}
	line := g.size.Cols / 2
	count := [2]int{}
	for tries := 0; tries < 2000 && (count[0] < g.size.Stacks || count[1] < g.size.Stacks); tries++ {
		radius := 1 + tries/60
		h := lhy.Hex{X: mid.X + int16(g.r.IntN(2*radius+1)-radius), Y: mid.Y + int16(g.r.IntN(2*radius+1)-radius)}
		if !g.m.Contains(h) {
			continue
		}
		if _, ok := g.held[h]; ok {
			continue
		}
		s := 0
		if int(h.X) >= line {
			s = 1
		}
		if count[s] < g.size.Stacks {
			g.held[h] = s
			count[s]++
		}
	}
}

// sortedHeld is the held hexes in column, then row order, each with its side.
func (g *gen) sortedHeld() func(yield func(lhy.Hex, int) bool) {
	hs := make([]lhy.Hex, 0, len(g.held))
	for h := range g.held {
		hs = append(hs, h)
	}
	slices.SortFunc(hs, func(a, b lhy.Hex) int {
		if a.X != b.X {
			return int(a.X) - int(b.X)
		}
		return int(a.Y) - int(b.Y)
	})
	return func(yield func(lhy.Hex, int) bool) {
		for _, h := range hs {
			if !yield(h, g.held[h]) {
				return
			}
		}
	}
}

// terrains every hex may be given (every terrain LHY knows; impassable only where no unit
// stands).
var terrains = []lhy.Terrain{lhy.UrbanBuilding, lhy.RuralBuilding, lhy.Woods, lhy.Jungle, lhy.Marsh,
	lhy.River, lhy.SunkenRoad, lhy.Hut, lhy.Impassable}

// terrain draws the map: the terrain of Terrain per cent of the hexes, hill levels, IPs, mortar
// impact hexes, and hexside features around the held hexes.
func (g *gen) terrain() {
	for x := 0; x < g.size.Cols; x++ {
		for y := 1; y <= g.size.Rows; y++ {
			h := lhy.Hex{X: int16(x), Y: int16(y)}
			var info lhy.HexInfo
			if g.r.IntN(100) < g.size.Terrain {
				info.Terrain = terrains[g.r.IntN(len(terrains))]
				if _, held := g.held[h]; held && info.Terrain == lhy.Impassable {
					info.Terrain = lhy.Open
				}
			}
			switch n := g.r.IntN(20); {
			case n < 3:
				info.Level = int8(1 + g.r.IntN(2))
			case n == 3:
				info.Level = -1
			}
			info.IP = g.r.IntN(12) == 0
			info.Impact = g.r.IntN(15) == 0
			if info != (lhy.HexInfo{}) {
				g.hexes[h] = info
			}
		}
	}
	features := []lhy.Hexside{lhy.Wall, lhy.Hedgerow, lhy.RiverSide, lhy.Blocked}
	for h := range g.sortedHeld() {
		for _, n := range g.m.Neighbors(h) {
			if g.r.IntN(6) == 0 {
				f := features[g.r.IntN(len(features))]
				if f == lhy.Blocked && g.r.IntN(2) == 0 {
					f = lhy.Wall // blocked hexsides cut off too many Retreats: fewer of them
				}
				g.m.SetSide(h, n, f)
			}
		}
	}
}

// kinds are drawn for each unit of a stack (squads most often).
var kinds = []lhy.Kind{lhy.Squad, lhy.Squad, lhy.Squad, lhy.Squad, lhy.Section, lhy.Section, lhy.Leader, lhy.LATW,
	lhy.FT, lhy.MG, lhy.FP, lhy.TowedGun, lhy.Carrier, lhy.FV, lhy.AFV, lhy.AFV, lhy.HT, lhy.Truck}

// vehicleGround: the terrains a vehicle may stand in (it may not retreat into the others
// [default], so it is not put there).
func vehicleGround(t lhy.Terrain) bool {
	return t == lhy.Open || t == lhy.Woods || t == lhy.SunkenRoad || t == lhy.Hut
}

// stack puts one to three units of side s in h, and Riders on some of its vehicles.
func (g *gen) stack(h lhy.Hex, s int, nations []lhy.Nation) {
	side := sideNames[s]
	n := 1 + g.r.IntN(3)
	for range n {
		k := kinds[g.r.IntN(len(kinds))]
		if k.Vehicular() && !vehicleGround(g.hexes[h].Terrain) {
			k = lhy.Squad
		}
		u := unit{id: fmt.Sprintf("%s%d", prefix[s], len(g.units)+1), side: side,
			nation: nations[g.r.IntN(len(nations))], kind: k, at: h}
		g.values(&u)
		g.states(&u)
		g.units = append(g.units, u)
		if k.Vehicular() && !slices.Contains(u.fields, "shocked: true") && !slices.Contains(u.fields, "eliminated: true") && g.r.IntN(2) == 0 {
			g.riders(&u)
		}
	}
}

// values sets a unit's printed numbers: Cohesion, Assault and small-arms values, ATV, AV and
// AEV, company and platoon.
func (g *gen) values(u *unit) {
	r := g.r
	switch {
	case u.kind == lhy.Leader:
		u.set("cohesion: %d", 7+r.IntN(3))
	case u.kind.Vehicular():
		if r.IntN(2) == 0 {
			u.set("cohesion: %d", 3+r.IntN(4))
		}
	default:
		c := g.coh[slices.Index(sideNames[:], u.side)]
		u.set("cohesion: %d", c[0]+r.IntN(c[1]-c[0]+1))
	}
	if u.kind == lhy.Squad || u.kind == lhy.Section || u.kind == lhy.MG {
		u.set("assault: %d", r.IntN(4))
		u.set("sa: %d", r.IntN(4))
	}
	switch u.kind {
	case lhy.AFV:
		u.set("av: %d", 2+r.IntN(5))
		u.set("atv: %d", r.IntN(4))
		if r.IntN(3) == 0 {
			u.set("aev: %d", r.IntN(2))
		}
	case lhy.HT, lhy.FV, lhy.Carrier:
		u.set("av: %d", r.IntN(3))
		if r.IntN(2) == 0 {
			u.set("atv: %d", r.IntN(2))
		}
	case lhy.Truck:
		u.set("av: 0")
	case lhy.FP:
		u.set("av: %d", 1+r.IntN(3))
	case lhy.TowedGun:
		u.set("atv: %d", 1+r.IntN(3))
	case lhy.LATW:
		u.set("atv: %d", 1+r.IntN(2))
	case lhy.Squad:
		if r.IntN(4) == 0 {
			u.set("atv: 0")
		}
	}
	if r.IntN(3) > 0 {
		u.set("company: %q", fmt.Sprint(1+r.IntN(2)))
	}
	if r.IntN(2) == 0 {
		u.set("platoon: %q", fmt.Sprint(1+r.IntN(2)))
	}
	if r.IntN(25) == 0 {
		u.set("combat: %t", !u.kind.CombatByDefault())
	}
}

// states marks a unit with the states its kind may be in: Disrupted or Regrouping (units on
// foot; Regrouping is what Japanese and Russian units take where others Disrupt, rules-notes
// 2.3, so they are Regrouping and the others Disrupted, never both),
// Shocked, in Motion, through hedgerows into a sunken road (vehicles), Heroic, Concealed, Out
// of Command, reduced, having assaulted or advanced this turn, eliminated.
func (g *gen) states(u *unit) {
	r := g.r
	terrain := g.hexes[u.at].Terrain
	switch {
	case u.kind.Vehicular():
		if u.kind == lhy.AFV && r.IntN(6) == 0 {
			u.set("shocked: true")
		}
		if r.IntN(3) == 0 {
			u.set("motion: true")
		}
		if u.kind == lhy.AFV && terrain == lhy.SunkenRoad && r.IntN(2) == 0 {
			u.set("sunken_via_hedgerow: true")
		}
	default:
		switch n := r.IntN(10); {
		case n < 3 && !u.nation.JapaneseOrRussian():
			u.set("disrupted: true")
		case n < 3 && u.kind != lhy.FP:
			u.set("regrouping: true")
		}
		if r.IntN(15) == 0 && u.kind != lhy.Leader {
			u.set("heroic: true")
		}
		if r.IntN(5) == 0 {
			u.set("concealed: true")
		}
		if r.IntN(10) == 0 {
			u.set("out_of_command: true")
		}
		if u.kind == lhy.Squad && r.IntN(5) == 0 {
			u.set("reduced: true")
		}
	}
	if r.IntN(10) == 0 && u.kind != lhy.FP && u.kind != lhy.TowedGun {
		u.set("assaulted: true")
		if r.IntN(3) == 0 {
			u.set("advanced: true")
		}
	}
	if r.IntN(25) == 0 {
		u.set("eliminated: true")
	}
}

// riders puts units on vehicle v, or in it: up to the 14.0 transport allowance (rules-notes
// 2.5: AFV and HT 2 steps and a leader and an LATW or FT; a truck 4 steps; a jeep, carrier
// or FV 1 step).
func (g *gen) riders(v *unit) {
	steps := 1
	switch v.kind {
	case lhy.AFV, lhy.HT:
		steps = 2
	case lhy.Truck:
		steps = 4
	}
	passenger := v.kind != lhy.AFV && g.r.IntN(2) == 0
	for steps > 0 {
		k := []lhy.Kind{lhy.Squad, lhy.Section, lhy.Section, lhy.Leader, lhy.LATW, lhy.FT}[g.r.IntN(6)]
		if k.DefaultSteps() > steps {
			k = lhy.Section
		}
		steps -= k.DefaultSteps()
		u := unit{id: fmt.Sprintf("%s%d", v.id[:1], len(g.units)+1), side: v.side, nation: v.nation, kind: k, at: v.at}
		g.values(&u)
		if g.r.IntN(5) == 0 {
			if u.nation.JapaneseOrRussian() {
				u.set("regrouping: true")
			} else {
				u.set("disrupted: true")
			}
		}
		if g.r.IntN(5) == 0 {
			u.set("concealed: true")
		}
		u.set("rider: %s", v.id)
		if passenger {
			u.set("passenger: true")
		}
		g.units = append(g.units, u)
		if k == lhy.Leader || g.r.IntN(2) == 0 {
			break
		}
	}
}

// file writes the scenario.
func (g *gen) file(seed uint64) []byte {
	var b strings.Builder
	r := g.r
	fmt.Fprintf(&b, "name: \"lhygen: random front, seed %d, %dx%d, %d stacks a side\"\n", seed, g.size.Cols, g.size.Rows, g.size.Stacks)
	b.WriteString("ruleset: lhy\n")
	fmt.Fprintf(&b, "seed: %d\n", seed%(1<<62)) // the dice after the file's own (a seed is at most 2^62)
	switch r.IntN(3) {
	case 0:
		b.WriteString("date: 1943-06\n")
	case 1:
		b.WriteString("date: 1944-08\n")
	}
	if r.IntN(6) == 0 {
		b.WriteString("night: true\n")
	}
	if r.IntN(3) == 0 {
		fmt.Fprintf(&b, "turn: %d\n", 2+r.IntN(5))
	}
	var other []string
	for _, k := range lhy.ReadingKeys() {
		if r.IntN(6) == 0 {
			other = append(other, k+": no")
		}
	}
	if len(other) > 0 {
		fmt.Fprintf(&b, "readings: {%s}\n", strings.Join(other, ", "))
	}
	fmt.Fprintf(&b, "map:\n  size: [%d, %d]\n", g.size.Cols, g.size.Rows)
	g.writeHexes(&b)
	g.writeSides(&b)
	b.WriteString("units:\n")
	for _, u := range g.units {
		fmt.Fprintf(&b, "  - {id: %s, side: %s, nationality: %s, kind: %q, at: %s", u.id, u.side, u.nation, u.kind, g.m.Name(u.at))
		for _, f := range u.fields {
			b.WriteString(", " + f)
		}
		b.WriteString("}\n")
	}
	return []byte(b.String())
}

// writeHexes writes every hex that is not plain open ground at level 0, in column then row
// order.
func (g *gen) writeHexes(b *strings.Builder) {
	hs := make([]lhy.Hex, 0, len(g.hexes))
	for h := range g.hexes {
		hs = append(hs, h)
	}
	slices.SortFunc(hs, func(a, c lhy.Hex) int {
		if a.X != c.X {
			return int(a.X) - int(c.X)
		}
		return int(a.Y) - int(c.Y)
	})
	if len(hs) == 0 {
		return
	}
	b.WriteString("  hexes:\n")
	for _, h := range hs {
		info := g.hexes[h]
		if info.Level == 0 && !info.IP && !info.Impact {
			fmt.Fprintf(b, "    %s: %s\n", g.m.Name(h), info.Terrain)
			continue
		}
		fmt.Fprintf(b, "    %s: {terrain: %s, level: %d", g.m.Name(h), info.Terrain, info.Level)
		if info.IP {
			b.WriteString(", ip: true")
		}
		if info.Impact {
			b.WriteString(", impact: true")
		}
		b.WriteString("}\n")
	}
}

// writeSides writes the hexside features, a list per feature, in order.
func (g *gen) writeSides(b *strings.Builder) {
	keys := make([][2]lhy.Hex, 0, len(g.m.Sides))
	for k := range g.m.Sides {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, c [2]lhy.Hex) int {
		for i := range 2 {
			if a[i].X != c[i].X {
				return int(a[i].X) - int(c[i].X)
			}
			if a[i].Y != c[i].Y {
				return int(a[i].Y) - int(c[i].Y)
			}
		}
		return 0
	})
	for _, f := range []struct {
		bit  lhy.Hexside
		name string
	}{{lhy.Wall, "walls"}, {lhy.Hedgerow, "hedgerows"}, {lhy.RiverSide, "rivers"}, {lhy.Blocked, "blocked"}} {
		var list []string
		for _, k := range keys {
			if g.m.Sides[k]&f.bit != 0 {
				list = append(list, g.m.Name(k[0])+"-"+g.m.Name(k[1]))
			}
		}
		if len(list) > 0 {
			fmt.Fprintf(b, "  %s: [%s]\n", f.name, strings.Join(list, ", "))
		}
	}
}
