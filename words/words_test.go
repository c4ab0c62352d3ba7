package words

import "testing"

func TestA(t *testing.T) {
	for in, want := range map[string]string{
		"ASL scenario":        "an ASL scenario",
		"LHY game":            "an LHY game",
		"Lightning War table": "a Lightning War table",
		"Last Hundred Yards":  "a Last Hundred Yards",
		"AFV":                 "an AFV",
		"FV":                  "an FV",
		"HT":                  "an HT",
		"MG":                  "an MG",
		"FT":                  "an FT",
		"FP":                  "an FP",
		"LATW":                "an LATW",
		"Towed Gun":           "a Towed Gun",
		"squad":               "a squad",
		"armored car":         "an armored car",
		"armored-assault":     "an armored-assault",
		"infantry":            "an infantry",
		"unit":                "a unit",
		"one-man turret":      "a one-man turret",
		"umbrella":            "an umbrella",
		"hour":                "an hour",
		"halftrack":           "a halftrack",
		"T-34":                "a T-34",
		"A":                   "an A",
		"B":                   "a B",
		"":                    "a ",
		"-":                   "a -",
		"convoy":              "a convoy",
	} {
		if got := A(in); got != want {
			t.Errorf("A(%q) = %q, want %q", in, got, want)
		}
	}
}
