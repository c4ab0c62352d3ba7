package ruleset

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/umpire-referee/umpire/dice"
	lw "github.com/umpire-referee/umpire/lightningwar"
	"github.com/umpire-referee/umpire/lightningwar/lwfile"
	"github.com/umpire-referee/umpire/rules"
)

// Lightning War games: their state, reports and who may play what, as the API shows them
// (docs/api.md, "Lightning War games"). The game is one of hidden movement: every answer is cut to
// what the token's role may know, by the rules of lightningwar/view.go. A side's answers are
// built from lw.Game.As (the game as that side knows it), so what is hidden is not there to
// leak; its log entries from lw.Viewer.Step.

// viewer is the role's Lightning War viewer: the referee, a side, or the public (spectator).
func viewer(role string) lw.Viewer {
	switch role {
	case rules.Referee:
		return lw.RefereeView
	case rules.Spectator:
		return lw.PublicView
	}
	return lw.SideView(role)
}

// StateView is a Lightning War game's state as one role may know it: what GET state and
// replay answer for it (in place of the ASL fields of stateView).
type StateView struct {
	rules.Head
	Turn       int             `json:"turn"`
	Part       int             `json:"part"`
	Parts      int             `json:"parts"`
	Band       string          `json:"band,omitempty"` // the last Initiative band played of the part under way (Low, Medium): the phase pauses there
	First      string          `json:"first"`
	OrderDelay bool            `json:"order_delay"`
	Table      *TableView      `json:"table,omitempty"`
	Verbs      []string        `json:"verbs,omitempty"`
	Formations []FormationView `json:"formations"`
	Dets       []DetView       `json:"dets"`
	Idle       []UnitView      `json:"idle"`  // the role's units on the TO&E in no detachment
	Order      []string        `json:"order"` // the coming Movement Phase's order, of the detachments the role owns ("band: id")
	Split      []string        `json:"split"` // the detachments moving in parts this phase (that the role may see)
	// Objectives: all of them for the referee; a side's own for that side, a hold objective's
	// score left to the referee (objectivesOf); none for a spectator.
	Objectives []rules.Objective `json:"objectives,omitempty"`
	Steps      []StepOption      `json:"steps"`
}

type TableView struct {
	Width    float64       `json:"width"` // inches; x right, y up from the lower-left corner
	Height   float64       `json:"height"`
	Features []FeatureView `json:"features"`
	Roads    []LineView    `json:"roads"`
	Streams  []LineView    `json:"streams"`
	Chokes   []AreaView    `json:"chokes"`
}

type FeatureView struct {
	ID         string       `json:"id"`
	Ground     string       `json:"ground,omitempty"` // open, broken, woods, built-up, marsh ("" : none, a slope only)
	GroundName string       `json:"ground_name,omitempty"`
	Factor     float64      `json:"factor,omitempty"` // its movement factor (the chart's unless its own)
	Slope      string       `json:"slope,omitempty"`  // gentle, steep
	SlopeName  string       `json:"slope_name,omitempty"`
	Modifier   float64      `json:"modifier,omitempty"`
	Cover      bool         `json:"cover"`
	Area       [][2]float64 `json:"area"`
}

type LineView struct {
	ID    string       `json:"id"`
	Line  [][2]float64 `json:"line"`
	Width float64      `json:"width,omitempty"` // a road's, in inches
}

type AreaView struct {
	ID   string       `json:"id"`
	Area [][2]float64 `json:"area"`
}

type FormationView struct {
	ID         string `json:"id"`
	Name       string `json:"name,omitempty"`
	Parent     string `json:"parent,omitempty"`
	Side       string `json:"side"`
	Initiative string `json:"initiative,omitempty"`
}

// DetView is a detachment as the role knows it: whole (own, or the referee's), or as the
// referee revealed it (id, side, its units' types, where it was seen).
type DetView struct {
	ID       string     `json:"id"`
	Side     string     `json:"side"`
	Own      bool       `json:"own"` // the role knows it whole
	X        float64    `json:"x"`   // inches: where it is (own), where it was seen (the enemy's)
	Y        float64    `json:"y"`
	Units    []UnitView `json:"units"`
	Revealed bool       `json:"revealed"`
	// Bases is where its models stand (rules-notes 3.6): each base's four corners in inches,
	// counter-clockwise from its rear left; the enemy's as it stood when seen.
	Bases [][4][2]float64 `json:"bases"`
	// Only for the role's own detachments:
	Seen            *[2]float64  `json:"seen,omitempty"` // where the enemy saw it, when revealed
	Kind            string       `json:"kind,omitempty"` // normal, recon, FO
	Facing          *float64     `json:"facing,omitempty"`
	Initiative      string       `json:"initiative,omitempty"`
	InitiativeCount string       `json:"initiative_count,omitempty"`
	Regular         *bool        `json:"regular,omitempty"`
	Band            string       `json:"band,omitempty"`
	Order           *OrderView   `json:"order,omitempty"`
	Previous        *OrderView   `json:"previous,omitempty"` // the orders Continue would resume
	Pending         []OrderView  `json:"pending,omitempty"`
	Ahead           [][2]float64 `json:"ahead,omitempty"` // the rest of its ordered path, from where it stands
	Track           [][2]float64 `json:"track,omitempty"` // where it has been: set-up, then each move's end
	Moved           float64      `json:"moved,omitempty"` // inches moved this turn
	MovingFirer     bool         `json:"moving_firer,omitempty"`
	Fired           []FireView   `json:"fired,omitempty"`
	Act             *ActView     `json:"act,omitempty"`
	Rejoin          string       `json:"rejoin,omitempty"`
	Formation       string       `json:"formation,omitempty"` // line, column, drawn: its own formation
	InColumn        bool         `json:"in_column,omitempty"` // passing a choke point in column now
	Frontage        float64      `json:"frontage,omitempty"`  // inches, across its facing
}

type UnitView struct {
	ID   string `json:"id,omitempty"` // not for the enemy's: a side knows their types, not their ids
	Type string `json:"type"`
	// Only for the role's own units:
	Name       string      `json:"name,omitempty"`
	Initiative string      `json:"initiative,omitempty"`
	Tracked    bool        `json:"tracked,omitempty"`
	Size       string      `json:"size,omitempty"`
	RoadMPH    float64     `json:"road_mph,omitempty"`
	CrossMPH   float64     `json:"xc_mph,omitempty"`
	Mired      bool        `json:"mired,omitempty"`
	Mounted    bool        `json:"mounted,omitempty"`
	Aboard     string      `json:"aboard,omitempty"`
	TowedBy    string      `json:"towed_by,omitempty"`
	Destroyed  bool        `json:"destroyed,omitempty"`
	Base       *[2]float64 `json:"base,omitempty"` // its base, [width, depth] in inches
}

type OrderView struct {
	Kind      string       `json:"kind"` // written, continue, forced, to cover
	From      string       `json:"from,omitempty"`
	Turn      int          `json:"turn"`
	Effective int          `json:"effective"` // the turn it reaches the detachment
	Text      string       `json:"text,omitempty"`
	Path      [][2]float64 `json:"path,omitempty"`
	Goal      *[2]float64  `json:"goal,omitempty"`
	Pace      string       `json:"pace"`
	Reserve   bool         `json:"reserve,omitempty"`
}

type FireView struct {
	Turn     int         `json:"turn"`
	By       string      `json:"by,omitempty"`
	From     *[2]float64 `json:"from,omitempty"`
	Units    []string    `json:"units,omitempty"`
	Spotting bool        `json:"spotting,omitempty"`
}

type ActView struct {
	Halt   bool        `json:"halt"`
	Cover  bool        `json:"cover"`
	FireAt string      `json:"fire_at,omitempty"`
	To     *[2]float64 `json:"to,omitempty"`
}

// StepOption is a step the role may take now (tried on a copy of the game).
type StepOption struct {
	Line  string `json:"line"`
	Verb  string `json:"verb"`
	Det   string `json:"det,omitempty"`
	Side  string `json:"side,omitempty"`
	Label string `json:"label"`
}

var groundKeys = map[lw.Ground]string{lw.Open: "open", lw.Broken: "broken", lw.Woods: "woods", lw.BuiltUp: "built-up", lw.Marsh: "marsh"}
var slopeKeys = map[lw.Slope]string{lw.Gentle: "gentle", lw.Steep: "steep"}
var orderKinds = map[lw.OrderKind]string{lw.Written: "written", lw.Continue: "continue", lw.Forced: "forced", lw.ToCover: "to cover"}

// inch is a point in inches, to the thousandth.
func inch(p lw.Point) [2]float64 {
	x, y := p.Inches()
	return [2]float64{rules.Round(x), rules.Round(y)}
}

func inches(ps []lw.Point) [][2]float64 {
	if len(ps) == 0 {
		return nil
	}
	out := make([][2]float64, len(ps))
	for i, p := range ps {
		out[i] = inch(p)
	}
	return out
}

func inchPtr(p *lw.Point) *[2]float64 {
	if p == nil {
		return nil
	}
	v := inch(*p)
	return &v
}

func lwTableOf(t *lw.Table) *TableView {
	tv := &TableView{Width: rules.Round(t.Width / lw.MetresPerInch), Height: rules.Round(t.Height / lw.MetresPerInch),
		Features: []FeatureView{}, Roads: []LineView{}, Streams: []LineView{}, Chokes: []AreaView{}}
	for _, f := range t.Features {
		fv := FeatureView{ID: f.ID, Cover: f.Cover || f.HasGround && (f.Ground == lw.Woods || f.Ground == lw.BuiltUp), Area: inches(f.Area)}
		if f.HasGround {
			fv.Ground, fv.GroundName, fv.Factor = groundKeys[f.Ground], lw.MovementChart[f.Ground].Name, lw.MovementChart[f.Ground].Factor
			if f.Factor > 0 {
				fv.Factor = f.Factor
			}
		}
		if f.HasSlope && f.Slope != lw.Flat {
			fv.Slope, fv.SlopeName, fv.Modifier = slopeKeys[f.Slope], lw.SlopeChart[f.Slope].Name, lw.SlopeChart[f.Slope].Modifier
		}
		tv.Features = append(tv.Features, fv)
	}
	for _, r := range t.Roads {
		tv.Roads = append(tv.Roads, LineView{ID: r.ID, Line: inches(r.Line), Width: rules.Round(2 * r.HalfWidth / lw.MetresPerInch)})
	}
	for _, s := range t.Streams {
		tv.Streams = append(tv.Streams, LineView{ID: s.ID, Line: inches(s.Line)})
	}
	for _, c := range t.Chokes {
		tv.Chokes = append(tv.Chokes, AreaView{ID: c.ID, Area: inches(c.Area)})
	}
	return tv
}

func lwOrderOf(o *lw.Order) *OrderView {
	if o == nil {
		return nil
	}
	return &OrderView{Kind: orderKinds[o.Kind], From: o.From, Turn: o.Turn, Effective: o.Effective, Text: o.Text,
		Path: inches(o.Path), Goal: inchPtr(o.Goal), Pace: o.Pace.String(), Reserve: o.Reserve}
}

// ahead is the rest of a detachment's ordered path: where it stands, then the corners it has
// not reached.
func ahead(d *lw.Detachment) []lw.Point {
	if d.Order == nil || len(d.Route) < 2 {
		return nil
	}
	out := []lw.Point{d.Pos}
	acc := 0.0
	for i := 1; i < len(d.Route); i++ {
		acc += d.Route[i].Dist(d.Route[i-1])
		if acc > d.Along+1e-6 {
			out = append(out, d.Route[i])
		}
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

// lwUnitOf is a unit as the role sees it: whole (own), or its type alone.
func lwUnitOf(u *lw.Unit, own bool) UnitView {
	uv := UnitView{Type: u.Type.String()}
	if !own {
		return uv
	}
	uv.ID = u.ID
	uv.Name, uv.Mired, uv.Mounted, uv.Aboard, uv.TowedBy, uv.Destroyed = u.Name, u.Mired, u.Mounted, u.In, u.TowedBy, u.Destroyed
	if u.Initiative != lw.NoInitiative {
		uv.Initiative = u.Initiative.String()
	}
	if u.Type == lw.Vehicle || u.Type == lw.Motorcycle {
		uv.Tracked, uv.Size, uv.RoadMPH, uv.CrossMPH = u.Tracked, u.Size.String(), u.RoadMPH, u.CrossMPH
	}
	w, d := lw.BaseOf(u)
	uv.Base = &[2]float64{rules.Round(w / lw.MetresPerInch), rules.Round(d / lw.MetresPerInch)}
	return uv
}

// basesOf is a footprint in inches.
func basesOf(fp []lw.Base) [][4][2]float64 {
	out := make([][4][2]float64, len(fp))
	for i, b := range fp {
		for k, p := range b {
			out[i][k] = inch(p)
		}
	}
	return out
}

// lwDetOf is detachment d of kg (the game as v knows it) as v sees it.
func lwDetOf(kg *lw.Game, v lw.Viewer, d *lw.Detachment) DetView {
	own := v.Owns(d)
	x, y := d.Pos.Inches()
	dv := DetView{ID: d.ID, Side: d.Side, Own: own, X: rules.Round(x), Y: rules.Round(y), Units: []UnitView{}, Revealed: d.Revealed,
		Bases: basesOf(kg.Footprint(d))} // the enemy's, in kg, stands where it was seen
	for _, id := range d.Units {
		if u := kg.Unit(id); u != nil {
			dv.Units = append(dv.Units, lwUnitOf(u, own))
		}
	}
	if !own {
		return dv
	}
	if d.Revealed {
		s := inch(d.Seen)
		dv.Seen = &s
	}
	facing := d.Facing
	ic := kg.DetachmentInitiative(d)
	regular := ic.Regular
	dv.Kind, dv.Facing, dv.Initiative, dv.InitiativeCount, dv.Regular, dv.Band = d.Kind.String(), &facing, ic.Result.String(), ic.String(), &regular, d.Band(kg)
	dv.Order, dv.Previous = lwOrderOf(d.Order), lwOrderOf(d.Previous)
	for _, o := range d.Pending {
		dv.Pending = append(dv.Pending, *lwOrderOf(o))
	}
	dv.Ahead, dv.Track = inches(ahead(d)), inches(d.Track)
	if d.Plan.Turn == kg.Turn || d.MovedTurn == kg.Turn {
		dv.Moved = rules.Round(d.Moved / lw.MetresPerInch)
	}
	dv.MovingFirer = d.MovingFirer(kg)
	for _, f := range d.Fired {
		dv.Fired = append(dv.Fired, FireView{Turn: f.Turn, By: f.By, From: inchPtr(f.From), Units: f.Units, Spotting: f.Spotting})
	}
	if d.Act != nil {
		dv.Act = &ActView{Halt: d.Act.Halt, Cover: d.Act.Cover, FireAt: d.Act.FireAt}
		if d.Act.Cover {
			dv.Act.To = inchPtr(&d.Act.To)
		}
	}
	dv.Rejoin = d.Rejoin
	dv.Formation, dv.InColumn, dv.Frontage = d.Form.String(), d.InColumn, rules.Round(kg.Frontage(d)/lw.MetresPerInch)
	return dv
}

// View is the state as head.Role may know it, with the hash that role is shown (the whole
// state's for the referee, the game as the role knows it for the others); the table is left
// out unless withTable (it never changes).
func (g *Game) View(head rules.Head, withTable bool) any {
	st := g.G
	v := viewer(head.Role)
	kg := st.As(v)
	out := StateView{Head: head, Turn: kg.Turn, Part: kg.Part, Parts: kg.Parts, Band: kg.Band, First: kg.First, OrderDelay: kg.OrderDelay,
		Formations: []FormationView{}, Dets: []DetView{}, Idle: []UnitView{}, Order: []string{}, Split: []string{}, Steps: []StepOption{}}
	if withTable {
		out.Table = lwTableOf(kg.Table)
		out.Verbs = lw.Verbs
	}
	switch head.Role {
	case rules.Referee:
		out.Objectives = objectivesOf(st, nil)
	case rules.Spectator:
	default:
		side := head.Role
		out.Objectives = objectivesOf(st, &side)
	}
	for _, id := range slices.Sorted(maps.Keys(kg.Formations)) {
		f := kg.Formations[id]
		fv := FormationView{ID: f.ID, Name: f.Name, Parent: f.Parent, Side: f.Side}
		if f.Initiative != lw.NoInitiative {
			fv.Initiative = f.Initiative.String()
		}
		out.Formations = append(out.Formations, fv)
	}
	for _, d := range kg.Dets {
		out.Dets = append(out.Dets, lwDetOf(kg, v, d))
	}
	for _, u := range kg.Units {
		if kg.DetOf(u.ID) == nil {
			out.Idle = append(out.Idle, lwUnitOf(u, true))
		}
	}
	for _, sl := range kg.MovementOrder() {
		if v.Owns(sl.Det) {
			out.Order = append(out.Order, sl.Band+": "+sl.Det.ID)
		}
	}
	for _, d := range kg.Dets {
		if kg.Split[d.ID] {
			out.Split = append(out.Split, d.ID)
		}
	}
	out.Steps = lwOptions(st, v)
	if !v.Referee {
		out.Hash = rules.HashString(rules.Hash(kg))
	}
	return out
}

// lwOptions is what v may take now with one click: for each detachment v owns, the
// discretionary actions (halt, cover) when it has been fired upon, and Continue when it has
// orders to resume; for the referee, the Movement Phase (whole, or its next half, or up to a
// band and pause there; or the rest of the part under way).
func lwOptions(st *lw.Game, v lw.Viewer) []StepOption {
	out := []StepOption{}
	try := func(o StepOption) {
		if _, err := st.Clone().Apply(o.Line, dice.Lowest{}); err == nil {
			out = append(out, o)
		}
	}
	if v.Referee {
		out = append(out, movementOptions(st)...)
	}
	for _, d := range st.Dets {
		if !v.Owns(d) {
			continue
		}
		fired := false
		for _, f := range d.Fired {
			fired = fired || f.Turn == st.Turn
		}
		if fired && d.Act == nil && !st.UnderWay() {
			try(StepOption{Line: "halt " + d.ID, Verb: "halt", Det: d.ID, Side: d.Side, Label: "Halt"})
			try(StepOption{Line: "cover " + d.ID, Verb: "cover", Det: d.ID, Side: d.Side, Label: "Move to cover"})
		}
		if d.Previous != nil {
			try(StepOption{Line: "continue " + d.ID, Verb: "continue", Det: d.ID, Side: d.Side, Label: "Continue"})
		}
	}
	return out
}

// movementOptions are the referee's Movement Phase steps now: before the phase, the whole
// phase, its first half, and the phase up to the Low or the Medium band; during it, the rest of
// the part under way (or the next part) and the bands of it still to play but High.
func movementOptions(st *lw.Game) []StepOption {
	next := st.NextMovement()
	part := strings.TrimPrefix(next, "movement")
	var out []StepOption
	switch {
	case st.Parts == 0:
		out = append(out, StepOption{Line: "movement", Verb: "movement", Label: "Play Movement Phase"},
			StepOption{Line: "movement 1/2", Verb: "movement", Label: "Play 1/2"})
	case st.Band != "":
		out = append(out, StepOption{Line: next, Verb: "movement", Label: "Play the rest" + part})
	default:
		out = append(out, StepOption{Line: next, Verb: "movement", Label: "Play" + part})
	}
	for _, b := range []string{lw.BandLow, lw.BandMedium} {
		if lw.BandIndex(st.Band) < lw.BandIndex(b) {
			out = append(out, StepOption{Line: next + " band " + b, Verb: "movement", Label: "Play" + part + " to " + b})
		}
	}
	return out
}

// ReportView is a Lightning War step's report as one role may see it: in the log, in answers to
// a step and in step events.
type ReportView struct {
	rules.ReportHead
	Verb   string      `json:"verb,omitempty"`
	Hidden bool        `json:"hidden,omitempty"` // another side's step: only that one was played
	Events []EventView `json:"events"`
	Moves  []MoveView  `json:"moves"`
	Order  []string    `json:"order"` // a Movement Phase: the order the role's detachments came to move in ("band: id")
	Dice   []string    `json:"dice"`
	rules.ReportEnd
}

type EventView struct {
	Text string `json:"text"`
	Rule string `json:"rule,omitempty"`
	Det  string `json:"det,omitempty"`
	Side string `json:"side,omitempty"` // the only side it was told to ("" : everyone)
}

type MoveView struct {
	Det       string     `json:"det"`
	Side      string     `json:"side"`
	Band      string     `json:"band"`
	From      [2]float64 `json:"from"`
	To        [2]float64 `json:"to"`
	Inches    float64    `json:"inches"`
	Breakdown string     `json:"breakdown"`
}

// StepView is a step as role may see it: its line and dice (only if the role may see them), its
// report and its text, or only that it was played (another side's hidden step). A refusal's
// message names nothing the role may not know.
func (g *Game) StepView(r *rules.Report, rolls []dice.Roll, role string) rules.StepView {
	d := r.Detail.(*detail)
	if r.Refusal != nil {
		ref := *r.Refusal
		if !d.told {
			ref.Msg = lw.Redact(ref.Msg, g.G.HiddenFrom(viewer(role)))
		}
		verb := ""
		if f := strings.Fields(r.Action); len(f) > 0 {
			verb = strings.ToLower(f[0])
		}
		rs := []string{}
		if ref.Rule != "" {
			rs = append(rs, ref.Rule)
		}
		rep := ReportView{ReportHead: rules.ReportHead{Step: r.Step, Action: r.Action}, Verb: verb, Events: []EventView{}, Moves: []MoveView{}, Order: []string{}, Dice: []string{},
			ReportEnd: rules.ReportEnd{Rules: rs, Error: &rules.RefusalView{Rule: ref.Rule, Message: ref.Msg}}}
		return rules.StepView{Line: r.Action, Report: rep, Refusal: &ref}
	}
	n := r.Step
	sv := viewer(role).Step(r.Action, d.sight, d.rep)
	rep := ReportView{ReportHead: rules.ReportHead{Step: n, Action: sv.Line}, Hidden: sv.Hidden, Events: []EventView{}, Moves: []MoveView{}, Order: []string{}, Dice: []string{},
		ReportEnd: rules.ReportEnd{Rules: []string{}}}
	ve := rules.StepView{Line: sv.Line, Hidden: sv.Hidden}
	if sv.Hidden {
		ve.Report, ve.Text = rep, fmt.Sprintf("%2d. (another side's step)", n)
		return ve
	}
	if f := strings.Fields(sv.Line); len(f) > 0 {
		rep.Verb = strings.ToLower(f[0])
	}
	for _, ev := range sv.Events {
		rep.Events = append(rep.Events, EventView{Text: ev.Text, Rule: ev.Rule, Det: ev.Det, Side: ev.Side})
		rep.Rules = rules.Cite(rep.Rules, ev.Rule)
	}
	for _, m := range sv.Moves {
		rep.Moves = append(rep.Moves, MoveView{Det: m.Det, Side: m.Side, Band: m.Band, From: inch(m.From), To: inch(m.To),
			Inches: rules.Round(m.Distance / lw.MetresPerInch), Breakdown: m.Breakdown})
	}
	rep.Order = append(rep.Order, sv.Order...)
	shown := &lw.Report{Events: sv.Events, Moves: sv.Moves, Order: sv.Order}
	if sv.Dice {
		ve.Rolls = rolls
		shown.Rolls = rolls
		for _, r := range rolls {
			rep.Dice = append(rep.Dice, r.String())
		}
	}
	ve.Report, ve.Text = rep, lwfile.FormatLWStep(lwfile.LWStep{Step: n, Action: sv.Line, Report: shown})
	return ve
}

// lwSideVerbs are the steps a side's own player takes (lw.Game.Owner); the rest are the
// referee's.
var lwSideVerbs = map[string]bool{"order": true, "continue": true, "route": true, "halt": true, "cover": true, "fire": true,
	"adjust": true, "pivot": true, "mount": true, "dismount": true, "tow": true}

// MayPlay says whether role may submit step a: nil, or why not. A side's token plays only the
// steps whose owner is its side, naming nothing it may not know of; the answer is the same
// whether the detachment (unit, formation) it names is the enemy's or does not exist, so that
// a refusal tells nothing of the enemy.
func (g *Game) MayPlay(role string, act rules.Action) *rules.Denial {
	st, a := g.G, act.(*Action).A
	if role == rules.Referee {
		return nil
	}
	if !lwSideVerbs[a.Verb] {
		return deny("the %s link may not play %q: only the referee may (a side plays %s)", role, a.Verb, strings.Join(sideVerbList(), ", "))
	}
	what := "detachments"
	if a.Verb == "mount" || a.Verb == "dismount" || a.Verb == "tow" {
		what = "units"
	}
	if st.Owner(a) != role {
		return deny("the %s link plays %q only for %s's own %s: it has none called %q", role, a.Verb, role, what, a.Det)
	}
	v := viewer(role)
	for _, id := range a.Names() {
		if !st.Knows(v, id) {
			return &rules.Denial{Refusal: &rules.Refusal{Rule: lw.RuleDetachment, Msg: fmt.Sprintf("the %s link knows of no detachment, unit or formation called %q", role, id)}}
		}
	}
	return nil
}

func deny(format string, args ...any) *rules.Denial {
	return &rules.Denial{Msg: fmt.Sprintf(format, args...)}
}

func sideVerbList() []string {
	var out []string
	for _, v := range lw.Verbs {
		if lwSideVerbs[v] {
			out = append(out, v)
		}
	}
	return out
}

// HashFor is the hash a role is shown: the referee's is the whole state's (full); a side's and
// the public's that of the game as they know it (lw.Game.As), which changes only with what
// they may see.
func (g *Game) HashFor(role string, full [32]byte) string {
	if role == rules.Referee {
		return rules.HashString(full)
	}
	return rules.HashString(rules.Hash(g.G.As(viewer(role))))
}
