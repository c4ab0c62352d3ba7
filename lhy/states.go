package lhy

// The states the odds merge (odds.go): games compared whole, and sequences of facts.

// gameSet numbers distinct games: two games get the same number when sameState holds.
type gameSet struct {
	games  []*Game
	byHash map[uint64][]int32
}

func (s *gameSet) init() { s.byHash = make(map[uint64][]int32, 64) }

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
		mix(uint64(uint8(u.Steps)) | uint64(uint16(u.At.X))<<8 | uint64(uint16(u.At.Y))<<24 |
			b2u(u.Eliminated)<<40 | b2u(u.Disrupted)<<41 | b2u(u.Concealed)<<42 | b2u(u.Shocked)<<43 |
			b2u(u.Regrouping)<<44 | b2u(u.Heroic)<<45 | b2u(u.Motion)<<46 | b2u(u.Rider != "")<<47)
	}
	mix(uint64(len(g.IPs))<<32 | uint64(len(g.Assaults)))
	if g.After != nil {
		mix(uint64(g.After.Loser)<<16 | uint64(g.After.VDA)<<8 | uint64(g.After.VDAMade)<<12 | uint64(g.After.Advance) | uint64(len(g.After.Retreat))<<24)
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
// (TestSameStateCoversGame, in states_test.go, keeps it in step with the Game type's fields.)
func sameState(a, b *Game) bool {
	if a.Map != b.Map || a.Date != b.Date || a.Night != b.Night || a.Turn != b.Turn || a.Readings != b.Readings ||
		len(a.Units) != len(b.Units) || len(a.Assaults) != len(b.Assaults) || !sameInts(a.IPs, b.IPs) ||
		!sameObjectives(a.Objectives, b.Objectives) {
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
		x.RetreatMin != y.RetreatMin || x.RetreatMax != y.RetreatMax || x.VDA != y.VDA || x.VDAMade != y.VDAMade || x.Advance != y.Advance ||
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

// factSeqs numbers facts, and sequences of facts as a tree: each sequence is its parent and
// its last fact; 0 is the empty sequence. A sequence's children are listed from it (a step's
// sequences branch a few ways at each fact, so a list is quicker than a map).
type factSeqs struct {
	nodes   []factEdge
	names   []string // the facts, by number
	numbers map[string]int32
}

type factEdge struct {
	parent, fact int32
	child, next  int32 // the first sequence that extends this one, and the next that extends its parent (0: none)
}

func (f *factSeqs) init() {
	f.numbers = make(map[string]int32, 64)
	f.nodes = append(make([]factEdge, 0, 256), factEdge{parent: -1})
}

// count is the number of facts numbered.
func (f *factSeqs) count() int { return len(f.names) }

// extend is the number of sequence id followed by facts.
func (f *factSeqs) extend(id int32, facts []string) int32 {
	for _, k := range facts {
		id = f.add(id, k)
	}
	return id
}

// add is the number of sequence id followed by fact k.
func (f *factSeqs) add(id int32, k string) int32 {
	n, ok := f.numbers[k]
	if !ok {
		n = int32(len(f.names))
		f.names = append(f.names, k)
		f.numbers[k] = n
	}
	return f.push(id, n)
}

// push is the number of sequence id followed by the fact numbered n.
func (f *factSeqs) push(id, n int32) int32 {
	for c := f.nodes[id].child; c != 0; c = f.nodes[c].next {
		if f.nodes[c].fact == n {
			return c
		}
	}
	c := int32(len(f.nodes))
	f.nodes = append(f.nodes, factEdge{parent: id, fact: n, next: f.nodes[id].child})
	f.nodes[id].child = c
	return c
}

// concat is the number of sequence a followed by sequence b.
func (f *factSeqs) concat(a, b int32) int32 {
	if b == 0 {
		return a
	}
	var buf [32]int32
	facts := buf[:0]
	for ; b > 0; b = f.nodes[b].parent {
		facts = append(facts, f.nodes[b].fact)
	}
	for i := len(facts) - 1; i >= 0; i-- {
		a = f.push(a, facts[i])
	}
	return a
}

// listIn is the facts of sequence id, in order, taken from slab while it has room.
func (f *factSeqs) listIn(slab *[]string, id int32) []string {
	n := 0
	for x := id; x > 0; x = f.nodes[x].parent {
		n++
	}
	if n == 0 {
		return nil
	}
	var out []string
	if slab != nil && cap(*slab)-len(*slab) >= n {
		start := len(*slab)
		*slab = (*slab)[:start+n]
		out = (*slab)[start : start+n : start+n]
	} else {
		out = make([]string, n)
	}
	for ; id > 0; id = f.nodes[id].parent {
		n--
		out[n] = f.names[f.nodes[id].fact]
	}
	return out
}

// sameObjectives reports whether two games' objectives are alike, how they stand included.
func sameObjectives(a, b []Objective) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := &a[i], &b[i]
		if x.Side != y.Side || x.Kind != y.Kind || x.Each != y.Each || x.EachSet != y.EachSet || x.By != y.By ||
			x.verdict != y.verdict ||
			!sameInts(x.Hexes, y.Hexes) || !sameInts(x.Units, y.Units) {
			return false
		}
	}
	return true
}
