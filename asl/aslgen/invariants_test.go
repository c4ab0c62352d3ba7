package aslgen_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/umpire-referee/umpire/asl/aslgen"
	"github.com/umpire-referee/umpire/asl/ruleset"
	"github.com/umpire-referee/umpire/game/gametest"
	"github.com/umpire-referee/umpire/rules"
)

// sizeOf varies the size of a game with its seed and a knob: one to four boards, more or
// fewer units and groups.
func sizeOf(seed uint64, knob uint8) aslgen.Size {
	k := uint64(knob)
	return aslgen.Size{Boards: 1 + int((seed+k)%3), Vehicles: 3 + int((seed*7+k)%8), Infantry: int((seed*3 + k) % 6), Groups: 1 + int((seed+k)%2)}
}

// playOne plays one random game from seed and reports a broken invariant with the failing game
// written out as a scenario file (in the test's artifact directory).
func playOne(t *testing.T, seed uint64, size aslgen.Size, steps int) *gametest.Run {
	t.Helper()
	data := aslgen.Scenario(seed, size)
	name := fmt.Sprintf("aslgen-%d.yaml", seed)
	check, err := aslgen.Invariants(name, data, aslgen.Options{ReachEvery: 100})
	if err != nil {
		t.Fatalf("seed %d: %v\n%s", seed, err, data)
	}
	run, err := gametest.Play(name, data, seed, aslgen.Next, gametest.Options{Steps: steps, Check: check})
	var f *gametest.Failure
	if errors.As(err, &f) {
		path := filepath.Join(t.ArtifactDir(), name)
		if werr := os.WriteFile(path, f.File(), 0o644); werr != nil {
			t.Log(werr)
		}
		t.Fatalf("%v\nthe failing game: %s\n%s", f, path, f.File())
	}
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	return run
}

// TestInvariantsASL plays random games on generated maps (aslgen.Scenario, sizes varied with
// the seed) with moves drawn by aslgen.Next, and checks after every step the promises of every
// ruleset (game/gametest) and ASL's own (aslgen.Invariants).
func TestInvariantsASL(t *testing.T) {
	taken, refused, unread := 0, 0, 0
	for seed := uint64(1); seed <= 16; seed++ {
		run := playOne(t, seed, sizeOf(seed, 0), 250)
		taken, refused, unread = taken+run.Taken, refused+run.Refused, unread+run.Unread
	}
	t.Logf("%d steps taken, %d refused, %d unread", taken, refused, unread)
	if taken < refused || refused == 0 || unread == 0 {
		t.Errorf("%d steps taken, %d refused, %d unread: the games test too little", taken, refused, unread)
	}
}

// FuzzInvariantsASL is TestInvariantsASL's game for any seed and size knob, without end under
// -fuzz.
func FuzzInvariantsASL(f *testing.F) {
	for _, s := range []uint64{1, 2, 3, 17, 101} {
		f.Add(s, uint8(s))
	}
	f.Fuzz(func(t *testing.T, seed uint64, knob uint8) {
		playOne(t, seed, sizeOf(seed, knob), 200)
	})
}

// TestBelowABridgeInvariant plays random games on generated maps whose rivers are crossed by
// bridges of every kind, with vehicles and Infantry set up below them, on them and beside them,
// and counts the steps taken by a unit that stood below a bridge: aslgen.Invariants holds each
// to what the one Location read promises (rules-notes 1.5 #15): no road rate and no bridge paid,
// no coming out onto a road. Enough such steps must be played for the check to mean something.
func TestBelowABridgeInvariant(t *testing.T) {
	fromBelow, steps := 0, 0
	for seed := uint64(1); seed <= 16; seed++ {
		size := aslgen.Size{Boards: 1, Vehicles: 4, Infantry: 2, Below: 12}
		data := aslgen.Scenario(seed, size)
		name := fmt.Sprintf("aslgen-below-%d.yaml", seed)
		check, err := aslgen.Invariants(name, data, aslgen.Options{})
		if err != nil {
			t.Fatal(err)
		}
		below := map[string]bool{}
		_, sc, _ := rules.Load(name, data)
		for _, u := range sc.Setup().(*ruleset.Game).G.Units {
			below[u.ID] = u.Pos.Below
		}
		counting := func(g rules.Game, rep *rules.Report) error {
			steps++
			if so, ok := rep.Detail.(*ruleset.Step); ok && rep.Refusal == nil && below[so.Unit] {
				fromBelow++
			}
			err := check(g, rep)
			for _, u := range g.(*ruleset.Game).G.Units {
				below[u.ID] = u.Pos.Below
			}
			return err
		}
		run, err := gametest.Play(name, data, seed, aslgen.Next, gametest.Options{Steps: 150, Check: counting})
		var f *gametest.Failure
		if errors.As(err, &f) {
			t.Fatalf("%v\n%s", f, f.File())
		} else if err != nil {
			t.Fatal(err)
		}
		_ = run
	}
	t.Logf("%d steps, %d from below a bridge", steps, fromBelow)
	if fromBelow < 100 {
		t.Errorf("only %d of %d steps were taken from below a bridge: the games test too little", fromBelow, steps)
	}
}
