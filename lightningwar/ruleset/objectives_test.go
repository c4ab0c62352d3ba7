package ruleset

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/rules"
)

const objectivesFile = "../../testdata/lightningwar/objectives-reach-hold-edge.yaml"

// played loads a scenario text and plays its moves.
func played(t *testing.T, text string) (rules.Scenario, rules.Game, []*rules.Report) {
	t.Helper()
	_, sc, err := rules.Load("o.yaml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	g, out := rules.Play(sc, nil, nil)
	return sc, g, out.Steps
}

// TestObjectivesFile: the objectives scenario passes its expectations (worked by hand in its
// comments), and fails them with the German's points written one more.
func TestObjectivesFile(t *testing.T) {
	data, err := os.ReadFile(objectivesFile)
	if err != nil {
		t.Fatal(err)
	}
	sc, g, steps := played(t, string(data))
	if fails := sc.Check(g, steps); len(fails) > 0 {
		t.Errorf("%+v", fails)
	}
	wrong := strings.Replace(string(data), "objectives: {German: 5,", "objectives: {German: 6,", 1)
	sc, g, steps = played(t, wrong)
	if fails := sc.Check(g, steps); len(fails) != 1 || !strings.Contains(fails[0].Msg, "German expected 6 points, got 5") {
		t.Errorf("German's 6: %+v", fails)
	}
}

// objectivesSeen is the objectives in role's view of g, as JSON.
func objectivesSeen(t *testing.T, g rules.Game, role string) string {
	t.Helper()
	b, err := json.Marshal(g.View(rules.Head{Role: role}, false))
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Objectives json.RawMessage `json:"objectives"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	return string(v.Objectives)
}

// TestObjectivesHidden: objectives tell a side nothing it has not seen. A Russian detachment
// the German has not seen, standing in the wood the German is to hold, changes the referee's
// score of the hold (contested) but not the German's view of its objectives (a hold objective's
// score is the referee's to give); the German sees only its own objectives, the Russian only
// its own, a spectator none.
func TestObjectivesHidden(t *testing.T) {
	data, err := os.ReadFile(objectivesFile)
	if err != nil {
		t.Fatal(err)
	}
	plain := string(data)
	hidden := strings.Replace(plain, "  - {id: R, units: [T2], at: [46.8, 20]}\n",
		"  - {id: R, units: [T2], at: [46.8, 20]}\n  - {id: R2, units: [T3], at: [23, 13]}\n", 1)
	hidden = strings.Replace(hidden, "  - {id: T2, formation: 2Pl,", "  - {id: T3, formation: 2Pl, type: vehicle, tracked: true, size: medium, road: 24, xc: 12}\n  - {id: T2, formation: 2Pl,", 1)
	hidden = strings.Replace(hidden, "  - objectives: {German: 5, Russian: 1}\n", "", 1)
	_, a, _ := played(t, plain)
	_, b, _ := played(t, hidden)
	if objectivesSeen(t, a, rules.Referee) == objectivesSeen(t, b, rules.Referee) {
		t.Fatal("the referee's objectives are the same with a Russian in the wood: the test shows nothing")
	}
	if ga, gb := objectivesSeen(t, a, "German"), objectivesSeen(t, b, "German"); ga != gb {
		t.Errorf("an unseen Russian in the wood changes the German's objectives:\n%s\n%s", ga, gb)
	}
	for _, role := range []string{"German", "Russian"} {
		var objs []rules.Objective
		if err := json.Unmarshal([]byte(objectivesSeen(t, a, role)), &objs); err != nil || len(objs) == 0 {
			t.Fatalf("%s's objectives: %v %v", role, objs, err)
		}
		for _, o := range objs {
			if o.Side != role {
				t.Errorf("%s sees the %s's objective %q", role, o.Side, o.Text)
			}
		}
	}
	if s := objectivesSeen(t, a, rules.Spectator); s != "" {
		t.Errorf("a spectator sees objectives: %s", s)
	}
}
