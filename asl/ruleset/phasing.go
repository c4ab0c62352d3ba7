package ruleset

import (
	"fmt"

	"github.com/umpire-referee/umpire/asl"
)

// Whose turn it is: a unit of the side not phasing moves nowhere (D2.1: only the phasing side
// moves in its MPh), so its steps are none, its reach is the hex it stands in, and every path
// is "cannot reach". The answers about a unit's moves say so, and how to change it, rather
// than leave a player wondering what is wrong with the unit.

// NotPhasing says that a unit's side is not the side whose phase it is, and how to give that
// side its MPh. It is in the API's answers about a unit's moves (its steps, reach and path:
// UnitHead's not_phasing) and in what `umpire reach` and `umpire path` print, and only for a
// unit of a side that is not phasing: a phasing unit's answers have no such field.
type NotPhasing struct {
	Side    string `json:"side"`    // the unit's side
	Phasing string `json:"phasing"` // the side whose phase it is
	Phase   string `json:"phase"`   // that side's phase: MPh, or APh after it (A4.7)
	// Text says why the unit does not move: "T26A belongs to Russian and it is the German
	// MPh: only the phasing side moves (D2.1)".
	Text string `json:"text"`
	// Hint says how a player gives the unit's side its MPh in a game: the step `mph SIDE`,
	// or `phasing: SIDE` in the scenario file the game starts from.
	Hint string `json:"hint"`
}

// notPhasing is what to say of unit u of game g when its side is not phasing; nil when it is.
func notPhasing(g *asl.Game, u *asl.Unit) *NotPhasing {
	if u.Side == g.Phasing {
		return nil
	}
	rule := "D2.1"
	if g.Phase == asl.PhaseAPh {
		rule = "A4.7"
	}
	return &NotPhasing{
		Side: u.Side, Phasing: g.Phasing, Phase: g.Phase.String(),
		Text: fmt.Sprintf("%s belongs to %s and it is the %s %s: only the phasing side moves (%s)", u.ID, u.Side, g.Phasing, g.Phase, rule),
		Hint: fmt.Sprintf("to move %s, begin its MPh: play the step `mph %s`, or start the game from a scenario file with `phasing: %s`", u.Side, u.Side, u.Side),
	}
}

// fileHint is the hint for a scenario file read by a command (umpire reach, umpire path): the
// file's own phasing field, or a step among its moves.
func (np *NotPhasing) fileHint(file string) string {
	return fmt.Sprintf("To move %s, write `phasing: %s` in %s, or add the step `mph %s` to its moves.", np.Side, np.Side, file, np.Side)
}
