package lightningwar

import (
	"fmt"
	"strings"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/refusal"
)

// Feature is an area of terrain: a ground (with the Movement Chart's factor, or its own), a
// slope, or both. Where features overlap, the last one listed with a ground gives the ground
// and the last one listed with a slope gives the slope [default].
type Feature struct {
	ID        string
	Area      Polygon
	HasGround bool
	Ground    Ground
	Factor    float64 // its own factor in place of the chart's (0: the chart's)
	HasSlope  bool
	Slope     Slope
	Cover     bool // counts as cover for a discretionary move (woods and built-up always do)
}

// Road is a road's centre line; a unit within HalfWidth of it is on the road.
type Road struct {
	ID        string
	Line      Polyline
	HalfWidth float64
}

// Stream is a stream's line; a vehicle crossing it off a road checks for miring.
type Stream struct {
	ID   string
	Line Polyline
}

// Choke is a place the referee designates, such as a road bridge, where models may not pass
// through each other.
type Choke struct {
	ID   string
	Area Polygon
}

// Table is the tabletop: its size and its terrain, in metres. Steps never change it.
type Table struct {
	Width, Height float64
	Features      []Feature
	Roads         []Road
	Streams       []Stream
	Chokes        []Choke
}

// Validate checks every shape on the table and says which one is wrong.
func (t *Table) Validate() error {
	if !(t.Width > 0 && t.Height > 0) || t.Width > metres(10000) || t.Height > metres(10000) {
		return fmt.Errorf("the table must be wider and deeper than 0\" (and under 10000\"): %v x %v",
			trimInches(t.Width), trimInches(t.Height))
	}
	for _, f := range t.Features {
		if err := f.Area.Validate(); err != nil {
			return fmt.Errorf("terrain %s: %w", f.ID, err)
		}
		if f.Factor < 0 || f.Factor > 100 {
			return fmt.Errorf("terrain %s: a movement factor must be between 0 and 100", f.ID)
		}
	}
	for _, r := range t.Roads {
		if err := r.Line.Validate(); err != nil {
			return fmt.Errorf("road %s: %w", r.ID, err)
		}
		if !(r.HalfWidth > 0) || r.HalfWidth > metres(10) {
			return fmt.Errorf("road %s: its width must be above 0\" and at most 20\"", r.ID)
		}
	}
	for _, s := range t.Streams {
		if err := s.Line.Validate(); err != nil {
			return fmt.Errorf("stream %s: %w", s.ID, err)
		}
	}
	for _, c := range t.Chokes {
		if err := c.Area.Validate(); err != nil {
			return fmt.Errorf("choke point %s: %w", c.ID, err)
		}
	}
	return nil
}

// Kind is what a detachment is for: most follow their orders to the letter; reconnaissance
// and Forward Observer detachments have wider latitude.
type Kind uint8

const (
	Normal Kind = iota
	Recon
	FO
)

func (k Kind) String() string { return [...]string{"normal", "recon", "FO"}[k] }

// OrderKind says where a detachment's movement comes from.
type OrderKind uint8

const (
	Written  OrderKind = iota // a written order from the Command Phase
	Continue                  // the Continue codeword: resume the previous orders
	Forced                    // a move forced by a morale check (rout, retreat)
	ToCover                   // a discretionary move to the nearest cover
)

// Order is a written order (or the Continue codeword), or a forced or discretionary move.
type Order struct {
	N         int // serial number in the game
	Kind      OrderKind
	From      string // the sending formation ("" for the referee or the scenario's set-up)
	To        string // the recipient detachment
	Turn      int    // written on
	Effective int    // the turn it reaches the recipient
	Text      string
	Path      []Point // waypoints in order
	Goal      *Point  // a goal without a path (reconnaissance, FO)
	Pace      Pace
	Reserve   bool
}

// Fire is a report that a detachment was fired upon, opening a discretionary action.
type Fire struct {
	Turn     int
	By       string   // the firing detachment ("" for artillery, aircraft, a spotting round)
	From     *Point   // where the fire came from, when known
	Units    []string // the units fired upon (all of them when nil)
	Spotting bool
}

// Discretion is a discretionary action taken this turn.
type Discretion struct {
	Halt   bool
	Cover  bool
	FireAt string
	To     Point // the cover to move to
}

// Detachment is a unit or group of units under one set of orders.
type Detachment struct {
	ID    string
	Side  string
	Units []string
	Kind  Kind
	// Form is its formation round Pos (rules-notes 3.6): line abreast, column, or a drawn
	// shape whose bases stand at Offsets (one per unit, in the order of Units; a rider's is its
	// carrier's). Offsets are never changed in place: clones share them.
	Form     Form
	InColumn bool // it is passing a choke point narrower than its frontage, in column
	Pos      Point
	// Facing is a compass bearing in degrees: 0 up the table, 90 to the right.
	Facing  float64
	Offsets []Point

	Order    *Order   // the orders it follows now (nil: none)
	Previous *Order   // the written orders a discretionary action or forced move suspended
	PrevPath []Point  // what was left of their path
	Pending  []*Order // sent, not yet received
	Route    Polyline // the path it is following: where it took up the orders, then the waypoints
	Along    float64  // metres along Route it has come
	Rejoin   string   // the detachment a broken-off part is trying to rejoin
	// HeldTold: an order that has reached it waits (it is infantry on the move, or falling
	// back), and that was said in the turn it arrived; it is not said again until another
	// order is sent or it takes one up.
	HeldTold bool

	Plan       Plan    // this turn's movement
	MovedTurn  int     // the last turn it moved
	Moved      float64 // metres moved this turn (not counting free adjustments)
	Adjusted   float64 // metres of free minor adjustment on AdjustTurn
	AdjustTurn int
	Track      []Point     // where it has been: its set-up position, then each move's end
	Fired      []Fire      // fire it took since its last movement
	Act        *Discretion // this turn's discretionary action
	Revealed   bool        // the referee has shown it to the other side
	SeenColumn bool        // how it stood when revealed: in column,
	Seen       Point       // where,
	SeenFacing float64     // faced which way,
	// with which units (and the carrier each rode) in which formation: what the other side
	// knows of it until it is seen again, whatever it does unseen. Never changed in place:
	// clones share them.
	SeenUnits   []SeenUnit
	SeenForm    Form
	SeenOffsets []Point
	// ReserveEnded is the turn fire ended its Reserve Movement: it may not fire back this turn.
	ReserveEnded int
	seq          int // the order it was made in: a view lists detachments so (Game.As)
}

// SeenUnit is a unit of a detachment as the other side saw it: the unit, and the unit of the
// detachment it rode aboard then ("": it stood on its own base).
type SeenUnit struct {
	ID, In string
}

// Plan is a detachment's movement for the turn, fixed when its first part is played so that
// a phase split into halves or quarters ends where one whole move would.
type Plan struct {
	Turn    int
	Road    bool    // vehicles at road speed: the whole turn on road
	Pace    Pace    // the pace it is moving at this turn
	Cap     float64 // the furthest point along the route it may reach this turn
	Stopped bool    // something stopped it for the rest of the turn
	Events  float64 // the furthest point along the route whose entry checks were made
	Started bool    // the turn is planned on the route it follows (pace, road speed, cap)
	Begun   bool    // its start-of-turn rolls are made (escaping the mire, miring where it stands)
	Went    bool    // it has moved this turn (a detachment not split moves in one part only)
	Part    int     // the last part of this turn's phase it had its move in (0: none)
}

// Game is the Lightning War state: the table, the TO&E, the detachments and the turn.
type Game struct {
	Table          *Table // shared between clones: never changed by a step
	Formations     map[string]*Formation
	formationOrder []string
	Units          []*Unit
	units          map[string]*Unit
	Dets           []*Detachment
	Sides          []string
	Turn           int
	Part, Parts    int             // the part of the Movement Phase last played, of how many (0: not begun)
	Band           string          // the last Initiative band played of the part under way ("": none; see PhaseBands)
	Split          map[string]bool // the detachments moving in parts this phase (nil: all)
	First          string          // the side that moves first in each band this turn
	OrderDelay     bool            // orders take one turn per command level to arrive (rules-notes 3.5)
	// Gone are the revealed detachments that have since joined another, unseen: the other side
	// still knows each where and as it was seen (its sighting), until the referee hides it.
	// Never changed in place: clones share it.
	Gone []*Detachment
	// Objectives are what the scenario sets the sides to do (objective.go). They are hashed
	// apart (the ruleset's Hash adds them): a game without them hashes as before.
	Objectives []Objective `hash:"-"`
	orders     int
	made       int // detachments made so far (Detachment.seq)
}

// NewGame makes an empty game on table t; add the TO&E with AddFormation and AddUnit and the
// detachments with AddDetachment.
func NewGame(t *Table) *Game {
	return &Game{Table: t, Formations: map[string]*Formation{}, units: map[string]*Unit{}, Turn: 1, OrderDelay: true}
}

// AddFormation adds a TO&E node.
func (g *Game) AddFormation(f Formation) error {
	if f.ID == "" {
		return fmt.Errorf("a formation needs an id")
	}
	if g.Formations[f.ID] != nil || g.units[f.ID] != nil {
		return fmt.Errorf("%s is named twice", f.ID)
	}
	if f.Parent != "" {
		p := g.Formations[f.Parent]
		if p == nil {
			return fmt.Errorf("formation %s: its parent %s is not an earlier formation", f.ID, f.Parent)
		}
		f.Side = p.Side
	} else if f.Side == "" {
		return fmt.Errorf("formation %s: a top formation needs a side", f.ID)
	}
	g.Formations[f.ID] = &f
	g.formationOrder = append(g.formationOrder, f.ID)
	g.addSide(f.Side)
	return nil
}

func (g *Game) addSide(s string) {
	for _, x := range g.Sides {
		if x == s {
			return
		}
	}
	g.Sides = append(g.Sides, s)
	if g.First == "" {
		g.First = s
	}
}

// AddUnit adds a unit under its formation.
func (g *Game) AddUnit(u Unit) error {
	if u.ID == "" {
		return fmt.Errorf("a unit needs an id")
	}
	if g.Formations[u.ID] != nil || g.units[u.ID] != nil {
		return fmt.Errorf("%s is named twice", u.ID)
	}
	if g.Formations[u.Formation] == nil {
		return fmt.Errorf("unit %s: its formation %q is not on the TO&E", u.ID, u.Formation)
	}
	if u.RoadMPH == 0 {
		u.RoadMPH = u.CrossMPH
	}
	nu := u
	g.Units = append(g.Units, &nu)
	g.units[u.ID] = &nu
	if g.unitInitiative(u.ID) == NoInitiative {
		g.Units = g.Units[:len(g.Units)-1]
		delete(g.units, u.ID)
		return fmt.Errorf("unit %s has no Initiative, nor has any formation above it", u.ID)
	}
	return nil
}

// AddDetachment adds a detachment at its position; its units must be on one side and in no
// other detachment.
func (g *Game) AddDetachment(d Detachment) error {
	if d.ID == "" {
		return fmt.Errorf("a detachment needs an id")
	}
	if g.Det(d.ID) != nil || g.units[d.ID] != nil || g.Formations[d.ID] != nil {
		return fmt.Errorf("%s is named twice", d.ID)
	}
	if len(d.Units) == 0 {
		return fmt.Errorf("detachment %s has no units", d.ID)
	}
	for _, id := range d.Units {
		u := g.units[id]
		if u == nil {
			return fmt.Errorf("detachment %s: no unit %s", d.ID, id)
		}
		if o := g.DetOf(id); o != nil {
			return fmt.Errorf("detachment %s: unit %s is already in %s", d.ID, id, o.ID)
		}
		s := g.sideOf(id)
		if d.Side == "" {
			d.Side = s
		} else if d.Side != s {
			return fmt.Errorf("detachment %s: unit %s is on side %s, not %s", d.ID, id, s, d.Side)
		}
	}
	if !finite(d.Pos) || d.Pos.X < 0 || d.Pos.Y < 0 || d.Pos.X > g.Table.Width || d.Pos.Y > g.Table.Height {
		return fmt.Errorf("detachment %s is at %v, off the table", d.ID, d.Pos)
	}
	if d.Form == FormDrawn && len(d.Offsets) != len(d.Units) {
		return fmt.Errorf("detachment %s: a drawn formation needs an offset for each of its %d units", d.ID, len(d.Units))
	}
	nd := d
	nd.Units = append([]string(nil), d.Units...)
	nd.Offsets = append([]Point(nil), d.Offsets...)
	nd.Track = []Point{d.Pos}
	if nd.Revealed {
		g.reveal(&nd) // seen as it is set up
	}
	g.addDet(&nd)
	return nil
}

// addDet adds a new detachment to the game, after those made before it.
func (g *Game) addDet(d *Detachment) {
	g.made++
	d.seq = g.made
	g.Dets = append(g.Dets, d)
}

func (g *Game) sideOf(id string) string {
	c := g.chain(id)
	if len(c) == 0 {
		return ""
	}
	if f := g.Formations[c[len(c)-1]]; f != nil {
		return f.Side
	}
	return ""
}

// Unit is the unit with this id, or nil.
func (g *Game) Unit(id string) *Unit { return g.units[id] }

// Det is the detachment with this id, or nil.
func (g *Game) Det(id string) *Detachment {
	for _, d := range g.Dets {
		if d.ID == id {
			return d
		}
	}
	return nil
}

// DetOf is the detachment a unit is in, or nil.
func (g *Game) DetOf(unit string) *Detachment {
	for _, d := range g.Dets {
		for _, u := range d.Units {
			if u == unit {
				return d
			}
		}
	}
	return nil
}

// Initiative is a detachment's Initiative.
func (g *Game) Initiative(d *Detachment) Initiative { return g.DetachmentInitiative(d).Result }

// Clone is a copy of the game to play on apart from it: it shares the table, which no step
// changes, and the orders, which nothing changes once written (a new order, or a side's view
// of one, is a new Order); everything else is copied. Its formations, units and detachments
// are each laid out in one block, and the detachments' lists in a few more (slab), which
// keeps a copy cheap; an empty list copies as nil.
func (g *Game) Clone() *Game {
	c := g.stepCopy()
	fs := make([]Formation, 0, len(g.Formations))
	c.Formations = make(map[string]*Formation, len(g.Formations))
	for k, f := range g.Formations {
		fs = append(fs, *f)
		c.Formations[k] = &fs[len(fs)-1]
	}
	c.formationOrder = append([]string(nil), g.formationOrder...)
	c.Sides = append([]string(nil), g.Sides...)
	return c
}

// stepCopy is the copy of the game a step is played on (Do): a Clone but for the formations
// of the TO&E and the sides, which are set up before play and which no step changes, and so
// are shared with g.
func (g *Game) stepCopy() *Game {
	c := *g
	us := make([]Unit, len(g.Units))
	c.units = make(map[string]*Unit, len(g.units))
	c.Units = make([]*Unit, len(g.Units))
	for i, u := range g.Units {
		us[i] = *u
		c.Units[i] = &us[i]
		c.units[u.ID] = &us[i]
	}
	if g.Split != nil {
		c.Split = make(map[string]bool, len(g.Split))
		for k, v := range g.Split {
			c.Split[k] = v
		}
	}
	c.Dets = g.cloneDets()
	c.Objectives = cloneObjectives(g.Objectives)
	return &c
}

// cloneDets is a copy of the detachments, holding the same orders.
func (g *Game) cloneDets() []*Detachment {
	nUnits, nPoints, nPending := 0, 0, 0
	for _, d := range g.Dets {
		nUnits += len(d.Units)
		nPoints += len(d.PrevPath) + len(d.Route) + len(d.Track) + 1
		nPending += len(d.Pending)
	}
	ids, pts := make([]string, 0, nUnits), make([]Point, 0, nPoints)
	pending := make([]*Order, 0, nPending)
	dets := make([]Detachment, len(g.Dets))
	out := make([]*Detachment, len(g.Dets))
	for i, d := range g.Dets {
		nd := &dets[i]
		*nd = *d
		nd.Units = slab(&ids, d.Units, 0)
		nd.PrevPath = slab(&pts, d.PrevPath, 0)
		nd.Pending = slab(&pending, d.Pending, 0)
		nd.Route = slab(&pts, d.Route, 0)
		nd.Track = slab(&pts, d.Track, 1) // room for the end of its next move
		nd.Fired = nil
		if d.Fired != nil {
			nd.Fired = make([]Fire, len(d.Fired))
		}
		for j, f := range d.Fired {
			nf := f
			if f.Units != nil {
				nf.Units = append([]string{}, f.Units...)
			}
			if f.From != nil {
				p := *f.From
				nf.From = &p
			}
			nd.Fired[j] = nf
		}
		if d.Act != nil {
			a := *d.Act
			nd.Act = &a
		}
		out[i] = nd
	}
	return out
}

// slab copies src onto the end of *block and is the copy, or nil when src is empty, with room
// for more elements after it. The copy is capped at that, so appending to it beyond its room
// moves it rather than write over the next.
func slab[T any](block *[]T, src []T, more int) []T {
	if len(src) == 0 {
		return nil
	}
	n := len(*block)
	*block = append(*block, src...)
	m := len(*block)
	var zero T
	for range more {
		*block = append(*block, zero)
	}
	return (*block)[n:m:len(*block)]
}

// Refusal is a step the rules forbid: the rule it breaks and why. A refused step changes
// nothing.
type Refusal = refusal.Refusal

func refuse(rule, format string, args ...any) *Refusal { return refusal.New(rule, format, args...) }

// Rule labels. The seed has no section numbers; we cite the seed's headings, and the
// rules-notes sections that restore what it lost.
const (
	RuleDetachment = "Detachments"
	RuleOrder      = "Movement order (rules-notes 3.2)"
	RuleOrders     = "Written orders (rules-notes 3.5)"
	RuleRecon      = "Reconnaissance and FO orders"
	RuleDiscretion = "Discretionary actions"
	RuleContinue   = "Continue codeword"
	RuleChart      = "Movement Chart (rules-notes 3.3)"
	RuleRoad       = "Base Movement: Road Speed"
	RuleRun        = "Base Movement: infantry run"
	RuleGallop     = "Base Movement: cavalry gallop"
	RuleThrough    = "Moving through models"
	RuleMount      = "Mounting and dismounting"
	RuleMiring     = "Vehicle Miring Table"
	RuleEscape     = "Miring: escape"
	RuleTow        = "Miring: towing"
	RuleOverrun    = "Overrun"
	RulePivot      = "Pivot and minor adjustments"
	RuleSplit      = "Movement Phase in halves or quarters"
	RuleContact    = "Contact [default]"
	RuleReserve    = "Reserve Movement (rules-notes 3.4)"
)

// Event is one thing a step did, with the rule behind it. Side is the side that may see it;
// "" means every side. You, when set, is the text as Side's own player is told it (its own
// order: "you order PzZug ..."); Text is as the referee reads it.
type Event struct {
	Text string `json:"text"`
	Rule string `json:"rule,omitempty"`
	Det  string `json:"det,omitempty"`
	Side string `json:"side,omitempty"`
	You  string `json:"-"`
}

// Move is one detachment's move in one part of the Movement Phase.
type Move struct {
	Det       string  `json:"det"`
	Side      string  `json:"side"`
	Band      string  `json:"band"`
	From, To  Point   `json:"-"`
	Distance  float64 `json:"-"` // metres
	Breakdown string  `json:"breakdown"`
}

// Report is what a step did.
type Report struct {
	Events []Event
	Moves  []Move
	Rolls  []dice.Roll
	Order  []string // a Movement Phase step: the detachments in the order they came to move ("band: id")
	// Checks are the rolls that only pass or fail (miring, escaping the mire), in the order
	// made, with what each needed, its chance before the roll and its result.
	Checks []Check
}

// Check is a roll that only passes or fails, as made.
type Check struct {
	Det, Unit string
	For       string // "Miring (entering woods)", "Escape"
	Rule      string
	Kind      dice.Kind
	Mod       int    // the unit's own modifier to the roll
	Need      string // "2d6 +1 >= 11 mires"
	Odds      dice.Prob
	Result    string // "mires", "does not mire", "escapes", "stays mired"
}

func (r *Report) add(side, det, rule, format string, args ...any) {
	r.event(side, det, rule, fmt.Sprintf(format, args...))
}

// event adds an event whose text is already written.
func (r *Report) event(side, det, rule, text string) {
	r.Events = append(r.Events, Event{Text: text, Rule: rule, Det: det, Side: side})
}

// Text is the report as lines.
func (r *Report) Text() string {
	var b strings.Builder
	for _, e := range r.Events {
		b.WriteString(e.Text)
		if e.Rule != "" {
			b.WriteString(" [" + e.Rule + "]")
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// Apply plays one line of notation with dice from src. A refused step (a *Refusal, or a
// notation error) changes nothing.
func (g *Game) Apply(line string, src dice.Source) (*Report, error) {
	a, err := Parse(line)
	if err != nil {
		return nil, err
	}
	return g.Do(a, src)
}

// Do plays a parsed action. The game changes only if the step is accepted.
func (g *Game) Do(a Action, src dice.Source) (*Report, error) {
	c := g.stepCopy()
	rep := &Report{}
	if err := c.do(a, &recorder{src: src, rep: rep}, rep); err != nil {
		return nil, err
	}
	if len(c.Objectives) > 0 {
		c.tally()
	}
	*g = *c
	return rep, nil
}

// recorder rolls a step's dice from src and keeps them in rep.
type recorder struct {
	src dice.Source
	rep *Report
}

// check rolls a check: pass says which totals pass it, its only effect (dice.Check).
func (r *recorder) check(k dice.Kind, pass func(total int) bool) (int, error) {
	if r.src == nil {
		return 0, fmt.Errorf("no dice to roll")
	}
	x, err := dice.Check(r.src, k, func(t int) int {
		if pass(t) {
			return 1
		}
		return 0
	})
	if err != nil {
		return 0, err
	}
	r.rep.Rolls = append(r.rep.Rolls, x)
	return int(x.Total), nil
}

// name lists ids for a message.
func names(ids []string) string { return strings.Join(ids, ", ") }

// sortedSides is the game's sides starting with first.
func (g *Game) sidesFrom(first string) []string {
	out := []string{}
	i := 0
	for j, s := range g.Sides {
		if s == first {
			i = j
		}
	}
	for k := range g.Sides {
		out = append(out, g.Sides[(i+k)%len(g.Sides)])
	}
	return out
}

// Band is the band of the Movement Phase the detachment moves in this turn.
func (d *Detachment) Band(g *Game) string { return g.band(d) }

// MovingFirer reports whether the detachment moved this turn beyond a free pivot and minor
// adjustment, and so fires as a moving firer [Pivot and minor adjustments].
func (d *Detachment) MovingFirer(g *Game) bool {
	return d.Moved > eps && (d.MovedTurn == g.Turn || d.MovedTurn == g.Turn-1 && g.Parts == 0)
}
