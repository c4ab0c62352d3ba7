package asl

// What the tests in package asl_test read of the Motion-attempt record (losrecord.go).

// LOSRecordLen is the number of entries in the MPh's LOS record.
func (g *Game) LOSRecordLen() int { return len(g.losLog) }

// LOSRecordSpend is entry k of the record: unit i spent mp MP at spot at (mp 0: a note that
// unit i now stands elsewhere).
func (g *Game) LOSRecordSpend(k int) (i int, mp MP, at Spot) {
	e := &g.losLog[k]
	return int(e.Unit), e.MP, e.Place.At
}

// MotionSpent is motionSpent: MP each unit spent in defender d's LOS this MPh (D2.401).
func (g *Game) MotionSpent(d int) []MP { return g.motionSpent(d) }

// SeenAtStart is seenAtStart: unit i was in defender d's LOS when the MPh began (D2.401).
func (g *Game) SeenAtStart(i, d int) bool { return g.seenAtStart(i, d) }

// MotionTrigger is motionTrigger: the MP and the unit a Motion attempt of d would count.
func (g *Game) MotionTrigger(d, versus int) (MP, int) { return g.motionTrigger(d, versus) }
