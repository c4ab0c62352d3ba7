package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/umpire-referee/umpire/rules"
	"github.com/umpire-referee/umpire/scenario"
)

// The command line explains itself: `umpire help` lists the commands, `umpire help NAME` and
// `umpire NAME --help` print one command's page (usage, flags, examples). The built-in commands
// are described here; a ruleset's own commands come with their pages (rules.Command).

const overviewHead = `umpire: a referee for WWII tactical wargames (ASL vehicle movement, chapter D2;
Last Hundred Yards Assault and fire resolution; Lightning War tabletop movement)

usage: umpire COMMAND [ARGUMENTS]

commands:
`

const overviewTail = `
Run ` + "`umpire help COMMAND`" + ` (or ` + "`umpire COMMAND --help`" + `) for a command's flags and examples.
The scenario formats and their move notation are in the repository's docs/: asl-scenarios.md,
lhy-scenarios.md and lightningwar-scenarios.md.
`

// helpFlag is the flag every command takes.
var helpFlag = rules.Flag{Name: "-h, --help", Text: "print this help and exit"}

// storeFlagHelp is play's and check's --store.
var storeFlagHelp = rules.Flag{Name: "--store", Arg: "DSN", Text: "where saved maps are kept (a SQLite file, as umpire serve --db, or a postgres:// URL): a file's map: {saved: NAME} or table: {saved: NAME} is read from it"}

// entry is a command umpire runs: one of its own, or a ruleset's (rs not nil).
type entry struct {
	cmd rules.Command
	rs  rules.Ruleset
}

// builtins are umpire's own commands.
func builtins() []rules.Command {
	limitFlags, limitSynopsis := limitHelp()
	return []rules.Command{
		{Name: "serve", Run: serve, Synopsis: "umpire serve [--addr HOST:PORT] [--db FILE|postgres://...] [--no-demo] [--write-timeout D] [--read-timeout D] [--idle-timeout D] [--sse-buffer N] [--idle-evict D] [--trusted-proxies CIDRS] [--no-limits] [--max-maps N] [--memory-limit SIZE] [--cache-limit SIZE] [--cache-total SIZE] [--work-share F] [--pprof ADDR] " + limitSynopsis,
			Summary: "the game server and its web UI; prints the demo games' links",
			About: `Serves the games of every ruleset over HTTP (the API of docs/api.md) with the browser UI,
until interrupted. Each game has a link per side and one for the referee; at start it creates
demo games (ASL, Last Hundred Yards, Lightning War) and prints their links.`,
			Flags: append([]rules.Flag{
				{Name: "--addr", Arg: "HOST:PORT", Text: "the address to listen on (default 127.0.0.1:8080; port 0: any free port)"},
				{Name: "--db", Arg: "FILE|URL", Text: "where games are kept: a SQLite file (default " + defaultDB() + "), or a postgres:// URL"},
				{Name: "--no-demo", Text: "do not create the demo games at start"},
				{Name: "--write-timeout", Arg: "D", Text: "time to write one answer or event to a client before it is cut off (default 10s)"},
				{Name: "--read-timeout", Arg: "D", Text: "time to read one request, body included (default 30s)"},
				{Name: "--idle-timeout", Arg: "D", Text: "an idle kept-alive connection is closed after D (default 2m)"},
				{Name: "--sse-buffer", Arg: "N", Text: "events an event stream may fall behind before it is dropped; the page reconnects (default 64)"},
				{Name: "--idle-evict", Arg: "D", Text: "a game unused for D with no event stream leaves memory until its next request (default 10m; 0: never)"},
				{Name: "--trusted-proxies", Arg: "CIDRS", Text: "proxies whose X-Forwarded-For names the client, for the rate limits"},
				{Name: "--no-limits", Text: "no rate limits per client address (local play); docs/api.md lists the limits"},
				{Name: "--max-maps", Arg: "N", Text: "the most saved maps the store may hold; a new one past it is refused 422 (default 1000)"},
				{Name: "--memory-limit", Arg: "SIZE", Text: "a ceiling on the server's memory (bytes, or 500MB, 1GiB; default GOMEMLIMIT, or none): the garbage collector, which runs at GOGC=400 unless GOGC is set, works harder near it, and the server forgets kept answers, then sends idle games out of memory, then answers new expensive work 503 (see docs/api.md)"},
				{Name: "--cache-limit", Arg: "SIZE", Text: "the most bytes of answers (routes, reach views, compiled graphs) one game keeps to answer again (default 32MB)"},
				{Name: "--work-share", Arg: "F", Text: "the part of the machine's cores all expensive requests (reach, path, odds, grids, creating games) together may take over time, past a burst of two seconds of work; past it they wait, or are answered 503 with Retry-After (default 0.25)"},
				{Name: "--pprof", Arg: "ADDR", Text: "serve Go's profiler (net/http/pprof) on ADDR, apart from the game server: keep it on loopback (127.0.0.1:6060)"},
				{Name: "--cache-total", Arg: "SIZE", Text: "the most bytes of kept answers of all games together (default 256MB)"},
			}, limitFlags...),
			Examples: []rules.Example{
				{Line: "umpire serve", Text: "on http://127.0.0.1:8080, with the demo games"},
				{Line: "umpire serve --addr 127.0.0.1:0 --db games.db --no-demo", Text: "on any free port, games kept in games.db, no demo games"},
			}},
		{Name: "games", Run: gamesCmd, Synopsis: "umpire games [--db FILE|postgres://...] [--new-links ID [--base URL]]",
			Summary: "list the games a server keeps, or give one game new links",
			About: `Lists the games kept in the store umpire serve --db uses (the same default): each game's id,
name, ruleset, number of steps and last change (its last step, else its creation; UTC), the
last changed first. The store keeps only a digest of each link's token, so a lost link cannot
be read back: --new-links ID gives every role of the game (each side, the referee, the
spectator) a new link, and the old ones stop working. The links are printed as umpire serve
prints the demo games', after the server's address (--base; umpire serve's default address
unless given). A server running on the store takes the new links within seconds: the old ones
then open nothing, and pages open with them lose their event streams.`,
			Flags: []rules.Flag{
				{Name: "--db", Arg: "FILE|URL", Text: "the store: the SQLite file umpire serve --db keeps games in (default " + defaultDB() + "), or a postgres:// URL"},
				{Name: "--new-links", Arg: "ID", Text: "give game ID new links for every role, and print them; its old links stop working"},
				{Name: "--base", Arg: "URL", Text: "the server's address before each new link (default " + defaultBase + ", umpire serve's default --addr)"},
			},
			Examples: []rules.Example{
				{Line: "umpire games", Text: "the games in the default store, the last changed first"},
				{Line: "umpire games --db games.db --new-links Xq3v9aBc1 --base http://192.168.1.20:8080", Text: "new links for game Xq3v9aBc1 of the server that keeps its games in games.db, at the address its players reach"},
			}},
		{Name: "play", Run: play, Synopsis: "umpire play [FILE] [--json] [--svg OUT.svg] [--store DSN] [--opponent SIDE [--boldness B]]",
			Summary: "adjudicate the moves of a scenario file, one line per step (no FILE: the built-in demo)",
			About: `FILE is a scenario of any ruleset (its ruleset: line says which). Each move is played in
order: umpire prints what it cost and why (each term with its rule), the dice it rolled, and
what happened. A refused step prints the rule that forbids it and play stops there with exit
status 1. A file without a seed: rolls differently each time and prints the seed it used. A file
that takes its map from a saved map (map: {saved: NAME}, table: {saved: NAME}) needs --store.
With --opponent SIDE, umpire then plays SIDE against you, after the file's own moves: it takes
that side's steps whenever it has one to take (in ASL, its side's Movement Phase, toward the
scenario's objectives), printing each with its reason, and reads your lines of notation from
standard input, one a line, until the input ends; then it prints how the objectives stand. A
file with opponent: {side: SIDE, boldness: B} plays against umpire so without the flag (--json
plays its own moves only); --opponent and --boldness override the file's. The first line says
whom umpire plays, at what boldness, and where each came from.`,
			Flags: []rules.Flag{
				storeFlagHelp,
				{Name: "--opponent", Arg: "SIDE", Text: "umpire plays SIDE against you, reading your moves from standard input (ASL; Lightning War: its orders)"},
				{Name: "--boldness", Arg: "B", Text: "the risk the opponent accepts for time, from 0 (cautious) to 1 (bold); default the file's opponent: boldness, else 0.5"},
				{Name: "--json", Text: "one JSON object per step (step, unit, action, mp, total, breakdown, rules, dice, events, error)"},
				{Name: "--svg", Arg: "OUT.svg", Text: "also draw the table with each detachment's orders to OUT.svg, its areas named and a legend under it (rulesets that have a table: Lightning War)"},
			},
			Examples: []rules.Example{
				{Line: "umpire play", Text: "the built-in demo (cmd/umpire/demo/demo.yaml)"},
				{Line: "umpire play testdata/examples/d2.21-reverse-vbm.yaml", Text: "the D2.21 EX: a BT-7 backs along a hexside in Bypass"},
				{Line: "umpire play --json testdata/examples/d2.33-enter-j2-bogged.yaml", Text: "the D2.33 EX's Tiger bogging in J2, as JSON"},
				{Line: "umpire play testdata/lightningwar/seed-broken-gentle-slope.yaml --svg table.svg", Text: "a Lightning War movement, and its table drawn in table.svg"},
				{Line: "umpire play testdata/objectives/exit-edge-points.yaml --opponent German --boldness 0.8", Text: "play the Russian against umpire's German, which drives for the east edge"},
			}},
		{Name: "check", Run: check, Synopsis: "umpire check [--store DSN] FILE...",
			Summary: "play each file and compare with its expect: block",
			About: `Plays each scenario file and checks what its expect: block says (a step's MP, total, dice or
refusal; a unit's hex, VCA, MP or state). Prints each expectation that failed as FILE:LINE: what,
then "N passed, N failed"; exits 0 only when every file passed.`,
			Flags: []rules.Flag{storeFlagHelp},
			Examples: []rules.Example{
				{Line: "umpire check testdata/examples/*.yaml", Text: "every rulebook example of the repository"},
				{Line: "umpire check cmd/umpire/demo/demo.yaml", Text: "one file"},
			}},
		{Name: "demo", Run: demoCmd, Synopsis: "umpire demo",
			Summary: "print the built-in demo scenario (a starting point for your own)",
			About: `Prints the scenario umpire play plays without a FILE (cmd/umpire/demo/demo.yaml in the
repository). Save it under a name of your own, change the units and moves, and play that file.`,
			Examples: []rules.Example{
				{Line: "umpire demo", Text: "print it"},
			}},
		{Name: "rules", Run: rulesCmd, Synopsis: "umpire rules [RULESET]",
			Summary: "list the rules a ruleset's steps may cite, each id with its title",
			About: `Prints the rule list of RULESET (asl, lhy, lightningwar), or of every ruleset: each rule
a step may cite, as a refusal, a cost term, a roll or an event, with what it is about. A report
cites nothing else; the tests hold every golden and every random game to the list.`,
			Examples: []rules.Example{
				{Line: "umpire rules lhy", Text: "the Last Hundred Yards rules, 14.0 Assault to 14.3.3 Retreat"},
				{Line: "umpire rules", Text: "every ruleset's list"},
			}},
		{Name: "help", Run: helpCmd, Synopsis: "umpire help [COMMAND]",
			Summary: "list the commands, or print one command's usage, flags and examples",
			Examples: []rules.Example{
				{Line: "umpire help", Text: "the list of commands"},
				{Line: "umpire help path", Text: "the page of umpire path (as umpire path --help prints it)"},
			}},
	}
}

// commands are every command umpire runs: its own, then each ruleset's.
func commands() []entry {
	var out []entry
	for _, c := range builtins() {
		out = append(out, entry{cmd: c})
	}
	for _, rs := range rules.All() {
		if c, ok := rs.(rules.Commander); ok {
			for _, cmd := range c.Commands() {
				out = append(out, entry{cmd: cmd, rs: rs})
			}
		}
	}
	return out
}

// lookup finds a command by name.
func lookup(name string) (entry, bool) {
	for _, e := range commands() {
		if e.cmd.Name == name {
			return e, true
		}
	}
	return entry{}, false
}

// overview is the list of commands `umpire help` prints.
func overview() string {
	var b strings.Builder
	b.WriteString(overviewHead)
	for _, e := range commands() {
		b.WriteString("  " + e.cmd.Synopsis + "\n")
		summary := e.cmd.Summary
		if e.rs != nil {
			summary += " (ruleset " + e.rs.Name() + ")"
		}
		b.WriteString(wrap(summary, "        ", 96))
	}
	b.WriteString("\nrulesets: " + rules.Names() + "\n")
	b.WriteString(overviewTail)
	return b.String()
}

// page is one command's help: usage, what it does, its flags and examples.
func page(e entry) string {
	var b strings.Builder
	c := e.cmd
	fmt.Fprintf(&b, "usage: %s\n\n", c.Synopsis)
	b.WriteString(wrap(sentence(c.Summary), "", 96))
	if e.rs != nil {
		fmt.Fprintf(&b, "A command of the %s ruleset (ruleset: %s).\n", e.rs.Title(), e.rs.Name())
	}
	if c.About != "" {
		b.WriteString("\n" + strings.TrimSpace(c.About) + "\n")
	}
	flags := append(append([]rules.Flag(nil), c.Flags...), helpFlag)
	width := 0
	for _, f := range flags {
		width = max(width, len(flagName(f)))
	}
	b.WriteString("\nflags:\n")
	for _, f := range flags {
		text := wrap(f.Text, strings.Repeat(" ", width+4), 96)
		fmt.Fprintf(&b, "  %-*s  %s", width, flagName(f), strings.TrimLeft(text, " "))
	}
	b.WriteString("\nexamples (run from the root of umpire's repository, where their files are):\n")
	for _, x := range c.Examples {
		b.WriteString("  " + x.Line + "\n")
		b.WriteString(wrap(x.Text, "      ", 96))
	}
	return b.String()
}

// sentence is a summary as a sentence: capitalized, with a full stop.
func sentence(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:] + "."
}

// flagName is a flag as its help lists it: "--vca A-B".
func flagName(f rules.Flag) string {
	if f.Arg == "" {
		return f.Name
	}
	return f.Name + " " + f.Arg
}

// wrap breaks text into lines of at most width characters, each after indent.
func wrap(text, indent string, width int) string {
	var b strings.Builder
	line := indent
	for _, w := range strings.Fields(text) {
		if line != indent && len(line)+1+len(w) > width {
			b.WriteString(line + "\n")
			line = indent
		}
		if line != indent {
			line += " "
		}
		line += w
	}
	b.WriteString(line + "\n")
	return b.String()
}

// wantsHelp reports arguments asking for a command's help.
func wantsHelp(args []string) bool {
	for _, a := range args {
		if a == "-h" || a == "--help" || a == "-help" {
			return true
		}
	}
	return false
}

// helpCmd is `umpire help [COMMAND]`.
func helpCmd(args []string, stdout, stderr io.Writer) int {
	switch {
	case len(args) == 0:
		fmt.Fprint(stdout, overview())
		return 0
	case len(args) > 1:
		fmt.Fprintln(stderr, "umpire help: name one command")
		return 2
	case strings.HasPrefix(args[0], "-"):
		fmt.Fprintf(stderr, "umpire help: unknown flag %s\n", args[0])
		return 2
	}
	e, ok := lookup(args[0])
	if !ok {
		fmt.Fprintf(stderr, "umpire help: no command %q%s\n", args[0], didYouMean(args[0]))
		return 2
	}
	fmt.Fprint(stdout, page(e))
	return 0
}

// didYouMean names the commands a mistyped name may have meant: those within two letters'
// edits of it, or that it begins.
func didYouMean(name string) string {
	var near []string
	for _, e := range commands() {
		n := e.cmd.Name
		if scenario.Distance(strings.ToLower(name), n) <= 2 || len(name) >= 2 && strings.HasPrefix(n, strings.ToLower(name)) {
			near = append(near, "umpire "+n)
		}
	}
	if len(near) == 0 {
		return ""
	}
	return " (did you mean " + strings.Join(near, " or ") + "?)"
}
