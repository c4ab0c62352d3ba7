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
)

// The commands ASL contributes to umpire: reach and path (the planner, package asl/plan).

// Commands are `umpire reach`, `umpire path` and `umpire vehicles`.
func (Ruleset) Commands() []rules.Command {
	return []rules.Command{
		{Name: "reach", Run: reach, Usage: `  umpire reach FILE UNIT [--divide] [--esb] [--json] [--svg OUT.svg] [--max-risk P]
                                every place UNIT can reach for the rest of its MPh (after the
                                file's moves), with its least MP and chance of arriving Mobile`},
		{Name: "path", Run: path, Usage: `  umpire path FILE UNIT HEX [--vca A-B] [--max-risk P] [--esb] [--json]
                                the cheapest legal way there, as move notation with costs`},
		{Name: "vehicles", Run: vehicles, Usage: `  umpire vehicles [QUERY] [--nationality N] [--json]
                                the Chapter H vehicle listings matching, with their movement facts`},
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

func parsePlanArgs(cmd string, args []string, wantHex bool, stderr io.Writer) (planArgs, bool) {
	var pa planArgs
	var pos []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--json":
			pa.json = true
		case a == "--divide" && cmd == "reach":
			pa.divide = true
		case a == "--esb":
			pa.esb = true
		case a == "--vca" && cmd == "path" && i+1 < len(args):
			pa.vca = args[i+1]
			i++
		case a == "--svg" && cmd == "reach" && i+1 < len(args):
			pa.svg = args[i+1]
			i++
		case a == "--max-risk" && i+1 < len(args):
			v, err := strconv.ParseFloat(args[i+1], 64)
			if err != nil || v < 0 || v > 1 {
				fmt.Fprintf(stderr, "umpire %s: --max-risk takes a probability from 0 to 1, not %q\n", cmd, args[i+1])
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
	n := 2
	if wantHex {
		n = 3
	}
	if len(pos) != n {
		if wantHex {
			fmt.Fprintf(stderr, "usage: umpire %s FILE UNIT|GROUP HEX [--vca A-B] [--max-risk P] [--esb] [--json]\n", cmd)
		} else {
			fmt.Fprintf(stderr, "usage: umpire %s FILE UNIT [--divide] [--esb] [--json] [--svg OUT]\n", cmd)
		}
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
		fmt.Fprintf(stderr, "umpire %s: %s is a %s scenario; %s plans ASL vehicle movement\n", cmd, pa.file, rs.Title(), cmd)
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
	opt := plan.Options{ESB: pa.esb}
	r, err := plan.Reach(s.Game, unit, opt)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
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
	fmt.Fprintf(stdout, "%s: %d places (hex, facing, Motion) reachable from %s\n", s.Game.Units[unit].ID, r.Places(), aslfile.Describe(&s.Game.Units[unit], lay))
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
	return 0
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
		return 1
	}
	// Replay the path through the referee for its breakdown, with the dice that keep it going.
	g := s.Game.Clone()
	enc := json.NewEncoder(stdout)
	var res asl.Result
	exact := big.NewRat(1, 1)
	for k, a := range r.Path(li) {
		if err := g.Step(a, dice.Lowest{}, &res); err != nil {
			fmt.Fprintf(stderr, "umpire path: the referee refused step %d (%s): %v\n", k+1, g.Describe(a), err)
			return 1
		}
		for _, e := range res.Rolls() {
			if e.Risk.Den > 0 {
				exact.Mul(exact, big.NewRat(e.Risk.Den-e.Risk.Num, e.Risk.Den))
			}
		}
		so := aslfile.ReportStep(g, k+1, a, &res)
		aslfile.AsPlan(&so)
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
		err = fmt.Errorf("umpire path plans Convoys and platoons; %s is a %s", grp.ID, grp.Kind)
	}
	if err != nil {
		fmt.Fprintf(stderr, "umpire path: %s to %s: %v\n", grp.ID, g.Map.Layout.Name(h), err)
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
