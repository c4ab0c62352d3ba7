package lhy

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/umpire-referee/umpire/hex"
)

// Hex is a hex of an LHY map. Its geometry is the hex package's (columns of the same parity
// share rows; even-lettered columns sit half a hex lower).
type Hex = hex.Hex

// Terrain is what a hex holds, as far as Assault and fire resolution ask.
type Terrain uint8

// Terrains.
const (
	Open Terrain = iota
	UrbanBuilding
	RuralBuilding
	Woods
	Jungle
	Marsh
	River
	SunkenRoad
	Hut
	Impassable
)

var terrainNames = [...]string{"open", "urban building", "rural building", "woods", "jungle", "marsh", "river", "sunken road", "hut", "impassable"}

func (t Terrain) String() string {
	if int(t) < len(terrainNames) {
		return terrainNames[t]
	}
	return fmt.Sprintf("Terrain(%d)", t)
}

// ParseTerrain reads a terrain name (spaces, dashes and case do not matter; "urban" and
// "rural" alone are buildings).
func ParseTerrain(s string) (Terrain, error) {
	t := strings.NewReplacer(" ", "", "-", "", "_", "").Replace(strings.ToLower(strings.TrimSpace(s)))
	switch t {
	case "open", "opengound", "openground", "":
		return Open, nil
	case "urban", "urbanbuilding", "urbanbldg", "stonebuilding":
		return UrbanBuilding, nil
	case "rural", "ruralbuilding", "ruralbldg", "woodenbuilding":
		return RuralBuilding, nil
	case "woods", "forest", "treeline", "treelines":
		return Woods, nil
	case "jungle":
		return Jungle, nil
	case "marsh", "swamp":
		return Marsh, nil
	case "river", "stream":
		return River, nil
	case "sunkenroad":
		return SunkenRoad, nil
	case "hut":
		return Hut, nil
	case "impassable":
		return Impassable, nil
	}
	return 0, fmt.Errorf("unknown terrain %q (known: %s)", s, strings.Join(terrainNames[:], ", "))
}

// Cover reports whether the terrain is cover terrain (it has a small-arms or mortar TEM,
// rules-notes 2.5): buildings, woods, jungle, huts.
func (t Terrain) Cover() bool {
	switch t {
	case UrbanBuilding, RuralBuilding, Woods, Jungle, Hut:
		return true
	}
	return false
}

// SlowsRetreat: a Retreat through such a hex is at most 3 hexes (14.3.3).
func (t Terrain) SlowsRetreat() bool {
	switch t {
	case River, Marsh, Jungle, UrbanBuilding, SunkenRoad:
		return true
	}
	return false
}

// HexInfo is the terrain of one hex.
type HexInfo struct {
	Terrain Terrain
	Level   int8 // hill level: attacking from a lower level is uphill (14.0)
	IP      bool // Improved Position
	Impact  bool // a mortar impact hex: a Retreat may not end there (14.3.3)
}

// Hexside kinds.
type Hexside uint8

// Hexside features.
const (
	Wall Hexside = 1 << iota
	Hedgerow
	RiverSide
	Blocked // impassable hexside
)

// Map is an LHY map: its size, the terrain of each hex (a hex not listed is open ground,
// level 0) and the hexside features.
type Map struct {
	Cols, Rows int
	Hexes      map[Hex]HexInfo
	Sides      map[[2]Hex]Hexside
}

// NewMap is an open map of cols columns (A, B, ... Z, AA, ...) and rows rows (1..rows).
func NewMap(cols, rows int) *Map {
	return &Map{Cols: cols, Rows: rows, Hexes: map[Hex]HexInfo{}, Sides: map[[2]Hex]Hexside{}}
}

// Contains reports whether h is on the map.
func (m *Map) Contains(h Hex) bool {
	return h.X >= 0 && int(h.X) < m.Cols && h.Y >= 1 && int(h.Y) <= m.Rows
}

// Info is the terrain of h.
func (m *Map) Info(h Hex) HexInfo { return m.Hexes[h] }

func sideKey(a, b Hex) [2]Hex {
	if a.X < b.X || (a.X == b.X && a.Y < b.Y) {
		return [2]Hex{a, b}
	}
	return [2]Hex{b, a}
}

// Side is the feature of the hexside between adjacent a and b.
func (m *Map) Side(a, b Hex) Hexside { return m.Sides[sideKey(a, b)] }

// SetSide adds a feature to the hexside between adjacent a and b.
func (m *Map) SetSide(a, b Hex, f Hexside) error {
	if !a.Adjacent(b) {
		return fmt.Errorf("%s and %s are not adjacent", m.Name(a), m.Name(b))
	}
	m.Sides[sideKey(a, b)] |= f
	return nil
}

// Name is the hex's id: column letters and row ("C4", "AA10").
func (m *Map) Name(h Hex) string { return hex.ColumnName(int(h.X)) + strconv.Itoa(int(h.Y)) }

// Parse reads a hex id ("C4", "aa10").
func (m *Map) Parse(s string) (Hex, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	i := 0
	for i < len(t) && t[i] >= 'A' && t[i] <= 'Z' {
		i++
	}
	letters, digits := t[:i], t[i:]
	if letters == "" || digits == "" || len(letters) > 2 || (len(letters) == 2 && letters[0] != letters[1]) {
		return Hex{}, fmt.Errorf("hex %q: write a column and a row, like C4 or AA10", s)
	}
	row, err := strconv.Atoi(digits)
	if err != nil {
		return Hex{}, fmt.Errorf("hex %q: the row is not a number", s)
	}
	col := int(letters[0] - 'A')
	if len(letters) == 2 {
		col += 26
	}
	h := Hex{X: int16(col), Y: int16(min(row, 1<<14))}
	if !m.Contains(h) {
		return Hex{}, fmt.Errorf("hex %q is not on the map (%d columns, rows 1..%d)", s, m.Cols, m.Rows)
	}
	return h, nil
}

// Neighbors are the on-map hexes adjacent to h.
func (m *Map) Neighbors(h Hex) []Hex {
	out := make([]Hex, 0, 6)
	for s := hex.Side(0); s < 6; s++ {
		if n := h.Neighbor(s); m.Contains(n) {
			out = append(out, n)
		}
	}
	return out
}
