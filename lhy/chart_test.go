package lhy

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/internal/rulecheck"
)

// The chart tests read the player aid's tables and numbers as rules-notes section 2 prints them
// (the spec) and check the code's tables against them: AssaultResults, AssaultDRMs, VDADRMs and
// the numbers the procedures read. The expectations come from the markdown, never from the
// code's own tables, so a value changed by one is caught (TestMutationCharts shows it is).
//
// Section 2 is read from ../../shared/rules-notes.md when the shared spec sits beside the
// worktree; else from testdata/rules-notes-2.md, a verbatim copy that
// TestChartCopyMatchesRulesNotes keeps from drifting. What States allows is checked cell by cell
// against the rule lines in TestStatesCells.

const (
	chartCopy = "testdata/rules-notes-2.md"
)

// readNotes returns section 2 and where it was read.
func readNotes(t testing.TB) (string, string) {
	t.Helper()
	return rulecheck.NotesOrCopy(t, section, chartCopy)
}

// section is the part of rules-notes the chart tests read: section 2.
func section(doc string) string { return rulecheck.NotesSection(doc, "2") }

// subsection is the text of "### N ..." up to the next heading.
func subsection(sec, n string) string {
	i := strings.Index(sec, "\n### "+n+" ")
	if i < 0 {
		return ""
	}
	s := sec[i+1:]
	if j := strings.Index(s[1:], "\n#"); j >= 0 {
		s = s[:j+2]
	}
	return s
}

// tableRows are the cells of the markdown table rows of s, after the header row (checked against
// head) and its rule.
func tableRows(s string, head ...string) ([][]string, error) {
	var rows [][]string
	found := false
	for _, l := range strings.Split(s, "\n") {
		if !strings.HasPrefix(l, "|") {
			if found {
				break
			}
			continue
		}
		f := rulecheck.Cells(l)
		if !found {
			if strings.Join(f, "|") != strings.Join(head, "|") {
				continue
			}
			found = true
			continue
		}
		if strings.HasPrefix(f[0], "---") {
			continue
		}
		if len(f) != len(head) {
			return nil, fmt.Errorf("row has %d cells, want %d: %q", len(f), len(head), l)
		}
		rows = append(rows, f)
	}
	if !found {
		return nil, fmt.Errorf("no table with the header %q", head)
	}
	return rows, nil
}

// number reads a signed integer as rules-notes prints it ("−2", "+1", "14").
func number(s string) (int, error) {
	s = strings.NewReplacer("−", "-", "+", "").Replace(strings.TrimSpace(s))
	return strconv.Atoi(s)
}

// span reads a range "10–13", "−1 … 1", "2–4" or a single number.
func span(s string) (lo, hi int, err error) {
	for _, sep := range []string{"…", "–"} {
		if a, b, ok := strings.Cut(s, sep); ok {
			if lo, err = number(a); err == nil {
				hi, err = number(b)
			}
			return lo, hi, err
		}
	}
	lo, err = number(s)
	return lo, lo, err
}

// who reads a side as the table names it ("—": nobody).
func who(s string) (Who, error) {
	switch s {
	case "—":
		return Nobody, nil
	case "attacker":
		return Attacker, nil
	case "defender":
		return Defender, nil
	case "both":
		return Both, nil
	}
	return Nobody, fmt.Errorf("not a side: %q", s)
}

// resultsRow reads a row of the rules-notes 2.3 table: Final, Urban Assault, Vehicle Destruction,
// Retreat, Casualty, Cohesion Check, Advance, Regrouping.
func resultsRow(f []string) (AssaultRow, error) {
	var r AssaultRow
	var err error
	if v, ok := strings.CutPrefix(f[0], "≤"); ok {
		r.Min = MinFinal
		r.Max, err = number(v)
	} else {
		r.Min, r.Max, err = span(f[0])
	}
	if err != nil {
		return r, fmt.Errorf("Final %q: %v", f[0], err)
	}
	if rolls, side, ok := strings.Cut(f[1], ": "); ok {
		if r.UrbanRoll[0], r.UrbanRoll[1], err = span(rolls); err != nil {
			return r, fmt.Errorf("Urban Assault %q: %v", f[1], err)
		}
		f[1] = side
	}
	if r.UrbanAssault, err = who(f[1]); err != nil {
		return r, err
	}
	if r.VehicleDestruction, err = who(f[2]); err != nil {
		return r, err
	}
	hexes, ok := strings.CutPrefix(f[3], "loser, ")
	if !ok {
		return r, fmt.Errorf("Retreat %q", f[3])
	}
	if r.RetreatMin, r.RetreatMax, err = span(hexes); err != nil {
		return r, fmt.Errorf("Retreat %q: %v", f[3], err)
	}
	switch {
	case strings.HasPrefix(f[4], "all losers"):
		r.Casualty = AllLosers
	case strings.HasPrefix(f[4], "Disrupted losers"):
		r.Casualty = DisruptedLosers
	default:
		return r, fmt.Errorf("Casualty %q", f[4])
	}
	switch f[5] {
	case "undisrupted losers":
		r.Cohesion = UndisruptedLosers
	case "undisrupted losers, after Disrupting":
		r.Cohesion = DisruptFirst
	case "●★: the others":
		r.Cohesion = JapaneseRussianOthers
	default:
		return r, fmt.Errorf("Cohesion Check %q", f[5])
	}
	if r.Advance, err = who(f[6]); err != nil {
		return r, err
	}
	switch f[7] {
	case "●★ losers":
		r.Regrouping = true
	case "—":
	default:
		return r, fmt.Errorf("Regrouping %q", f[7])
	}
	return r, nil
}

// assaultDRMRows maps each condition of the rules-notes 2.2 DRM table to the lines of AssaultDRMs
// it gives (one condition may name several; "LATW / FT" gives two values, in order). The
// Cohesion difference is CohesionDRMLimit's.
var assaultDRMRows = map[string][]AssaultDRM{
	"defender in an urban building (non-vehicular combat unit or leader)": {DRMUrbanBuilding},
	"attacking uphill":                {DRMUphill},
	"defending combat unit Concealed": {DRMConcealed},
	"non-vehicular defender in IP, behind a wall, in a rural building": {DRMIP, DRMWall, DRMRuralBuilding},
	"fragmented: attackers from different companies":                   {DRMFragmented},
	"attacker's vehicle in motion":                                     {DRMAttackerMotion},
	"defender's vehicle in motion [inferred sign split]":               {DRMDefenderMotion},
	"defender Regrouping":                                              {DRMRegrouping},
	"Heroic attacker vs a Fighting Position":                           {DRMHeroicVsFP},
	"Envelopment (needs Coordinated Activation)":                       {DRMEnvelopment},
	"LATW / FT vs a FP, Towed Gun or urban building":                   {DRMLATW, DRMFT},
}

// vdaDRMPhrases maps each phrase of the rules-notes 2.3 Vehicle Destruction Attempt DRM list to
// the lines of VDADRMs it gives.
var vdaDRMPhrases = map[string][]VDADRM{
	"squad or FP": {VDASquadOrFP}, "German MG": {VDAGermanMG}, "infantry section after 9/43": {VDASectionAfter943},
	"reduced ●★ squad/section": {VDAReducedJR}, "unit with ATV ≥ 0": {VDAATV}, "German squad/FP after 9/43": {VDAGermanAfter943},
	"Heroic unit": {VDAHeroic}, "AV > 2": {VDAAVOver2}, "●★ squad": {VDAJRSquad},
	"no good-order combat unit in or adjacent to cover (hex, hexside or IP)": {VDAUnguarded},
	"Carrier or Shocked AFV": {VDACarrier, VDAShockedAFV}, "AFV that entered a sunken road through hedgerows": {VDASunkenHedgerow},
	"in Motion": {VDAMotion},
}

// numberFact is one number the procedures read, found in rules-notes section 2 by a phrase in
// which "{}" stands for the number (each "{}" must read the code's value).
type numberFact struct {
	name   string
	got    func() int
	phrase string
}

// numberFacts are the numbers of the player aid the code holds outside its tables.
var numberFacts = []numberFact{
	{"NetDRMLimit", func() int { return NetDRMLimit }, "net DRM clamped to **[−{}, +{}]**"},
	{"CohesionDRMLimit", func() int { return CohesionDRMLimit }, "DRM is itself clamped to **[−{}, +{}]**"},
	{"MinFinal", func() int { return -MinFinal }, "(so −{} … "},
	{"MaxFinal", func() int { return MaxFinal }, " … {})"},
	{"MaxCombatSteps", func() int { return MaxCombatSteps }, "Counted per side at most: {} non-vehicular combat steps"},
	{"MaxLeaders", func() int { return MaxLeaders }, "combat steps, {} leader, "},
	{"MaxLATW", func() int { return MaxLATW }, "leader, {} LATW, "},
	{"MaxFT", func() int { return MaxFT }, "LATW, {} FT, "},
	{"MaxVehicles", func() int { return MaxVehicles }, "FT, {} vehicle;"},
	{"AssaultRange on foot", func() int { return AssaultRange(&Unit{Kind: Squad}) }, "non-vehicular units assault from {} hexes"},
	{"AssaultRange Heroic", func() int { return AssaultRange(&Unit{Kind: Squad, Heroic: true}) }, "hexes ({} if Heroic)"},
	{"AssaultRange vehicle", func() int { return AssaultRange(&Unit{Kind: AFV}) }, "vehicles from {}."},
	{"LeaderLossAttacker", func() int { return LeaderLossAttacker }, "the attacker's on natural {}, "},
	{"LeaderLossDefender", func() int { return LeaderLossDefender }, "the defender's on natural {}."},
	{"VDATarget", func() int { return VDATarget }, "d10 + DRM **≥ {}: Destroyed**"},
	{"VDAAVAbove", func() int { return VDAAVAbove }, "or AV > {}, "},
	{"RetreatLimit", func() int { return RetreatLimit }, "at most {} hexes through river"},
	{"VehicleRetreatMP", func() int { return VehicleRetreatMP }, "vehicles retreat with {} MP"},
	{"ATIgnoreAtMost", func() int { return ATIgnoreAtMost }, "ignore natural rolls ≤ {}"},
	{"ShockNatural", func() int { return ShockNatural }, "or natural {} with FFAR ≥ [E]AV"},
	{"ShockBelowArmour", func() int { return ShockBelowArmour }, "with FFAR ≥ [E]AV − {}."},
	{"CasualtyFFAR", func() int { return CasualtyFFAR }, "●, ★ or FFAR ≥ {},"},
	{"PlatoonLeaderDRM", func() int { return -PlatoonLeaderDRM }, "FFAR −{} if the target is stacked with its undisrupted platoon leader"},
	{"MortarHitNatural", func() int { return MortarHitNatural }, "Mortar, natural {} with MFA MV"},
	{"MortarHitMV", func() int { return MortarHitMV }, "with MFA MV ≥ {}:"},
	{"RegroupingFireDRM", func() int { return -RegroupingFireDRM }, "fire small arms at adjacent hexes at −{}"},
	{"HeroicCohesion", func() int { return (&Unit{Cohesion: 5, Heroic: true}).EffCohesion() }, "A Heroic unit has Cohesion {}."},
	{"RecoverLeaderDRM", func() int { return -RecoverLeaderDRM }, "−1 elite, −{} leader"},
	{"RecoverRegroupingDRM", func() int { return RecoverRegroupingDRM }, "+{} ●★ when Regrouping"},
}

// flat is s with its line breaks and runs of spaces as single spaces (a sentence may wrap).
func flat(s string) string { return strings.Join(strings.Fields(s), " ") }

// lhyChartMismatches compares the code's tables and numbers with rules-notes section 2 and
// returns every disagreement, one line each, and the number of cells compared per table.
func lhyChartMismatches(sec string) (bad []string, cells map[string]int) {
	cells = map[string]int{}
	badf := func(f string, a ...any) { bad = append(bad, fmt.Sprintf(f, a...)) }
	text := flat(sec)

	// 2.3: the Assault Results table, and who loses.
	rows, err := tableRows(subsection(sec, "2.3"), "Final", "Urban Assault (natural roll)", "Vehicle Destruction attempt by",
		"Retreat (hexes)", "Casualty", "Cohesion Check", "Advance", "Regrouping")
	if err != nil {
		badf("rules-notes 2.3: %v", err)
	}
	if len(rows) != len(AssaultResults) {
		badf("AssaultResults has %d rows, rules-notes 2.3 %d", len(AssaultResults), len(rows))
	}
	for i, f := range rows {
		want, err := resultsRow(f)
		if err != nil {
			badf("rules-notes 2.3 row %q: %v", f, err)
			continue
		}
		if i >= len(AssaultResults) {
			continue
		}
		got := AssaultResults[i]
		cells["AssaultResults"] += 12
		if got != want {
			badf("AssaultResults row %d: %+v, rules-notes 2.3 says %q (%+v)", i, got, f, want)
		}
	}
	var winAt, loseAt int
	if i := strings.Index(text, "Final ≥ "); i < 0 {
		badf("rules-notes 2.3: no line says who loses")
	} else if _, err := fmt.Sscanf(text[i:], "Final ≥ %d: the defender loses; ≤ %d: the attacker loses", &winAt, &loseAt); err != nil {
		badf("rules-notes 2.3: cannot read who loses: %v", err)
	}
	for f := MinFinal; f <= MaxFinal; f++ {
		want := map[bool]Who{true: Defender, false: Attacker}[f >= winAt]
		if f > loseAt && f < winAt {
			badf("rules-notes 2.3 leaves Final %d without a loser", f)
		}
		if Loser(f) != want {
			badf("Loser(%d) = %s, rules-notes 2.3 says %s (Final ≥ %d: the defender loses)", f, Loser(f), want, winAt)
		}
	}
	cells["Loser"] = MaxFinal - MinFinal + 1

	// 2.2: the Assault DRM table.
	drms, err := tableRows(subsection(sec, "2.2"), "DRM", "Condition")
	if err != nil {
		badf("rules-notes 2.2: %v", err)
	}
	seen := map[AssaultDRM]bool{}
	for _, f := range drms {
		if strings.HasPrefix(f[1], "Cohesion difference") {
			lo, hi, err := span(f[0])
			if err != nil || lo != -CohesionDRMLimit || hi != CohesionDRMLimit {
				badf("Cohesion difference DRM [−%d, +%d], rules-notes 2.2 says %q", CohesionDRMLimit, CohesionDRMLimit, f[0])
			}
			cells["AssaultDRMs"]++
			continue
		}
		lines, ok := assaultDRMRows[f[1]]
		if !ok {
			badf("rules-notes 2.2 DRM row %q is checked by no test: map it in chart_test.go", f[1])
			continue
		}
		vals := strings.Split(f[0], "/")
		for k, d := range lines {
			v, err := number(vals[min(k, len(vals)-1)])
			if err != nil {
				badf("rules-notes 2.2 %q: %v", f[0], err)
				continue
			}
			seen[d] = true
			cells["AssaultDRMs"]++
			if AssaultDRMs[d].Value != v {
				badf("AssaultDRMs %q: %+d, rules-notes 2.2 says %s for %q", AssaultDRMs[d].Label, AssaultDRMs[d].Value, f[0], f[1])
			}
		}
	}
	for d := range NumAssaultDRMs {
		if !seen[d] {
			badf("AssaultDRMs line %d (%q) is in no row of rules-notes 2.2", d, AssaultDRMs[d].Label)
		}
	}

	// 2.3: the Vehicle Destruction Attempt's DRM.
	vseen := map[VDADRM]bool{}
	for _, part := range []struct{ from, to string }{
		{"DRM for the unit making it (cumulative): ", ". DRM for the target: "},
		{"DRM for the target: ", "."},
	} {
		i := strings.Index(text, part.from)
		if i < 0 {
			badf("rules-notes 2.3: no %q", part.from)
			continue
		}
		list, _, _ := strings.Cut(text[i+len(part.from):], part.to)
		for _, group := range strings.Split(list, "; ") {
			num, rest, _ := strings.Cut(group, " ")
			v, err := number(num)
			if err != nil {
				badf("rules-notes 2.3 VDA DRM %q: %v", group, err)
				continue
			}
			for _, phrase := range strings.Split(rest, ", or ") {
				lines, ok := vdaDRMPhrases[phrase]
				if !ok {
					badf("rules-notes 2.3 VDA DRM %q is checked by no test: map it in chart_test.go", phrase)
				}
				for _, d := range lines {
					vseen[d] = true
					cells["VDADRMs"]++
					if VDADRMs[d].Value != v {
						badf("VDADRMs line %d: %+d, rules-notes 2.3 says %+d for %q", d, VDADRMs[d].Value, v, phrase)
					}
				}
			}
		}
	}
	for d := range NumVDADRMs {
		if !vseen[d] {
			badf("VDADRMs line %d (%q) is in no phrase of rules-notes 2.3", d, VDADRMs[d].Label)
		}
	}

	// The numbers the procedures read.
	for _, n := range numberFacts {
		parts := strings.Split(n.phrase, "{}")
		for k := range parts {
			parts[k] = regexp.QuoteMeta(parts[k])
		}
		m := regexp.MustCompile(strings.Join(parts, `(\d+)`)).FindStringSubmatch(text)
		if m == nil {
			badf("%s: rules-notes section 2 has no %q", n.name, n.phrase)
			continue
		}
		for _, s := range m[1:] {
			cells["numbers"]++
			if v, _ := strconv.Atoi(s); n.got() != v {
				badf("%s = %d, rules-notes section 2 says %s in %q", n.name, n.got(), s, m[0])
			}
		}
	}

	// 14.3.3: the terrains a Retreat goes at most RetreatLimit hexes through.
	if i := strings.Index(text, "hexes through "); i < 0 {
		badf("rules-notes 2.3: no Retreat terrains")
	} else {
		list, _, _ := strings.Cut(text[i+len("hexes through "):], ", or at night")
		slow := map[Terrain]bool{}
		for _, name := range strings.FieldsFunc(strings.ReplaceAll(list, " or ", ","), func(r rune) bool { return r == ',' }) {
			t, err := ParseTerrain(name)
			if err != nil {
				badf("rules-notes 2.3 Retreat terrain %q: %v", name, err)
			}
			slow[t] = true
		}
		for t := Open; t <= Impassable; t++ {
			cells["SlowsRetreat"]++
			if t.SlowsRetreat() != slow[t] {
				badf("%s: SlowsRetreat %v, rules-notes 2.3 says %v (%q)", t, t.SlowsRetreat(), slow[t], list)
			}
		}
	}
	return bad, cells
}

// TestChartCells compares every cell of the LHY tables, and every number the procedures read,
// with rules-notes section 2 (the shared copy when present) and with testdata's copy of it, which
// is what a checkout without ../shared reads.
func TestChartCells(t *testing.T) {
	rulecheck.CheckCells(t, section, chartCopy, lhyChartMismatches, map[string]int{
		"AssaultResults": 12 * len(AssaultResults), "AssaultDRMs": int(NumAssaultDRMs) + 1, "VDADRMs": int(NumVDADRMs),
		"numbers": len(numberFacts) + 2, // two phrases hold two numbers
	})
}

// TestChartCopyMatchesRulesNotes keeps testdata's copy of section 2 (read when ../shared is
// absent) the same as rules-notes.
func TestChartCopyMatchesRulesNotes(t *testing.T) {
	rulecheck.CheckCopy(t, section, chartCopy)
}

// statesLeave is what each cell of States allows, read from the rule lines: an Assault (and so
// reinforcing one) only by a unit not Disrupted, Regrouping or Shocked (14.0), and never by an FP,
// which never moves (rules-notes 2.3); an Advance only by a unit eligible for an Assault
// (rules-notes 2.3); a Vehicle Destruction Attempt by an undisrupted combat unit, LATW or FP
// (14.3.2), not Regrouping (14.3: it may only fire at an adjacent hex, Recover or Withdraw) nor
// Shocked (13.3.5: it may only Recover); a Regrouping unit fires small arms at an adjacent hex only
// (14.3), a Disrupted one not at all [default, rules-notes 2.3]; Recovery is for a unit in a
// state to recover from (rules-notes 2.5); a Shocked AFV or an FP that loses is eliminated, it does
// not retreat (14.3.3), and neither withdraws.
var statesLeave = func() (w [NumStates][NumVerbs]Leave) {
	const A, B, J = Allowed, Barred, AdjacentOnly
	//                fire assault reinforce advance vda recover withdraw retreat
	w[GoodOrder] = [NumVerbs]Leave{A, A, A, A, A, B, A, A}
	w[Disrupted] = [NumVerbs]Leave{B, B, B, B, B, A, A, A}
	w[Regrouping] = [NumVerbs]Leave{J, B, B, B, B, A, A, A}
	w[Shocked] = [NumVerbs]Leave{B, B, B, B, B, A, B, B}
	w[FPState] = [NumVerbs]Leave{A, B, B, B, A, A, B, B}
	return w
}()

// statesMismatches compares every cell of States with statesLeave.
func statesMismatches() (bad []string) {
	for s := range NumStates {
		for v := range NumVerbs {
			if States[s][v].Leave != statesLeave[s][v] {
				bad = append(bad, fmt.Sprintf("States %s, %s: %d, the rules say %d", s, v, States[s][v].Leave, statesLeave[s][v]))
			}
		}
	}
	return bad
}

// TestStatesCells compares every cell of States with what the rule lines allow (statesLeave);
// TestStateTable plays each through its verb.
func TestStatesCells(t *testing.T) {
	for _, b := range statesMismatches() {
		t.Error(b)
	}
}

// TestMutationCharts changes each cell of the LHY tables in turn (a number +1, a side or a
// column's choice moved to the next value, a flag flipped; each cell of States to each other
// answer) and checks that the chart tests then find a disagreement: TestChartCells' comparison
// for AssaultResults, AssaultDRMs and VDADRMs, TestStatesCells' and TestStateTable's for States.
// The numbers held as constants are mutated in the source by scripts/mutate-chart.
//
//	go test ./lhy -run TestMutation -v
func TestMutationCharts(t *testing.T) {
	sec, _ := readNotes(t)
	if bad, _ := lhyChartMismatches(sec); len(bad) > 0 {
		t.Fatalf("the unmutated tables already disagree: %v", bad)
	}
	if bad := append(statesMismatches(), stateTableMismatches()...); len(bad) > 0 {
		t.Fatalf("the unmutated States already disagrees: %v", bad)
	}
	m := rulecheck.NewMutations(t)
	try := m.Try
	charts := func() []string { bad, _ := lhyChartMismatches(sec); return bad }
	nextWho := func(w *Who) func() { return func() { *w = (*w + 1) % 4 } }
	for i := range AssaultResults {
		r := &AssaultResults[i]
		old := *r
		back := func() { *r = old }
		for name, m := range map[string]func(){
			"Min+1": func() { r.Min++ }, "Max+1": func() { r.Max++ },
			"Urban Assault side": nextWho(&r.UrbanAssault), "Urban roll low+1": func() { r.UrbanRoll[0]++ },
			"Urban roll high+1": func() { r.UrbanRoll[1]++ }, "Vehicle Destruction": nextWho(&r.VehicleDestruction),
			"RetreatMin+1": func() { r.RetreatMin++ }, "RetreatMax+1": func() { r.RetreatMax++ },
			"Casualty": func() { r.Casualty ^= 1 }, "Cohesion Check": func() { r.Cohesion = (r.Cohesion + 1) % 3 },
			"Advance": nextWho(&r.Advance), "Regrouping": func() { r.Regrouping = !r.Regrouping },
		} {
			try("AssaultResults", fmt.Sprintf("row %s %s", r.Label(), name), charts, m, back)
		}
	}
	for d := range AssaultDRMs {
		p := &AssaultDRMs[d].Value
		try("AssaultDRMs", AssaultDRMs[d].Label+" +1", charts, func() { *p++ }, func() { *p-- })
	}
	for d := range VDADRMs {
		p := &VDADRMs[d].Value
		try("VDADRMs", fmt.Sprintf("line %d +1", d), charts, func() { *p++ }, func() { *p-- })
	}
	byPlay := 0 // States mutants TestStateTable catches by playing the verbs alone
	states := func() []string { return append(statesMismatches(), stateTableMismatches()...) }
	for s := range NumStates {
		for v := range NumVerbs {
			c := &States[s][v]
			old := c.Leave
			for l := Allowed; l <= AdjacentOnly; l++ {
				if l != old {
					try("States", fmt.Sprintf("%s, %s: %d", s, v, l), states, func() { c.Leave = l }, func() { c.Leave = old })
					c.Leave = l
					if len(stateTableMismatches()) > 0 {
						byPlay++
					}
					c.Leave = old
				}
			}
		}
	}
	m.Report()
	t.Logf("States: %d of %d caught by TestStateTable's play alone", byPlay, m.Total("States"))
}
