package lhy

// The states the odds merge (odds.go): games compared whole, and sequences of facts.

// gameSet numbers distinct games: two games get the same number when sameState holds.
type gameSet struct {
	games  []*Game
	byHash map[uint64][]int32
}

func (s *gameSet) init() { s.byHash = map[uint64][]int32{} }

func (s *gameSet) at(i int32) *Game { return s.games[i] }

// intern is g's number; fresh says g is new, and then kept: it must not change after.
func (s *gameSet) intern(g *Game) (id int32, fresh bool) {
	h := g.stateHash()
	for _, i := range s.byHash[h] {
		if sameState(s.games[i], g) {
			return i, false
		}
	}
	i := int32(len(s.games))
	s.games = append(s.games, g)
	s.byHash[h] = append(s.byHash[h], i)
	return i, true
}

// stateHash mixes what a step changes most: the units' states and places. Games with the same
// hash are then compared whole (sameState).
func (g *Game) stateHash() uint64 {
	h := uint64(14695981039346656037)
	mix := func(x uint64) { h = (h ^ x) * 1099511628211 }
	for i := range g.Units {
		u := &g.Units[i]
		flags := uint64(0)
		for _, b := range [...]bool{u.Concealed, u.Disrupted, u.Regrouping, u.Heroic, u.Shocked, u.Eliminated,
			u.Motion, u.Passenger, u.Assaulted, u.Advanced, u.SecondAssault, u.Rider != ""} {
			flags = flags<<1 | b2u(b)
		}
		mix(flags<<16 | uint64(uint8(u.Steps))<<8 | uint64(uint8(u.At.X))<<4 ^ uint64(uint8(u.At.Y)))
	}
	mix(uint64(len(g.IPs)))
	mix(uint64(len(g.Assaults)))
	if g.After != nil {
		mix(uint64(g.After.Loser)<<8 | uint64(g.After.VDA)<<4 | uint64(g.After.Advance))
		mix(uint64(len(g.After.Retreat)))
	}
	return h
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// sameState reports whether two games are alike in everything a step reads or changes.
// (TestSameStateCoversGame keeps it in step with the Game type's fields.)
func sameState(a, b *Game) bool {
	if a.Map != b.Map || a.Date != b.Date || a.Night != b.Night || a.Turn != b.Turn ||
		len(a.Units) != len(b.Units) || len(a.Assaults) != len(b.Assaults) || !sameInts(a.IPs, b.IPs) {
		return false
	}
	for i := range a.Units {
		if a.Units[i] != b.Units[i] {
			return false
		}
	}
	for i := range a.Assaults {
		x, y := &a.Assaults[i], &b.Assaults[i]
		if x.Target != y.Target || x.Envelopment != y.Envelopment || !sameInts(x.Attackers, y.Attackers) || !sameInts(x.From, y.From) {
			return false
		}
	}
	return sameAfter(a.After, b.After)
}

func sameAfter(x, y *After) bool {
	if x == nil || y == nil {
		return x == y
	}
	if x.Target != y.Target || x.AttackerSide != y.AttackerSide || x.DefSide != y.DefSide || x.Loser != y.Loser ||
		x.RetreatMin != y.RetreatMin || x.RetreatMax != y.RetreatMax || x.VDA != y.VDA || x.Advance != y.Advance ||
		!sameInts(x.Attackers, y.Attackers) || !sameInts(x.Defenders, y.Defenders) || !sameInts(x.Retreat, y.Retreat) ||
		len(x.Unloaded) != len(y.Unloaded) {
		return false
	}
	for k, v := range x.Unloaded {
		if w, ok := y.Unloaded[k]; !ok || w != v {
			return false
		}
	}
	return true
}

func sameInts[T comparable](a, b []T) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// factSeqs numbers sequences of facts as a tree: each sequence is its parent and its last
// fact; 0 is the empty sequence.
type factSeqs struct {
	ids   map[factEdge]int32
	nodes []factEdge
}

type factEdge struct {
	parent int32
	fact   string
}

func (f *factSeqs) init() {
	f.ids = map[factEdge]int32{}
	f.nodes = []factEdge{{parent: -1}}
}

// extend is the number of sequence id followed by facts.
func (f *factSeqs) extend(id int32, facts []string) int32 {
	for _, k := range facts {
		e := factEdge{id, k}
		n, ok := f.ids[e]
		if !ok {
			n = int32(len(f.nodes))
			f.nodes = append(f.nodes, e)
			f.ids[e] = n
		}
		id = n
	}
	return id
}

// list is the facts of sequence id, in order.
func (f *factSeqs) list(id int32) []string {
	var out []string
	for ; id > 0; id = f.nodes[id].parent {
		out = append(out, f.nodes[id].fact)
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}
