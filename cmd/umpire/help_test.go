package main

import (
	"context"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/server"
	"github.com/umpire-referee/umpire/store"
)

// root is the repository's root, where the help's files are named from.
const root = "../.."

// TestHelpForEveryCommand: `umpire help NAME`, `umpire NAME --help` and `umpire NAME -h` print
// the same page on stdout and exit 0, for every command, umpire's own and each ruleset's: its
// usage, each of its flags, and at least one example of it.
func TestHelpForEveryCommand(t *testing.T) {
	all := commands()
	if len(all) < 9 {
		t.Fatalf("%d commands: umpire has serve, play, check, demo, help, reach, path, vehicles, odds", len(all))
	}
	_, overview, _ := runCmd("help")
	for _, e := range all {
		c := e.cmd
		t.Run(c.Name, func(t *testing.T) {
			if !strings.Contains(overview, c.Synopsis) {
				t.Errorf("umpire help does not list %q", c.Synopsis)
			}
			var first string
			for _, args := range [][]string{{"help", c.Name}, {c.Name, "--help"}, {c.Name, "-h"}} {
				code, out, errs := runCmd(args...)
				if code != 0 || errs != "" {
					t.Fatalf("umpire %s: exit %d, stderr %q", strings.Join(args, " "), code, errs)
				}
				if first == "" {
					first = out
				} else if out != first {
					t.Errorf("umpire %s prints another page than umpire help %s", strings.Join(args, " "), c.Name)
				}
			}
			for _, want := range []string{"usage: " + c.Synopsis + "\n", "\nflags:\n", "-h, --help", "\nexamples"} {
				if !strings.Contains(first, want) {
					t.Errorf("the page lacks %q:\n%s", want, first)
				}
			}
			for _, f := range c.Flags {
				if !strings.Contains(first, "  "+flagName(f)+" ") || !strings.Contains(c.Synopsis, f.Name) {
					t.Errorf("flag %s is not both in the synopsis and listed:\n%s", flagName(f), first)
				}
			}
			examples := 0
			for _, x := range c.Examples {
				if strings.HasPrefix(x.Line+" ", "umpire "+c.Name+" ") && strings.Contains(first, "\n  "+x.Line+"\n") {
					examples++
				}
			}
			if examples == 0 {
				t.Errorf("no example of umpire %s on its page:\n%s", c.Name, first)
			}
		})
	}
}

// helpYAML is a path-like name of a scenario file in a help text (a glob allowed).
var helpYAML = regexp.MustCompile(`[\w.*/-]+\.ya?ml\b`)

// TestHelpNamesFilesThatExist: every scenario file the help names, in the list of commands and
// on every command's page, is a file of the repository (a glob matches at least one).
func TestHelpNamesFilesThatExist(t *testing.T) {
	_, texts, _ := runCmd("help")
	for _, e := range commands() {
		_, out, _ := runCmd("help", e.cmd.Name)
		texts += out
	}
	names := helpYAML.FindAllString(texts, -1)
	if len(names) < 10 {
		t.Fatalf("the help names only %d scenario files: %v", len(names), names)
	}
	for _, n := range names {
		if m, err := filepath.Glob(filepath.Join(root, n)); err != nil || len(m) == 0 {
			t.Errorf("the help names %s, which is not in the repository", n)
		}
	}
}

// TestHelpExamplesRun: every example runs as written from the repository's root and exits 0
// (umpire serve, which runs until stopped, aside); an --svg file is written to a temporary
// directory. umpire games reads a store: its examples get one (the default store and
// games.db) holding a game of the id they name.
func TestHelpExamplesRun(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	gamesDB := filepath.Join(t.TempDir(), "games.db")
	for _, db := range []string{defaultDB(), gamesDB} {
		withStore(t, db, func(st store.Store) {
			rec := store.Game{ID: "Xq3v9aBc1", Name: "an example", Scenario: demo, Created: 1,
				Tokens: map[string][]byte{server.Referee: {1}, "German": {2}, "Russian": {3}, server.Spectator: {4}}}
			if err := st.Create(context.Background(), rec); err != nil {
				t.Fatal(err)
			}
		})
	}
	for _, e := range commands() {
		for _, x := range e.cmd.Examples {
			f := strings.Fields(x.Line)
			if f[0] != "umpire" || f[1] == "serve" {
				continue
			}
			t.Run(x.Line, func(t *testing.T) {
				var args []string
				for k := 1; k < len(f); k++ {
					a := f[k]
					switch {
					case k > 1 && f[k-1] == "--svg":
						a = filepath.Join(t.TempDir(), a)
					case k > 1 && f[1] == "games" && f[k-1] == "--db":
						a = gamesDB
					case helpYAML.MatchString(a):
						m, _ := filepath.Glob(filepath.Join(root, a))
						args = append(args, m...)
						continue
					}
					args = append(args, a)
				}
				if code, out, errs := runCmd(args...); code != 0 {
					t.Errorf("exit %d\n%s%s", code, out, errs)
				}
			})
		}
	}
}

// TestUsageErrors: an unknown command or flag, or a missing argument, is said plainly on
// stderr and exits 2, pointing to `umpire help`; nothing goes to stdout.
func TestUsageErrors(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"fly"}, `unknown command "fly"`},
		{[]string{"pth"}, "did you mean umpire path?"},
		{[]string{"help", "nope"}, `no command "nope"`},
		{[]string{"help", "play", "check"}, "name one command"},
		{[]string{"demo", "x"}, "takes no arguments"},
		{[]string{"check"}, "name one or more scenario files"},
		{[]string{"path", "--vca"}, "--vca needs a value"},
		{[]string{"reach", "../../testdata/examples/d2.33-bypass-k2.yaml"}, "usage: umpire reach FILE UNIT"},
		{[]string{"reach", "../../testdata/examples/d2.33-bypass-k2.yaml", "Tiger", "--max-risk", "2"}, "a probability from 0 to 1"},
		{[]string{"vehicles", "--nationality"}, "--nationality needs a value"},
		{[]string{"odds", "--step"}, "--step needs a number"},
		{[]string{"play", "a.yaml", "b.yaml"}, "one scenario file at a time"},
		{[]string{"serve", "extra"}, "takes flags only"},
	}
	// Every command refuses a flag it does not have.
	for _, e := range commands() {
		cases = append(cases, struct {
			args []string
			want string
		}{[]string{e.cmd.Name, "--no-such-flag"}, "no-such-flag"})
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			code, out, errs := runCmd(c.args...)
			if code != 2 {
				t.Errorf("exit %d, want 2", code)
			}
			if out != "" {
				t.Errorf("stdout: %q", out)
			}
			if !strings.Contains(errs, c.want) || !strings.Contains(errs, "`umpire help") {
				t.Errorf("stderr %q lacks %q or the hint to umpire help", errs, c.want)
			}
		})
	}
}
