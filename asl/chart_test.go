package asl

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/internal/rulecheck"
)

// The Terrain Chart test reads the chart as rules-notes 1.2 prints it (the spec) and checks every
// cell of the code's tables against it: TerrainChart, HexsideChart, BridgeChart, RoadRate and the
// climb costs. The expectations come from the markdown, never from the code's own tables, so a
// value changed by one in asl/terrain.go is caught (TestMutationTerrainChart shows it is).
//
// The table is read from ../../shared/rules-notes.md when the shared spec sits beside the
// worktree; else from testdata/rules-notes-1.2-chart.md, a verbatim copy of its table lines that
// TestChartCopyMatchesRulesNotes keeps from drifting.

const (
	chartCopy = "testdata/rules-notes-1.2-chart.md"
)

// mdRow is one row of the rules-notes 1.2 table: the terrain, its eight column cells, the
// "Bog / notes" cell and the tag.
type mdRow struct {
	name  string
	cells [numColumns]string
	notes string
	tag   string
}

// chartLines returns the table lines of rules-notes 1.2 ("| ... |"), from the section's start to
// the next section.
func chartLines(doc string) []string {
	var out []string
	in := false
	for _, l := range strings.Split(doc, "\n") {
		switch {
		case strings.HasPrefix(l, "### 1.2 "):
			in = true
		case in && strings.HasPrefix(l, "#"):
			return out
		case in && strings.HasPrefix(l, "|"):
			out = append(out, l)
		}
	}
	return out
}

// readChart returns the table's lines and where they were read.
func readChart(t testing.TB) ([]string, string) {
	t.Helper()
	text, from := rulecheck.NotesOrCopy(t, chartText, chartCopy)
	return strings.Split(strings.TrimRight(text, "\n"), "\n"), from
}

// chartText is the chart's table of rules-notes 1.2, as testdata's copy holds it.
func chartText(doc string) string { return strings.Join(chartLines(doc), "\n") + "\n" }

// parseChart splits the table into rows, checking its header names the columns in the chart's
// order.
func parseChart(lines []string) ([]mdRow, error) {
	if len(lines) < 3 {
		return nil, errors.New("no table")
	}
	head := rulecheck.Cells(lines[0])
	if len(head) != int(numColumns)+3 {
		return nil, fmt.Errorf("header has %d cells: %q", len(head), lines[0])
	}
	for c := Column(0); c < numColumns; c++ {
		if head[1+c] != c.String() {
			return nil, fmt.Errorf("column %d is %q, want %q", 1+c, head[1+c], c)
		}
	}
	var rows []mdRow
	for _, l := range lines[2:] {
		f := rulecheck.Cells(l)
		if len(f) != len(head) {
			return nil, fmt.Errorf("row has %d cells, want %d: %q", len(f), len(head), l)
		}
		r := mdRow{name: f[0], notes: f[1+numColumns], tag: f[2+numColumns]}
		copy(r.cells[:], f[1:1+numColumns])
		rows = append(rows, r)
	}
	return rows, nil
}

// mdCell is a chart cell as the markdown says it.
type mdCell struct {
	e      Entry
	bog    bool // B: Bog Check to enter (and for VCA change inside)
	rowDRM int  // "B +1": a Bog DRM of the row's own
	note   bool // a word beside the number: "1 or 2", "2 (1 factory to factory)"
}

// halves reads "1", "½", "1½" as half MP.
func halves(s string) (int, error) {
	n := 0
	if strings.HasSuffix(s, "½") {
		n, s = 1, strings.TrimSuffix(s, "½")
	}
	if s == "" {
		return n, nil
	}
	w, err := strconv.Atoi(s)
	return 2*w + n, err
}

// readCell reads one cell of a terrain or hexside row. "as a wall" and the road rate (rd) are
// for the caller.
func readCell(s string) (mdCell, error) {
	var c mdCell
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "NA") || s == "climbing only" {
		return mdCell{e: na()}, nil
	}
	if strings.Contains(s, "; or Z") { // "ALL, B; or Z, B +3": the mover chooses (woods, FT)
		return mdCell{e: halfOrAll(), bog: strings.Contains(s, ", B")}, nil
	}
	// the Bog flag, and the row's own Bog DRM after it ("B +1"); "B +3" after Z is the 1.3 DRM
	if i := strings.Index(s, ", B"); i >= 0 {
		c.bog = true
		rest := strings.TrimSpace(s[i+3:])
		s = s[:i]
		if strings.HasPrefix(rest, "+1") {
			c.rowDRM = 1
		}
	}
	switch {
	case s == "ALL":
		c.e = all()
		return c, nil
	case s == "Z":
		c.e = half()
		return c, nil
	case s == "Z+COT":
		c.e = halfCOT()
		return c, nil
	case strings.HasPrefix(s, "¼ of the allotment"):
		c.e = quarter()
		return c, nil
	case s == "COT":
		c.e = cot(0)
		return c, nil
	}
	if v, ok := strings.CutSuffix(s, ", +COT where the other terrain is not Open Ground"); ok {
		h, err := halves(v)
		c.e = cotNonOpen(h)
		return c, err
	}
	if v, ok := strings.CutSuffix(s, "+COT"); ok {
		h, err := halves(strings.TrimPrefix(strings.TrimSpace(v), "+"))
		c.e = cot(h)
		return c, err
	}
	if i := strings.IndexAny(s, " ("); i >= 0 {
		// "1 or 2": the least cost, with a note; "2 (1 factory to factory)"; "2 (default)"
		c.note = !strings.Contains(s, "(default)")
		s = s[:i]
	}
	h, err := halves(s)
	c.e = fx(h)
	return c, err
}

// The rows of rules-notes 1.2 that are a TerrainChart row (two code rows where one chart row
// names two terrains), and those that are a HexsideChart row.
var (
	chartTerrain = map[string][]Terrain{
		"Open Ground": {OpenGround}, "Shellholes": {Shellholes}, "Brush": {Brush},
		"Grain (in season, Apr-Sept)": {Grain}, "Orchard": {Orchard}, "Woods": {Woods},
		"Building, wooden or stone": {Building, WoodenBuilding}, "Factory": {Factory},
		"Rubble, stone or wooden": {Rubble, WoodenRubble}, "Debris": {Debris}, "Graveyard": {Graveyard},
		"Crag": {Crag}, "Marsh": {Marsh}, "Water (river, canal, pond, lake)": {Water},
		"Gully (and dry stream, B20.41)": {Gully, DryStream}, "Stream, shallow": {Stream},
		"Stream, deep": {DeepStream},
		"Ford (a crossing of a deep stream; `ford: true` on a deep stream hex only)": {Ford},
		"Sunken road, across a non-road hexside":                                     {SunkenRoad},
		"Elevated road, across a non-road hexside":                                   {ElevatedRoad},
	}
	chartHexside = map[string]HexsideObstacle{
		"Hedge (crossing hexside)": Hedge, "Wall (crossing hexside)": Wall, "Bocage (crossing hexside)": Bocage,
		"Cliff (crossing hexside)": Cliff, "Roadblock (hexside)": Roadblock,
	}
	// chartRoadRate: rows whose cells are the road rate (Inf/Cav/HD 1 MF; vehicles ½ or rd).
	chartRoadRate = map[string]bool{
		"Road, entered across a road hexside": true, "Woods-road, across a road hexside": true,
		"Bridge, stone or wooden (map or counter)": true, "Pontoon bridge": true,
	}
	chartBridge = map[string][]BridgeKind{
		"Bridge, stone or wooden (map or counter)": {StoneBridge, WoodenBridge},
		"Pontoon bridge": {PontoonBridge}, "Foot bridge": {FootBridge},
	}
	// Rows the chart prices by behaviour that step tests check (TestChartBehaviourRows).
	chartStepRows = map[string]bool{
		"Path, entered across a path hexside": true,
	}
	// halfMPBogDefault: rules-notes 1.3 tags the +3 Bog DRM for paying Z a default for these.
	halfMPBogDefault = map[Terrain]bool{Factory: true, Rubble: true, WoodenRubble: true, Graveyard: true}
)

// chartMismatches compares the code's tables with the rows of rules-notes 1.2 and returns every
// disagreement, one line each, and the number of cells compared per table.
func chartMismatches(rows []mdRow) (bad []string, cells map[string]int) {
	cells = map[string]int{}
	badf := func(f string, a ...any) { bad = append(bad, fmt.Sprintf(f, a...)) }
	seen := map[string]bool{}
	var wall mdRow
	for _, r := range rows {
		if _, ok := chartHexside[r.name]; ok && strings.HasPrefix(r.name, "Wall") {
			wall = r
		}
	}
	for _, r := range rows {
		seen[r.name] = true
		switch {
		case chartTerrain[r.name] != nil:
			for _, t := range chartTerrain[r.name] {
				n := terrainRowMismatches(r, t, badf)
				cells["TerrainChart"] += n
			}
		case chartHexside[r.name] != 0:
			cells["HexsideChart"] += hexsideRowMismatches(r, wall, chartHexside[r.name], badf)
		case chartRoadRate[r.name]:
			cells["RoadRate"] += roadRateMismatches(r, badf)
		case r.name == "Each level climbed":
			cells["climb"] += climbMismatches(r, badf)
		case chartStepRows[r.name], chartBridge[r.name] != nil:
		default:
			badf("rules-notes 1.2 row %q is checked by no test: map it in chart_test.go", r.name)
		}
		for _, b := range chartBridge[r.name] {
			cells["BridgeChart"] += bridgeRowMismatches(r, b, badf)
		}
	}
	for _, m := range []map[string]bool{chartRoadRate, chartStepRows} {
		for n := range m {
			if !seen[n] {
				badf("rules-notes 1.2 has no row %q", n)
			}
		}
	}
	for n := range chartTerrain {
		if !seen[n] {
			badf("rules-notes 1.2 has no row %q", n)
		}
	}
	return bad, cells
}

// terrainRowMismatches checks TerrainChart[t] against a chart row: every column's cost and Bog
// flags, and the row's Bog DRMs and tag. It returns the number of cells compared.
func terrainRowMismatches(r mdRow, t Terrain, badf func(string, ...any)) int {
	row := &TerrainChart[t]
	n := 0
	hasZ := false
	rowDRM := 0
	for c := Column(0); c < numColumns; c++ {
		want, err := readCell(r.cells[c])
		if err != nil {
			badf("%s %s: cannot read %q: %v", row.Name, c, r.cells[c], err)
			continue
		}
		n++
		if row.Cost[c] != want.e {
			badf("%s %s: cost %+v, rules-notes 1.2 says %q (%+v)", row.Name, c, row.Cost[c], r.cells[c], want.e)
		}
		if c == ColInf && (row.InfantryNote != "") != want.note {
			badf("%s Inf: note %q, rules-notes 1.2 says %q", row.Name, row.InfantryNote, r.cells[c])
		}
		var bog BogWhen
		vehicle := VehicleCols.Has(c)
		if want.bog && vehicle {
			bog = BogEntry | BogVCA
		}
		// leaving: "BB for trucks" (gully); "Bog ... on leaving" for every vehicle that may enter
		switch {
		case strings.Contains(r.notes, "BB for trucks"):
			if c == ColTruck {
				bog |= BogLeaving
			}
		case strings.Contains(r.notes, "on leaving"):
			if vehicle && want.e.Kind != NA {
				bog |= BogLeaving
			}
		}
		if row.Bog[c] != bog {
			badf("%s %s: Bog flags %03b, rules-notes 1.2 says %03b (%q; %q)", row.Name, c, row.Bog[c], bog, r.cells[c], r.notes)
		}
		hasZ = hasZ || want.e.Kind == HalfPrinted || want.e.Kind == HalfOrAll
		rowDRM = max(rowDRM, want.rowDRM)
	}
	// rules-notes 1.3: +3 whenever the chart's Z is paid
	if wantZ := map[bool]int{true: 3}[hasZ]; row.HalfMPBogDRM != wantZ {
		badf("%s: Z Bog DRM %d, want %d (rules-notes 1.3)", row.Name, row.HalfMPBogDRM, wantZ)
	}
	if row.HalfMPBogDefault != halfMPBogDefault[t] {
		badf("%s: Z Bog DRM default=%v, rules-notes 1.3 says %v", row.Name, row.HalfMPBogDefault, halfMPBogDefault[t])
	}
	if row.RowBogDRM != rowDRM {
		badf("%s: row Bog DRM %d, rules-notes 1.2 says %d", row.Name, row.RowBogDRM, rowDRM)
	}
	if deep := strings.Contains(r.notes, "+1 DRM if neither amphibious nor water-proofed"); row.DeepWater != deep {
		badf("%s: deep water %v, rules-notes 1.2 says %v", row.Name, row.DeepWater, deep)
	}
	if row.Tag != r.tag {
		badf("%s: tag %q, rules-notes 1.2 says %q", row.Name, row.Tag, r.tag)
	}
	if want := tagDefaults(r); row.Defaults != want {
		badf("%s: default columns %08b, rules-notes 1.2 says %08b (tag %q, cells %q)", row.Name, row.Defaults, want, r.tag, r.cells)
	}
	return n
}

// tagDefaults reads which columns of a row are the project's default: every one for "default";
// all but the named ones for "ref (Inf, Cav) / default"; none for "ref" or "ref / default" (the
// default is in the notes, not a cell); and any cell marked "(default)".
func tagDefaults(r mdRow) Cols {
	var d Cols
	switch {
	case r.tag == "default":
		d = AllCols
	case strings.HasPrefix(r.tag, "ref (") && strings.HasSuffix(r.tag, ") / default"):
		d = AllCols
		for _, name := range strings.Split(strings.TrimSuffix(strings.TrimPrefix(r.tag, "ref ("), ") / default"), ",") {
			for c := Column(0); c < numColumns; c++ {
				if c.String() == strings.TrimSpace(name) {
					d &^= colset(c)
				}
			}
		}
	}
	for c := Column(0); c < numColumns; c++ {
		if strings.Contains(r.cells[c], "(default)") {
			d |= colset(c)
		}
	}
	return d
}

// hexsideRowMismatches checks HexsideChart[o] against a chart row ("as a wall" reads the wall
// row's cell). It returns the number of cells compared.
func hexsideRowMismatches(r, wall mdRow, o HexsideObstacle, badf func(string, ...any)) int {
	row := &HexsideChart[o]
	n := 0
	hasZ := false
	for c := Column(0); c < numColumns; c++ {
		s := r.cells[c]
		if s == "as a wall" {
			s = wall.cells[c]
		}
		want, err := readCell(s)
		if err != nil {
			badf("%s %s: cannot read %q: %v", row.Name, c, s, err)
			continue
		}
		n++
		if row.Cost[c] != want.e {
			badf("%s %s: cost %+v, rules-notes 1.2 says %q (%+v)", row.Name, c, row.Cost[c], r.cells[c], want.e)
		}
		var bog BogWhen
		if want.bog && VehicleCols.Has(c) {
			bog = BogEntry // crossing a hexside: a Bog Check to cross, no VCA inside it
		}
		if row.Bog[c] != bog {
			badf("%s %s: Bog flags %03b, rules-notes 1.2 says %03b (%q)", row.Name, c, row.Bog[c], bog, r.cells[c])
		}
		hasZ = hasZ || want.e.Kind == HalfPlusCOT
	}
	if wantZ := map[bool]int{true: 3}[hasZ]; row.HalfMPBogDRM != wantZ {
		badf("%s: Z Bog DRM %d, want %d (rules-notes 1.3)", row.Name, row.HalfMPBogDRM, wantZ)
	}
	if row.Tag != r.tag {
		badf("%s: tag %q, rules-notes 1.2 says %q", row.Name, row.Tag, r.tag)
	}
	return n
}

// roadRateMismatches checks RoadRate (and RoadRateBU) against a row whose cells are the road
// rate: "1 ..." MF for the MF columns, "½" or "rd" (½ MP; 1 MP for a BU AFV, the chart's legend).
func roadRateMismatches(r mdRow, badf func(string, ...any)) int {
	n := 0
	for c := Column(0); c < numColumns; c++ {
		s, _, _ := strings.Cut(r.cells[c], " ")
		if s == "rd" {
			s = "½"
		}
		h, err := halves(s)
		if err != nil {
			badf("%s %s: cannot read %q", r.name, c, r.cells[c])
			continue
		}
		n++
		if RoadRate[c] != MP(h) {
			badf("%s %s: road rate %v, rules-notes 1.2 says %q", r.name, c, RoadRate[c], r.cells[c])
		}
	}
	if RoadRateBU != Whole(1) {
		badf("BU AFV road rate %v, rules-notes 1.2 (rd) says 1", RoadRateBU)
	}
	return n
}

// bridgeRowMismatches checks BridgeChart[b]: default or ref by the row's tag, a separate
// Location unless pontoon ("units on a non-pontoon bridge are a separate Location"), and a
// foot bridge's Infantry-and-Cavalry-only cells. It returns the number of cells compared.
func bridgeRowMismatches(r mdRow, b BridgeKind, badf func(string, ...any)) int {
	row := &BridgeChart[b]
	def := r.tag == "default" || (b == WoodenBridge && strings.Contains(r.tag, "default (wooden)"))
	if row.Default != def {
		badf("%s: default=%v, rules-notes 1.2 tags the row %q", row.Name, row.Default, r.tag)
	}
	sep := !strings.Contains(r.notes, "not a separate Location")
	if row.Separate != sep {
		badf("%s: separate Location=%v, rules-notes 1.2 says %q", row.Name, row.Separate, r.notes)
	}
	foot := true
	for c := ColHD; c < numColumns; c++ {
		foot = foot && strings.HasPrefix(r.cells[c], "NA")
	}
	if row.Foot != foot {
		badf("%s: Infantry and Cavalry only=%v, rules-notes 1.2 cells %q", row.Name, row.Foot, r.cells)
	}
	return 3
}

// climbMismatches checks LevelClimb and LevelClimbRoad against the "Each level climbed" row:
// "+N" in every vehicle column, and "+M instead of +N when entering across a road hexside" in its
// notes. The MF columns' "×2 COT" is behaviour: TestChartBehaviourRows pays it.
func climbMismatches(r mdRow, badf func(string, ...any)) int {
	n := 0
	for c := ColMC; c < numColumns; c++ {
		h, err := halves(strings.TrimPrefix(r.cells[c], "+"))
		if err != nil {
			badf("each level climbed %s: cannot read %q", c, r.cells[c])
			continue
		}
		n++
		if LevelClimb != MP(h) {
			badf("each level climbed %s: +%v, rules-notes 1.2 says %q", c, LevelClimb, r.cells[c])
		}
	}
	var road, off int
	if _, err := fmt.Sscanf(r.notes, "vehicles +%d instead of +%d", &road, &off); err != nil {
		badf("each level climbed: cannot read the road climb in %q", r.notes)
		return n
	}
	if LevelClimbRoad != Whole(road) || LevelClimb != Whole(off) {
		badf("each level climbed along a road: +%v (else +%v), rules-notes 1.2 says %q", LevelClimbRoad, LevelClimb, r.notes)
	}
	return n + 1
}

// TestTerrainChartCells compares every cell with the chart of rules-notes 1.2 (the shared copy
// when present) and with testdata's copy of it, which is what a checkout without ../shared reads.
func TestTerrainChartCells(t *testing.T) {
	sources := rulecheck.NotesAndCopy(t, chartText, chartCopy)
	for src, text := range sources {
		t.Run(src, func(t *testing.T) {
			rows, err := parseChart(strings.Split(strings.TrimRight(text, "\n"), "\n"))
			if err != nil {
				t.Fatalf("%s: %v", src, err)
			}
			bad, cells := chartMismatches(rows)
			for _, b := range bad {
				t.Error(b)
			}
			t.Logf("read from %s: cells compared %v", src, cells)
			if cells["TerrainChart"] != int(numTerrain)*int(numColumns) {
				t.Errorf("compared %d TerrainChart cells, want every one of %d", cells["TerrainChart"], int(numTerrain)*int(numColumns))
			}
			if cells["HexsideChart"] != int(numHexside-1)*int(numColumns) {
				t.Errorf("compared %d HexsideChart cells, want every one of %d", cells["HexsideChart"], int(numHexside-1)*int(numColumns))
			}
			if cells["BridgeChart"] != 3*int(numBridge-1) {
				t.Errorf("compared %d BridgeChart facts, want %d", cells["BridgeChart"], 3*int(numBridge-1))
			}
		})
	}
}

// TestChartCopyMatchesRulesNotes keeps testdata's copy of the table (read when ../shared is
// absent) the same as rules-notes 1.2.
func TestChartCopyMatchesRulesNotes(t *testing.T) {
	rulecheck.CheckCopy(t, chartText, chartCopy)
}

// TestMutationTerrainChart changes each cell of TerrainChart, HexsideChart and BridgeChart in
// turn by one (a value +1, the kind changed, each Bog flag flipped; each bridge fact flipped;
// each road rate +½) and checks that the chart test then finds a disagreement. It runs the same
// comparison TestTerrainChartCells runs, in a few milliseconds:
//
//	go test ./asl -run TestMutationTerrainChart -v
func TestMutationTerrainChart(t *testing.T) {
	lines, src := readChart(t)
	rows, err := parseChart(lines)
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	if bad, _ := chartMismatches(rows); len(bad) > 0 {
		t.Fatalf("the unmutated chart already disagrees: %v", bad)
	}
	m := rulecheck.NewMutations(t)
	check := func() []string { bad, _ := chartMismatches(rows); return bad }
	try := func(table, what string, mutate, restore func()) { m.Try(table, what, check, mutate, restore) }
	entryMutants := func(table, name string, e *Entry, bog *BogWhen, c Column) {
		old, oldBog := *e, *bog
		back := func() { *e, *bog = old, oldBog }
		if e.Kind == Fixed || e.Kind == PlusCOT || e.Kind == PlusCOTNonOpen { // the kinds that read V
			try(table, fmt.Sprintf("%s %s value+1", name, c), func() { e.V++ }, back)
		}
		try(table, fmt.Sprintf("%s %s kind", name, c), func() { e.Kind = (e.Kind + 1) % (PlusCOTNonOpen + 1) }, back)
		for _, f := range []BogWhen{BogEntry, BogVCA, BogLeaving} {
			if table == "HexsideChart" && f != BogEntry {
				continue // a hexside has no inside and is never left: only B is read there
			}
			try(table, fmt.Sprintf("%s %s Bog %03b flipped", name, c, f), func() { *bog ^= f }, back)
		}
	}
	for tr := range TerrainChart {
		row := &TerrainChart[tr]
		for c := Column(0); c < numColumns; c++ {
			entryMutants("TerrainChart", row.Name, &row.Cost[c], &row.Bog[c], c)
		}
		for c := Column(0); c < numColumns; c++ {
			bit := colset(c)
			try("TerrainChart", fmt.Sprintf("%s %s default flipped", row.Name, c), func() { row.Defaults ^= bit }, func() { row.Defaults ^= bit })
		}
		for _, p := range []*int{&row.HalfMPBogDRM, &row.RowBogDRM} {
			old := *p
			try("TerrainChart", row.Name+" Bog DRM+1", func() { *p++ }, func() { *p = old })
		}
	}
	for o := Hedge; o < numHexside; o++ {
		row := &HexsideChart[o]
		for c := Column(0); c < numColumns; c++ {
			entryMutants("HexsideChart", row.Name, &row.Cost[c], &row.Bog[c], c)
		}
		old := row.HalfMPBogDRM
		try("HexsideChart", row.Name+" Bog DRM+1", func() { row.HalfMPBogDRM++ }, func() { row.HalfMPBogDRM = old })
	}
	for b := StoneBridge; b < numBridge; b++ {
		row := &BridgeChart[b]
		for _, p := range []*bool{&row.Default, &row.Separate, &row.Foot} {
			try("BridgeChart", row.Name, func() { *p = !*p }, func() { *p = !*p })
		}
	}
	for c := Column(0); c < numColumns; c++ {
		try("RoadRate", c.String(), func() { RoadRate[c]++ }, func() { RoadRate[c]-- })
	}
	try("RoadRate", "BU", func() { RoadRateBU++ }, func() { RoadRateBU-- })
	for _, p := range []*MP{&LevelClimb, &LevelClimbRoad} {
		try("climb", "", func() { *p++ }, func() { *p-- })
	}
	m.Report()
}

// TestChartBehaviourRows pays the cells the code models by behaviour rather than as a table
// cell, one step each, with the costs rules-notes 1.2 gives: SMOKE (a project default, +1 MP),
// the level climbed (+4 MP; +2 across a road hexside; ×2 COT for a wagon's MF), the road rate
// ("rd": ½ MP, ½ for a truck), the path (vehicles pay the COT), the graveyard road (1 MP for every
// vehicle), the woods-road (Note D), the elevated road (the 5 includes the climb), and how a
// cell's kind is read (COT, Z FRU, ¼ FRU, ALL).
func TestChartBehaviourRows(t *testing.T) {
	mover := func(v Vehicle) []unitSpec {
		return []unitSpec{{id: "T", at: "M3", vca: "M4-N3", v: v, motion: true}}
	}
	truck := NewVehicle("truck", Truck, 20)
	wagon := NewVehicle("wagon", Wagon, WagonMF)
	squad := Vehicle{Name: "4-6-7", Class: Infantry, MP: InfantryMF}
	tr := func(kv ...any) map[string]Terrain {
		m := map[string]Terrain{}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1].(Terrain)
		}
		return m
	}
	step := func(s string, mp float64) []stepWant { return []stepWant{{step: s, mp: mp}} }
	runCases(t, []ruleCase{
		{name: "open ground, FT: 1", w: world{units: mover(tank(12))}, steps: step("T enter M4", 1)},
		{name: "SMOKE: +1 MP (README default)", w: world{smoke: []string{"M4"}, units: mover(tank(12))}, steps: step("T enter M4", 2)},
		{name: "SMOKE in brush, truck: 6 + 1", w: world{terrain: tr("M4", Brush), smoke: []string{"M4"}, units: mover(truck)}, steps: step("T enter M4", 7)},
		{name: "one level climbed off-road: +4", w: world{levels: map[string]int{"M4": 1}, units: mover(tank(12))}, steps: step("T enter M4", 5)},
		{name: "two levels climbed off-road: +8", w: world{levels: map[string]int{"M4": 2}, units: mover(tank(12))}, steps: step("T enter M4", 9)},
		{name: "a level climbed across a road hexside: rd + 2", w: world{levels: map[string]int{"M4": 1}, roads: []string{"M3-M4"}, units: mover(tank(12))},
			steps: step("T enter M4", 2.5)},
		{name: "a level down costs nothing", w: world{levels: map[string]int{"M3": 1}, units: mover(tank(12))}, steps: step("T enter M4", 1)},
		{name: "a wagon climbing a level pays its COT x2", w: world{terrain: tr("M4", Brush), levels: map[string]int{"M4": 1}, units: mover(wagon)},
			steps: step("T enter M4", 4)},
		{name: "a wagon climbing two levels pays its COT x4", w: world{levels: map[string]int{"M4": 2}, units: mover(wagon)}, steps: step("T enter M4", 4)},
		{name: "a wagon climbing three levels pays its COT x8", w: world{levels: map[string]int{"M4": 3}, units: mover(wagon)}, steps: step("T enter M4", 8)},
		{name: "road rate, CE tank: ½", w: world{roads: []string{"M3-M4"}, units: mover(tank(12))}, steps: step("T enter M4", 0.5)},
		{name: "road rate, truck: ½", w: world{roads: []string{"M3-M4"}, units: mover(truck)}, steps: step("T enter M4", 0.5)},
		{name: "road rate, wagon: 1 MF", w: world{terrain: tr("M4", Brush), roads: []string{"M3-M4"}, units: mover(wagon)}, steps: step("T enter M4", 1)},
		{name: "road into woods, CE tank: rd, no Bog Check", w: world{terrain: tr("M4", Woods), roads: []string{"M3-M4"}, units: mover(tank(12))},
			steps: step("T enter M4", 0.5)},
		{name: "woods-road with a wreck, CE tank: ½ + 4 (Note D)", w: world{terrain: tr("M4", Woods), roads: []string{"M3-M4"}, wrecks: map[string]int{"M4": 1}, units: mover(tank(12))},
			steps: step("T enter M4", 4.5)},
		{name: "path into brush, FT: the COT, 2", w: world{terrain: tr("M4", Brush), paths: []string{"M3-M4"}, units: mover(tank(12))}, steps: step("T enter M4", 2)},
		{name: "path into brush, truck: the COT, 6", w: world{terrain: tr("M4", Brush), paths: []string{"M3-M4"}, units: mover(truck)}, steps: step("T enter M4", 6)},
		{name: "graveyard road, CE tank: 1, no Bog Check", w: world{terrain: tr("M4", Graveyard), roads: []string{"M3-M4"}, units: mover(tank(12))},
			steps: step("T enter M4", 1)},
		{name: "graveyard road, truck: 1", w: world{terrain: tr("M4", Graveyard), roads: []string{"M3-M4"}, units: mover(truck)}, steps: step("T enter M4", 1)},
		{name: "graveyard off-road, truck: NA", w: world{terrain: tr("M4", Graveyard), units: mover(truck)}, steps: []stepWant{{step: "T enter M4", rule: "D2.1"}}},
		{name: "elevated road off-road, FT: 5 includes the climb", w: world{terrain: tr("M4", ElevatedRoad), levels: map[string]int{"M4": 1}, units: mover(tank(12))},
			steps: step("T enter M4", 5)},
		{name: "shellholes over brush, FT: COT 2", w: world{terrain: tr("M4", Shellholes), ground: tr("M4", Brush), units: mover(tank(12))}, steps: step("T enter M4", 2)},
		{name: "shellholes, truck: 4 + COT 4", w: world{terrain: tr("M4", Shellholes), units: mover(truck)}, steps: step("T enter M4", 8)},
		{name: "gully, HT: 3 + COT 1", w: world{terrain: tr("M4", Gully), units: mover(NewVehicle("ht", Halftrack, 12))}, steps: step("T enter M4", 4)},
		{name: "building, FT 9 MP: Z = 5 (FRU), a Bog Check", w: world{terrain: tr("M4", Building), units: mover(tank(9))}, dice: []int{2},
			steps: step("T enter M4", 5)},
		{name: "debris, FT 9 MP: ¼ = 3 (FRU), a Bog Check", w: world{terrain: tr("M4", Debris), units: mover(tank(9))}, dice: []int{2},
			steps: step("T enter M4", 3)},
		{name: "hedge, FT: 1 + COT 1", w: world{hedges: []string{"M3-M4"}, units: mover(tank(12))}, steps: step("T enter M4", 2)},
		{name: "hedge into brush, HT: 2 + COT 2, a Bog Check", w: world{terrain: tr("M4", Brush), hedges: []string{"M3-M4"}, units: mover(NewVehicle("ht", Halftrack, 12))},
			dice: []int{2}, steps: step("T enter M4", 4)},
		{name: "hedge, AC: 3 + COT 3, a Bog Check", w: world{hedges: []string{"M3-M4"}, units: mover(NewVehicle("ac", ArmoredCar, 14))}, dice: []int{2},
			steps: step("T enter M4", 6)},
		{name: "hedge, truck: NA", w: world{hedges: []string{"M3-M4"}, units: mover(truck)}, steps: []stepWant{{step: "T enter M4", rule: "D2.1"}}},
		{name: "wall into brush, FT: 1 + COT 2", w: world{terrain: tr("M4", Brush), walls: []string{"M3-M4"}, units: mover(tank(12))}, steps: step("T enter M4", 3)},
		{name: "bocage, FT 9 MP: Z 5 + COT 1, a Bog Check", w: world{bocage: []string{"M3-M4"}, units: mover(tank(9))}, dice: []int{2},
			steps: step("T enter M4", 6)},
		{name: "gully over brush, Infantry: 2 + COT 2", w: world{terrain: tr("M4", Gully), ground: tr("M4", Brush), units: mover(squad)}, steps: step("T enter M4", 4)},
		{name: "gully over open ground, Infantry: 2", w: world{terrain: tr("M4", Gully), units: mover(squad)}, steps: step("T enter M4", 2)},
		{name: "deep stream, AC: ALL", w: world{terrain: tr("M4", DeepStream), units: mover(NewVehicle("ac", ArmoredCar, 14))}, dice: []int{2},
			steps: step("T enter M4", 14)},
	})
}
