package asl

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/umpire-referee/umpire/hex"
)

// ParseMP reads an MP amount: "3", "1.5", "1½", "½".
func ParseMP(s string) (MP, error) {
	t := strings.TrimSpace(s)
	half := false
	if strings.HasSuffix(t, "½") {
		half = true
		t = strings.TrimSuffix(t, "½")
	} else if strings.HasSuffix(t, ".5") {
		half = true
		t = strings.TrimSuffix(t, ".5")
	} else {
		t = strings.TrimSuffix(t, ".0")
	}
	n := 0
	if t != "" {
		v, err := strconv.Atoi(t)
		if err != nil || v < 0 || v > 1000 {
			return 0, fmt.Errorf("%q is not an MP amount (write 3, 1.5 or 1½)", s)
		}
		n = v
	} else if !half {
		return 0, fmt.Errorf("%q is not an MP amount (write 3, 1.5 or 1½)", s)
	}
	m := Whole(n)
	if half {
		m++
	}
	return m, nil
}

// ParseStep reads one step of the move notation (scenario-format.md):
//
//	UNIT start | stop | end | exit | unbog  (exit: leave the map across the board edge ahead;
//	                              unbog: a Bog removal attempt, D8.3)
//	UNIT end toward HEX           (end in Motion with MP left that cannot pay HEX, D2.4)
//	UNIT enter HEX [all]          (all: pay ALL MP where the chart offers half or ALL)
//	UNIT vca A-B
//	UNIT bypass OBST-ADJ
//	UNIT reverse HEX | UNIT reverse bypass OBST-ADJ
//	UNIT delay N | UNIT esb N     (N in MP; halves allowed)
//	UNIT minimum HEX
//	UNIT tca HEX                  (turn the TCA to fire on HEX: reports Case A, C5.1/D2.321)
//	UNIT bu | UNIT ce             (the crew buttons up or unbuttons, any time: D2.16)
//	UNIT fire-vca A-B             (a VCA change by firing in a fire phase, no MP: D2.11)
//	attack UNIT missed|destroyed|immobilized|shocked|stunned|recalled|pinned|broken|reduced [mines | on N]
//	motion-attempt UNIT [vca A-B] [vs ENEMY]
func (g *Game) ParseStep(line string) (Action, error) {
	f := strings.Fields(line)
	a := Action{Versus: -1}
	if len(f) == 0 {
		return a, fmt.Errorf("empty step: write UNIT VERB ARGS, like \"T1 enter M3\"")
	}
	// Steps that name the verb first: outside events.
	if _, isUnit := g.Unit(f[0]); !isUnit {
		switch strings.ToLower(f[0]) {
		case "attack":
			return g.parseAttack(f, a)
		case "motion-attempt":
			return g.parseMotionAttempt(f, a)
		}
		_, err := g.stepUnit(f[0])
		return a, err
	}
	i, _ := g.Unit(f[0])
	a.Unit = i
	if len(f) < 2 {
		return a, fmt.Errorf("%s: no verb (start, stop, enter HEX, vca A-B, bypass OBST-ADJ, reverse HEX, delay N, esb N, minimum HEX, end)", f[0])
	}
	return g.parseExpenditure(f, a)
}

// stepUnit is the index of the unit named id, or an error listing the units.
func (g *Game) stepUnit(id string) (int, error) {
	if i, ok := g.Unit(id); ok {
		return i, nil
	}
	var ids []string
	for _, u := range g.Units {
		ids = append(ids, u.ID)
	}
	return 0, fmt.Errorf("no unit %q (units: %s)", id, strings.Join(ids, ", "))
}

// adjacentPair reads two adjacent hexes written A-B: a hexside or a VCA's hexspine.
func (g *Game) adjacentPair(s string) (hex.Hex, hex.Hex, error) {
	lay := g.Map.Layout
	x, y, err := lay.ParsePair(s)
	if err == nil && !x.Adjacent(y) {
		err = fmt.Errorf("%q: %s and %s are not adjacent", s, lay.Name(x), lay.Name(y))
	}
	return x, y, err
}

// stepArgs checks that step f (UNIT VERB ARGS) has want arguments after its verb.
func stepArgs(f []string, verb string, want int, usage string) error {
	if len(f)-2 != want {
		return fmt.Errorf("%q takes %s", verb, usage)
	}
	return nil
}

// parseAttack reads an attack on a vehicle, an outside event the referee reports: attack UNIT
// RESULT [mines | on N], N the MP of the Impulse it is made on.
func (g *Game) parseAttack(f []string, a Action) (Action, error) {
	if len(f) == 4 && (strings.EqualFold(f[3], "mines") || strings.EqualFold(f[3], "minefield")) {
		a.Mines = true
		f = f[:3]
	}
	if len(f) == 5 && strings.EqualFold(f[3], "on") {
		n, err := ParseMP(strings.TrimSuffix(strings.ToLower(f[4]), "mp"))
		if err != nil || n == 0 {
			return a, fmt.Errorf("attack ... on N: N is the MP of the Impulse the attack is made on, like \"on 2\"")
		}
		a.OnMP = n
		f = f[:3]
	}
	if len(f) != 3 {
		return a, fmt.Errorf("write \"attack UNIT RESULT\" with RESULT one of %s", strings.Join(attackNames[:], ", "))
	}
	i, err := g.stepUnit(f[1])
	if err != nil {
		return a, err
	}
	a.Verb, a.Unit = VerbAttack, i
	for k, n := range attackNames {
		if strings.EqualFold(n, f[2]) {
			a.Attack = AttackResult(k)
			return a, nil
		}
	}
	return a, fmt.Errorf("attack result %q: use one of %s", f[2], strings.Join(attackNames[:], ", "))
}

// parseMotionAttempt reads a DEFENDING vehicle's Motion attempt (D2.401): motion-attempt UNIT
// [vca A-B] [vs ENEMY].
func (g *Game) parseMotionAttempt(f []string, a Action) (Action, error) {
	if len(f) < 2 {
		return a, fmt.Errorf("write \"motion-attempt UNIT [vca A-B] [vs ENEMY]\"")
	}
	i, err := g.stepUnit(f[1])
	if err != nil {
		return a, err
	}
	a.Verb, a.Unit = VerbMotionAttempt, i
	rest := f[2:]
	for len(rest) > 0 {
		if len(rest) < 2 {
			return a, fmt.Errorf("motion-attempt: %q needs an argument", rest[0])
		}
		switch strings.ToLower(rest[0]) {
		case "vca":
			if a.A, a.B, err = g.adjacentPair(rest[1]); err != nil {
				return a, err
			}
			a.HasVCA = true
		case "vs":
			if a.Versus, err = g.stepUnit(rest[1]); err != nil {
				return a, err
			}
		default:
			return a, fmt.Errorf("motion-attempt: unknown option %q (vca A-B, vs ENEMY)", rest[0])
		}
		rest = rest[2:]
	}
	return a, nil
}

// parseExpenditure reads a unit's own MP expenditure, UNIT VERB ARGS: Start and Stop (D2.12,
// D2.13), entering a hex (D2.1, ALL MP D2.7), a VCA change (D2.11), Bypass (D2.3), Reverse
// (D2.2), Delay (D2.17), ESB (D2.5), a Minimum Move (D2.15), a TCA change (D2.321), exit and
// end.
func (g *Game) parseExpenditure(f []string, a Action) (Action, error) {
	lay := g.Map.Layout
	verb := strings.ToLower(f[1])
	var err error
	switch verb {
	case "end":
		a.Verb = VerbEnd
		if len(f) == 2 {
			return a, nil
		}
		if len(f) != 4 || !strings.EqualFold(f[2], "toward") {
			return a, fmt.Errorf("\"end\" takes no arguments, or \"toward HEX\": the hex it wished to enter next and cannot afford (D2.4), like \"%s end toward M5\"", f[0])
		}
		a.Toward = true
		a.A, err = lay.Parse(f[3])
	case "start", "stop", "exit", "bu", "ce", "unbog":
		if err = stepArgs(f, verb, 0, "no arguments"); err != nil {
			return a, err
		}
		a.Verb = map[string]Verb{"start": VerbStart, "stop": VerbStop, "exit": VerbExit, "bu": VerbBU, "ce": VerbCE, "unbog": VerbUnbog}[verb]
	case "enter", "minimum":
		a.Verb = VerbEnter
		if verb == "minimum" {
			a.Verb = VerbMinimum
		}
		if len(f) == 4 && verb == "enter" && strings.EqualFold(f[3], "all") {
			a.All = true
		} else if err = stepArgs(f, verb, 1, "one hex, like \""+verb+" M3\""); err != nil {
			return a, err
		}
		a.A, err = lay.Parse(f[2])
	case "vca", "fire-vca":
		if err = stepArgs(f, verb, 1, "the new VCA as two hexes, like \""+verb+" N2-N3\""); err != nil {
			return a, err
		}
		a.Verb = VerbVCA
		if verb == "fire-vca" {
			a.Verb = VerbFireVCA
		}
		a.A, a.B, err = lay.ParsePair(f[2])
	case "bypass":
		if err = stepArgs(f, verb, 1, "a hexside written obstacle hex first, like \"bypass K2-J1\""); err != nil {
			return a, err
		}
		a.Verb = VerbBypass
		a.A, a.B, err = g.adjacentPair(f[2])
	case "reverse":
		if len(f) == 4 && strings.EqualFold(f[2], "bypass") {
			a.Verb = VerbReverseBypass
			a.A, a.B, err = g.adjacentPair(f[3])
		} else {
			if err = stepArgs(f, verb, 1, "a hex (\"reverse FF6\") or \"bypass OBST-ADJ\""); err != nil {
				return a, err
			}
			a.Verb = VerbReverse
			a.A, err = lay.Parse(f[2])
		}
	case "tca":
		if err = stepArgs(f, verb, 1, "the hex of the target, like \"tca AA4\""); err != nil {
			return a, err
		}
		a.Verb = VerbTCA
		a.A, err = lay.Parse(f[2])
	case "delay", "esb":
		if err = stepArgs(f, verb, 1, "an MP amount, like \""+verb+" 2\""); err != nil {
			return a, err
		}
		a.Verb = VerbDelay
		if verb == "esb" {
			a.Verb = VerbESB
		}
		a.N, err = ParseMP(f[2])
	default:
		return a, fmt.Errorf("%s: unknown verb %q (start, stop, enter HEX, vca A-B, bypass OBST-ADJ, reverse HEX, reverse bypass OBST-ADJ, delay N, esb N, minimum HEX, end, end toward HEX, bu, ce, fire-vca A-B)", f[0], f[1])
	}
	return a, err
}

// Describe writes an action back in move notation.
func (g *Game) Describe(a Action) string {
	lay := g.Map.Layout
	id := ""
	if a.Unit >= 0 && a.Unit < len(g.Units) {
		id = g.Units[a.Unit].ID
	}
	switch a.Verb {
	case VerbEnd:
		if a.Toward {
			return id + " end toward " + lay.Name(a.A)
		}
		return id + " end"
	case VerbStart, VerbStop, VerbExit, VerbNone, VerbBU, VerbCE, VerbUnbog:
		return id + " " + a.Verb.String()
	case VerbEnter, VerbMinimum, VerbReverse, VerbTCA:
		s := id + " " + a.Verb.String() + " " + lay.Name(a.A)
		if a.All {
			s += " all"
		}
		return s
	case VerbVCA, VerbBypass, VerbReverseBypass, VerbFireVCA:
		return id + " " + a.Verb.String() + " " + lay.Name(a.A) + "-" + lay.Name(a.B)
	case VerbDelay, VerbESB:
		return id + " " + a.Verb.String() + " " + a.N.String()
	case VerbAttack:
		return "attack " + id + " " + a.Attack.String()
	case VerbMotionAttempt:
		s := "motion-attempt " + id
		if a.HasVCA {
			s += " vca " + lay.Name(a.A) + "-" + lay.Name(a.B)
		}
		if a.Versus >= 0 && a.Versus < len(g.Units) {
			s += " vs " + g.Units[a.Versus].ID
		}
		return s
	}
	return id + " ?"
}
