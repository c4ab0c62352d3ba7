package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var (
	svgClass   = regexp.MustCompile(`class="([^"]+)"`)
	svgName    = regexp.MustCompile(`<text class="name[^"]*" x="([-\d.]+)" y="([-\d.]+)">([^<]*)</text>`)
	svgDetMark = regexp.MustCompile(`<g class="det" data-id="([^"]*)"><rect x="([-\d.]+)" y="([-\d.]+)" width="14" height="10"[^>]*/><text[^>]*>([^<]*)</text>`)
)

// TestLightningWarSVGLegend plays Lightning War files with --svg: the picture writes every
// area's and choke point's name, has a legend under the table with a line for every class it
// draws, and no detachment's label (its marker and id) lies on a name (the demo's Tanks and
// Rifles stand on the names Birch Wood and Ivanovka: their labels are set apart).
func TestLightningWarSVGLegend(t *testing.T) {
	for _, file := range []string{"../../server/demo-lw.yaml", "../../testdata/lightningwar/choke-bridge-occupied.yaml",
		"../../testdata/lightningwar/order-sides-alternate.yaml"} {
		name := filepath.Base(file)
		t.Run(name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "table.svg")
			if code, o, errs := runCmd("play", file, "--svg", out); code != 0 {
				t.Fatalf("umpire play %s --svg: exit %d\n%s%s", name, code, o, errs)
			}
			data, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			svg := string(data)
			body, legend, ok := strings.Cut(svg, `<g class="legend">`)
			if !ok {
				t.Fatal("the SVG has no legend")
			}
			legendCovers(t, name, body, legend)
			g := playedLW(t, file)
			names := map[string][4]float64{}
			for _, m := range svgName.FindAllStringSubmatch(body, -1) {
				x, y := num(t, m[1]), num(t, m[2])
				w := float64(len([]rune(m[3]))) * 9 * 0.55
				names[m[3]] = [4]float64{x - w/2, y - 7, x + w/2, y + 2}
			}
			for _, f := range g.Table.Features {
				if _, ok := names[f.ID]; !ok {
					t.Errorf("%s: the area %s has no name on the table", name, f.ID)
				}
			}
			for _, c := range g.Table.Chokes {
				if _, ok := names[c.ID]; !ok {
					t.Errorf("%s: the choke point %s has no name on the table", name, c.ID)
				}
			}
			dets := svgDetMark.FindAllStringSubmatch(body, -1)
			if len(dets) != len(g.Dets) {
				t.Errorf("%s: %d detachment labels read, the game has %d detachments", name, len(dets), len(g.Dets))
			}
			for _, m := range dets {
				x, y := num(t, m[2]), num(t, m[3])
				label := [4]float64{x, y, x + 16 + float64(len([]rune(m[4])))*10*0.55, y + 10}
				for n, b := range names {
					if label[0] < b[2] && b[0] < label[2] && label[1] < b[3] && b[1] < label[3] {
						t.Errorf("%s: the label of %s %v lies on the name %s %v", name, m[1], label, n, b)
					}
				}
			}
		})
	}
}

// legendCovers checks that every class drawn in body has a line in legend (a swatch drawn with
// that class).
func legendCovers(t *testing.T, name, body, legend string) {
	t.Helper()
	for _, m := range svgClass.FindAllStringSubmatch(body, -1) {
		for _, c := range strings.Fields(m[1]) {
			if !regexp.MustCompile(`class="([^"]* )?` + regexp.QuoteMeta(c) + `( [^"]*)?"`).MatchString(legend) {
				t.Errorf("%s: the picture draws class %s and the legend has no line for it", name, c)
			}
		}
	}
}

// TestReachSVGLegend draws an ASL map with reach --svg: its hills carry their level and the
// legend under the map has a line for every class the map draws (the level among them).
func TestReachSVGLegend(t *testing.T) {
	out := filepath.Join(t.TempDir(), "reach.svg")
	file := "../../testdata/examples/d2.3-vbm-uphill.yaml"
	if code, o, errs := runCmd("reach", file, "V", "--svg", out); code != 0 {
		t.Fatalf("umpire reach %s V --svg: exit %d\n%s%s", file, code, o, errs)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	body, legend, ok := strings.Cut(string(data), `<g class="legend">`)
	if !ok {
		t.Fatal("the SVG has no legend")
	}
	if !strings.Contains(body, `<title>level 1</title>1</text>`) || !strings.Contains(legend, "level 1 hill") {
		t.Error("the level 1 hill 3I10 is not labelled with its level, or the legend has no line for level 1")
	}
	legendCovers(t, "reach --svg", body, legend)
}

func num(t *testing.T, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatal(err)
	}
	return v
}
