package gametest_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/game/gametest"
	"github.com/umpire-referee/umpire/internal/toyrules"
	"github.com/umpire-referee/umpire/rules"
)

// flawed is the toy ruleset with one promise broken on purpose, named by its flaw: each of
// the harness's invariants must catch its own.
type flawed string

func init() {
	for _, f := range []flawed{"sound", "refusal", "clone", "replay", "cite"} {
		rules.Register(f)
	}
}

func (f flawed) Name() string  { return "flawed-" + string(f) }
func (f flawed) Title() string { return "Flawed toy (" + string(f) + ")" }
func (f flawed) RuleList() []rules.Rule {
	return []rules.Rule{{ID: "T1", Title: "a counter stays on its line"}}
}
func (f flawed) Load(file string, data []byte, lim rules.Limits) (rules.Scenario, error) {
	data = bytes.Replace(data, []byte("ruleset: "+f.Name()), []byte("ruleset: toy"), 1)
	sc, err := toyrules.Ruleset{}.Load(file, data, lim)
	if err != nil {
		return nil, err
	}
	loads++
	return &flawedScenario{Scenario: sc, flaw: f, load: loads}, nil
}

// loads counts the flawed scenarios read: the "replay" flaw plays differently in a game read
// later than the first, as a rule that hung on something outside the state would.
var loads int

type flawedScenario struct {
	rules.Scenario
	flaw flawed
	load int
}

func (s *flawedScenario) Setup() rules.Game {
	return &flawedGame{Game: s.Scenario.Setup().(*toyrules.Game), flaw: s.flaw, load: s.load}
}

type flawedGame struct {
	*toyrules.Game
	flaw flawed
	load int // which reading of a scenario made it (its clones keep the number)
}

func (g *flawedGame) Clone() rules.Game {
	if g.flaw == "clone" {
		return &flawedGame{Game: g.Game, flaw: g.flaw, load: g.load} // shares the line
	}
	return &flawedGame{Game: g.Game.Clone().(*toyrules.Game), flaw: g.flaw, load: g.load}
}

func (g *flawedGame) Do(a rules.Action, n int, src dice.Source) (*rules.Report, error) {
	rep, err := g.Game.Do(a, n, src)
	switch {
	case g.flaw == "refusal" && err != nil:
		g.At[0] = (g.At[0] + 1) % (g.Length + 1) // a refusal that moves a counter
	case g.flaw == "replay" && err == nil && g.load%2 == 0 && g.At[0] < g.Length:
		g.At[0]++ // a game set up later plays differently
	case g.flaw == "cite" && err == nil:
		rep.Rules = append(rep.Rules, "T9")
	}
	return rep, err
}

const race = `name: race
ruleset: flawed-%s
length: 6
sides: [Red, Blue]
`

// toyMover tries moves of -3..3 places, and now and then a line that cannot be read.
func toyMover(g rules.Game, r *rand.Rand) string {
	if r.IntN(10) == 0 {
		return "Red jump"
	}
	return fmt.Sprintf("%s move %d", g.Sides()[r.IntN(2)], r.IntN(7)-3)
}

// TestPlayCatchesEachFlaw: a sound toy passes 200 steps with steps taken, refused and unread;
// each flawed toy fails with the invariant that guards its flaw, and the failing game written
// out is a scenario file that loads, with every accepted step and the one that broke it.
func TestPlayCatchesEachFlaw(t *testing.T) {
	run, err := gametest.Play("race.yaml", fmt.Appendf(nil, race, "sound"), 1, toyMover, gametest.Options{Steps: 200})
	if err != nil {
		t.Fatal(err)
	}
	if run.Taken == 0 || run.Refused == 0 || run.Unread == 0 || len(run.Log) != run.Taken {
		t.Errorf("sound toy: %d taken, %d refused, %d unread, %d logged", run.Taken, run.Refused, run.Unread, len(run.Log))
	}
	for flaw, inv := range map[string]string{
		"refusal": "refusal changes nothing",
		"clone":   "clone independent",
		"replay":  "replay reproduces",
		"cite":    "rule listed",
	} {
		data := fmt.Appendf(nil, race, flaw)
		_, err := gametest.Play("race.yaml", data, 1, toyMover, gametest.Options{Steps: 200})
		var f *gametest.Failure
		if !errors.As(err, &f) || f.Invariant != inv {
			t.Errorf("flaw %s: got %v, want a failure of %q", flaw, err, inv)
			continue
		}
		_, sc, err := rules.Load("failed.yaml", f.File())
		if err != nil {
			t.Errorf("flaw %s: the failing game written out does not load: %v\n%s", flaw, err, f.File())
			continue
		}
		want := len(f.Log)
		if f.Line != "" {
			want++
		}
		if got := len(sc.File().Moves); got != want || !strings.Contains(string(f.File()), "# seed 1: "+inv) {
			t.Errorf("flaw %s: the file has %d moves, want %d:\n%s", flaw, got, want, f.File())
		}
	}
}

// TestPlayCheck: a ruleset's own check runs after every step and its error fails the run; the
// failure's log is the steps taken before the one that broke it, which is its Line (so the
// file written out lists it once), whether it was taken or refused.
func TestPlayCheck(t *testing.T) {
	steps := 0
	check := func(g rules.Game, rep *rules.Report) error {
		steps++
		if steps == 7 {
			return errors.New("seventh step\nover two lines")
		}
		return nil
	}
	_, err := gametest.Play("race.yaml", fmt.Appendf(nil, race, "sound"), 2, toyMover, gametest.Options{Steps: 50, Check: check})
	var f *gametest.Failure
	if !errors.As(err, &f) || f.Invariant != "ruleset" || f.Msg != "seventh step\nover two lines" {
		t.Errorf("got %v, want the check's failure at the seventh step", err)
	} else if _, _, err := rules.Load("failed.yaml", f.File()); err != nil {
		t.Errorf("a message of two lines breaks the failing game's file: %v\n%s", err, f.File())
	}
	// A check that fails a step taken: the failing game holds that step once, after the log.
	first := func(g rules.Game, rep *rules.Report) error {
		if rep.Refusal == nil {
			return errors.New("first step taken")
		}
		return nil
	}
	_, err = gametest.Play("race.yaml", fmt.Appendf(nil, race, "sound"), 2, toyMover, gametest.Options{Steps: 50, Check: first})
	if !errors.As(err, &f) || f.Msg != "first step taken" || len(f.Log) != 0 || f.Line == "" {
		t.Errorf("got %v, want the first step taken as the failing line after an empty log", err)
	}
	for _, seed := range []uint64{2, 3, 4, 5, 6, 7} {
		steps, taken, before := 0, 0, 0
		check := func(g rules.Game, rep *rules.Report) error {
			steps++
			if steps == 7 {
				before = taken
				return errors.New("seventh step")
			}
			if rep.Refusal == nil {
				taken++
			}
			return nil
		}
		_, err := gametest.Play("race.yaml", fmt.Appendf(nil, race, "sound"), seed, toyMover, gametest.Options{Steps: 50, Check: check})
		var f *gametest.Failure
		if !errors.As(err, &f) || f.Invariant != "ruleset" || f.Msg != "seventh step" {
			t.Errorf("seed %d: got %v, want the check's failure at the seventh step", seed, err)
			continue
		}
		if len(f.Log) != before || f.Line == "" {
			t.Errorf("seed %d: the failure's log has %d steps and line %q; want the %d taken before it and its line", seed, len(f.Log), f.Line, before)
		}
	}
}
