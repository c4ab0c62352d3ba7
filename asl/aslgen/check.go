package aslgen

import (
	"fmt"
	"strings"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/asl/aslfile"
	"github.com/umpire-referee/umpire/asl/plan"
	"github.com/umpire-referee/umpire/asl/ruleset"
	"github.com/umpire-referee/umpire/rules"
)

// The invariants, by the names their failures give.
const (
	InvMP     = "MP within allotment"
	InvNA     = "no unit in an NA Location"
	InvBridge = "no road rate from below a bridge"
	InvReach  = "reach equals brute force"
)

// Options tune [Invariants].
type Options struct {
	// ReachEvery: every this many steps taken, one vehicle's reach (plan.Reach) is compared with
	// the referee's brute-force enumeration (plan.CheckOptimal); 0 never.
	ReachEvery int
}

// Invariants is the check of what ASL promises after every step of a game played from the
// scenario file data (name is for messages), each failure named:
//
//   - "MP within allotment": no unit has spent more MP (MF) than its printed allotment plus
//     the MP its ESB attempts gained this MPh (D2.1, D2.5), except the Start, Stop and towing
//     MP that stay outside an ALL-MP entry (D2.7, rules-notes 1.2) and a Minimum Move (D2.15);
//     Infantry and
//     Cavalry at most their MF with a leader's bonus, Double Time or Gallop, and the road bonus
//     (A4.12, A4.5, B3.4, E11.52), a wagon in a Column at most its MF and the road bonus;
//   - "no unit in an NA Location": no unit stands where the Terrain Chart says NA for its
//     column (rules-notes 1.2): in a hex it could enter only along a road unless it is on that
//     road, below a bridge in terrain it may not enter, on a foot bridge unless Infantry or
//     Cavalry, or in water not on a bridge;
//   - "no road rate from below a bridge": a unit that stood in the terrain below a bridge pays
//     no road rate and no bridge for its step, and does not come out of it onto a road
//     (rules-notes 1.5 #15: the Location below is apart from the road over it);
//   - "reach equals brute force": every opt.ReachEvery steps taken, one vehicle of the side
//     moving with 12 MP left or fewer (each in turn), with every other unit and group where it
//     stands, reaches what plan.Reach says it reaches, for the MP and at the risk it says
//     (plan.CheckOptimal); one check in three, of a vehicle with 6 MP left or fewer, lets it
//     attempt ESB too.
//
// The check keeps what it needs of the game before each step (the units, the MP its ESB
// attempts gained), so a Check serves one game, from its set-up.
func Invariants(name string, data []byte, opt Options) (func(g rules.Game, rep *rules.Report) error, error) {
	_, sc, err := rules.Load(name, data)
	if err != nil {
		return nil, err
	}
	start, ok := sc.Setup().(*ruleset.Game)
	if !ok {
		return nil, fmt.Errorf("%s is not an ASL scenario", name)
	}
	c := &checker{prev: start.G.Clone(), opt: opt}
	c.reset(len(start.G.Units))
	return c.check, nil
}

type checker struct {
	prev   *asl.Game
	opt    Options
	gained []asl.MP // MP each unit's ESB attempts added this MPh
	taken  int
}

func (c *checker) reset(n int) {
	c.gained = make([]asl.MP, n)
}

func (c *checker) check(g rules.Game, rep *rules.Report) error {
	st := g.(*ruleset.Game).G
	if rep.Refusal != nil {
		return nil // the harness holds a refusal to changing nothing
	}
	c.taken++
	l, _ := c.prev.ParseLine(rep.Action)
	if l.Kind == asl.LineMPh {
		c.reset(len(st.Units))
	}
	c.countESB(st, &l)
	for i := range st.Units {
		u := &st.Units[i]
		if was := &c.prev.Units[i]; u.Spent < was.Spent || was.ESBUsed && !u.ESBUsed { // a new MPh began (aph SIDE: the next Player Turn)
			c.gained[i] = 0
		}
		if err := c.mp(st, i); err != nil {
			return err
		}
		if why := NALocation(st, u); why != "" {
			return fmt.Errorf("%s: %s", InvNA, why)
		}
		if err := c.fromBelow(st, rep, i); err != nil {
			return err
		}
	}
	if c.opt.ReachEvery > 0 && c.taken%c.opt.ReachEvery == 0 {
		if err := c.reach(st); err != nil {
			return err
		}
	}
	c.prev = st.Clone()
	return nil
}

// countESB adds what an accepted ESB step (alone, or a member's in an Impulse) gained.
func (c *checker) countESB(st *asl.Game, l *asl.Line) {
	add := func(a *asl.Action) {
		if a.Verb == asl.VerbESB && a.Unit >= 0 && a.Unit < len(c.gained) {
			c.gained[a.Unit] += a.N
		}
	}
	switch l.Kind {
	case asl.LineUnit:
		add(&l.Action)
	case asl.LineImpulse:
		for k := range l.Acts {
			add(&l.Acts[k])
		}
		if l.Every {
			if gi, ok := c.prev.Group(l.GroupID); ok {
				for _, m := range c.prev.Groups[gi].Members {
					a := l.EveryAct
					a.Unit = m
					add(&a)
				}
			}
		}
	}
}

// limit is the most MP (MF) unit u may have spent, whatever it did, before the exceptions.
func (c *checker) limit(st *asl.Game, i int) asl.MP {
	u := &st.Units[i]
	own := u.V.Allotment() + c.gained[i]
	road := asl.Whole(asl.RoadBonusMF)
	switch u.V.Class {
	case asl.Infantry:
		return own + asl.Whole(asl.LeaderBonusMF+asl.DoubleTimeMF) + road
	case asl.Cavalry:
		return max(own, asl.Whole(asl.GallopMF)) + road
	case asl.Wagon:
		if u.Column != 0 {
			return own + road
		}
	}
	return own
}

// mp checks "MP within allotment" for unit i.
func (c *checker) mp(st *asl.Game, i int) error {
	u := &st.Units[i]
	lim := c.limit(st, i)
	if u.AllUsed {
		// D2.7: an ALL-MP entry takes the whole allotment; Start, Stop and towing MP (a
		// Convoy's vehicle pays as if towing, E11.2) stay outside it (rules-notes 1.2).
		lim += u.StartStop
		if u.V.Towing || u.Convoy != 0 {
			lim += asl.TowingExtra
		}
	}
	if u.Spent > lim && !u.MinimumMove {
		return fmt.Errorf("%s: %s has spent %s MP of %s (allotment %s, ESB gained %s, ALL MP used %v)", InvMP, u.ID, u.Spent, lim, u.V.Allotment(), c.gained[i], u.AllUsed)
	}
	if u.Spent < 0 || u.StartStop < 0 || u.StartStop > u.Spent {
		return fmt.Errorf("%s: %s has spent %s MP, %s of them Start/Stop MP", InvMP, u.ID, u.Spent, u.StartStop)
	}
	return nil
}

// NALocation says why unit u stands in a Location it may not be in (the Terrain Chart's NA
// for its column, rules-notes 1.2), or "": a hex whose terrain is NA for it unless it is on
// the hex's road (set up there, or entered along it: D2.1) or on its bridge; below a bridge
// in such terrain; on a foot bridge unless Infantry or Cavalry; in water anywhere but on a
// bridge. An amphibian may be in marsh (B16.42); a unit in Bypass is judged by the hexside it
// straddles, not here.
func NALocation(st *asl.Game, u *asl.Unit) string {
	if u.Pos.Offboard || u.Exited || u.Destroyed || u.Pos.Bypass {
		return ""
	}
	lay := st.Map.Layout
	d := st.Map.At(u.Pos.Hex)
	col := u.V.Column()
	if d.Bridge != asl.NoBridge && !u.Pos.Below {
		if asl.BridgeChart[d.Bridge].Foot && col > asl.ColHD {
			return fmt.Sprintf("%s (%s) is on the foot bridge of %s", u.ID, u.V.Class, lay.Name(u.Pos.Hex))
		}
		return ""
	}
	t := st.Map.TerrainOf(d.Terrain)
	row := &asl.TerrainChart[t]
	switch {
	case row.Cost[col].Kind != asl.NA:
		return ""
	case t == asl.Marsh && u.V.Amphibious && col >= asl.ColMC:
		return ""
	case !u.Pos.Below && t != asl.Water && u.Pos.OnRoad && st.Map.HasRoad(u.Pos.Hex):
		return ""
	}
	where := "in"
	if u.Pos.Below {
		where = "below the bridge in"
	}
	return fmt.Sprintf("%s (%s, %s column) is %s %s (%s: NA)", u.ID, u.V.Class, col, where, lay.Name(u.Pos.Hex), row.Name)
}

// fromBelow checks "no road rate from below a bridge" for unit i, if it stood below a bridge
// before the step: what the step charged it names no road and no bridge, and if it left the
// hex it is not on a road.
func (c *checker) fromBelow(st *asl.Game, rep *rules.Report, i int) error {
	was, u := &c.prev.Units[i], &st.Units[i]
	if !was.Pos.Below || was.Pos.Offboard {
		return nil
	}
	lay := st.Map.Layout
	for _, b := range breakdowns(rep, u.ID) {
		for _, l := range labels(b) {
			if strings.Contains(l, "road") || strings.Contains(l, "bridge") {
				return fmt.Errorf("%s: %s stood below the bridge of %s and paid %q (%s)", InvBridge, u.ID, lay.Name(was.Pos.Hex), l, b)
			}
		}
	}
	if u.Pos.Hex != was.Pos.Hex && !u.Pos.Offboard && u.Pos.OnRoad {
		return fmt.Errorf("%s: %s came out from below the bridge of %s onto the road of %s", InvBridge, u.ID, lay.Name(was.Pos.Hex), lay.Name(u.Pos.Hex))
	}
	return nil
}

// breakdowns are the cost breakdowns a report gives unit id: its own step's, or its part of an
// Impulse.
func breakdowns(rep *rules.Report, id string) []string {
	s, ok := rep.Detail.(*ruleset.Step)
	if !ok {
		return nil
	}
	so := (*aslfile.StepOut)(s)
	var out []string
	if so.Unit == id {
		out = append(out, so.Breakdown)
	}
	for _, m := range so.Members {
		if m.Unit == id {
			out = append(out, m.Breakdown)
		}
	}
	return out
}

// labels are the bracketed labels of a cost breakdown: "1 [road] +1 [wreck]" gives road, wreck.
func labels(b string) []string {
	var out []string
	for {
		i := strings.Index(b, "[")
		if i < 0 {
			return out
		}
		j := strings.Index(b[i:], "]")
		if j < 0 {
			return out
		}
		out = append(out, b[i+1:i+j])
		b = b[i+j+1:]
	}
}

// reach compares one vehicle's reach with brute force: the vehicles of the side moving that
// may still move and have 12 MP left or fewer, each in turn as the checks come.
func (c *checker) reach(st *asl.Game) error {
	var vs []int
	for i := range st.Units {
		u := &st.Units[i]
		// Brute force grows fast with the MP left: vehicles with 12 or fewer (most get there).
		if u.Side == st.Phasing && u.V.Class < asl.Infantry && !u.Destroyed && !u.Ended && !u.Pos.Offboard && u.Immobile == asl.Mobile && u.Remaining() <= asl.Whole(12) {
			vs = append(vs, i)
		}
	}
	if len(vs) == 0 || st.Phase != asl.PhaseMPh {
		return nil
	}
	k := c.taken / c.opt.ReachEvery
	i := vs[k%len(vs)]
	// Now and then with ESB attempts (D2.5) among the steps, when few MP are left (brute force
	// with ESB is slow on a whole allotment).
	esb := k%3 == 2 && st.Units[i].Remaining() <= asl.Whole(6)
	if err := plan.CheckOptimal(st.Clone(), i, esb); err != nil && err != plan.ErrNotMoving {
		return fmt.Errorf("%s: %s in %s: %v", InvReach, st.Units[i].ID, st.Map.Layout.Name(st.Units[i].Pos.Hex), err)
	}
	return nil
}
