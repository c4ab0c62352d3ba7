package lhy_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/game/gametest"
	"github.com/umpire-referee/umpire/lhy"
	"github.com/umpire-referee/umpire/lhy/lhygen"
	"github.com/umpire-referee/umpire/lhy/ruleset"
	"github.com/umpire-referee/umpire/rules"
)

// invariantGames is how many seeded games TestInvariantsLHY plays, on each of lhygen.Sizes in
// turn: about 10 s on the reference machine.
const invariantGames = 20

// stepsFor is how many lines a game of that size tries: enough for most of its units to be
// spent, a few hundred at most.
func stepsFor(size lhygen.Size) int { return 24 * size.Stacks }

// TestInvariantsLHY plays random games on random scenarios (lhy/lhygen), through the ruleset
// contract (game/gametest: a refusal changes nothing, a Clone is independent, every rule cited
// is listed, the log replays to every hash), and after every step taken checks the promises of
// Last Hundred Yards (lhyInvariants). A failing game is written as a scenario file to the
// test's artifact directory, and logged.
func TestInvariantsLHY(t *testing.T) {
	taken, refused, tried := 0, 0, 0
	for n := range invariantGames {
		seed := uint64(1000 + n)
		size := lhygen.Sizes[n%len(lhygen.Sizes)]
		run := playLHY(t, seed, size, stepsFor(size))
		if run == nil {
			return
		}
		taken += run.Taken
		refused += run.Refused + run.Unread
		tried += stepsFor(size)
	}
	t.Logf("%d games: %d steps taken, %d refused or unread", invariantGames, taken, refused)
	if taken < tried/2 || refused < tried/20 {
		t.Errorf("%d steps taken and %d refused of %d: the random games hardly try the rules", taken, refused, tried)
	}
}

// FuzzInvariantsLHY is TestInvariantsLHY's game under the fuzzer: a seed and a size knob (one
// of lhygen.Sizes) make a scenario and a game on it.
//
//	go test ./lhy -run '^$' -fuzz '^FuzzInvariantsLHY$' -fuzztime 10m -parallel 1
func FuzzInvariantsLHY(f *testing.F) {
	for _, s := range []uint64{1, 7, 1001, 1010, 424242} {
		f.Add(s, uint8(s%4))
	}
	f.Fuzz(func(t *testing.T, seed uint64, knob uint8) {
		size := lhygen.SizeOf(knob)
		playLHY(t, seed, size, stepsFor(size))
	})
}

// playLHY plays one random game; on a broken promise it fails t, writes the game as a scenario
// file to t.ArtifactDir() and logs where and the file, and returns nil.
func playLHY(t *testing.T, seed uint64, size lhygen.Size, steps int) *gametest.Run {
	t.Helper()
	data := lhygen.Scenario(seed, size)
	name := fmt.Sprintf("lhygen-%d.yaml", seed)
	inv := &lhyInvariants{}
	run, err := gametest.Play(name, data, seed, inv.next, gametest.Options{Steps: steps, Check: inv.check})
	var f *gametest.Failure
	switch {
	case errors.As(err, &f):
		path := filepath.Join(t.ArtifactDir(), name)
		if werr := os.WriteFile(path, f.File(), 0o644); werr != nil {
			t.Errorf("writing the failing game: %v", werr)
		}
		t.Errorf("%v\nthe game, as a scenario file (%s):\n%s", f, path, f.File())
		return nil
	case err != nil:
		t.Errorf("seed %d: %v\n%s", seed, err, data)
		return nil
	}
	return run
}

// lhyInvariants are Last Hundred Yards' own promises, checked after every step a random game
// tries, each named in its error:
//
//   - "refusal cites a rule": a step the referee refuses names the rule that forbids it;
//   - "one result per unit": in a fire, and in the Collateral Damage of a Vehicle Destruction
//     Attempt, each unit suffers only its single most detrimental result (rules-notes 2.4): its
//     facts name it with one result (TestOneResultPerUnit's check); in an Assault, whose result
//     is a row of the table applied column by column (14.3), no unit is told "no effect" beside
//     a result, is Disrupted, Regrouping or Shocked twice, suffers anything once removed, or
//     loses more steps than the row's Casualty column, its failed Cohesion Checks and one Urban
//     Assault can take;
//   - "state allows the step": no unit named as acting (a firer, an attacker, the unit that
//     Advances, attempts a Vehicle Destruction, Recovers, Withdraws or Retreats) is in a state
//     the table of what a unit in each state may do (lhy.States) bars from it
//     (TestGateInvariant's check);
//   - "odds sum to one": the exact odds of the step, worked out on the game before it, add up
//     to exactly 1, each outcome and fact with a chance in (0, 1] (TestOddsSumToOne's check);
//   - "outcome in odds": what the step did (its facts, in order) is one of the outcomes the
//     odds gave a chance;
//   - "odds match enumeration": the odds equal the enumeration of every dice path, outcome by
//     outcome (TestOddsMatchEnumeration's oracle), for steps of at most maxOraclePaths paths;
//   - "odds whatever marker order": a fire's odds, fact by fact, are the same whatever order
//     its markers are written in (metamorphic; TestAntiTankOddsWhateverOrder's comparison).
type lhyInvariants struct {
	pre  *lhy.Game // the game before the line being tried
	line string
}

// maxOraclePaths bounds the steps the enumeration oracle replays (it plays every dice path).
const maxOraclePaths = 1000

// next is lhygen.Next, keeping the game before the step for the checks.
func (v *lhyInvariants) next(g rules.Game, r *rand.Rand) string {
	v.pre = g.(*ruleset.Game).G.Clone()
	v.line = lhygen.Next(g, r)
	return v.line
}

// check runs the invariants on the step just tried. Its error is one line: gametest writes it
// as a comment line in the failing game's scenario file.
func (v *lhyInvariants) check(g rules.Game, rep *rules.Report) error {
	if err := v.invariants(g, rep); err != nil {
		return errors.New(strings.ReplaceAll(strings.TrimSpace(err.Error()), "\n", "; "))
	}
	return nil
}

func (v *lhyInvariants) invariants(g rules.Game, rep *rules.Report) error {
	played := ruleset.StepReport(rep)
	if played == nil { // refused: gametest has checked that it changed nothing
		if rep.Refusal == nil || rep.Refusal.Rule == "" {
			return fmt.Errorf("refusal cites a rule: %q is refused without a rule: %v", v.line, rep.Refusal)
		}
		return nil
	}
	after := g.(*ruleset.Game).G
	keys := played.Keys()
	if a, err := lhy.Parse(v.pre, v.line); err == nil {
		if msg := lhy.StateBars(v.pre, a); msg != "" {
			return fmt.Errorf("state allows the step: %q was taken, but %s", v.line, msg)
		}
	}
	switch played.Verb {
	case "fire", "vda":
		if id := lhy.TwoResults(after, keys); id != "" {
			return fmt.Errorf("one result per unit: %q gives %s two results: %q", v.line, id, keys)
		}
	case "assault", "resolve":
		if id, why := lhy.AssaultClash(after, played); id != "" {
			return fmt.Errorf("one result per unit: the Assault %q tells %s %s: %q", v.line, id, why, keys)
		}
	}
	return v.checkOdds(keys)
}

// checkOdds holds the step just taken to its odds on the game before it.
func (v *lhyInvariants) checkOdds(keys []string) error {
	a, err := lhy.Parse(v.pre, v.line)
	if err != nil {
		return fmt.Errorf("outcome in odds: %q was taken, but cannot be read on the game before it: %v", v.line, err)
	}
	o, err := v.pre.OddsOf(a)
	if err != nil {
		return fmt.Errorf("outcome in odds: %q was taken, but its odds refuse it: %v", v.line, err)
	}
	if msg := lhy.OddsSane(o); msg != "" {
		return fmt.Errorf("odds sum to one: %q: %s", v.line, msg)
	}
	found := false
	for _, x := range o.Outcomes {
		if reflect.DeepEqual(x.Keys, keys) || len(x.Keys) == 0 && len(keys) == 0 {
			found = true
			break
		}
	}
	if !found {
		return fmt.Errorf("outcome in odds: %q did %q, which is none of the %d outcomes of its odds", v.line, keys, len(o.Outcomes))
	}
	if o.Paths <= maxOraclePaths {
		want, err := lhy.OddsByEnumeration(v.pre, a)
		if err != nil {
			return fmt.Errorf("odds match enumeration: %q: the odds give %d outcomes, the enumeration refuses: %v", v.line, len(o.Outcomes), err)
		}
		if d := lhy.OddsDiff(o, want); d != "" {
			return fmt.Errorf("odds match enumeration: %q:\n%s", v.line, d)
		}
	}
	if a.Verb == "fire" && len(a.Markers) > 1 {
		return v.anyOrder(o)
	}
	return nil
}

// anyOrder compares the odds of the fire just taken with its markers reversed and rotated.
func (v *lhyInvariants) anyOrder(o *lhy.Odds) error {
	head, rest, _ := strings.Cut(v.line, ":")
	ms := strings.Split(rest, ",")
	for i := range ms {
		ms[i] = strings.TrimSpace(ms[i])
	}
	want := lhy.ByFacts(o)
	orders := [][]string{reversed(ms), append(append([]string(nil), ms[1:]...), ms[0])}
	for _, order := range orders {
		line := head + ": " + strings.Join(order, ", ")
		p, err := v.pre.Odds(line)
		if err != nil {
			return fmt.Errorf("odds whatever marker order: %q is taken, %q refused: %v", v.line, line, err)
		}
		if got := lhy.ByFacts(p); !reflect.DeepEqual(got, want) {
			return fmt.Errorf("odds whatever marker order: %q and %q differ:\n%v\n%v", v.line, line, want, got)
		}
	}
	return nil
}

func reversed(xs []string) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[len(xs)-1-i] = x
	}
	return out
}
