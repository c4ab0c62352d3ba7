package main

import (
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/umpire-referee/umpire/rules"
)

// limitFlags are umpire serve's --max-* flags (rules.Limits), each with its default, what it
// bounds and the argument it takes.
var limitFlags = []struct {
	name, arg, text string
	field           func(*rules.Limits) *int
}{
	{rules.LimitBody, "BYTES", "the most bytes of a scenario file, saved map or request body", func(l *rules.Limits) *int { return &l.Body }},
	{rules.LimitLine, "BYTES", "the most bytes of one value of a scenario (a move, an id) and of a step's notation", func(l *rules.Limits) *int { return &l.Line }},
	{rules.LimitBoards, "N", "the most ASL boards a map (or the map editor's grid) lays out", func(l *rules.Limits) *int { return &l.Boards }},
	{rules.LimitHexes, "N", "the most hexes of a map (ASL, LHY, the map editor's grid); a Lightning War table's square inches", func(l *rules.Limits) *int { return &l.Hexes }},
	{rules.LimitUnits, "N", "the most units a scenario sets up (Lightning War: units, and detachments)", func(l *rules.Limits) *int { return &l.Units }},
	{rules.LimitGroups, "N", "the most ASL groups a scenario forms", func(l *rules.Limits) *int { return &l.Groups }},
	{rules.LimitMoves, "N", "the most moves a scenario file lists", func(l *rules.Limits) *int { return &l.Moves }},
}

// addLimitFlags defines the --max-* flags on fs, into the limits it returns.
func addLimitFlags(fs *flag.FlagSet) *rules.Limits {
	lim := rules.DefaultLimits()
	for _, f := range limitFlags {
		p := f.field(&lim)
		fs.IntVar(p, "max-"+f.name, *p, f.text)
	}
	return &lim
}

// checkLimits is an error if a limit is not a positive number.
func checkLimits(lim rules.Limits) error {
	for _, f := range limitFlags {
		if *f.field(&lim) < 1 {
			return fmt.Errorf("--max-%s is at least 1", f.name)
		}
	}
	return nil
}

// limitHelp is the --max-* flags as `umpire help serve` lists them, and for its synopsis.
func limitHelp() ([]rules.Flag, string) {
	def := rules.DefaultLimits()
	var out []rules.Flag
	var syn []string
	for _, f := range limitFlags {
		out = append(out, rules.Flag{Name: "--max-" + f.name, Arg: f.arg, Text: fmt.Sprintf("%s (default %d; see docs/api.md)", f.text, *f.field(&def))})
		syn = append(syn, "[--max-"+f.name+" "+f.arg+"]")
	}
	return out, strings.Join(syn, " ")
}

// size is a flag of bytes written as people write them: 500000000, 500MB, 1.5GiB.
type size int64

func (s *size) String() string { return strconv.FormatInt(int64(*s), 10) }

func (s *size) Set(v string) error {
	n, err := parseSize(v)
	if err != nil {
		return err
	}
	*s = size(n)
	return nil
}

// sizeUnits are the suffixes a size may carry, longest first where one ends another.
var sizeUnits = []struct {
	suffix string
	mult   float64
}{
	{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40},
	{"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12}, {"B", 1},
}

// parseSize reads a number of bytes, with or without a unit (KB, MB, GB, TB: powers of 1000;
// KiB, MiB, GiB, TiB: of 1024; case ignored), as a whole number of bytes from 0 up.
func parseSize(v string) (int64, error) {
	num, mult := strings.TrimSpace(v), 1.0
	for _, u := range sizeUnits {
		if len(num) > len(u.suffix) && strings.EqualFold(num[len(num)-len(u.suffix):], u.suffix) {
			num, mult = strings.TrimSpace(num[:len(num)-len(u.suffix)]), u.mult
			break
		}
	}
	f, err := strconv.ParseFloat(num, 64)
	if err != nil || !(f >= 0) || f*mult >= 1<<62 {
		return 0, fmt.Errorf("%q is not a size: give bytes, or a number with KB, MB, GB (or KiB, MiB, GiB), like 500MB", v)
	}
	return int64(f * mult), nil
}
