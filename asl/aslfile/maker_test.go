package aslfile

import (
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/asl"
)

// TestVehicleMaker: a listed vehicle's maker is the listing's (rules-notes 1.7 "Maker"), not
// its side's; a maker: on the unit overrides it; a vehicle that names no listing takes its
// side's; the ESB line names the maker and why (D2.5).
func TestVehicleMaker(t *testing.T) {
	for _, c := range []struct {
		side, vehicle string
		want          asl.Maker
		label         string
	}{
		{"German", "PzKpfw 38(t)A", asl.MakerCzech, "maker Czech (t)"},
		{"Hungarian", "{listing: PzKpfw IVF1(g), nationality: axis}", asl.MakerGerman, "maker German (g)"},
		{"Hungarian", "{listing: LT vz 34, nationality: axis}", asl.MakerCzech, "maker Czech, axis listing: LT vz"},
		{"UN", "M4A3E8", asl.MakerUS, "maker U.S., un listing"},
		{"UN", "Centurion III", asl.MakerBritish, "maker British, un listing: Centurion"},
		{"KMT", "{listing: M4A4(a), nationality: chinese}", asl.MakerChinese, "maker Chinese, chinese listing (all Chinese)"},
		{"German", "{listing: PzKpfw 38(t)A, maker: German}", asl.MakerGerman, "maker German, set by the scenario"},
		{"German", "{listing: PzKpfw IVH, maker: (t)}", asl.MakerCzech, "maker Czech, set by the scenario"},
		{"Russian", "{name: T-34, mp: 16, class: tank}", asl.MakerRussian, "maker Russian, its side"},
		{"Hungarian", "{name: Turan, mp: 12, class: tank}", asl.MakerOthers, "maker Others, side Hungarian"},
		{"Hungarian", "{name: Turan, mp: 12, class: tank, maker: Italian}", asl.MakerItalian, "maker Italian, set by the scenario"},
	} {
		src := "name: maker\nmap: {boards: [\"4\"]}\nunits:\n  - {id: T1, side: " + c.side + ", vehicle: " + c.vehicle + ", at: 4K3, vca: K4-L3}\n"
		s, err := Load("m.yaml", []byte(src))
		if err != nil {
			t.Errorf("%s: %v", c.vehicle, err)
			continue
		}
		v := s.Game.Units[0].V
		if v.Maker != c.want || v.MakerLabel() != c.label {
			t.Errorf("%s (side %s): maker %v %q, want %v %q", c.vehicle, c.side, v.Maker, v.MakerLabel(), c.want, c.label)
		}
	}
	// A maker no nation answers to is an error on its line, not a silent +3.
	src := "name: maker\nmap: {boards: [\"4\"]}\nunits:\n  - {id: T1, side: German, vehicle: {name: X, mp: 12, class: tank, maker: Germna}, at: 4K3, vca: K4-L3}\n"
	if _, err := Load("m.yaml", []byte(src)); err == nil || !strings.Contains(err.Error(), `m.yaml:4: units.T1.vehicle.maker: no maker "Germna"`) {
		t.Errorf("maker: Germna: %v", err)
	}
}
