package ruleset

// What the map editor (GET /edit, docs/api.md "Map editor") asks of ASL: the whole terrain legend
// with the words a scenario file writes, and the blank grid of a board arrangement.

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
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
// order (column by column). An arrangement of more boards or hexes than lim takes is a
// *rules.LimitError, found before the layout is made or any hex listed.
func Grid(rows [][]string, lim rules.Limits) (rules.Bounds, []GridHex, error) {
	boards := 0
	for _, row := range rows {
		boards += len(row)
	}
	if le := lim.Check(rules.LimitBoards, boards, fmt.Sprintf("the arrangement names %d boards", boards)); le != nil {
		return rules.Bounds{}, nil, le
	}
	lay, err := hex.NewLayout(rows)
	if err != nil {
		return rules.Bounds{}, nil, err
	}
	if le := lim.Check(rules.LimitHexes, lay.Size(), fmt.Sprintf("the arrangement of %d boards in %d rows is %d x %d = %d hexes",
		boards, len(rows), lay.Width(), lay.Height(), lay.Size())); le != nil {
		return rules.Bounds{}, nil, le
	}
	b := rules.Bounds{MinX: -1.2, MinY: -2}
	hs := make([]GridHex, 0, lay.Size())
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

// Rows writes the ?rows= of the grid (parseRows reads it) for boards numbered 1 to n, per to a
// row: "1,2/3,4" for 4 and 2.
func Rows(n, per int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		if i > 1 {
			b.WriteByte(map[bool]byte{true: '/', false: ','}[(i-1)%per == 0])
		}
		b.WriteString(strconv.Itoa(i))
	}
	return b.String()
}

// parseRows reads ?rows=: boards left to right split by commas, rows split by slashes or
// semicolons ("2,3/4,5"; a semicolon must be sent as %3B). It counts every board named but
// keeps at most most+1 of them, so that a query naming thousands costs no more than one
// naming one over the cap: what it keeps is refused on its count.
func parseRows(s string, most int) (rows [][]string, boards int) {
	kept := 0
	for r := range strings.FieldsFuncSeq(s, func(c rune) bool { return c == ';' || c == '/' }) {
		var bs []string
		for b := range strings.SplitSeq(r, ",") {
			if b = strings.TrimSpace(b); b == "" {
				continue
			}
			if boards++; kept <= most {
				bs = append(bs, b)
				kept++
			}
		}
		if bs != nil {
			rows = append(rows, bs)
		}
	}
	return rows, boards
}

// gridRows reads the grid route's rows: boards in rows, refused without laying anything out
// when missing, over --max-boards (a *rules.LimitError) or naming a board too long to be one.
func gridRows(q url.Values, lim rules.Limits) ([][]string, error) {
	if !q.Has("rows") {
		return nil, fmt.Errorf("rows: name the boards, left to right split by commas, rows split by slashes: rows=2,3/4,5")
	}
	most, _ := lim.Max(rules.LimitBoards)
	rows, boards := parseRows(q.Get("rows"), most)
	if le := lim.Check(rules.LimitBoards, boards, fmt.Sprintf("rows names %d boards", boards)); le != nil {
		return nil, le
	}
	for _, row := range rows {
		for _, b := range row {
			if len(b) > maxBoardName {
				return nil, fmt.Errorf("board %q... (%d bytes): a board is named by its number, like \"2\" or \"23\"", b[:maxBoardName], len(b))
			}
		}
	}
	return rows, nil
}

// editorRoutes are GET /api/rulesets/asl/legend and GET /api/rulesets/asl/grid?rows=.
func editorRoutes() []rules.Route {
	return []rules.Route{
		{Path: "legend", Class: rules.Cheap, Bound: "none: a fixed answer (the whole legend)",
			Answer: func(context.Context, url.Values, rules.Limits) (any, error) {
				return map[string]any{"legend": EditorLegend()}, nil
			}},
		{Path: "grid", Query: []string{"rows"}, Class: rules.Expensive, Caps: []string{rules.LimitBoards, rules.LimitHexes},
			Bound: "the boards and hexes of the arrangement", Answer: gridRoute, Check: func(q url.Values, lim rules.Limits) error {
				_, err := gridRows(q, lim)
				return err
			}},
	}
}

// maxBoardName is the longest board name the grid route reads back in an error: a board's
// number has a few digits, and an answer need not carry the rest of a long one.
const maxBoardName = 8

// gridRoute is GET /api/rulesets/asl/grid?rows=: the blank grid of the boards in rows, under
// the server's --max-boards and --max-hexes (a *rules.LimitError over either).
func gridRoute(_ context.Context, q url.Values, lim rules.Limits) (any, error) {
	rows, err := gridRows(q, lim)
	if err != nil {
		return nil, err
	}
	b, hs, err := Grid(rows, lim)
	if err != nil {
		return nil, err
	}
	return map[string]any{"bounds": b, "hexes": hs}, nil
}
