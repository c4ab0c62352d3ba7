package main

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	lw "github.com/umpire-referee/umpire/lightningwar"
	lwrs "github.com/umpire-referee/umpire/lightningwar/ruleset"
	"github.com/umpire-referee/umpire/rules"
)

// TestLightningWarScenarios checks every Lightning War scenario in testdata/lightningwar (one
// per rule case: Initiative, Regular/Irregular, the movement order, Base Movement, the Movement
// Chart, each row of the Vehicle Miring Table, escape and towing, orders, discretionary
// actions, mounting, overrun, contact, choke points, pivots and adjustments, refusals). Files
// in testdata/lightningwar/disputed state what the rules say where the program does not (yet)
// agree, and are not run.
func TestLightningWarScenarios(t *testing.T) {
	files, err := filepath.Glob("../../testdata/lightningwar/*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 50 {
		t.Fatalf("found %d Lightning War scenarios in testdata/lightningwar, want at least 50", len(files))
	}
	code, out, errs := runCmd(append([]string{"check"}, files...)...)
	if code != 0 || !strings.HasSuffix(strings.TrimSpace(out), " 0 failed") {
		t.Errorf("umpire check testdata/lightningwar/*.yaml: exit %d\n%s%s", code, out, errs)
	}
}

// TestLightningWarSVG plays a scenario with --svg and reads the picture back as XML: it must
// be well-formed, and every detachment at the end of play (including one a miring made) must
// be drawn, labelled with its id, with each of its models' bases.
func TestLightningWarSVG(t *testing.T) {
	for _, name := range []string{"order-sides-alternate.yaml", "mire-one-of-two-breaks-off.yaml", "choke-bridge-occupied.yaml",
		"frontage-line-wing-meets-enemy.yaml", "choke-line-passes-in-column.yaml"} {
		t.Run(name, func(t *testing.T) {
			file := filepath.Join("../../testdata/lightningwar", name)
			svg := filepath.Join(t.TempDir(), "table.svg")
			code, out, errs := runCmd("play", file, "--svg", svg)
			if code != 0 {
				t.Fatalf("umpire play %s --svg: exit %d\n%s%s", name, code, out, errs)
			}
			data, err := os.ReadFile(svg)
			if err != nil {
				t.Fatal(err)
			}
			drawn, root, err := svgDetachments(data)
			if err != nil {
				t.Fatalf("%s: the SVG is not well-formed XML: %v", name, err)
			}
			if root != "svg" {
				t.Errorf("%s: the root element is <%s>, want <svg>", name, root)
			}

			g := playedLW(t, file)
			if len(g.Dets) == 0 {
				t.Fatalf("%s: no detachments", name)
			}
			for _, d := range g.Dets {
				if label, ok := drawn[d.ID]; !ok {
					t.Errorf("%s: detachment %s is not drawn (drawn: %v)", name, d.ID, drawn)
				} else if !strings.Contains(label, d.ID) {
					t.Errorf("%s: detachment %s is drawn with the label %q", name, d.ID, label)
				}
			}
			if len(drawn) != len(g.Dets) {
				t.Errorf("%s: %d detachments drawn, the game has %d", name, len(drawn), len(g.Dets))
			}
			for _, d := range g.Dets {
				open := fmt.Sprintf(`<g class="footprint" data-for="%s"`, d.ID)
				i := strings.Index(string(data), open)
				if i < 0 {
					t.Errorf("%s: %s's footprint is not drawn", name, d.ID)
					continue
				}
				group := string(data)[i : i+strings.Index(string(data)[i:], "</g>")]
				if n, want := strings.Count(group, `class="base"`), len(g.Footprint(d)); n != want {
					t.Errorf("%s: %s is drawn with %d bases, it has %d", name, d.ID, n, want)
				}
			}
		})
	}
}

// svgDetachments reads an SVG through to its end (so any XML error shows) and returns the
// detachments it draws (<g class="det" data-id="ID">) with the text inside each, and the root
// element's name.
func svgDetachments(data []byte) (map[string]string, string, error) {
	dec := xml.NewDecoder(strings.NewReader(string(data)))
	drawn := map[string]string{}
	root, cur, depth, detDepth := "", "", 0, 0
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, "", err
		}
		switch x := tok.(type) {
		case xml.StartElement:
			depth++
			if root == "" {
				root = x.Name.Local
			}
			if x.Name.Local == "g" && attr(x, "class") == "det" {
				cur, detDepth = attr(x, "data-id"), depth
				drawn[cur] = ""
			}
		case xml.EndElement:
			if cur != "" && depth == detDepth {
				cur = ""
			}
			depth--
		case xml.CharData:
			if cur != "" {
				drawn[cur] += string(x)
			}
		}
	}
	if depth != 0 {
		return nil, "", errors.New("unclosed elements at the end")
	}
	return drawn, root, nil
}

func attr(e xml.StartElement, name string) string {
	for _, a := range e.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// playedLW is the Lightning War game of the scenario file, its moves played.
func playedLW(t *testing.T, file string) *lw.Game {
	t.Helper()
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	_, sc, err := rules.Load(file, raw)
	if err != nil {
		t.Fatal(err)
	}
	played, _ := rules.Play(sc, nil, nil)
	return played.(*lwrs.Game).G
}
