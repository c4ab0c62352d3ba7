package aslfile

import (
	"fmt"
	"testing"
)

// Every key a unit's expectation takes is compared: a value the unit does not have fails the
// check. (A key that was accepted and never compared, `facing:`, let any value pass: an
// expectation that could never fail.)
func TestEveryUnitExpectationCanFail(t *testing.T) {
	// A value no unit of this scenario has, per key: a hex, a spine, a number, a yes/no, a group.
	wrong := map[string]string{"at": "2A1", "vca": "A1-B1", "mp": "99", "remaining": "99", "allowance": "99",
		"in_platoon": "P9", "in_convoy": "C9", "in_column": "K9", "bypass": "2A1-2B1", "cafp": "2A1-2B1-2B2",
		"front": "2A1", "rear": "2M5", "side": "2M3", "pp": "99", "ntc": "failed",
		"stopped": "false"} // not in Motion at the start: Stopped
	for _, key := range unitExpectFields {
		v, ok := wrong[key]
		if !ok {
			v = "true" // the yes/no keys: T1 is none of these at the start
		}
		data := fmt.Sprintf(`name: x
ruleset: asl
map:
  boards: ["2"]
units:
  - {id: T1, side: German, vehicle: {mp: 12, class: tank, tracked: true}, at: 2M4, vca: M5-N4}
expect:
  - T1: {%s: %q}
`, key, v)
		s, err := Load("x.yaml", []byte(data))
		if err != nil {
			t.Errorf("%s: %v", key, err)
			continue
		}
		if fails := s.Check(s.Game, nil); len(fails) == 0 {
			t.Errorf("expect T1: {%s: %s} passes on a unit that is not so: a key that is never compared", key, v)
		}
	}
}
