// Command umpire is a referee for WWII tactical wargames: it adjudicates ASL vehicle movement
// (chapter D2) step by step, explaining every MP and citing the rule for every refusal; it
// resolves Last Hundred Yards Assaults and fire, and runs Lightning War's Movement Phase on a
// tabletop measured in inches.
//
//	umpire serve                  the game server and web UI (see package server)
//	umpire play [FILE] [--json]   adjudicate a scenario's moves (no FILE: the built-in demo)
//	umpire check FILE...          play scenarios and compare with their expect: blocks
package main

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/umpire-referee/umpire/scenario"
)

//go:embed demo/demo.yaml
var demo []byte

const usage = `umpire: a referee for WWII tactical wargames (ASL vehicle movement, chapter D2;
Last Hundred Yards Assault and fire resolution; Lightning War tabletop movement)

usage:
  umpire serve [--addr 127.0.0.1:8080] [--db FILE|postgres://...] [--no-demo]
                                the game server and its web UI; prints the demo game's links
  umpire play [FILE] [--json] [--svg OUT.svg]
                                adjudicate the moves of a scenario file, one line per step
                                (no FILE: play the built-in demo); --svg draws a Lightning War
                                table with each detachment's orders and where it got to
  umpire check FILE...          play each file and compare with its expect: block
  umpire demo                   print the built-in demo scenario (a starting point for your own)
  umpire reach FILE UNIT [--divide] [--esb] [--json]
                                every place UNIT can reach for the rest of its MPh (after the
                                file's moves), with its least MP and chance of arriving Mobile
  umpire path FILE UNIT HEX [--max-risk P] [--esb] [--json]
                                the cheapest legal way there, as move notation with costs
  umpire odds FILE [--step N] [--json]
                                Last Hundred Yards (ruleset: lhy): the exact chance of every
                                outcome of each Assault and fire step, before its roll

The scenario format and move notation: see the README and shared/spec/scenario-format.md.
`

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch args[0] {
	case "play":
		return play(args[1:], stdout, stderr)
	case "check":
		return check(args[1:], stdout, stderr)
	case "demo":
		stdout.Write(demo)
		return 0
	case "reach":
		return reach(args[1:], stdout, stderr)
	case "path":
		return path(args[1:], stdout, stderr)
	case "serve":
		return serve(args[1:], stdout, stderr)
	case "odds":
		return odds(args[1:], stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "umpire: unknown command %q\n\n%s", args[0], usage)
	return 2
}

func load(path string) (*scenario.Scenario, error) {
	if path == "" {
		return scenario.Load("demo.yaml (built in)", demo)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return scenario.Load(path, data)
}

func play(args []string, stdout, stderr io.Writer) int {
	asJSON := false
	file, svg := "", ""
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--json" || a == "-json":
			asJSON = true
		case a == "--svg" || a == "-svg":
			if i+1 >= len(args) {
				fmt.Fprintln(stderr, "umpire play: --svg needs a file to write")
				return 2
			}
			svg = args[i+1]
			i++
		case len(a) > 1 && a[0] == '-':
			fmt.Fprintf(stderr, "umpire play: unknown flag %s\n", a)
			return 2
		case file == "":
			file = a
		default:
			fmt.Fprintln(stderr, "umpire play: one scenario file at a time")
			return 2
		}
	}
	switch rulesetOf(file) {
	case "lhy":
		return playLHY(file, asJSON, stdout, stderr)
	case "lightningwar":
		return playLW(file, asJSON, svg, stdout, stderr)
	}
	if svg != "" {
		fmt.Fprintln(stderr, "umpire play: --svg draws a Lightning War table (ruleset: lightningwar)")
		return 2
	}
	s, err := load(file)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	for _, w := range s.Warnings {
		fmt.Fprintln(stderr, "warning:", w)
	}
	enc := json.NewEncoder(stdout)
	if !asJSON {
		if file == "" {
			fmt.Fprintln(stdout, "Built-in demo. Play your own scenario with `umpire play FILE`; `umpire demo > my.yaml` gives you this one to edit.")
		}
		fmt.Fprintf(stdout, "%s\n", s.Name)
	}
	out := s.Play(func(so scenario.StepOut) {
		if asJSON {
			enc.Encode(so)
			return
		}
		fmt.Fprintln(stdout, scenario.FormatStep(so))
	})
	if !asJSON {
		if !s.HasSeed {
			fmt.Fprintf(stdout, "(dice seed %d: add `seed: %d` to replay these rolls)\n", out.Seed, out.Seed)
		}
		for i := range s.Game.Units {
			fmt.Fprintln(stdout, "  "+scenario.Describe(&s.Game.Units[i], s.Game.Map.Layout))
		}
	}
	if out.Stopped {
		return 1
	}
	return 0
}

func check(files []string, stdout, stderr io.Writer) int {
	if len(files) == 0 {
		fmt.Fprintln(stderr, "umpire check: name one or more scenario files")
		return 2
	}
	passed, failed := 0, 0
	for _, f := range files {
		if rulesetOf(f) == "lightningwar" {
			if checkLW(f, stdout) {
				passed++
			} else {
				failed++
			}
			continue
		}
		if isLHY(f) {
			if checkLHY(f, stdout) {
				passed++
			} else {
				failed++
			}
			continue
		}
		s, err := load(f)
		if err != nil {
			fmt.Fprintln(stdout, err)
			failed++
			continue
		}
		out := s.Play(nil)
		fails := s.Check(out)
		if len(fails) == 0 {
			passed++
			continue
		}
		failed++
		for _, fl := range fails {
			fmt.Fprintf(stdout, "%s:%d: %s\n", f, fl.Line, fl.Msg)
		}
	}
	fmt.Fprintf(stdout, "%d passed, %d failed\n", passed, failed)
	if failed > 0 {
		return 1
	}
	return 0
}
