// Command umpire is a referee for WWII tactical wargames: it adjudicates ASL vehicle movement
// (chapter D2) step by step, explaining every MP and citing the rule for every refusal; it
// resolves Last Hundred Yards Assaults and fire, and runs Lightning War's Movement Phase on a
// tabletop measured in inches.
//
//	umpire serve                  the game server and web UI (see package server)
//	umpire play [FILE] [--json]   adjudicate a scenario's moves (no FILE: the built-in demo)
//	umpire check FILE...          play scenarios and compare with their expect: blocks
//
// It knows the rulesets imported below (each registers itself with package rules), and runs
// the commands they contribute (`umpire reach`, `umpire path`, `umpire odds`).
package main

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/umpire-referee/umpire/rules"

	// The rulesets umpire plays: each registers itself with package rules.
	_ "github.com/umpire-referee/umpire/asl/ruleset"
	_ "github.com/umpire-referee/umpire/lhy/ruleset"
	_ "github.com/umpire-referee/umpire/lightningwar/ruleset"
)

//go:embed demo/demo.yaml
var demo []byte

const usageHead = `umpire: a referee for WWII tactical wargames (ASL vehicle movement, chapter D2;
Last Hundred Yards Assault and fire resolution; Lightning War tabletop movement)

usage:
  umpire serve [--addr 127.0.0.1:8080] [--db FILE|postgres://...] [--no-demo]
                                the game server and its web UI; prints the demo game's links
  umpire play [FILE] [--json] [--svg OUT.svg]
                                adjudicate the moves of a scenario file, one line per step
                                (no FILE: play the built-in demo); --svg draws the table of a
                                ruleset that can (Lightning War) with each detachment's orders
  umpire check FILE...          play each file and compare with its expect: block
  umpire demo                   print the built-in demo scenario (a starting point for your own)
`

const usageTail = `
The scenario format and move notation: see the README and shared/spec/scenario-format.md.
`

// usage is the help text: the common commands, then each ruleset's own.
func usage() string {
	var b strings.Builder
	b.WriteString(usageHead)
	for _, rs := range rules.All() {
		if c, ok := rs.(rules.Commander); ok {
			for _, cmd := range c.Commands() {
				b.WriteString(cmd.Usage + "\n")
			}
		}
	}
	b.WriteString("rulesets: " + rules.Names() + "\n")
	b.WriteString(usageTail)
	return b.String()
}

// command finds a subcommand a ruleset contributes.
func command(name string) (rules.Command, bool) {
	for _, rs := range rules.All() {
		if c, ok := rs.(rules.Commander); ok {
			for _, cmd := range c.Commands() {
				if cmd.Name == name {
					return cmd, true
				}
			}
		}
	}
	return rules.Command{}, false
}

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage())
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
	case "serve":
		return serve(args[1:], stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage())
		return 0
	}
	if cmd, ok := command(args[0]); ok {
		return cmd.Run(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "umpire: unknown command %q\n\n%s", args[0], usage())
	return 2
}

// load reads a scenario file (path "": the built-in demo) with the ruleset it names.
func load(path string) (rules.Ruleset, rules.Scenario, error) {
	if path == "" {
		return rules.Load("demo.yaml (built in)", demo)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	return rules.Load(path, data)
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
	rs, sc, err := load(file)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	if _, ok := sc.Setup().(rules.Drawer); svg != "" && !ok {
		fmt.Fprintf(stderr, "umpire play: --svg draws a table, and %s games have none to draw (Lightning War's do)\n", rs.Title())
		return 2
	}
	f := sc.File()
	for _, w := range f.Warnings {
		fmt.Fprintln(stderr, "warning:", w)
	}
	enc := json.NewEncoder(stdout)
	if !asJSON {
		if file == "" {
			fmt.Fprintln(stdout, "Built-in demo. Play your own scenario with `umpire play FILE`; `umpire demo > my.yaml` gives you this one to edit.")
		}
		fmt.Fprintln(stdout, f.Name)
	}
	g, out := rules.Play(sc, nil, func(r *rules.Report) {
		if asJSON {
			enc.Encode(r.Detail.JSON(r))
			return
		}
		fmt.Fprintln(stdout, r.Detail.Text(r))
	})
	if !asJSON {
		if !f.HasSeed {
			fmt.Fprintf(stdout, "(dice seed %d: add `seed: %d` to replay these rolls)\n", out.Seed, out.Seed)
		}
		for _, line := range g.Summary() {
			fmt.Fprintln(stdout, line)
		}
	}
	if svg != "" {
		if err := writeSVG(svg, g.(rules.Drawer), f.Name); err != nil {
			fmt.Fprintln(stderr, "umpire play:", err)
			return 1
		}
	}
	if out.Stopped {
		return 1
	}
	return 0
}

func writeSVG(path string, d rules.Drawer, title string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	err = d.DrawSVG(f, title)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

func check(files []string, stdout, stderr io.Writer) int {
	if len(files) == 0 {
		fmt.Fprintln(stderr, "umpire check: name one or more scenario files")
		return 2
	}
	passed, failed := 0, 0
	for _, f := range files {
		if checkFile(f, stdout) {
			passed++
		} else {
			failed++
		}
	}
	fmt.Fprintf(stdout, "%d passed, %d failed\n", passed, failed)
	if failed > 0 {
		return 1
	}
	return 0
}

// checkFile checks one file, printing each failure as file:line: what.
func checkFile(file string, stdout io.Writer) bool {
	_, sc, err := load(file)
	if err != nil {
		fmt.Fprintln(stdout, err)
		return false
	}
	strict := sc.File().StrictWarnings && len(sc.File().Warnings) > 0
	if sc.File().StrictWarnings {
		// A misspelt field would leave an expectation unchecked: a warning fails the file.
		for _, w := range sc.File().Warnings {
			fmt.Fprintln(stdout, "warning:", w)
		}
	}
	fails := rules.Check(sc)
	for _, fl := range fails {
		fmt.Fprintf(stdout, "%s:%d: %s\n", file, fl.Line, fl.Msg)
	}
	return len(fails) == 0 && !strict
}
