package game

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/umpire-referee/umpire/dice"
	lw "github.com/umpire-referee/umpire/lightningwar"
	lwrs "github.com/umpire-referee/umpire/lightningwar/ruleset"
	"github.com/umpire-referee/umpire/rules"
)

// lwDemo is a small Lightning War scenario: two German armoured cars ordered across a brook
// (each checks the Vehicle Miring Table there: the script mires the first, 10, and not the
// second, 6), and a Russian rifle squad in the woods. Its moves play the first Movement Phase.
const lwDemo = `
name: LW demo
ruleset: lightningwar
table: {width: 36, height: 24}
terrain:
  - {id: wood, ground: woods, area: [[20, 14], [30, 14], [30, 22], [20, 22]]}
streams:
  - {id: brook, line: [[7, 0], [7, 24]]}
roads:
  - {id: lane, line: [[0, 4], [36, 4]]}
chokes:
  - {id: ford, area: [[6, 3], [8, 3], [8, 5], [6, 5]]}
toe:
  - {id: 1Pl, side: German, initiative: medium}
  - {id: RCoy, side: Russian, initiative: low}
units:
  - {id: V1, formation: 1Pl, type: car, wheeled: true, size: medium, xc: 12, road: 20}
  - {id: V2, formation: 1Pl, type: car, wheeled: true, size: medium, xc: 12, road: 20}
  - {id: R1, formation: RCoy, type: infantry}
  - {id: R2, formation: RCoy, type: infantry}
detachments:
  - {id: A, units: [V1, V2], at: [5, 10]}
  - {id: R, units: [R1, R2], at: [25, 18]}
orders:
  - {to: A, path: [[30, 10]], text: "cross the brook"}
dice: [10, 6]
moves:
  - movement
`

// TestLWGame: a Lightning War game is created with its moves and dice, played on (orders, a
// fire report, a discretionary action, Continue, a phase in halves, reveal and hide), and
// replayed from its log to the live hash after every step; refusals change nothing.
func TestLWGame(t *testing.T) {
	data := []byte(lwDemo)
	g, err := Create("lw.yaml", data, dice.NewSeeded(4))
	if err != nil {
		t.Fatal(err)
	}
	if g.Ruleset().Name() != "lightningwar" || aslOf(g) != nil || lhyOf(g) != nil || lwOf(g) == nil || g.Name != "LW demo" {
		t.Fatalf("ruleset %q, ASL %v, LHY %v, LW %v, name %q", g.Ruleset().Name(), aslOf(g) != nil, lhyOf(g) != nil, lwOf(g) != nil, g.Name)
	}
	if len(g.Log) != 1 || len(g.Log[0].Rolls) != 2 || g.Log[0].Rolls[0].Total != 10 || g.Log[0].Rolls[1].Total != 6 {
		t.Fatalf("the scenario's Movement Phase logged as %+v", g.Log)
	}
	st := lwOf(g)
	if d := st.Det("A/2"); d == nil || !st.Unit("V1").Mired || st.Turn != 2 {
		t.Fatalf("after the first Movement Phase: dets %v, turn %d", st.Dets, st.Turn)
	}
	hashes := [][32]byte{}
	{
		r, err := Replay("lw.yaml", data, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		hashes = append(hashes, r.Hash(), g.Hash())
	}
	src := dice.NewSeeded(11)
	// Refused: a halt without fire; a second half before the first; Continue for no one.
	for _, line := range []string{"halt R", "movement 2/2", "order NOBODY path 1,1", "fire R at A"} {
		before, log := g.Hash(), append([]Entry(nil), g.Log...)
		_, err := g.Apply(line, src)
		var ref *lw.Refusal
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
	for _, line := range []string{
		"order R path 25,12 20,6 run: fall back to the lane",
		"reveal A",
		"fired R by A",
		"cover R",
		"movement 1/2 A",
		"movement 2/2",
		"continue R",
		"order A path 34,10: on to the edge",
		"hide A",
		"movement",
		"movement",
	} {
		step, err := g.Apply(line, src)
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		rep, sight := lwrs.StepReport(step)
		if rep == nil || sight == nil {
			t.Fatalf("%s: report %+v, sight %+v", line, rep, sight)
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
	if rolls < 4 {
		t.Errorf("the log rolled %d dice, want the escape rolls too", rolls)
	}
	for n := 0; n <= len(g.Log); n++ {
		r, err := Replay("lw.yaml", data, g.Log, n)
		if err != nil {
			t.Fatalf("replay to %d: %v", n, err)
		}
		if r.Hash() != hashes[n] {
			t.Errorf("replayed to step %d, the state differs from the live game's", n)
		}
	}
	for i := 1; i < len(hashes); i++ {
		if hashes[i] == hashes[i-1] {
			t.Errorf("the hash did not change with step %d (%s)", i, g.Log[i-1].Line)
		}
	}
	// Other dice than were rolled: off the record.
	bad := append([]Entry(nil), g.Log...)
	bad[0].Rolls = []dice.Roll{{Kind: dice.DR, D1: 3, D2: 3, Total: 6}, {Kind: dice.DR, D1: 3, D2: 3, Total: 6}}
	if r, err := Replay("lw.yaml", data, bad, -1); err == nil && r.Hash() == g.Hash() {
		t.Error("other miring rolls reached the same state")
	}
	bad[0].Rolls = []dice.Roll{{Kind: dice.Dr, D1: 5, Total: 5}, {Kind: dice.DR, D1: 3, D2: 3, Total: 6}}
	if _, err := Replay("lw.yaml", data, bad, -1); !errors.Is(err, ErrOffRecord) {
		t.Errorf("a dr where a DR was rolled: %v, want ErrOffRecord", err)
	}
	bad[0].Rolls = bad[0].Rolls[:0]
	if _, err := Replay("lw.yaml", data, bad, -1); !errors.Is(err, ErrOffRecord) {
		t.Errorf("no dice for the miring checks: %v, want ErrOffRecord", err)
	}
}

// TestLWHash: the hash reads the Lightning War state whole: unexported fields (the order
// counter), maps, and orders shared between a detachment and the part it broke off; a clone
// hashes alike, and any one change shows.
func TestLWHash(t *testing.T) {
	g, err := Create("lw.yaml", []byte(lwDemo), dice.NewSeeded(4))
	if err != nil {
		t.Fatal(err)
	}
	st := lwOf(g)
	// A and its mired part A/2 follow one Order (a pointer they share).
	if a, p := st.Det("A"), st.Det("A/2"); a == nil || p == nil || a.Order != p.Order {
		t.Fatalf("A and A/2 do not share their order")
	}
	c := st.Clone()
	if rules.Hash(c) != rules.Hash(st) {
		t.Fatal("a clone hashes otherwise")
	}
	for name, change := range map[string]func(x *lw.Game){
		"an order's text":      func(x *lw.Game) { x.Det("A").Order.Text = "other" },
		"the turn":             func(x *lw.Game) { x.Turn++ },
		"a unit's mire":        func(x *lw.Game) { x.Unit("V1").Mired = false },
		"a formation":          func(x *lw.Game) { x.Formations["1Pl"].Initiative = lw.High },
		"the split map":        func(x *lw.Game) { x.Split = map[string]bool{"A": true} },
		"a revealed position":  func(x *lw.Game) { x.Det("R").Seen.X++ },
		"the orders' counter":  func(x *lw.Game) { x.Apply("order R path 1,1", nil); x.Det("R").Pending = nil },
		"a track":              func(x *lw.Game) { x.Det("R").Track = append(x.Det("R").Track, lw.Inch(1, 1)) },
		"a pending order goal": func(x *lw.Game) { x.Apply("order R goal 2,2", nil); x.Det("R").Pending[0].Goal.X++ },
	} {
		x := st.Clone()
		h0 := rules.Hash(x)
		change(x)
		if rules.Hash(x) == h0 {
			t.Errorf("changing %s left the hash as it was", name)
		}
	}
}

// TestReplayEveryLWScenario: every Lightning War scenario file, played step by step as a game
// (its moves with its dice), replays from its log to the live game's state hash after every
// step.
func TestReplayEveryLWScenario(t *testing.T) {
	files, _ := filepath.Glob("../testdata/lightningwar/*.yaml")
	more, _ := filepath.Glob("../testdata/lightningwar/*/*.yaml")
	files = append(files, more...)
	if len(files) == 0 {
		t.Skip("no testdata/lightningwar scenarios")
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
	if played < len(files)/2 {
		t.Errorf("only %d steps played through %d files", played, len(files))
	}
}
