// Package game is a game as umpire keeps it: the scenario it began from and the ordered steps
// accepted since, each with the dice it rolled. The state is never stored; it is what replaying
// the log through the rules core gives, and a replay reaches exactly the state the live game
// did (compare [Game.Hash]).
//
// A step is move notation, one line as `umpire play` takes it. [Game.Apply] plays it on the
// live state and, only if the referee accepts it, appends it to the log with its rolls; a
// refused step changes nothing.
package game

import (
	"errors"
	"fmt"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/scenario"
)

// Entry is one accepted step of a game's log.
type Entry struct {
	N     int         `json:"n"`    // its number in the game, from 1
	Line  string      `json:"line"` // move notation
	Rolls []dice.Roll `json:"rolls,omitempty"`
}

// Game is a game being played: its scenario, its log, and the state the log leads to.
type Game struct {
	Name     string
	Scenario []byte // the scenario file it was created from, as given
	Log      []Entry
	sc       *scenario.Scenario
}

// Open starts a game at the setup of scenario data (name is for error messages); the file's
// own moves are not played (see Create).
func Open(name string, data []byte) (*Game, error) {
	sc, err := scenario.Load(name, data)
	if err != nil {
		return nil, err
	}
	if sc.Game == nil {
		return nil, fmt.Errorf("%s: ruleset %q has no game to play here", name, sc.Ruleset)
	}
	return &Game{Name: sc.Name, Scenario: append([]byte(nil), data...), sc: sc}, nil
}

// Create starts a game from scenario data and plays the file's moves as its first steps, with
// the file's dice (its script, then its seed or src).
func Create(name string, data []byte, src dice.Source) (*Game, error) {
	g, err := Open(name, data)
	if err != nil {
		return nil, err
	}
	if g.sc.HasSeed {
		src = dice.NewSeeded(g.sc.Seed)
	}
	src = &dice.Script{Values: g.sc.Dice, Then: src}
	for _, mv := range g.sc.Moves {
		if _, err := g.Apply(mv.Text, src); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, mv.Line, err)
		}
	}
	return g, nil
}

// State is the live state. Treat it as read-only: change it only through Apply.
func (g *Game) State() *asl.Game { return g.sc.Game }

// Hash is the digest of the live state.
func (g *Game) Hash() [32]byte { return Hash(g.sc.Game) }

// Apply plays one line of move notation with dice from src. If the referee accepts it, it is
// appended to the log with the rolls it made and its report is returned; if not, the error
// says why (an *asl.Refusal cites the rule) and nothing changes.
func (g *Game) Apply(line string, src dice.Source) (scenario.StepOut, error) {
	st := g.sc.Game
	l, err := st.ParseLine(line)
	if err != nil {
		return scenario.StepOut{}, err
	}
	n := len(g.Log) + 1
	so := scenario.LineHead(st, n, line, &l)
	rec := &dice.Recorder{Src: src}
	var r asl.LineResult
	if err := st.Play(&l, rec, &r); err != nil {
		return so, err
	}
	scenario.LineBody(st, &l, &r, &so)
	g.Log = append(g.Log, Entry{N: n, Line: line, Rolls: rec.Rolls})
	return so, nil
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
func (g *Game) ApplyEntry(e Entry) (scenario.StepOut, error) {
	if e.N != len(g.Log)+1 {
		return scenario.StepOut{}, fmt.Errorf("%w: step %d follows step %d", ErrOffRecord, e.N, len(g.Log))
	}
	rp := &dice.Replay{Rolls: e.Rolls}
	so, err := g.Apply(e.Line, rp)
	if err != nil {
		return so, fmt.Errorf("%w at step %d (%s): %v", ErrOffRecord, e.N, e.Line, err)
	}
	if rp.Remaining() != 0 {
		return so, fmt.Errorf("%w at step %d (%s): %d recorded rolls were not used", ErrOffRecord, e.N, e.Line, rp.Remaining())
	}
	return so, nil
}
