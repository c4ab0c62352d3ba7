package ruleset

import (
	"bytes"
	"errors"
	"math/big"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/lhy"
	"github.com/umpire-referee/umpire/lhy/lhyfile"
	"github.com/umpire-referee/umpire/rules"
	"github.com/umpire-referee/umpire/scenario"
)

const lhyRich = `name: LHY rich
ruleset: lhy
seed: 9
dice: [7, 3, 9, 9, 2, 4]
date: 1944-06
night: false
map:
  size: [20, 12]
  hexes:
    C4: {terrain: rural, level: 1, ip: true}
    C3: woods
    E5: {terrain: open, impact: true}
  walls: [C4-C5]
  hedgerows: [E5-E6]
  rivers: [B2-C2]
  blocked: [C3-D3]
units:
  - {id: US1, nationality: US, kind: squad, at: C5, cohesion: 7, assault: 3, sa: 2, company: A, platoon: "1"}
  - {id: US2, nationality: US, kind: squad, at: D4, cohesion: 6, company: B, heroic: true}
  - {id: USL, nationality: US, kind: leader, at: D4, cohesion: 8, platoon: "1"}
  - {id: GE1, nationality: GE, kind: squad, at: C4, cohesion: 6, concealed: true, reduced: true}
  - {id: T1, nationality: GE, kind: afv, at: E5, av: 3, aev: 2, atv: 2, motion: true}
  - {id: GR, nationality: GE, kind: section, at: E5, cohesion: 5, rider: T1}
moves:
  - assault C4 US1 US2 USL
  - retreat US1 C6 C7
  - retreat US2 E4 F3
  - retreat USL E4 F3
  - fire E5: at T1 +2 atv 1, sa +1
# Step 1: +2 [Cohesion 8 (Heroic US2) vs 6] -1 [up Hill] -1 [Concealed] -1 [IP]
# -1 [Fragmented] = -2; d10 7 -2 = 5: row 2-5, the attacker loses. US1 and US2 take a
# Casualty; their Cohesion Checks: 3 <= 7 passes, 9 > 8 fails, so US2 Disrupts.
# Step 5: ATDRM d10 9 +2 = 11 > AV 3 -1 in Motion: T1 Destroyed, ATV 1 so Collateral
# Damage; SADRM d10 2 +1 = 3 < 5 leaves GR alone; GR, T1's Rider, Disrupts and checks
# Cohesion: 4 <= 5 passes. GE1 fought in the Assault: it is no longer Concealed.
expect:
  - step 1: {drm: -2, row: 2-5, loser: attacker, roll: 7, final: 5, odds: {"row 2-5": 40%, "row 6-9": 3/10, "row -1..1": 3/10, "US2 fails Cohesion Check": 0.14}}
  - US1: {steps: 1, at: C7, disrupted: false}
  - US2: {steps: 1, disrupted: true, at: F3}
  - GE1: {steps: 1, eliminated: false, concealed: false}
  - step 5: {events: [T1 Destroyed, Collateral Damage, GR Disrupted, GR passes Cohesion Check], no_events: [GR Casualty]}
  - T1: {destroyed: true}
  - GR: {disrupted: true, rider: none, at: E5}
`

func TestLoadLHY(t *testing.T) {
	s, err := lhyfile.LoadLHY("rich.yaml", []byte(lhyRich))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Game.Units) != 6 || len(s.Moves) != 5 || s.Game.Map.Cols != 20 || s.Game.Date.String() != "6/44" {
		t.Fatalf("loaded %d units, %d moves, %d columns, date %v", len(s.Game.Units), len(s.Moves), s.Game.Map.Cols, s.Game.Date)
	}
	i, _ := s.Game.Unit("GE1")
	if g := s.Game.Units[i]; g.Steps != 1 || !g.Reduced() || !g.Concealed {
		t.Errorf("GE1 %+v: want reduced to 1 step, Concealed", g)
	}
	i, _ = s.Game.Unit("GR")
	if s.Game.Units[i].Rider != "T1" {
		t.Errorf("GR rides %q", s.Game.Units[i].Rider)
	}
	sc, err := Ruleset{}.Load("rich.yaml", []byte(lhyRich), rules.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	g, out := rules.Play(sc, sc.(*Scenario).PreviewFor, nil)
	if out.Stopped {
		t.Fatalf("stopped: %v", out.Steps[len(out.Steps)-1].Refusal)
	}
	if o, _ := out.Steps[0].Preview.(*lhy.Odds); o == nil || o.Total().Cmp(big.NewRat(1, 1)) != 0 {
		t.Fatal("step 1 odds missing or not summing to 1")
	}
	for _, f := range sc.Check(g, out.Steps) {
		t.Errorf("line %d: %s", f.Line, f.Msg)
	}
	if sc.(*Scenario).s.Game.Units[0].Assaulted || sc.Setup().(*Game).G.Units[0].Assaulted {
		t.Error("Play changed the scenario's own game")
	}
}

// TestLoadLHYReadings: a file's readings: answers each key yes (the default) or no (the other
// reading), any case; the keys it leaves out keep their default.
func TestLoadLHYReadings(t *testing.T) {
	s, err := lhyfile.LoadLHY("r.yaml", []byte("ruleset: lhy\nreadings:\n  Attack-Limit-Refused: no\n  at-motion-lowers-av: false\n  urban-assault-stacks: yes\nunits: []\n"))
	if err != nil {
		t.Fatal(err)
	}
	for r := range lhy.NumReadings {
		other := r == lhy.AttackLimitRefused || r == lhy.MotionLowersAV
		if s.Game.Readings.Default(r) == other {
			t.Errorf("%s: default %v, want %v", lhy.Readings[r].Key, s.Game.Readings.Default(r), !other)
		}
	}
	v := (&Game{G: s.Game}).View(rules.Head{}, false).(StateView)
	if len(v.Readings) != 2 || v.Readings[0].Key != "at-motion-lowers-av" || v.Readings[1].Key != "attack-limit-refused" || v.Readings[0].Answer != "no" {
		t.Errorf("the state's readings: %+v", v.Readings)
	}
}

func TestLoadLHYErrors(t *testing.T) {
	for _, c := range []struct{ yaml, want string }{
		{"ruleset: lhy\nunits:\n  - {id: A, nationality: GE, kind: tiger, at: C4}\n", ":3: units.A.kind: unknown kind"},
		{"ruleset: lhy\nunits:\n  - {id: A, nationality: GE, kind: squad, at: Q99}\n", ":3: units.A.at"},
		{"ruleset: lhy\nunits:\n  - {id: A, nationality: GE, kind: squad, at: C4, rider: B}\n", "is not a vehicle"},
		{"ruleset: lhy\nunits:\n  - {id: A, nationality: GE, kind: squad, at: C4}\nmoves:\n  - assault C4 Z\n", ":5: moves: no unit"},
		{"ruleset: lhy\nmap:\n  walls: [C4-E4]\nunits: []\n", "not adjacent"},
		{"ruleset: lhy\ndate: 13/44\nunits: []\n", "date"},
		{"ruleset: lhy\nunits:\n  - {id: A, nationality: GE, kind: squad, at: C4}\nmoves: [turn]\nexpect:\n  - step 1: {odds: {x: 1.5}}\n", "not a chance"},
		{"ruleset: lhy\nunits:\n  - {id: A, nationality: GE, kind: squad, at: C4}\n  - {id: A, nationality: GE, kind: squad, at: C4}\n", "used twice"},
		{"ruleset: lhy\nunits:\n  - {id: A, nationality: GE, kind: squad, at: C4, shocked: true}\n", "only an AFV"},
		{"ruleset: lhy\nreadings:\n  leader-loss-roll-only: no\n  leader-loss: no\nunits: []\n", ":4: readings: unknown reading \"leader-loss\" (readings: leader-loss-roll-only"},
		{"ruleset: lhy\nreadings:\n  attack-limit-refused: maybe\nunits: []\n", ":3: readings.attack-limit-refused: \"maybe\" is not an answer"},
		{"ruleset: lhy\nreadings:\n  attack-limit-refused: [no]\nunits: []\n", ":3: readings.attack-limit-refused: write yes"},
		{"ruleset: lhy\nreadings: [attack-limit-refused]\nunits: []\n", ":2: readings: expected a mapping"},
	} {
		_, err := Ruleset{}.Load("bad.yaml", []byte(c.yaml), rules.Limits{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want an error containing %q", c.yaml, err, c.want)
		}
	}
}

func lhySeedFiles(tb testing.TB) [][]byte {
	out := [][]byte{[]byte(lhyRich)}
	files, _ := filepath.Glob("../../testdata/lhy/*.yaml")
	for _, p := range files {
		if b, err := os.ReadFile(p); err == nil {
			out = append(out, b)
		}
	}
	return out
}

// FuzzLoadLHY: any file gives a scenario or a positioned *scenario.Error, never a panic; a loaded file
// plays, prints and checks without panicking, and the same file and seed play the same game.
func FuzzLoadLHY(f *testing.F) {
	seeds := lhySeedFiles(f)
	if len(seeds) < 100 {
		f.Fatalf("only %d seed files", len(seeds))
	}
	for _, b := range seeds {
		f.Add(b)
		for k := 1; k < 6; k++ {
			f.Add(b[:len(b)*k/6])
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Ruleset{}.Load("fuzz.yaml", data, rules.Limits{})
		if err != nil {
			var e *scenario.Error
			if !errors.As(err, &e) || e.File != "fuzz.yaml" || e.Msg == "" {
				t.Fatalf("LoadLHY returned %T %v, not a positioned *scenario.Error", err, err)
			}
			if strings.HasPrefix(e.Msg, "cannot read this scenario: ") {
				t.Fatalf("LoadLHY panicked (recovered): %s", e.Msg)
			}
			return
		}
		s.File().HasSeed = true
		g, out := rules.Play(s, func(int) bool { return false }, func(r *rules.Report) { _, _ = r.Detail.Text(r), r.Detail.JSON(r) })
		s.Check(g, out.Steps)
		_ = g.Summary()
		s2, err := Ruleset{}.Load("fuzz.yaml", bytes.Clone(data), rules.Limits{})
		if err != nil {
			t.Fatalf("second load: %v", err)
		}
		s2.File().HasSeed = true
		g2, _ := rules.Play(s2, func(int) bool { return false }, nil)
		if !reflect.DeepEqual(g.(*Game).G.Units, g2.(*Game).G.Units) {
			t.Fatal("two plays of the same file and seed differ")
		}
	})
}

// TestTwoBadRidersSayTheFirst: of two riders on no vehicle, the error always names the first in
// the file (the readers kept riders in a map, so it named either).
func TestTwoBadRidersSayTheFirst(t *testing.T) {
	const src = "ruleset: lhy\nunits:\n  - {id: A, nationality: GE, kind: squad, at: C4, rider: X}\n  - {id: B, nationality: GE, kind: squad, at: C4, rider: Y}\n"
	for range 20 {
		_, err := Ruleset{}.Load("r.yaml", []byte(src), rules.Limits{})
		if err == nil || !strings.Contains(err.Error(), "r.yaml:3: units.A.rider") {
			t.Fatalf("got %v, want the error at A's rider on line 3", err)
		}
	}
}
