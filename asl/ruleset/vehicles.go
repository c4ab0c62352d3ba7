package ruleset

// The Chapter H vehicle listings (package asl/listing) as ASL's catalog: `umpire vehicles` and
// GET /api/rulesets/asl/vehicles.

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/umpire-referee/umpire/asl/listing"
	"github.com/umpire-referee/umpire/rules"
)

// maxVehicles bounds one answer of the catalog route.
const maxVehicles = 200

// Search lists the vehicle listings matching q (rules.Catalog).
func (Ruleset) Search(q rules.CatalogQuery) ([]rules.CatalogEntry, error) {
	if q.Nationality != "" && !slices.Contains(listing.Groups, q.Nationality) {
		return nil, fmt.Errorf("no nationality %q (the listings' are %s)", q.Nationality, strings.Join(listing.Groups, ", "))
	}
	out := []rules.CatalogEntry{}
	for _, l := range listing.Search(q.Text, q.Nationality, q.Limit) {
		out = append(out, rules.CatalogEntry{Name: l.FullName(), Facts: l})
	}
	return out, nil
}

// Routes is GET /api/rulesets/asl/vehicles?q=&nationality=&limit=: the listings matching, at
// most limit (default and most maxVehicles); and the map editor's legend and grid (editor.go).
func (rs Ruleset) Routes() []rules.Route {
	return append([]rules.Route{{Path: "vehicles", Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q := rules.CatalogQuery{Text: r.URL.Query().Get("q"), Nationality: strings.ToLower(r.URL.Query().Get("nationality")), Limit: maxVehicles}
		if s := r.URL.Query().Get("limit"); s != "" {
			n, err := strconv.Atoi(s)
			if err != nil || n < 1 || n > maxVehicles {
				answerJSON(w, http.StatusBadRequest, map[string]string{"error": fmt.Sprintf("limit is a number from 1 to %d", maxVehicles)})
				return
			}
			q.Limit = n
		}
		if len(q.Text) > 200 {
			answerJSON(w, http.StatusBadRequest, map[string]string{"error": "q is at most 200 characters"})
			return
		}
		found, err := rs.Search(q)
		if err != nil {
			answerJSON(w, http.StatusBadRequest, map[string]string{"error": err.Error()})
			return
		}
		answerJSON(w, http.StatusOK, map[string]any{"listings": found})
	})}}, editorRoutes()...)
}

func answerJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(v)
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
		fmt.Fprintln(stderr, "umpire vehicles: no listing matches")
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
