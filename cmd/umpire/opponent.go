package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/rules"
)

// stdin is where `umpire play --opponent` reads the player's lines (a test gives its own).
var stdin io.Reader = os.Stdin

// opponentArgs are `umpire play`'s opponent: the side umpire plays ("" for none) and its
// boldness, from the flags and the file's `opponent:` (see settle).
type opponentArgs struct {
	side     string
	boldness float64
	set      bool // --boldness was given
	// fileSide is the side the file's opponent: names ("" if it names none); sideFromFile and
	// boldFromFile say which of side and boldness it gave.
	fileSide                   string
	sideFromFile, boldFromFile bool
}

// parseBoldness reads --boldness's value: a number from 0 (cautious) to 1 (bold).
func parseBoldness(s string) (float64, error) {
	b, err := strconv.ParseFloat(s, 64)
	if err != nil || b < 0 || b > 1 || b != b {
		return 0, fmt.Errorf("umpire play: --boldness takes a number from 0 (cautious) to 1 (bold), not %q", s)
	}
	return b, nil
}

// settle decides whom umpire plays in `umpire play` of file (its name in messages) with ruleset
// rs and setup g: --opponent's side over the side of the file's opponent: (nil if it has none);
// --boldness over the file's boldness, and that over rules.DefaultBoldness. With --json nothing
// is played against the player: the file's opponent: is left out (note says so, for stderr),
// and --opponent or --boldness is a usage error. op.side is "" when umpire plays no side.
//
// An error is a usage error of the flags (code 2), or the file's opponent: naming what umpire
// cannot play (code 1).
func (op *opponentArgs) settle(rs rules.Ruleset, g rules.Game, file string, fop *rules.Opponent, asJSON bool) (note string, code int, err error) {
	switch {
	case op.set && op.side == "" && fop == nil:
		return "", 2, errors.New("umpire play: --boldness is the opponent's: give --opponent SIDE too")
	case op.side != "" && asJSON:
		return "", 2, errors.New("umpire play: --opponent plays with you in the terminal: it has no --json")
	case op.set && asJSON:
		return "", 2, errors.New("umpire play: --boldness is the opponent's, which plays with you in the terminal: it has no --json")
	case asJSON && fop != nil:
		return fmt.Sprintf("umpire play: --json plays the file's own moves only: its opponent: (umpire plays %s) plays with you in the terminal, without --json", fop.Side), 0, nil
	}
	if fop != nil {
		op.fileSide = fop.Side
		if op.side == "" {
			op.side, op.sideFromFile = fop.Side, true
		}
	}
	if op.side == "" {
		return "", 0, nil
	}
	if !op.set {
		op.boldness = rules.DefaultBoldness
		if fop != nil {
			op.boldness, op.boldFromFile = fop.Boldness, true
		}
	}
	if err := rules.CannotPlay(rs, g); err != nil {
		if op.sideFromFile {
			return "", 1, fmt.Errorf("umpire play: %s: opponent: %v: remove the file's opponent: line to play its own moves", file, err)
		}
		return "", 2, fmt.Errorf("umpire play: %v", err)
	}
	if !slices.Contains(g.Sides(), op.side) {
		return "", 2, fmt.Errorf("umpire play: --opponent %s: the scenario's sides are %s", op.side, strings.Join(g.Sides(), ", "))
	}
	return "", 0, nil
}

// announce is the first line `umpire play` prints when umpire plays a side: the side, the
// boldness, and where each came from (the flags, the file's opponent: or the default).
func (op opponentArgs) announce() string {
	if op.sideFromFile && (op.boldFromFile || !op.set) {
		return fmt.Sprintf("umpire plays %s at boldness %g (from the file's opponent:; --opponent SIDE and --boldness B change them)", op.side, op.boldness)
	}
	side := "--opponent"
	switch {
	case op.sideFromFile:
		side = "from the file's opponent:"
	case op.fileSide != "" && op.fileSide != op.side:
		side = "--opponent, not the file's " + op.fileSide
	}
	bold := "the default"
	switch {
	case op.set:
		bold = "--boldness"
	case op.boldFromFile:
		bold = "from the file's opponent:"
	}
	return fmt.Sprintf("umpire plays %s (%s) at boldness %g (%s)", op.side, side, op.boldness, bold)
}

// playAgainst plays on game g (n steps played, dice src) with umpire playing op.side: whenever
// that side has a step to take umpire takes it, printing it and its reason; otherwise it reads
// the player's next line from stdin (a line of notation; blank lines and # comments are
// skipped) and referees it. A refused or unreadable line is printed and changes nothing. It
// stops at the end of the input.
func playAgainst(g rules.Game, n int, src dice.Source, op opponentArgs, stdout io.Writer) {
	p := g.(rules.Player)
	in := bufio.NewScanner(stdin)
	in.Buffer(make([]byte, 0, 4096), rules.MaxFileSize)
	waiting := false
	for run := 0; ; {
		if d, ok := p.Decide(op.side, op.boldness); ok && run < rules.TurnLimit {
			a, err := g.Parse(d.Line)
			if err != nil {
				fmt.Fprintf(stdout, "umpire could not read its own step %q (%v): your move\n", d.Line, err)
				run = rules.TurnLimit
				continue
			}
			rep, err := g.Do(a, n+1, src)
			fmt.Fprintln(stdout, rep.Detail.Text(rep))
			fmt.Fprintf(stdout, "       umpire (%s): %s\n", op.side, d.Reason)
			if err != nil {
				run = rules.TurnLimit // refused: never again this turn
				continue
			}
			n++
			run++
			waiting = false
			continue
		}
		run = 0
		if !waiting {
			fmt.Fprintf(stdout, "-- your move (umpire plays %s): a line of notation, end of input to stop\n", op.side)
			waiting = true
		}
		if !in.Scan() {
			return
		}
		line := strings.TrimSpace(in.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		a, err := g.Parse(line)
		if err != nil {
			rep := g.Unread(n+1, line, err)
			fmt.Fprintln(stdout, rep.Detail.Text(rep))
			continue
		}
		if sides, _, _ := g.Movers(a); len(sides) == 1 && sides[0] == op.side && !rules.HandsOver(g, a, rules.Opponent{Side: op.side, Boldness: op.boldness}) {
			fmt.Fprintf(stdout, "umpire plays %s: %q moves its units; play your side, enter an outside event, or begin its turn\n", op.side, line)
			continue
		}
		rep, err := g.Do(a, n+1, src)
		fmt.Fprintln(stdout, rep.Detail.Text(rep))
		if err == nil {
			n++
		}
	}
}
