package ruleset

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"sort"
	"strings"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/lhy"
	"github.com/umpire-referee/umpire/lhy/lhyfile"
	"github.com/umpire-referee/umpire/rules"
)

// Last Hundred Yards games as the API shows them (docs/api.md, "LHY games"): their state, their
// steps' reports, who plays what, and the odds of a proposed step.

// StateView is an LHY game's state: what GET state and replay answer for it (in place of
// the ASL fields of stateView).
type StateView struct {
	rules.Head
	Turn     int           `json:"turn"`
	Date     string        `json:"date,omitempty"`
	Night    bool          `json:"night"`
	Readings []ReadingView `json:"readings,omitempty"` // the player aid's readings this game answers other than by default
	// Objectives are the scenario's objectives and how each stands (none: left out).
	Objectives []rules.Objective `json:"objectives,omitempty"`
	Map        *MapView          `json:"map,omitempty"`
	Units      []UnitView        `json:"units"`
	Assaults   []AssaultView     `json:"assaults"`
	After      *AfterView        `json:"after"`
	Verbs      string            `json:"verbs,omitempty"`
	Steps      []StepOption      `json:"steps"`
}

// ReadingView is a reading of the player aid (lhy.Readings) that a scenario answers other than
// by default: its key, the answer ("no") and what that answer does.
type ReadingView struct {
	Key    string `json:"key"`
	Rule   string `json:"rule"`
	Answer string `json:"answer"`
	Plays  string `json:"plays"`
}

type MapView struct {
	rules.Bounds
	Cols     int           `json:"cols"`
	Rows     int           `json:"rows"`
	Hexes    []HexView     `json:"hexes"`
	Hexsides []HexsideView `json:"hexsides"`
}

// HexView is a hex of the map: its cell, whether it holds an IP, and whether mortar fire
// lands in it.
type HexView struct {
	rules.Cell
	IP     bool `json:"ip"`
	Impact bool `json:"impact"`
}

type HexsideView struct {
	Kind string `json:"kind"` // wall, hedgerow, river, blocked
	rules.Segment
}

type UnitView struct {
	ID          string   `json:"id"`
	Side        string   `json:"side"`
	Nationality string   `json:"nationality"`
	Kind        string   `json:"kind"`
	Combat      bool     `json:"combat"`
	Hex         string   `json:"hex"`
	X           float64  `json:"x"`
	Y           float64  `json:"y"`
	Cohesion    int      `json:"cohesion"`     // as printed
	EffCohesion int      `json:"eff_cohesion"` // as the procedures read it (8 when Heroic)
	Assault     int      `json:"assault"`
	SA          int      `json:"sa"`
	ATV         int      `json:"atv"` // -1: none
	AV          int      `json:"av"`  // -1: none
	AEV         int      `json:"aev"` // -1: as AV
	Steps       int      `json:"steps"`
	Full        int      `json:"full"`
	Company     string   `json:"company"`
	Platoon     string   `json:"platoon"`
	Concealed   bool     `json:"concealed"`
	Disrupted   bool     `json:"disrupted"`
	Regrouping  bool     `json:"regrouping"`
	Heroic      bool     `json:"heroic"`
	Shocked     bool     `json:"shocked"`
	Motion      bool     `json:"motion"`
	OutOfCmd    bool     `json:"out_of_command"`
	Eliminated  bool     `json:"eliminated"`
	Destroyed   bool     `json:"destroyed"` // eliminated (the ASL view's name)
	Rider       string   `json:"rider,omitempty"`
	Passenger   bool     `json:"passenger"`
	Assaulted   bool     `json:"assaulted"`
	Advanced    bool     `json:"advanced"`
	States      []string `json:"states"` // the markers on it, for badges
	Status      string   `json:"status"` // "reduced, Disrupted" or "good order"
}

type AssaultView struct {
	Target      string   `json:"target"`
	Side        string   `json:"side"`
	Attackers   []string `json:"attackers"`
	From        []string `json:"from"`
	Envelopment bool     `json:"envelopment"`
}

// AfterView is what the last resolved Assault still asks for (14.3).
type AfterView struct {
	Target       string        `json:"target"`
	AttackerSide string        `json:"attacker_side"`
	DefenderSide string        `json:"defender_side"`
	Attackers    []string      `json:"attackers"`
	Defenders    []string      `json:"defenders"`
	Loser        string        `json:"loser"`
	Retreat      []RetreatView `json:"retreat"`
	VDA          string        `json:"vda"`     // who may still attempt one: attacker, defender, both, nobody
	Advance      string        `json:"advance"` // who may Advance
	Asks         []string      `json:"asks"`    // in words
	Steps        []StepOption  `json:"steps"`   // the other steps it offers that the referee takes now (retreat UNIT eliminated, vda, advance)
}

type RetreatView struct {
	Unit  string     `json:"unit"`
	Min   int        `json:"min"`
	Max   int        `json:"max"`
	Paths [][]string `json:"paths"` // legal Retreats (at most maxRetreatPaths); none: retreat UNIT eliminated
}

// StepOption is a step the referee would take now.
type StepOption struct {
	Line string `json:"line"`
	Verb string `json:"verb"`
	Unit string `json:"unit,omitempty"`
	Side string `json:"side,omitempty"`
}

const maxRetreatPaths = 24

// View is the state as the API shows it (every role sees all of it); the map only withMap.
func (g *Game) View(head rules.Head, withMap bool) any {
	st := g.G
	v := StateView{Head: head, Turn: st.Turn, Night: st.Night, Units: []UnitView{}, Assaults: []AssaultView{}, Steps: []StepOption{}, Objectives: g.Objectives()}
	if st.Date != 0 {
		v.Date = st.Date.String()
	}
	for r := range lhy.NumReadings {
		if !st.Readings.Default(r) {
			row := &lhy.Readings[r]
			v.Readings = append(v.Readings, ReadingView{Key: row.Key, Rule: row.Rule, Answer: "no", Plays: row.Other})
		}
	}
	if withMap {
		m := lhyMapOf(st)
		v.Map = &m
		v.Verbs = lhy.Verbs
	}
	for i := range st.Units {
		v.Units = append(v.Units, lhyUnitOf(st, i))
	}
	for _, as := range st.Assaults {
		av := AssaultView{Target: st.Map.Name(as.Target), Attackers: []string{}, From: []string{}, Envelopment: as.Envelopment}
		for k, i := range as.Attackers {
			av.Attackers = append(av.Attackers, st.Units[i].ID)
			av.Side = st.Units[i].Side
			if k < len(as.From) {
				av.From = append(av.From, st.Map.Name(as.From[k]))
			}
		}
		v.Assaults = append(v.Assaults, av)
	}
	v.After = lhyAfterOf(st)
	// Recovery and the declared Assaults' resolution, where the referee would take them.
	for _, as := range v.Assaults {
		v.Steps = tryLHY(st, v.Steps, StepOption{Line: "resolve " + as.Target, Verb: "resolve", Side: as.Side})
	}
	for i := range st.Units {
		u := &st.Units[i]
		if !u.Eliminated && (u.Disrupted || u.Regrouping || u.Shocked) {
			v.Steps = tryLHY(st, v.Steps, StepOption{Line: "recover " + u.ID, Verb: "recover", Unit: u.ID, Side: u.Side})
		}
	}
	return v
}

// tryLHY appends opt to out if the referee takes its line now (tried on a copy).
func tryLHY(st *lhy.Game, out []StepOption, opt StepOption) []StepOption {
	if _, err := st.Clone().Apply(opt.Line, dice.Lowest{}); err == nil {
		out = append(out, opt)
	}
	return out
}

func lhyUnitOf(st *lhy.Game, i int) UnitView {
	u := &st.Units[i]
	x, y := u.At.Centre()
	uv := UnitView{ID: u.ID, Side: u.Side, Nationality: string(u.Nation), Kind: u.Kind.String(), Combat: u.Combat,
		Hex: st.Map.Name(u.At), X: rules.Round(x), Y: rules.Round(y),
		Cohesion: int(u.Cohesion), EffCohesion: u.EffCohesion(), Assault: int(u.Assault), SA: int(u.SA),
		ATV: int(u.ATV), AV: int(u.AV), AEV: int(u.AEV), Steps: int(u.Steps), Full: int(u.Full),
		Company: u.Company, Platoon: u.Platoon,
		Concealed: u.Concealed, Disrupted: u.Disrupted, Regrouping: u.Regrouping, Heroic: u.Heroic, Shocked: u.Shocked,
		Motion: u.Motion, OutOfCmd: u.OutOfCommand, Eliminated: u.Eliminated, Destroyed: u.Eliminated,
		Rider: u.Rider, Passenger: u.Passenger, Assaulted: u.Assaulted, Advanced: u.Advanced,
		States: []string{}, Status: u.Status()}
	for _, s := range []struct {
		on   bool
		name string
	}{{u.Eliminated, "Eliminated"}, {u.Reduced() && !u.Eliminated, "Reduced"}, {u.Concealed, "Concealed"},
		{u.Disrupted, "Disrupted"}, {u.Regrouping, "Regrouping"}, {u.Heroic, "Heroic"}, {u.Shocked, "Shocked"},
		{u.Motion, "Motion"}, {u.OutOfCommand, "Out of Command"}, {u.Rider != "" && !u.Passenger, "Rider"},
		{u.Passenger, "Passenger"}} {
		if s.on {
			uv.States = append(uv.States, s.name)
		}
	}
	return uv
}

// lhyMapOf draws an LHY map as data: every hex with its terrain, the hexside features, with
// coordinates in hex radii as the ASL map's.
func lhyMapOf(st *lhy.Game) MapView {
	m := st.Map
	mv := MapView{Cols: m.Cols, Rows: m.Rows, Bounds: rules.Bounds{MinX: math.Inf(1), MinY: math.Inf(1)}, Hexes: []HexView{}, Hexsides: []HexsideView{}}
	for x := 0; x < m.Cols; x++ {
		for y := 1; y <= m.Rows; y++ {
			h := lhy.Hex{X: int16(x), Y: int16(y)}
			info := m.Info(h)
			cx, cy := h.Centre()
			mv.MinX, mv.MinY = math.Min(mv.MinX, cx-1.2), math.Min(mv.MinY, cy-1.2)
			mv.MaxX, mv.MaxY = math.Max(mv.MaxX, cx+1.2), math.Max(mv.MaxY, cy+1.2)
			mv.Hexes = append(mv.Hexes, HexView{Cell: rules.NewCell(m.Name(h), cx, cy, info.Terrain.String(), int(info.Level)),
				IP: st.HasIP(h), Impact: info.Impact})
		}
	}
	if len(mv.Hexes) == 0 {
		mv.MinX, mv.MinY = 0, 0
	}
	mv.MinX, mv.MinY = rules.Round(mv.MinX), rules.Round(mv.MinY)
	mv.MaxX, mv.MaxY = rules.Round(mv.MaxX), rules.Round(mv.MaxY)
	keys := make([][2]lhy.Hex, 0, len(m.Sides))
	for k := range m.Sides {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, b := keys[i], keys[j]
		if a[0] != b[0] {
			return a[0].X < b[0].X || a[0].X == b[0].X && a[0].Y < b[0].Y
		}
		return a[1].X < b[1].X || a[1].X == b[1].X && a[1].Y < b[1].Y
	})
	for _, k := range keys {
		s, ok := k[0].SideTo(k[1])
		if !ok {
			continue
		}
		cx, cy := k[0].Centre()
		a1, a2 := math.Pi/3*float64(s), math.Pi/3*float64(s+1)
		sv := rules.Segment{A: m.Name(k[0]), B: m.Name(k[1]),
			X1: rules.Round(cx + math.Cos(a1)), Y1: rules.Round(cy - math.Sin(a1)), X2: rules.Round(cx + math.Cos(a2)), Y2: rules.Round(cy - math.Sin(a2))}
		f := m.Sides[k]
		for _, x := range []struct {
			bit  lhy.Hexside
			name string
		}{{lhy.Wall, "wall"}, {lhy.Hedgerow, "hedgerow"}, {lhy.RiverSide, "river"}, {lhy.Blocked, "blocked"}} {
			if f&x.bit != 0 {
				mv.Hexsides = append(mv.Hexsides, HexsideView{Kind: x.name, Segment: sv})
			}
		}
	}
	return mv
}

// lhyAfterOf is the After window of the last Assault, with the steps it still offers, or nil.
func lhyAfterOf(st *lhy.Game) *AfterView {
	af := st.After
	if af == nil {
		return nil
	}
	ids := func(idx []int) []string {
		out := []string{}
		for _, i := range idx {
			out = append(out, st.Units[i].ID)
		}
		return out
	}
	v := &AfterView{Target: st.Map.Name(af.Target), AttackerSide: af.AttackerSide, DefenderSide: af.DefSide,
		Attackers: ids(af.Attackers), Defenders: ids(af.Defenders), Loser: af.Loser.String(),
		Retreat: []RetreatView{}, VDA: af.VDAOpen().String(), Advance: af.Advance.String(), Asks: []string{}, Steps: []StepOption{}}
	for _, i := range af.Retreat {
		u := &st.Units[i]
		rv := RetreatView{Unit: u.ID, Paths: [][]string{}}
		rv.Min, rv.Max = st.RetreatRange(i)
		for _, p := range st.RetreatPaths(i, maxRetreatPaths) {
			var hs []string
			for _, h := range p {
				hs = append(hs, st.Map.Name(h))
			}
			rv.Paths = append(rv.Paths, hs)
		}
		if len(rv.Paths) == 0 {
			v.Steps = tryLHY(st, v.Steps, StepOption{Line: "retreat " + u.ID + " eliminated", Verb: "retreat", Unit: u.ID, Side: u.Side})
			v.Asks = append(v.Asks, fmt.Sprintf("%s must retreat but cannot: it is eliminated (retreat %s eliminated)", u.ID, u.ID))
		} else {
			n := fmt.Sprintf("%d-%d", rv.Min, rv.Max)
			if rv.Min == rv.Max {
				n = fmt.Sprint(rv.Min)
			}
			v.Asks = append(v.Asks, fmt.Sprintf("%s must retreat %s hexes (14.3.3)", u.ID, n))
		}
		v.Retreat = append(v.Retreat, rv)
	}
	own := func(w lhy.Who) []int {
		switch w {
		case lhy.Attacker:
			return af.Attackers
		case lhy.Defender:
			return af.Defenders
		case lhy.Both:
			return append(append([]int(nil), af.Attackers...), af.Defenders...)
		}
		return nil
	}
	vda := len(v.Steps)
	for _, i := range own(af.VDAOpen()) {
		for j := range st.Units {
			if st.Units[j].Vehicular() && !st.Units[j].Eliminated && st.Units[j].Side != st.Units[i].Side {
				v.Steps = tryLHY(st, v.Steps, StepOption{Line: "vda " + st.Units[i].ID + " " + st.Units[j].ID, Verb: "vda", Unit: st.Units[i].ID, Side: st.Units[i].Side})
			}
		}
	}
	if len(v.Steps) > vda {
		v.Asks = append(v.Asks, fmt.Sprintf("Vehicle Destruction Attempt open to: %s (14.3.2)", af.VDAOpen()))
	}
	adv := len(v.Steps)
	for _, i := range own(af.Advance) {
		u := &st.Units[i]
		if u.Eliminated || u.Advanced {
			continue
		}
		for _, h := range st.Map.Neighbors(u.At) {
			v.Steps = tryLHY(st, v.Steps, StepOption{Line: "advance " + u.ID + " " + st.Map.Name(h), Verb: "advance", Unit: u.ID, Side: u.Side})
		}
	}
	if len(v.Steps) > adv {
		v.Asks = append(v.Asks, fmt.Sprintf("the %s may Advance (14.3)", af.Advance))
	}
	return v
}

// ReportView is an LHY step's report in the log and in answers to a step.
type ReportView struct {
	rules.ReportHead
	Verb      string      `json:"verb"`
	Terms     []TermView  `json:"terms"`
	DRM       int         `json:"drm"`
	Breakdown string      `json:"breakdown,omitempty"`
	Roll      int         `json:"roll,omitempty"` // the natural d10 of the step's main roll
	Final     int         `json:"final,omitempty"`
	Row       string      `json:"row,omitempty"` // the Assault Results row
	Loser     string      `json:"loser,omitempty"`
	Dice      []DieView   `json:"dice"`
	Events    []EventView `json:"events"`
	rules.ReportEnd
}

type TermView struct {
	Value int    `json:"value"`
	Label string `json:"label"`
	Rule  string `json:"rule"`
}

type DieView struct {
	Kind string `json:"kind"` // d10
	Roll int    `json:"roll"`
	For  string `json:"for"`
}

type EventView struct {
	Text string `json:"text"`
	Rule string `json:"rule,omitempty"`
	Key  string `json:"key,omitempty"` // the fact without the dice faces, as the odds name it
}

func lhyTerms(ts []lhy.Term) []TermView {
	out := []TermView{}
	for _, t := range ts {
		out = append(out, TermView{Value: t.Value, Label: t.Label, Rule: t.Rule})
	}
	return out
}

// StepView is a step as the API shows it: every role sees all of it.
func (g *Game) StepView(r *rules.Report, rolls []dice.Roll, role string) rules.StepView {
	d := r.Detail.(*detail)
	rep, text := lhyReportOf(r.Step, r.Action, d.rep)
	if r.Refusal != nil {
		rep.Error = &rules.RefusalView{Rule: r.Refusal.Rule, Message: r.Refusal.Msg}
	}
	return rules.StepView{Line: r.Action, Rolls: rolls, Report: rep, Text: text, Refusal: r.Refusal}
}

// lhyReportOf is step n's report and its text as `umpire play` prints it.
func lhyReportOf(n int, line string, rep *lhy.Report) (ReportView, string) {
	verb := ""
	if f := strings.Fields(line); len(f) > 0 {
		verb = strings.ToLower(strings.TrimSuffix(f[0], ":"))
	}
	out := ReportView{ReportHead: rules.ReportHead{Step: n, Action: line}, Verb: verb, Terms: []TermView{}, Dice: []DieView{}, Events: []EventView{},
		ReportEnd: rules.ReportEnd{Rules: []string{}}}
	if rep == nil {
		return out, ""
	}
	out.Verb = rep.Verb
	out.Terms = lhyTerms(rep.Terms)
	out.DRM, out.Breakdown, out.Roll, out.Final, out.Row, out.Loser = rep.Net, rep.Breakdown, rep.Natural, rep.Final, rep.Row, rep.Loser
	for _, e := range rep.Events {
		out.Events = append(out.Events, EventView{Text: e.Text, Rule: e.Rule, Key: e.Key})
		out.Rules = rules.Cite(out.Rules, e.Rule)
	}
	for _, r := range rep.Rolls {
		out.Dice = append(out.Dice, DieView{Kind: r.Roll.Kind.String(), Roll: int(r.Roll.Total), For: r.Why})
	}
	return out, lhyfile.FormatLHYStep(lhyfile.LHYStep{Step: n, Action: line, Report: rep})
}

// Movers is the sides a line of LHY notation is played by: an Assault's attackers, fire by the
// enemies of the units in the hex (and the sides of the firers it names), a unit's own step
// (vda, retreat, advance, recover, withdraw) by its side; "*" means any side (the referee will
// judge it). refereeOnly: only the referee may play it (a new turn).
func (g *Game) Movers(act rules.Action) (movers []string, refereeOnly, known bool) {
	st, all, a := g.G, g.Sides(), act.(*Action).A
	add := func(s string) {
		for _, x := range movers {
			if x == s {
				return
			}
		}
		movers = append(movers, s)
	}
	switch a.Verb {
	case "assault", "declare", "reinforce":
		for _, i := range a.Units {
			add(st.Units[i].Side)
		}
	case "resolve":
		for _, as := range st.Assaults {
			if as.Target == a.Hex && len(as.Attackers) > 0 {
				add(st.Units[as.Attackers[0]].Side)
			}
		}
	case "fire":
		in := map[string]bool{}
		for _, i := range st.In(a.Hex) {
			in[st.Units[i].Side] = true
		}
		if len(in) > 0 {
			for _, s := range all {
				if !in[s] {
					add(s)
				}
			}
		}
		for _, m := range a.Markers { // firers named with "by"
			for _, i := range m.By {
				add(st.Units[i].Side)
			}
		}
	case "vda", "retreat", "advance", "recover", "withdraw":
		add(st.Units[a.Unit].Side)
	case "turn":
		return nil, true, true
	}
	if len(movers) == 0 {
		add("*")
	}
	return movers, false, true
}

// The odds of a proposed step.

type OddsAnswer struct {
	Line      string        `json:"line"`
	Verb      string        `json:"verb"`
	N         int           `json:"n"` // the step the odds are for is n+1
	Terms     []TermView    `json:"terms"`
	DRM       int           `json:"drm"`
	Breakdown string        `json:"breakdown,omitempty"`
	Markers   []MarkerView  `json:"markers,omitempty"`
	Rows      []OddsRow     `json:"rows,omitempty"`
	Facts     []OddsFact    `json:"facts"`
	Outcomes  []OddsOutcome `json:"outcomes"`
	Paths     int           `json:"paths"`
}

type OddsRow struct {
	Row   string  `json:"row"` // the Assault Results row's label, as the report's row
	Min   int     `json:"min"`
	Max   int     `json:"max"`
	Loser string  `json:"loser"` // who loses on this row
	P     float64 `json:"p"`
	Exact string  `json:"exact"`
}

// OddsFact and OddsOutcome are the contract's: every ruleset's odds name facts and outcomes
// alike.
type (
	OddsFact    = rules.OddsFact
	OddsOutcome = rules.OddsOutcome
)

type MarkerView struct {
	Kind     string   `json:"kind"` // SADRM, MDRM, ATDRM
	DRM      int      `json:"drm"`
	Nation   string   `json:"nation,omitempty"`
	Target   string   `json:"target,omitempty"`
	MV       int      `json:"mv,omitempty"`
	ATV      *int     `json:"atv,omitempty"` // the firer's ATV, if given
	MG       bool     `json:"mg,omitempty"`
	Enfilade bool     `json:"enfilade,omitempty"`
	By       []string `json:"by,omitempty"` // small arms: the firing units, if named
}

func ratFloat(p *big.Rat) float64 {
	f, _ := p.Float64()
	return f
}

// Odds is the exact distribution of a proposed step's outcomes, worked out on this game
// without playing it (the API's GET odds; n is the number of steps played). It stops when ctx
// is done.
func (g *Game) Odds(ctx context.Context, line string, n int) (any, error) {
	st := g.G
	a, err := lhy.Parse(st, line)
	if err != nil {
		return nil, &rules.BadLine{Err: err}
	}
	o, err := st.OddsContext(ctx, a)
	if err != nil {
		return nil, err // a *rules.Refusal, the core's own
	}
	out := OddsAnswer{Line: line, Verb: a.Verb, N: n, Terms: []TermView{}, Facts: []OddsFact{}, Outcomes: []OddsOutcome{}, Paths: o.Paths}
	// The DRM: worked out before the roll, so any dice show it.
	if rep, err := st.Clone().Do(a, dice.Lowest{}); err == nil {
		out.Terms = lhyTerms(rep.Terms)
		out.DRM, out.Breakdown = rep.Net, rep.Breakdown
	}
	for _, m := range a.Markers {
		mv := MarkerView{Kind: m.Kind.String(), DRM: m.DRM, Nation: string(m.Nation), MV: m.MV, MG: m.MG, Enfilade: m.Enfilad}
		if m.Kind == lhy.ATDRM && m.ATV >= 0 {
			atv := m.ATV
			mv.ATV = &atv
		}
		if m.Kind == lhy.ATDRM {
			mv.Target = st.Units[m.Target].ID
		}
		for _, i := range m.By {
			mv.By = append(mv.By, st.Units[i].ID)
		}
		out.Markers = append(out.Markers, mv)
	}
	rolled := false
	var rows []OddsRow
	for _, row := range lhy.AssaultResults {
		p, ok := o.Marginal["row "+row.Label()]
		if !ok {
			p = new(big.Rat)
		}
		rolled = rolled || ok
		rows = append(rows, OddsRow{Row: row.Label(), Min: row.Min, Max: row.Max, Loser: lhy.Loser(row.Min).String(), P: ratFloat(p), Exact: p.RatString()})
	}
	if rolled {
		out.Rows = rows
	}
	for _, k := range o.Keys() {
		p := o.Marginal[k]
		out.Facts = append(out.Facts, OddsFact{Fact: k, P: ratFloat(p), Exact: p.RatString()})
	}
	sort.SliceStable(out.Facts, func(i, j int) bool { return out.Facts[i].P > out.Facts[j].P })
	for _, x := range o.Outcomes {
		out.Outcomes = append(out.Outcomes, OddsOutcome{P: ratFloat(x.P), Exact: x.P.RatString(), Facts: append([]string{}, x.Keys...)})
	}
	return out, nil
}

// Summary is each unit's state, as `umpire play` prints it after the steps.
func (g *Game) Summary() []string {
	var out []string
	for i := range g.G.Units {
		u := &g.G.Units[i]
		who := string(u.Nation)
		if u.Side != who {
			who = u.Side + " " + who
		}
		out = append(out, fmt.Sprintf("  %s (%s %s) in %s: %s", u.ID, who, u.Kind, g.G.Map.Name(u.At), u.Status()))
	}
	return append(out, rules.ObjectiveLines(g.Sides(), g.Objectives())...)
}
