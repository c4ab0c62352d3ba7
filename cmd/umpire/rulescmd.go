package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/umpire-referee/umpire/rules"
)

// rulesCmd is `umpire rules [RULESET]`: the rules a ruleset's steps may cite, id and title
// (rules.RuleLister), one ruleset or every one.
func rulesCmd(args []string, stdout, stderr io.Writer) int {
	all := rules.All()
	switch {
	case len(args) > 1:
		fmt.Fprintln(stderr, "umpire rules: name one ruleset")
		return 2
	case len(args) == 1 && strings.HasPrefix(args[0], "-"):
		fmt.Fprintf(stderr, "umpire rules: unknown flag %s\n", args[0])
		return 2
	case len(args) == 1:
		rs, ok := rules.Lookup(args[0])
		if !ok {
			fmt.Fprintf(stderr, "umpire rules: unknown ruleset %q (%s)\n", args[0], rules.Names())
			return 2
		}
		all = []rules.Ruleset{rs}
	}
	for i, rs := range all {
		rl, ok := rs.(rules.RuleLister)
		if !ok {
			fmt.Fprintf(stderr, "umpire rules: %v\n", rules.Lacks(rs, "a rule list"))
			return 1
		}
		list := rl.RuleList()
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		fmt.Fprintf(stdout, "%s (ruleset: %s): %d rules\n", rs.Title(), rs.Name(), len(list))
		width := 0
		for _, r := range list {
			width = max(width, len(r.ID))
		}
		for _, r := range list {
			fmt.Fprintf(stdout, "  %-*s  %s\n", width, r.ID, r.Title)
		}
	}
	return 0
}
