package ruleset

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	lw "github.com/umpire-referee/umpire/lightningwar"
	"github.com/umpire-referee/umpire/rules"
	"github.com/umpire-referee/umpire/words"
)

// The command Lightning War contributes to umpire: lw, with its subcommand measure (the
// ruler).

const measureSynopsis = "umpire lw measure FILE X1,Y1 X2,Y2 [--det D] [--after N] [--json]"

// Commands is `umpire lw`.
func (Ruleset) Commands() []rules.Command {
	return []rules.Command{{Name: "lw", Run: lwCmd, Synopsis: measureSynopsis,
		Summary: "Lightning War tools: measure, the ruler: the distance between two points of the table, the ground between them, and a detachment's time to cover it",
		About: `FILE is a Lightning War scenario (ruleset: lightningwar); points are x,y in inches from the
table's lower-left corner. measure prints the straight line's length in inches and metres
(1" = 50 m), each leg of ground it crosses with its factor (the ground's, or the road's 1, plus
the slope's modifier: speed is divided by it), the choke points it passes and the streams it
crosses (and whether a road bridges them). With --det D it also walks detachment D along the
line as the Movement Phase would (its slowest unit, its ordered pace, road speed only for a turn
wholly on road, no two turns running), with nothing in its way, and says how many turns that
takes and about how long (a turn is about a minute). The scenario's moves are not played unless
--after N asks for its first N.`,
		Flags: []rules.Flag{
			{Name: "--det", Arg: "D", Text: "also give detachment D's time to cover the line, at its pace"},
			{Name: "--after", Arg: "N", Text: "measure after the scenario's first N moves (default 0: on the set-up)"},
			{Name: "--json", Text: "one JSON object: from, to, inches, metres, legs, streams, det (as the API's /measure answers)"},
		},
		Examples: []rules.Example{
			{Line: "umpire lw measure server/demo-lw.yaml 4,16 30,16 --det PzZug", Text: "down the Kursk road over the Mill bridge: how far, and how long for the panzers"},
			{Line: "umpire lw measure testdata/lightningwar/seed-broken-gentle-slope.yaml 5,10 11,10 --det A --json", Text: "up the seed's broken gentle slope, as JSON"},
		}}}
}

// lwCmd runs `umpire lw SUBCOMMAND ...`.
func lwCmd(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintf(stderr, "umpire lw: name the tool: measure\nusage: %s\n", measureSynopsis)
		return 2
	}
	switch args[0] {
	case "measure":
		return measure(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "umpire lw: unknown tool %q (measure)\n", args[0])
	return 2
}

// measureArgs are measure's arguments.
type measureArgs struct {
	file     string
	from, to lw.Point
	det      string
	after    int
	json     bool
}

// parseMeasureArgs reads FILE X1,Y1 X2,Y2 and the flags; a usage error is written to stderr
// and answers false.
func parseMeasureArgs(args []string, stderr io.Writer) (measureArgs, bool) {
	var ma measureArgs
	var pos []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--json":
			ma.json = true
		case a == "--det" || a == "--after":
			if i+1 >= len(args) {
				fmt.Fprintf(stderr, "umpire lw measure: %s needs a value\n", a)
				return ma, false
			}
			i++
			if a == "--det" {
				ma.det = args[i]
				continue
			}
			n, err := strconv.Atoi(args[i])
			if err != nil || n < 0 {
				fmt.Fprintf(stderr, "umpire lw measure: --after takes a number of moves from 0, not %q\n", args[i])
				return ma, false
			}
			ma.after = n
		case strings.HasPrefix(a, "-") && !lw.IsPoint(a):
			fmt.Fprintf(stderr, "umpire lw measure: unknown flag %s\n", a)
			return ma, false
		default:
			pos = append(pos, a)
		}
	}
	if len(pos) != 3 {
		fmt.Fprintf(stderr, "usage: %s\n", measureSynopsis)
		return ma, false
	}
	ma.file = pos[0]
	for i, s := range pos[1:] {
		p, err := lw.ParsePoint(s)
		if err != nil {
			fmt.Fprintf(stderr, "umpire lw measure: %v\n", err)
			return ma, false
		}
		if i == 0 {
			ma.from = p
		} else {
			ma.to = p
		}
	}
	return ma, true
}

// measure is `umpire lw measure`: the ruler on a scenario's table, as the referee knows it.
func measure(args []string, stdout, stderr io.Writer) int {
	ma, ok := parseMeasureArgs(args, stderr)
	if !ok {
		return 2
	}
	g, code := playFirst(ma.file, ma.after, stderr)
	if g == nil {
		return code
	}
	m, err := g.Measure(lw.RefereeView, ma.from, ma.to, ma.det)
	if err != nil {
		fmt.Fprintln(stderr, "umpire lw measure:", err)
		return 1
	}
	if ma.json {
		json.NewEncoder(stdout).Encode(MeasureOf(m))
		return 0
	}
	fmt.Fprint(stdout, m.Text())
	return 0
}

// playFirst loads a Lightning War scenario and plays its first n moves with its dice: the game
// they leave, or nil and the exit status (2 for n beyond the moves).
func playFirst(file string, n int, stderr io.Writer) (*lw.Game, int) {
	data, err := os.ReadFile(file)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return nil, 1
	}
	rs, sc, err := rules.Load(file, data)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return nil, 1
	}
	if rs.Name() != "lightningwar" {
		fmt.Fprintf(stderr, "umpire lw measure: %s is %s scenario; the ruler measures a Lightning War table\n", file, words.A(rs.Title()))
		return nil, 1
	}
	f := sc.File()
	if n > len(f.Moves) {
		fmt.Fprintf(stderr, "umpire lw measure: --after %d: %s has %d moves\n", n, file, len(f.Moves))
		return nil, 2
	}
	g, _, err := rules.PlayFirst(sc, n)
	if err != nil {
		fmt.Fprintf(stderr, "umpire lw measure: the scenario's moves stop at %v; measuring from there\n", err)
	}
	return g.(*Game).G, 0
}
