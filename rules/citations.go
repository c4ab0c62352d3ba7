package rules

import (
	"encoding/json"
	"slices"
	"strings"
)

// A citation is a rule id a step names: a report's Rules, its refusal's Rule, and every rule
// its Detail's JSON names (a roll's "rule", a DRM term's "Rule", an error's "rule"). A
// [RuleLister]'s list holds every id its reports may cite; these helpers let a test hold each
// report to it.

// Citations is every rule rep cites, each once: its Rules in their order, its refusal's rule,
// then the rules its Detail's JSON object names under a "rule" or "rules" key
// at any depth (an ASL roll's rule, a Last Hundred Yards DRM term's). The Detail is read
// through the contract (Detail.JSON), as `umpire play --json` prints it. It is for tests: it
// marshals the Detail, which a step's hot path never does.
func Citations(rep *Report) []string {
	var out []string
	for _, r := range rep.Rules {
		out = Cite(out, r)
	}
	if rep.Refusal != nil {
		out = Cite(out, rep.Refusal.Rule)
	}
	if rep.Detail != nil {
		// A Detail that does not marshal cites nothing more; the Rules above still count.
		if b, err := json.Marshal(rep.Detail.JSON(rep)); err == nil {
			cited, _ := JSONCitations(b)
			for _, r := range cited {
				out = Cite(out, r)
			}
		}
	}
	return out
}

// JSONCitations is every rule a step's JSON object (a line of `umpire play --json`) names:
// the strings under a key "rule" or "rules" (any case) at any depth, each once, in a fixed
// order (an object's keys sorted). An error is JSON that does not parse.
func JSONCitations(b []byte) ([]string, error) {
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return nil, err
	}
	return citedIn(v, nil), nil
}

// citedIn adds to out the rules v names (see JSONCitations).
func citedIn(v any, out []string) []string {
	switch v := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys) // a fixed order: a map's own changes from run to run
		for _, k := range keys {
			x := v[k]
			if !strings.EqualFold(k, "rule") && !strings.EqualFold(k, "rules") {
				out = citedIn(x, out)
				continue
			}
			switch x := x.(type) {
			case string:
				out = Cite(out, x)
			case []any:
				for _, s := range x {
					if s, ok := s.(string); ok {
						out = Cite(out, s)
					}
				}
			}
		}
	case []any:
		for _, x := range v {
			out = citedIn(x, out)
		}
	}
	return out
}

// Listed is whether an id is in list: the check a test holds every citation to.
func Listed(list []Rule) func(id string) bool {
	ids := make(map[string]bool, len(list))
	for _, r := range list {
		ids[r.ID] = true
	}
	return func(id string) bool { return ids[id] }
}
