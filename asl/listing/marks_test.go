package listing

import (
	"strings"
	"testing"
)

// row is one CSV row of the columns Read needs, the rest left blank.
func row(name, radioless, af, ot, mp, gp, piece, overrides string) []string {
	return []string{name, radioless, "0", af, ot, "4", mp, gp, "", piece, overrides}
}

var header = []string{"name", "radioless", "size", "af", "ot", "cs", "mp", "gp", "notes", "piece", "overrides"}

// TestMarks reads rows written to show each mark of rules-notes 1.7, one by one, and checks
// what the listing makes of it.
func TestMarks(t *testing.T) {
	cases := []struct {
		why  string
		row  []string
		want *Listing // nil: no listing
		prob string   // a problem the generator must report
	}{
		{"an announce row is a section header", row("<b>Tanks</b>", "", "", "", "", "", "hdr", "announce"), nil, ""},
		{"an ignore row is skipped", row("X <i>LT</i>", "", "2/1", "", "12", "", "x", "ignore"), nil, ""},
		{"the type code in italics gives the class", row("PzKpfw 38(t)A <i>LT</i>", "", "2/2", "", "11", "", "p38", ""),
			&Listing{Name: "PzKpfw 38(t)A", Type: "LT", Movement: FullyTracked, MP: 11, AFV: true}, ""},
		{"bold MP are red", row("T-26 M33 <i>LT</i>", "•", "1/1", "", "<b>12</b>", "", "t26", ""),
			&Listing{Name: "T-26 M33", Type: "LT", Movement: FullyTracked, MP: 12, RedMP: true, Radioless: true, AFV: true}, ""},
		{"curly quotes and a note mark leave the name", row("T8 “<i>SC</i>”†", "", "0", "•", "18", "", "t8", "mt=LT"),
			&Listing{Name: "T8", Type: "SC", Movement: FullyTracked, MP: 18, OpenTopped: true, AFV: true}, ""},
		{"a note mark after the MP is not part of it", row("AC I <i>AC</i>", "", "1/0", "", "24†", "", "ac", ""),
			&Listing{Name: "AC I", Type: "AC", Movement: ArmoredCar, MP: 24, AFV: true}, ""},
		{"truck-type MP: a truck; the amphibious superscript", row("Amphib <i>tr</i>", "", "★", "", "30<sup>3t</sup>", "L", "amph", ""),
			&Listing{Name: "Amphib", Type: "tr", Movement: Truck, MP: 30, TruckType: true, AmphibiousMP: 3, GroundPressure: -1}, ""},
		{"mp=RFNM: no movement listing", row("Gun Car <i>AC</i>", "", "1/1", "", "12", "", "gc", "mp=RFNM"),
			&Listing{Name: "Gun Car", Type: "AC", AFV: true}, ""},
		{"mt=none: no movement listing", row("Train <i>AC</i>", "", "1/1", "", "12", "", "tr", "mt=none"),
			&Listing{Name: "Train", Type: "AC", AFV: true}, ""},
		{"mp=[*]N means N", row("Lorr <i>APC</i>", "", "0", "•", "11", "L", "lorr", "mp=[*]13"),
			&Listing{Name: "Lorr", Type: "APC", Movement: FullyTracked, MP: 13, GroundPressure: -1, OpenTopped: true, AFV: true}, ""},
		{"gp=N is normal", row("Heavy <i>HT</i>", "", "8/8", "", "10", "H", "hv", "gp=N"),
			&Listing{Name: "Heavy", Type: "HT", Movement: FullyTracked, MP: 10, AFV: true}, ""},
		{"a name= override gives the name", row("ignored <i>LT</i>", "", "1/1", "", "10", "", "nm", "name=Named <i>LT</i>"),
			&Listing{Name: "Named", Type: "LT", Movement: FullyTracked, MP: 10, AFV: true}, ""},
		{"★ is unarmored", row("Lorry <i>AC</i>", "", "★", "", "20", "", "lr", ""),
			&Listing{Name: "Lorry", Type: "AC", Movement: ArmoredCar, MP: 20}, ""},
		{"a blank AF is no AFV for a truck", row("Truck <i>tr</i>", "", "", "", "26", "", "tk", ""),
			&Listing{Name: "Truck", Type: "tr", Movement: Truck, MP: 26}, ""},
		{"an unknown ground pressure letter is reported and read as normal", row("Odd <i>MT</i>", "", "4/4", "", "12", "T", "odd", ""),
			&Listing{Name: "Odd", Type: "MT", Movement: FullyTracked, MP: 12, AFV: true}, "ground pressure"},
		{"an unknown type code is reported, not guessed", row("Zeppelin <i>ZZ</i>", "", "1/1", "", "12", "", "zz", ""),
			&Listing{Name: "Zeppelin", Type: "ZZ", AFV: true}, "unknown type code"},
	}
	for _, c := range cases {
		ls, probs := Read("test", [][]string{header, c.row})
		switch {
		case c.want == nil && len(ls) != 0:
			t.Errorf("%s: got a listing %+v", c.why, ls[0])
			continue
		case c.want == nil:
			continue
		case len(ls) != 1:
			t.Errorf("%s: %d listings (problems %v)", c.why, len(ls), probs)
			continue
		}
		got := ls[0]
		got.Group, got.Nat, got.Piece, got.Size, got.CS, got.AF, got.Notes = "", "", "", "", "", "", ""
		if got != *c.want {
			t.Errorf("%s:\n got %+v\nwant %+v", c.why, got, *c.want)
		}
		reported := ""
		for _, p := range probs {
			reported += p.String()
		}
		if c.prob != "" && !strings.Contains(reported, c.prob) || c.prob == "" && reported != "" {
			t.Errorf("%s: problems %q, want one about %q", c.why, reported, c.prob)
		}
	}
}

// TestRepeats: rows that repeat a listing with equal movement facts are one listing; rows that
// differ are two, told apart by piece (rules-notes 1.7).
func TestRepeats(t *testing.T) {
	ls, _ := Read("test", [][]string{header,
		row("Twin <i>LT</i>", "", "1/1", "", "10", "", "a", ""),
		row("Twin <i>LT</i>", "", "1/1", "", "10", "", "b", ""),
		row("Twin <i>LT</i>", "", "1/1", "", "12", "", "c", ""),
	})
	if len(ls) != 2 || ls[0].MP != 10 || ls[1].MP != 12 || ls[1].Piece != "c" {
		t.Errorf("three rows, two alike: %+v", ls)
	}
}
