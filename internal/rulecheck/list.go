package rulecheck

import (
	"strings"
	"testing"
)

// entry is a rule list's entry as each core declares it (its own Rule type: an id and a title).
type entry = struct{ ID, Title string }

// IDs is the set of ids a rule list holds.
func IDs[R ~struct{ ID, Title string }](list []R) map[string]bool {
	out := make(map[string]bool, len(list))
	for _, r := range list {
		out[entry(r).ID] = true
	}
	return out
}

// CheckList holds a ruleset's rule list to the spec: no id listed twice, every title written,
// and every id in the spec (missing says why one is not, "" when it is) unless notInSpec
// exempts it with its reason; an exemption for an id the spec has, or for one not listed, is
// an error too, so the exemptions stay as few as they must be.
func CheckList[R ~struct{ ID, Title string }](t testing.TB, list []R, notInSpec map[string]string, missing func(id string) string) {
	t.Helper()
	listed := map[string]bool{}
	for _, x := range list {
		r := entry(x)
		if listed[r.ID] {
			t.Errorf("%s is listed twice", r.ID)
		}
		listed[r.ID] = true
		if strings.TrimSpace(r.Title) == "" {
			t.Errorf("%s has no title", r.ID)
		}
		why, special := notInSpec[r.ID]
		not := missing(r.ID)
		switch {
		case not == "" && special:
			t.Errorf("%s is in the spec: it needs no exemption (%s)", r.ID, why)
		case not != "" && !special:
			t.Errorf("%s (%s): %s", r.ID, r.Title, not)
		}
	}
	for id := range notInSpec {
		if !listed[id] {
			t.Errorf("%s is exempted but not listed: drop its exemption", id)
		}
	}
}
