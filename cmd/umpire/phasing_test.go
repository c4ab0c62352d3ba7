package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPlanSaysWhoseMPhItIs: a unit of the side not phasing reaches only its own hex and no
// other, and umpire reach and umpire path say why (the phasing side's MPh, D2.1) and how to
// change it (phasing: in the file, or the step mph SIDE); for a phasing unit they say nothing
// of it. The demo's phasing side is German (its first unit's); the same file with the step
// `mph Russian` makes it Russian's MPh.
func TestPlanSaysWhoseMPhItIs(t *testing.T) {
	demo := "../../server/demo.yaml"
	data, err := os.ReadFile(demo)
	if err != nil {
		t.Fatal(err)
	}
	russian := filepath.Join(t.TempDir(), "russian.yaml")
	if err := os.WriteFile(russian, append(data, "moves: [mph Russian]\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	note := func(file, who, side, phasing string) []string {
		return []string{who + " belongs to " + side + " and it is the " + phasing + " MPh: only the phasing side moves (D2.1).",
			"To move " + side + ", write `phasing: " + side + "` in " + file + ", or add the step `mph " + side + "` to its moves."}
	}
	cases := []struct {
		name     string
		args     []string
		code     int
		stdout   []string // lines stdout has (in this order), or nil
		stderr   []string
		noteless bool // neither stream says a word of the phasing side
	}{
		{name: "reach, the side not phasing", args: []string{"reach", demo, "T26A"}, code: 0,
			stdout: append([]string{"T26A: "}, note(demo, "T26A", "Russian", "German")...)},
		{name: "reach --json, the side not phasing: the note on stderr", args: []string{"reach", demo, "T26A", "--json"}, code: 0,
			stderr: note(demo, "T26A", "Russian", "German")},
		{name: "path, the side not phasing", args: []string{"path", demo, "T26A", "2S2"}, code: 1,
			stderr: append([]string{"umpire path: T26A cannot reach 2S2 this MPh"}, note(demo, "T26A", "Russian", "German")...)},
		{name: "path of a group of the side not phasing", args: []string{"path", demo, "C1", "2V4"}, code: 1,
			stderr: note(demo, "C1", "Russian", "German")},
		{name: "reach, the phasing side", args: []string{"reach", demo, "PzIV"}, code: 0, noteless: true},
		{name: "path, the phasing side", args: []string{"path", demo, "PzIV", "2K4"}, code: 0, noteless: true},
		{name: "path, the phasing side, out of reach", args: []string{"path", demo, "PzIV", "2GG10"}, code: 1, noteless: true},
		{name: "after mph Russian: the Germans wait", args: []string{"reach", russian, "PzIV"}, code: 0,
			stdout: note(russian, "PzIV", "German", "Russian")},
		{name: "after mph Russian: a Russian truck moves", args: []string{"reach", russian, "Tr1"}, code: 0, noteless: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errs := runCmd(c.args...)
			if code != c.code {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, c.code, out, errs)
			}
			inOrder(t, "stdout", out, c.stdout)
			inOrder(t, "stderr", errs, c.stderr)
			if c.noteless && (strings.Contains(out+errs, "phasing") || strings.Contains(out+errs, "mph ")) {
				t.Errorf("a phasing unit's answer speaks of the phasing side:\nstdout:\n%s\nstderr:\n%s", out, errs)
			}
			if c.args[0] == "reach" && strings.Contains(strings.Join(c.args, " "), "--json") {
				for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
					if !json.Valid([]byte(l)) {
						t.Errorf("reach --json prints a line that is not JSON: %q", l)
					}
				}
			}
		})
	}
}

// inOrder checks that text has each of lines as a line of its own, in that order.
func inOrder(t *testing.T, what, text string, lines []string) {
	t.Helper()
	rest := strings.Split(text, "\n")
	for _, want := range lines {
		found := false
		for len(rest) > 0 && !found {
			found = strings.HasPrefix(rest[0], want)
			rest = rest[1:]
		}
		if !found {
			t.Errorf("%s lacks the line %q (in order):\n%s", what, want, text)
			return
		}
	}
}
