// Package aslgen makes random but valid ASL games: scenario files ([Scenario]) on maps that use
// every row of the Terrain Chart, every hexside feature and every kind of bridge, with units in
// every state the format can set up (below bridges, in Motion, Bogged, off board, hidden...),
// listed vehicles, platoons, Convoys, Columns and an Armored Assault, under every ground
// condition and season; a move generator ([Next]) that plays mostly legal lines drawn from the
// referee's own candidate steps, and now and then a line the referee must refuse or cannot
// read; and the invariants ASL promises after every step ([Invariants]).
//
// Together with package game/gametest they are the random-game tests of the ASL ruleset
// (TestInvariantsASL, FuzzInvariantsASL), and they are reusable by any test or benchmark that
// wants a fresh game: the same seed and size always give the same bytes.
package aslgen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/asl/listing"
	"github.com/umpire-referee/umpire/hex"
)

// Size is how big a generated scenario is.
type Size struct {
	// Boards is the number of geomorphic boards, 1 to 4 (one row of up to three, or two rows of
	// two); a board is 330 hexes.
	Boards int
	// Vehicles and Infantry are the units outside groups, of both sides (Infantry counts
	// Cavalry too).
	Vehicles, Infantry int
	// Groups is how many groups of each kind the phasing side has: platoons, Convoys and
	// Columns; from 2 an Armored Assault too.
	Groups int
	// Below is how many more units of the phasing side (vehicles and Infantry by turns) are set
	// up below bridges, in the stream or gully under them, where the terrain lets them be.
	Below int
}

// Small is a one-board game with a few units and one group of each kind.
var Small = Size{Boards: 1, Vehicles: 6, Infantry: 4, Groups: 1}

// norm keeps a size within what the generator makes.
func (s Size) norm() Size {
	s.Boards = min(max(s.Boards, 1), 4)
	s.Vehicles = min(max(s.Vehicles, 0), 40)
	s.Infantry = min(max(s.Infantry, 0), 40)
	s.Groups = min(max(s.Groups, 0), 4)
	s.Below = min(max(s.Below, 0), 20)
	if s.Vehicles+s.Infantry+s.Groups+s.Below == 0 {
		s.Vehicles = 1 // a scenario needs a unit
	}
	return s
}

// The two sides: the phasing side's units and groups, and the DEFENDER's.
const (
	attacker = "German"
	defender = "Russian"
)

// Scenario is a random scenario file (ASL's format, what `umpire play` reads) made from seed:
// a map, units and groups, with no moves: or dice:. The same seed and size give the same bytes.
func Scenario(seed uint64, size Size) []byte {
	b := newBuilder(seed, size.norm())
	b.terrain()
	b.rivers()
	b.roads()
	b.hexsides()
	b.markers()
	b.groups()
	b.placeUnits()
	return b.write()
}

// cell is what the scenario says of one hex.
type cell struct {
	t      asl.Terrain
	ground asl.Terrain
	level  int
	bridge asl.BridgeKind
	smoke  bool
	blaze  bool
	wire   bool
	wrecks int
	vehs   int
	below  int  // wrecks below a bridge
	kept   bool // reserved (a river, a bridge, a group's line): later terrain leaves it alone
}

// side is a hexside: two hexes by layout index; for the directed lists (novbm, bypass_wrecks)
// the first is the hex whose side it is.
type side [2]int

// hexsideKeys are the map: lists of hexside features the generator writes, in file order.
var hexsideKeys = []string{"roads", "paths", "walls", "hedges", "bocage", "cliffs", "abrupt", "trailbreaks", "roadblocks", "novbm", "bypass_wrecks"}

// unitSpec is one unit as the file writes it: its fields in order, already formatted.
type unitSpec struct {
	id, side string
	fields   []string
	at       int // layout index, -1 off board
	col      asl.Column
}

type groupSpec struct {
	id, kind string
	members  []string
}

// builder is a scenario being made.
type builder struct {
	rng   *rand.Rand
	size  Size
	rows  [][]string
	lay   *hex.Layout
	hexes []hex.Hex // on the map, in layout order
	cells []cell    // by layout index
	sides map[string][]side
	has   map[string]map[side]bool
	noteD map[side]bool
	edge  []string // roads that run off the board, written as chains
	// roadLines are the roads drawn, each as its hexes in order (for Convoys and Columns).
	roadLines [][]int
	bridges   []int // bridge hexes
	units     []unitSpec
	groupsOut []groupSpec
	used      map[int]int // units set up per hex
	los       [2][]string // clear, blocked
	cond      string
	mud       bool
	grainOut  bool
	night     bool
	nextID    map[string]int
}

func newBuilder(seed uint64, size Size) *builder {
	b := &builder{rng: rand.New(rand.NewPCG(seed, 0xa51)), size: size, sides: map[string][]side{}, has: map[string]map[side]bool{},
		noteD: map[side]bool{}, used: map[int]int{}, nextID: map[string]int{}}
	switch size.Boards {
	case 1:
		b.rows = [][]string{{"2"}}
	case 2:
		if b.rng.IntN(2) == 0 {
			b.rows = [][]string{{"2", "3"}}
		} else {
			b.rows = [][]string{{"2"}, {"3"}}
		}
	case 3:
		b.rows = [][]string{{"2", "3", "4"}}
	default:
		b.rows = [][]string{{"2", "3"}, {"4", "5"}}
	}
	b.lay = hex.MustLayout(b.rows...)
	b.cells = make([]cell, b.lay.Size())
	for i := 0; i < b.lay.Size(); i++ {
		if h := b.lay.HexAt(i); b.lay.Contains(h) {
			b.hexes = append(b.hexes, h)
		}
	}
	return b
}

func (b *builder) idx(h hex.Hex) int  { return b.lay.Index(h) }
func (b *builder) at(h hex.Hex) *cell { return &b.cells[b.idx(h)] }
func (b *builder) pick() hex.Hex      { return b.hexes[b.rng.IntN(len(b.hexes))] }
func (b *builder) chance(n int) bool  { return b.rng.IntN(n) == 0 }

// free reports a hex on the map that nothing has reserved.
func (b *builder) free(h hex.Hex) bool { return b.lay.Contains(h) && !b.at(h).kept }

// blob calls set on every free hex within radius of centre (the rim at random).
func (b *builder) blob(centre hex.Hex, radius int, set func(*cell)) {
	for _, h := range b.hexes {
		if d := hex.Distance(h, centre); d <= radius && (d < radius || b.chance(2)) && b.free(h) {
			set(b.at(h))
		}
	}
}

// terrain lays hills, then woods, buildings and fields in blobs, then at least two hexes of
// every row of the Terrain Chart that the rivers and roads do not make, the conditions and
// the season.
func (b *builder) terrain() {
	n := len(b.hexes) / 330
	for i := 0; i < 3*n; i++ {
		b.blob(b.pick(), 2+b.rng.IntN(3), func(c *cell) { c.level = 1 })
	}
	for i := 0; i < n; i++ {
		b.blob(b.pick(), 1, func(c *cell) {
			if c.level == 1 {
				c.level = 2
			}
		})
	}
	blobs := []asl.Terrain{asl.Woods, asl.Woods, asl.Woods, asl.Building, asl.WoodenBuilding, asl.Grain, asl.Grain, asl.Brush, asl.Orchard, asl.Marsh, asl.Rubble}
	for i := 0; i < 5*n; i++ {
		t := blobs[b.rng.IntN(len(blobs))]
		b.blob(b.pick(), b.rng.IntN(3), func(c *cell) { c.t = t })
	}
	for t := asl.Terrain(0); int(t) < asl.NumTerrain; t++ {
		switch t {
		case asl.OpenGround, asl.SunkenRoad, asl.ElevatedRoad:
			continue // the rest of the map; made along roads
		}
		for k := 0; k < 2*n; k++ {
			if h := b.pick(); b.free(h) {
				c := b.at(h)
				c.t = t
				if asl.TerrainChart[t].Depression {
					c.level = 0
				}
			}
		}
	}
	for _, h := range b.hexes {
		c := b.at(h)
		if asl.TerrainChart[c.t].Obstacle && b.chance(4) {
			c.ground = []asl.Terrain{asl.Grain, asl.Brush, asl.Shellholes, asl.Orchard}[b.rng.IntN(4)]
		}
	}
	switch b.rng.IntN(5) {
	case 0:
		b.mud = true
	default:
		b.cond = []string{"dry", "mud", "snow", "deep snow"}[b.rng.IntN(4)]
	}
	b.grainOut = b.chance(3)
	b.night = b.chance(4)
}

// rivers draws a river straight down one column of each board (a shallow, deep or dry stream,
// a gully or water, the kinds taken in turn), crossed by roads on bridges of every kind (a
// foot bridge by a path), and puts a ford in a deep stream.
func (b *builder) rivers() {
	kinds := []asl.Terrain{asl.Stream, asl.DeepStream, asl.Gully, asl.DryStream, asl.Water}
	first := b.rng.IntN(len(kinds))
	bridges := []asl.BridgeKind{asl.StoneBridge, asl.WoodenBridge, asl.PontoonBridge, asl.FootBridge}
	b.rng.Shuffle(len(bridges), func(i, j int) { bridges[i], bridges[j] = bridges[j], bridges[i] })
	nb := 0
	boards := 0
	for br := range b.rows {
		for bc := range b.rows[br] {
			t := kinds[(first+boards)%len(kinds)]
			boards++
			x := bc*(hex.BoardColumns-1) + 6 + 2*b.rng.IntN(10) // an odd-lettered column
			var col []hex.Hex
			for y := br * hex.BoardRows; y <= (br+1)*hex.BoardRows; y++ {
				if h := (hex.Hex{X: int16(x), Y: int16(y)}); b.lay.Contains(h) {
					col = append(col, h)
				}
			}
			for _, h := range col {
				c := b.at(h)
				*c = cell{t: t, kept: true}
			}
			// Bridges at rows two apart, away from the board's edges.
			off := b.rng.IntN(2)
			for y := 1 + off; y < len(col)-1; y += 2 {
				kind := bridges[nb%len(bridges)]
				if nb >= len(bridges) {
					kind = bridges[b.rng.IntN(len(bridges))]
				}
				nb++
				b.bridge(col[y], kind)
				y += 2 * b.rng.IntN(2) * boolInt(nb > len(bridges))
			}
			if t == asl.DeepStream {
				for _, h := range col[1:] {
					if c := b.at(h); c.bridge == asl.NoBridge {
						c.t = asl.Ford
						break
					}
				}
			}
		}
	}
}

// bridge puts a bridge of kind in river hex h, carrying a road (a foot bridge: a path) across
// the river, east and west a few hexes.
func (b *builder) bridge(h hex.Hex, kind asl.BridgeKind) {
	c := b.at(h)
	if c.bridge != asl.NoBridge {
		return
	}
	c.bridge = kind
	b.bridges = append(b.bridges, b.idx(h))
	key := "roads"
	if kind == asl.FootBridge {
		key = "paths"
	}
	east := b.walk(h, []hex.Side{hex.UpperRight, hex.LowerRight}, 2+b.rng.IntN(5))
	west := b.walk(h, []hex.Side{hex.UpperLeft, hex.LowerLeft}, 2+b.rng.IntN(5))
	line := append(reverse(west), b.idx(h))
	line = append(line, east...)
	b.line(key, line)
	if c.t != asl.Water && asl.BridgeChart[kind].Separate && b.chance(3) {
		c.below = 1
	}
}

// walk goes up to n hexes from h, each step across one of dirs, stopping at the map's edge
// or a river; it returns the hexes entered.
func (b *builder) walk(h hex.Hex, dirs []hex.Side, n int) []int {
	var out []int
	for k := 0; k < n; k++ {
		next := h.Neighbor(dirs[b.rng.IntN(len(dirs))])
		if !b.lay.Contains(next) || b.at(next).kept && b.at(next).bridge == asl.NoBridge && b.river(next) {
			break
		}
		out = append(out, b.idx(next))
		h = next
	}
	return out
}

// river reports a hex of a river line.
func (b *builder) river(h hex.Hex) bool {
	switch b.at(h).t {
	case asl.Stream, asl.DeepStream, asl.Gully, asl.DryStream, asl.Water, asl.Ford:
		return b.at(h).kept
	}
	return false
}

func boolInt(x bool) int {
	if x {
		return 1
	}
	return 0
}

func reverse(s []int) []int {
	out := make([]int, len(s))
	for i, v := range s {
		out[len(s)-1-i] = v
	}
	return out
}

// line draws feature key along the hexes of a path (consecutive hexes adjacent), and keeps a
// road's hexes as a line a Convoy or Column may stand on.
func (b *builder) line(key string, hexes []int) {
	for k := 1; k < len(hexes); k++ {
		b.add(key, side{hexes[k-1], hexes[k]})
	}
	if key == "roads" && len(hexes) > 1 {
		b.roadLines = append(b.roadLines, hexes)
	}
}

// add records hexside s in list key (once).
func (b *builder) add(key string, s side) {
	if key != "novbm" && key != "bypass_wrecks" && s[0] > s[1] {
		s[0], s[1] = s[1], s[0]
	}
	if b.has[key] == nil {
		b.has[key] = map[side]bool{}
	}
	if !b.has[key][s] {
		b.has[key][s] = true
		b.sides[key] = append(b.sides[key], s)
	}
}

func (b *builder) hasSide(key string, x, y int) bool {
	if x > y {
		x, y = y, x
	}
	return b.has[key][side{x, y}]
}

// roads draws a few roads across the map, one running off its west edge, with sunken and
// elevated stretches, a graveyard beside a road, Note D hexsides and a roadblock.
func (b *builder) roads() {
	n := 2 + len(b.hexes)/330
	for i := 0; i < n; i++ {
		var start hex.Hex
		if i == 0 { // from the west edge
			start = hex.Hex{X: 0, Y: int16(2 + b.rng.IntN(b.lay.Height()-4))}
			if !b.lay.Contains(start) {
				start.Y++
			}
		} else {
			start = b.pick()
			if b.river(start) {
				continue
			}
		}
		line := append([]int{b.idx(start)}, b.walk(start, []hex.Side{hex.UpperRight, hex.LowerRight, hex.Down}, 6+b.rng.IntN(12))...)
		if len(line) < 3 {
			continue
		}
		if i == 0 {
			b.edge = append(b.edge, "edge-"+b.lay.Name(b.lay.HexAt(line[0]))+"-"+b.lay.Name(b.lay.HexAt(line[1])))
			b.line("roads", line[1:])
			b.has["roads"][side{min(line[0], line[1]), max(line[0], line[1])}] = true // written as the edge chain
			b.roadLines = append(b.roadLines, line)
		} else {
			b.line("roads", line)
		}
		// A sunken or elevated stretch in the middle of the road.
		t := []asl.Terrain{asl.SunkenRoad, asl.ElevatedRoad, asl.Woods, asl.OpenGround}[i%4]
		for _, k := range line[1 : len(line)-1][:min(2, len(line)-2)] {
			if c := &b.cells[k]; !c.kept {
				c.t, c.level = t, 0
			}
		}
		if b.chance(2) {
			b.noteD[side{min(line[0], line[1]), max(line[0], line[1])}] = true
		}
		if i == 1 {
			k := line[len(line)-1]
			if c := &b.cells[k]; !c.kept {
				c.t = asl.Graveyard
			}
			b.add("roadblocks", side{line[len(line)-2], line[len(line)-1]})
		}
	}
}

// hexsides scatters walls, hedges, bocage, cliffs, Abrupt Elevation Changes and paths on
// hexsides with no road, woods trailbreaks, and the no-VBM sides and Bypass wrecks of
// obstacle hexes.
func (b *builder) hexsides() {
	scatter := []string{"walls", "hedges", "bocage", "cliffs", "abrupt", "paths"}
	for _, h := range b.hexes {
		i := b.idx(h)
		for s := hex.Side(0); s < 3; s++ {
			n := h.Neighbor(s)
			if !b.lay.Contains(n) {
				continue
			}
			j := b.idx(n)
			if b.hasSide("roads", i, j) || b.hasSide("paths", i, j) || b.cells[i].kept && b.cells[j].kept {
				continue
			}
			if b.chance(30) {
				b.add(scatter[b.rng.IntN(len(scatter))], side{i, j})
			}
			if (b.cells[i].t == asl.Woods || b.cells[j].t == asl.Woods) && b.chance(6) {
				b.add("trailbreaks", side{i, j})
			}
		}
		if c := b.cells[i]; asl.TerrainChart[c.t].Bypassable && b.chance(5) {
			s := hex.Side(b.rng.IntN(6))
			if n := h.Neighbor(s); b.lay.Contains(n) {
				key := "novbm"
				if b.chance(2) {
					key = "bypass_wrecks"
				}
				b.add(key, side{i, b.idx(n)})
			}
		}
	}
}

// markers scatters wrecks, vehicle counters, SMOKE, Blaze and hidden wire, and overrides the
// LOS between a few pairs of hexes.
func (b *builder) markers() {
	for _, h := range b.hexes {
		c := b.at(h)
		switch b.rng.IntN(60) {
		case 0:
			c.wrecks = 1 + b.rng.IntN(2)
		case 1:
			c.vehs = 1
		case 2:
			c.smoke = true
		case 3:
			if c.t != asl.Water {
				c.blaze = true
			}
		case 4:
			c.wire = true
		}
	}
	for k := 0; k < 2; k++ {
		a, z := b.pick(), b.pick()
		if a != z {
			b.los[k] = append(b.los[k], b.lay.Name(a)+"-"+b.lay.Name(z))
		}
	}
}

// id is the next id with prefix p.
func (b *builder) id(p string) string {
	b.nextID[p]++
	return fmt.Sprintf("%s%d", p, b.nextID[p])
}

// clear makes hex h ground a group may stand on: Open Ground at level lv, no SMOKE, Blaze,
// wire or wrecks, and keeps it.
func (b *builder) clear(h hex.Hex, lv int) {
	c := b.at(h)
	*c = cell{level: lv, kept: true}
}

// groups sets up the phasing side's groups: platoons of two or three AFV abreast, Convoys of
// trucks and halftracks nose to tail along a road, Columns of Infantry (or Cavalry, or
// wagons) along a road or across the fields, and an Armored Assault.
func (b *builder) groups() {
	for k := 0; k < b.size.Groups; k++ {
		b.platoon(k == 1)
		b.convoy()
		b.column()
	}
}

// line of n free hexes from a random start, each step across dir: nil if none is found.
func (b *builder) freeLine(n int, dir hex.Side) []hex.Hex {
	for try := 0; try < 40; try++ {
		h := b.pick()
		line := []hex.Hex{h}
		for len(line) < n {
			h = h.Neighbor(dir)
			line = append(line, h)
		}
		ok := true
		for _, x := range line {
			if !b.free(x) || b.used[b.idx(x)] > 0 {
				ok = false
			}
		}
		if ok {
			return line
		}
	}
	return nil
}

// platoon: two or three AFV, radioless or not, abreast down a column of cleared hexes, all
// facing one way and all Stopped or all in Motion; with assault, an Infantry squad in the
// first member's hex moves with them in Armored Assault (D14.33).
func (b *builder) platoon(assault bool) {
	n := 2 + b.rng.IntN(2)
	line := b.freeLine(n, hex.Down)
	if line == nil {
		return
	}
	lv := b.at(line[0]).level
	spine := hex.Spine([]int{0, 3, 1, 5}[b.rng.IntN(4)])
	motion := b.chance(2)
	radio := !b.chance(3)
	grp := groupSpec{id: b.id("P"), kind: "platoon"}
	mp := 10 + b.rng.IntN(8)
	for _, h := range line {
		b.clear(h, lv)
		id := b.id("A")
		fields := []string{fmt.Sprintf("vehicle: {name: tank, mp: %d, class: tank, radio: %v, red_mp: %v}", mp, radio, b.chance(3)),
			b.vca(h, spine)}
		if motion {
			fields = append(fields, "motion: true")
		}
		b.unit(id, attacker, h, asl.ColFT, fields...)
		grp.members = append(grp.members, id)
	}
	b.groupsOut = append(b.groupsOut, grp)
	if assault {
		id := b.id("S")
		b.unit(id, attacker, line[0], asl.ColInf, "infantry: {name: 4-6-7}")
		b.groupsOut = append(b.groupsOut, groupSpec{id: b.id("AA"), kind: "armored-assault", members: append(append([]string(nil), grp.members...), id)})
	}
}

// roadRun is n consecutive hexes of a drawn road with no unit, bridge or water on them, lead
// last, or nil.
func (b *builder) roadRun(n int) []hex.Hex {
	for _, k := range b.rng.Perm(len(b.roadLines)) {
		rl := b.roadLines[k]
		if len(rl) < n {
			continue
		}
		s := b.rng.IntN(len(rl) - n + 1)
		ok := true
		var out []hex.Hex
		for _, i := range rl[s : s+n] {
			if b.used[i] > 0 || b.cells[i].bridge != asl.NoBridge || b.cells[i].t == asl.Water { // no road crosses water but by a bridge
				ok = false
			}
			out = append(out, b.lay.HexAt(i))
		}
		if ok {
			return out
		}
	}
	return nil
}

// facing is the VCA of a unit in h facing the adjacent hex next (the hexspine left of the
// hexside between them, or the one right of it).
func (b *builder) facing(h, next hex.Hex) string {
	s, _ := h.SideTo(next)
	return b.vca(h, hex.Spine(s).Rotate(b.rng.IntN(2)))
}

// convoy: two or three trucks and halftracks nose to tail along a road (E11.1), the lead
// facing along it, all in Motion or all Stopped.
func (b *builder) convoy() {
	n := 2 + b.rng.IntN(2)
	run := b.roadRun(n)
	if run == nil {
		return
	}
	motion := b.chance(2)
	grp := groupSpec{id: b.id("C"), kind: "convoy"}
	for k := n - 1; k >= 0; k-- { // lead first: the last hex of the run
		h := run[k]
		var face string
		if k == n-1 { // the lead faces on along the road
			sd, _ := run[k-1].SideTo(h)
			face = b.vca(h, hex.Spine(sd).Rotate(b.rng.IntN(2)))
		} else {
			face = b.facing(h, run[k+1])
		}
		id := b.id("T")
		class, col := "truck", asl.ColTruck
		if b.chance(3) {
			class, col = "halftrack", asl.ColHT
		}
		fields := []string{fmt.Sprintf("vehicle: {name: %s, mp: %d, class: %s}", class, 12+b.rng.IntN(6), class), face}
		if motion {
			fields = append(fields, "motion: true")
		}
		b.unit(id, attacker, h, col, fields...)
		grp.members = append(grp.members, id)
	}
	b.groupsOut = append(b.groupsOut, grp)
}

// column: a leader and squads (or Cavalry, or wagons) in a line of hexes, two units in the
// lead hex, along a road when one is free, else down a column of cleared hexes.
func (b *builder) column() {
	n := 2 + b.rng.IntN(2)
	run := b.roadRun(n)
	if run == nil || b.chance(3) {
		run = b.freeLine(n, hex.Down)
		if run == nil {
			return
		}
		lv := b.at(run[0]).level
		for _, h := range run {
			b.clear(h, lv)
		}
	}
	kind := b.rng.IntN(4)
	grp := groupSpec{id: b.id("K"), kind: "column"}
	for k := len(run) - 1; k >= 0; k-- {
		per := 1
		if k == len(run)-1 {
			per = 2
		}
		for j := 0; j < per; j++ {
			var id string
			switch {
			case kind == 3:
				id = b.id("W")
				b.unit(id, attacker, run[k], asl.ColHD, "vehicle: {name: wagon, mp: 8, class: wagon}", b.facing(run[k], run[min(k+1, len(run)-1)]))
			case kind == 2:
				id = b.id("H")
				b.unit(id, attacker, run[k], asl.ColCav, "cavalry: {name: 4-4-7}")
			case j == 1:
				id = b.id("L")
				b.unit(id, attacker, run[k], asl.ColInf, "infantry: {name: 8-1, leader: true}")
			default:
				id = b.id("S")
				b.unit(id, attacker, run[k], asl.ColInf, "infantry: {name: 4-6-7}")
			}
			grp.members = append(grp.members, id)
		}
	}
	b.groupsOut = append(b.groupsOut, grp)
}

// vca writes a unit's VCA field for hexspine p of h, or the nearest hexspine turning
// clockwise whose two hexes are both on the map.
func (b *builder) vca(h hex.Hex, p hex.Spine) string {
	for k := 0; k < 6; k++ {
		x, y := h.SpineHexes(p.Rotate(-k))
		if b.lay.Contains(x) && b.lay.Contains(y) {
			p = p.Rotate(-k)
			break
		}
	}
	return "vca: " + b.lay.VCAName(h, p)
}

// unit adds a unit set up in h (col is its Terrain Chart column).
func (b *builder) unit(id, sideName string, h hex.Hex, col asl.Column, fields ...string) {
	b.units = append(b.units, unitSpec{id: id, side: sideName, fields: append([]string{"at: " + b.lay.Name(h)}, fields...), at: b.idx(h), col: col})
	b.used[b.idx(h)]++
}

// na reports whether a unit of column col may not be in h as the map stands: the Terrain Chart
// says NA for the hex's terrain and no road gets it there (a unit set up in a road hex is on
// the road, D2.1), or the hex is a foot bridge's and the unit is no Infantry or Cavalry.
func (b *builder) na(h hex.Hex, col asl.Column, below bool) bool {
	c := b.at(h)
	t := c.t
	switch {
	case t == asl.Grain && b.grainOut, t == asl.Brush && b.cond == "deep snow":
		t = asl.OpenGround
	}
	if c.bridge != asl.NoBridge && !below {
		foot := asl.BridgeChart[c.bridge].Foot
		return foot && col > asl.ColHD || !foot && !b.roadHex(b.idx(h)) && asl.TerrainChart[t].Cost[col].Kind == asl.NA
	}
	if asl.TerrainChart[t].Cost[col].Kind != asl.NA {
		return false
	}
	return below || t == asl.Water || !b.roadHex(b.idx(h))
}

// roadHex reports whether a road crosses a hexside of hex i.
func (b *builder) roadHex(i int) bool {
	h := b.lay.HexAt(i)
	for s := hex.Side(0); s < 6; s++ {
		if n := h.Neighbor(s); b.lay.Contains(n) && b.hasSide("roads", i, b.idx(n)) {
			return true
		}
	}
	for _, e := range b.edge {
		if strings.HasPrefix(e, "edge-"+b.lay.Name(h)+"-") {
			return true
		}
	}
	return false
}

// spot finds a hex for a unit of column col: a random one where it may be, preferring hexes
// with no unit yet.
func (b *builder) spot(col asl.Column) hex.Hex {
	for try := 0; ; try++ {
		h := b.pick()
		if !b.na(h, col, false) && (b.used[b.idx(h)] == 0 || try > 50) {
			return h
		}
	}
}

// placeUnits sets up the units outside groups: vehicles of both sides, listed (Chapter H) or
// described, in every state the format sets up, some below bridges, some off board; and
// Infantry and Cavalry, some below or on bridges.
func (b *builder) placeUnits() {
	for k := 0; k < b.size.Vehicles; k++ {
		sideName, prefix := attacker, "V"
		if k%3 == 2 {
			sideName, prefix = defender, "R"
		}
		b.vehicle(b.id(prefix), sideName, false)
	}
	for k := 0; k < b.size.Infantry; k++ {
		sideName, prefix := attacker, "I"
		if k%3 == 2 {
			sideName, prefix = defender, "J"
		}
		b.foot(b.id(prefix), sideName, false)
	}
	for k := 0; k < b.size.Below; k++ {
		if k%2 == 0 {
			b.vehicle(b.id("V"), attacker, true)
		} else {
			b.foot(b.id("I"), attacker, true)
		}
	}
}

// listed are the Chapter H listings the generator sets up by name: those umpire can move,
// named alone in their file (so the name finds exactly one).
func listed(rng *rand.Rand) *listing.Listing {
	for {
		l := &listing.Listings[rng.IntN(len(listing.Listings))]
		if _, ok := l.Movement.Class(); !ok || l.MP == 0 || l.Movement == listing.Cavalry || l.Movement == listing.Wagon {
			continue
		}
		if _, _, ok := l.Maker(); !ok {
			continue
		}
		if len(listing.Find(l.Group, l.FullName(), l.Type, l.Piece)) == 1 {
			return l
		}
	}
}

// quote writes s as a YAML double-quoted string.
func quote(s string) string {
	q, _ := json.Marshal(s)
	return string(q)
}

var classes = []string{"tank", "halftrack", "armored car", "truck", "motorcycle"}

// vehicle adds a vehicle of side sideName outside groups (below a bridge if it can be).
func (b *builder) vehicle(id, sideName string, under bool) {
	var counter string
	var v asl.Vehicle
	if b.chance(2) {
		l := listed(b.rng)
		class, _ := l.Movement.Class()
		v = asl.NewVehicle(l.FullName(), class, l.MP)
		v.TruckType = l.TruckType
		counter = fmt.Sprintf("vehicle: {listing: %s, nationality: %s, type: %s, piece: %s}", quote(l.FullName()), l.Group, quote(l.Type), quote(l.Piece))
	} else {
		class := classes[b.rng.IntN(len(classes))]
		c, _ := asl.ParseClass(class)
		v = asl.NewVehicle(class, c, 8+b.rng.IntN(12))
		extra := ""
		for _, f := range []string{"red_mp", "towing", "amphibious", "waterproofed"} {
			if b.chance(6) {
				extra += ", " + f + ": true"
			}
		}
		if b.chance(5) {
			extra += ", radio: false"
		}
		if b.chance(5) {
			extra += ", ground_pressure: " + []string{"low", "high"}[b.rng.IntN(2)]
		}
		if c == asl.ArmoredCar && b.chance(4) {
			extra += ", truck_type: true"
			v.TruckType = true
		}
		counter = fmt.Sprintf("vehicle: {name: %s, mp: %d, class: %s%s}", class, v.MP, class, extra)
	}
	col := v.Column()
	fields := []string{counter}
	var at hex.Hex
	below := false
	r := b.rng.IntN(12)
	if under {
		r = 1
	}
	switch {
	case r == 0:
		b.units = append(b.units, unitSpec{id: id, side: sideName, at: -1, col: col,
			fields: append([]string{"at: offboard", "vca: " + hex.Spine(b.rng.IntN(6)).String()}, counter, "motion: true")})
		return
	case r <= 3 && len(b.bridges) > 0:
		h := b.lay.HexAt(b.bridges[b.rng.IntN(len(b.bridges))])
		below = asl.BridgeChart[b.at(h).bridge].Separate && (under || b.chance(2))
		if b.na(h, col, below) {
			at = b.spot(col)
			below = false
		} else {
			at = h
		}
	default:
		at = b.spot(col)
	}
	if below {
		fields = append([]string{fmt.Sprintf("at: {hex: %s, below: true}", b.lay.Name(at))}, fields...)
	} else {
		fields = append([]string{"at: " + b.lay.Name(at)}, fields...)
	}
	if by, ok := b.bypass(at, below); ok {
		fields = append(fields, by)
	} else {
		fields = append(fields, b.vca(at, hex.Spine(b.rng.IntN(6))))
	}
	switch r := b.rng.IntN(14); {
	case r < 4:
		fields = append(fields, "motion: true")
	case r == 4:
		fields = append(fields, "immobile: bogged")
	case r == 5:
		fields = append(fields, "fired: true")
	case r == 6:
		fields = append(fields, "ti: true")
	case r == 7 && v.AFV:
		fields = append(fields, "can_attack: true")
	case r == 8:
		fields = append(fields, "fire_marker: true")
	}
	if v.AFV && b.chance(3) {
		fields = append(fields, "bu: true")
	}
	if v.AFV && b.chance(20) {
		fields = append(fields, "recalled: true")
	}
	if sideName == defender && b.chance(4) {
		fields = append(fields, "hidden: true")
	}
	b.units = append(b.units, unitSpec{id: id, side: sideName, fields: fields, at: b.idx(at), col: col})
	b.used[b.idx(at)]++
}

// bypass sets up now and then a vehicle in a woods or building hex in Bypass (D2.3): along one
// of its hexsides, facing a CAFP at one end; ok is false when it does not.
func (b *builder) bypass(h hex.Hex, below bool) (string, bool) {
	c := b.at(h)
	if below || !asl.TerrainChart[c.t].Bypassable || !b.chance(2) {
		return "", false
	}
	sd := hex.Side(b.rng.IntN(6))
	if n := h.Neighbor(sd); !b.lay.Contains(n) {
		return "", false
	}
	end, _ := sd.Ends()
	if b.chance(2) {
		_, end = sd.Ends()
	}
	if x, y := h.SpineHexes(end); !b.lay.Contains(x) || !b.lay.Contains(y) {
		return "", false
	}
	return fmt.Sprintf("bypass: %s, cafp: %s", b.lay.HexsideName(h, sd), b.lay.VertexName(hex.Vertex{Hex: h, Spine: end})), true
}

// foot adds an Infantry or Cavalry unit of side sideName outside groups (below a bridge if it
// can be).
func (b *builder) foot(id, sideName string, under bool) {
	counter, col := "infantry: {name: 4-6-7}", asl.ColInf
	switch b.rng.IntN(6) {
	case 0:
		counter, col = "cavalry: {name: 4-4-7}", asl.ColCav
	case 1:
		counter = "infantry: {name: 8-0, leader: true}"
	}
	var at hex.Hex
	below := false
	if len(b.bridges) > 0 && (under || b.chance(3)) {
		at = b.lay.HexAt(b.bridges[b.rng.IntN(len(b.bridges))])
		below = asl.BridgeChart[b.at(at).bridge].Separate && (under || b.chance(2))
		if b.na(at, col, below) {
			at, below = b.spot(col), false
		}
	} else {
		at = b.spot(col)
	}
	where := "at: " + b.lay.Name(at)
	if below {
		where = fmt.Sprintf("at: {hex: %s, below: true}", b.lay.Name(at))
	}
	fields := []string{where, counter}
	for _, f := range []string{"pinned", "concealed", "broken"} {
		if b.chance(8) {
			fields = append(fields, f+": true")
		}
	}
	if sideName == defender && b.chance(3) {
		fields = append(fields, "hidden: true")
	}
	b.units = append(b.units, unitSpec{id: id, side: sideName, fields: fields, at: b.idx(at), col: col})
	b.used[b.idx(at)]++
}

// write prints the scenario file.
func (b *builder) write() []byte {
	var w bytes.Buffer
	name := func(i int) string { return b.lay.Name(b.lay.HexAt(i)) }
	fmt.Fprintf(&w, "name: random ASL game (aslgen)\nruleset: asl\nphasing: %s\n", attacker)
	if b.night {
		w.WriteString("night: true\n")
	}
	w.WriteString("map:\n")
	if len(b.rows) == 1 {
		fmt.Fprintf(&w, "  boards: [%s]\n", quoteAll(b.rows[0]))
	} else {
		w.WriteString("  rows:\n")
		for _, r := range b.rows {
			fmt.Fprintf(&w, "    - [%s]\n", quoteAll(r))
		}
	}
	if b.mud {
		w.WriteString("  mud: true\n")
	} else {
		fmt.Fprintf(&w, "  conditions: %s\n", b.cond)
	}
	if b.grainOut {
		w.WriteString("  grain: out of season\n")
	} else {
		w.WriteString("  grain: in season\n")
	}
	w.WriteString("  terrain:\n")
	var counts [3][]string
	var lists [3][]string
	for _, h := range b.hexes {
		i := b.idx(h)
		c := &b.cells[i]
		var f []string
		switch c.t {
		case asl.Ford:
			f = append(f, "terrain: deep stream", "ford: true")
		case asl.OpenGround:
		default:
			f = append(f, "terrain: "+strings.ReplaceAll(asl.TerrainChart[c.t].Key, "-", " "))
		}
		if c.level != 0 {
			f = append(f, fmt.Sprintf("level: %d", c.level))
		}
		if c.ground != asl.OpenGround {
			f = append(f, "ground: "+strings.ReplaceAll(asl.TerrainChart[c.ground].Key, "-", " "))
		}
		if c.bridge != asl.NoBridge {
			f = append(f, "bridge: "+strings.TrimSuffix(asl.BridgeChart[c.bridge].Name, " bridge"))
		}
		if len(f) > 0 {
			fmt.Fprintf(&w, "    %s: {%s}\n", name(i), strings.Join(f, ", "))
		}
		for k, n := range []int{c.wrecks, c.vehs, c.below} {
			if n > 0 {
				counts[k] = append(counts[k], fmt.Sprintf("%s: %d", name(i), n))
			}
		}
		for k, on := range []bool{c.smoke, c.blaze, c.wire} {
			if on {
				lists[k] = append(lists[k], name(i))
			}
		}
	}
	for _, key := range hexsideKeys {
		var items []string
		if key == "roads" {
			items = append(items, b.edge...)
		}
		for _, s := range b.sides[key] {
			hs := name(s[0]) + "-" + name(s[1])
			if key == "roads" && b.noteD[s] {
				items = append(items, "{hexside: "+hs+", note_d: true}")
				continue
			}
			items = append(items, hs)
		}
		if len(items) > 0 {
			fmt.Fprintf(&w, "  %s: [%s]\n", key, strings.Join(items, ", "))
		}
	}
	for k, key := range []string{"wrecks", "vehicles", "wrecks_below"} {
		if len(counts[k]) > 0 {
			fmt.Fprintf(&w, "  %s: {%s}\n", key, strings.Join(counts[k], ", "))
		}
	}
	for k, key := range []string{"smoke", "blaze", "wire"} {
		if len(lists[k]) > 0 {
			fmt.Fprintf(&w, "  %s: [%s]\n", key, strings.Join(lists[k], ", "))
		}
	}
	if len(b.los[0])+len(b.los[1]) > 0 {
		fmt.Fprintf(&w, "  los: {clear: [%s], blocked: [%s]}\n", strings.Join(b.los[0], ", "), strings.Join(b.los[1], ", "))
	}
	w.WriteString("units:\n")
	for _, u := range b.units {
		fmt.Fprintf(&w, "  - {id: %s, side: %s, %s}\n", u.id, u.side, strings.Join(u.fields, ", "))
	}
	if len(b.groupsOut) > 0 {
		w.WriteString("groups:\n")
		for _, g := range b.groupsOut {
			fmt.Fprintf(&w, "  - {id: %s, kind: %s, members: [%s]}\n", g.id, g.kind, strings.Join(g.members, ", "))
		}
	}
	return w.Bytes()
}

func quoteAll(ss []string) string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = quote(s)
	}
	return strings.Join(out, ", ")
}
