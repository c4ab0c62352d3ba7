package lhy

// For the tests of package lhy_test (which load scenario files through lhyfile, and play the
// random games of lhy/lhygen): the oracles of the odds, of one result per unit and of what a unit in each state may do.
var (
	OddsByEnumeration = (*Game).oddsByEnumeration
	OddsDiff          = oddsDiff
	OddsSane          = oddsSane
	ByFacts           = byFacts
	TwoResults        = twoResults
	AssaultClash      = assaultClash
	StateBars         = stateBars
)
