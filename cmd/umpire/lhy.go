package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/umpire-referee/umpire/scenario"
)

// isLHY reports whether a scenario file says ruleset: lhy.
func isLHY(path string) bool {
	if path == "" {
		return false
	}
	data, err := os.ReadFile(path)
	return err == nil && scenario.Ruleset(data) == "lhy"
}

func loadLHY(path string) (*scenario.LHY, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return scenario.LoadLHY(path, data)
}

// rollSteps: the steps that roll for a result (Assault and fire), whose odds play shows.
func rollSteps(s *scenario.LHY) func(int) bool {
	return func(n int) bool {
		f := strings.Fields(strings.ToLower(s.Moves[n-1].Text))
		return len(f) > 0 && (f[0] == "assault" || f[0] == "resolve" || strings.HasPrefix(f[0], "fire"))
	}
}

func playLHY(file string, asJSON bool, stdout, stderr io.Writer) int {
	s, err := loadLHY(file)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	for _, w := range s.Warnings {
		fmt.Fprintln(stderr, "warning:", w)
	}
	enc := json.NewEncoder(stdout)
	if !asJSON {
		fmt.Fprintln(stdout, s.Name)
	}
	g, out := s.Play(rollSteps(s), func(st scenario.LHYStep) {
		if asJSON {
			enc.Encode(st.JSON)
			return
		}
		fmt.Fprintln(stdout, scenario.FormatLHYStep(st))
	})
	if !asJSON {
		if !s.HasSeed {
			fmt.Fprintf(stdout, "(dice seed %d: add `seed: %d` to replay these rolls)\n", out.Seed, out.Seed)
		}
		for i := range g.Units {
			u := &g.Units[i]
			who := string(u.Nation)
			if u.Side != who {
				who = u.Side + " " + who
			}
			fmt.Fprintf(stdout, "  %s (%s %s) in %s: %s\n", u.ID, who, u.Kind, g.Map.Name(u.At), u.Status())
		}
	}
	if out.Stopped {
		return 1
	}
	return 0
}

func checkLHY(file string, stdout io.Writer) bool {
	s, err := loadLHY(file)
	if err != nil {
		fmt.Fprintln(stdout, err)
		return false
	}
	// A misspelt field would leave an expectation unchecked: a warning fails the file.
	for _, w := range s.Warnings {
		fmt.Fprintln(stdout, "warning:", w)
	}
	g, out := s.Play(s.OddsWanted(), nil)
	fails := s.Check(g, out)
	for _, fl := range fails {
		fmt.Fprintf(stdout, "%s:%d: %s\n", file, fl.Line, fl.Msg)
	}
	return len(fails) == 0 && len(s.Warnings) == 0
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
		fmt.Fprintln(stderr, "usage: umpire odds FILE [--step N] [--json]")
		return 2
	}
	if !isLHY(file) {
		fmt.Fprintf(stderr, "umpire odds: %s is not a ruleset: lhy scenario\n", file)
		return 2
	}
	s, err := loadLHY(file)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	if step > len(s.Moves) {
		fmt.Fprintf(stderr, "umpire odds: the scenario has %d moves\n", len(s.Moves))
		return 2
	}
	want := rollSteps(s)
	if step > 0 {
		want = func(n int) bool { return n == step }
	}
	enc := json.NewEncoder(stdout)
	if !asJSON {
		fmt.Fprintln(stdout, s.Name)
	}
	shown, code := 0, 0
	s.Play(want, func(st scenario.LHYStep) {
		if !want(st.Step) {
			return
		}
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
		fmt.Fprint(stdout, scenario.FormatOdds(st.Odds))
	})
	if shown == 0 {
		fmt.Fprintln(stderr, "umpire odds: no Assault or fire step to give odds for (use --step N for another step)")
		return 1
	}
	return code
}

func toOddsJSON(st scenario.LHYStep) oddsJSON {
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
