package rules

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/umpire-referee/umpire/dice"
)

// Default is the ruleset of a scenario file that names none (the scenario format's default).
const Default = "asl"

// MaxFileSize is the largest scenario file any ruleset reads.
const MaxFileSize = 1 << 20

// Named is the ruleset a scenario file names in its `ruleset:` field (Default when it names
// none or cannot be read as YAML: that ruleset's reader then says what is wrong), and the
// line of the field (0 if none).
func Named(data []byte) (string, int) {
	if len(data) > MaxFileSize {
		return Default, 0
	}
	var doc yaml.Node
	if yaml.Unmarshal(data, &doc) != nil || len(doc.Content) == 0 {
		return Default, 0
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return Default, 0
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		if k, v := root.Content[i], root.Content[i+1]; k.Value == "ruleset" {
			name := strings.ToLower(strings.TrimSpace(v.Value))
			if v.Kind != yaml.ScalarNode || name == "" {
				return Default, v.Line
			}
			return name, v.Line
		}
	}
	return Default, 0
}

// Load reads a scenario file with the ruleset it names, under umpire's ceilings only
// (Limits{}): the command line's reading.
func Load(file string, data []byte) (Ruleset, Scenario, error) {
	return LoadLimited(file, data, Limits{})
}

// LoadLimited reads a scenario file with the ruleset it names, under lim (see [Limits]).
func LoadLimited(file string, data []byte, lim Limits) (Ruleset, Scenario, error) {
	name, line := Named(data)
	rs, ok := Lookup(name)
	if !ok {
		return nil, nil, fmt.Errorf("%s:%d: ruleset: unknown ruleset %q (%s)", file, line, name, Names())
	}
	sc, err := rs.Load(file, data, lim)
	if err != nil {
		return nil, nil, err
	}
	return rs, sc, nil
}

// Played is what playing a scenario file's own moves gave.
type Played struct {
	Steps   []*Report // each move's report, the last refused if play stopped there
	Seed    uint64    // the seed the dice came from after the file's script
	Stopped bool      // a step was refused (or its dice ran out)
}

// Dice are a scenario file's dice: its script, then its seed (a fresh one when it has none).
func Dice(f *File) (dice.Source, uint64) {
	seed := f.Seed
	if !f.HasSeed {
		seed = rand.Uint64() >> 2
	}
	return &dice.Script{Values: f.Dice, Then: dice.NewSeeded(seed)}, seed
}

// Play plays a scenario's own moves in order on a new game at its setup, with the file's
// dice, calling each (if not nil) with every step's report. It stops at the first refused
// step. previews says before which steps (n from 1) a [Previewer] game is asked for its
// preview; nil asks for the ones the game wants shown (Previewer.WantPreview).
func Play(sc Scenario, previews func(n int) bool, each func(*Report)) (Game, Played) {
	src, seed := Dice(sc.File())
	return PlayWith(sc, src, seed, previews, each)
}

// PlayWith is Play with the dice src (seed: its seed, for Played), which the caller may roll
// on after the file's moves: `umpire play --opponent` plays on with them.
func PlayWith(sc Scenario, src dice.Source, seed uint64, previews func(n int) bool, each func(*Report)) (Game, Played) {
	f := sc.File()
	g := sc.Setup()
	out := Played{Seed: seed}
	pv, _ := g.(Previewer)
	for i, mv := range f.Moves {
		n := i + 1
		a, err := mv.Action, error(nil)
		if a == nil {
			a, err = g.Parse(mv.Text)
		}
		var rep *Report
		if err != nil { // read at load against the setup: the game has moved on since
			rep = g.Unread(n, mv.Text, err)
		} else {
			var preview any
			if pv != nil && (previews == nil && pv.WantPreview(a) || previews != nil && previews(n)) {
				preview = pv.Preview(a)
			}
			rep, err = g.Do(a, n, src)
			rep.Preview = preview
		}
		rep.Line = mv.Line
		out.Steps = append(out.Steps, rep)
		if each != nil {
			each(rep)
		}
		if err != nil {
			out.Stopped = true
			break
		}
	}
	return g, out
}

// PlayFirst plays a scenario's first n moves (all of them if it has fewer) on a new game at
// its setup, with the file's dice, as Play does: the game they leave, how many were played,
// and the error of the move that stopped play early (nil if none did).
func PlayFirst(sc Scenario, n int) (Game, int, error) {
	f := sc.File()
	src, _ := Dice(f)
	g := sc.Setup()
	for i, mv := range f.Moves[:min(n, len(f.Moves))] {
		a, err := mv.Action, error(nil)
		if a == nil {
			a, err = g.Parse(mv.Text)
		}
		if err == nil {
			_, err = g.Do(a, i+1, src)
		}
		if err != nil {
			return g, i, fmt.Errorf("step %d: %w", i+1, err)
		}
	}
	return g, min(n, len(f.Moves)), nil
}

// Check plays a scenario's moves as check does (with the previews its expectations need) and
// compares its expect: block: the failures, and a warning in a strict ruleset's file fails it
// too.
func Check(sc Scenario) []Failure {
	var want func(int) bool
	if cp, ok := sc.(CheckPreviews); ok {
		want = cp.PreviewFor
	} else {
		want = func(int) bool { return false }
	}
	g, out := Play(sc, want, nil)
	return sc.Check(g, out.Steps)
}

// Refuse records on r that err refused its step: the refusal and its rule, or, for an error
// that is no refusal (dice run dry), its message. It reports whether err refused it.
func Refuse(r *Report, err error) bool {
	var ref *Refusal
	switch {
	case errors.As(err, &ref):
		r.Refusal = ref
		r.Rules = append(r.Rules, ref.Rule)
	case err != nil:
		r.Refusal = &Refusal{Msg: err.Error()}
	}
	return err != nil
}

// Played is the step as a check reads it (scenario.Played): its number, its line in the file,
// its text, and its refusal (nil if taken).
func (r *Report) Played() (int, int, string, error) {
	if r.Refusal == nil {
		return r.Step, r.Line, r.Action, nil
	}
	return r.Step, r.Line, r.Action, r.Refusal
}
