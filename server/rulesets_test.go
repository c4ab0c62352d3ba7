package server

import (
	"net/http"
	"strings"
	"testing"

	aslrs "github.com/umpire-referee/umpire/asl/ruleset"
	lhyrs "github.com/umpire-referee/umpire/lhy/ruleset"
	lwrs "github.com/umpire-referee/umpire/lightningwar/ruleset"
)

// The server knows no ruleset: its tests play the three umpire ships with, registered by
// importing their adapters, and read the answers with the adapters' view types.

type (
	stateView    = aslrs.StateView
	stepOption   = aslrs.StepOption
	reachHex     = aslrs.ReachHex
	lhyStateView = lhyrs.StateView
	lhyUnitView  = lhyrs.UnitView
	lhyReport    = lhyrs.ReportView
	oddsAnswer   = lhyrs.OddsAnswer
	lhyHexView   = lhyrs.HexView
	lwStateView  = lwrs.StateView
	lwDetView    = lwrs.DetView
	lwOrderView  = lwrs.OrderView
)

// aslAnswerError is an error answer to an ASL game's step, its state read as an ASL state.
type aslAnswerError struct {
	Error  string     `json:"error"`
	Rule   string     `json:"rule,omitempty"`
	N      int        `json:"n,omitempty"`
	Report any        `json:"report,omitempty"`
	State  *stateView `json:"state,omitempty"`
}

// TestRulesets: GET /api/rulesets lists the rulesets the build registered, with what each
// offers, without a token.
func TestRulesets(t *testing.T) {
	backends(t, func(t *testing.T, open func() *Server) {
		c := serveTest(t, open())
		var out []struct {
			Name         string   `json:"name"`
			Title        string   `json:"title"`
			Capabilities []string `json:"capabilities"`
		}
		if code := c.do("GET", "/api/rulesets", "", nil, &out); code != http.StatusOK {
			t.Fatalf("GET /api/rulesets: %d", code)
		}
		got := map[string]string{}
		for _, r := range out {
			got[r.Name] = r.Title + " " + strings.Join(r.Capabilities, ",")
		}
		for name, want := range map[string]string{"asl": "ASL commands", "lhy": "Last Hundred Yards commands", "lightningwar": "Lightning War "} {
			if got[name] != want {
				t.Errorf("%s: %q, want %q (all: %v)", name, got[name], want, got)
			}
		}
	})
}
