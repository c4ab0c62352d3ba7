package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/rules"
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

// TestPlayOpponentLHY: in Last Hundred Yards umpire takes its side's Assault decisions. Its
// squad stands next to the American squad in the hex it must clear this turn: it assaults at
// once, with its reason; the player then takes the American's Retreat or anything else, and
// umpire answers what the Assault asks of it.
func TestPlayOpponentLHY(t *testing.T) {
	f := filepath.Join(t.TempDir(), "lhy.yaml")
	text := `ruleset: lhy
seed: 4
units:
  - {id: A1, side: GE, kind: squad, at: C6, cohesion: 7}
  - {id: U1, side: US, kind: squad, at: C5, cohesion: 4}
objectives:
  - {side: GE, clear: [C5], points: 2, by: 1}
`
	if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	withStdin(t, "turn\n")
	code, out, errs := runCmd("play", f, "--opponent", "GE")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"assault C5 A1", "umpire (GE): A1 assault C5: ", "to beat the enemy there", "objectives:"} {
		if !strings.Contains(out, want) {
			t.Errorf("the output lacks %q:\n%s", want, out)
		}
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
		{[]string{"play", "../../testdata/lhy/14.3-advance-refused-fp.yaml", "--opponent", "Finn"}, "--opponent Finn: the scenario's sides are"},
	} {
		withStdin(t, "")
		code, out, errs := runCmd(c.args...)
		if code != 2 || !strings.Contains(errs, c.want) || out != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 2 and %q", c.args, code, out, errs, c.want)
		}
	}
}

// withOpponentLine is movesless's file with opponent (the line's value) added: the file names
// the side umpire plays.
func withOpponentLine(t *testing.T, opponent string) string {
	t.Helper()
	f := movesless(t)
	data, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(f, append(data, []byte("\nopponent: "+opponent+"\n")...), 0o644); err != nil {
		t.Fatal(err)
	}
	return f
}

// TestPlayFileOpponent: `umpire play FILE` plays against umpire when the file has opponent:,
// with no flag; the first line says whom umpire plays, at what boldness and why. --opponent
// plays another side than the file's, --boldness another boldness; with --json the file's
// own moves are played and nothing is read.
func TestPlayFileOpponent(t *testing.T) {
	for _, c := range []struct {
		name, opponent, in string
		flags              []string
		first              string   // the first line of the output
		want               []string // more the output holds
		not                string   // what it must not hold
	}{
		{name: "the file's side and boldness", opponent: "{side: German, boldness: 0.8}", in: "R1 vca 2K4-2L4\n",
			first: "umpire plays German at boldness 0.8 (from the file's opponent:; --opponent SIDE and --boldness B change them)",
			want: []string{"umpire (German): T1 leaves the map from 2GG", "umpire (German): every unit of German has ended its MPh: the turn passes to Russian",
				"-- your move (umpire plays German)", "R1     vca 2K4-2L4", "German: 5 of 7 points"}},
		{name: "opponent: SIDE, the default boldness", opponent: "German",
			first: "umpire plays German at boldness 0.5 (from the file's opponent:",
			want:  []string{"umpire (German): T1 leaves the map from 2GG", "-- your move (umpire plays German)"}},
		{name: "--boldness over the file's", opponent: "{side: German, boldness: 0.8}", flags: []string{"--boldness", "0.2"},
			first: "umpire plays German (from the file's opponent:) at boldness 0.2 (--boldness)",
			want:  []string{"umpire (German): T1 leaves the map from 2GG"}},
		{name: "--opponent over the file's side", opponent: "{side: German, boldness: 0.8}", flags: []string{"--opponent", "Russian"}, in: "mph Russian\n",
			first: "umpire plays Russian (--opponent, not the file's German) at boldness 0.8 (from the file's opponent:)", not: "umpire (German)",
			want: []string{"-- your move (umpire plays Russian)", "a new MPh of Russian begins",
				"umpire (Russian): R1 has no objective to move for: it ends its MPh", "umpire (Russian): every unit of Russian has ended its MPh: the turn passes to German"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := withOpponentLine(t, c.opponent)
			withStdin(t, c.in)
			code, out, errs := runCmd(append([]string{"play", f}, c.flags...)...)
			if code != 0 || errs != "" {
				t.Fatalf("exit %d, stderr %q", code, errs)
			}
			if first, _, _ := strings.Cut(out, "\n"); !strings.HasPrefix(first, c.first) {
				t.Errorf("the first line reads %q, want %q", first, c.first)
			}
			for _, w := range c.want {
				if !strings.Contains(out, w) {
					t.Errorf("the output lacks %q:\n%s", w, out)
				}
			}
			if c.not != "" && strings.Contains(out, c.not) {
				t.Errorf("the output holds %q:\n%s", c.not, out)
			}
		})
	}
}

// failingReader fails its test when it is read: what must not read standard input.
type failingReader struct{ t *testing.T }

func (r failingReader) Read([]byte) (int, error) {
	r.t.Error("standard input was read")
	return 0, io.EOF
}

// TestFileOpponentNotPlayed: `umpire check` and `umpire play --json` of a file with opponent:
// play its own moves only, as before, and never read standard input; check still compares its
// expect: block.
func TestFileOpponentNotPlayed(t *testing.T) {
	data, err := os.ReadFile("../../testdata/objectives/exit-edge-points.yaml")
	if err != nil {
		t.Fatal(err)
	}
	f := filepath.Join(t.TempDir(), "exit.yaml")
	if err := os.WriteFile(f, append(data, "opponent: {side: German, boldness: 0.8}\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	was := stdin
	stdin = failingReader{t}
	t.Cleanup(func() { stdin = was })

	if code, out, errs := runCmd("check", f); code != 0 || !strings.Contains(out, "1 passed, 0 failed") || strings.Contains(out, "umpire plays") {
		t.Errorf("check: exit %d, stdout %q, stderr %q; want 1 passed", code, out, errs)
	}
	code, out, errs := runCmd("play", f, "--json")
	if code != 0 || strings.Count(out, "\n") != 3 || strings.Contains(out, "umpire plays") {
		t.Errorf("play --json: exit %d, stdout %q; want the file's 3 steps as JSON", code, out)
	}
	if !strings.Contains(errs, "--json plays the file's own moves only: its opponent: (umpire plays German) plays with you in the terminal, without --json") {
		t.Errorf("play --json: stderr %q does not say the opponent is not played", errs)
	}
}

// TestPlayFileOpponentErrors: a file whose opponent: is wrong is refused before anything is
// played, naming the line and what it may say; the flags' own mistakes are usage errors.
func TestPlayFileOpponentErrors(t *testing.T) {
	for _, c := range []struct {
		opponent string
		args     []string
		code     int
		want     string
	}{
		{"{side: Finn}", nil, 1, `opponent.side: "Finn" is not a side of this scenario (German, Russian)`},
		{"Finn", []string{"--opponent", "German"}, 1, `opponent.side: "Finn" is not a side of this scenario (German, Russian)`},
		{"{side: German, boldness: 2}", nil, 1, `opponent.boldness: expected a number from 0 (cautious) to 1 (bold), found "2"`},
		{"{boldness: 0.4}", nil, 1, "opponent.side: missing: the side umpire plays (German, Russian)"},
		{"German", []string{"--opponent", "Finn"}, 2, "--opponent Finn: the scenario's sides are German, Russian"},
		{"German", []string{"--boldness", "0.3", "--json"}, 2, "--boldness is the opponent's, which plays with you in the terminal: it has no --json"},
	} {
		f := withOpponentLine(t, c.opponent)
		withStdin(t, "")
		args := append([]string{"play", f}, c.args...)
		code, out, errs := runCmd(args...)
		if code != c.code || !strings.Contains(errs, c.want) || out != "" {
			t.Errorf("opponent: %s, %v: exit %d, stdout %q, stderr %q; want %d and %q", c.opponent, c.args, code, out, errs, c.code, c.want)
		}
	}
}

// notPlayer is a game of a ruleset that cannot play a side (no rules.Player): only its sides
// and title are asked.
type notPlayer struct{ rules.Game }

func (notPlayer) Sides() []string { return []string{"GE", "US"} }

type notPlayerRules struct{ rules.Ruleset }

func (notPlayerRules) Title() string { return "Board Games" }

// TestSettleCannotPlay: a file naming an opponent in a ruleset umpire cannot play a side of is
// refused (exit 1), saying to remove the line; --opponent there is a usage error (exit 2).
func TestSettleCannotPlay(t *testing.T) {
	fop := &rules.Opponent{Side: "US", Boldness: 0.5}
	op := opponentArgs{}
	_, code, err := op.settle(notPlayerRules{}, notPlayer{}, "f.yaml", fop, false)
	if want := "umpire play: f.yaml: opponent: umpire cannot play a side of Board Games games yet: remove the file's opponent: line to play its own moves"; code != 1 || err == nil || err.Error() != want {
		t.Errorf("the file's opponent: code %d, error %v; want 1 and %q", code, err, want)
	}
	op = opponentArgs{side: "US"}
	if _, code, err := op.settle(notPlayerRules{}, notPlayer{}, "f.yaml", nil, false); code != 2 || err == nil || !strings.Contains(err.Error(), "umpire cannot play a side of Board Games games yet") {
		t.Errorf("--opponent: code %d, error %v; want 2", code, err)
	}
	op = opponentArgs{}
	if note, code, err := op.settle(notPlayerRules{}, notPlayer{}, "f.yaml", fop, true); code != 0 || err != nil || note == "" || op.side != "" {
		t.Errorf("--json: note %q, code %d, error %v, side %q; want a note and no opponent", note, code, err, op.side)
	}
}
