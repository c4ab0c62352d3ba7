package ruleset

import (
	"strings"

	"github.com/umpire-referee/umpire/asl/aslfile"
	"github.com/umpire-referee/umpire/rules"
	"github.com/umpire-referee/umpire/scenario"
)

// ReadMap reads a saved ASL map: the YAML of a scenario file's map: object (rules.Mapper).
// Its summary names the boards, row by row: "boards 2, 3 / 4".
func (Ruleset) ReadMap(file string, data []byte, lim rules.Limits) (rules.MapInfo, error) {
	m, canon, warnings, err := aslfile.ReadMapLimited(file, data, lim)
	if err != nil {
		return rules.MapInfo{}, err
	}
	rows := make([]string, len(m.Layout.Boards))
	for i, row := range m.Layout.Boards {
		rows[i] = strings.Join(row, ", ")
	}
	word := "boards "
	if len(rows) == 1 && len(m.Layout.Boards[0]) == 1 {
		word = "board "
	}
	return rules.MapInfo{YAML: canon, Summary: word + strings.Join(rows, " / "), Warnings: warnings}, nil
}

// Inline replaces `map: {saved: NAME}` with the saved map (rules.Mapper).
func (Ruleset) Inline(file string, data []byte, saved func(string) ([]byte, error)) ([]byte, error) {
	return scenario.Inline(file, data, "map", true, nil, saved)
}
