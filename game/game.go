// Package game is a game as umpire keeps it: the scenario it began from and the ordered steps
// accepted since, each with the dice it rolled. The state is never stored; it is what replaying
// the log through the ruleset gives, and a replay reaches exactly the state the live game did
// (compare [Game.Hash]).
//
// A game is played under the ruleset its scenario names (package rules finds it among the
// registered ones; ASL when the file names none). Package game knows no ruleset: it speaks to
// them only through the contract, and [Game.Rules] is the live state behind it.
//
// A step is one line of the ruleset's notation, as `umpire play` takes it. [Game.Apply] reads
// it once, plays it on the live state and, only if the referee accepts it, appends it to the
// log with its rolls; a refused step changes nothing.
package game

import (
	"errors"
	"fmt"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/rules"
)

// Entry is one accepted step of a game's log.
type Entry struct {
	N     int         `json:"n"`    // its number in the game, from 1
	Line  string      `json:"line"` // move notation
	Rolls []dice.Roll `json:"rolls,omitempty"`
	// Reason is why the practice opponent took the step ("" for a player's step): shown to
	// the opponent's side and the referee only.
	Reason string `json:"reason,omitempty"`
}

// Game is a game being played: its scenario, its log, and the state the log leads to.
type Game struct {
	Name     string
	Scenario []byte // the scenario file it was created from, as given
	Log      []Entry
	rs       rules.Ruleset
	sc       rules.Scenario
	g        rules.Game
}

// Open starts a game at the setup of scenario data (name is for error messages); the file's
// own moves are not played (see Create). The file's `ruleset:` picks the rules. It is read
// under umpire's ceilings only (rules.Limits{}): a game once created replays whatever caps
// a server has been given since.
func Open(name string, data []byte) (*Game, error) {
	return OpenLimited(name, data, rules.Limits{})
}

// OpenLimited is Open under lim: a file over one of its caps is a *rules.LimitError, found
// before the game is made.
func OpenLimited(name string, data []byte, lim rules.Limits) (*Game, error) {
	rs, sc, err := rules.LoadLimited(name, data, lim)
	if err != nil {
		return nil, err
	}
	return &Game{Name: sc.File().Name, Scenario: append([]byte(nil), data...), rs: rs, sc: sc, g: sc.Setup()}, nil
}

// Create starts a game from scenario data and plays the file's moves as its first steps, with
// the file's dice (its script, then its seed or src).
func Create(name string, data []byte, src dice.Source) (*Game, error) {
	g, _, err := CreateReported(name, data, src)
	return g, err
}

// CreateReported is Create, with the report of each of the file's moves (each played once).
func CreateReported(name string, data []byte, src dice.Source) (*Game, []*rules.Report, error) {
	return CreateLimited(name, data, src, rules.Limits{})
}

// CreateLimited is CreateReported under lim (see OpenLimited).
func CreateLimited(name string, data []byte, src dice.Source, lim rules.Limits) (*Game, []*rules.Report, error) {
	g, err := OpenLimited(name, data, lim)
	if err != nil {
		return nil, nil, err
	}
	src, moves := g.fileMoves(src)
	var reps []*rules.Report
	for _, mv := range moves {
		rep, err := g.Apply(mv.Text, src)
		if err != nil {
			return nil, nil, fmt.Errorf("%s:%d: %w", name, mv.Line, err)
		}
		reps = append(reps, rep)
	}
	return g, reps, nil
}

// fileMoves is the scenario file's own moves and the dice they are played with: the file's
// dice script, then its seed (or src when it names none).
func (g *Game) fileMoves(src dice.Source) (dice.Source, []rules.Move) {
	f := g.sc.File()
	if f.HasSeed {
		src = dice.NewSeeded(f.Seed)
	}
	return &dice.Script{Values: f.Dice, Then: src}, f.Moves
}

// Ruleset is the game's ruleset.
func (g *Game) Ruleset() rules.Ruleset { return g.rs }

// Rules is the live state under the ruleset's contract. Treat it as read-only: change it only
// through Apply.
func (g *Game) Rules() rules.Game { return g.g }

// Opponent is the side umpire plays in this game (its scenario's `opponent:`), or nil.
func (g *Game) Opponent() *rules.Opponent { return g.sc.File().Opponent }

// Hash is the digest of the live state.
func (g *Game) Hash() [32]byte { return g.g.Hash() }

// Parse reads a line of the game's notation against the live state.
func (g *Game) Parse(line string) (rules.Action, error) { return g.g.Parse(line) }

// Apply plays one line of the game's notation with dice from src. If the referee accepts it,
// it is appended to the log with the rolls it made and its report is returned; if not, the
// error says why (a refusal's report carries a *rules.Refusal citing the rule) and nothing
// changes. Unreadable notation is an error with no report.
func (g *Game) Apply(line string, src dice.Source) (*rules.Report, error) {
	a, err := g.g.Parse(line)
	if err != nil {
		return nil, err
	}
	return g.Do(line, a, src)
}

// Do plays an action read by Parse from line, as Apply does.
func (g *Game) Do(line string, a rules.Action, src dice.Source) (*rules.Report, error) {
	n := len(g.Log) + 1
	rec := &dice.Recorder{Src: src}
	rep, err := g.g.Do(a, n, rec)
	if err != nil {
		return rep, err
	}
	g.Log = append(g.Log, Entry{N: n, Line: line, Rolls: rec.Rolls})
	return rep, nil
}

// ErrOffRecord: a replay did not go as the log says.
var ErrOffRecord = errors.New("the replay left the record")

// Replay rebuilds a game from its scenario and the first upTo entries of its log (all of them
// when upTo < 0), each step given back exactly the dice it rolled. A step the referee now
// refuses, or that asks for other dice than it rolled, is an error wrapping ErrOffRecord.
func Replay(name string, data []byte, log []Entry, upTo int) (*Game, error) {
	g, err := Open(name, data)
	if err != nil {
		return nil, err
	}
	if upTo < 0 || upTo > len(log) {
		upTo = len(log)
	}
	for _, e := range log[:upTo] {
		if _, err := g.ApplyEntry(e); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// ApplyEntry plays a logged step again with exactly the rolls it made, as Replay does for each
// entry. A step the referee now refuses, a step numbered out of turn, or one that asks for other
// dice than it rolled (or leaves some unused) is an error wrapping ErrOffRecord, and the game is
// then no longer fit to play on.
func (g *Game) ApplyEntry(e Entry) (*rules.Report, error) {
	if e.N != len(g.Log)+1 {
		return nil, fmt.Errorf("%w: step %d follows step %d", ErrOffRecord, e.N, len(g.Log))
	}
	rp := &dice.Replay{Rolls: e.Rolls}
	rep, err := g.Apply(e.Line, rp)
	if err != nil {
		return rep, fmt.Errorf("%w at step %d (%s): %v", ErrOffRecord, e.N, e.Line, err)
	}
	if rp.Remaining() != 0 {
		return rep, fmt.Errorf("%w at step %d (%s): %d recorded rolls were not used", ErrOffRecord, e.N, e.Line, rp.Remaining())
	}
	g.Log[len(g.Log)-1].Reason = e.Reason // the opponent's, kept with the step
	return rep, nil
}
