package ruleset

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/rules"
	"github.com/umpire-referee/umpire/scenario"
)

// fuzzRich is a scenario that uses every field the loader knows, one leaf per line so that
// fuzzWrongTypes can replace each value in turn.
const fuzzRich = `name: fuzz seed - every field
ruleset: asl
seed: 7
dice: [7, [3, 4], 2, 12, 1, 6]
phasing: German
notes: anything at all
description: a scenario for the fuzzer
source: scenario/fuzz_test.go
groups:
  - {id: P1, kind: platoon, members: [T1, H1]}
map:
  boards: ["2"]
  terrain:
    2N4: woods
    2N5:
      terrain: woods
      level: 0
      ground: brush
      smoke: false
      blaze: false
      novbm: false
    2L5: building
    2K5: rubble
    2M6: {terrain: shellholes, ground: grain}
    2L3: stream
    2K3: gully
    2O3: marsh
    2M2: brush
    2K4: grain
    2L4: orchard
    2O4: {terrain: woods, blaze: true}
  levels:
    2O5: 1
    2O6: 4
  roads:
    - 2M4-2M5-2M6
    - {path: 2M6-2M7-2M8, note_d: true}
  walls: [2M4-2M3]
  hedges:
    - {hexside: 2M4-2L4}
  novbm: [2N4-2M4]
  wrecks: {2M5: 1}
  vehicles: {2L4: 1}
  smoke: [2N6]
  blaze: [2O4]
  roadblocks: [2N3-2O3]
  bypass_wrecks: [2N5-2O5]
  los:
    clear: [2A1-2P5]
    blocked: [2M8-2P5]
units:
  - id: T1
    side: German
    vehicle:
      name: PzKpfw IVH
      mp: 14
      class: tank
      tracked: true
      red_mp: true
      radio: true
      rev: 4
      maker: German
      bu: false
      afv: true
      towing: false
      morale: 8
      ground_pressure: normal
      stalls_on: 12
      turret: ST
      fully_tracked: true
    at: 2M4
    vca: M5-N4
    motion: false
    on_road: true
    immobile: false
    bu: false
    fired: false
    ti: false
    fire_marker: false
    can_attack: [R1]
    nationality: German
  - id: H1
    side: German
    vehicle: {name: SPW 251/1, mp: 12, class: halftrack}
    at: 2N4
    bypass: 2N4-2N5
    cafp: 2N4-2N5-2O5
  - id: K1
    side: German
    vehicle: {name: Opel Blitz, mp: 13, class: truck, towing: true, ground_pressure: high}
    at: offboard
    vca: right
    motion: true
  - id: R1
    side: Russian
    vehicle: {name: T-34 M43, mp: 16, class: tank, bu: true, radio: false, ground_pressure: low, maker: russian}
    at: 2P5
    vca: O5-O6
    first_fire: false
    can_attack: true
moves:
  - T1 start
  - T1 enter M5
  - T1 enter M6
  - T1 enter M7
  - T1 enter M8
  - T1 enter N8
  - motion-attempt R1 vca P4-Q5 vs T1
  - H1 start
  - H1 enter O5
  - K1 enter A5
  - K1 enter B5
  - T1 stop
  - T1 end
  - attack H1 immobilized
  - H1 end
  - attack K1 destroyed
  - T1 delay 1
expect:
  - T1: {at: 2N8, vca: N9-O9, mp: 7, motion: false, immobile: false, stopped: true, in_platoon: false, in_convoy: false, bypass: false, moving_target: true, destroyed: false, bogged: false, remaining: 7, allowance: 14}
  - H1: {at: 2O5, immobile: true}
  - K1: {destroyed: true, at: 2B5}
  - R1: {vca: O5-O6, motion: false}
  - step 1: {mp: 1, total: 1, dice: [7, 7]}
  - step 17: {error: D2.1}
`

// fuzzMalformed are hand-made broken scenarios.
var fuzzMalformed = []string{
	// empty documents
	"", "---", "---\n...\n", "~", "null", "[]", "{}", "\n\n\n", "# only a comment\n", "--- \n--- \nname: x\n",
	"\xff\xfe\x00n\x00a", "\tname: x", "name: [unclosed\n", "name: 'unclosed\n", "{{{{", ":", "- - - -",
	// the bare minimum, and one field short of it
	"map: {boards: [\"2\"]}\nunits: [{id: A, side: X, vehicle: {mp: 1}, at: 2A1, vca: A2-B1}]\n",
	"map: {boards: [\"2\"]}\nunits: []\n",
	"map: {boards: []}\nunits: [{id: A, side: X, vehicle: {mp: 1}, at: 2A1, vca: A2-B1}]\n",
	"map: {rows: [[\"2\", \"3\"], [\"4\", \"5\"]]}\nunits: [{id: A, side: X, vehicle: {mp: 5}, at: 4GG10, vca: 4FF10-4GG9}]\nmoves: [A start, A enter 4GG9]\n",
	"map: {rows: [[\"2\"], [\"3\", \"4\"]]}\nunits: [{id: A, side: X, vehicle: {mp: 5}, at: 2A1}]\n",
	"map: {boards: [\"2\"], rows: [[\"3\"]]}\nunits: []\n",
	"units: [{id: A, side: X, vehicle: {mp: 1}, at: 2A1, vca: A2-B1}]\n",
	"map: {boards: [\"2\"]}\n",
	// huge numbers and unknown hexes
	"seed: 99999999999999999999999999999\nmap: {boards: [\"2\"]}\nunits: [{id: A, side: X, vehicle: {mp: 1e400}, at: 2A1, vca: A2-B1}]\n",
	"seed: -1\nmap: {boards: [\"99999999999999999999\"]}\nunits: [{id: A, side: X, vehicle: {mp: 99}, at: 99ZZ99, vca: A2-B1}]\n",
	"map: {boards: [\"2\"], levels: {2A1: 99999}, wrecks: {2A1: 127}}\nunits: [{id: A, side: X, vehicle: {mp: 99, rev: 9, stalls_on: 13, morale: 12}, at: 2A1, vca: A2-B1}]\nmoves: [A esb 999, A delay 999.5, A esb 24, A delay 1000]\n",
	"map: {boards: [\"2\"], terrain: {99ZZ99: woods, 2HH1: woods, 2A0: woods, 2B11: woods, 2GG10: mud}}\nunits: []\n",
	"map: {boards: [\"2\"], roads: [2A1-2A3, 2A1, 2A1-2A1, 2A1-99ZZ99, -, 2A1--2A2]}\nunits: []\n",
	"map: {boards: [\"2\"], los: {clear: [2A1-99ZZ99], blocked: [2A1], maybe: [2A1-2A2]}}\nunits: []\n",
	"map: {boards: [\"2\"]}\nunits: [{id: A, side: X, vehicle: {mp: 9}, at: 2A1, vca: A2-B1}]\nmoves: [A enter 99ZZ99, A vca 99ZZ99-2A1]\n",
	"map: {boards: [\"2\"]}\nunits: [{id: A, side: X, vehicle: {mp: 9}, at: 2M4, bypass: 2M4-2M5, cafp: 2M4-2M5-2L5}]\n",
	"map: {boards: [\"2\"]}\nunits: [{id: A, side: X, vehicle: {mp: 9}, at: 2M4, bypass: 2M5-2M4, cafp: 2M4-2M5}]\n",
	"map: {boards: [\"2\"]}\nunits: [{id: A, side: X, vehicle: {mp: 9}, at: 2M4, bypass: 2M4-2M5}]\n",
	"map: {boards: [\"2\"]}\nunits: [{id: A, side: X, vehicle: {mp: 9}, at: offboard, vca: sideways}]\n",
	"map: {boards: [\"2\"]}\nunits: [{id: A, side: X, vehicle: {mp: 9}, at: offboard}]\n",
	"map: {boards: [\"2\"]}\nunits: [{id: attack, side: X, vehicle: {mp: 9}, at: 2A1, vca: A2-B1}, {id: 'a b', side: X, vehicle: {mp: 9}, at: 2A1, vca: A2-B1}]\n",
	"map: {boards: [\"2\"]}\nunits: [{id: A, side: X, vehicle: {mp: 9}, at: 2A1, vca: A2-B1}, {id: A, side: Y, vehicle: {mp: 9}, at: 2A2, vca: A3-B2}]\n",
	"map: {boards: [\"2\"]}\nunits: [{id: A, side: X, vehicle: {mp: 9}, at: 2A1, vca: A2-B1, immobile: bogged, motion: true}]\n",
	"map: {boards: [\"2\"]}\nunits: [{id: A, side: X, vehicle: {mp: 9}, at: 2A1, vca: A2-B1, can_attack: [Z]}]\n",
	"map: {boards: [\"2\"]}\nunits: [{id: A, side: X, vehicle: {mp: 9}, at: 2A1, vca: A2-B1}]\nexpect: [{step 0: {mp: 1}}, {step 99: {mp: 1}}, {stepx: {}}, {Z: {at: 2A1}}]\n",
	"map: {boards: [\"2\"]}\nunits: [{id: A, side: X, vehicle: {mp: 9}, at: 2A1, vca: A2-B1}]\nmoves: [A start]\nexpect: [{step 1: {mp: x, total: 99ZZ99, error: true, dice: [[1]]}}, {A: {at: 99ZZ99, vca: x, mp: -1, motion: maybe, bypass: 2A1-99ZZ99, cafp: x}}]\n",
	"ruleset: lhy\nmap: {boards: [\"2\"]}\n", "ruleset: chess\n", "ruleset: [asl]\n",
	// anchors and aliases
	"v: &v {mp: 9, class: tank}\nmap: &m {boards: [\"2\"]}\nunits: [{id: A, side: X, vehicle: *v, at: 2A1, vca: A2-B1}, {id: B, side: Y, vehicle: *v, at: 2A3, vca: A4-B3}]\nmoves: &mv [A start, *mv]\n",
	"a: &a [*a]\nmap: *a\n",
	"map: *nowhere\n",
	"v: &v {mp: 9}\nmap: {boards: [\"2\"]}\nunits: [{id: A, side: X, vehicle: {<<: *v, class: tank}, at: 2A1, vca: A2-B1}]\n",
	"s: &s A start\nmap: {boards: &b [\"2\"]}\nunits: &u [{id: A, side: X, vehicle: {mp: 9}, at: 2A1, vca: A2-B1}]\nmoves: [*s, *s, *s, *b, *u]\n",
	"a: &a [x, x, x, x]\nb: &b [*a, *a, *a, *a]\nc: &c [*b, *b, *b, *b]\nd: &d [*c, *c, *c, *c]\nmap: {boards: [\"2\"], smoke: *d}\nunits: *d\n",
	// dice
	"dice: [[1, [2, 3]]]\nmap: {boards: [\"2\"]}\nunits: [{id: A, side: X, vehicle: {mp: 9}, at: 2A1, vca: A2-B1}]\n",
	"dice: [[7]]\nmap: {boards: [\"2\"]}\nunits: []\n",
	"dice: [[1, 2, 3]]\nmap: {boards: [\"2\"]}\nunits: []\n",
	"dice: [[0, 7], []]\nmap: {boards: [\"2\"]}\nunits: []\n",
	"dice: {a: 1}\nmap: {boards: [\"2\"]}\nunits: []\n",
	"dice: [[[[[[[[]]]]]]]]\nmap: {boards: [\"2\"]}\nunits: []\n",
	"dice: [13, -1, 0, x, 1.5]\nmap: {boards: [\"2\"]}\nunits: []\n",
	"dice: 7\nmap: {boards: [\"2\"]}\nunits: []\n",
	"dice: [12, 12, 12, 12, 12, 12, 12, 12, 6, 6, 6, 6]\nmap: {boards: [\"2\"], terrain: {2A2: woods}}\nunits: [{id: A, side: X, vehicle: {mp: 9, red_mp: true, stalls_on: 2}, at: 2A1, vca: A2-B1}, {id: B, side: Y, vehicle: {mp: 9}, at: 2C3, vca: B3-C4}]\nmoves: [A start, A enter A2, A esb 2, A vca B1-B2, motion-attempt B, A end]\n",
	"dice: [1, 1, 1, 1]\nmap: {boards: [\"2\"]}\nunits: [{id: A, side: X, vehicle: {mp: 9, red_mp: true}, at: 2A1, vca: A2-B1}]\nmoves: [A start]\n",
}

// fuzzWrongValues replace one value of fuzzRich at a time.
var fuzzWrongValues = []string{"[1, [2, [3]]]", "{x: y}", "\"two words\"", "99999999999999999999999", "-7", "~", "99ZZ99", "*undefined", "!!binary aGk="}

var fuzzLeaf = regexp.MustCompile(`^(\s*(?:- )?[A-Za-z0-9_ ]+: )(\S.*)$`)

// fuzzWrongTypes is fuzzRich with each leaf value in turn replaced by each wrong value, and
// each list item replaced by a mapping.
func fuzzWrongTypes() []string {
	lines := strings.Split(fuzzRich, "\n")
	var out []string
	for i, l := range lines {
		m := fuzzLeaf.FindStringSubmatch(l)
		switch {
		case m != nil:
			for _, w := range fuzzWrongValues {
				c := append([]string(nil), lines...)
				c[i] = m[1] + w
				out = append(out, strings.Join(c, "\n"))
			}
		case strings.HasPrefix(strings.TrimSpace(l), "- "):
			c := append([]string(nil), lines...)
			c[i] = strings.Replace(l, "- ", "- {a: b}\n"+strings.Repeat(" ", len(l)-len(strings.TrimLeft(l, " ")))+"- ", 1)
			out = append(out, strings.Join(c, "\n"))
		}
	}
	return out
}

// fuzzSeedFiles are the scenario files of the repository: every *.yaml or *.yml under a
// testdata directory, and the demo; and the YAML examples of the spec when it is there.
func fuzzSeedFiles(tb testing.TB) [][]byte {
	seen := map[string]bool{}
	var out [][]byte
	add := func(p string) {
		if seen[p] {
			return
		}
		seen[p] = true
		if b, err := os.ReadFile(p); err == nil {
			out = append(out, b)
		}
	}
	isYAML := func(p string) bool { return strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".yml") }
	for _, root := range []string{"../../testdata", "../../cmd/umpire/demo", "testdata"} {
		filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && isYAML(p) {
				add(filepath.Clean(p))
			}
			return nil // a missing directory is no seed
		})
	}
	// testdata directories anywhere else in the repository.
	filepath.WalkDir("..", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && p != "..") {
			return filepath.SkipDir
		}
		if !d.IsDir() && isYAML(p) && strings.Contains(filepath.ToSlash(p), "/testdata/") {
			abs, _ := filepath.Abs(p)
			for q := range seen {
				if qa, _ := filepath.Abs(q); qa == abs {
					return nil
				}
			}
			add(filepath.Clean(p))
		}
		return nil
	})
	if spec, err := os.ReadFile("../../../shared/spec/scenario-format.md"); err == nil {
		for _, block := range strings.Split(string(spec), "```yaml\n")[1:] {
			if end := strings.Index(block, "```"); end >= 0 {
				out = append(out, []byte(block[:end]))
			}
		}
	}
	if len(out) == 0 {
		tb.Log("no scenario files found for the seed corpus")
	}
	return out
}

func FuzzLoad(f *testing.F) {
	files := fuzzSeedFiles(f)
	files = append(files, []byte(fuzzRich))
	for _, b := range files {
		f.Add(b)
		for k := 1; k < 8; k++ { // truncated
			f.Add(b[:len(b)*k/8])
		}
	}
	for _, s := range fuzzMalformed {
		f.Add([]byte(s))
	}
	for _, s := range fuzzWrongTypes() {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Ruleset{}.Load("fuzz.yaml", data, rules.Limits{})
		if err != nil {
			var e *scenario.Error
			if !errors.As(err, &e) || e != err {
				t.Fatalf("Load returned %T %v, not a *scenario.Error", err, err)
			}
			if e.Msg == "" || e.File != "fuzz.yaml" {
				t.Fatalf("Load error without a message or file: %#v", e)
			}
			if strings.HasPrefix(e.Msg, "cannot read this scenario: ") {
				// Load's recover caught a panic: the error is no help to the user.
				t.Fatalf("Load panicked (recovered): %s", e.Msg)
			}
			if s != nil {
				t.Fatalf("Load returned both a scenario and an error: %v", err)
			}
			return
		}
		if s == nil {
			t.Fatal("Load returned neither a scenario nor an error")
		}
		s.File().HasSeed = true
		g, out := rules.Play(s, nil, func(r *rules.Report) {
			_ = r.Detail.Text(r)
			_ = r.Detail.JSON(r)
		})
		s.Check(g, out.Steps)
		_ = g.Summary()

		// The same file and seed play the same game, always.
		s2, err := Ruleset{}.Load("fuzz.yaml", bytes.Clone(data), rules.Limits{})
		if err != nil {
			t.Fatalf("second Load failed: %v", err)
		}
		s2.File().HasSeed = true
		if _, out2 := rules.Play(s2, nil, nil); !reflect.DeepEqual(out, out2) {
			t.Fatalf("two plays of the same file and seed differ:\n%+v\n%+v", out, out2)
		}
	})
}
