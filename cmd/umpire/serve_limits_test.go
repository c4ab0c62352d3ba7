package main

import (
	"bytes"
	"flag"
	"io"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/rules"
)

// TestServeLimitFlags: each --max-* flag sets its limit, the defaults are rules.DefaultLimits,
// and a cap below 1 is refused before the server starts.
func TestServeLimitFlags(t *testing.T) {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	lim := addLimitFlags(fs)
	if *lim != rules.DefaultLimits() {
		t.Fatalf("defaults: %+v", *lim)
	}
	if err := fs.Parse([]string{"--max-boards", "32", "--max-line", "2048", "--max-hexes", "40000", "--max-units", "9", "--max-groups", "8", "--max-moves", "7", "--max-body", "6"}); err != nil {
		t.Fatal(err)
	}
	if want := (rules.Limits{Body: 6, Line: 2048, Boards: 32, Hexes: 40000, Units: 9, Groups: 8, Moves: 7}); *lim != want {
		t.Fatalf("%+v, want %+v", *lim, want)
	}
	var out, errs bytes.Buffer
	if code := serve([]string{"--max-boards", "0"}, &out, &errs); code != 2 || !strings.Contains(errs.String(), "--max-boards is at least 1") {
		t.Fatalf("--max-boards 0: exit %d, %q", code, errs.String())
	}
}
