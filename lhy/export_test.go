package lhy

// For the tests of package lhy_test (which load scenario files through lhyfile).
var (
	OddsByEnumeration = (*Game).oddsByEnumeration
	OddsDiff          = oddsDiff
)
