package lhy

import (
	"fmt"
	"strconv"
	"strings"
)

// Action is a parsed step.
type Action struct {
	Text string
	Verb string

	Hex         Hex   // assault, declare, reinforce, resolve, fire, advance: the hex
	Units       []int // assault, declare, reinforce: the attackers
	From        []Hex // per attacker: the hex it goes in from (FromSet false: worked out)
	FromSet     []bool
	Envelopment bool

	Markers []Marker // fire: one roll per marker

	Unit   int   // vda, retreat, advance, recover, withdraw
	Target int   // vda: the vehicle
	Path   []Hex // retreat, withdraw: the hexes, in order
	NoPath bool  // retreat UNIT eliminated: no Retreat is possible
}

// MarkerKind is a fire DRM marker's kind (13.x).
type MarkerKind uint8

// Fire DRM markers.
const (
	SADRM MarkerKind = iota + 1 // small arms, placed on a nationality in the hex
	MDRM                        // mortar, on the hex
	ATDRM                       // anti-tank, on one vehicle (or Fighting Position)
)

func (k MarkerKind) String() string {
	return [...]string{"", "SADRM", "MDRM", "ATDRM"}[k]
}

// Marker is one fire DRM marker.
type Marker struct {
	Kind    MarkerKind
	DRM     int
	Nation  Nation // SADRM: the nationality it is placed on
	Target  int    // ATDRM: the unit it is placed on
	MV      int    // MDRM: the mortar's MFA MV (a natural 10 with MV >= 2 hits a vehicle, 13.1.7)
	ATV     int    // ATDRM: the firer's ATV, -1 when not given (a kill with ATV > 0 causes Collateral Damage)
	MG      bool   // ATDRM: fired by an MG (a Towed Gun survives the Collateral Damage)
	Enfilad bool   // ATDRM: the target is enfiladed (use its AEV)
	By      []int  // SADRM: the firing units, if named (a Regrouping firer fires at -1, adjacent only)
}

// Verbs lists the step verbs with their notation, for help and errors.
const Verbs = `assault HEX UNIT[@FROM]... [envelopment]   declare and resolve an Assault (14.0)
declare HEX UNIT[@FROM]... [envelopment]   declare an Assault, resolved later by: resolve HEX
reinforce HEX UNIT[@FROM]...               add attackers to a declared Assault
resolve HEX                                resolve a declared Assault
fire HEX: MARKER, MARKER...                fire resolution (13.x); a MARKER is one of
                                             sa [NATION] DRM [by UNIT...]
                                             mortar DRM [mv N]
                                             at UNIT DRM [atv N] [mg] [enfilade]
vda UNIT VEHICLE                           Vehicle Destruction Attempt after an Assault (14.3.2)
retreat UNIT HEX HEX...                    a loser's Retreat (14.3.3); retreat UNIT eliminated
advance UNIT HEX                           Advance after an Assault (14.3)
recover UNIT                               a Recovery roll (ends Regrouping or Disruption)
withdraw UNIT HEX...                       a Withdrawal of 1-4 hexes (ends Regrouping, 10.3.1)
turn                                       a new turn (Advance and Assault limits reset)`

// Parse reads one step of LHY notation against the game's units and map.
func Parse(g *Game, line string) (Action, error) {
	a := Action{Text: strings.TrimSpace(line)}
	head, rest, _ := strings.Cut(a.Text, ":")
	words := strings.Fields(strings.ReplaceAll(head, ",", " "))
	if len(words) == 0 {
		return a, fmt.Errorf("empty step")
	}
	a.Verb = strings.ToLower(words[0])
	args := words[1:]
	if a.Verb != "fire" && strings.TrimSpace(rest) != "" {
		args = append(args, strings.Fields(strings.ReplaceAll(rest, ",", " "))...)
	}
	var err error
	switch a.Verb {
	case "assault", "declare", "reinforce", "resolve":
		err = a.parseAssault(g, args)
	case "fire":
		err = a.parseFire(g, args, rest)
	case "vda", "retreat", "advance":
		err = a.parseAftermath(g, args)
	case "recover", "withdraw":
		err = a.parseRegrouping(g, args)
	case "turn":
		if len(args) > 0 {
			return a, fmt.Errorf("turn takes nothing after it")
		}
	default:
		return a, fmt.Errorf("unknown step %q; the steps are:\n%s", words[0], Verbs)
	}
	return a, err
}

// unitArg is the index of the unit named s.
func unitArg(g *Game, s string) (int, error) {
	i, ok := g.Unit(s)
	if !ok {
		return 0, fmt.Errorf("no unit %q", s)
	}
	return i, nil
}

// needArgs checks that the step has at least n arguments, and says how to write it if not.
func (a *Action) needArgs(args []string, n int, usage string) error {
	if len(args) < n {
		return fmt.Errorf("%s: write %s", a.Verb, usage)
	}
	return nil
}

// parseAssault reads an Assault (14.0): declared and resolved at once (assault), declared to
// be resolved later (declare), joined by more attackers (reinforce), each with the hex it goes
// in from (UNIT@FROM) if not worked out, or resolved (resolve HEX).
func (a *Action) parseAssault(g *Game, args []string) error {
	var err error
	if a.Verb == "resolve" {
		if err := a.needArgs(args, 1, "resolve HEX"); err != nil {
			return err
		}
		if len(args) > 1 {
			return fmt.Errorf("resolve: write resolve HEX")
		}
		a.Hex, err = g.Map.Parse(args[0])
		return err
	}
	if err := a.needArgs(args, 2, a.Verb+" HEX UNIT..."); err != nil {
		return err
	}
	if a.Hex, err = g.Map.Parse(args[0]); err != nil {
		return err
	}
	for _, w := range args[1:] {
		if strings.EqualFold(w, "envelopment") {
			if a.Verb == "reinforce" {
				return fmt.Errorf("reinforce: Envelopment is declared with the Assault")
			}
			a.Envelopment = true
			continue
		}
		id, from, has := strings.Cut(w, "@")
		i, err := unitArg(g, id)
		if err != nil {
			return err
		}
		for _, j := range a.Units {
			if j == i {
				return fmt.Errorf("%s is named twice", g.name(i))
			}
		}
		var fh Hex
		if has {
			if fh, err = g.Map.Parse(from); err != nil {
				return err
			}
		}
		a.Units = append(a.Units, i)
		a.From = append(a.From, fh)
		a.FromSet = append(a.FromSet, has)
	}
	if len(a.Units) == 0 {
		return fmt.Errorf("%s: name the attacking units", a.Verb)
	}
	return nil
}

// parseFire reads a fire resolution (13.x): fire HEX: MARKER, MARKER..., one roll per fire
// DRM marker, the markers written after the colon (rest).
func (a *Action) parseFire(g *Game, args []string, rest string) error {
	var err error
	if err := a.needArgs(args, 1, "fire HEX: MARKER, ..."); err != nil {
		return err
	}
	if len(args) > 1 {
		return fmt.Errorf("fire: put a colon after the hex: fire %s: sa +1", args[0])
	}
	if a.Hex, err = g.Map.Parse(args[0]); err != nil {
		return err
	}
	for _, m := range strings.Split(rest, ",") {
		if strings.TrimSpace(m) == "" {
			continue
		}
		mk, err := parseMarker(g, strings.Fields(m))
		if err != nil {
			return fmt.Errorf("fire: %q: %v", strings.TrimSpace(m), err)
		}
		a.Markers = append(a.Markers, mk)
	}
	if len(a.Markers) == 0 {
		return fmt.Errorf("fire: name at least one DRM marker after the colon (sa DRM, mortar DRM, at UNIT DRM)")
	}
	return nil
}

// parseAftermath reads what follows an Assault's result (14.3): a Vehicle Destruction Attempt
// (vda UNIT VEHICLE, 14.3.2), the loser's Retreat (retreat UNIT HEX..., or retreat UNIT
// eliminated, 14.3.3) and the winner's Advance (advance UNIT HEX).
func (a *Action) parseAftermath(g *Game, args []string) error {
	var err error
	switch a.Verb {
	case "vda":
		if err := a.needArgs(args, 2, "vda UNIT VEHICLE"); err != nil {
			return err
		}
		if len(args) > 2 {
			return fmt.Errorf("vda: write vda UNIT VEHICLE")
		}
		if a.Unit, err = unitArg(g, args[0]); err != nil {
			return err
		}
		a.Target, err = unitArg(g, args[1])
	case "retreat":
		if err := a.needArgs(args, 2, "retreat UNIT HEX... (or retreat UNIT eliminated)"); err != nil {
			return err
		}
		if a.Unit, err = unitArg(g, args[0]); err != nil {
			return err
		}
		if len(args) == 2 && (strings.EqualFold(args[1], "eliminated") || strings.EqualFold(args[1], "none")) {
			a.NoPath = true
			break
		}
		if len(args)-1 > 16 {
			return fmt.Errorf("retreat: %d hexes is no Retreat (the notation takes at most 16; the referee judges the Retreat's length)", len(args)-1)
		}
		for _, w := range args[1:] {
			h, err := g.Map.Parse(w)
			if err != nil {
				return err
			}
			a.Path = append(a.Path, h)
		}
	case "advance":
		if err := a.needArgs(args, 2, "advance UNIT HEX"); err != nil {
			return err
		}
		if len(args) > 2 {
			return fmt.Errorf("advance: write advance UNIT HEX")
		}
		if a.Unit, err = unitArg(g, args[0]); err != nil {
			return err
		}
		a.Hex, err = g.Map.Parse(args[1])
	}
	return err
}

// parseRegrouping reads the two ways out of Regrouping or Disruption: a Recovery roll (recover
// UNIT) and a Withdrawal of 1 to 4 hexes (withdraw UNIT HEX..., 10.3.1).
func (a *Action) parseRegrouping(g *Game, args []string) error {
	var err error
	switch a.Verb {
	case "recover":
		if err := a.needArgs(args, 1, "recover UNIT"); err != nil {
			return err
		}
		if len(args) > 1 {
			return fmt.Errorf("recover: write recover UNIT")
		}
		a.Unit, err = unitArg(g, args[0])
	case "withdraw":
		if err := a.needArgs(args, 2, "withdraw UNIT HEX..."); err != nil {
			return err
		}
		if len(args)-1 > 4 {
			return fmt.Errorf("withdraw: a Withdrawal is 1 to 4 hexes")
		}
		if a.Unit, err = unitArg(g, args[0]); err != nil {
			return err
		}
		for _, w := range args[1:] {
			h, err := g.Map.Parse(w)
			if err != nil {
				return err
			}
			a.Path = append(a.Path, h)
		}
	}
	return err
}

func parseDRM(s string) (int, error) {
	v, err := strconv.Atoi(strings.TrimPrefix(s, "+"))
	if err != nil || v < -20 || v > 20 {
		return 0, fmt.Errorf("%q is not a DRM (like +2 or -1)", s)
	}
	return v, nil
}

func parseMarker(g *Game, w []string) (Marker, error) {
	if len(w) == 0 {
		return Marker{}, fmt.Errorf("empty marker")
	}
	var m Marker
	opt := func(rest []string) error {
		for i := 0; i < len(rest); i++ {
			switch strings.ToLower(rest[i]) {
			case "mv", "atv":
				if i+1 >= len(rest) {
					return fmt.Errorf("%s needs a number", rest[i])
				}
				v, err := strconv.Atoi(rest[i+1])
				if err != nil || v < -5 || v > 20 {
					return fmt.Errorf("%s %q is not a number", rest[i], rest[i+1])
				}
				if strings.EqualFold(rest[i], "mv") {
					if m.Kind != MDRM {
						return fmt.Errorf("mv belongs to a mortar marker")
					}
					m.MV = v
				} else {
					if m.Kind != ATDRM {
						return fmt.Errorf("atv belongs to an at marker")
					}
					m.ATV = v
				}
				i++
			case "mg":
				if m.Kind != ATDRM {
					return fmt.Errorf("mg belongs to an at marker")
				}
				m.MG = true
			case "enfilade", "enfiladed":
				if m.Kind != ATDRM {
					return fmt.Errorf("enfilade belongs to an at marker")
				}
				m.Enfilad = true
			default:
				return fmt.Errorf("unknown option %q", rest[i])
			}
		}
		return nil
	}
	var err error
	switch strings.ToLower(w[0]) {
	case "sa", "sadrm":
		m.Kind = SADRM
		for i, x := range w {
			if strings.EqualFold(x, "by") {
				if i+1 >= len(w) {
					return m, fmt.Errorf("by names the firing units")
				}
				for _, id := range w[i+1:] {
					j, ok := g.Unit(id)
					if !ok {
						return m, fmt.Errorf("no unit %q", id)
					}
					m.By = append(m.By, j)
				}
				w = w[:i]
				break
			}
		}
		switch len(w) {
		case 2:
			m.DRM, err = parseDRM(w[1])
		case 3:
			if m.Nation, err = ParseNation(w[1]); err == nil {
				m.DRM, err = parseDRM(w[2])
			}
		default:
			err = fmt.Errorf("write sa [NATION] DRM")
		}
	case "mortar", "m", "mdrm":
		m.Kind = MDRM
		if len(w) < 2 {
			return m, fmt.Errorf("write mortar DRM [mv N]")
		}
		if m.DRM, err = parseDRM(w[1]); err == nil {
			err = opt(w[2:])
		}
	case "at", "atdrm":
		m.Kind = ATDRM
		m.ATV = -1 // none unless written
		if len(w) < 3 {
			return m, fmt.Errorf("write at UNIT DRM [atv N] [mg] [enfilade]")
		}
		i, ok := g.Unit(w[1])
		if !ok {
			return m, fmt.Errorf("no unit %q", w[1])
		}
		m.Target = i
		if m.DRM, err = parseDRM(w[2]); err == nil {
			err = opt(w[3:])
		}
	default:
		err = fmt.Errorf("a marker is sa, mortar or at")
	}
	return m, err
}
