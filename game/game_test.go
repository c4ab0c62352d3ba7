package game

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/dice"
)

// TestReplayEveryExample: every rulebook example, played step by step as a game (its moves
// with its dice), replays from its log to the live game's state hash after every step,
// including the steps whose dice were rolled.
func TestReplayEveryExample(t *testing.T) {
	files, _ := filepath.Glob("../testdata/examples/*.yaml")
	more, _ := filepath.Glob("../testdata/d14/*.yaml")
	files = append(files, more...)
	played := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		g, err := Open(f, data)
		if err != nil {
			t.Fatal(err)
		}
		played += replayMatchesLive(t, f, data, g)
	}
	if played < 100 {
		t.Errorf("only %d steps played through", played)
	}
}

const twoTanks = `
ruleset: asl
seed: 3
map:
  boards: ["2"]
  terrain: {2N4: woods, 2N5: woods}
units:
  - {id: T1, side: German, vehicle: {name: PzKpfw IVH, mp: 12, class: tank}, at: 2M4, vca: M5-N4}
`

// TestApplyRefusalChangesNothing: a refused step leaves the state and the log as they were;
// an accepted one is logged with its rolls.
func TestApplyRefusalChangesNothing(t *testing.T) {
	g, err := Create("t.yaml", []byte(twoTanks), dice.NewSeeded(9))
	if err != nil {
		t.Fatal(err)
	}
	src := dice.NewSeeded(5)
	if _, err := g.Apply("T1 start", src); err != nil {
		t.Fatal(err)
	}
	before, log := g.Hash(), append([]Entry(nil), g.Log...)
	_, err = g.Apply("T1 enter 2O4", src) // not in its VCA
	var ref *asl.Refusal
	if !errors.As(err, &ref) || ref.Rule != "D2.11" {
		t.Fatalf("entering outside the VCA: %v, want a D2.11 refusal", err)
	}
	if g.Hash() != before || !reflect.DeepEqual(g.Log, log) {
		t.Error("a refused step changed the game")
	}
	if _, err := g.Apply("T1 enter 2N4", src); err != nil { // woods: a Bog Check
		t.Fatal(err)
	}
	if e := g.Log[len(g.Log)-1]; e.N != 2 || len(e.Rolls) != 1 || e.Rolls[0].Kind != dice.DR {
		t.Errorf("woods entry logged as %+v, want step 2 with its Bog DR", e)
	}
	// Replaying with another roll is off the record.
	bad := append([]Entry(nil), g.Log...)
	bad[1].Rolls = []dice.Roll{{Kind: dice.Dr, Total: 3}}
	if _, err := Replay("t.yaml", []byte(twoTanks), bad, -1); !errors.Is(err, ErrOffRecord) {
		t.Errorf("a dr where a DR was rolled: %v, want ErrOffRecord", err)
	}
	r, err := Replay("t.yaml", []byte(twoTanks), g.Log, -1)
	if err != nil || r.Hash() != g.Hash() {
		t.Errorf("replay: %v, same hash %v", err, err == nil && r.Hash() == g.Hash())
	}
}

// replayMatchesLive plays a scenario file's own moves with its dice on g (opened from data),
// stopping at the file's refusal, and checks that replaying the log to every step reaches the
// live game's state hash there. It returns the steps played.
func replayMatchesLive(t *testing.T, f string, data []byte, g *Game) int {
	t.Helper()
	src, moves := g.fileMoves(dice.NewSeeded(1))
	live := [][32]byte{g.Hash()}
	for _, mv := range moves {
		if _, err := g.Apply(mv.Text, src); err != nil {
			break // the scenario's refusal: the log stops before it
		}
		live = append(live, g.Hash())
	}
	for n := 0; n <= len(g.Log); n++ {
		r, err := Replay(f, data, g.Log, n)
		if err != nil {
			t.Fatalf("%s: replay to %d: %v", f, n, err)
		}
		if r.Hash() != live[n] {
			t.Errorf("%s: replayed to step %d, the state differs from the live game's", filepath.Base(f), n)
		}
	}
	return len(g.Log)
}
