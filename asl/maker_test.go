package asl

import "testing"

// TestMakerDRM: D2.5's table of the manufacturer's nationality DRM, how a scenario names a
// maker, and how the ESB line names the DRM it used and why, +0 included.
func TestMakerDRM(t *testing.T) {
	drms := []struct {
		m    Maker
		name string
		drm  int
	}{
		{MakerUS, "U.S.", 0}, {MakerCzech, "Czech", 0},
		{MakerRussian, "Russian", 1}, {MakerChinese, "Chinese", 1},
		{MakerBritish, "British", 2}, {MakerGerman, "German", 2},
		{MakerFrench, "French", 3}, {MakerItalian, "Italian", 3}, {MakerSwedish, "Swedish", 3}, {MakerOthers, "Others", 3},
	}
	for _, c := range drms {
		if c.m.String() != c.name || c.m.DRM() != c.drm {
			t.Errorf("%v: %s %+d, want %s %+d", c.m, c.m.String(), c.m.DRM(), c.name, c.drm)
		}
	}
	words := []struct {
		s  string
		m  Maker
		ok bool
	}{
		{"U.S.", MakerUS, true}, {"american", MakerUS, true}, {"(a)", MakerUS, true},
		{"Czech", MakerCzech, true}, {"(t)", MakerCzech, true}, {" t ", MakerCzech, true},
		{"russian", MakerRussian, true}, {"Chinese", MakerChinese, true},
		{"British", MakerBritish, true}, {"(g)", MakerGerman, true}, {"German", MakerGerman, true},
		{"french", MakerFrench, true}, {"(i)", MakerItalian, true}, {"Swedish", MakerSwedish, true},
		{"Others", MakerOthers, true},
		{"Germna", "", false}, {"Hungarian", "", false}, {"", "", false},
	}
	for _, c := range words {
		if m, ok := ParseMaker(c.s); m != c.m || ok != c.ok {
			t.Errorf("ParseMaker(%q) = %v, %v; want %v, %v", c.s, m, ok, c.m, c.ok)
		}
	}
	labels := []struct {
		m     Maker
		why   string
		label string
		total int
	}{
		{MakerCzech, "(t)", "+0 [maker Czech (t)]", 0},
		{MakerUS, "un listing", "+0 [maker U.S., un listing]", 0},
		{MakerBritish, "un listing: Centurion", "+2 [maker British, un listing: Centurion]", 2},
		{MakerChinese, "chinese listing (all Chinese)", "+1 [maker Chinese, chinese listing (all Chinese)]", 1},
		{MakerGerman, "", "+2 [maker German]", 2},
	}
	for _, c := range labels {
		v := tank(12)
		v.SetMaker(c.m, c.why)
		if d := ESBDRM(&v, 0); d.String() != c.label || d.Total() != c.total {
			t.Errorf("maker %v %q: ESB DRM %q (%+d), want %q (%+d)", c.m, c.why, d.String(), d.Total(), c.label, c.total)
		}
	}
	// A vehicle whose maker was never set is one of the Others (+3), named so.
	if v := tank(12); ESBDRM(&v, 0).String() != "+3 [maker Others]" {
		t.Errorf("unset maker: %q", ESBDRM(&v, 0).String())
	}
}
