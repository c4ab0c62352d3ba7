package ruleset

import (
	lw "github.com/umpire-referee/umpire/lightningwar"
	"github.com/umpire-referee/umpire/lightningwar/lwfile"
	"github.com/umpire-referee/umpire/rules"
)

// ReadMap reads a saved Lightning War table: the YAML of a scenario file's table, terrain,
// roads, streams and chokes fields (rules.Mapper). Its summary is the table's size: 72" x 48".
func (Ruleset) ReadMap(file string, data []byte, lim rules.Limits) (rules.MapInfo, error) {
	t, canon, warnings, err := lwfile.ReadTableLimited(file, data, lim)
	if err != nil {
		return rules.MapInfo{}, err
	}
	return rules.MapInfo{YAML: canon, Summary: lw.Inches(t.Width) + " x " + lw.Inches(t.Height), Warnings: warnings}, nil
}

// Inline replaces `table: {saved: NAME}` with the saved table (rules.Mapper).
func (Ruleset) Inline(file string, data []byte, saved func(string) ([]byte, error)) ([]byte, error) {
	return lwfile.InlineTable(file, data, saved)
}
