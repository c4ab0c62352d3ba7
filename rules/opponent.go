package rules

import (
	"fmt"

	"github.com/umpire-referee/umpire/dice"
)

// Player is a Game that can play one of its sides: the practice opponent of `umpire play
// --opponent` and of a server game created with an opponent. It decides only from what the
// side may know (where sides may not know everything, from the side's view), and its steps
// are submitted as any player's are: the referee judges them as it judges every step.
type Player interface {
	// Decide is side's next step and its reason, in players' terms; ok is false when side has
	// nothing to do now (it is not its turn). boldness, from 0 (cautious) to 1 (bold), is the
	// risk it accepts for time.
	Decide(side string, boldness float64) (d Decision, ok bool)
}

// Decision is a step the opponent takes. Its JSON keys are the API's.
type Decision struct {
	Line   string `json:"line"`
	Reason string `json:"reason"`
}

// Opponent is a scenario file's `opponent:`: umpire plays Side, at Boldness (0 cautious to 1
// bold), wherever the game is played: a server game makes its steps as soon as it is that
// side's turn, and `umpire play` plays it against the player.
type Opponent struct {
	Side     string  `json:"side"`
	Boldness float64 `json:"boldness"`
}

// DefaultBoldness is the opponent's boldness when none is given.
const DefaultBoldness = 0.5

// TurnLimit is the most steps an opponent takes in a row before it yields: a guard against a
// player that would never hand the turn back.
const TurnLimit = 2000

// HandsOver reports whether step a, which only the opponent's side may play, begins that
// side's turn: after it, on a copy of g, the opponent has a step to take. A player may give
// umpire its turn (ASL: `mph German` when umpire plays the German), not move for it.
func HandsOver(g Game, a Action, op Opponent) bool {
	p, ok := g.(Player)
	if !ok {
		return false
	}
	if _, ok := p.Decide(op.Side, op.Boldness); ok {
		return false // it is umpire's turn already
	}
	c := g.Clone()
	if _, err := c.Do(a, 1, &dice.Script{Then: dice.Lowest{}}); err != nil {
		return false
	}
	_, ok = c.(Player).Decide(op.Side, op.Boldness)
	return ok
}

// CannotPlay is the error for asking umpire to play a side of game g of ruleset rs when rs
// offers no [Player]; nil when it does.
func CannotPlay(rs Ruleset, g Game) error {
	if _, ok := g.(Player); ok {
		return nil
	}
	return fmt.Errorf("umpire cannot play a side of %s games yet", rs.Title())
}
