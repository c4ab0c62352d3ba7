package asl

import "github.com/umpire-referee/umpire/hex"

// Candidates appends to buf the steps unit i might take next in its MPh: Start or Stop, each
// move its VCA allows (forward, Bypass, Reverse, ALL-MP entry where the chart offers it, a
// Minimum Move, leaving the map), each VCA change. It is a move generator, not a judge: some
// of them [Game.Step] will refuse (too dear, a rule against it), and it alone decides. ESB and
// Delay are left to the caller (they do not move the vehicle).
func (g *Game) Candidates(i int, buf []Action) []Action { return g.candidates(i, buf, false) }

// Bypass moves are offered only round terrain that allows VBM at all (vbmTerrain): a planner
// tried a Bypass of every open hex in its way, and the referee refused nine in ten of them.
//
// Elementary appends to buf the steps of Candidates that are not a sequence of others: a VCA
// change of n hexspines is left out for n > 1, since D2.11 prices and checks it as n changes
// of one in a row (the Start MP once, a Bog Check per hexspine where one is due), which
// reach the same place for the same MP at the same risk. A planner that must try every step
// of every State it reaches tries a fifth fewer.
func (g *Game) Elementary(i int, buf []Action) []Action { return g.candidates(i, buf, true) }

func (g *Game) candidates(i int, buf []Action, elementary bool) []Action {
	u := &g.Units[i]
	add := func(a Action) {
		a.Unit, a.Versus = i, -1
		buf = append(buf, a)
	}
	if u.Destroyed || u.Immobile != Mobile || u.Ended {
		return buf
	}
	if u.Pos.Offboard {
		if u.Exited {
			return buf
		}
		// Entering: any board-edge hex behind which it waits (Step checks the edge).
		for x := 0; x < g.Map.Layout.Width(); x++ {
			for y := 0; y < g.Map.Layout.Height(); y++ {
				h := hex.Hex{X: int16(x), Y: int16(y)}
				if g.Map.Contains(h) && g.onEdge(h) {
					add(Action{Verb: VerbEnter, A: h})
				}
			}
		}
		return buf
	}
	if u.Moving || u.Motion {
		add(Action{Verb: VerbStop})
	} else {
		add(Action{Verb: VerbStart})
	}
	var opts [6]moveOption
	for _, o := range u.Pos.forwardOptions(opts[:0]) {
		if o.bypass {
			if g.vbmTerrain(o.to) {
				add(Action{Verb: VerbBypass, A: o.to, B: o.along})
			}
			continue
		}
		if !g.Map.Contains(o.to) {
			continue
		}
		add(Action{Verb: VerbEnter, A: o.to})
		if TerrainChart[g.Map.At(o.to).Terrain].Cost[u.V.Column()].Kind == HalfOrAll {
			add(Action{Verb: VerbEnter, A: o.to, All: true})
		}
		if !u.EnteredHex && !u.VCAChanged && !u.Reversed && !u.Reverse {
			add(Action{Verb: VerbMinimum, A: o.to})
		}
	}
	for _, o := range u.Pos.reverseOptions(opts[:0]) {
		if o.bypass {
			if g.vbmTerrain(o.to) {
				add(Action{Verb: VerbReverseBypass, A: o.to, B: o.along})
			}
		} else if g.Map.Contains(o.to) {
			add(Action{Verb: VerbReverse, A: o.to})
		}
	}
	if u.Pos.Bypass {
		for _, p := range [2]int{-1, 1} {
			if int(u.Pos.Pivot) != p {
				a, b := u.Pos.pivotLine(p)
				add(Action{Verb: VerbVCA, A: a, B: b})
			}
		}
		return buf
	}
	for s := hex.Spine(0); s < 6; s++ {
		if n, _ := u.Pos.Heading.Steps(s); n > 0 && (!elementary || n == 1) {
			a, b := u.Pos.Hex.SpineHexes(s)
			add(Action{Verb: VerbVCA, A: a, B: b})
		}
	}
	if a, b := u.Pos.Hex.SpineHexes(u.Pos.Heading); !g.Map.Contains(a) || !g.Map.Contains(b) {
		add(Action{Verb: VerbExit})
	}
	return buf
}
