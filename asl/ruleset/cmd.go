package ruleset

import (
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/asl/aslfile"
	"github.com/umpire-referee/umpire/asl/plan"
	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/hex"
	"github.com/umpire-referee/umpire/render"
	"github.com/umpire-referee/umpire/rules"
	"github.com/umpire-referee/umpire/words"
)

// The commands ASL contributes to umpire: reach and path (the planner, package asl/plan), and
// vehicles (the Chapter H listings).

const (
	reachSynopsis    = "umpire reach FILE UNIT [--esb] [--max-risk P] [--json] [--svg OUT.svg] [--divide]"
	pathSynopsis     = "umpire path FILE UNIT|GROUP HEX [--vca A-B] [--esb] [--max-risk P] [--json]"
	vehiclesSynopsis = "umpire vehicles [QUERY] [--nationality N] [--json]"
)

// Commands are `umpire reach`, `umpire path` and `umpire vehicles`.
func (Ruleset) Commands() []rules.Command {
	esb := rules.Flag{Name: "--esb", Text: "let the vehicle attempt Excessive Speed Breakdown for more MP (D2.5), with its risk"}
	maxRisk := rules.Flag{Name: "--max-risk", Arg: "P", Text: "keep to ways whose chance of not arriving Mobile is at most P (0 to 1; 0: any)"}
	return []rules.Command{
		{Name: "reach", Run: reach, Synopsis: reachSynopsis,
			Summary: "every place UNIT can reach for the rest of its MPh (after the file's moves), with its least MP and chance of arriving Mobile",
			About: `FILE is an ASL scenario (ruleset: asl); its moves are played first, and UNIT (a vehicle) is
planned from where they leave it. Each line is a place: the hex, the position (a hex centre's VCA,
or a Bypass position: the hexside it straddles and its CAFP, D2.32), stopped, moving or in
Reverse, the least MP spent in the MPh on arriving, the chance of arriving Mobile when a Bog
Check, Mechanical Reliability or an NTC may stop it, and whether it must end its MPh in Motion
there. The first line counts the places on the map (the lines); the hexes off the map a vehicle
could exit into are counted on the last line, not listed. The referee judges every step the
planner tries, so every place is legal. A unit of the side not phasing (only the phasing side
moves in its MPh, D2.1) reaches only where it stands: reach says so under the count (on stderr
with --json), and how to begin its side's MPh: phasing: SIDE in FILE, or the step mph SIDE among
its moves.`,
			Flags: []rules.Flag{
				esb, maxRisk,
				{Name: "--json", Text: "one JSON object per place: hex, position, motion, mp, p, can_stop"},
				{Name: "--svg", Arg: "OUT.svg", Text: "also draw the map to OUT.svg, each reachable hex shaded by its least MP, hexes reachable only at some risk hatched; hills carry their level, and the legend under the map names every colour, line and mark"},
				{Name: "--divide", Text: "count the places reached after each first step instead (perft divide), to trace a count"},
			},
			Examples: []rules.Example{
				{Line: "umpire reach testdata/examples/d2.33-bypass-k2.yaml Tiger", Text: "where the Tiger of the D2.33 EX can go from its CAFP K2-J1-J2 with 8½ MP left"},
				{Line: "umpire reach testdata/examples/d2.33-bypass-k2.yaml Tiger --max-risk 0.1 --json", Text: "only the places it reaches Mobile at least 90% of the time, as JSON"},
				{Line: "umpire reach testdata/examples/d2.3-vbm-uphill.yaml V --svg reach.svg", Text: "the same as a shaded map in reach.svg"},
			}},
		{Name: "path", Run: path, Synopsis: pathSynopsis,
			Summary: "the cheapest legal way to HEX this MPh, as move notation with its costs and the chance of arriving Mobile",
			About: `FILE is an ASL scenario; its moves are played first. For a UNIT (a vehicle) path prints the
cheapest route to HEX (then the safest), each step as umpire play prints it; each check the
route calls for (a Bog Check, ...) is listed with the outcome it needs and its chance: the route
is a plan, so nothing is rolled. For a GROUP (a Convoy or a radioless platoon) it plans
Impulses (D14.3, E11.2) until one member is in HEX; groups do not try Bypass, Reverse or ESB.
For a unit or group of the side not phasing, "cannot reach" is followed by whose MPh it is and
how to begin its side's: phasing: SIDE in FILE, or the step mph SIDE among its moves.`,
			Flags: []rules.Flag{
				{Name: "--vca", Arg: "A-B", Text: "arrive facing the hexspine between hexes A and B (a unit only)"},
				esb, maxRisk,
				{Name: "--json", Text: "each step as umpire play --json gives it (checks instead of dice), then the answer"},
			},
			Examples: []rules.Example{
				{Line: "umpire path testdata/examples/d2.33-bypass-k2.yaml Tiger 1J2", Text: "the D2.33 EX's Bypass into J2: a VCA change at the CAFP and VBM, 6½ MP"},
				{Line: "umpire path testdata/examples/d2.11-vca-changes.yaml T 3N4 --vca N5-O5", Text: "there, and facing N5-O5 on arrival"},
				{Line: "umpire path testdata/d14/14.21-esb-refusal.yaml P1 3P3", Text: "a radioless platoon's Impulses until one of its AFV is in 3P3"},
			}},
		{Name: "vehicles", Run: vehicles, Synopsis: vehiclesSynopsis,
			Summary: "the Chapter H vehicle listings matching QUERY, with their movement facts",
			About: `Lists the listings QUERY names, then those whose names hold every word of it (no QUERY: all
of them), one a line: the nationality group, the name a scenario's vehicle: name may give, its
type, and its movement facts (MP, red MP, tracked or wheeled, radioless, ground pressure).
QUERY is read as a scenario's vehicle: is: case, spaces, hyphens, slashes and dots do not count
(T34, kv1, PzKpfw-IVH), and common names and nicknames name their listings (Pz IV, StuG III,
sdkfz 251, Panther, King Tiger, Hetzer, Sherman, T-34/76; README, "Vehicle listings"). A QUERY
that matches nothing prints the closest listings and exits 1.`,
			Flags: []rules.Flag{
				{Name: "--nationality", Arg: "N", Text: "only that nationality group's listings (german, russian, american, ...)"},
				{Name: "--json", Text: "one JSON object per listing, with every fact"},
			},
			Examples: []rules.Example{
				{Line: "umpire vehicles tiger", Text: "the Tiger's listings, then every listing with \"tiger\" in its name"},
				{Line: "umpire vehicles sdkfz 251 --nationality german", Text: "the German SPW 251 halftracks"},
				{Line: "umpire vehicles --nationality russian T-34 --json", Text: "the Russian T-34s, as JSON"},
			}},
	}
}

// planned is an ASL scenario played through its own moves: where the planner starts.
type planned struct {
	Name string
	Game *asl.Game
}

// planArgs reads FILE UNIT [HEX] and the flags of reach and path.
type planArgs struct {
	file, unit, hex string
	vca             string
	json, divide    bool
	esb             bool
	svg             string
	maxRisk         float64
}

// parsePlanArgs reads the arguments of reach or path (wantHex); a usage error is written to
// stderr and answers false.
func parsePlanArgs(cmd string, args []string, wantHex bool, stderr io.Writer) (planArgs, bool) {
	var pa planArgs
	var pos []string
	// value is the argument after flag a, which it needs.
	value := func(i int) (string, bool) {
		if i+1 >= len(args) {
			fmt.Fprintf(stderr, "umpire %s: %s needs a value\n", cmd, args[i])
			return "", false
		}
		return args[i+1], true
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		var ok bool
		switch {
		case a == "--json":
			pa.json = true
		case a == "--divide" && cmd == "reach":
			pa.divide = true
		case a == "--esb":
			pa.esb = true
		case a == "--vca" && cmd == "path":
			if pa.vca, ok = value(i); !ok {
				return pa, false
			}
			i++
		case a == "--svg" && cmd == "reach":
			if pa.svg, ok = value(i); !ok {
				return pa, false
			}
			i++
		case a == "--max-risk":
			s, ok := value(i)
			if !ok {
				return pa, false
			}
			v, err := strconv.ParseFloat(s, 64)
			if err != nil || v < 0 || v > 1 {
				fmt.Fprintf(stderr, "umpire %s: --max-risk takes a probability from 0 to 1, not %q\n", cmd, s)
				return pa, false
			}
			pa.maxRisk = v
			i++
		case strings.HasPrefix(a, "-"):
			fmt.Fprintf(stderr, "umpire %s: unknown flag %s\n", cmd, a)
			return pa, false
		default:
			pos = append(pos, a)
		}
	}
	n, synopsis := 2, reachSynopsis
	if wantHex {
		n, synopsis = 3, pathSynopsis
	}
	if len(pos) != n {
		fmt.Fprintf(stderr, "usage: %s\n", synopsis)
		return pa, false
	}
	pa.file, pa.unit = pos[0], pos[1]
	if wantHex {
		pa.hex = pos[2]
	}
	return pa, true
}

// planFrom loads a scenario, plays its moves (the unit is planned from where they leave it)
// and finds the unit.
func planFrom(cmd string, pa planArgs, stderr io.Writer) (*planned, int, bool) {
	data, err := os.ReadFile(pa.file)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return nil, 0, false
	}
	rs, sc, err := rules.Load(pa.file, data)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return nil, 0, false
	}
	if rs.Name() != "asl" {
		fmt.Fprintf(stderr, "umpire %s: %s is %s scenario; %s plans ASL vehicle movement\n", cmd, pa.file, words.A(rs.Title()), cmd)
		return nil, 0, false
	}
	g, out := rules.Play(sc, nil, nil)
	if out.Stopped {
		last := out.Steps[len(out.Steps)-1]
		fmt.Fprintf(stderr, "umpire %s: the scenario's moves stop at step %d (%s: %s); planning from there\n", cmd, last.Step, last.Refusal.Rule, last.Refusal.Msg)
	}
	s := &planned{Name: sc.File().Name, Game: g.(*Game).G}
	i, ok := s.Game.Unit(pa.unit)
	if !ok {
		if gi, ok := s.Game.Group(pa.unit); ok && cmd == "path" {
			return s, -1 - gi, true
		}
		fmt.Fprintf(stderr, "umpire %s: no unit %q\n", cmd, pa.unit)
		return nil, 0, false
	}
	return s, i, true
}

// reachRow is one reachable place as reported.
type reachRow struct {
	Hex      string  `json:"hex"`
	Position string  `json:"position"` // "VCA A-B", or "bypass A-B CAFP A-B-C" (aslfile.PositionName)
	Motion   string  `json:"motion"`   // stopped, moving, reverse
	MP       float64 `json:"mp"`
	P        float64 `json:"p"` // chance of arriving Mobile
	CanStop  bool    `json:"can_stop"`

	place plan.Place
}

// beats reports a row no worse than o in every way: MP, chance, and the choice to Stop.
func (r *reachRow) beats(o *reachRow) bool {
	return r.MP <= o.MP && r.P >= o.P && (r.CanStop || !o.CanStop)
}

func reach(args []string, stdout, stderr io.Writer) int {
	pa, ok := parsePlanArgs("reach", args, false, stderr)
	if !ok {
		return 2
	}
	s, unit, ok := planFrom("reach", pa, stderr)
	if !ok {
		return 1
	}
	opt := plan.Options{ESB: pa.esb, MaxRisk: pa.maxRisk}
	r, err := plan.Reach(s.Game, unit, opt)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	// A unit of the side not phasing reaches only where it stands: say why, on stderr beside
	// JSON, else below the count.
	np := notPhasing(s.Game, &s.Game.Units[unit])
	if np != nil && (pa.json || pa.divide) {
		printNotPhasing(stderr, np, pa.file)
	}
	if pa.divide {
		rows := plan.Divide(s.Game, unit, opt)
		total := 0
		for _, d := range rows {
			fmt.Fprintf(stdout, "%-32s %d\n", strings.TrimPrefix(s.Game.Describe(d.Step), s.Game.Units[unit].ID+" "), d.Places)
			total += d.Places
		}
		fmt.Fprintf(stdout, "\nplaces reached: %d (first steps: %d, sum of their counts: %d)\n", r.Places(), len(rows), total)
		return 0
	}
	if pa.svg != "" {
		if err := writeSVG(pa.svg, s, unit, r); err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
	}
	rows := reachRows(s.Game, r)
	if pa.json {
		enc := json.NewEncoder(stdout)
		for _, row := range rows {
			enc.Encode(row)
		}
		return 0
	}
	lay := s.Game.Map.Layout
	fmt.Fprintf(stdout, "%s: %s reachable from %s\n", s.Game.Units[unit].ID, reachCount(rows), aslfile.Describe(&s.Game.Units[unit], lay))
	if np != nil {
		printNotPhasing(stdout, np, pa.file)
	}
	width := 0
	for _, row := range rows {
		width = max(width, len(row.Position))
	}
	for _, row := range rows {
		stop := ""
		if !row.CanStop {
			stop = "  must end in Motion"
		}
		risk := ""
		if row.P < 1 {
			risk = fmt.Sprintf("  Mobile %.1f%%", 100*row.P)
		}
		fmt.Fprintf(stdout, "  %-6s %-*s %-8s %5s MP%s%s\n", row.Hex, width, row.Position, row.Motion, asl.MP(row.MP*2), risk, stop)
	}
	if n := offMap(r); n > 0 {
		fmt.Fprintf(stdout, "(it can also leave the map, into %d off-map %s: not listed)\n", n, plural(n, "hex", "hexes"))
	}
	return 0
}

// reachCount says how many places the rows list, and what a place is; when a place has
// several rows (ways to it that differ in MP, chance or the choice to stop), how many rows.
func reachCount(rows []reachRow) string {
	places := map[plan.Place]bool{}
	for _, row := range rows {
		places[row.place] = true
	}
	s := fmt.Sprintf("%d %s on the map (hex, position, Motion)", len(places), plural(len(places), "place", "places"))
	if len(rows) != len(places) {
		s += fmt.Sprintf(" in %d rows (a place reached in ways that differ in MP, chance or the choice to stop has a row for each)", len(rows))
	}
	return s
}

// offMap is how many hexes off the map r reaches (a vehicle that exits it), whatever its
// facing and Motion there.
func offMap(r *plan.Result) int {
	off := map[hex.Hex]bool{}
	for _, i := range r.Live() {
		if st := r.Labels[i].State; st.Pos.Offboard {
			off[st.Pos.Hex] = true
		}
	}
	return len(off)
}

// plural is one or many, by n.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// reachRows are the places a Result reaches on the map, by least MP: for each place (hex,
// position, Motion and direction; plan.Place) the ways no other way to it beats in MP, chance
// and the choice to Stop. States the planner tells apart for what they still allow (an ESB
// spent, a Minimum Move open) but that read alike are one row unless their numbers differ.
func reachRows(g *asl.Game, r *plan.Result) []reachRow {
	lay := g.Map.Layout
	byPlace := map[plan.Place][]int{}
	var rows []reachRow
	for _, i := range r.Live() {
		l := &r.Labels[i]
		if l.State.Pos.Offboard {
			continue
		}
		motion := "stopped"
		switch {
		case l.State.Reverse && l.State.Moving:
			motion = "reverse"
		case l.State.Moving:
			motion = "moving"
		}
		row := reachRow{Hex: lay.Name(l.Unit.Pos.Hex), Position: aslfile.PositionName(l.Unit.Pos, lay), Motion: motion,
			MP: l.MP.Float(), P: l.P, CanStop: r.CanStop(i), place: plan.PlaceOf(l.State)}
		byPlace[row.place] = append(byPlace[row.place], len(rows))
		rows = append(rows, row)
	}
	var out []reachRow
	for k := range rows {
		kept := true
		for _, o := range byPlace[rows[k].place] {
			// Another way beats this one, or reads the same and comes first.
			if o != k && rows[o].beats(&rows[k]) && (!rows[k].beats(&rows[o]) || o < k) {
				kept = false
				break
			}
		}
		if kept {
			out = append(out, rows[k])
		}
	}
	sort.SliceStable(out, func(a, b int) bool {
		if out[a].MP != out[b].MP {
			return out[a].MP < out[b].MP
		}
		return out[a].Hex < out[b].Hex
	})
	return out
}

func path(args []string, stdout, stderr io.Writer) int {
	pa, ok := parsePlanArgs("path", args, true, stderr)
	if !ok {
		return 2
	}
	s, unit, ok := planFrom("path", pa, stderr)
	if !ok {
		return 1
	}
	lay := s.Game.Map.Layout
	h, err := lay.Parse(pa.hex)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	if unit < 0 {
		return groupPath(s, -1-unit, h, pa, stdout, stderr)
	}
	var heading hex.Spine
	if pa.vca != "" {
		if heading, err = lay.ParseVCA(h, pa.vca); err != nil {
			fmt.Fprintln(stderr, err)
			return 2
		}
	}
	r, err := plan.Reach(s.Game, unit, plan.Options{ESB: pa.esb, MaxRisk: pa.maxRisk})
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	li, ok := r.Cheapest(h, heading, pa.vca != "", pa.maxRisk)
	if !ok {
		fmt.Fprintf(stderr, "umpire path: %s cannot reach %s this MPh", s.Game.Units[unit].ID, lay.Name(h))
		if pa.vca != "" {
			fmt.Fprintf(stderr, " with VCA %s", lay.VCAName(h, heading))
		}
		if pa.maxRisk > 0 {
			fmt.Fprintf(stderr, " within a risk of %g", pa.maxRisk)
		}
		fmt.Fprintln(stderr)
		if np := notPhasing(s.Game, &s.Game.Units[unit]); np != nil {
			printNotPhasing(stderr, np, pa.file)
		}
		return 1
	}
	steps, exact, err := planSteps(s.Game, r.Path(li))
	if err != nil {
		fmt.Fprintf(stderr, "umpire path: %v\n", err)
		return 1
	}
	enc := json.NewEncoder(stdout)
	for _, so := range steps {
		if pa.json {
			enc.Encode(so)
		} else {
			fmt.Fprintln(stdout, aslfile.FormatStep(so))
		}
	}
	l := &r.Labels[li]
	p, _ := exact.Float64()
	if !pa.json {
		stop := "it may still Stop there"
		if !r.CanStop(li) {
			stop = "it must end its MPh in Motion there"
		}
		fmt.Fprintf(stdout, "%s reaches %s for %s MP; chance of arriving Mobile %s (%.1f%%); %s\n", s.Game.Units[unit].ID, lay.Name(h), l.MP, exact.RatString(), 100*p, stop)
	} else {
		enc.Encode(map[string]any{"unit": s.Game.Units[unit].ID, "hex": lay.Name(h), "mp": l.MP.Float(), "p": p, "p_exact": exact.RatString(), "can_stop": r.CanStop(li)})
	}
	return 0
}

// printNotPhasing writes why a unit of the side not phasing moves nowhere, and how to give its
// side the MPh in the scenario file, as two lines.
func printNotPhasing(w io.Writer, np *NotPhasing, file string) {
	fmt.Fprintf(w, "%s.\n%s\n", np.Text, np.fileHint(file))
}

// planSteps replays a planned way through the referee on a copy of g, with the dice that keep
// it going, and reports each step as a plan: its cost and the checks it calls for, no rolls
// (aslfile.AsPlan); exact is the chance of arriving Mobile.
func planSteps(g *asl.Game, way []asl.Action) (steps []aslfile.StepOut, exact *big.Rat, err error) {
	steps, exact, _, err = replay(g, way)
	return steps, exact, err
}

// replay is planSteps, with the game as the way leaves it.
func replay(g *asl.Game, way []asl.Action) (steps []aslfile.StepOut, exact *big.Rat, end *asl.Game, err error) {
	c := g.Clone()
	var res asl.Result
	exact = big.NewRat(1, 1)
	for k, a := range way {
		if err := c.Step(a, dice.Lowest{}, &res); err != nil {
			return nil, nil, nil, fmt.Errorf("the referee refused step %d (%s): %v", k+1, c.Describe(a), err)
		}
		for _, e := range res.Rolls() {
			if e.Risk.Den > 0 {
				exact.Mul(exact, big.NewRat(e.Risk.Den-e.Risk.Num, e.Risk.Den))
			}
		}
		so := aslfile.ReportStep(c, k+1, a, &res)
		aslfile.AsPlan(&so)
		steps = append(steps, so)
	}
	return steps, exact, c, nil
}

// groupPath plans a Convoy's or a platoon's Impulses to hex h and prints them as `umpire
// play` does, each replayed through the referee.
func groupPath(s *planned, gi int, h hex.Hex, pa planArgs, stdout, stderr io.Writer) int {
	g := s.Game
	grp := &g.Groups[gi]
	opt := plan.GroupOptions{MaxRisk: pa.maxRisk}
	var r *plan.GroupRoute
	var err error
	switch grp.Kind {
	case asl.KindConvoy:
		r, err = plan.ConvoyRoute(g, gi, h, opt)
	case asl.KindPlatoon:
		r, err = plan.PlatoonRoute(g, gi, h, opt)
	default:
		err = fmt.Errorf("umpire path plans Convoys and platoons; %s is %s", grp.ID, words.A(grp.Kind.String()))
	}
	if err != nil {
		fmt.Fprintf(stderr, "umpire path: %s to %s: %v\n", grp.ID, g.Map.Layout.Name(h), err)
		if len(grp.Members) > 0 {
			lead := g.Units[grp.Members[0]] // the group's side is its members'
			lead.ID = grp.ID
			if np := notPhasing(g, &lead); np != nil {
				printNotPhasing(stderr, np, pa.file)
			}
		}
		return 1
	}
	c := g.Clone()
	enc := json.NewEncoder(stdout)
	var res asl.LineResult
	for k, line := range r.Lines(g) {
		l, err := c.ParseLine(line)
		if err == nil {
			err = c.Play(&l, dice.Lowest{}, &res)
		}
		if err != nil {
			fmt.Fprintf(stderr, "umpire path: the referee refused Impulse %d (%s): %v\n", k+1, line, err)
			return 1
		}
		so := aslfile.ReportImpulse(c, k+1, line, &res.Impulse)
		aslfile.AsPlan(&so)
		if pa.json {
			enc.Encode(so)
		} else {
			fmt.Fprintln(stdout, aslfile.FormatStep(so))
		}
	}
	if pa.json {
		enc.Encode(map[string]any{"group": grp.ID, "hex": g.Map.Layout.Name(h), "mp": r.MP.Float(), "p": r.P, "impulses": len(r.Impulses)})
		return 0
	}
	fmt.Fprintf(stdout, "%s reaches %s in %d Impulses for %s MP (charged to every member); chance all arrive Mobile %.1f%%\n", grp.ID, g.Map.Layout.Name(h), len(r.Impulses), r.MP, 100*r.P)
	return 0
}

// writeSVG draws the map with each reachable hex shaded by its least MP; hexes reachable only
// at some risk are hatched.
func writeSVG(path string, s *planned, unit int, r *plan.Result) error {
	u := &s.Game.Units[unit]
	max := u.Allowance
	hexes := r.Hexes()
	for _, hr := range hexes {
		if hr.MP > max {
			max = hr.MP
		}
	}
	shade := make(map[hex.Hex]render.Shade, len(hexes))
	for h, hr := range hexes {
		shade[h] = render.Shade{MP: hr.MP, Max: max, Risky: hr.Risky, P: hr.P, Selected: h == u.Pos.Hex}
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return render.Map(f, s.Game, shade, fmt.Sprintf("%s: reach for the rest of its MPh (%s)", u.ID, s.Name))
}
