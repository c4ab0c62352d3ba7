package lightningwar

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

func (g *Game) do(a Action, r *recorder, rep *Report) error {
	switch a.Verb {
	case "mount", "dismount", "tow":
		return g.unitStep(a, rep)
	}
	g.readLegacyParts(&a)
	if a.Verb == "movement" {
		return g.movement(a, r, rep)
	}
	d := g.Det(a.Det)
	if d == nil && a.Verb == "hide" {
		if i := g.gone(a.Det); i >= 0 { // a revealed detachment that joined another, unseen
			g.Gone = slices.Delete(slices.Clone(g.Gone), i, i+1)
			rep.add("", a.Det, "", "the referee hides %s", a.Det)
			return nil
		}
	}
	if d == nil {
		return refuse(RuleDetachment, "there is no detachment %s", a.Det)
	}
	switch a.Verb {
	case "order", "continue":
		return g.order(d, a, rep)
	case "route":
		return g.route(d, a, rep)
	case "forced":
		if g.UnderWay() {
			return refuse(RuleOrder, "forced moves are set before the Movement Phase (it is under way)")
		}
		g.suspend(d)
		d.Order = &Order{N: g.nextN(), Kind: Forced, To: d.ID, Turn: g.Turn, Effective: g.Turn, Path: a.Path, Pace: a.Pace}
		g.takeUp(d, d.Order, a.Path)
		rep.add(d.Side, d.ID, RuleOrder, "%s must make a forced move this turn (moves first); it receives no orders until it stops", d.ID)
		return nil
	case "fired":
		return g.fired(d, a, rep)
	case "halt", "cover", "fire":
		return g.discretion(d, a, rep)
	case "split":
		if _, err := g.split(d, a.Units, a.As, RuleDetachment, rep); err != nil {
			return err
		}
		return nil
	case "join":
		t := g.Det(a.Other)
		if t == nil || t == d {
			return refuse(RuleDetachment, "there is no other detachment %s to join", a.Other)
		}
		if t.Side != d.Side {
			return refuse(RuleDetachment, "%s is not on %s's side", t.ID, d.ID)
		}
		if gap := g.apart(d, t); gap > RejoinRange+eps {
			return refuse(RuleDetachment, "%s is %s from %s, base to base; a detachment joins another within %s", d.ID, trimInches(gap), t.ID, trimInches(RejoinRange))
		}
		if hit, err := g.joinGate(d, t, "join "+d.ID+" into "+t.ID); err != nil || hit != nil {
			if err != nil {
				return err
			}
			g.stopsAt(t, hit, d.ID+" joining it", rep) // stopped where it starts: apart
			g.reveal(d)
			return nil
		}
		g.merge(d, t)
		rep.add(d.Side, t.ID, RuleDetachment, "%s joins %s (now %s)", d.ID, t.ID, names(t.Units))
		return nil
	case "adjust":
		return g.adjust(d, *a.At, rep)
	case "pivot":
		return g.pivot(d, a.Degrees, rep)
	case "place":
		return g.place(d, a, rep)
	case "morale":
		return g.morale(d, a, rep)
	case "reveal":
		g.reveal(d)
		rep.add("", d.ID, "", "the referee reveals %s at %v", d.ID, d.Pos)
		return nil
	case "hide":
		d.Revealed = false
		rep.add("", d.ID, "", "the referee hides %s", d.ID)
		return nil
	}
	return refuse(RuleNotation, "unknown verb %s", a.Verb)
}

// readLegacyParts reads the detachments a names by the old names of parts (LegacyPart) as the
// parts' ids.
func (g *Game) readLegacyParts(a *Action) {
	for _, p := range []*string{&a.Det, &a.Other, &a.Fire} {
		if d := g.LegacyPart(*p); d != nil {
			*p = d.ID
		}
	}
	for i, id := range a.Dets {
		if d := g.LegacyPart(id); d != nil {
			a.Dets = slices.Clone(a.Dets) // the caller's list stays as written
			a.Dets[i] = d.ID
		}
	}
}

func (g *Game) nextN() int { g.orders++; return g.orders }

// takeUp starts a detachment on a path from where it stands.
func (g *Game) takeUp(d *Detachment, o *Order, path []Point) {
	d.Order = o
	d.Route = append(append(make(Polyline, 0, 1+len(path)), d.Pos), path...)
	d.Along, d.Plan.Events = 0, 0
}

// remaining is what is left of a detachment's path: the corners it has not reached.
func (d *Detachment) remaining() []Point {
	var out []Point
	acc := 0.0
	for i := 1; i < len(d.Route); i++ {
		acc += d.Route[i].Dist(d.Route[i-1])
		if acc > d.Along+eps {
			out = append(out, d.Route[i])
		}
	}
	return out
}

// suspend puts a detachment's written orders aside (a discretionary action or a forced move),
// to be resumed by the Continue codeword.
func (g *Game) suspend(d *Detachment) {
	if d.Order != nil && d.Order.Kind == Written {
		d.Previous = d.Order
		d.PrevPath = d.remaining()
	}
	d.Order, d.Route, d.Along = nil, nil, 0
}

// order writes an order (or Continue) for d [Written orders, rules-notes 3.5]: it goes from a
// formation to any or all of its direct subordinates, or to one unit further down, and takes
// a turn per command level to arrive [default].
func (g *Game) order(d *Detachment, a Action, rep *Report) error {
	kind := Written
	if a.Verb == "continue" {
		kind = Continue
	}
	turn := g.Turn
	if a.HasTurn {
		turn = a.Turn
		if turn > g.Turn {
			return refuse(RuleOrders, "an order cannot be written on turn %d: it is turn %d", turn, g.Turn)
		}
	}
	delay := 0
	if a.From != "" {
		f := g.Formations[a.From]
		if f == nil {
			return refuse(RuleOrders, "the sender %s is not a formation of the TO&E", a.From)
		}
		if f.Side != d.Side {
			return refuse(RuleOrders, "%s (%s) cannot send orders to %s (%s)", f.ID, f.Side, d.ID, d.Side)
		}
		node := g.commonNode(d.Units)
		under := slices.Contains(g.chain(node), f.ID)
		if !under {
			return refuse(RuleOrders, "%s is not under %s on the TO&E", d.ID, f.ID)
		}
		levels := g.depth(node) - g.depth(f.ID)
		if levels > 1 && len(d.Units) > 1 {
			return refuse(RuleOrders, "%s may order its direct subordinates, or one unit further down; %s is %d levels below it", f.ID, d.ID, levels)
		}
		if g.OrderDelay {
			delay = max(levels, 1)
		}
	}
	if kind == Written && len(a.Path) == 0 && a.At == nil && a.Text == "" {
		return refuse(RuleOrders, "an order needs a path, a goal or a text")
	}
	for _, p := range a.Path {
		if !g.onTable(p) {
			return refuse(RuleOrders, "the path point %v is off the table", p)
		}
	}
	o := &Order{N: g.nextN(), Kind: kind, From: a.From, To: d.ID, Turn: turn, Effective: turn + delay,
		Text: a.Text, Path: a.Path, Pace: a.Pace, Reserve: a.Reserve}
	if a.At != nil {
		p := *a.At
		o.Goal = &p
	}
	if a.Pace == Run && !g.has(d, footInfantry) {
		return refuse(RuleRun, "only infantry on foot run; %s has none", d.ID)
	}
	if a.Pace == Gallop && !g.has(d, func(u *Unit) bool { return u.Type == Cavalry && u.Mounted }) {
		return refuse(RuleGallop, "only mounted cavalry gallop; %s has none", d.ID)
	}
	if a.Reserve && !g.HasLeader(d) {
		return refuse(RuleReserve, "Reserve Movement needs a leader with the detachment")
	}
	if a.Reserve && kind == Written {
		path := a.Path
		if len(path) == 0 && o.Goal != nil {
			path = []Point{*o.Goal}
		}
		if why := g.reserveShort(d, o, path); why != "" {
			return refuse(RuleReserve, "%s", why)
		}
	}
	d.Pending, d.HeldTold = append(d.Pending, o), false
	arrive := "it takes effect this turn"
	switch {
	case o.Effective > g.Turn:
		arrive = fmt.Sprintf("it arrives on turn %d (%d turn(s) for the command levels)", o.Effective, delay)
	case g.UnderWay(): // the phase handed out this turn's orders as it began
		arrive = fmt.Sprintf("it takes effect in the next Movement Phase (turn %d)", g.Turn+1)
	}
	rep.Events = append(rep.Events, orderEvent(d, kind, a.From, turn, arrive))
	return nil
}

// orderEvent reports an order (or the Continue codeword) sent to d: by a formation of the TO&E
// (from), or by d's own side's player, who is told it as its own ("you order d ...").
func orderEvent(d *Detachment, kind OrderKind, from string, turn int, arrive string) Event {
	what := "an order"
	if kind == Continue {
		what = "the Continue codeword"
	}
	e := Event{Rule: RuleOrders, Det: d.ID, Side: d.Side}
	if from != "" {
		e.Text = fmt.Sprintf("%s sends %s to %s on turn %d; %s", from, what, d.ID, turn, arrive)
		return e
	}
	if kind == Continue {
		e.Text = fmt.Sprintf("%s sends the Continue codeword to %s on turn %d; %s", d.Side, d.ID, turn, arrive)
		e.You = fmt.Sprintf("you send the Continue codeword to %s on turn %d; %s", d.ID, turn, arrive)
		return e
	}
	e.Text = fmt.Sprintf("%s orders %s on turn %d; %s", d.Side, d.ID, turn, arrive)
	e.You = fmt.Sprintf("you order %s on turn %d; %s", d.ID, turn, arrive)
	return e
}

func (g *Game) onTable(p Point) bool {
	return p.X >= -eps && p.Y >= -eps && p.X <= g.Table.Width+eps && p.Y <= g.Table.Height+eps
}

func (g *Game) has(d *Detachment, f func(*Unit) bool) bool {
	for _, id := range d.Units {
		if u := g.units[id]; u != nil && !u.Destroyed && f(u) {
			return true
		}
	}
	return false
}

// HasLeader reports whether a leader (or HQ) stand is with the detachment: Reserve Movement
// needs one.
func (g *Game) HasLeader(d *Detachment) bool {
	return g.has(d, func(u *Unit) bool { return u.Leader })
}

// deliver hands each detachment the orders that have reached it by this turn; moving foot
// infantry and falling-back units receive none until they stop [rules-notes 3.5].
func (g *Game) deliver(rep *Report) {
	for _, d := range g.Dets {
		var o *Order // the latest order due: it supersedes the rest
		var later []*Order
		for _, x := range d.Pending {
			if x.Effective <= g.Turn {
				o = x
			} else {
				later = append(later, x)
			}
		}
		if o == nil {
			continue
		}
		if d.Act != nil {
			rep.add(d.Side, d.ID, RuleDiscretion, "%s is taking a discretionary action this turn; its new orders take effect next turn", d.ID)
			continue
		}
		held := ""
		if d.Order != nil && d.Order.Kind == Forced {
			held = "%s is falling back and receives no orders until it stops"
		} else if d.Order != nil && d.MovedTurn == g.Turn-1 && d.MovedTurn > 0 && d.Along < d.Route.Length()-eps &&
			!(d.Plan.Turn == g.Turn-1 && d.Plan.Stopped) && // stopped (in contact, at a choke point): not on the move
			g.has(d, func(u *Unit) bool { return footInfantry(u) && u.In == "" }) {
			held = "%s is infantry on the move and receives no orders until it stops"
		}
		if held != "" {
			if !d.HeldTold { // said in the turn the order arrives, not in every turn it waits
				rep.add(d.Side, d.ID, RuleOrders, held, d.ID)
				d.HeldTold = true
			}
			continue
		}
		d.Pending, d.HeldTold = later, false
		if o.Kind == Continue {
			if d.Previous == nil {
				rep.add(d.Side, d.ID, RuleContinue, "%s receives Continue but has no earlier orders to resume", d.ID)
				continue
			}
			prev, path := d.Previous, d.PrevPath
			d.Previous, d.PrevPath = nil, nil
			prev, short := g.reserveTakenUp(d, prev, path)
			g.takeUp(d, prev, path)
			d.Act = nil
			rep.add(d.Side, d.ID, RuleContinue, "%s receives Continue and resumes its orders of turn %d", d.ID, prev.Turn)
			reserveEnds(d, prev, short, rep)
			continue
		}
		d.Previous, d.PrevPath = nil, nil
		path := o.Path
		if len(path) == 0 && o.Goal != nil {
			path = []Point{*o.Goal}
		}
		o, short := g.reserveTakenUp(d, o, path)
		text := d.ID + " receives its order of turn " + strconv.Itoa(o.Turn)
		if o.Text != "" {
			text += ": " + o.Text
		}
		switch {
		case len(o.Path) > 0:
			g.takeUp(d, o, o.Path)
		case o.Goal != nil: // a goal and no path: straight for it, through whatever lies between
			g.takeUp(d, o, []Point{*o.Goal})
			text += " (its goal " + o.Goal.String() + ": it heads straight for it)"
		default:
			g.takeUp(d, o, nil)
			d.Route = nil
		}
		rep.event(d.Side, d.ID, RuleOrders, text)
		reserveEnds(d, o, short, rep)
	}
}

// route changes the path of a reconnaissance or FO detachment within its orders
// [Reconnaissance and FO orders]: its player steers it (direction and pace) as long as it is
// still doing what the orders say. It may be routed as soon as its general order takes effect:
// an order that reaches it this turn (one the scenario gives at set-up included) is routed
// before the Movement Phase hands it over, and the detachment follows the route from there.
// During the phase (between its halves or quarters, or between bands) the new route is
// followed from the detachment's next move: the rest of its turn is planned again on it.
func (g *Game) route(d *Detachment, a Action, rep *Report) error {
	if d.Kind == Normal {
		return refuse(RuleRecon, "only reconnaissance and FO detachments may change their route without new orders; %s needs a written order", d.ID)
	}
	o, at := g.routeable(d)
	if o == nil {
		if due := laterOrder(d, g.Turn); due != nil {
			return refuse(RuleRecon, "%s's orders reach it on turn %d: it may be routed from then", d.ID, due.Effective)
		}
		return refuse(RuleRecon, "%s has no orders to interpret", d.ID)
	}
	for _, p := range a.Path {
		if !g.onTable(p) {
			return refuse(RuleOrders, "the path point %v is off the table", p)
		}
	}
	if a.Pace == Run && !g.has(d, footInfantry) {
		return refuse(RuleRun, "only infantry on foot run; %s has none", d.ID)
	}
	if a.Pace == Gallop && !g.has(d, func(u *Unit) bool { return u.Type == Cavalry && u.Mounted }) {
		return refuse(RuleGallop, "only mounted cavalry gallop; %s has none", d.ID)
	}
	n := *o
	n.Path = a.Path
	if a.HasPace {
		n.Pace = a.Pace
	}
	if n.Reserve && n.Kind == Written {
		if why := g.reserveShort(d, &n, a.Path); why != "" {
			return refuse(RuleReserve, "%s", why)
		}
	}
	n.N = g.nextN()
	when := ""
	switch {
	case at >= 0:
		d.Pending[at] = &n // the order it takes up when the phase begins
		when = ": it follows it when its orders take effect, as the Movement Phase begins"
	default:
		g.takeUp(d, &n, a.Path)
		if d.Plan.Turn == g.Turn { // it has had a move this turn: plan the rest of its turn on the new route
			d.Plan.Started, d.Plan.Stopped = false, false
		}
		if g.UnderWay() {
			when = ": it follows it from its next move"
		}
	}
	rep.add(d.Side, d.ID, RuleRecon, "%s (%s) takes a new route within its orders%s%s", d.ID, d.Kind, orderText(&n), when)
	return nil
}

// routeable is the written order a route for d would steer, and its place in d.Pending (-1:
// the order d follows now). Before the Movement Phase, the latest written order that reaches d
// by this turn is the one it will take up (it supersedes the one it follows); otherwise it is
// the written order it follows. nil: none.
func (g *Game) routeable(d *Detachment) (*Order, int) {
	if !g.UnderWay() {
		at := -1
		for i, o := range d.Pending {
			if o.Effective <= g.Turn {
				at = i
			}
		}
		if at >= 0 {
			if d.Pending[at].Kind != Written {
				return nil, -1 // Continue: its earlier orders come back first
			}
			return d.Pending[at], at
		}
	}
	if d.Order == nil || d.Order.Kind != Written {
		return nil, -1
	}
	return d.Order, -1
}

// laterOrder is the first written order on its way to d that reaches it after turn (nil:
// none).
func laterOrder(d *Detachment, turn int) *Order {
	for _, o := range d.Pending {
		if o.Effective > turn && o.Kind == Written {
			return o
		}
	}
	return nil
}

func orderText(o *Order) string {
	if o.Text == "" {
		return ""
	}
	return " (\"" + o.Text + "\")"
}

// fired records that d (or some of its units) was fired upon, which opens a discretionary
// action to it in the coming Movement Phase [Discretionary actions]. A spotting round counts
// within 5" of any of its bases (rules-notes 3.6: distances from the nearest base).
func (g *Game) fired(d *Detachment, a Action, rep *Report) error {
	f := Fire{Turn: g.Turn, By: a.Other, Spotting: a.Spot}
	if a.Other != "" {
		e := g.Det(a.Other)
		if e == nil {
			return refuse(RuleDiscretion, "there is no detachment %s", a.Other)
		}
		if e.Side == d.Side {
			return refuse(RuleDiscretion, "%s is on %s's own side", e.ID, d.ID)
		}
		p := e.Pos
		f.From = &p
	}
	if a.At != nil {
		if !g.onTable(*a.At) {
			return refuse(RuleDiscretion, "%v is off the table", *a.At)
		}
		if a.Spot {
			if dist := g.distTo(d, *a.At); dist > SpottingRange+eps {
				return refuse(RuleDiscretion, "a spotting round %s from %s's nearest base does not count: only within %s (250 m)", trimInches(dist), d.ID, trimInches(SpottingRange))
			}
		} else {
			p := *a.At
			f.From = &p
		}
	}
	for _, u := range a.Units {
		if !slices.Contains(d.Units, u) {
			return refuse(RuleDiscretion, "%s is not in %s", u, d.ID)
		}
	}
	f.Units = a.Units
	d.Fired = append(d.Fired, f)
	if d.Order != nil && d.Order.Reserve {
		g.suspend(d)
		d.ReserveEnded = g.Turn // and it may not fire back this turn
		rep.add(d.Side, d.ID, RuleReserve, "%s stops Reserve Movement under fire and needs new orders", d.ID)
	}
	for _, u := range g.Units {
		if u.TowedBy != "" && (slices.Contains(d.Units, u.ID) || slices.Contains(d.Units, u.TowedBy)) {
			rep.add(d.Side, d.ID, RuleTow, "the tow of %s by %s is broken off: they came under fire", u.ID, u.TowedBy)
			if t := g.units[u.TowedBy]; t != nil {
				t.BusyTurn = 0
			}
			u.TowedBy, u.TowStart, u.BusyTurn = "", 0, 0
		}
	}
	who := names(a.Units)
	if who == "" {
		who = d.ID
	}
	src := "artillery or aircraft"
	switch {
	case a.Spot:
		src = "a spotting round within 5\""
	case a.Other != "":
		src = a.Other
		g.reveal(g.Det(a.Other))
	}
	rep.add("", d.ID, RuleDiscretion, "%s is fired upon by %s: it may take a discretionary action", who, src)
	return nil
}

// discretion takes a discretionary action: halt, fire at the unit that fired, and/or move to
// the nearest cover, never toward the firer. Only units fired upon may take one; if only part
// of a detachment was, that part breaks off to take it (or the whole ignores the fire).
func (g *Game) discretion(d *Detachment, a Action, rep *Report) error {
	if g.UnderWay() {
		return refuse(RuleDiscretion, "discretionary actions are taken before the Movement Phase (it is under way)")
	}
	var fires []Fire
	for _, f := range d.Fired {
		if f.Turn == g.Turn {
			fires = append(fires, f)
		}
	}
	if len(fires) == 0 {
		return refuse(RuleDiscretion, "%s has not been fired upon, so it may take no discretionary action", d.ID)
	}
	if d.Act != nil {
		return refuse(RuleDiscretion, "%s has already taken its discretionary action this turn", d.ID)
	}
	hit := map[string]bool{}
	for _, f := range fires {
		us := f.Units
		if us == nil {
			us = d.Units
		}
		for _, u := range us {
			hit[u] = true
		}
	}
	target := a.Fire
	if a.Verb == "fire" {
		target = a.Other
	}
	if target != "" {
		ok := false
		for _, f := range fires {
			ok = ok || f.By == target
		}
		if !ok {
			return refuse(RuleDiscretion, "%s did not fire on %s: units may take discretionary actions only against units that fired on them", target, d.ID)
		}
		if d.onReserve(g.Turn) {
			return refuse(RuleReserve, "%s is using Reserve Movement this turn and may not fire (it may halt or move to cover)", d.ID)
		}
	}
	actor := d
	if a.Units != nil {
		// The part is named after its detachment, so a side never has to guess at names the
		// enemy may have taken (a refusal would tell it they exist) [default].
		if !strings.HasPrefix(a.As, d.ID+"/") || len(a.As) == len(d.ID)+1 {
			return refuse(RuleDetachment, "a part breaking off is named after its detachment: %s/NAME", d.ID)
		}
		for _, u := range a.Units {
			if !hit[u] {
				return refuse(RuleDiscretion, "%s was not fired upon; only the part affected breaks off", u)
			}
		}
	} else if len(hit) < len(d.Units) {
		return refuse(RuleDiscretion, "only %s of %s were fired upon: the whole detachment ignores the fire, or that part breaks off (part U,U as NEW)", names(keys(d.Units, hit)), d.ID)
	}
	var firers []Point
	for _, f := range fires {
		if f.From != nil {
			firers = append(firers, *f.From)
		}
	}
	act := &Discretion{Halt: a.Verb != "cover", Cover: a.Verb == "cover", FireAt: target}
	var cover Point
	if act.Cover {
		c, ok := g.nearestCover(d.Pos, firers)
		if !ok {
			return refuse(RuleDiscretion, "there is no cover %s can reach without moving toward the unit firing on it", d.ID)
		}
		cover = c
	}
	if a.Units != nil {
		nd, err := g.split(d, a.Units, a.As, RuleDiscretion, rep)
		if err != nil {
			return err
		}
		actor = nd
	}
	g.suspend(actor)
	actor.Act = act
	what := "halts"
	if act.Cover {
		act.To = cover
		if samePoint(cover, actor.Pos) {
			what = "is in cover and stays there"
		} else {
			what = fmt.Sprintf("moves to the nearest cover at %v (%s away, not toward the firer)", cover, trimInches(cover.Dist(actor.Pos)))
			actor.Order = &Order{N: g.nextN(), Kind: ToCover, To: actor.ID, Turn: g.Turn, Effective: g.Turn, Path: []Point{cover}}
			g.takeUp(actor, actor.Order, []Point{cover})
		}
	}
	if target != "" {
		what += " and fires at " + target
	}
	rep.add(actor.Side, actor.ID, RuleDiscretion, "%s %s; it needs new orders (or Continue) to do anything new", actor.ID, what)
	return nil
}

func keys(all []string, in map[string]bool) []string {
	var out []string
	for _, u := range all {
		if in[u] {
			out = append(out, u)
		}
	}
	return out
}

// split breaks units off d as a new detachment, with no orders of its own (its Continue
// resumes d's). The part stands just behind d, which re-forms round its point (placeApart:
// through the frontage gate). The other side has not seen the new detachment (the referee
// reveals it if it is seen), and sees d as it was seen, its units with it.
func (g *Game) split(d *Detachment, units []string, id, rule string, rep *Report) (*Detachment, error) {
	if id == "" || g.Det(id) != nil || g.units[id] != nil || g.Formations[id] != nil || g.gone(id) >= 0 {
		return nil, refuse(RuleDetachment, "the new detachment needs a name not already used (%q)", id)
	}
	for _, w := range strings.FieldsFunc(id, func(r rune) bool { return r == '/' || r == '.' }) {
		if g.units[w] != nil && g.sideOf(w) == d.Side {
			// the other side, which may come to see the new detachment, knows units by type
			// alone (the enemy's units are not asked of: a refusal would tell they exist)
			return nil, refuse(RuleDetachment, "the new detachment's name %q names the unit %s: name it without a unit's id", id, w)
		}
	}
	for _, u := range units {
		if !slices.Contains(d.Units, u) {
			return nil, refuse(RuleDetachment, "%s is not in %s", u, d.ID)
		}
	}
	keep, gone := g.partition(d, units) // passengers go with their vehicle
	if len(keep) == 0 {
		return nil, refuse(RuleDetachment, "breaking off every unit leaves no detachment: act with %s whole", d.ID)
	}
	var before lineup
	g.lineUp(d, d.InColumn, &before)
	nd := &Detachment{ID: id, Side: d.Side, Units: gone, Kind: d.Kind, Pos: d.Pos, Facing: d.Facing,
		Form: d.Form, Offsets: offsetsOf(d, gone), InColumn: d.InColumn,
		Previous: d.Order, PrevPath: d.remaining(), MovedTurn: d.MovedTurn, Plan: d.Plan,
		Track: append([]Point(nil), d.Track...), Fired: append([]Fire(nil), d.Fired...), ReserveEnded: d.ReserveEnded}
	if d.Order == nil || d.Order.Kind != Written {
		nd.Previous, nd.PrevPath = d.Previous, append([]Point(nil), d.PrevPath...)
	}
	d.Units, d.Offsets = keep, offsetsOf(d, keep)
	g.addDet(nd)
	ic := g.DetachmentInitiative(nd)
	rep.add(d.Side, d.ID, rule, "%s breaks off %s as detachment %s (Initiative %s)", d.ID, names(gone), id, ic)
	if err := g.placeApart(d, nd, &before, d.Pos, d.Facing, true, false, "the part "+id+" breaking off", rep); err != nil {
		return nil, err
	}
	return nd, nil
}

// nearestCover is the nearest point in cover that a straight move from p reaches without
// coming nearer any of the firers; p itself when it is in cover.
func (g *Game) nearestCover(p Point, firers []Point) (Point, bool) {
	if g.Table.At(p).Cover {
		return p, true
	}
	best, found := Point{}, false
	for _, f := range g.Table.Features {
		if !(f.Cover || f.HasGround && (f.Ground == Woods || f.Ground == BuiltUp)) {
			continue
		}
		n := len(f.Area)
		for i := 0; i < n; i++ {
			a, b := f.Area[i], f.Area[(i+1)%n]
			lo, hi := 0.0, 1.0
			for _, fp := range firers {
				away := p.sub(fp)
				if away.dot(away) == 0 {
					continue
				}
				// keep (x - p)·away >= 0 along x = a + t(b - a)
				c0, c1 := a.sub(p).dot(away), b.sub(a).dot(away)
				if math.Abs(c1) < 1e-15 {
					if c0 < 0 {
						lo, hi = 1, 0
					}
					continue
				}
				t := -c0 / c1
				if c1 > 0 {
					lo = math.Max(lo, t)
				} else {
					hi = math.Min(hi, t)
				}
			}
			if lo > hi {
				continue
			}
			q := nearestOnSegment(p, lerp(a, b, lo), lerp(a, b, hi))
			if !g.Table.At(q).Cover {
				continue // a later feature covers this edge with open ground
			}
			if !found || q.Dist(p) < best.Dist(p) {
				best, found = q, true
			}
		}
	}
	return best, found
}

// adjust makes a free minor adjustment: up to 10% of the movement allowance, vehicles only,
// no moving-firer penalty [Pivot and minor adjustments]. It pivots to face along it and then
// goes, its bases through the frontage gate both times (rules-notes 3.6): what it can see in
// the way refuses it; an enemy it has not seen stops it where its bases meet it.
func (g *Game) adjust(d *Detachment, to Point, rep *Report) error {
	allow := math.Inf(1)
	for _, u := range g.movers(d) {
		if !u.IsVehicle() {
			return refuse(RulePivot, "only vehicles make free minor adjustments; %s is %s", u.ID, u.Type)
		}
		allow = math.Min(allow, speedMetres(u.CrossMPH))
	}
	if math.IsInf(allow, 1) {
		return refuse(RulePivot, "%s has no vehicle able to move", d.ID)
	}
	if !g.onTable(to) {
		return refuse(RulePivot, "%v is off the table", to)
	}
	if d.AdjustTurn != g.Turn {
		d.AdjustTurn, d.Adjusted = g.Turn, 0
	}
	limit := AdjustShare*allow - d.Adjusted
	dist := d.Pos.Dist(to)
	if dist > limit+1e-6 {
		return refuse(RulePivot, "%v is %s away; free adjustments add up to at most 10%% of %s = %s a turn (%s used)",
			to, trimInches(dist), trimInches(allow), trimInches(AdjustShare*allow), trimInches(d.Adjusted))
	}
	var stop *obstacle
	if dist > 0 {
		// it pivots to face along it (its outer bases sweeping their arc), then goes: both
		// through the frontage gate
		what := "adjust " + d.ID + " " + to.String()
		var l lineup
		g.lineUp(d, d.InColumn, &l)
		mo := still(&l, d.Pos, d.Facing)
		mo.turn = turnBy(d.Facing, bearing(d.Pos, to))
		t, hit, err := g.gate(d, &mo, false, what)
		if err != nil {
			return err
		}
		if hit != nil {
			d.Facing = turned(d.Facing, mo.turn*t)
			g.stopsAt(d, hit, "pivoting to adjust, facing "+trim(d.Facing)+"°", rep)
			return nil
		}
		mo = still(&l, d.Pos, bearing(d.Pos, to))
		mo.to = to
		if t, hit, err = g.gate(d, &mo, false, what); err != nil {
			return err
		}
		if hit != nil {
			stop, to = hit, lerp(d.Pos, to, t)
		}
		d.Facing = mo.f0
	}
	dist = d.Pos.Dist(to)
	rest := d.remaining()
	d.Adjusted += dist
	d.Pos = to
	d.Track = append(d.Track, to)
	if d.Order != nil && len(rest) > 0 {
		d.Route, d.Along, d.Plan.Events = append(Polyline{to}, rest...), 0, 0
		if d.Plan.Turn == g.Turn {
			d.Plan.Cap = d.Route.Length() // a move already begun goes on from here
		}
	}
	rep.add(d.Side, d.ID, RulePivot, "%s adjusts %s to %v: within 10%% of %s, no moving-firer penalty", d.ID, trimInches(dist), to, trimInches(allow))
	if stop != nil {
		g.stopsAt(d, stop, "adjusting", rep)
	}
	return nil
}

// unitStep is mount, dismount and tow.
func (g *Game) unitStep(a Action, rep *Report) error {
	u := g.units[a.Det]
	if u == nil {
		return refuse(RuleMount, "there is no unit %s", a.Det)
	}
	d := g.DetOf(u.ID)
	if d == nil {
		return refuse(RuleMount, "%s is in no detachment", u.ID)
	}
	if g.UnderWay() {
		return refuse(RuleMount, "mounting, dismounting and towing are set before the Movement Phase: the units must be stationary the whole turn")
	}
	switch a.Verb {
	case "mount":
		if a.Other == "" {
			if u.Type != Cavalry && u.Type != Motorcycle {
				return refuse(RuleMount, "%s is %s: name what it boards (mount %s on V)", u.ID, u.Type, u.ID)
			}
			if u.Mounted {
				return refuse(RuleMount, "%s is already mounted", u.ID)
			}
			u.Mounted = true
			rep.add(d.Side, d.ID, RuleMount, "%s mounts; cavalry and motorcycle troops may move normally this turn", u.ID)
			return nil
		}
		v := g.units[a.Other]
		if v == nil || g.DetOf(v.ID) != d {
			return refuse(RuleMount, "%s is not a vehicle of %s", a.Other, d.ID)
		}
		if !footInfantry(u) || u.Type != Infantry {
			return refuse(RuleMount, "only infantry stands board a carrier; %s is %s", u.ID, u.Type)
		}
		if u.In != "" {
			return refuse(RuleMount, "%s is already aboard %s", u.ID, u.In)
		}
		if v.Carries == 0 {
			return refuse(RuleMount, "%s carries no infantry", v.ID)
		}
		n := 0
		for _, x := range g.Units {
			if x.In == v.ID {
				n++
			}
		}
		if n >= v.Carries {
			return refuse(RuleMount, "%s is full (%d stand(s))", v.ID, v.Carries)
		}
		if v.Mired {
			return refuse(RuleMount, "%s is mired", v.ID)
		}
		was := g.centres(d)
		u.In = v.ID
		if hit, err := g.settle(d, was, "mount "+u.ID+" on "+v.ID, d); err != nil || hit != nil {
			if err != nil {
				return err
			}
			u.In = "" // stopped where it starts: it stays on foot
			g.stopsAt(d, hit, u.ID+" boarding "+v.ID+", the rest closing up", rep)
			return nil
		}
		u.BusyTurn, v.BusyTurn = g.Turn, g.Turn
		rep.add(d.Side, d.ID, RuleMount, "%s boards %s: both stay stationary this turn", u.ID, v.ID)
	case "dismount":
		if u.Type == Cavalry || u.Type == Motorcycle {
			if !u.Mounted {
				return refuse(RuleMount, "%s is not mounted", u.ID)
			}
			u.Mounted = false
			rep.add(d.Side, d.ID, RuleMount, "%s dismounts and fights on foot; it may move normally this turn", u.ID)
			return nil
		}
		if u.In == "" {
			return refuse(RuleMount, "%s is not aboard anything", u.ID)
		}
		v := g.units[u.In]
		was, offs := g.centres(d), d.Offsets
		if v != nil {
			was[u] = was[v] // it steps out of its carrier
		}
		g.standBeside(d, u, v)
		u.In = ""
		if hit, err := g.settle(d, was, "dismount "+u.ID, d); err != nil || hit != nil {
			if err != nil {
				return err
			}
			u.In, d.Offsets = v.ID, offs // stopped where it starts: it stays aboard
			g.stopsAt(d, hit, u.ID+" dismounting", rep)
			return nil
		}
		u.BusyTurn = g.Turn
		if v != nil {
			v.BusyTurn = g.Turn
		}
		rep.add(d.Side, d.ID, RuleMount, "%s dismounts beside %s: neither moves this turn", u.ID, v.ID)
	case "tow":
		t := g.units[a.Other]
		if t == nil || !t.IsVehicle() {
			return refuse(RuleTow, "%s is not a vehicle", a.Other)
		}
		if !u.IsVehicle() || !u.Mired {
			return refuse(RuleTow, "%s is not a mired vehicle", u.ID)
		}
		if t.Mired {
			return refuse(RuleTow, "%s is mired itself; only an unmired vehicle tows", t.ID)
		}
		if u.TowedBy != "" {
			return refuse(RuleTow, "%s is already being towed by %s", u.ID, u.TowedBy)
		}
		td := g.DetOf(t.ID)
		if td == nil || td.Side != d.Side {
			return refuse(RuleTow, "%s is not a vehicle of %s's side", t.ID, u.ID)
		}
		if td.Pos.Dist(d.Pos) > RejoinRange+eps {
			return refuse(RuleTow, "%s is %s from %s; it must be beside it to tow", t.ID, trimInches(td.Pos.Dist(d.Pos)), u.ID)
		}
		for _, x := range []*Detachment{d, td} {
			for _, f := range x.Fired {
				if f.Turn == g.Turn {
					return refuse(RuleTow, "%s is under fire; a tow needs both vehicles out of fire", x.ID)
				}
			}
		}
		u.TowedBy, u.TowStart = t.ID, g.Turn
		u.BusyTurn, t.BusyTurn = g.Turn+TowTurns-1, g.Turn+TowTurns-1
		rep.add(d.Side, d.ID, RuleTow, "%s starts towing %s out: two turns unmoving and not under fire, freed on the third (turn %d)", t.ID, u.ID, g.Turn+TowTurns-1)
	}
	return nil
}

// Slot is a detachment's place in the Movement Phase.
type Slot struct {
	Band string
	Det  *Detachment
}

// Bands of the Movement Phase, in order (rules-notes 3.2).
const (
	BandForced        = "forced"
	BandDiscretionary = "discretionary"
	BandLow           = "Low"
	BandMedium        = "Medium"
	BandHigh          = "High"
)

func (g *Game) band(d *Detachment) string {
	switch {
	case d.Order != nil && d.Order.Kind == Forced:
		return BandForced
	case d.Act != nil:
		return BandDiscretionary
	}
	return g.Initiative(d).String()
}

// MovementOrder is the order detachments move in this turn [rules-notes 3.2]: forced moves,
// discretionary actions, then Low, Medium and High Initiative. Within a band the sides
// alternate, starting with the side that moved second last turn; each side's detachments go
// in the order they were listed.
func (g *Game) MovementOrder() []Slot {
	sides := g.sidesFrom(g.First)
	bands := make([]string, len(g.Dets)) // each detachment's band, worked out once
	for i, d := range g.Dets {
		bands[i] = g.band(d)
	}
	out := make([]Slot, 0, len(g.Dets))
	next := make([]int, len(sides)) // each side's next detachment to look at in the band
	for _, band := range []string{BandForced, BandDiscretionary, BandLow, BandMedium, BandHigh} {
		clear(next)
		for more := true; more; {
			more = false
			for i, s := range sides {
				j := next[i]
				for j < len(g.Dets) && (g.Dets[j].Side != s || bands[j] != band) {
					j++
				}
				if j < len(g.Dets) {
					out = append(out, Slot{band, g.Dets[j]})
					j++
					more = true
				}
				next[i] = j
			}
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// movement plays part K of N of the Movement Phase. The referee may split the phase into
// halves or quarters for some detachments (or all); each part runs the whole order, and a
// detachment not split makes its whole move in the first part it moves in [rules-notes 3.2].
// A step naming a band plays the part only up to that band and pauses (bands.go); the next
// step plays on from the band after it.
func (g *Game) movement(a Action, r *recorder, rep *Report) error {
	from, to, err := g.phaseSpan(a)
	if err != nil {
		return err
	}
	if g.Parts == 0 {
		g.Split = nil
		if len(a.Dets) > 0 {
			g.Split = map[string]bool{}
			for _, id := range a.Dets {
				if g.Det(id) == nil {
					return refuse(RuleSplit, "there is no detachment %s", id)
				}
				g.Split[id] = true
			}
		}
		g.Parts = a.N
		rep.Events = slices.Grow(rep.Events, 2*len(g.Dets)+2) // orders received and moves made, mostly
		rep.event("", "", RuleOrder, "turn "+strconv.Itoa(g.Turn)+": Movement Phase"+partsText(a.N)+"; "+g.First+" moves first in each band")
		g.deliver(rep)
	}
	share := 1 / float64(a.N)
	slots := inBands(g.MovementOrder(), from, to)
	rep.Order = slotNames(rep.Order, slots)
	gr := g.Table.ground()
	for _, sl := range slots {
		d := sl.Det
		if g.Det(d.ID) != d || d.Plan.Turn == g.Turn && d.Plan.Part >= a.K {
			continue // merged on the way, or it has had its move in this part
		}
		part := share
		if a.N > 1 && g.Split != nil && !g.Split[d.ID] {
			if d.Plan.Turn == g.Turn && d.Plan.Went {
				continue // not split: it made its whole move in an earlier part
			}
			part = float64(a.N-a.K+1) * share // the rest of the turn, in one move
		}
		if sl.Band == BandDiscretionary && d.Act != nil && !d.Act.Cover {
			if d.Plan.Turn != g.Turn {
				d.Plan = Plan{Turn: g.Turn, Stopped: true, Events: d.Plan.Events}
				d.Moved = 0
			}
			d.Plan.Part = a.K
			continue
		}
		if err := g.moveDet(d, gr, sl.Band, part, r, rep); err != nil {
			return err
		}
		d.Plan.Part = a.K
	}
	if to == len(PhaseBands)-1 && a.K == a.N {
		// Phase 3 (rules-notes 3.4) closes the phase, once every band of its last part has
		// moved.
		if err := g.reservePhase(gr, r, rep); err != nil {
			return err
		}
	}
	g.endBands(a, to, rep)
	return nil
}

// slotNames appends to names each slot as "band: id", the names written into one string.
func slotNames(names []string, slots []Slot) []string {
	n := 0
	for _, sl := range slots {
		n += len(sl.Band) + 2 + len(sl.Det.ID)
	}
	var b strings.Builder
	b.Grow(n)
	for _, sl := range slots {
		b.WriteString(sl.Band)
		b.WriteString(": ")
		b.WriteString(sl.Det.ID)
	}
	all, at := b.String(), 0
	names = slices.Grow(names, len(slots))
	for _, sl := range slots {
		l := len(sl.Band) + 2 + len(sl.Det.ID)
		names = append(names, all[at:at+l])
		at += l
	}
	return names
}

func partsText(n int) string {
	switch n {
	case 2:
		return " in halves"
	case 4:
		return " in quarters"
	}
	return ""
}

// endPhase closes the turn's Movement Phase: tows complete, forced and discretionary moves
// end, and the turn passes (the side that moved second goes first next turn).
func (g *Game) endPhase(rep *Report) {
	for _, u := range g.Units {
		if u.TowedBy != "" && g.Turn >= u.TowStart+TowTurns-1 {
			rep.add(g.sideOf(u.ID), "", RuleTow, "%s is towed out by %s: freed on the third turn", u.ID, u.TowedBy)
			u.Mired, u.TowedBy, u.TowStart = false, "", 0
		}
	}
	for _, d := range g.Dets {
		if d.Order != nil && (d.Order.Kind == Forced || d.Order.Kind == ToCover) {
			d.Order, d.Route, d.Along = nil, nil, 0
		}
		d.Act = nil
		var keep []Fire
		for _, f := range d.Fired {
			if f.Turn > g.Turn {
				keep = append(keep, f)
			}
		}
		d.Fired = keep
	}
	g.closeObjectives() // the turn's Movement Phase ends: its deadlines are judged
	g.Turn++
	g.Part, g.Parts, g.Split, g.Band = 0, 0, nil, ""
	if s := g.sidesFrom(g.First); len(s) > 1 {
		g.First = s[1]
	}
	rep.event("", "", RuleOrder, "the Movement Phase ends; turn "+strconv.Itoa(g.Turn)+" begins, and "+g.First+" moves first in each band")
}

// Owner is the side whose player may take a step: orders, Continue, a reconnaissance route,
// discretionary actions, pivots and adjustments, mounting and towing belong to the side of
// the detachment (or unit) they name. It is "" for the referee's steps: playing the Movement
// Phase, reporting fire, forced moves, revealing and hiding, splitting and joining. The
// referee may take any step.
func (g *Game) Owner(a Action) string {
	switch a.Verb {
	case "order", "continue", "route", "halt", "cover", "fire", "adjust", "pivot":
		if d := g.Det(a.Det); d != nil {
			return d.Side
		}
	case "mount", "dismount", "tow":
		if d := g.DetOf(a.Det); d != nil {
			return d.Side
		}
	}
	return ""
}
