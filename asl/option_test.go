package asl

import (
	"testing"

	"github.com/umpire-referee/umpire/hex"
)

// TestOptionMatchesLists checks that Position.option, which move uses to find a requested move
// without listing them, finds exactly the moves forwardOptions and reverseOptions list (D2.11,
// D2.22, D2.33): from a hex centre and from Bypass along each hexside, with and without a
// pivot, for every heading, for every hex and hexside around the vehicle.
func TestOptionMatchesLists(t *testing.T) {
	centre := hex.Hex{X: 6, Y: 6}
	var near []hex.Hex
	near = append(near, centre)
	for s := hex.Side(0); s < 6; s++ {
		n := centre.Neighbor(s)
		near = append(near, n)
		for s2 := hex.Side(0); s2 < 6; s2++ {
			near = append(near, n.Neighbor(s2))
		}
	}
	var positions []Position
	for h := hex.Spine(0); h < 6; h++ {
		positions = append(positions, Position{Hex: centre, Heading: h})
		for s := hex.Side(0); s < 6; s++ {
			for _, pivot := range []int8{0, 1, -1} {
				positions = append(positions, Position{Hex: centre, Heading: h, Bypass: true, Side: s, Pivot: pivot})
			}
		}
	}
	checked := 0
	for _, p := range positions {
		for _, reverse := range []bool{false, true} {
			var buf [6]moveOption
			list := p.forwardOptions(buf[:0])
			if reverse {
				list = p.reverseOptions(buf[:0])
			}
			for _, bypass := range []bool{false, true} {
				for _, to := range near {
					for _, along := range near {
						if !bypass && along != near[0] {
							continue // along is read only with bypass
						}
						var want moveOption
						found := false
						for _, o := range list {
							if o.to == to && o.bypass == bypass && (!bypass || o.along == along) {
								want, found = o, true
								break
							}
						}
						got, ok := p.option(reverse, bypass, to, along)
						if ok != found || ok && got != want {
							t.Fatalf("%+v reverse=%v bypass=%v to %v along %v: option gave %+v %v, the list %+v %v", p, reverse, bypass, to, along, got, ok, want, found)
						}
						if ok {
							checked++
						}
					}
				}
			}
		}
	}
	if checked < 100 {
		t.Fatalf("only %d moves found: the test exercises too little", checked)
	}
}
