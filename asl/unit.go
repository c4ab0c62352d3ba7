package asl

import "github.com/umpire-referee/umpire/hex"

// Immobility says why a vehicle may not leave its Location.
type Immobility uint8

// Kinds of Immobility.
const (
	Mobile      Immobility = iota
	Immobilized            // for good (Mechanical Reliability, ESB, attack)
	Bogged                 // until freed (D8.2)
)

func (i Immobility) String() string {
	return [...]string{"Mobile", "Immobilized", "Bogged"}[i]
}

// Unit is a vehicle on the map with its movement state for the current MPh.
type Unit struct {
	ID   string
	Side string
	V    *Vehicle
	Pos  Position

	Moving  bool // has Started (or began the MPh in Motion and has started movement) and not Stopped
	Reverse bool // moving in Reverse (D2.2)
	DirSet  bool // has moved forward or in Reverse since it last Started (D2.23)
	// Motion is the Motion counter (D2.4): set at the end of an MPh or by a successful Motion
	// attempt (D2.401); removed when the vehicle starts movement or becomes Immobile.
	Motion        bool
	BeganInMotion bool
	Immobile      Immobility

	Spent     MP // MP spent this MPh
	Allowance MP // printed allotment plus ESB gains (and ALL-MP use, D2.7)
	StartStop MP // the part of Spent that was Start/Stop MP (D2.7)
	AllUsed   bool

	EnteredHex  bool // entered a new hex this MPh: a moving target (D2.1, C.8)
	ESBUsed     bool
	VCAChanged  bool
	Reversed    bool
	MinimumMove bool
	Stalled     bool // stalled this Player Turn (D2.15: no Minimum Move)
	UnbogTried  bool // made its Bog removal dr this MPh (D8.3)
	Ended       bool // its MPh is over
	// LeftCounted: the MP it had left when its MPh ended (or when an attack Immobilized,
	// Stunned, Shocked or Recalled it) are counted as spent in its final hex (D2.1), once.
	LeftCounted bool
	Destroyed   bool
	Stunned     bool // Stunned, Shocked or Recalled: no more MP this Player Turn
	Recalled    bool

	MotionAttempted bool // as DEFENDER, this enemy MPh (D2.401)
	FireMarker      bool // marked First/Final/Intensive Fire: no Motion attempt (D2.401)
	FiredPFPh       bool // fired in the preceding PFPh: may not move (D2.1)
	TI              bool // Temporarily Immobile: may not move (D2.1)
	// CanAttack lists the enemy AFVs this vehicle could attack on entering their hex with an
	// Original TK/IFT DR of 5 able to destroy or shock them (D2.6); "*" means any.
	CanAttack []string

	// Group membership: index+1 into Game.Groups, 0 for none (D14.2, E11.1, E11.5). A vehicle
	// may be in a platoon and a Convoy at once (E11.252).
	Platoon, Convoy, Column, Assault int16
	// ImpulseCharged is what its last Impulse (or step) charged it: an attack "on" a later MP
	// of that Impulse cannot affect it (D14.33).
	ImpulseCharged MP
	// origin is index+1 of the original Convoy it was part of (E11.21), 0 for none.
	origin int16
	// WasInConvoy: it has been part of a Convoy, so its Passenger capacity is 0 PP (E11.3).
	WasInConvoy bool
	// LastHex is the hex it last left this MPh: a Convoy vehicle may not re-enter it (E11.22).
	LastHex hex.Hex
	HasLast bool
	// Exited: it left the map across a board edge from ExitHex (D14.212).
	Exited  bool
	ExitHex hex.Hex
	// NTC is the Normal Task Check a radioless AFV takes to move alone (D14.23) this MPh.
	NTC NTCState
	// ntcDue: it began its MPh on the map, Mobile (the NTC of D14.23 is for such an AFV).
	ntcDue bool
	// PlatoonFree: the last AFV of a platoon is free from platoon restrictions for the rest of
	// this MPh (D14.22).
	PlatoonFree bool
	// Attacked: attacked at the end of its Convoy's preceding Impulse (E11.251 #1); Lost:
	// eliminated or Immobilized during the current MPh.
	Attacked, Lost bool
	// Hidden: not a Known enemy unit (E11.251, E11.53).
	Hidden bool
	// Infantry, Cavalry and wagons in Columns (E11.5): Pinned, Concealed ("?"), Broken (not in
	// Good Order).
	Pinned, Concealed, Broken bool
	// CX: Infantry that used Double Time (A4.5).
	CX bool
	// OffRoad: it has spent MF off road this MPh, so no road bonus (B3.4); RoadBonus: its
	// Allowance includes that bonus.
	OffRoad, RoadBonus bool
	// ColumnDisbanded: its Column Disbanded during its MPh, which ended it (E11.531).
	ColumnDisbanded bool
	// Advanced: it has advanced this APh, alone or with its Column (A4.7: one hex an APh).
	Advanced bool
	// NoStart: its Convoy expended a Stop MP this MPh, so it may not Start again (E11.2).
	NoStart bool
	// strayOK: it may Stray at night this MPh (E11.6): not in a Convoy or Column, or its lead
	// when the MPh began, or it left one of its own will.
	strayOK bool

	// Crew is its crew's BU/CE status as the `bu` and `ce` steps changed it (D2.16, D5.2):
	// CrewAsSetUp reads the vehicle's set-up fact, Vehicle.BU.
	Crew Crew

	// TCA is the Target Facing the turret points at (D2.321); Acquired the hex of the target
	// last fired on (Case A does not apply again to it).
	TCA         Facing
	Acquired    hex.Hex
	HasAcquired bool
}

// Crew is a vehicle crew's BU/CE status in play.
type Crew uint8

// Crew statuses.
const (
	CrewAsSetUp Crew = iota // as the scenario set it up (Vehicle.BU)
	CrewBU                  // buttoned up
	CrewCE                  // Crew Exposed
)

// Buttoned reports a crew buttoned up (BU, D5.2), which makes an AFV pay the BU road rate
// (D2.16).
func (u *Unit) Buttoned() bool {
	switch u.Crew {
	case CrewBU:
		return true
	case CrewCE:
		return false
	}
	return u.V.BU
}

// NTCState is where a radioless AFV stands with the Normal Task Check of D14.23 this MPh.
type NTCState uint8

// NTC states.
const (
	NTCNone   NTCState = iota // not taken
	NTCPassed                 // may move alone this MPh
	NTCFailed                 // may not move this MPh
)

// Radioless reports an AFV without a radio (D14.1); a Recalled one is treated as having one
// (D14.22).
func (u *Unit) Radioless() bool { return u.V.AFV && !u.V.Radio && !u.Recalled }

// PPCapacity is the vehicle's Passenger capacity: 0 once it has been part of a Convoy (E11.3),
// unless it set up towing a Gun (then the Gun's crew and ammo).
func (u *Unit) PPCapacity() int {
	if u.WasInConvoy && !u.V.Towing {
		return 0
	}
	return u.V.PP
}

// Remaining is the MP the unit may still spend.
func (u *Unit) Remaining() MP { return u.Allowance - u.Spent }

// Stopped reports a vehicle not moving: never started, stopped, or Immobile (a vehicle under a
// Motion counter is not stopped).
func (u *Unit) Stopped() bool { return u.Immobile != Mobile || (!u.Moving && !u.Motion) }

// InMotion reports a vehicle with a Motion counter, or moving in its MPh.
func (u *Unit) InMotion() bool {
	return u.Immobile == Mobile && (u.Motion || u.Moving)
}

// MovingTarget reports whether the unit counts as a moving target to Defensive Fire (To Hit
// Case J, D2.1, D2.13, D2.4, C.8) and why.
func (u *Unit) MovingTarget() (bool, string) {
	switch {
	case u.EnteredHex:
		return true, "it entered a new hex this MPh (D2.1)"
	case u.BeganInMotion:
		return true, "it began its MPh in Motion (D2.4)"
	case u.InMotion() && u.Motion:
		return true, "it is in Motion (D2.41)"
	}
	return false, "it has not entered a new hex this MPh and did not begin it in Motion (Start MP and VCA changes alone do not count, D2.11, D2.12)"
}

func (u *Unit) canAttack(id string) bool {
	for _, c := range u.CanAttack {
		if c == id || c == "*" {
			return true
		}
	}
	return false
}
