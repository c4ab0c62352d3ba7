package server

import (
	"encoding/hex"
	"encoding/json"
	"math"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/game"
	uhex "github.com/umpire-referee/umpire/hex"
	"github.com/umpire-referee/umpire/scenario"
)

// The JSON the API answers with; API.md shows each.

// stateHead is what every ruleset's state begins with: the game, the token's role, and where
// in the log this state stands.
type stateHead struct {
	ID      string   `json:"id"`
	Name    string   `json:"name"`
	Ruleset string   `json:"ruleset"`
	Role    string   `json:"role"`
	MayMove []string `json:"may_move"`
	Sides   []string `json:"sides"`
	N       int      `json:"n"`
	At      int      `json:"at"`
	Hash    string   `json:"hash"`
}

type stateView struct {
	stateHead
	Phasing string      `json:"phasing"`
	Map     *mapView    `json:"map,omitempty"`
	Units   []unitView  `json:"units"`
	Groups  []groupView `json:"groups"`

	// lhy is an LHY game's view, lw a Lightning War game's: the JSON is it, with the fields
	// above it shares.
	lhy *lhyStateView
	lw  *lwStateView
}

// MarshalJSON writes an ASL state as its fields, an LHY or Lightning War state as its own view.
func (v stateView) MarshalJSON() ([]byte, error) {
	if v.lhy != nil {
		return json.Marshal(v.lhy)
	}
	if v.lw != nil {
		return json.Marshal(v.lw)
	}
	type plain stateView
	return json.Marshal(plain(v))
}

type mapView struct {
	MinX      float64        `json:"min_x"`
	MinY      float64        `json:"min_y"`
	MaxX      float64        `json:"max_x"`
	MaxY      float64        `json:"max_y"`
	Hexes     []hexView      `json:"hexes"`
	Roads     []sideView     `json:"roads"`
	Obstacles []obstacleView `json:"obstacles"`
}

type hexView struct {
	ID      string  `json:"id"`
	X       float64 `json:"x"`
	Y       float64 `json:"y"`
	Terrain string  `json:"terrain"`
	Level   int     `json:"level"`
	Wrecks  int     `json:"wrecks"`
	Smoke   bool    `json:"smoke"`
	Blaze   bool    `json:"blaze"`
}

type sideView struct {
	A  string  `json:"a"`
	B  string  `json:"b"`
	X1 float64 `json:"x1"`
	Y1 float64 `json:"y1"`
	X2 float64 `json:"x2"`
	Y2 float64 `json:"y2"`
}

type obstacleView struct {
	Kind string `json:"kind"`
	sideView
}

type unitView struct {
	ID        string  `json:"id"`
	Side      string  `json:"side"`
	Name      string  `json:"name"`
	Class     string  `json:"class"`
	Hex       string  `json:"hex"`
	X         float64 `json:"x"`
	Y         float64 `json:"y"`
	VCA       string  `json:"vca"`
	FrontX    float64 `json:"front_x"`
	FrontY    float64 `json:"front_y"`
	State     string  `json:"state"`
	Moving    bool    `json:"moving"`
	Motion    bool    `json:"motion"`
	Reverse   bool    `json:"reverse"`
	Bypass    string  `json:"bypass"`
	MP        float64 `json:"mp"`
	Spent     float64 `json:"spent"`
	Left      float64 `json:"left"`
	Ended     bool    `json:"ended"`
	Platoon   string  `json:"platoon"`
	Convoy    string  `json:"convoy"`
	Column    string  `json:"column"`
	Immobile  string  `json:"immobile,omitempty"`
	Destroyed bool    `json:"destroyed"`
}

type groupView struct {
	ID       string   `json:"id"`
	Kind     string   `json:"kind"`
	Side     string   `json:"side"`
	Members  []string `json:"members"`
	Impulses int      `json:"impulses"`
	Ended    bool     `json:"ended"`
}

type entryView struct {
	N      int      `json:"n"`
	Line   string   `json:"line"`
	Rolls  []string `json:"rolls"`
	Report any      `json:"report"` // scenario.StepOut (ASL), lhyReport or lwReport
	Text   string   `json:"text"`
	Hash   string   `json:"hash,omitempty"`
	Hidden bool     `json:"hidden,omitempty"` // Lightning War: another side's step, not shown
}

func round(v float64) float64 { return math.Round(v*1000) / 1000 }

func hashString(h [32]byte) string { return hex.EncodeToString(h[:]) }

// view is the state of g (after step at) as role sees it; the map is left out unless withMap
// (it changes only when a wreck is added, and answers to a step carry only what moved). A
// Lightning War game's is only what role may know (lwView).
func view(l *live, g *game.Game, role string, at int, withMap bool) stateView {
	all := sides(g)
	h := l.hash
	if g != l.g {
		h = g.Hash()
	}
	v := stateView{stateHead: stateHead{ID: l.rec.ID, Name: l.rec.Name, Ruleset: g.Ruleset(), Role: role, MayMove: mayMove(role, all), Sides: all,
		N: len(l.g.Log), At: at, Hash: hashString(h)}, Units: []unitView{}, Groups: []groupView{}}
	if g.Ruleset() == game.LHY {
		lv := lhyView(g, withMap)
		lv.stateHead = v.stateHead
		v.lhy = &lv
		return v
	}
	if st := g.LightningWar(); st != nil {
		wv := lwView(st, role, withMap, h)
		hash := wv.Hash // the hash of the game as this role knows it
		wv.stateHead, wv.Hash = v.stateHead, hash
		v.lw = &wv
		return v
	}
	st := g.State()
	v.Phasing = st.Phasing
	if withMap {
		m := mapOf(st)
		v.Map = &m
	}
	lay := st.Map.Layout
	groupID := func(k int16) string {
		if k <= 0 || int(k) > len(st.Groups) {
			return ""
		}
		return st.Groups[k-1].ID
	}
	for i := range st.Units {
		u := &st.Units[i]
		x, y := u.Pos.Hex.Centre()
		uv := unitView{ID: u.ID, Side: u.Side, Hex: lay.Name(u.Pos.Hex), X: round(x), Y: round(y),
			VCA: scenario.UnitVCA(u, lay), Moving: u.Moving, Motion: u.Motion, Reverse: u.Reverse,
			MP: u.Allowance.Float(), Spent: u.Spent.Float(), Left: (u.Allowance - u.Spent).Float(), Ended: u.Ended,
			Platoon: groupID(u.Platoon), Convoy: groupID(u.Convoy), Column: groupID(u.Column), Destroyed: u.Destroyed}
		if u.V != nil {
			uv.Name, uv.Class = u.V.Name, u.V.Class.String()
		}
		// The front: the vertex of the hexspine it faces (in Bypass, the CAFP's).
		front := u.Pos.Heading
		if u.Pos.Bypass {
			front = u.Pos.CAFP()
			a, b := u.Pos.FacedHexside()
			uv.Bypass = lay.Name(a) + "-" + lay.Name(b)
		}
		ang := math.Pi / 3 * float64(front)
		uv.FrontX, uv.FrontY = round(x+math.Cos(ang)), round(y-math.Sin(ang))
		if u.Immobile != asl.Mobile {
			uv.Immobile = u.Immobile.String()
		}
		switch {
		case u.Destroyed:
			uv.State = "Destroyed"
		case u.Pos.Offboard:
			uv.State = "Offboard"
		case u.Immobile != asl.Mobile:
			uv.State = u.Immobile.String()
		case u.Moving:
			uv.State = "Moving"
		case u.Motion:
			uv.State = "Motion"
		default:
			uv.State = "Stopped"
		}
		v.Units = append(v.Units, uv)
	}
	for k := range st.Groups {
		gr := &st.Groups[k]
		if gr.Gone {
			continue
		}
		gv := groupView{ID: gr.ID, Kind: gr.Kind.String(), Members: []string{}, Impulses: gr.Impulses, Ended: gr.Ended}
		for _, m := range gr.Members {
			gv.Members = append(gv.Members, st.Units[m].ID)
			gv.Side = st.Units[m].Side
		}
		v.Groups = append(v.Groups, gv)
	}
	return v
}

// mapOf draws the map as data: every hex with its terrain, the roads and obstacles along
// hexsides (each once), with coordinates in hex radii.
func mapOf(st *asl.Game) mapView {
	lay := st.Map.Layout
	mv := mapView{MinX: -1.2, MinY: -2, Hexes: []hexView{}, Roads: []sideView{}, Obstacles: []obstacleView{}}
	for x := 0; x < lay.Width(); x++ {
		for y := 0; y < lay.Height(); y++ {
			h := uhex.Hex{X: int16(x), Y: int16(y)}
			if !lay.Contains(h) {
				continue
			}
			d := st.Map.At(h)
			cx, cy := h.Centre()
			mv.MaxX, mv.MaxY = math.Max(mv.MaxX, cx+1.2), math.Max(mv.MaxY, cy+1.2)
			mv.Hexes = append(mv.Hexes, hexView{ID: lay.Name(h), X: round(cx), Y: round(cy),
				Terrain: asl.TerrainChart[d.Terrain].Name, Level: int(d.Level), Wrecks: int(d.Wrecks), Smoke: d.Smoke, Blaze: d.Blaze})
			for s := uhex.Side(0); s < 6; s++ {
				n := h.Neighbor(s)
				if !lay.Contains(n) || !(h.X < n.X || h.X == n.X && h.Y < n.Y) {
					continue
				}
				nx, ny := n.Centre()
				if st.Map.Road(h, s) {
					mv.Roads = append(mv.Roads, sideView{A: lay.Name(h), B: lay.Name(n), X1: round(cx), Y1: round(cy), X2: round(nx), Y2: round(ny)})
				}
				kind := map[asl.HexsideObstacle]string{asl.Wall: "wall", asl.Hedge: "hedge"}[st.Map.Obstacle(h, s)]
				if kind == "" && st.Map.Roadblock(h, s) {
					kind = "roadblock"
				}
				if kind != "" {
					// Hexside s joins the corners at 60s and 60(s+1) degrees.
					a1, a2 := math.Pi/3*float64(s), math.Pi/3*float64(s+1)
					mv.Obstacles = append(mv.Obstacles, obstacleView{Kind: kind, sideView: sideView{A: lay.Name(h), B: lay.Name(n),
						X1: round(cx + math.Cos(a1)), Y1: round(cy - math.Sin(a1)), X2: round(cx + math.Cos(a2)), Y2: round(cy - math.Sin(a2))}})
				}
			}
		}
	}
	return mv
}

// reportOf is step n's report as the API shows it, and its text as `umpire play` prints it
// (ASL and LHY: a Lightning War step's is lwStepOf's, as one role may see it).
func reportOf(n int, line string, st game.Step) (any, string) {
	if st.LHY != nil {
		return lhyReportOf(n, line, st.LHY)
	}
	return st.ASL, scenario.FormatStep(st.ASL)
}

// entryOf is step n (from 1) of l's log with its report, as role may see it.
func entryOf(l *live, n int, role string) entryView {
	e := l.g.Log[n-1]
	if l.g.Ruleset() == game.LightningWar {
		ve, rep, text := lwStepOf(n, e, l.reports[n-1], role)
		ev := entryView{N: e.N, Line: ve.Line, Rolls: []string{}, Report: rep, Text: text, Hidden: rep.Hidden}
		for _, r := range ve.Rolls {
			ev.Rolls = append(ev.Rolls, r.String())
		}
		return ev
	}
	rep, text := reportOf(n, e.Line, l.reports[n-1])
	ev := entryView{N: e.N, Line: e.Line, Rolls: []string{}, Report: rep, Text: text}
	for _, r := range e.Rolls {
		ev.Rolls = append(ev.Rolls, r.String())
	}
	return ev
}

// stepEvent is the event stream's message for step n, as role may see it, with the hash of
// the state role is shown.
func stepEvent(l *live, n int, role string) []byte {
	ev := entryOf(l, n, role)
	ev.Hash = hashString(l.hash)
	if st := l.g.LightningWar(); st != nil {
		ev.Hash = lwHash(st, role, l.hash)
	}
	b, _ := json.Marshal(ev)
	return b
}

// publish tells every subscriber of step n (each as its role may see it); one that has fallen
// behind is dropped (its page reconnects and reloads). The caller holds l.mu.
func (l *live) publish(n int) {
	if len(l.subs) == 0 {
		return
	}
	msgs := map[string][]byte{}
	for ch, role := range l.subs {
		msg, ok := msgs[role]
		if !ok {
			msg = stepEvent(l, n, role)
			msgs[role] = msg
		}
		select {
		case ch <- msg:
		default:
			delete(l.subs, ch)
			close(ch)
		}
	}
}
