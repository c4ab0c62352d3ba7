package lightningwar

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/internal/rulecheck"
)

// The chart tests check the Movement Chart, the slope modifiers, the Base Movement speeds, the
// Vehicle Miring Table and the numbers the movement reads against the spec, never against the
// code's own tables: the Movement Chart as rules-notes 3.3 prints it (read from
// ../../shared/rules-notes.md, or from testdata/rules-notes-3.md, a verbatim copy of section 3
// that TestChartCopyMatchesRulesNotes keeps from drifting), and the seed's two tables, typed
// below cell by cell (the seed is the rule text: the repository keeps no copy of it), which
// TestSeedTablesMatchTyped reads from the seed itself when ../shared is present.
// TestMutationCharts changes every cell and sees each caught.

const (
	seedFile  = "seeds/lightning-war-movement-phase.txt" // in the shared spec
	chartCopy = "testdata/rules-notes-3.md"
)

// readNotes returns section 3 and where it was read.
func readNotes(t testing.TB) (string, string) {
	t.Helper()
	return rulecheck.NotesOrCopy(t, section, chartCopy)
}

// section is the part of rules-notes the chart tests read: section 3.
func section(doc string) string { return rulecheck.NotesSection(doc, "3") }

// The seed's tables, typed cell by cell from the seed (Base Movement; Vehicle Miring Table),
// and the numbers its text gives.
var (
	// seedSpeeds: unit type and pace → MPH and the inches a turn the seed prints beside it.
	seedSpeeds = []struct {
		name       string
		unit       Unit
		pace       Pace
		mph, inch  float64
		seedPhrase string // how the seed's Base Movement row prints it
	}{
		{"infantry walking", Unit{Type: Infantry}, Walk, 4, 2, `4MPH = 2" walking`},
		{"infantry running", Unit{Type: Infantry}, Run, 8, 4, `8MPH = 4" running`},
		{"pack horse", Unit{Type: PackHorse}, Walk, 4, 2, `| Pack Horse | 4MPH = 2"`},
		{"cavalry walking", Unit{Type: Cavalry, Mounted: true}, Walk, 8, 4, `8MPH = 4" walking`},
		{"cavalry gallop", Unit{Type: Cavalry, Mounted: true}, Gallop, 16, 8, `16MPH = 8" gallop`},
	}
	// seedMiring: the 2d6 roll to mire, wheeled then tracked, by size.
	seedMiring = [2][6]int{
		{SizeAT: 11, Light: 11, Small: 10, Medium: 10, Large: 9, Heavy: 9},
		{SizeAT: 12, Light: 12, Small: 11, Medium: 11, Large: 10, Heavy: 10},
	}
)

// seedNumbers are the numbers of the seed's text the movement reads, each with the seed's words
// for it (checked against the seed by TestSeedTablesMatchTyped).
var seedNumbers = []struct {
	name       string
	got        func() float64
	want       float64
	seedPhrase string
}{
	{"EscapeRoll", func() float64 { return EscapeRoll }, 1, `rolling a "1" on 1d6`},
	{"TowTurns", func() float64 { return TowTurns }, 3, "On the third turn, neither vehicle moves but the mired vehicle is freed"},
	{"OverrunMGFactor", func() float64 { return OverrunMGFactor }, 2, "Double machinegun firepower"},
	{"AdjustShare", func() float64 { return AdjustShare }, 0.1, "(up to 10% of their movement allowance)"},
	{"SpottingRange", func() float64 { return inchesOf(SpottingRange) }, 5, `a spotting round within 250m (5")`},
	{"a gentle slope in the seed's example", func() float64 { return SlopeChart[Gentle].Modifier }, 1, "divided by three (2+1) in Broken Ground (2) on a Gentle Slope (1)"},
	{"broken ground in the seed's example", func() float64 { return MovementChart[Broken].Factor }, 2, "in Broken Ground (2)"},
}

// notesNumber is a number of rules-notes section 3, found by a phrase in which "{}" stands for
// it.
type notesNumber struct {
	name   string
	got    func() float64
	phrase string
}

var notesNumbers = []notesNumber{
	{"MetresPerInch", func() float64 { return MetresPerInch }, "1 inch = {} m."},
	{"InchesPerMPH", func() float64 { return 1 / InchesPerMPH }, "x MPH moves x/{} inches per turn"},
	{"AdjustShare", func() float64 { return 100 * AdjustShare }, "a shuffle of up to {}% of the allowance"},
	{"DangerTankGun (m)", func() float64 { return DangerTankGun }, "within {} m ("},
	{"DangerTankGun (inches)", func() float64 { return inchesOf(DangerTankGun) }, `m ({}") of an enemy tank or gun`},
	{"DangerInfantry (m)", func() float64 { return DangerInfantry }, "or {} m ("},
	{"DangerInfantry (inches)", func() float64 { return inchesOf(DangerInfantry) }, `m ({}") of an infantry squad`},
	{"MoraleReserveDRM", func() float64 { return -MoraleReserveDRM }, "morale checks at −{} "},
	{"infantry walk", func() float64 { return BaseMovement.InfantryWalk }, "infantry walk {} MPH"},
	{"infantry run", func() float64 { return BaseMovement.InfantryRun }, "MPH, run {} (never"},
	{"pack horse", func() float64 { return BaseMovement.PackHorse }, "pack horse {};"},
	{"cavalry walk", func() float64 { return BaseMovement.CavalryWalk }, "cavalry walk {},"},
	{"cavalry gallop", func() float64 { return BaseMovement.CavalryGallop }, "gallop {} (only where the factor is 1)"},
}

// chartGrounds maps each Ground row of the rules-notes 3.3 table to the MovementChart rows it
// gives; chartSlopes the slope rows. The stream row is StreamCrossing's.
var (
	chartGrounds = map[string][]Ground{
		"Open": {Open}, "Road (whole move on road)": {RoadGround}, "Broken ground": {Broken},
		"Woods, built-up": {Woods, BuiltUp}, "Marsh": {Marsh},
	}
	chartSlopes = map[string]Slope{"Gentle slope": Gentle, "Steep slope": Steep}
	mireWords   = map[string]MireCheck{"no": NoCheck, "wheeled": WheeledCheck, "yes": VehicleCheck}
)

// lwChartMismatches compares the code's charts and numbers with rules-notes section 3 and the
// seed's typed cells, and returns every disagreement, one line each, and the number of cells
// compared per table.
func lwChartMismatches(sec string) (bad []string, cells map[string]int) {
	cells = map[string]int{}
	badf := func(f string, a ...any) { bad = append(bad, fmt.Sprintf(f, a...)) }

	// rules-notes 3.3: the Movement Chart.
	var rows [][]string
	for _, l := range strings.Split(sec[strings.Index(sec, "### 3.3 ")+1:], "\n") {
		if strings.HasPrefix(l, "|") {
			rows = append(rows, rulecheck.Cells(l))
		} else if len(rows) > 0 {
			break
		}
	}
	if len(rows) < 3 || strings.Join(rows[0], "|") != "Ground|Factor|Vehicle miring check|Tag" {
		badf("rules-notes 3.3: no Movement Chart table (%q)", rows)
		return bad, cells
	}
	seenG, seenS, stream := map[Ground]bool{}, map[Slope]bool{}, false
	for _, f := range rows[2:] {
		name, factor, mire := f[0], f[1], f[2]
		switch {
		case chartGrounds[name] != nil:
			num, _, _ := strings.Cut(factor, ",")
			v, err := strconv.ParseFloat(num, 64)
			m, ok := mireWords[mire]
			if err != nil || !ok {
				badf("rules-notes 3.3 %q: cannot read %q, %q", name, factor, mire)
				continue
			}
			for _, g := range chartGrounds[name] {
				seenG[g] = true
				cells["MovementChart"] += 2
				if MovementChart[g].Factor != v {
					badf("MovementChart %s: factor %v, rules-notes 3.3 says %q", MovementChart[g].Name, MovementChart[g].Factor, factor)
				}
				if MovementChart[g].Mire != m {
					badf("MovementChart %s: miring check %d, rules-notes 3.3 says %q", MovementChart[g].Name, MovementChart[g].Mire, mire)
				}
			}
		case name == "Stream crossing":
			stream = true
			cells["MovementChart"]++
			if m, ok := mireWords[mire]; !ok || StreamCrossing != m || factor != "factor of the banks" {
				badf("StreamCrossing: miring check %d, rules-notes 3.3 says %q, %q", StreamCrossing, factor, mire)
			}
		case chartSlopes[name] != Flat:
			s := chartSlopes[name]
			seenS[s] = true
			v, err := strconv.ParseFloat(strings.TrimPrefix(factor, "+"), 64)
			cells["SlopeChart"]++
			if err != nil || SlopeChart[s].Modifier != v {
				badf("SlopeChart %s: %+v, rules-notes 3.3 says %q", SlopeChart[s].Name, SlopeChart[s].Modifier, factor)
			}
		default:
			badf("rules-notes 3.3 row %q is checked by no test: map it in chart_test.go", name)
		}
	}
	for g := range MovementChart {
		if !seenG[Ground(g)] {
			badf("MovementChart %s is in no row of rules-notes 3.3", MovementChart[g].Name)
		}
	}
	if !stream {
		badf("rules-notes 3.3 has no stream row")
	}
	for _, s := range []Slope{Gentle, Steep} {
		if !seenS[s] {
			badf("SlopeChart %s is in no row of rules-notes 3.3", SlopeChart[s].Name)
		}
	}
	cells["SlopeChart"]++
	if SlopeChart[Flat].Modifier != 0 { // no slope, no modifier: the seed adds "any modifiers for factors like slope"
		badf("SlopeChart Flat: %+v, want 0", SlopeChart[Flat].Modifier)
	}

	// The numbers rules-notes section 3 gives.
	text := strings.Join(strings.Fields(sec), " ")
	for _, n := range notesNumbers {
		parts := strings.Split(n.phrase, "{}")
		for k := range parts {
			parts[k] = regexp.QuoteMeta(parts[k])
		}
		m := regexp.MustCompile(strings.Join(parts, `([0-9.]+)`)).FindStringSubmatch(text)
		if m == nil {
			badf("%s: rules-notes section 3 has no %q", n.name, n.phrase)
			continue
		}
		cells["numbers"]++
		if v, _ := strconv.ParseFloat(m[1], 64); math.Abs(n.got()-v) > 1e-9 {
			badf("%s = %v, rules-notes section 3 says %s in %q", n.name, n.got(), m[1], m[0])
		}
	}

	// The seed's Base Movement, played through speed(): open ground, off road.
	open := Place{Ground: Open, Factor: 1}
	for _, s := range seedSpeeds {
		cells["BaseMovement"]++
		mph, _ := speed(&s.unit, s.pace, false, open)
		if mph != s.mph {
			badf("Base Movement %s: %v MPH, the seed says %v", s.name, mph, s.mph)
		}
		if got := speedMetres(mph); math.Abs(got-metres(s.inch)) > 1e-9 {
			badf("Base Movement %s: %v MPH moves %v\" a turn, the seed says %v\"", s.name, mph, inchesOf(got), s.inch)
		}
	}
	// Cavalry gallops only where the movement cost is 1 (the seed): in broken ground it walks.
	cav := Unit{Type: Cavalry, Mounted: true}
	broken := Place{Ground: Broken, Factor: MovementChart[Broken].Factor}
	if mph, _ := speed(&cav, Gallop, false, broken); mph != seedSpeeds[3].mph {
		badf("cavalry ordered to gallop in broken ground: %v MPH, the seed lets it only walk (%v)", mph, seedSpeeds[3].mph)
	}

	// The seed's Vehicle Miring Table, read through MiringTarget.
	for tr := range 2 {
		for sz := SizeAT; sz <= Heavy; sz++ {
			cells["MiringTable"]++
			if got := MiringTarget(&Unit{Type: Vehicle, Tracked: tr == 1, Size: sz}); got != seedMiring[tr][sz] {
				badf("Vehicle Miring Table %s %s: %d, the seed says %d+", gear(&Unit{Tracked: tr == 1}), sz, got, seedMiring[tr][sz])
			}
		}
	}
	for _, n := range seedNumbers {
		cells["numbers"]++
		if math.Abs(n.got()-n.want) > 1e-9 {
			badf("%s = %v, the seed says %v (%q)", n.name, n.got(), n.want, n.seedPhrase)
		}
	}
	return bad, cells
}

// TestChartCells compares every cell of the Movement Chart, the slope modifiers, Base Movement,
// the Vehicle Miring Table and the movement's numbers with rules-notes section 3 (the shared copy
// when present, and testdata's copy) and the seed's typed cells.
func TestChartCells(t *testing.T) {
	rulecheck.CheckCells(t, section, chartCopy, lwChartMismatches, map[string]int{
		"MovementChart": 2*len(MovementChart) + 1, "SlopeChart": len(SlopeChart), "BaseMovement": len(seedSpeeds),
		"MiringTable": 12, "numbers": len(notesNumbers) + len(seedNumbers),
	})
}

// TestChartCopyMatchesRulesNotes keeps testdata's copy of section 3 the same as rules-notes.
func TestChartCopyMatchesRulesNotes(t *testing.T) {
	rulecheck.CheckCopy(t, section, chartCopy)
}

// TestSeedTablesMatchTyped reads the seed's Base Movement and Vehicle Miring Table, and the
// words of each seed number, from the seed itself (when ../shared is present) and checks the
// typed cells of this file say the same.
func TestSeedTablesMatchTyped(t *testing.T) {
	dir := rulecheck.Dir()
	if dir == "" {
		t.Skipf("the shared spec is not beside this repository: the typed cells stand alone")
	}
	seed, err := rulecheck.Read(dir, seedFile)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range seedSpeeds {
		if !strings.Contains(seed, s.seedPhrase) {
			t.Errorf("Base Movement %s: the seed has no %q", s.name, s.seedPhrase)
			continue
		}
		m := regexp.MustCompile(`(\d+)MPH = (\d+)"`).FindStringSubmatch(s.seedPhrase)
		if mph, _ := strconv.ParseFloat(m[1], 64); mph != s.mph {
			t.Errorf("Base Movement %s: typed %v MPH, the seed says %s", s.name, s.mph, m[1])
		}
		if in, _ := strconv.ParseFloat(m[2], 64); in != s.inch {
			t.Errorf("Base Movement %s: typed %v\", the seed says %s", s.name, s.inch, m[2])
		}
	}
	for _, n := range seedNumbers {
		if !strings.Contains(seed, n.seedPhrase) {
			t.Errorf("%s: the seed has no %q", n.name, n.seedPhrase)
		}
	}
	// The Miring Table: a gear's first row names it; the rows after it carry its other sizes.
	sizes := map[string][]Size{"AT, Light": {SizeAT, Light}, "Small, Medium": {Small, Medium}, "Large, Heavy": {Large, Heavy}}
	in, gearRow, seen := false, -1, 0
	for _, l := range strings.Split(seed, "\n") {
		if strings.HasPrefix(l, "| Vehicle Miring Table") {
			in = true
			continue
		}
		if !in || !strings.HasPrefix(l, "|") {
			in = in && seen == 0
			continue
		}
		f := rulecheck.Cells(l)
		switch f[0] {
		case "Wheeled":
			gearRow, f = 0, f[1:]
		case "Tracked":
			gearRow, f = 1, f[1:]
		}
		szs, ok := sizes[f[0]]
		if !ok || gearRow < 0 {
			continue
		}
		need, err := strconv.Atoi(strings.TrimSuffix(f[1], "+"))
		if err != nil {
			t.Errorf("Vehicle Miring Table: cannot read %q", l)
			continue
		}
		for _, sz := range szs {
			seen++
			if seedMiring[gearRow][sz] != need {
				t.Errorf("Vehicle Miring Table %d %s: typed %d, the seed says %d", gearRow, sz, seedMiring[gearRow][sz], need)
			}
		}
	}
	if seen != 12 {
		t.Errorf("read %d cells of the seed's Vehicle Miring Table, want 12", seen)
	}
}

// TestMutationCharts changes each cell of the Movement Chart (a factor +1, the miring check to
// the next kind), the slope modifiers, Base Movement and the Vehicle Miring Table (+1 each) and
// the distances held as variables (+1") in turn, and checks that TestChartCells' comparison then
// finds a disagreement. The numbers held as constants are mutated in the source by
// scripts/mutate-chart.
//
//	go test ./lightningwar -run TestMutation -v
func TestMutationCharts(t *testing.T) {
	sec, _ := readNotes(t)
	if bad, _ := lwChartMismatches(sec); len(bad) > 0 {
		t.Fatalf("the unmutated charts already disagree: %v", bad)
	}
	m := rulecheck.NewMutations(t)
	check := func() []string { bad, _ := lwChartMismatches(sec); return bad }
	try := func(table, what string, mutate, restore func()) { m.Try(table, what, check, mutate, restore) }
	for g := range MovementChart {
		e := &MovementChart[g]
		old := *e
		back := func() { *e = old }
		try("MovementChart", e.Name+" factor+1", func() { e.Factor++ }, back)
		try("MovementChart", e.Name+" miring check", func() { e.Mire = (e.Mire + 1) % 3 }, back)
	}
	for s := range SlopeChart {
		p := &SlopeChart[s].Modifier
		try("SlopeChart", SlopeChart[s].Name+"+1", func() { *p++ }, func() { *p-- })
	}
	bm := &BaseMovement
	for name, p := range map[string]*float64{"infantry walk": &bm.InfantryWalk, "infantry run": &bm.InfantryRun,
		"pack horse": &bm.PackHorse, "cavalry walk": &bm.CavalryWalk, "cavalry gallop": &bm.CavalryGallop} {
		try("BaseMovement", name+"+1", func() { *p++ }, func() { *p-- })
	}
	for tr := range MiringTable {
		for sz := range MiringTable[tr] {
			p := &MiringTable[tr][sz]
			try("MiringTable", fmt.Sprintf("%d %s +1", tr, Size(sz)), func() { *p++ }, func() { *p-- })
		}
	}
	for name, p := range map[string]*float64{"SpottingRange": &SpottingRange, "DangerTankGun": &DangerTankGun, "DangerInfantry": &DangerInfantry} {
		try("distances", name+"+1\"", func() { *p += MetresPerInch }, func() { *p -= MetresPerInch })
	}
	m.Report()
}
