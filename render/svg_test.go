package render

import (
	"bytes"
	"encoding/xml"
	"io"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/hex"
)

func TestMapIsWellFormedSVG(t *testing.T) {
	lay := hex.MustLayout([]string{"2"})
	m := asl.NewMap(lay)
	h, _ := lay.Parse("M4")
	n, _ := lay.Parse("N4")
	m.At(n).Terrain = asl.Woods
	m.At(n).Wrecks = 1
	s, _ := h.SideTo(n)
	m.SetRoad(h, s, false)
	m.SetHedge(h, (s+1)%6)
	v := asl.NewVehicle("T & <1>", asl.Tank, 12)
	g := asl.NewGame(m, []asl.Unit{{ID: "T<1>", Side: "German", V: &v, Pos: asl.Position{Hex: h}}}, "German")
	var b bytes.Buffer
	shade := map[hex.Hex]Shade{h: {MP: 0, Max: asl.Whole(12), P: 1}, n: {MP: asl.Whole(3), Max: asl.Whole(12), P: 0.9, Risky: true}}
	if err := Map(&b, g, shade, "a <test> & title"); err != nil {
		t.Fatal(err)
	}
	d := xml.NewDecoder(&b)
	polygons, risky := 0, 0
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "polygon" {
			polygons++
			for _, a := range se.Attr {
				if a.Name.Local == "fill" && strings.Contains(a.Value, "#risk") {
					risky++
				}
			}
		}
	}
	if want := 340 + 2 + 1; polygons < want {
		t.Errorf("%d polygons, want at least %d (every hex, two shades, one hatch)", polygons, want)
	}
	if risky != 1 {
		t.Errorf("%d hatched hexes, want 1", risky)
	}
}

// A road that runs off the board (rules-notes 1.5 #12) is drawn from its edge hex's centre to
// the board's edge, and a road hexside between two hexes of the board as before.
func TestEdgeRoadDrawn(t *testing.T) {
	lay := hex.MustLayout([]string{"2"})
	m := asl.NewMap(lay)
	a, _ := lay.Parse("A5")
	b, _ := lay.Parse("B5")
	s, _ := a.SideTo(b)
	m.SetRoad(a, s, false)
	m.SetRoad(a, s.Opposite(), false) // across the board edge, straight across from B5
	g := asl.NewGame(m, nil, "German")
	var out bytes.Buffer
	if err := Map(&out, g, nil, "edge road"); err != nil {
		t.Fatal(err)
	}
	svg := out.String()
	if n := strings.Count(svg, "<title>road 2A5 to the board's edge</title>"); n != 1 {
		t.Errorf("%d roads from 2A5 to the board's edge, want 1", n)
	}
	if n := strings.Count(svg, "<title>road "); n != 2 {
		t.Errorf("%d road lines on the map, want 2 (A5-B5 and A5 to the edge)", n)
	}
}
