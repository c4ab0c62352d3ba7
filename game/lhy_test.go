package game

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/lhy"
	lhyrs "github.com/umpire-referee/umpire/lhy/ruleset"
)

// lhyDemo is a small Last Hundred Yards scenario: a US platoon next to a Concealed German
// squad on a hill in a rural building, and a German AFV in the woods. Its script makes the
// Assault roll 10 (row 6-9, the defender loses) and fails GE1's Cohesion Check (9).
const lhyDemo = `
name: LHY demo
ruleset: lhy
map:
  hexes:
    C4: {terrain: rural, level: 1}
    E5: woods
  walls: [C4-C5]
units:
  - {id: US1, nationality: US, kind: squad, at: C5, cohesion: 7, company: A, platoon: "1"}
  - {id: US2, nationality: US, kind: squad, at: D4, cohesion: 6, company: A, platoon: "1"}
  - {id: USL, nationality: US, kind: leader, at: D4, cohesion: 8, platoon: "1"}
  - {id: GE1, nationality: GE, kind: squad, at: C4, cohesion: 6, concealed: true}
  - {id: T1, nationality: GE, kind: afv, at: E5, av: 3, atv: 2}
dice: [10, 9]
moves:
  - assault C4 US1 US2 USL
`

// TestLHYGame: an LHY game is created with its moves and dice, played on, and replayed from
// its log to the live hash after every step; refusals change nothing.
func TestLHYGame(t *testing.T) {
	data := []byte(lhyDemo)
	g, err := Create("lhy.yaml", data, dice.NewSeeded(4))
	if err != nil {
		t.Fatal(err)
	}
	if g.Ruleset().Name() != "lhy" || aslOf(g) != nil || lhyOf(g) == nil || g.Name != "LHY demo" {
		t.Fatalf("ruleset %q, ASL state %v, LHY state %v, name %q", g.Ruleset().Name(), aslOf(g) != nil, lhyOf(g) != nil, g.Name)
	}
	if len(g.Log) != 1 || !reflect.DeepEqual(g.Log[0].Rolls, []dice.Roll{{Kind: dice.D10, D1: 10, Total: 10}, {Kind: dice.D10, D1: 9, Total: 9}}) {
		t.Fatalf("the scenario's Assault logged as %+v", g.Log)
	}
	st := lhyOf(g)
	if i, _ := st.Unit("GE1"); !st.Units[i].Disrupted || st.Units[i].Steps != 1 || st.After == nil {
		t.Fatalf("after the Assault GE1 is %s; After %+v", st.Units[i].Status(), st.After)
	}
	hashes := [][32]byte{}
	{
		r, err := Replay("lhy.yaml", data, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		hashes = append(hashes, r.Hash(), g.Hash())
	}
	src := dice.NewSeeded(11)
	// Refused: the loser has not retreated (14.3.3); an attacker on the wrong side (14.0).
	for _, line := range []string{"fire E5: at T1 +2 atv 1", "assault E5 US1 GE1", "retreat GE1 C5"} {
		before, log := g.Hash(), append([]Entry(nil), g.Log...)
		_, err := g.Apply(line, src)
		var ref *lhy.Refusal
		if !errors.As(err, &ref) {
			t.Fatalf("%s: %v, want a refusal", line, err)
		}
		if g.Hash() != before || !reflect.DeepEqual(g.Log, log) {
			t.Errorf("the refused %q changed the game", line)
		}
	}
	if _, err := g.Apply("no such step", src); err == nil {
		t.Error("bad notation accepted")
	}
	for _, line := range []string{"retreat GE1 C3 C2", "fire E5: at T1 +2 atv 1", "recover GE1", "turn", "fire C2: sa +1", "fire C2: sa +2, mortar +1"} {
		step, err := g.Apply(line, src)
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		rep := lhyrs.StepReport(step)
		if rep == nil || rep.Line != line {
			t.Fatalf("%s: report %+v", line, rep)
		}
		if len(rep.Rolls) != len(g.Log[len(g.Log)-1].Rolls) {
			t.Errorf("%s: the report has %d rolls, the log %d", line, len(rep.Rolls), len(g.Log[len(g.Log)-1].Rolls))
		}
		hashes = append(hashes, g.Hash())
	}
	rolls := 0
	for _, e := range g.Log {
		rolls += len(e.Rolls)
	}
	if rolls < 6 {
		t.Errorf("the log rolled %d dice, want the fire and recovery rolls too", rolls)
	}
	for n := 0; n <= len(g.Log); n++ {
		r, err := Replay("lhy.yaml", data, g.Log, n)
		if err != nil {
			t.Fatalf("replay to %d: %v", n, err)
		}
		if r.Hash() != hashes[n] {
			t.Errorf("replayed to step %d, the state differs from the live game's", n)
		}
	}
	if hashes[0] == hashes[1] || hashes[1] == hashes[2] {
		t.Error("the hash did not change with a step")
	}
	// Other dice than were rolled: off the record.
	bad := append([]Entry(nil), g.Log...)
	bad[0].Rolls = []dice.Roll{{Kind: dice.D10, D1: 3, Total: 3}}
	if _, err := Replay("lhy.yaml", data, bad, -1); !errors.Is(err, ErrOffRecord) {
		t.Errorf("another Assault roll: %v, want ErrOffRecord", err)
	}
	bad[0].Rolls = []dice.Roll{{Kind: dice.DR, D1: 5, D2: 5, Total: 10}, {Kind: dice.D10, D1: 9, Total: 9}}
	if _, err := Replay("lhy.yaml", data, bad, -1); !errors.Is(err, ErrOffRecord) {
		t.Errorf("a DR where a d10 was rolled: %v, want ErrOffRecord", err)
	}
}

// TestLHYCreateErrors: a bad LHY file and a refused move are line-numbered errors.
func TestLHYCreateErrors(t *testing.T) {
	for _, c := range []struct{ yaml, want string }{
		{"ruleset: lhy\nunits:\n  - {id: A, nationality: US, kind: tankette, at: C4}\n", "x.yaml:3"},
		{"ruleset: lhy\nunits:\n  - {id: A, nationality: US, kind: squad, at: C4}\nmoves:\n  - resolve C5\n", "x.yaml:5"},
	} {
		if _, err := Create("x.yaml", []byte(c.yaml), dice.NewSeeded(1)); err == nil || len(err.Error()) < len(c.want) || err.Error()[:len(c.want)] != c.want {
			t.Errorf("%q: %v, want an error at %s", c.yaml, err, c.want)
		}
	}
}

// TestReplayEveryLHYScenario: every LHY scenario file, played step by step as a game (its
// moves with its dice), replays from its log to the live game's state hash after every step.
func TestReplayEveryLHYScenario(t *testing.T) {
	files, _ := filepath.Glob("../testdata/lhy/*.yaml")
	if len(files) == 0 {
		t.Skip("no testdata/lhy scenarios")
	}
	played := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		g, err := Open(f, data)
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		played += replayMatchesLive(t, f, data, g)
	}
	if played < len(files) {
		t.Errorf("only %d steps played through %d files", played, len(files))
	}
}

// ridersVDA: two German Riders unload from their AFV when the Americans assault it, and the
// Vehicle Destruction Attempt that follows destroys it: Collateral Damage checks each Rider's
// Cohesion, one passing (1), one failing (9).
const ridersVDA = `
name: riders
ruleset: lhy
units:
  - {id: US1, nationality: US, kind: squad, at: C5, cohesion: 8}
  - {id: US2, nationality: US, kind: squad, at: D4, cohesion: 8}
  - {id: T1, nationality: GE, kind: afv, at: C4, av: 1}
  - {id: GE1, nationality: GE, kind: squad, at: C4, cohesion: 5, rider: T1}
  - {id: GE2, nationality: GE, kind: squad, at: C4, cohesion: 5, rider: T1}
dice: [10, 10, 10, 10, 1, 9]
moves:
  - assault C4 US1 US2
  - vda US1 T1
`

// TestLHYReplayRidersVDA: the Collateral Damage after a Vehicle Destruction Attempt gives its
// Riders' Cohesion Checks in the same order on every replay.
func TestLHYReplayRidersVDA(t *testing.T) {
	data := []byte(ridersVDA)
	g, err := Create("riders.yaml", data, dice.NewSeeded(1))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 100; i++ {
		r, err := Replay("riders.yaml", data, g.Log, -1)
		if err != nil {
			t.Fatal(err)
		}
		if r.Hash() != g.Hash() {
			t.Fatalf("replay %d reached another state than the live game", i)
		}
	}
}
