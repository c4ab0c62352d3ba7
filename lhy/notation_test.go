package lhy

import (
	"strings"
	"testing"
)

// TestRetreatNotationBound: a retreat line longer than the notation takes says that bound, not
// a Retreat's length (the referee judges that), and a shorter one parses.
func TestRetreatNotationBound(t *testing.T) {
	g := &Game{Map: NewMap(20, 10), Turn: 1}
	g.Units = append(g.Units, NewUnit("A", "GE", Nation("GE"), Squad, Hex{X: 2, Y: 4}))
	long := "retreat A" + strings.Repeat(" C3", 17)
	if _, err := Parse(g, long); err == nil || err.Error() != "retreat: 17 hexes is no Retreat (the notation takes at most 16; the referee judges the Retreat's length)" {
		t.Errorf("17 hexes: %v", err)
	}
	if _, err := Parse(g, "retreat A"+strings.Repeat(" C3", 16)); err != nil {
		t.Errorf("16 hexes: %v", err)
	}
}
