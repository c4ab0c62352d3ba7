package listing

import (
	"regexp"
	"testing"

	"github.com/umpire-referee/umpire/asl"
)

// notMarks are the one-letter parentheses of listed names that are no origin mark: LVT2(m) is
// a modified LVT2, not a vehicle built by an "m" nation.
var notMarks = map[string]bool{"(m)": true}

var oneLetter = regexp.MustCompile(`\([a-z]\)`)

// TestEveryListingHasAMaker: the rule of rules-notes 1.7 "Maker" gives every row of every file
// a maker; every chinese row is "all Chinese"; every other row whose name carries an origin
// mark was built by that mark's nation; and no one-letter parenthesis in a name is left
// unread: each is a known mark or one of notMarks.
func TestEveryListingHasAMaker(t *testing.T) {
	if len(Listings) < 900 {
		t.Fatalf("only %d listings", len(Listings))
	}
	for i := range Listings {
		l := &Listings[i]
		m, why, ok := l.Maker()
		if !ok || why == "" {
			t.Errorf("%s %s (%s): no maker (%v %q)", l.Group, l.FullName(), l.Type, m, why)
			continue
		}
		marks := oneLetter.FindAllString(l.Name, -1)
		known := 0
		for _, x := range marks {
			if _, isMark := markMaker(x); isMark {
				known++
			} else if !notMarks[x] {
				t.Errorf("%s %s: %s is neither an origin mark nor a known non-mark", l.Group, l.Name, x)
			}
		}
		if known > 1 {
			t.Errorf("%s %s: %d origin marks", l.Group, l.Name, known)
		}
		switch byMark, mark := Mark(l.Name); {
		case l.Group == "chinese":
			if m != asl.MakerChinese {
				t.Errorf("chinese %s: maker %v, want Chinese (all Chinese)", l.Name, m)
			}
		case mark != "":
			if m != byMark || why != mark {
				t.Errorf("%s %s: maker %v (%s), want %v by its mark %s", l.Group, l.Name, m, why, byMark, mark)
			}
		}
	}
}

func markMaker(s string) (asl.Maker, bool) {
	for _, x := range asl.MakerMarks {
		if x.Mark == s {
			return x.Maker, true
		}
	}
	return asl.MakerOthers, false
}

// TestListingMaker reads the maker of real rows: each origin mark, each file's unmarked rows,
// each exception rules-notes 1.7 names, and a marked chinese row. The step prints the maker
// and why (`+0 [maker Czech (t)]`, `+0 [maker U.S., un listing]`), so why is checked too.
func TestListingMaker(t *testing.T) {
	cases := []struct {
		group, name string
		want        asl.Maker
		why         string
	}{
		// Each mark, in a file whose own maker differs.
		{"allied", "M3A1(a)", asl.MakerUS, "(a)"},
		{"allied", "Vickers Edw(b)", asl.MakerBritish, "(b)"},
		{"allied", "H35(f)", asl.MakerFrench, "(f)"},
		{"axis", "PzKpfw IVF1(g)", asl.MakerGerman, "(g)"},
		{"allied", "L3/35(i)", asl.MakerItalian, "(i)"},
		{"axis", "TACAM T-60(r)", asl.MakerRussian, "(r)"},
		{"finnish", "Landsverk Anti II(s)", asl.MakerSwedish, "(s)"},
		{"german", "PzKpfw 38(t)A", asl.MakerCzech, "(t)"},
		{"finnish", "L182(L)(s)", asl.MakerSwedish, "(s)"},
		// Each file, an unmarked row.
		{"american", "M2A4", asl.MakerUS, "american listing"},
		{"un", "M24", asl.MakerUS, "un listing"},
		{"russian", "T-37", asl.MakerRussian, "russian listing"},
		{"communist", "T-34/85", asl.MakerRussian, "communist listing"},
		{"british", "Mark VIB", asl.MakerBritish, "british listing"},
		{"german", "PzKpfw IB", asl.MakerGerman, "german listing"},
		{"french", "FT-17M", asl.MakerFrench, "french listing"},
		{"italian", "L5/21", asl.MakerItalian, "italian listing"},
		{"japanese", "Type 92A", asl.MakerOthers, "japanese listing"},
		{"axis", "Malaxa UE2", asl.MakerOthers, "axis listing"},
		{"allied", "TKS", asl.MakerOthers, "allied listing"},
		{"finnish", "Tempo G1200", asl.MakerOthers, "finnish listing"},
		{"common", "Armored Bulldozer", asl.MakerOthers, "common listing"},
		{"chinese", "Type 22", asl.MakerChinese, "chinese listing (all Chinese)"},
		// The exceptions by name.
		{"un", "Centaur Dozer", asl.MakerBritish, "un listing: Centaur"},
		{"un", "Centurion III", asl.MakerBritish, "un listing: Centurion"},
		{"un", "Centurion III(L)", asl.MakerBritish, "un listing: Centurion"},
		{"un", "Carrier, 3-in. Mtr", asl.MakerBritish, "un listing: Carrier"},
		{"un", "Oxford Carrier", asl.MakerBritish, "un listing: Oxford Carrier"},
		{"un", "Ox. Car., MMG", asl.MakerBritish, "un listing: Ox. Car."},
		{"un", "IP Carrier AOV", asl.MakerBritish, "un listing: IP Carrier"},
		{"axis", "LT vz 34", asl.MakerCzech, "axis listing: LT vz"},
		{"axis", "Vickers 6-Ton Mk E", asl.MakerBritish, "axis listing: Vickers"},
		// A mark wins over the exceptions and the file.
		{"axis", "LT vz 38(t)A", asl.MakerCzech, "(t)"},
		{"un", "M4A3E8(a)", asl.MakerUS, "(a)"},
		{"british", "Sherman II(a)", asl.MakerUS, "(a)"},
		// Every chinese row is all Chinese, whatever its mark.
		{"chinese", "M4A4(a)", asl.MakerChinese, "chinese listing (all Chinese)"},
		{"chinese", "Vickers 6-Ton Mk E(b)", asl.MakerChinese, "chinese listing (all Chinese)"},
	}
	for _, c := range cases {
		found := Find(c.group, c.name, "", "")
		if len(found) == 0 {
			t.Errorf("no %s listing %q", c.group, c.name)
			continue
		}
		for _, l := range found {
			m, why, ok := l.Maker()
			if !ok || m != c.want || why != c.why {
				t.Errorf("%s %s (%s): maker %v, %q, %v; want %v, %q", c.group, c.name, l.Type, m, why, ok, c.want, c.why)
			}
		}
	}
	if _, _, ok := (&Listing{Group: "martian", Name: "Tripod"}).Maker(); ok {
		t.Error("a file rules-notes 1.7 does not name has no maker")
	}
}
