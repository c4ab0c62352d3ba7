// Package gametest plays random games of any ruleset through the ruleset contract and checks,
// after every step, the promises every ruleset makes, whatever its game:
//
//   - "refusal changes nothing": a refused step, or a line that cannot be read, leaves the
//     state hash as it was;
//   - "clone independent": a Clone taken before a step keeps the state it had while the
//     original plays the step, and playing the same step on it with the same rolls reaches
//     the same hash (a step is a function of the state, the line and the dice);
//   - "rule listed": every rule a report cites (rules.Citations: a step's rules, a refusal's,
//     a roll's) is in the ruleset's rule list (rules.RuleLister);
//   - "replay reproduces": replaying the log from the scenario reaches the hash of every step.
//
// A ruleset adds its own invariants as a [Check] run after every step, and draws the lines
// to try with a [Mover]: mostly legal steps (from the ruleset's own candidates), some
// deliberately not, so that refusals are exercised too. A scenario comes from the ruleset's
// generator as a scenario file; a failing game is written back out as one ([Failure.Scenario]),
// its accepted steps as `moves:` and its rolls as `dice:`, so `umpire play` repeats it.
package gametest

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/game"
	"github.com/umpire-referee/umpire/rules"
)

// Mover draws the next line of notation to try on g.
type Mover func(g rules.Game, r *rand.Rand) string

// Check is a ruleset's own invariant, run after every step on the game as it now stands and
// the step's report (taken or refused). It returns an error that names the invariant broken.
type Check func(g rules.Game, rep *rules.Report) error

// Options shape a run.
type Options struct {
	Steps int   // lines to try
	Check Check // the ruleset's own invariants (nil: none)
}

// Run is what a game that broke nothing did.
type Run struct {
	Taken, Refused, Unread int
	Log                    []game.Entry
}

// Failure is a broken promise: which, at which step, and the game that led to it.
type Failure struct {
	Invariant string // its name
	Msg       string
	Seed      uint64
	Scenario  []byte // the scenario file played
	Log       []game.Entry
	Line      string      // the line tried when it broke ("" when the replay broke it)
	Rolls     []dice.Roll // the rolls that line made
}

func (f *Failure) Error() string {
	at := fmt.Sprintf("after %d steps", len(f.Log))
	if f.Line != "" {
		at += fmt.Sprintf(", trying %q", f.Line)
	}
	return fmt.Sprintf("seed %d: %s: %s (%s)", f.Seed, f.Invariant, f.Msg, at)
}

// File is the failing game as a scenario file: the scenario played, its accepted steps and
// the line that broke a promise as `moves:`, and every roll they made as `dice:` (totals, as a
// scenario's dice script gives them). The scenario must hold no `moves:` or `dice:` of its own.
func (f *Failure) File() []byte {
	var b bytes.Buffer
	b.Write(f.Scenario)
	if len(f.Scenario) > 0 && f.Scenario[len(f.Scenario)-1] != '\n' {
		b.WriteByte('\n')
	}
	for _, l := range strings.Split(f.Error(), "\n") { // a comment, however many lines the message has
		fmt.Fprintf(&b, "# %s\n", l)
	}
	var rolls []string
	b.WriteString("moves:\n")
	for _, e := range f.Log {
		fmt.Fprintf(&b, "  - %s\n", strconv.Quote(e.Line))
		for _, r := range e.Rolls {
			rolls = append(rolls, strconv.Itoa(int(r.Total)))
		}
	}
	if f.Line != "" {
		fmt.Fprintf(&b, "  - %s\n", strconv.Quote(f.Line))
		for _, r := range f.Rolls {
			rolls = append(rolls, strconv.Itoa(int(r.Total)))
		}
	}
	fmt.Fprintf(&b, "dice: [%s]\n", strings.Join(rolls, ", "))
	return b.Bytes()
}

// Play opens the scenario file data (name is for messages) and tries opt.Steps lines drawn by
// next, with dice and choices from seed, checking every invariant after every step, then
// replays the log. It returns a *Failure for the first broken promise, or an error if the
// scenario cannot be opened.
func Play(name string, data []byte, seed uint64, next Mover, opt Options) (*Run, error) {
	g, err := game.Open(name, data)
	if err != nil {
		return nil, err
	}
	var listed func(string) bool
	if rl, ok := g.Ruleset().(rules.RuleLister); ok {
		listed = rules.Listed(rl.RuleList())
	}
	p := &player{g: g, seed: seed, data: data, listed: listed, check: opt.Check,
		rnd: rand.New(rand.NewPCG(seed, seed^0x5eed)), src: dice.NewSeeded(seed ^ 0xd1ce)}
	for i := 0; i < opt.Steps; i++ {
		if err := p.step(next); err != nil {
			return nil, err
		}
	}
	if err := p.replay(name); err != nil {
		return nil, err
	}
	return &p.run, nil
}

type player struct {
	g      *game.Game
	seed   uint64
	data   []byte
	listed func(string) bool
	check  Check
	rnd    *rand.Rand
	src    dice.Source
	run    Run
	hashes [][32]byte
	logged int // the steps in the log before the line being tried
}

// fail is a broken promise. Its log is the steps taken before line (a step taken and then
// found wrong is already in the game's log: it is kept out, since the file writes line and
// its rolls after the log).
func (p *player) fail(inv, line string, rolls []dice.Roll, format string, args ...any) *Failure {
	log := p.g.Log
	if line != "" {
		log = log[:p.logged]
	}
	return &Failure{Invariant: inv, Msg: fmt.Sprintf(format, args...), Seed: p.seed, Scenario: p.data,
		Log: append([]game.Entry(nil), log...), Line: line, Rolls: rolls}
}

// step tries one line and checks every promise after it.
func (p *player) step(next Mover) error {
	live := p.g.Rules()
	before := live.Hash()
	p.logged = len(p.g.Log)
	clone := live.Clone()
	if clone.Hash() != before {
		return p.fail("clone independent", "", nil, "a fresh Clone hashes differently from its original")
	}
	line := next(live, p.rnd)
	a, err := p.g.Parse(line)
	if err != nil {
		p.run.Unread++
		if live.Hash() != before {
			return p.fail("refusal changes nothing", line, nil, "reading the line changed the state (%v)", err)
		}
		return nil
	}
	rec := &dice.Recorder{Src: p.src}
	rep, err := p.g.Do(line, a, rec)
	if rep == nil {
		return p.fail("report", line, rec.Rolls, "Do gave no report (err %v)", err)
	}
	if id, ok := p.unlisted(rep); !ok {
		return p.fail("rule listed", line, rec.Rolls, "the report cites %q, which is not in the ruleset's rule list", id)
	}
	if err != nil {
		p.run.Refused++
		if h := live.Hash(); h != before {
			return p.fail("refusal changes nothing", line, rec.Rolls, "refused (%v) but the state hash changed", err)
		}
	} else {
		p.run.Taken++
		if clone.Hash() != before {
			return p.fail("clone independent", line, rec.Rolls, "the step on the original changed its Clone")
		}
		if err := p.sameOnClone(clone, line, p.logged+1, rec.Rolls); err != nil {
			return err
		}
		p.hashes = append(p.hashes, live.Hash())
	}
	if p.check != nil {
		if err := p.check(live, rep); err != nil {
			return p.fail("ruleset", line, rec.Rolls, "%v", err)
		}
	}
	return nil
}

// sameOnClone plays the step just taken on the Clone taken before it, with the same rolls:
// it must reach the original's hash.
func (p *player) sameOnClone(clone rules.Game, line string, n int, rolls []dice.Roll) error {
	a, err := clone.Parse(line)
	if err != nil {
		return p.fail("clone independent", line, rolls, "the Clone cannot read the line the original took: %v", err)
	}
	rp := &dice.Replay{Rolls: rolls}
	if _, err := clone.Do(a, n, rp); err != nil {
		return p.fail("clone independent", line, rolls, "the Clone refuses the step the original took: %v", err)
	}
	if rp.Remaining() != 0 || clone.Hash() != p.g.Rules().Hash() {
		return p.fail("clone independent", line, rolls, "the same step with the same rolls on the Clone reached another state")
	}
	return nil
}

// unlisted is the first rule rep cites that the rule list lacks (ok when none, or no list).
func (p *player) unlisted(rep *rules.Report) (string, bool) {
	if p.listed == nil {
		return "", true
	}
	for _, id := range rules.Citations(rep) {
		if !p.listed(id) {
			return id, false
		}
	}
	return "", true
}

// replay rebuilds the game from the scenario and its log, step by step: each step must reach
// the hash the live game had.
func (p *player) replay(name string) error {
	g, err := game.Open(name, p.data)
	if err != nil {
		return p.fail("replay reproduces", "", nil, "the scenario no longer opens: %v", err)
	}
	for i, e := range p.g.Log {
		if _, err := g.ApplyEntry(e); err != nil {
			return p.fail("replay reproduces", "", nil, "step %d: %v", e.N, err)
		}
		if g.Hash() != p.hashes[i] {
			return p.fail("replay reproduces", "", nil, "step %d (%s) reaches another hash on replay", e.N, e.Line)
		}
	}
	p.run.Log = p.g.Log
	return nil
}
