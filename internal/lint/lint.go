// Package lint holds checks on the repository's own code that go vet and staticcheck do not
// make: see its tests.
package lint
