package main

import (
	"net"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestServeBusyPort: umpire serve on an address another program listens on says the address
// is in use and how to choose another (the flag, the next port, port 0), exits 1, and prints
// nothing on stdout.
func TestServeBusyPort(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	addr := ln.Addr().String()
	next := "127.0.0.1:" + strconv.Itoa(ln.Addr().(*net.TCPAddr).Port+1)
	code, out, errs := runCmd("serve", "--addr", addr, "--db", filepath.Join(t.TempDir(), "games.db"), "--no-demo")
	want := "umpire serve: --addr " + addr + ": the address is in use (another umpire serve, or another program, listens there): " +
		"give another port with --addr, e.g. --addr " + next + ", or --addr 127.0.0.1:0 for any free port (the first line printed says which)\n"
	if code != 1 || out != "" || errs != want {
		t.Errorf("exit %d, stdout %q, stderr\n%q\nwant\n%q", code, out, errs, want)
	}
}

// TestFlagDidYouMean: a misspelt flag of any command, umpire's own or a ruleset's, however
// the command parses its flags, is answered with the nearest flags its help lists (by edit
// distance, or the start of a name), after the command's own words; a flag near none gets the
// pointer to the command's help alone. Each exits 2 with nothing on stdout.
func TestFlagDidYouMean(t *testing.T) {
	const file = "../../testdata/examples/d2.33-bypass-k2.yaml"
	cases := []struct {
		args []string
		want string // stderr, whole
	}{
		{[]string{"serve", "--adr", "127.0.0.1:0"}, "umpire serve: unknown flag --adr\numpire serve: did you mean --addr? Run `umpire help serve` for its flags.\n"},
		{[]string{"serve", "-no-dem"}, "umpire serve: unknown flag -no-dem\numpire serve: did you mean --no-demo? Run `umpire help serve` for its flags.\n"},
		{[]string{"serve", "--max-bord=3"}, "umpire serve: unknown flag --max-bord\numpire serve: did you mean --max-body or --max-boards? Run `umpire help serve` for its flags.\n"},
		{[]string{"play", "--jsn"}, "umpire play: unknown flag --jsn\numpire play: did you mean --json? Run `umpire help play` for its flags.\n"},
		{[]string{"check", "--stor", "x.db", file}, "umpire check: unknown flag --stor (check takes files and --store DSN)\numpire check: did you mean --store? Run `umpire help check` for its flags.\n"},
		{[]string{"reach", file, "Tiger", "--max-rsk", "0.5"}, "umpire reach: unknown flag --max-rsk\numpire reach: did you mean --max-risk? Run `umpire help reach` for its flags.\n"},
		{[]string{"path", "--vac", "1-2"}, "umpire path: unknown flag --vac\numpire path: did you mean --vca? Run `umpire help path` for its flags.\n"},
		{[]string{"vehicles", "--nation", "German"}, "umpire vehicles: unknown flag --nation\numpire vehicles: did you mean --nationality? Run `umpire help vehicles` for its flags.\n"},
		{[]string{"odds", "--stp", "1"}, "umpire odds: unknown flag --stp\numpire odds: did you mean --step? Run `umpire help odds` for its flags.\n"},
		{[]string{"lw", "measure", "--dett", "A"}, "umpire lw measure: unknown flag --dett\numpire lw measure: did you mean --det? Run `umpire help lw` for its flags.\n"},
		{[]string{"rules", "--hepl"}, "umpire rules: unknown flag --hepl\numpire rules: did you mean --help? Run `umpire help rules` for its flags.\n"},
		{[]string{"games", "--bse", "http://h"}, "umpire games: unknown flag --bse\numpire games: did you mean --base? Run `umpire help games` for its flags.\n"},
		{[]string{"play", "--frobnicate"}, "umpire play: unknown flag --frobnicate\nRun `umpire help play` for its usage, flags and examples.\n"},
	}
	for _, c := range cases {
		code, out, errs := runCmd(c.args...)
		if code != 2 || out != "" || errs != c.want {
			t.Errorf("umpire %s: exit %d, stdout %q, stderr\n%q\nwant\n%q", strings.Join(c.args, " "), code, out, errs, c.want)
		}
	}
}

// TestArticles: a ruleset, class or kind said after an article takes the one its sound asks
// for (package words): an ASL scenario, an armored car, an FT; a Lightning War scenario.
func TestArticles(t *testing.T) {
	cases := []struct {
		args []string
		code int
		want string // in stdout and stderr together
	}{
		{[]string{"lw", "measure", "../../testdata/examples/d2.33-bypass-k2.yaml", "1,1", "2,2"}, 1,
			"umpire lw measure: ../../testdata/examples/d2.33-bypass-k2.yaml is an ASL scenario; the ruler measures a Lightning War table\n"},
		{[]string{"reach", "../../server/demo-lw.yaml", "A"}, 1,
			"umpire reach: ../../server/demo-lw.yaml is a Lightning War scenario; reach plans ASL vehicle movement\n"},
		{[]string{"play", "../../testdata/d2/2.5-esb-wheeled-refusal.yaml"}, 1,
			"REFUSED D2.5: only a tracked vehicle may attempt ESB; AC1 is an armored car\n"},
		{[]string{"play", "../../testdata/lhy/14.0-refused-ft-without-combat-unit.yaml"}, 1,
			"REFUSED [14.0]: X1 is an FT: it assaults only with a combat unit"},
	}
	for _, c := range cases {
		code, out, errs := runCmd(c.args...)
		if code != c.code || !strings.Contains(out+errs, c.want) {
			t.Errorf("umpire %s: exit %d (want %d), printed\n%s%s\nwant it to hold %q", strings.Join(c.args, " "), code, c.code, out, errs, c.want)
		}
	}
}

// TestReachCountsItsRows: the count umpire reach prints above its rows is the number of rows
// (places on the map; the hexes off it, where a vehicle exits, are not rows and are counted on
// a line of their own). Its count took in the places off the map: "288 places" above 283 rows.
func TestReachCountsItsRows(t *testing.T) {
	cases := []struct {
		file, unit string
		head, tail string // the first line's start, the last line ("" when the rows end it)
	}{
		{"../../testdata/examples/d2.33-bypass-k2.yaml", "Tiger", "Tiger: 283 places on the map (hex, position, Motion) reachable from Tiger: 1K2",
			"(it can also leave the map, into 4 off-map hexes: not listed)"},
		{"../../testdata/examples/d2.21-reverse-vbm.yaml", "BT7", "BT7: 14 places on the map (hex, position, Motion) reachable from BT7: 2EE7", ""},
		{"../../testdata/examples/d2.24-reverse-uphill-16mp.yaml", "BT7", "BT7: 2269 places on the map", "(it can also leave the map, into 40 off-map hexes: not listed)"},
		{"../../testdata/d2/2.3-vbm-from-stopped.yaml", "T1", "T1: 885 places on the map", "(it can also leave the map, into 13 off-map hexes: not listed)"},
	}
	count := regexp.MustCompile(`^\S+: (\d+) places? on the map \(hex, position, Motion\) reachable from `)
	for _, c := range cases {
		code, out, errs := runCmd("reach", c.file, c.unit)
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if code != 0 || !strings.HasPrefix(lines[0], c.head) {
			t.Errorf("reach %s %s: exit %d %s, first line %q, want it to begin %q", c.file, c.unit, code, errs, lines[0], c.head)
			continue
		}
		rows := 0
		for _, l := range lines[1:] {
			if strings.HasPrefix(l, "  ") {
				rows++
			}
		}
		m := count.FindStringSubmatch(lines[0])
		if m == nil || m[1] != strconv.Itoa(rows) {
			t.Errorf("reach %s %s: the first line %q counts other than its %d rows", c.file, c.unit, lines[0], rows)
		}
		if last := lines[len(lines)-1]; c.tail != "" && last != c.tail || c.tail == "" && !strings.HasPrefix(last, "  ") {
			t.Errorf("reach %s %s: the last line %q, want %q", c.file, c.unit, last, c.tail)
		}
	}
}
