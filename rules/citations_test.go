package rules

import (
	"slices"
	"testing"
)

// jsonDetail is a Detail whose JSON object is given.
type jsonDetail struct{ v any }

func (d jsonDetail) Text(*Report) string { return "" }
func (d jsonDetail) JSON(*Report) any    { return d.v }

func TestCitations(t *testing.T) {
	for _, c := range []struct {
		name string
		rep  Report
		want []string
	}{
		{"no rules", Report{}, nil},
		{"rules in order, once", Report{Rules: []string{"D2.12", "TC", "D2.12", ""}}, []string{"D2.12", "TC"}},
		{"a refusal's rule", Report{Refusal: &Refusal{Rule: "E11.52", Msg: "no"}}, []string{"E11.52"}},
		{"a refusal already among the rules", Report{Rules: []string{"14.0"}, Refusal: &Refusal{Rule: "14.0"}}, []string{"14.0"}},
		{"an error with no rule", Report{Refusal: &Refusal{Msg: "dice ran out"}}, nil},
		{"a roll's rule in the Detail", Report{Rules: []string{"TC"}, Detail: jsonDetail{map[string]any{
			"rules": []string{"TC"},
			"dice":  []map[string]any{{"for": "Bog Check", "rule": "D8.2"}},
		}}}, []string{"TC", "D8.2"}},
		{"a term's Rule, any case", Report{Detail: jsonDetail{map[string]any{
			"terms": []map[string]any{{"Value": 1, "Label": "Regrouping", "Rule": "12.1"}},
		}}}, []string{"12.1"}},
		{"an error object's rule, deep", Report{Detail: jsonDetail{map[string]any{
			"error": map[string]any{"rule": "D2.1", "message": "NA"},
			"moves": []any{map[string]any{"inner": map[string]any{"rules": []string{"Overrun", ""}}}},
		}}}, []string{"D2.1", "Overrun"}},
		{"a rule key holding no string", Report{Detail: jsonDetail{map[string]any{"rule": 3, "rules": nil}}}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := Citations(&c.rep); !slices.Equal(got, c.want) {
				t.Errorf("Citations = %q, want %q", got, c.want)
			}
		})
	}
}

func TestJSONCitations(t *testing.T) {
	for _, c := range []struct {
		line string
		want []string
		bad  bool
	}{
		{`{"step":1,"rules":["D8.3"],"dice":[{"rule":"D8.3"}]}`, []string{"D8.3"}, false},
		{`{"step":2,"rules":["D2.1"],"error":{"rule":"D2.1","message":"x"}}`, []string{"D2.1"}, false},
		{`{"rules":["Movement order (rules-notes 3.2)","Contact [default]"]}`, []string{"Contact [default]", "Movement order (rules-notes 3.2)"}, false},
		{`{"step":1,"action":"x"}`, nil, false},
		{`{"rules":`, nil, true},
	} {
		got, err := JSONCitations([]byte(c.line))
		if (err != nil) != c.bad {
			t.Errorf("%s: err %v", c.line, err)
		}
		slices.Sort(got)
		want := slices.Clone(c.want)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: %q, want %q", c.line, got, want)
		}
	}
}

func TestListed(t *testing.T) {
	listed := Listed([]Rule{{"D2.1", "Vehicular movement"}, {"TC", "Terrain Chart"}, {"Contact [default]", "Contact"}})
	for _, c := range []struct {
		id   string
		want bool
	}{
		{"D2.1", true}, {"TC", true}, {"Contact [default]", true},
		{"D2.11", false}, {"d2.1", false}, {"", false}, {"D2.1 ", false}, {"Contact", false},
	} {
		if got := listed(c.id); got != c.want {
			t.Errorf("Listed(%q) = %v, want %v", c.id, got, c.want)
		}
	}
	if Listed(nil)("D2.1") {
		t.Error("an empty list lists D2.1")
	}
}
