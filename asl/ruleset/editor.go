package ruleset

// What the map editor (GET /edit, API.md "Map editor") asks of ASL: the whole terrain legend
// with the words a scenario file writes, and the blank grid of a board arrangement.

import (
	"net/http"
	"strings"

	"github.com/umpire-referee/umpire/hex"
	"github.com/umpire-referee/umpire/render"
	"github.com/umpire-referee/umpire/rules"
)

// LegendEntry is a legend line (render.Entry) with the word map: writes for it: the terrain's
// name in map.terrain ("wooden building"), the hexside list's key ("walls"), the bridge kind
// ("stone"); empty for the markers.
type LegendEntry struct {
	render.Entry
	Word string `json:"word,omitempty"`
}

// sideLists is the map: key of each hexside feature's legend class.
var sideLists = map[string]string{"s-road": "roads", "s-path": "paths", "s-hedge": "hedges", "s-wall": "walls",
	"s-bocage": "bocage", "s-cliff": "cliffs", "s-roadblock": "roadblocks", "s-abrupt": "abrupt", "s-trailbreak": "trailbreaks"}

// EditorLegend is every legend entry (render.FullLegend) with its scenario word.
func EditorLegend() []LegendEntry {
	var out []LegendEntry
	for _, e := range render.FullLegend() {
		le := LegendEntry{Entry: e}
		switch e.Kind {
		case "terrain":
			le.Word = strings.ReplaceAll(strings.TrimPrefix(e.Class, "t-"), "-", " ")
		case "hexside":
			le.Word = sideLists[e.Class]
		case "bridge":
			le.Word = strings.TrimSuffix(strings.TrimPrefix(e.Class, "b-"), "-bridge")
		}
		out = append(out, le)
	}
	return out
}

// GridHex is a hex of a blank board arrangement: its id, its centre in hex radii, and its
// neighbour across each hexside s = 0..5 ("" off the map). Hexside s joins the corners at 60s
// and 60(s+1) degrees; the hexspine at corner k points between the neighbours k-1 and k.
type GridHex struct {
	ID string    `json:"id"`
	X  float64   `json:"x"`
	Y  float64   `json:"y"`
	N  [6]string `json:"n"`
}

// Grid is the blank grid of boards arranged in rows (hex.NewLayout), hexes in the layout's
// order (column by column).
func Grid(rows [][]string) (rules.Bounds, []GridHex, error) {
	lay, err := hex.NewLayout(rows)
	if err != nil {
		return rules.Bounds{}, nil, err
	}
	b := rules.Bounds{MinX: -1.2, MinY: -2}
	hs := []GridHex{}
	for x := 0; x < lay.Width(); x++ {
		for y := 0; y < lay.Height(); y++ {
			h := hex.Hex{X: int16(x), Y: int16(y)}
			if !lay.Contains(h) {
				continue
			}
			cx, cy := h.Centre()
			b.MaxX, b.MaxY = max(b.MaxX, cx+1.2), max(b.MaxY, cy+1.2)
			g := GridHex{ID: lay.Name(h), X: rules.Round(cx), Y: rules.Round(cy)}
			for s := hex.Side(0); s < 6; s++ {
				if n := h.Neighbor(s); lay.Contains(n) {
					g.N[s] = lay.Name(n)
				}
			}
			hs = append(hs, g)
		}
	}
	b.MaxX, b.MaxY = rules.Round(b.MaxX), rules.Round(b.MaxY)
	return b, hs, nil
}

// parseRows reads ?rows=: boards left to right split by commas, rows split by slashes or
// semicolons ("2,3/4,5"; a semicolon must be sent as %3B).
func parseRows(s string) [][]string {
	var rows [][]string
	for _, r := range strings.FieldsFunc(s, func(c rune) bool { return c == ';' || c == '/' }) {
		var bs []string
		for _, b := range strings.Split(r, ",") {
			if b = strings.TrimSpace(b); b != "" {
				bs = append(bs, b)
			}
		}
		if bs != nil {
			rows = append(rows, bs)
		}
	}
	return rows
}

// editorRoutes are GET /api/rulesets/asl/legend and GET /api/rulesets/asl/grid?rows=.
func editorRoutes() []rules.Route {
	return []rules.Route{
		{Path: "legend", Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			answerJSON(w, http.StatusOK, map[string]any{"legend": EditorLegend()})
		})},
		{Path: "grid", Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			b, hs, err := Grid(parseRows(r.URL.Query().Get("rows")))
			if err != nil {
				answerJSON(w, http.StatusBadRequest, map[string]string{"error": err.Error()})
				return
			}
			answerJSON(w, http.StatusOK, map[string]any{"bounds": b, "hexes": hs})
		})},
	}
}
