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

// TestParseSize: sizes as people write them, and what is not one.
func TestParseSize(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int64
		bad  bool
	}{
		{"0", 0, false}, {"500000000", 500000000, false}, {"500MB", 500e6, false}, {"500 mb", 500e6, false},
		{"1GiB", 1 << 30, false}, {"1.5GiB", 3 << 29, false}, {"64KiB", 64 << 10, false}, {"2GB", 2e9, false},
		{"10B", 10, false}, {"", 0, true}, {"MB", 0, true}, {"-1MB", 0, true}, {"NaN", 0, true}, {"1e30", 0, true},
		{"5 parsecs", 0, true}, {"Inf", 0, true},
	} {
		got, err := parseSize(c.in)
		if c.bad != (err != nil) || got != c.want {
			t.Errorf("parseSize(%q) = %d, %v; want %d, bad %v", c.in, got, err, c.want, c.bad)
		}
	}
	var out, errb strings.Builder
	if code := serve([]string{"--memory-limit", "lots"}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "like 500MB") {
		t.Errorf("--memory-limit lots: exit %d, %q", code, errb.String())
	}
}

// --work-share is a part of the cores, more than 0 and at most 1: anything else is refused
// before the server starts, with the flag named.
func TestServeWorkShareFlag(t *testing.T) {
	for _, bad := range []string{"0", "-0.5", "1.5", "NaN", "half"} {
		var out, errb strings.Builder
		if code := serve([]string{"--work-share", bad, "--addr", "256.0.0.1:0"}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "work-share") {
			t.Errorf("--work-share %s: exit %d, %q; want 2 naming the flag", bad, code, errb.String())
		}
	}
}
