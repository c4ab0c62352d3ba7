// Package game is a game as umpire keeps it: the scenario it began from and the ordered steps
// accepted since, each with the dice it rolled. The state is never stored; it is what replaying
// the log through the rules core gives, and a replay reaches exactly the state the live game
// did (compare [Game.Hash]).
//
// A game is played under the ruleset its scenario names: ASL (package asl; the default), Last
// Hundred Yards (`ruleset: lhy`, package lhy) or Lightning War (`ruleset: lightningwar`,
// package lightningwar). [Game.Ruleset] says which; [Game.State] is the ASL state,
// [Game.LHY] the LHY one and [Game.LightningWar] the Lightning War one.
//
// A step is one line of the ruleset's notation, as `umpire play` takes it. [Game.Apply] plays
// it on the live state and, only if the referee accepts it, appends it to the log with its
// rolls; a refused step changes nothing.
package game

import (
	"errors"
	"fmt"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/lhy"
	lw "github.com/umpire-referee/umpire/lightningwar"
	"github.com/umpire-referee/umpire/scenario"
)

// Rulesets.
const (
	ASL          = "asl"
	LHY          = "lhy"          // Last Hundred Yards
	LightningWar = "lightningwar" // Lightning War
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
	sc       *scenario.Scenario     // ruleset asl
	lsc      *scenario.LHY          // ruleset lhy
	wsc      *scenario.LightningWar // ruleset lightningwar
}

// Step is what playing one step reported: ASL's report (the --json step of `umpire play`) for
// an ASL game, the LHY rules core's report for an LHY one, the Lightning War core's for a
// Lightning War one (nil when refused).
type Step struct {
	ASL scenario.StepOut
	LHY *lhy.Report
	LW  *lw.Report
	// LWSight is a Lightning War step's record of who could see what around it: with
	// lw.Viewer.Step it says what each player may be shown of the step (hidden movement).
	LWSight *lw.StepSight
}

// Open starts a game at the setup of scenario data (name is for error messages); the file's
// own moves are not played (see Create). The file's `ruleset:` picks the rules.
func Open(name string, data []byte) (*Game, error) {
	switch scenario.Ruleset(data) {
	case LightningWar:
		s, err := scenario.LoadLightningWar(name, data)
		if err != nil {
			return nil, err
		}
		return &Game{Name: s.Name, Scenario: append([]byte(nil), data...), wsc: s}, nil
	case LHY:
		s, err := scenario.LoadLHY(name, data)
		if err != nil {
			return nil, err
		}
		return &Game{Name: s.Name, Scenario: append([]byte(nil), data...), lsc: s}, nil
	}
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
	src, moves := g.fileMoves(src)
	for _, mv := range moves {
		if _, err := g.Apply(mv.Text, src); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, mv.Line, err)
		}
	}
	return g, nil
}

// fileMoves is the scenario file's own moves and the dice they are played with: the file's
// dice script, then its seed (or src when it names none).
func (g *Game) fileMoves(src dice.Source) (dice.Source, []scenario.Move) {
	var seed uint64
	var hasSeed bool
	var script []int
	var moves []scenario.Move
	switch {
	case g.wsc != nil:
		seed, hasSeed, script, moves = g.wsc.Seed, g.wsc.HasSeed, g.wsc.Dice, g.wsc.Moves
	case g.lsc != nil:
		seed, hasSeed, script, moves = g.lsc.Seed, g.lsc.HasSeed, g.lsc.Dice, g.lsc.Moves
	default:
		seed, hasSeed, script, moves = g.sc.Seed, g.sc.HasSeed, g.sc.Dice, g.sc.Moves
	}
	if hasSeed {
		src = dice.NewSeeded(seed)
	}
	return &dice.Script{Values: script, Then: src}, moves
}

// Ruleset is the game's ruleset: ASL, LHY or LightningWar.
func (g *Game) Ruleset() string {
	switch {
	case g.lsc != nil:
		return LHY
	case g.wsc != nil:
		return LightningWar
	}
	return ASL
}

// State is the live ASL state (nil for another ruleset's game). Treat it as read-only: change it only
// through Apply.
func (g *Game) State() *asl.Game {
	if g.sc == nil {
		return nil
	}
	return g.sc.Game
}

// LHY is the live Last Hundred Yards state (nil for another ruleset's game). Treat it as read-only:
// change it only through Apply.
func (g *Game) LHY() *lhy.Game {
	if g.lsc == nil {
		return nil
	}
	return g.lsc.Game
}

// LightningWar is the live Lightning War state (nil for another ruleset's game). Treat it as
// read-only: change it only through Apply.
func (g *Game) LightningWar() *lw.Game {
	if g.wsc == nil {
		return nil
	}
	return g.wsc.Game
}

// Hash is the digest of the live state.
func (g *Game) Hash() [32]byte {
	switch {
	case g.lsc != nil:
		return Hash(g.lsc.Game)
	case g.wsc != nil:
		return Hash(g.wsc.Game)
	}
	return Hash(g.sc.Game)
}

// Apply plays one line of the game's notation with dice from src. If the referee accepts it,
// it is appended to the log with the rolls it made and its report is returned; if not, the
// error says why (an *asl.Refusal, *lhy.Refusal or *lightningwar.Refusal cites the rule) and
// nothing changes.
func (g *Game) Apply(line string, src dice.Source) (Step, error) {
	switch {
	case g.lsc != nil:
		return g.applyLHY(line, src)
	case g.wsc != nil:
		return g.applyLW(line, src)
	}
	st := g.sc.Game
	l, err := st.ParseLine(line)
	if err != nil {
		return Step{}, err
	}
	n := len(g.Log) + 1
	so := scenario.LineHead(st, n, line, &l)
	rec := &dice.Recorder{Src: src}
	var r asl.LineResult
	if err := st.Play(&l, rec, &r); err != nil {
		return Step{ASL: so}, err
	}
	scenario.LineBody(st, &l, &r, &so)
	g.Log = append(g.Log, Entry{N: n, Line: line, Rolls: rec.Rolls})
	return Step{ASL: so}, nil
}

func (g *Game) applyLHY(line string, src dice.Source) (Step, error) {
	rec := &dice.Recorder{Src: src}
	rep, err := g.lsc.Game.Apply(line, rec)
	if err != nil {
		return Step{}, err
	}
	g.Log = append(g.Log, Entry{N: len(g.Log) + 1, Line: line, Rolls: rec.Rolls})
	return Step{LHY: rep}, nil
}

// applyLW plays a Lightning War step, keeping the record of who could see what around it.
func (g *Game) applyLW(line string, src dice.Source) (Step, error) {
	st := g.wsc.Game
	a, err := lw.Parse(line)
	if err != nil {
		return Step{}, err
	}
	sight := st.Sight(a)
	rec := &dice.Recorder{Src: src}
	rep, err := st.Do(a, rec)
	if err != nil {
		return Step{}, err
	}
	sight.After(st)
	g.Log = append(g.Log, Entry{N: len(g.Log) + 1, Line: line, Rolls: rec.Rolls})
	return Step{LW: rep, LWSight: sight}, nil
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
func (g *Game) ApplyEntry(e Entry) (Step, error) {
	if e.N != len(g.Log)+1 {
		return Step{}, fmt.Errorf("%w: step %d follows step %d", ErrOffRecord, e.N, len(g.Log))
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
