package server

import (
	aslrs "github.com/umpire-referee/umpire/asl/ruleset"
	lhyrs "github.com/umpire-referee/umpire/lhy/ruleset"
	lwrs "github.com/umpire-referee/umpire/lightningwar/ruleset"
)

// The server knows no ruleset: its tests play the three umpire ships with, registered by
// importing their adapters, and read the answers with the adapters' view types.

type (
	stateView    = aslrs.StateView
	unitView     = aslrs.UnitView
	stepOption   = aslrs.StepOption
	reachHex     = aslrs.ReachHex
	lhyStateView = lhyrs.StateView
	lhyUnitView  = lhyrs.UnitView
	lhyReport    = lhyrs.ReportView
	oddsAnswer   = lhyrs.OddsAnswer
	lhyHexView   = lhyrs.HexView
	lwStateView  = lwrs.StateView
	lwDetView    = lwrs.DetView
	lwOrderView  = lwrs.OrderView
)

// aslAnswerError is an error answer to an ASL game's step, its state read as an ASL state.
type aslAnswerError struct {
	Error  string     `json:"error"`
	Rule   string     `json:"rule,omitempty"`
	N      int        `json:"n,omitempty"`
	Report any        `json:"report,omitempty"`
	State  *stateView `json:"state,omitempty"`
}
