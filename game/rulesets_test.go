package game

import (
	"github.com/umpire-referee/umpire/asl"
	aslrs "github.com/umpire-referee/umpire/asl/ruleset"
	"github.com/umpire-referee/umpire/lhy"
	lhyrs "github.com/umpire-referee/umpire/lhy/ruleset"
	lw "github.com/umpire-referee/umpire/lightningwar"
	lwrs "github.com/umpire-referee/umpire/lightningwar/ruleset"
)

// Package game knows no ruleset; its tests play the three umpire ships with, and look into
// their states through the adapters.

func aslOf(g *Game) *asl.Game {
	if x, ok := g.Rules().(*aslrs.Game); ok {
		return x.G
	}
	return nil
}

func lhyOf(g *Game) *lhy.Game {
	if x, ok := g.Rules().(*lhyrs.Game); ok {
		return x.G
	}
	return nil
}

func lwOf(g *Game) *lw.Game {
	if x, ok := g.Rules().(*lwrs.Game); ok {
		return x.G
	}
	return nil
}
