package ruleset

import (
	"errors"
	"strconv"
	"strings"

	lw "github.com/umpire-referee/umpire/lightningwar"
	"github.com/umpire-referee/umpire/rules"
)

// The ruler, as the API (GET /api/games/{id}/measure) and `umpire lw measure --json` give it.

var _ rules.Measurer = (*Game)(nil)

// MeasureView is a measurement: the line's length in inches and metres, the legs of ground
// along it with their factors, the streams it crosses, and a detachment's time to cover it.
type MeasureView struct {
	From    [2]float64     `json:"from"` // inches from the table's lower-left corner
	To      [2]float64     `json:"to"`
	Inches  float64        `json:"inches"`
	Metres  float64        `json:"metres"` // 1" = 50 m
	Legs    []LegView      `json:"legs"`
	Streams []CrossingView `json:"streams"`
	Det     *TimingView    `json:"det,omitempty"`
	Text    string         `json:"text"` // as umpire lw measure prints it
}

// LegView is one leg of ground along the line.
type LegView struct {
	From     [2]float64 `json:"from"`
	To       [2]float64 `json:"to"`
	Inches   float64    `json:"inches"`
	Metres   float64    `json:"metres"`
	Ground   string     `json:"ground"` // Open, Broken Ground, Woods, Built-up, Marsh, Road
	Label    string     `json:"label"`  // with the slope: "Road + Gentle Slope"
	Road     bool       `json:"road"`
	Slope    string     `json:"slope,omitempty"` // Gentle Slope, Steep Slope
	Factor   float64    `json:"factor"`          // the ground's (the road's 1 on a road)
	Modifier float64    `json:"modifier"`        // the slope's
	Cost     float64    `json:"cost"`            // factor + modifier: speed is divided by it
	Expr     string     `json:"expr"`            // as a breakdown prints it: "(1 [Road] + 1 [Gentle Slope])"
	Stream   string     `json:"stream,omitempty"`
	Choke    string     `json:"choke,omitempty"`
	Speed    float64    `json:"speed,omitempty"` // the detachment's inches a turn here
	Turns    float64    `json:"turns,omitempty"` // and the turns it spends here
}

// CrossingView is a stream the line crosses.
type CrossingView struct {
	Stream  string     `json:"stream"`
	At      [2]float64 `json:"at"`
	Bridged bool       `json:"bridged"` // on a road: no miring check
}

// TimingView is how long the detachment would take to cover the line (a turn is about a
// minute).
type TimingView struct {
	ID      string  `json:"id"`
	Known   bool    `json:"known"`
	Why     string  `json:"why,omitempty"` // why there is no time
	Pace    string  `json:"pace"`
	Turns   float64 `json:"turns"`
	Seconds int     `json:"seconds"`
	Time    string  `json:"time"` // "2 min 30 s"
	Unit    string  `json:"unit,omitempty"`
	MPH     float64 `json:"mph,omitempty"`
	What    string  `json:"what,omitempty"` // cross-country, road speed, walking, running, gallop
	Note    string  `json:"note,omitempty"`
}

// MeasureOf is a measurement as its JSON gives it.
func MeasureOf(m *lw.Measurement) MeasureView {
	mv := MeasureView{From: inch(m.From), To: inch(m.To), Inches: rules.Round(m.Length / lw.MetresPerInch),
		Metres: rules.Round(m.Length), Legs: []LegView{}, Streams: []CrossingView{}, Text: m.Text()}
	for _, l := range m.Legs {
		lv := LegView{From: inch(l.From), To: inch(l.To), Inches: rules.Round(l.Length / lw.MetresPerInch), Metres: rules.Round(l.Length),
			Label: l.Place.Label(), Road: l.Place.OnRoad, Factor: l.Place.Factor, Cost: l.Factor(), Expr: l.Expr(), Stream: l.Stream, Choke: l.Choke,
			Speed: rules.Round(l.Speed / lw.MetresPerInch), Turns: rules.Round(l.Turns)}
		lv.Ground, _, _ = strings.Cut(lv.Label, " + ")
		if l.Place.OnRoad {
			lv.Factor = lw.MovementChart[lw.RoadGround].Factor
		}
		if l.Place.Slope != lw.Flat {
			lv.Slope, lv.Modifier = lw.SlopeChart[l.Place.Slope].Name, lw.SlopeChart[l.Place.Slope].Modifier
		}
		mv.Legs = append(mv.Legs, lv)
	}
	for _, c := range m.Streams {
		mv.Streams = append(mv.Streams, CrossingView{Stream: c.Stream, At: inch(c.At), Bridged: c.Bridged})
	}
	if t := m.Time; t != nil {
		mv.Det = &TimingView{ID: t.Det, Known: t.Known, Why: t.Why, Pace: t.Pace.String(), Unit: t.Unit, MPH: t.MPH, What: t.What, Note: t.Note}
		if t.Known {
			mv.Det.Turns, mv.Det.Seconds, mv.Det.Time = rules.Round(t.Turns), t.Seconds(), lw.Duration(t.Seconds())
		}
	}
	return mv
}

// Measure is the ruler as role knows the game: the line from from to to (points x,y in
// inches), and det's time to cover it when det names a detachment role may see (its own, or
// one the referee revealed). A side naming any other, existing or not, is told there is none.
func (g *Game) Measure(role, from, to, det string) (any, error) {
	a, err := lw.ParsePoint(from)
	if err != nil {
		return nil, &rules.BadLine{Err: errors.New("from: " + err.Error())}
	}
	b, err := lw.ParsePoint(to)
	if err != nil {
		return nil, &rules.BadLine{Err: errors.New("to: " + err.Error())}
	}
	v := viewer(role)
	if d := g.G.Det(det); det != "" && (d == nil || !v.Sees(d)) {
		return nil, &rules.NotFound{What: noDetachment(role, det)}
	}
	m, err := g.G.Measure(v, a, b, det)
	if err != nil {
		return nil, &rules.BadLine{Err: err}
	}
	return MeasureOf(m), nil
}

// noDetachment is the answer to a ruler naming a detachment role may not know of: the same
// whether it is the enemy's, unrevealed, or nobody's.
func noDetachment(role, det string) string {
	if len(det) > 40 {
		det = det[:40] + "…"
	}
	return "the " + role + " link knows of no detachment called " + strconv.Quote(det)
}
