package asl

import (
	"regexp"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/internal/rulecheck"
)

// notInSpec are the ids of RuleList the shared spec cannot vouch for, each with why it is
// cited all the same. Keep it small: any other id must be found in the spec.
var notInSpec = map[string]string{
	"TC":       "the Terrain Chart, which the seeds cite by name and rules-notes 1.2 restores",
	"scenario": "no rule: a step names a side, unit or group the scenario file does not define",
	"notation": "no rule: a line that cannot be read as a step",
	"C":        "chapter C (fire) as a whole: an outside attack the referee reports without effect; the seeds refer to chapter C rules (C.8, C5.1) but the referee resolves no fire",
	"A4.1":     "the Infantry MF rule (chapter A, outside the seeds): a Column unit enters one adjacent hex at a time (E11.52)",
	"A4.7":     "the Advance Phase (chapter A, outside the seeds), in which a Column advances (E11.52, E11.532)",
	"A7":       "fire attack results (chapter A, outside the seeds): an outside attack eliminates an Infantry unit",
	"A7.302":   "casualty reduction (chapter A, outside the seeds): an outside attack reduces a unit",
	"A7.8":     "pin (chapter A, outside the seeds): a pinned unit may not move or advance (E11.536)",
	"A10":      "morale (chapter A, outside the seeds): an outside attack breaks a unit (E11.53)",
}

// aslSeeds are the ASL seeds, each with the chapter its bare section numbers belong to.
var aslSeeds = []struct{ file, chapter string }{
	{"seeds/asl-D2-vehicular-movement.txt", "D"},
	{"seeds/asl-D14-radioless-afv-impulse-movement.txt", "D"},
	{"seeds/asl-E11-convoys-columns.txt", "E"},
}

var (
	// seedSection is a section as a seed numbers it, at the start of a line: "2.11 VCA
	// CHANGES:", "14. RADIOLESS AFV".
	seedSection = regexp.MustCompile(`(?m)^(\d+(?:\.\d+)?)\.? `)
	// ruleRef is a rule number in running text: "(A4.2 & A8.1)", "(2.401)", "C5.1", "A6.".
	// A letter glued to another (a hex such as AA6) is none.
	ruleRef = regexp.MustCompile(`(?:^|[^A-Za-z0-9.])([A-H]?)(\d+(?:\.\d+)?)`)
)

// specRules is every rule id the ASL spec vouches for: each seed's sections (with its
// chapter: "2.11" of the D2 seed is D2.11), the rule numbers the seeds refer to (a bare one
// in its seed's chapter), those rules-notes refers to (lettered only: rules-notes has no
// chapter), the sections they belong to (D14.331 is in D14.33, D14.3 and D14), and rules-notes'
// own sections as reports cite them ("rules-notes 1.5").
func specRules(t *testing.T, dir string) map[string]bool {
	t.Helper()
	ids := map[string]bool{}
	add := func(id string) {
		for {
			ids[id] = true
			num, frac, ok := strings.Cut(id, ".")
			if !ok {
				return
			}
			if len(frac) <= 1 {
				id = num
			} else {
				id = num + "." + frac[:len(frac)-1]
			}
		}
	}
	for _, s := range aslSeeds {
		text, err := rulecheck.Read(dir, s.file)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range seedSection.FindAllStringSubmatch(text, -1) {
			add(s.chapter + m[1])
		}
		for _, m := range ruleRef.FindAllStringSubmatch(text, -1) {
			switch {
			case m[1] != "":
				add(m[1] + m[2])
			case strings.Contains(m[2], "."):
				add(s.chapter + m[2])
			}
		}
	}
	notes, err := rulecheck.Read(dir, "rules-notes.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ruleRef.FindAllStringSubmatch(notes, -1) {
		if m[1] != "" {
			add(m[1] + m[2])
		}
	}
	for n := range rulecheck.Notes(notes) {
		ids["rules-notes "+n] = true
	}
	return ids
}

// TestRuleListInSpec: every rule the list names is a section of an ASL seed, a section of
// rules-notes, or a rule one of them refers to, or it is one of the few ids notInSpec
// explains; a citation of a rule that does not exist fails here. It needs the shared spec
// beside the repository and skips without it.
func TestRuleListInSpec(t *testing.T) {
	dir := rulecheck.Dir()
	if dir == "" {
		t.Skip("the shared spec (../shared beside the repository) is absent: the rule list is not checked against the seeds")
	}
	spec := specRules(t, dir)
	if !spec["D2.11"] || !spec["E11.531"] || !spec["D8.2"] || !spec["rules-notes 1.2"] {
		t.Fatalf("the spec was misread: D2.11, E11.531, D8.2 or rules-notes 1.2 missing from %d ids", len(spec))
	}
	rulecheck.CheckList(t, RuleList, notInSpec, func(id string) string {
		if spec[id] {
			return ""
		}
		return "neither a section of the seeds or rules-notes nor a rule they refer to"
	})
}

// aslRuleID is a string that reads as an ASL rule id: a chapter and number ("D2.11", "A10"), a
// chapter alone ("C"), or one of the names RuleList gives that are no rule number.
var aslRuleID = regexp.MustCompile(`^([A-H][0-9]+(\.[0-9]+)?|[A-H]|TC|scenario|notation)$`)

// TestRuleListHoldsEveryCitedRule: every string constant of the ASL packages that reads as a
// rule id (a refusal's, an event's, a cost term's, a roll's) is in RuleList, whether or not a
// golden or a random game reaches the line that cites it.
func TestRuleListHoldsEveryCitedRule(t *testing.T) {
	listed := rulecheck.IDs(RuleList)
	n := 0
	for _, dir := range []string{".", "ruleset", "aslfile", "plan"} {
		lits, err := rulecheck.Literals(dir, aslRuleID.MatchString)
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
	if n < 50 {
		t.Errorf("only %d rule ids found in the source: the scan misread it", n)
	}
}
