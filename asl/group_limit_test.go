package asl

import (
	"strings"
	"testing"
)

// TestAddGroupCapped: a game holding MaxGroups groups forms no more (a unit's group number
// is an int16); below that, AddGroup goes on to the rules.
func TestAddGroupCapped(t *testing.T) {
	g := &Game{Groups: make([]Group, MaxGroups)}
	if err := g.AddGroup("P", KindPlatoon, nil); err == nil || !strings.Contains(err.Error(), "the most umpire keeps") {
		t.Fatalf("at MaxGroups: %v", err)
	}
	g.Groups = g.Groups[:MaxGroups-1]
	if err := g.AddGroup("P", KindPlatoon, []int{0}); err == nil || strings.Contains(err.Error(), "the most umpire keeps") {
		t.Fatalf("below MaxGroups: %v", err)
	}
}
