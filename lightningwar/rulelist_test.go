package lightningwar

import (
	"regexp"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/internal/rulecheck"
)

// The seed numbers no sections, so a label is checked by its words: each part of it ("Base
// Movement: Road Speed" has two) must be words of the seed or of rules-notes' section 3, and a
// rules-notes section it names ("(rules-notes 3.5)") must exist. A label whose words the spec
// only paraphrases gives here the seed's own words for it.
var seedWords = map[string][]string{
	RuleRecon:   {"Reconnaissance and FO detachments", "general orders"},
	RuleThrough: {"move through each other"},
	RuleMount:   {"mount or dismount"},
	RulePivot:   {"pivot", "minor adjustments"},
	RuleSplit:   {"movement phase", "two halves", "four quarters"},
	RuleTow:     {"Miring", "towed"},
	RuleRun:     {"Base Movement", "running"},
	RuleGallop:  {"Base Movement", "gallop"},
}

// notInSpec are the labels of RuleList that name no rule, each with why it is cited.
var notInSpec = map[string]string{
	RuleNotation: "no rule: a line that cannot be read as a step",
}

// noteRef is a rules-notes section a label names, and the tags after its words.
var (
	noteRef = regexp.MustCompile(`\s*\(rules-notes (\d+(?:\.\d+)*)\)$`)
	tag     = regexp.MustCompile(`\s*(\[default\]|\(outside event\))$`)
)

// inSpec says why label is not vouched for by seed and notes ("" when it is).
func inSpec(label, seed string, notes map[string]string) string {
	lw := seed
	for n, text := range notes {
		if n == "3" || strings.HasPrefix(n, "3.") {
			lw += "\n" + text
		}
	}
	words := seedWords[label]
	if words == nil {
		name := label
		if m := noteRef.FindStringSubmatch(name); m != nil {
			if _, ok := notes[m[1]]; !ok {
				return "it names rules-notes " + m[1] + ", which does not exist"
			}
			name = strings.TrimSpace(name[:len(name)-len(m[0])])
		}
		name = tag.ReplaceAllString(name, "")
		words = strings.Split(name, ": ")
	}
	for _, w := range words {
		if !rulecheck.Contains(lw, w) {
			return "neither the seed nor rules-notes 3 says " + `"` + w + `"`
		}
	}
	return ""
}

// TestRuleListInSpec: every label the list names is words of the Lightning War seed or of
// rules-notes' section 3 (and a rules-notes section it names exists), or one of the few labels
// notInSpec explains; a citation of a rule the spec does not have fails here. It needs the
// shared spec beside the repository and skips without it.
func TestRuleListInSpec(t *testing.T) {
	dir := rulecheck.Dir()
	if dir == "" {
		t.Skip("the shared spec (../shared beside the repository) is absent: the rule list is not checked against the seed")
	}
	seed, err := rulecheck.Read(dir, "seeds/lightning-war-movement-phase.txt")
	if err != nil {
		t.Fatal(err)
	}
	text, err := rulecheck.Read(dir, "rules-notes.md")
	if err != nil {
		t.Fatal(err)
	}
	notes := rulecheck.Notes(text)
	if _, ok := notes["3.6"]; !ok || !rulecheck.Contains(seed, "Vehicle Miring Table") {
		t.Fatalf("the spec was misread: no rules-notes 3.6 among %d sections, or no miring table in the seed", len(notes))
	}
	rulecheck.CheckList(t, RuleList, notInSpec, func(id string) string { return inSpec(id, seed, notes) })
	listed := rulecheck.IDs(RuleList)
	for id := range seedWords {
		if !listed[id] {
			t.Errorf("%s has seed words but is not listed: drop them", id)
		}
	}
}

// TestRuleListHoldsEveryCitedRule: every rule label of the package (a constant named Rule...)
// is in RuleList, whether or not a golden or a random game reaches the line that cites it, and
// no other string of the package or its ruleset names a rules-notes section or a default as a
// label does.
func TestRuleListHoldsEveryCitedRule(t *testing.T) {
	listed := rulecheck.IDs(RuleList)
	consts, err := rulecheck.Consts(".", "Rule")
	if err != nil {
		t.Fatal(err)
	}
	if len(consts) < 20 {
		t.Errorf("only %d Rule constants found: the scan misread the source", len(consts))
	}
	for name, label := range consts {
		if !listed[label] {
			t.Errorf("%s (%q) is not in RuleList", name, label)
		}
	}
	label := regexp.MustCompile(`^[A-Z][A-Za-z :]*( \(rules-notes [0-9.]+\)| \[default\])$`)
	for _, dir := range []string{".", "ruleset", "lwfile"} {
		lits, err := rulecheck.Literals(dir, label.MatchString)
		if err != nil {
			t.Fatal(err)
		}
		for s, at := range lits {
			if !listed[s] {
				t.Errorf("%s/%s: %q reads as a rule label but is not in RuleList", dir, at, s)
			}
		}
	}
}
