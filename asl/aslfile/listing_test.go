package aslfile

import (
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/asl"
)

const listed = `name: listings
map: {boards: ["4"]}
units:
  - {id: T1, side: German, vehicle: PzKpfw IVH, at: 4K3, vca: K4-L3}
  - {id: T2, side: German, vehicle: {listing: SPW 251/1, mp: 15}, at: 4J3, vca: J4-K4}
  - {id: T3, side: Russian, vehicle: {listing: M3A1, nationality: american, type: ht}, at: 4A1, vca: A2-B1}
  - {id: T4, side: Russian, vehicle: BT-7 M37, at: 4A3, vca: A4-B3}
`

// TestVehicleListings: a vehicle named by its listing takes the listing's facts (rules-notes
// 1.7); fields beside listing: override them; nationality: and type: pick among listings.
func TestVehicleListings(t *testing.T) {
	s, err := Load("l.yaml", []byte(listed))
	if err != nil {
		t.Fatal(err)
	}
	v := func(id string) *asl.Vehicle {
		i, _ := s.Game.Unit(id)
		return s.Game.Units[i].V
	}
	if t1 := v("T1"); t1.Name != "PzKpfw IVH" || t1.MP != 13 || t1.Class != asl.Tank || !t1.Tracked || !t1.Radio || !t1.AFV {
		t.Errorf("T1: %+v", *t1)
	}
	if t2 := v("T2"); t2.MP != 15 || t2.Class != asl.Halftrack {
		t.Errorf("T2 (mp overridden to 15): %+v", *t2)
	}
	if t3 := v("T3"); t3.Name != "M3A1" || t3.Class != asl.Halftrack || t3.MP != 20 {
		t.Errorf("T3 (the american M3A1 halftrack): %+v", *t3)
	}
	// Issue 18: the BT-7 M37 listing has 23 red MP and no radio.
	if t4 := v("T4"); t4.MP != 23 || !t4.RedMP || t4.Radio {
		t.Errorf("T4: %+v", *t4)
	}
}

// TestVehicleListingErrors: an unknown or ambiguous name, a side that is no nationality, and a
// listing with no movement are errors on the vehicle's line that say what to write.
func TestVehicleListingErrors(t *testing.T) {
	for _, c := range []struct{ vehicle, side, want string }{
		{"PzKpfw IVX", "German", `l.yaml:4: units.T1.vehicle: no german listing "PzKpfw IVX"; the closest: PzKpfw IV`},
		{"M3", "American", `"M3" names 3 american listings: M3 (type: LT`},
		{"{listing: M3, type: ht}", "American", ""},
		{"PzKpfw IVH", "Blue", `the side "Blue" is no listing nationality: give nationality:`},
		{"{listing: PzKpfw IVH, nationality: martian}", "German", `no nationality "martian"`},
		{"{listing: Searchlight, nationality: common}", "German", "has no movement listing"},
	} {
		src := strings.Replace(strings.Replace(listed, "side: German, vehicle: PzKpfw IVH", "side: "+c.side+", vehicle: "+c.vehicle, 1), "\n  - {id: T2", "\n  - {id: X2", 1)
		_, err := Load("l.yaml", []byte(src))
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.vehicle, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s (%s): got %v, want %q", c.vehicle, c.side, err, c.want)
		}
	}
}

// TestVehicleNamesAsPlayersSay (issue 32): the reader takes a name a player writes when it names
// one listing of the unit's nationality, lists the listings it names for the player to choose,
// and suggests by shared words before edit distance.
func TestVehicleNamesAsPlayersSay(t *testing.T) {
	for _, c := range []struct{ vehicle, side, name, want string }{
		{"Pz IVH", "German", "PzKpfw IVH", ""},
		{"PzKpfw-IVH", "German", "PzKpfw IVH", ""},
		{"hetzer", "German", "JgdPz 38(t)", ""},
		{"Sd.Kfz. 251/1", "German", "SPW 251/1", ""},
		{"King Tiger", "German", "PzKpfw VIB", ""},
		{"Panther", "Axis", "PzKpfw VG(g)", ""},
		{"kv-1e", "Russian", "KV-1E", ""},
		{"zis5", "Russian", "ZIS-5", ""},
		{"T-34/76", "Russian", "", `"T-34/76" names 3 russian listings: T-34 M40 (MT, 17 MP); T-34 M41 (MT, 17 MP); T-34 M43 (MT, 16 MP); write the one you mean (vehicle: T-34 M40)`},
		{"T34", "Russian", "", `"T34" names 3 russian listings: T-34 M40 (MT`},
		{"Panther", "German", "", `"Panther" names 2 german listings: PzKpfw VD (MT, 15 MP); PzKpfw VG (MT, 15 MP); write the one you mean`},
		{"Panther Z", "German", "", `no german listing "Panther Z"; the closest: PzKpfw VD (MT), PzKpfw VG (MT)`},
		{"Tiger", "Russian", "", `no russian listing "Tiger"; the closest:`},
	} {
		src := strings.Replace(strings.Replace(listed, "side: German, vehicle: PzKpfw IVH", "side: "+c.side+", vehicle: "+c.vehicle, 1), "\n  - {id: T2", "\n  - {id: X2", 1)
		s, err := Load("l.yaml", []byte(src))
		if c.want != "" {
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s (%s): got %v, want %q", c.vehicle, c.side, err, c.want)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s (%s): %v", c.vehicle, c.side, err)
			continue
		}
		if i, _ := s.Game.Unit("T1"); s.Game.Units[i].V.Name != c.name {
			t.Errorf("%s (%s): took %s, want %s", c.vehicle, c.side, s.Game.Units[i].V.Name, c.name)
		}
	}
}
