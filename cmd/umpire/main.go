// Command umpire is a referee for WWII tactical wargames: it adjudicates ASL vehicle movement
// (chapter D2) step by step, explaining every MP and citing the rule for every refusal; it
// resolves Last Hundred Yards Assaults and fire, and runs Lightning War's Movement Phase on a
// tabletop measured in inches.
//
//	umpire serve                  the game server and web UI (see package server)
//	umpire games [--new-links ID] the games a server keeps; new links for one of them
//	umpire play [FILE] [--json]   adjudicate a scenario's moves (no FILE: the built-in demo)
//	umpire check FILE...          play scenarios and compare with their expect: blocks
//	umpire help [COMMAND]         the commands, or one command's usage, flags and examples
//
// It knows the rulesets imported below (each registers itself with package rules), and runs
// the commands they contribute (`umpire reach`, `umpire path`, `umpire odds`). Every command
// answers --help; a usage error exits 2 and points to `umpire help`.
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

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// run runs the command args name, writing to stdout and stderr, and returns the exit status:
// 0, 1 when what was asked failed, 2 for a usage error (with a pointer to the help).
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, overview())
		return 2
	}
	name, rest := args[0], args[1:]
	if wantsHelp(args[:1]) {
		name, rest = "help", nil // `umpire --help`
	}
	e, ok := lookup(name)
	if !ok {
		fmt.Fprintf(stderr, "umpire: unknown command %q%s\nRun `umpire help` for the list of commands.\n", name, didYouMean(name))
		return 2
	}
	if wantsHelp(rest) {
		fmt.Fprint(stdout, page(e))
		return 0
	}
	said := &recorder{w: stderr}
	code := e.cmd.Run(rest, stdout, said)
	if code == 2 {
		if name == "help" {
			fmt.Fprintln(stderr, "Run `umpire help` for the list of commands.")
		} else if near, who := misspelt(e, said.kept); near != "" {
			fmt.Fprintf(stderr, "%s: %s Run `umpire help %s` for its flags.\n", who, near, name)
		} else {
			fmt.Fprintf(stderr, "Run `umpire help %s` for its usage, flags and examples.\n", name)
		}
	}
	return code
}

// demoCmd is `umpire demo`: the built-in demo scenario.
func demoCmd(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintf(stderr, "umpire demo takes no arguments, not %q\n", args[0])
		return 2
	}
	stdout.Write(demo)
	return 0
}

// load reads a scenario file (path "": the built-in demo) with the ruleset it names, its
// saved map (if it names one) taken from maps.
func load(path string, maps rules.SavedMaps) (rules.Ruleset, rules.Scenario, error) {
	if path == "" {
		return rules.Load("demo.yaml (built in)", demo)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	if data, err = rules.Inline(path, data, maps); err != nil {
		return nil, nil, err
	}
	return rules.Load(path, data)
}

func play(args []string, stdout, stderr io.Writer) int {
	dsn, args, err := storeFlag("play", args)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	asJSON := false
	file, svg := "", ""
	var op opponentArgs
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--json" || a == "-json":
			asJSON = true
		case a == "--opponent" || a == "-opponent" || a == "--boldness" || a == "-boldness":
			if i+1 >= len(args) {
				fmt.Fprintf(stderr, "umpire play: %s needs a value\n", a)
				return 2
			}
			if strings.HasSuffix(a, "opponent") {
				op.side = args[i+1]
			} else {
				b, err := parseBoldness(args[i+1])
				if err != nil {
					fmt.Fprintln(stderr, err)
					return 2
				}
				op.boldness, op.set = b, true
			}
			i++
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
	maps, closeStore, err := savedMaps(dsn)
	if err != nil {
		fmt.Fprintln(stderr, "umpire play:", err)
		return 1
	}
	defer closeStore()
	rs, sc, err := load(file, maps)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	f := sc.File()
	name := file
	if name == "" {
		name = "demo.yaml (built in)"
	}
	note, code, err := op.settle(rs, sc.Setup(), name, f.Opponent, asJSON)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return code
	}
	if _, ok := sc.Setup().(rules.Drawer); svg != "" && !ok {
		fmt.Fprintf(stderr, "umpire play: --svg draws a table, and %s games have none to draw (Lightning War's do)\n", rs.Title())
		return 2
	}
	if note != "" {
		fmt.Fprintln(stderr, note)
	}
	for _, w := range f.Warnings {
		fmt.Fprintln(stderr, "warning:", w)
	}
	enc := json.NewEncoder(stdout)
	if !asJSON {
		if op.side != "" {
			fmt.Fprintln(stdout, op.announce())
		}
		if file == "" {
			fmt.Fprintln(stdout, "Built-in demo. Play your own scenario with `umpire play FILE`; `umpire demo > my.yaml` gives you this one to edit.")
		}
		fmt.Fprintln(stdout, f.Name)
	}
	src, seed := rules.Dice(f)
	g, out := rules.PlayWith(sc, src, seed, nil, func(r *rules.Report) {
		if asJSON {
			enc.Encode(r.Detail.JSON(r))
			return
		}
		fmt.Fprintln(stdout, r.Detail.Text(r))
	})
	if op.side != "" && !out.Stopped {
		playAgainst(g, len(out.Steps), src, op, stdout)
	}
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

func check(args []string, stdout, stderr io.Writer) int {
	dsn, files, err := storeFlag("check", args)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	if len(files) == 0 {
		fmt.Fprintln(stderr, "umpire check: name one or more scenario files")
		return 2
	}
	for _, f := range files {
		if strings.HasPrefix(f, "-") {
			fmt.Fprintf(stderr, "umpire check: unknown flag %s (check takes files and --store DSN)\n", f)
			return 2
		}
	}
	maps, closeStore, err := savedMaps(dsn)
	if err != nil {
		fmt.Fprintln(stderr, "umpire check:", err)
		return 1
	}
	defer closeStore()
	passed, failed := 0, 0
	for _, f := range files {
		if checkFile(f, maps, stdout) {
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
func checkFile(file string, maps rules.SavedMaps, stdout io.Writer) bool {
	_, sc, err := load(file, maps)
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
