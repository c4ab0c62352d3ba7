package server

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	aslrs "github.com/umpire-referee/umpire/asl/ruleset"
	lhyrs "github.com/umpire-referee/umpire/lhy/ruleset"
	lwrs "github.com/umpire-referee/umpire/lightningwar/ruleset"
	"github.com/umpire-referee/umpire/rules"
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
		var v struct {
			Listings []struct {
				Name string `json:"name"`
			} `json:"listings"`
		}
		if code := c.do("GET", "/api/rulesets/asl/vehicles?q=PzKpfw+IVH&nationality=german", "", nil, &v); code != http.StatusOK || len(v.Listings) == 0 || v.Listings[0].Name != "PzKpfw IVH" {
			t.Errorf("GET /api/rulesets/asl/vehicles: %d %+v", code, v)
		}
		for name, want := range map[string]string{"asl": "ASL catalog,commands,routes,saved maps", "lhy": "Last Hundred Yards commands", "lightningwar": "Lightning War commands,saved maps"} {
			if got[name] != want {
				t.Errorf("%s: %q, want %q (all: %v)", name, got[name], want, got)
			}
		}
	})
}

// routed is a ruleset that serves a route of its own and plays nothing: it shows that a
// ruleset's read-only routes reach the API under /api/rulesets/{name}/ (rules.Router).
type routed struct{}

func (routed) Name() string  { return "routed" }
func (routed) Title() string { return "Routed" }
func (routed) Load(file string, _ []byte, _ rules.Limits) (rules.Scenario, error) {
	return nil, fmt.Errorf("%s: the routed ruleset plays no games", file)
}
func (routed) Routes() []rules.Route {
	return []rules.Route{{Path: "terrain", Class: rules.Cheap, Bound: "none: a fixed answer",
		Answer: func(context.Context, url.Values, rules.Limits) (any, error) {
			return map[string]string{"chart": "the routed ruleset's chart"}, nil
		}}}
}

func init() { rules.Register(routed{}) }

// TestRulesetRoutes: a ruleset's own route answers under /api/rulesets/{name}/, and the list
// of rulesets names it.
func TestRulesetRoutes(t *testing.T) {
	c := serveTest(t, New(Config{Store: nil}))
	var out map[string]string
	if code := c.do("GET", "/api/rulesets/routed/terrain", "", nil, &out); code != http.StatusOK || out["chart"] != "the routed ruleset's chart" {
		t.Errorf("GET /api/rulesets/routed/terrain: %d %v", code, out)
	}
	var list []struct {
		Name   string   `json:"name"`
		Routes []string `json:"routes"`
	}
	c.do("GET", "/api/rulesets", "", nil, &list)
	found := false
	for _, r := range list {
		found = found || r.Name == "routed" && len(r.Routes) == 1 && r.Routes[0] == "/api/rulesets/routed/terrain"
	}
	if !found {
		t.Errorf("GET /api/rulesets: %+v", list)
	}
	var e apiError
	if code := c.do("POST", "/api/games", "", []byte("ruleset: routed\n"), &e); code != http.StatusBadRequest || !strings.Contains(e.Error, "plays no games") {
		t.Errorf("a routed game: %d %+v", code, e)
	}
}
