package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/rules"
)

// stdin is where `umpire play --opponent` reads the player's lines (a test gives its own).
var stdin io.Reader = os.Stdin

// opponentArgs are `umpire play`'s opponent flags: the side umpire plays ("" for none) and
// its boldness.
type opponentArgs struct {
	side     string
	boldness float64
	set      bool // --boldness was given
}

// parseBoldness reads --boldness's value: a number from 0 (cautious) to 1 (bold).
func parseBoldness(s string) (float64, error) {
	b, err := strconv.ParseFloat(s, 64)
	if err != nil || b < 0 || b > 1 || b != b {
		return 0, fmt.Errorf("umpire play: --boldness takes a number from 0 (cautious) to 1 (bold), not %q", s)
	}
	return b, nil
}

// checkOpponent says why game g cannot have umpire play side ("" if it can).
func checkOpponent(rs rules.Ruleset, g rules.Game, side string) string {
	if err := rules.CannotPlay(rs, g); err != nil {
		return "umpire play: " + err.Error()
	}
	for _, s := range g.Sides() {
		if s == side {
			return ""
		}
	}
	return fmt.Sprintf("umpire play: --opponent %s: the scenario's sides are %s", side, strings.Join(g.Sides(), ", "))
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
