package hex_test

import (
	"fmt"

	"github.com/umpire-referee/umpire/hex"
)

// Hexes are written as the rulebook writes them; a VCA is the two hexes a hexspine points
// between.
func ExampleLayout_Parse() {
	l := hex.MustLayout([]string{"3"})
	m3, _ := l.Parse("3M3")
	vca, _ := l.ParseVCA(m3, "L2-M2")
	n, _ := vca.Steps(hex.Spine(0)) // turning to N2-N3
	fmt.Println(l.Name(m3), "VCA", l.VCAName(m3, vca), "->", l.VCAName(m3, 0), n, "hexspines")
	// Output: 3M3 VCA 3L2-3M2 -> 3N2-3N3 2 hexspines
}

// Where two boards meet, the half hexes on the shared edge are one location with two names.
func ExampleLayout_Names() {
	l := hex.MustLayout([]string{"2", "3"})
	h, _ := l.Parse("3A5")
	fmt.Println(l.Names(h))
	// Output: [2GG5 3A5]
}
