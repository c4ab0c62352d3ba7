package hex

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"
)

// Board dimensions of an ASL geomorphic mapboard.
const (
	BoardColumns = 33 // A..Z, AA..GG
	BoardRows    = 10 // rows 1..10 (0..10 in lowered columns)
	boardStepX   = BoardColumns - 1
	boardStepY   = BoardRows
)

// Layout is a map made of geomorphic boards in rows: Boards[0] is the top row, left to right.
// Every row must have the same number of boards. A board's name is its number as printed
// ("2", "23").
type Layout struct {
	Boards [][]string
	pos    map[string][2]int // board name -> row, column in the layout
	// names caches every hex's name (by Index), made on the first Name: messages name hexes
	// on hot paths (a planner probes thousands of steps).
	// w and h are Width and Height, worked out once: every hex lookup asks for them.
	w, h     int       `hash:"-"`
	nameOnce sync.Once `hash:"-"`
	names    []string  `hash:"-"`
}

// NewLayout checks a layout and prepares it for use.
func NewLayout(rows [][]string) (*Layout, error) {
	if len(rows) == 0 || len(rows[0]) == 0 {
		return nil, fmt.Errorf("a map needs at least one board")
	}
	l := &Layout{Boards: rows, pos: map[string][2]int{}}
	for r, row := range rows {
		if len(row) != len(rows[0]) {
			return nil, fmt.Errorf("board row %d has %d boards, row 1 has %d: every row needs the same number", r+1, len(row), len(rows[0]))
		}
		for c, b := range row {
			b = strings.TrimSpace(b)
			if b == "" || !isDigits(b) {
				return nil, fmt.Errorf("board %q: a board is named by its number, like \"2\" or \"23\"", b)
			}
			if _, dup := l.pos[b]; dup {
				return nil, fmt.Errorf("board %s appears twice in the layout", b)
			}
			l.pos[b] = [2]int{r, c}
		}
	}
	l.w, l.h = len(l.Boards[0])*boardStepX+1, len(l.Boards)*boardStepY+1
	if l.w > math.MaxInt16 || l.h > math.MaxInt16 {
		return nil, fmt.Errorf("%d boards in a row or %d rows of boards: a hex's coordinates would overflow (at most %d in a row, %d rows)",
			len(rows[0]), len(rows), (math.MaxInt16-1)/boardStepX, (math.MaxInt16-1)/boardStepY)
	}
	return l, nil
}

// MustLayout is NewLayout for layouts known to be valid (tests, examples).
func MustLayout(rows ...[]string) *Layout {
	l, err := NewLayout(rows)
	if err != nil {
		panic(err)
	}
	return l
}

func isDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

// Width is the number of global columns; Height the number of global rows (row 0 included).
func (l *Layout) Width() int  { return l.w }
func (l *Layout) Height() int { return l.h }

// Contains reports whether h is a hex of the map (half hexes on the edges included).
func (l *Layout) Contains(h Hex) bool {
	x, y := int(h.X), int(h.Y)
	// An odd-lettered column (even x) has rows 1..10 of each board, so no global row 0.
	return uint(x) < uint(l.w) && uint(y) < uint(l.h) && (y != 0 || x&1 == 1)
}

// Index numbers the hexes of the map densely from 0 (for per-hex arrays); -1 when off the map.
func (l *Layout) Index(h Hex) int {
	if !l.Contains(h) {
		return -1
	}
	return int(h.Y)*l.w + int(h.X)
}

// Size is one more than the largest Index.
func (l *Layout) Size() int { return l.Width() * l.Height() }

// HexAt is the inverse of Index.
func (l *Layout) HexAt(i int) Hex { return Hex{X: int16(i % l.Width()), Y: int16(i / l.Width())} }

// ColumnName is the rulebook's letters for column c of a board (0 = A ... 32 = GG).
func ColumnName(c int) string {
	if c < 26 {
		return string(rune('A' + c))
	}
	ch := string(rune('A' + c - 26))
	return ch + ch
}

// Names are all the rulebook names of h: one, or two for a half hex on a shared board edge
// (four at a corner shared by four boards). The first is the name [Layout.Name] prints.
func (l *Layout) Names(h Hex) []string {
	if !l.Contains(h) {
		return nil
	}
	var names []string
	x, y := int(h.X), int(h.Y)
	for br := range l.Boards {
		for bc, b := range l.Boards[br] {
			cx, cy := x-bc*boardStepX, y-br*boardStepY
			if cx < 0 || cx >= BoardColumns || cy < 0 || cy > BoardRows {
				continue
			}
			if cx%2 == 0 && cy == 0 {
				continue
			}
			names = append(names, b+ColumnName(cx)+strconv.Itoa(cy))
		}
	}
	return names
}

// Name is the rulebook name of h ("3M3"); on a shared edge, the name on the upper-left board.
func (l *Layout) Name(h Hex) string {
	l.nameOnce.Do(func() {
		l.names = make([]string, l.Size())
		for x := 0; x < l.Width(); x++ {
			for y := 0; y < l.Height(); y++ {
				hh := Hex{X: int16(x), Y: int16(y)}
				if i := l.Index(hh); i >= 0 {
					if n := l.Names(hh); len(n) > 0 {
						l.names[i] = n[0]
					}
				}
			}
		}
	})
	if i := l.Index(h); i >= 0 && l.names[i] != "" {
		return l.names[i]
	}
	return fmt.Sprintf("off-map%v", h)
}

// Single reports whether the map is one board (so a hex may be written without its board).
func (l *Layout) Single() bool { return len(l.Boards) == 1 && len(l.Boards[0]) == 1 }

// Parse reads a hex id as the rulebook writes it ("3M3", "23BB4"; "M3" on a one-board map).
// Letters may be lower case.
func (l *Layout) Parse(s string) (Hex, error) {
	board, col, row, err := splitID(s)
	if err != nil {
		return Hex{}, err
	}
	if board == "" {
		if !l.Single() {
			return Hex{}, fmt.Errorf("hex %q: name its board (like 2%s) on a map of several boards", s, strings.ToUpper(s))
		}
		board = l.Boards[0][0]
	}
	p, ok := l.pos[board]
	if !ok {
		return Hex{}, fmt.Errorf("hex %q: board %s is not on this map (boards: %s)", s, board, l.boardList())
	}
	if col%2 == 0 && row == 0 {
		return Hex{}, fmt.Errorf("hex %q: column %s has rows 1..10 (only lowered columns B, D, ... FF have a row 0)", s, ColumnName(col))
	}
	h := Hex{X: int16(p[1]*boardStepX + col), Y: int16(p[0]*boardStepY + row)}
	if !l.Contains(h) {
		return Hex{}, fmt.Errorf("hex %q is not on the map", s)
	}
	return h, nil
}

func (l *Layout) boardList() string {
	var bs []string
	for _, row := range l.Boards {
		bs = append(bs, row...)
	}
	return strings.Join(bs, ", ")
}

// splitID splits "23BB4" into board "23", column 27, row 4. The board may be absent.
func splitID(s string) (board string, col, row int, err error) {
	t := strings.TrimSpace(s)
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	board = t[:i]
	j := i
	for j < len(t) && isLetter(t[j]) {
		j++
	}
	letters := strings.ToUpper(t[i:j])
	digits := t[j:]
	bad := func(why string) (string, int, int, error) {
		return "", 0, 0, fmt.Errorf("hex %q: %s (write a hex like 3M3 or 23BB4: board, column A..GG, row 0..10)", s, why)
	}
	switch {
	case letters == "":
		return bad("no column letters")
	case len(letters) == 1:
		col = int(letters[0] - 'A')
	case len(letters) == 2 && letters[0] == letters[1] && letters[0] <= 'G':
		col = 26 + int(letters[0]-'A')
	default:
		return bad("column " + letters + " does not exist")
	}
	if digits == "" || !isDigits(digits) || len(digits) > 2 {
		return bad("no row number")
	}
	row, _ = strconv.Atoi(digits)
	if row > BoardRows {
		return bad("row " + digits + " is past 10")
	}
	return board, col, row, nil
}

func isLetter(c byte) bool { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') }

// ParsePair reads two hexes joined by '-' ("L2-M2"): a VCA, a hexside or a Bypass.
func (l *Layout) ParsePair(s string) (Hex, Hex, error) {
	parts := strings.Split(s, "-")
	if len(parts) != 2 {
		return Hex{}, Hex{}, fmt.Errorf("%q: expected two hexes joined by '-', like L2-M2", s)
	}
	a, err := l.Parse(parts[0])
	if err != nil {
		return Hex{}, Hex{}, err
	}
	b, err := l.Parse(parts[1])
	if err != nil {
		return Hex{}, Hex{}, err
	}
	return a, b, nil
}

// ParseHexside reads a hexside written as the two hexes it separates ("K2-J1").
func (l *Layout) ParseHexside(s string) (Hex, Side, error) {
	a, b, err := l.ParsePair(s)
	if err != nil {
		return Hex{}, 0, err
	}
	side, ok := a.SideTo(b)
	if !ok {
		return Hex{}, 0, fmt.Errorf("%q: %s and %s are not adjacent, so they share no hexside", s, l.Name(a), l.Name(b))
	}
	return a, side, nil
}

// ParseVertex reads a vertex (a CAFP) written as its three hexes ("K2-J1-J2").
func (l *Layout) ParseVertex(s string) (Vertex, error) {
	parts := strings.Split(s, "-")
	if len(parts) != 3 {
		return Vertex{}, fmt.Errorf("%q: a vertex is written as its three hexes, like K2-J1-J2", s)
	}
	var hs [3]Hex
	for i, p := range parts {
		h, err := l.Parse(p)
		if err != nil {
			return Vertex{}, err
		}
		hs[i] = h
	}
	v, ok := VertexOf(hs[0], hs[1], hs[2])
	if !ok {
		return Vertex{}, fmt.Errorf("%q: the three hexes do not meet at one vertex", s)
	}
	return v, nil
}

// ParseVCA reads a VCA of a vehicle in hex h, written as the two hexes its front hexspine
// points between, in either order ("L2-M2" or "M2-L2").
func (l *Layout) ParseVCA(h Hex, s string) (Spine, error) {
	a, b, err := l.ParsePair(s)
	if err != nil {
		return 0, err
	}
	p, ok := h.SpineBetween(a, b)
	if !ok {
		return 0, fmt.Errorf("VCA %q: from %s, a VCA names two hexes adjacent to it and to each other (the hexspine points between them); %s", s, l.Name(h), l.vcaChoices(h))
	}
	return p, nil
}

func (l *Layout) vcaChoices(h Hex) string {
	var cs []string
	for p := Spine(0); p < 6; p++ {
		cs = append(cs, l.VCAName(h, p))
	}
	return "its VCAs are " + strings.Join(cs, ", ")
}

// VCAName writes hexspine p of h the rulebook's way: the two hexes it points between, the
// left-hand (or upper) one first.
func (l *Layout) VCAName(h Hex, p Spine) string {
	a, b := h.SpineHexes(p)
	if b.X < a.X || (b.X == a.X && b.Y < a.Y) {
		a, b = b, a
	}
	return l.shortName(a) + "-" + l.shortName(b)
}

// HexsideName writes the hexside s of h as "H-N".
func (l *Layout) HexsideName(h Hex, s Side) string {
	return l.Name(h) + "-" + l.Name(h.Neighbor(s))
}

// VertexName writes a vertex as its three hexes, starting with v.Hex.
func (l *Layout) VertexName(v Vertex) string {
	hs := v.Hexes()
	return l.Name(hs[0]) + "-" + l.shortName(hs[1]) + "-" + l.shortName(hs[2])
}

// shortName is the name of a hex, or a description of where it lies when off the map.
func (l *Layout) shortName(h Hex) string {
	if l.Contains(h) {
		return l.Name(h)
	}
	return "off-map"
}
