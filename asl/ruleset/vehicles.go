package ruleset

// The Chapter H vehicle listings (package asl/listing) as ASL's catalog: `umpire vehicles` and
// GET /api/rulesets/asl/vehicles.

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/umpire-referee/umpire/asl/aslfile"
	"github.com/umpire-referee/umpire/asl/listing"
	"github.com/umpire-referee/umpire/rules"
)

// maxVehicles bounds one answer of the catalog route.
const maxVehicles = 200

// Search lists the vehicle listings matching q (rules.Catalog) by listing.Lookup, the lookup the
// scenario reader uses: first those q.Text names (its full name, in any case and punctuation,
// or a common name: "panther", "kv1", "sdkfz 251"), then those whose names hold every word of
// it, best first; at most q.Limit (0: all). No text lists every listing in table order.
func (Ruleset) Search(q rules.CatalogQuery) ([]rules.CatalogEntry, error) {
	if q.Nationality != "" && !slices.Contains(listing.Groups, q.Nationality) {
		return nil, fmt.Errorf("no nationality %q (the listings' are %s)", q.Nationality, strings.Join(listing.Groups, ", "))
	}
	r := listing.Lookup(listing.Query{Name: q.Text, Group: q.Nationality})
	return entries(append(r.Named, r.Containing...), q.Limit), nil
}

// CheckImport are the vehicle names of an imported file that name no listing, or several, at
// their lines (rules.ImportChecker; aslfile.CheckVehicles).
func (Ruleset) CheckImport(file string, data []byte) []error {
	return aslfile.CheckVehicles(file, data)
}

// closestListings are the listings nearest a text that matches none (listing.Closest), at most n.
func closestListings(q rules.CatalogQuery, n int) []rules.CatalogEntry {
	return entries(listing.Closest(listing.Query{Name: q.Text, Group: q.Nationality}, n), n)
}

// entries are listings as catalog entries, at most limit (0: all).
func entries(ls []*listing.Listing, limit int) []rules.CatalogEntry {
	if limit > 0 && len(ls) > limit {
		ls = ls[:limit]
	}
	out := []rules.CatalogEntry{}
	for _, l := range ls {
		out = append(out, rules.CatalogEntry{Name: l.FullName(), Facts: l})
	}
	return out
}

// closestShown is how many suggestions a search that matches nothing answers.
const closestShown = 5

// maxQuery bounds the words a catalog search is asked, in bytes.
const maxQuery = 200

// Routes are ASL's read-only API routes: the catalog's search (vehicles) and the map editor's
// legend and grid (editor.go).
func (rs Ruleset) Routes() []rules.Route {
	return append([]rules.Route{{Path: "vehicles", Query: []string{"q", "nationality", "limit"},
		// A scan of the listings, fixed in the binary, for at most maxVehicles of them.
		Class: rules.Cheap, Bound: fmt.Sprintf("at most %d listings (limit); q and nationality at most %d bytes", maxVehicles, maxQuery),
		Answer: rs.searchRoute}}, editorRoutes()...)
}

// searchRoute is GET /api/rulesets/asl/vehicles?q=&nationality=&limit=: the listings matching,
// at most limit (default and most maxVehicles).
func (rs Ruleset) searchRoute(_ context.Context, query url.Values, _ rules.Limits) (any, error) {
	q := rules.CatalogQuery{Text: query.Get("q"), Nationality: strings.ToLower(query.Get("nationality")), Limit: maxVehicles}
	if s := query.Get("limit"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > maxVehicles {
			return nil, fmt.Errorf("limit is a number from 1 to %d", maxVehicles)
		}
		q.Limit = n
	}
	if len(q.Text) > maxQuery || len(q.Nationality) > maxQuery {
		return nil, fmt.Errorf("q and nationality are at most %d characters each", maxQuery)
	}
	found, err := rs.Search(q)
	if err != nil {
		return nil, err
	}
	if len(found) == 0 && strings.TrimSpace(q.Text) != "" {
		return map[string]any{"listings": found, "closest": closestListings(q, closestShown)}, nil
	}
	return map[string]any{"listings": found}, nil
}

// vehicles is `umpire vehicles [QUERY] [--nationality N] [--json]`.
func vehicles(args []string, stdout, stderr io.Writer) int {
	var q rules.CatalogQuery
	asJSON := false
	var words []string
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "--json":
			asJSON = true
		case a == "--nationality":
			if i+1 >= len(args) {
				fmt.Fprintln(stderr, "umpire vehicles: --nationality needs a value (german, russian, ...)")
				return 2
			}
			q.Nationality = strings.ToLower(args[i+1])
			i++
		case strings.HasPrefix(a, "-"):
			fmt.Fprintf(stderr, "umpire vehicles: unknown flag %s\n", a)
			return 2
		default:
			words = append(words, a)
		}
	}
	q.Text = strings.Join(words, " ")
	found, err := Ruleset{}.Search(q)
	if err != nil {
		fmt.Fprintln(stderr, "umpire vehicles:", err)
		return 2
	}
	enc := json.NewEncoder(stdout)
	for _, e := range found {
		l := e.Facts.(*listing.Listing)
		if asJSON {
			enc.Encode(l)
			continue
		}
		fmt.Fprintf(stdout, "%-10s %-36s %-6s %s\n", l.Group, l.FullName(), l.Type, movementFacts(l))
	}
	if len(found) == 0 {
		var near []string
		for _, e := range closestListings(q, closestShown) {
			l := e.Facts.(*listing.Listing)
			near = append(near, fmt.Sprintf("%s (%s %s)", l.FullName(), l.Group, l.Type))
		}
		fmt.Fprintf(stderr, "umpire vehicles: no listing matches %q; the closest: %s\n", q.Text, strings.Join(near, ", "))
		return 1
	}
	return 0
}

// movementFacts is a listing's movement facts in a line: "23 MP red, fully tracked, radioless".
func movementFacts(l *listing.Listing) string {
	if l.Movement == listing.NoMovement {
		return "no movement listing"
	}
	s := strconv.Itoa(l.MP) + " MP"
	if l.RedMP {
		s += " red"
	}
	s += ", " + l.Movement.String()
	if l.TruckType {
		s += " (truck-type MP)"
	}
	if l.AmphibiousMP > 0 {
		s += fmt.Sprintf(", amphibious %d", l.AmphibiousMP)
	}
	if l.Radioless {
		s += ", radioless"
	}
	switch l.GroundPressure {
	case -1:
		s += ", low ground pressure"
	case 1:
		s += ", high ground pressure"
	}
	return s
}
