// Package hex is the geometry of ASL geomorphic mapboards.
//
// # Hexes
//
// A board has 33 columns lettered A..Z, AA..GG. Odd-lettered columns (A, C, ... GG) hold rows
// 1..10; even-lettered columns (B, D, ... FF) sit half a hex lower and hold rows 0..10, where
// rows 0 and 10 are half hexes cut by the board's long edges. Columns A and GG are half hexes
// cut by the short edges. A hex is written as the rulebook writes it: board, column, row
// ("3M3", "23BB4").
//
// Boards are laid out in rows ([Layout]). Where two boards touch, the half hexes on the shared
// edge form one location with two names: with board 3 to the right of board 2, 2GG5 and 3A5 are
// the same [Hex]; with board 3 below board 2, 2B10 and 3B0 are.
//
// # Directions
//
// Hexes have flat tops: each hex touches the hexes above and below it in its column and two in
// each neighbouring column. Its six hexsides are numbered counterclockwise from the upper-right
// one ([Side]: 0 upper-right, 1 up, 2 upper-left, 3 lower-left, 4 down, 5 lower-right) and its six
// hexspines, the lines from its centre to its vertices, likewise from the right-hand one
// ([Spine]: 0 right, 1 upper-right, 2 upper-left, 3 left, 4 lower-left, 5 lower-right). Spine k
// lies between sides k-1 and k, so the two hexes a hexspine points between are the neighbours
// across those sides; that pair is how the rulebook names a vehicle's VCA ("L2-M2").
package hex

import "fmt"

// Hex is one location on a map, in global coordinates: X counts columns from the left edge of
// the leftmost board (column A of that board is 0), Y counts rows from the top row of the top
// board. Odd X columns are the lowered (even-lettered) ones.
type Hex struct {
	X, Y int16
}

// Side is one of a hex's six hexsides, 0..5 counterclockwise from the upper-right one.
type Side uint8

// Spine is one of a hex's six hexspines, 0..5 counterclockwise from the right-hand one.
// A Spine also names a heading: the direction from a hex centre through that vertex.
type Spine uint8

// Sides and spines.
const (
	UpperRight Side = iota
	Up
	UpperLeft
	LowerLeft
	Down
	LowerRight
)

var sideNames = [6]string{"upper-right", "up", "upper-left", "lower-left", "down", "lower-right"}

func (s Side) String() string { return sideNames[s%6] }

// Opposite is the same hexside seen from the hex across it.
func (s Side) Opposite() Side { return (s + 3) % 6 }

// Rotate turns a side by n sixths of a turn counterclockwise (n may be negative).
func (s Side) Rotate(n int) Side { return Side(mod6(int(s) + n)) }

// Ends are the two hexspines at the ends of the hexside: spine s and spine s+1.
func (s Side) Ends() (Spine, Spine) { return Spine(s), Spine(mod6(int(s) + 1)) }

// Rotate turns a spine by n sixths of a turn counterclockwise (n may be negative).
func (p Spine) Rotate(n int) Spine {
	if uint(int(p)+n) < 6 {
		return p + Spine(n) // the common case, without a division
	}
	return Spine(mod6(int(p) + n))
}

// Opposite is the hexspine pointing the other way.
func (p Spine) Opposite() Spine { return (p + 3) % 6 }

// Sides are the two hexsides on either side of the spine: side p-1 and side p.
func (p Spine) Sides() (Side, Side) {
	if p == 0 || p >= 6 {
		return Side(mod6(int(p) - 1)), Side(p)
	}
	return Side(p - 1), Side(p)
}

// Steps is the least number of hexspine changes from p to q (0..3) and the direction of turn
// (+1 counterclockwise, -1 clockwise; +1 when both ways are equal).
func (p Spine) Steps(q Spine) (n int, turn int) {
	d := mod6(int(q) - int(p))
	if d <= 3 {
		return d, 1
	}
	return 6 - d, -1
}

var spineNames = [6]string{"right", "upper-right", "upper-left", "left", "lower-left", "lower-right"}

func (p Spine) String() string { return spineNames[p%6] }

func mod6(n int) int {
	n %= 6
	if n < 0 {
		n += 6
	}
	return n
}

// axial coordinates: q = X, r = Y - (X - (X&1))/2 ("odd-q" offset with odd columns lowered).
func (h Hex) axial() (q, r int) {
	x, y := int(h.X), int(h.Y)
	return x, y - (x-(x&1))/2
}

func fromAxial(q, r int) Hex {
	return Hex{X: int16(q), Y: int16(r + (q-(q&1))/2)}
}

// neighbour offsets in axial coordinates, by Side.
var sideDelta = [6][2]int{{1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}, {1, 0}}

// offsetDelta is sideDelta in the global coordinates, by the parity of X (0: an odd-lettered
// column, 1: a lowered one) and Side: what Neighbor adds, without converting to axial.
var offsetDelta = func() (d [2][6]Hex) {
	for p := 0; p < 2; p++ {
		for s := 0; s < 6; s++ {
			q, r := p, 0 // a hex of parity p, in axial coordinates
			h := fromAxial(q+sideDelta[s][0], r+sideDelta[s][1])
			d[p][s] = Hex{X: h.X - int16(p), Y: h.Y}
		}
	}
	return d
}()

// Neighbor is the hex across side s. It may lie off the map; see [Layout.Contains].
func (h Hex) Neighbor(s Side) Hex {
	if s >= 6 {
		s %= 6
	}
	d := offsetDelta[h.X&1][s]
	return Hex{X: h.X + d.X, Y: h.Y + d.Y}
}

// SideTo is the side of h that touches n, or false when n is not adjacent to h.
func (h Hex) SideTo(n Hex) (Side, bool) {
	dx, dy := n.X-h.X, n.Y-h.Y
	if dx < -1 || dx > 1 || dy < -1 || dy > 1 {
		return 0, false
	}
	s := sideAt[h.X&1][dx+1][dy+1]
	return Side(s), s < 6
}

// sideAt inverts offsetDelta: by parity of X, then the X and Y offsets plus one, the Side
// towards that neighbour, or 6 for none.
var sideAt = func() (t [2][3][3]uint8) {
	for p := range t {
		for i := range t[p] {
			for j := range t[p][i] {
				t[p][i][j] = 6
			}
		}
		for s, d := range offsetDelta[p] {
			t[p][d.X+1][d.Y+1] = uint8(s)
		}
	}
	return t
}()

// Adjacent reports whether two hexes share a hexside.
func (h Hex) Adjacent(n Hex) bool {
	_, ok := h.SideTo(n)
	return ok
}

// Distance is the range in hexes between two hexes.
func Distance(a, b Hex) int {
	aq, ar := a.axial()
	bq, br := b.axial()
	dq, dr := aq-bq, ar-br
	ds := -dq - dr
	return (abs(dq) + abs(dr) + abs(ds)) / 2
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// SpineBetween is the hexspine of h that points between its neighbours a and b, which must
// be adjacent to h and to each other.
func (h Hex) SpineBetween(a, b Hex) (Spine, bool) {
	sa, ok1 := h.SideTo(a)
	sb, ok2 := h.SideTo(b)
	if !ok1 || !ok2 {
		return 0, false
	}
	switch {
	case sb == sa.Rotate(1):
		return Spine(sb), true
	case sa == sb.Rotate(1):
		return Spine(sa), true
	}
	return 0, false
}

// SpineHexes are the two neighbours of h that hexspine p points between, in counterclockwise
// order (across side p-1, then across side p).
func (h Hex) SpineHexes(p Spine) (Hex, Hex) {
	if p >= 6 {
		s1, s2 := p.Sides()
		return h.Neighbor(s1), h.Neighbor(s2)
	}
	d := &offsetDelta[h.X&1]
	a, b := d[(p+5)%6], d[p]
	return Hex{X: h.X + a.X, Y: h.Y + a.Y}, Hex{X: h.X + b.X, Y: h.Y + b.Y}
}

// Vertex is a point where three hexes meet, named by one of those hexes and the hexspine of
// that hex pointing at it. Use [Vertex.Canon] before comparing vertices.
type Vertex struct {
	Hex   Hex
	Spine Spine
}

// Hexes are the three hexes meeting at the vertex: v.Hex first, then counterclockwise.
func (v Vertex) Hexes() [3]Hex {
	a, b := v.Hex.SpineHexes(v.Spine)
	return [3]Hex{v.Hex, a, b}
}

// Canon is the same vertex named by the least of its three hexes (by Y, then X).
func (v Vertex) Canon() Vertex {
	hs := v.Hexes()
	best := 0
	for i := 1; i < 3; i++ {
		if less(hs[i], hs[best]) {
			best = i
		}
	}
	o := hs[best]
	p, _ := o.SpineBetween(hs[(best+1)%3], hs[(best+2)%3])
	return Vertex{o, p}
}

func less(a, b Hex) bool {
	if a.Y != b.Y {
		return a.Y < b.Y
	}
	return a.X < b.X
}

// SpineAt is the hexspine of h that points at vertex v, when h is one of its three hexes.
func (v Vertex) SpineAt(h Hex) (Spine, bool) {
	hs := v.Hexes()
	switch h {
	case hs[0]:
		return v.Spine, true
	case hs[1]:
		return h.SpineBetween(hs[2], hs[0])
	case hs[2]:
		return h.SpineBetween(hs[0], hs[1])
	}
	return 0, false
}

// VertexOf finds the vertex shared by three mutually adjacent hexes.
func VertexOf(a, b, c Hex) (Vertex, bool) {
	if !b.Adjacent(c) {
		return Vertex{}, false
	}
	p, ok := a.SpineBetween(b, c)
	if !ok {
		return Vertex{}, false
	}
	return Vertex{a, p}, true
}

func (h Hex) String() string { return fmt.Sprintf("(%d,%d)", h.X, h.Y) }
