package lhy

import (
	"regexp"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/internal/rulecheck"
)

// notInSpec are the ids of RuleList the shared spec cannot vouch for, each with why it is
// cited all the same. Keep it small: any other id must be found in the spec.
var notInSpec = map[string]string{
	"10.3.1": "the Withdrawal: the seed names the Withdraw a Regrouping unit may make (14.3) but not the rule that says how far; public player aids number it 10.3.1",
	"11.4.7": "the mortar impact hex, which a Withdrawal may not enter; the seed names it only for a Retreat (14.3.3)",
	"12.1":   "the Recovery roll: the seed names Recover (14.3, 13.3.5) and rules-notes 2.5 gives its DRM, but the rule is outside the seed",
	"13.1.4": "the platoon leader's -1 to the FFAR, which the seed prints between 13.1.3 and 13.1.5 without its number",
}

// lhyNumber is a rule number as the seed prints it ("14.3.3", "4.3.1.1.e"), with a range after
// it ("13.1.5-6").
var lhyNumber = regexp.MustCompile(`(\d+(?:\.\d+)+)(?:-(\d+))?`)

// specRules is every rule id the LHY spec vouches for: the rule numbers the seed prints, those
// of rules-notes' section 2, the sections they belong to (13.1.3 is in 13.1), and rules-notes'
// own sections as reports cite them ("rules-notes 2.3").
func specRules(t *testing.T, dir string) map[string]bool {
	t.Helper()
	ids := map[string]bool{}
	add := func(id string) {
		for {
			ids[id] = true
			i := strings.LastIndexByte(id, '.')
			if i < 0 {
				return
			}
			id = id[:i]
		}
	}
	numbers := func(text string) {
		for _, m := range lhyNumber.FindAllStringSubmatch(text, -1) {
			n := m[1]
			// The seed's extraction glued a value to the rule after it ("MV≥2" and "13.1.7"
			// read "≥213.1.7"): a section has at most two digits.
			if head, _, _ := strings.Cut(n, "."); len(head) > 2 {
				n = n[len(head)-2:]
			}
			add(n)
			if m[2] != "" { // "13.1.5-6": 13.1.5 and 13.1.6
				add(n[:strings.LastIndexByte(n, '.')+1] + m[2])
			}
		}
	}
	seed, err := rulecheck.Read(dir, "seeds/lhy-assault-fire-player-aid.txt")
	if err != nil {
		t.Fatal(err)
	}
	numbers(seed)
	notes, err := rulecheck.Read(dir, "rules-notes.md")
	if err != nil {
		t.Fatal(err)
	}
	for n, text := range rulecheck.Notes(notes) {
		ids["rules-notes "+n] = true
		if strings.HasPrefix(n, "2.") {
			numbers(text)
		}
	}
	return ids
}

// TestRuleListInSpec: every rule the list names is a rule number the LHY seed or rules-notes'
// section 2 prints, a section they belong to, or a section of rules-notes, or it is one of the
// few ids notInSpec explains; a citation of a rule that does not exist fails here. It needs the
// shared spec beside the repository and skips without it.
func TestRuleListInSpec(t *testing.T) {
	dir := rulecheck.Dir()
	if dir == "" {
		t.Skip("the shared spec (../shared beside the repository) is absent: the rule list is not checked against the seed")
	}
	spec := specRules(t, dir)
	if !spec["14.3.3"] || !spec["13.1.6"] || !spec["13.1.7"] || !spec["rules-notes 2.3"] {
		t.Fatalf("the spec was misread: 14.3.3, 13.1.6, 13.1.7 or rules-notes 2.3 missing from %d ids", len(spec))
	}
	rulecheck.CheckList(t, RuleList, notInSpec, func(id string) string {
		if spec[id] {
			return ""
		}
		return "neither a rule the seed or rules-notes prints nor a section of them"
	})
}

// TestStatesCiteListedRules: the state table's cells cite rules of the list (its refusals
// reach a report only when a unit is barred, which a game may never try).
func TestStatesCiteListedRules(t *testing.T) {
	listed := rulecheck.IDs(RuleList)
	for s, row := range States {
		for v, c := range row {
			if !listed[c.Rule] {
				t.Errorf("States[%d][%d] cites %q, which RuleList lacks", s, v, c.Rule)
			}
		}
	}
}

// lhyRuleID is a string that reads as an LHY rule id: a dotted number ("14.3.3") or a line of
// rules-notes ("rules-notes 2.3").
var lhyRuleID = regexp.MustCompile(`^([0-9]+(\.[0-9]+)+|rules-notes [0-9]+(\.[0-9]+)*)$`)

// TestRuleListHoldsEveryCitedRule: every string constant of the LHY packages that reads as a
// rule id (a refusal's, an event's, a DRM term's, a state cell's, a reading's) is in RuleList,
// whether or not a golden or a random game reaches the line that cites it.
func TestRuleListHoldsEveryCitedRule(t *testing.T) {
	listed := rulecheck.IDs(RuleList)
	n := 0
	for _, dir := range []string{".", "ruleset", "lhyfile"} {
		lits, err := rulecheck.Literals(dir, lhyRuleID.MatchString)
		if err != nil {
			t.Fatal(err)
		}
		for id, at := range lits {
			n++
			if !listed[id] {
				t.Errorf("%s/%s cites %s, which RuleList lacks", dir, at, id)
			}
		}
	}
	if n < 15 {
		t.Errorf("only %d rule ids found in the source: the scan misread it", n)
	}
}
