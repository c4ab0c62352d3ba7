package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// withStdin runs the test's commands with in as the player's standard input.
func withStdin(t *testing.T, in string) {
	t.Helper()
	was := stdin
	stdin = strings.NewReader(in)
	t.Cleanup(func() { stdin = was })
}

// movesless is testdata/objectives/exit-edge-points.yaml without its own moves, written to the
// test's directory: umpire's German is to exit off the east edge, the player's Russian to
// keep its T-34 Mobile.
func movesless(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile("../../testdata/objectives/exit-edge-points.yaml")
	if err != nil {
		t.Fatal(err)
	}
	text, _, _ := strings.Cut(string(data), "moves:")
	f := filepath.Join(t.TempDir(), "exit.yaml")
	if err := os.WriteFile(f, []byte("seed: 7\n"+text), 0o644); err != nil {
		t.Fatal(err)
	}
	return f
}

// TestPlayOpponent plays the Russian against umpire's German in the terminal: umpire plays its
// MPh at once, each step with its reason (T1 leaves the map at once, T2 drives east), and
// hands the turn over; the player's line that moves a German unit is turned down, the
// player's own step is refereed, `mph German` gives umpire its turn back, and at the end of the
// input the summary says how the objectives stand.
func TestPlayOpponent(t *testing.T) {
	f := movesless(t)
	withStdin(t, "# my turn\nT1 end\nR1 vca 2K4-2L4\nmph German\n")
	code, out, errs := runCmd("play", f, "--opponent", "German", "--boldness", "0.8")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{
		"T1     exit",
		"umpire (German): T1 leaves the map from 2GG",
		"umpire (German): T2 to ",
		"a new MPh of Russian begins",
		"umpire (German): every unit of German has ended its MPh: the turn passes to Russian",
		"-- your move (umpire plays German)",
		`umpire plays German: "T1 end" moves its units`,
		"R1     vca 2K4-2L4                      2 MP",
		"a new MPh of German begins",
		"objectives:",
		"German: 5 of 7 points",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the output lacks %q:\n%s", want, out)
		}
	}
	// Two German MPh: umpire's steps come before and after the player's.
	if strings.Count(out, "the turn passes to Russian") != 2 {
		t.Errorf("umpire handed the turn over %d times, want 2:\n%s", strings.Count(out, "the turn passes to Russian"), out)
	}
}

// TestPlayOpponentErrors: the opponent's flags are checked before anything is played.
func TestPlayOpponentErrors(t *testing.T) {
	f := movesless(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"play", f, "--opponent", "Finn"}, "--opponent Finn: the scenario's sides are German, Russian"},
		{[]string{"play", f, "--opponent", "German", "--boldness", "2"}, "--boldness takes a number from 0 (cautious) to 1 (bold), not \"2\""},
		{[]string{"play", f, "--opponent", "German", "--boldness", "NaN"}, "not \"NaN\""},
		{[]string{"play", f, "--boldness", "0.5"}, "give --opponent SIDE too"},
		{[]string{"play", f, "--opponent"}, "--opponent needs a value"},
		{[]string{"play", f, "--opponent", "German", "--json"}, "it has no --json"},
		{[]string{"play", "../../testdata/lhy/14.3-advance-refused-fp.yaml", "--opponent", "US"}, "umpire cannot play a side of Last Hundred Yards games yet"},
	} {
		withStdin(t, "")
		code, out, errs := runCmd(c.args...)
		if code != 2 || !strings.Contains(errs, c.want) || out != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 2 and %q", c.args, code, out, errs, c.want)
		}
	}
}
