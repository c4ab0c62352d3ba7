package listing

import (
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// readData reads data/*_vehicles.csv as the generator does.
func readData(t *testing.T) ([]Listing, []Problem) {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join("data", "*_vehicles.csv"))
	if len(files) != 14 {
		t.Fatalf("%d listing files, want 14", len(files))
	}
	sort.Strings(files)
	var all []Listing
	var problems []Problem
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		ls, ps, err := ReadCSV(strings.TrimSuffix(filepath.Base(f), "_vehicles.csv"), data)
		if err != nil {
			t.Fatal(err)
		}
		all, problems = append(all, ls...), append(problems, ps...)
	}
	return all, problems
}

// TestGenerated: the table is what the files say today (run `go generate ./asl/listing` after
// changing them or the reader), and the one cell rules-notes 1.7 says to report is reported.
func TestGenerated(t *testing.T) {
	all, problems := readData(t)
	if !reflect.DeepEqual(all, Listings) {
		t.Errorf("listings_gen.go is stale: go generate ./asl/listing (%d listings read, %d in the table)", len(all), len(Listings))
	}
	if len(problems) != 1 || !strings.Contains(problems[0].String(), `M26A1: ground pressure "T" read as normal`) {
		t.Errorf("problems: %v", problems)
	}
}

func find(t *testing.T, group, name, typ, piece string) Listing {
	t.Helper()
	for _, l := range Listings {
		if l.Group == group && l.FullName() == name && l.Type == typ && (piece == "" || l.Piece == piece) {
			return l
		}
	}
	t.Fatalf("no %s %s %s %s", group, name, typ, piece)
	return Listing{}
}

// TestFacts checks rows whose reading rules-notes 1.7, the data README or the issue spells out.
func TestFacts(t *testing.T) {
	for _, c := range []struct {
		group, name, typ, piece string
		want                    Listing
	}{
		// 23 red MP and no radio (issue 18), not the D2.21 EX's 16 MP.
		{"russian", "BT-7 M37", "LT", "", Listing{Movement: FullyTracked, MP: 23, RedMP: true, Radioless: true, AFV: true}},
		// A variant is named in full; its facts are its own row's.
		{"russian", "BT-7 M37 w/ Opt AAMG", "LT", "", Listing{Movement: FullyTracked, MP: 23, RedMP: true, Radioless: true, AFV: true}},
		// 14 red MP, amphibious 2 (a digit superscript), low ground pressure, an `a` type prefix.
		{"russian", "T-37", "aTt", "", Listing{Movement: FullyTracked, MP: 14, RedMP: true, AmphibiousMP: 2, Radioless: true, GroundPressure: -1, AFV: true}},
		// Curly quotes and note marks go; mt=LT makes the SC fully tracked.
		{"american", "T8", "SC", "", Listing{Movement: FullyTracked, MP: 18, OpenTopped: true, AFV: true}},
		// Two Lorraine 38L rows differ: 11 MP, and mp=13; told apart by piece.
		{"french", "Lorraine 38L", "APC", "lorr38tr", Listing{Movement: FullyTracked, MP: 11, GroundPressure: -1, OpenTopped: true, AFV: true}},
		{"french", "Lorraine 38L", "APC", "lorr38", Listing{Movement: FullyTracked, MP: 13, GroundPressure: -1, OpenTopped: true, AFV: true}},
		// Horses are Cavalry, wagons and the Taczanka (unarmored ★) wagons.
		{"common", "Horse (Squad)", "None", "", Listing{Movement: Cavalry, MP: 12}},
		{"common", "Wagon", "None", "", Listing{Movement: Wagon, MP: 8}},
		{"allied", "Taczanka", "AAh-d", "", Listing{Movement: Wagon, MP: 10}},
		// <sup>3t</sup>: moves as a truck, amphibious 3; ★: unarmored.
		{"american", "DUKW", "atr", "", Listing{Movement: Truck, MP: 27, TruckType: true, AmphibiousMP: 3}},
		// A note mark after the ground pressure letter is no part of it.
		{"american", "¼-Ton Jeep GPA", "atr", "", Listing{Movement: Truck, MP: 32, TruckType: true, AmphibiousMP: 2, GroundPressure: -1}},
		// No movement listing: a searchlight (*SL).
		{"common", "Searchlight", "None", "", Listing{}},
	} {
		l := find(t, c.group, c.name, c.typ, c.piece)
		got := Listing{Movement: l.Movement, MP: l.MP, RedMP: l.RedMP, TruckType: l.TruckType, AmphibiousMP: l.AmphibiousMP,
			Radioless: l.Radioless, GroundPressure: l.GroundPressure, OpenTopped: l.OpenTopped, AFV: l.AFV}
		if got != c.want {
			t.Errorf("%s %s %s: %+v, want %+v", c.group, c.name, c.typ, got, c.want)
		}
	}
}

// TestTypeCodes: type codes compare case-sensitively (HT a heavy tank, ht a halftrack), tracked
// codes take `v` and `a`, and an unknown code is no class.
func TestTypeCodes(t *testing.T) {
	for code, want := range map[string]Movement{"HT": FullyTracked, "ht": Halftrack, "MTv": FullyTracked, "aLT": FullyTracked,
		"AC": ArmoredCar, "SC": Truck, "trv": Truck, "TDmc": Motorcycle, "AS": Aerosan, "htv": NoMovement, "XX": NoMovement} {
		if got, _ := typeMovement(code); got != want {
			t.Errorf("%s: %v, want %v", code, got, want)
		}
	}
}

// TestEveryRow: every non-ignored row of the files is a listing (or repeats one), each with a
// name and a class, and a movement listing exactly when its MP is known.
func TestEveryRow(t *testing.T) {
	if len(Listings) < 950 {
		t.Fatalf("only %d listings", len(Listings))
	}
	classes := map[Movement]int{}
	for _, l := range Listings {
		if l.Name == "" || strings.ContainsAny(l.Name, "<>†“”") {
			t.Errorf("%s: name %q", l.Piece, l.Name)
		}
		if (l.MP > 0) != (l.Movement != NoMovement) {
			t.Errorf("%s %s: %d MP, movement %v", l.Group, l.Name, l.MP, l.Movement)
		}
		classes[l.Movement]++
	}
	for _, m := range []Movement{FullyTracked, Halftrack, ArmoredCar, Truck, Motorcycle, Aerosan, Cavalry, Wagon} {
		if classes[m] == 0 {
			t.Errorf("no %v listing", m)
		}
	}
}

// TestFind: a listing is known by nationality, name and type code, and piece among rows that
// differ in nothing else (rules-notes 1.7, scenario-format.md).
func TestFind(t *testing.T) {
	if got := Find("american", "M3", "", ""); len(got) < 2 {
		t.Errorf("M3 names a tank and a halftrack (and more): %d listings", len(got))
	}
	if got := Find("american", "M3", "ht", ""); len(got) != 1 || got[0].Movement != Halftrack {
		t.Errorf("M3 ht: %+v", got)
	}
	if got := Find("french", "Lorraine 38L", "APC", ""); len(got) != 2 {
		t.Errorf("Lorraine 38L: %d listings, want the two rows that differ", len(got))
	}
	if got := Find("french", "Lorraine 38L", "APC", "lorr38"); len(got) != 1 || got[0].MP != 13 {
		t.Errorf("Lorraine 38L piece lorr38: %+v", got)
	}
	if got := Find("german", "pzkpfw  ivh", "", ""); len(got) != 1 || got[0].Name != "PzKpfw IVH" {
		t.Errorf("pzkpfw ivh (another case, two spaces): %+v", got)
	}
	if got := Find("russian", "PzKpfw IVH", "", ""); len(got) != 0 {
		t.Errorf("a German tank among the Russians: %+v", got)
	}
	got := Search("bt-7 m37", "russian", 0)
	if len(got) != 4 || got[0].FullName() != "BT-7 M37" {
		t.Errorf("search bt-7 m37: %d", len(got))
	}
	if got := Search("m3", "", 3); len(got) != 3 {
		t.Errorf("search m3, 3 at most: %d", len(got))
	}
}
