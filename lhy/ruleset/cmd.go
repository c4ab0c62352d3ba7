package ruleset

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/umpire-referee/umpire/lhy/lhyfile"
	"github.com/umpire-referee/umpire/rules"
)

// The command Last Hundred Yards contributes to umpire: odds.

// oddsSynopsis is how to call `umpire odds`.
const oddsSynopsis = "umpire odds FILE [--step N] [--json]"

// Commands is `umpire odds`.
func (Ruleset) Commands() []rules.Command {
	return []rules.Command{{Name: "odds", Run: odds, Synopsis: oddsSynopsis,
		Summary: "the exact chance of every outcome of each Last Hundred Yards Assault and fire step, before its roll",
		About: `FILE is a Last Hundred Yards scenario (ruleset: lhy). Its moves are played in order, and
before each Assault or fire step rolls, odds prints that step's outcomes and the chance of each
(casualties, disruptions, Cohesion Checks, ...), worked out exactly by enumerating the dice.
A refused step is printed as umpire play prints it, and odds exits 1.`,
		Flags: []rules.Flag{
			{Name: "--step", Arg: "N", Text: "only step N (counted from 1), whatever it is"},
			{Name: "--json", Text: "one JSON object per step: its facts' chances and its outcomes, each as a float and an exact fraction"},
		},
		Examples: []rules.Example{
			{Line: "umpire odds testdata/lhy/14.3-manual-example.yaml", Text: "the manual's example: an Assault on a rural building, then fire"},
			{Line: "umpire odds testdata/lhy/14.3-manual-example.yaml --step 1 --json", Text: "its first step's odds, as JSON"},
		}}}
}

// oddsJSON is one step's distribution in --json.
type oddsJSON struct {
	Step     int                `json:"step"`
	Action   string             `json:"action"`
	Facts    map[string]float64 `json:"facts"`
	Exact    map[string]string  `json:"exact"`
	Outcomes []outcomeJSON      `json:"outcomes"`
}

type outcomeJSON struct {
	P     float64  `json:"p"`
	Exact string   `json:"exact"`
	Facts []string `json:"facts"`
}

func odds(args []string, stdout, stderr io.Writer) int {
	file, step, asJSON := "", 0, false
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "--json" || a == "-json":
			asJSON = true
		case a == "--step" || a == "-step":
			if i+1 >= len(args) {
				fmt.Fprintln(stderr, "umpire odds: --step needs a number")
				return 2
			}
			n, err := strconv.Atoi(args[i+1])
			if err != nil || n < 1 {
				fmt.Fprintln(stderr, "umpire odds: --step needs a step number from 1")
				return 2
			}
			step = n
			i++
		case strings.HasPrefix(a, "-"):
			fmt.Fprintf(stderr, "umpire odds: unknown flag %s\n", a)
			return 2
		case file == "":
			file = a
		default:
			fmt.Fprintln(stderr, "umpire odds: one scenario file at a time")
			return 2
		}
	}
	if file == "" {
		fmt.Fprintln(stderr, "usage: "+oddsSynopsis)
		return 2
	}
	data, err := os.ReadFile(file)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	if name, _ := rules.Named(data); name != "lhy" {
		fmt.Fprintf(stderr, "umpire odds: %s is not a ruleset: lhy scenario\n", file)
		return 2
	}
	rs, err := Ruleset{}.Load(file, data, rules.Limits{})
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	sc := rs.(*Scenario)
	if step > len(sc.f.Moves) {
		fmt.Fprintf(stderr, "umpire odds: the scenario has %d moves\n", len(sc.f.Moves))
		return 2
	}
	setup := sc.Setup().(*Game)
	want := func(n int) bool { return setup.WantPreview(&Action{Text: sc.f.Moves[n-1].Text}) }
	if step > 0 {
		want = func(n int) bool { return n == step }
	}
	enc := json.NewEncoder(stdout)
	if !asJSON {
		fmt.Fprintln(stdout, sc.f.Name)
	}
	shown, code := 0, 0
	rules.Play(sc, want, func(r *rules.Report) {
		if !want(r.Step) {
			return
		}
		st := stepOf(r)
		shown++
		if st.Odds == nil {
			// A refused step: say why, as play would.
			if st.Err != nil {
				fmt.Fprintf(stdout, "%2d. %s\n    REFUSED: %v\n", st.Step, st.Action, st.Err)
				code = 1
			}
			return
		}
		if asJSON {
			enc.Encode(toOddsJSON(st))
			return
		}
		fmt.Fprintf(stdout, "%2d. %s\n", st.Step, st.Action)
		fmt.Fprint(stdout, lhyfile.FormatOdds(st.Odds))
	})
	if shown == 0 {
		fmt.Fprintln(stderr, "umpire odds: no Assault or fire step to give odds for (use --step N for another step)")
		return 1
	}
	return code
}

func toOddsJSON(st lhyfile.LHYStep) oddsJSON {
	j := oddsJSON{Step: st.Step, Action: st.Action, Facts: map[string]float64{}, Exact: map[string]string{}}
	for k, p := range st.Odds.Marginal {
		f, _ := p.Float64()
		j.Facts[k] = f
		j.Exact[k] = p.RatString()
	}
	for _, o := range st.Odds.Outcomes {
		f, _ := o.P.Float64()
		j.Outcomes = append(j.Outcomes, outcomeJSON{P: f, Exact: o.P.RatString(), Facts: o.Keys})
	}
	return j
}
