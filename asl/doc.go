// Package asl is the referee for ASL vehicular movement (chapter D2).
//
// A [Game] holds a [Map] (terrain per hex and hexside, levels, wrecks, SMOKE, Blaze, LOS
// overrides), the [Unit]s with their [Vehicle] counter facts and movement state, and the side
// whose Movement Phase it is. [Game.Step] applies one [Action] — start, stop, enter, VCA change,
// Bypass, Reverse, Delay, ESB, Minimum Move, end, or an outside event (attack, DEFENDER Motion
// attempt, TCA change) — with dice from a [dice.Source], and fills a [Result]: the MP spent as a
// [Cost] that prints like the rulebook's examples, every roll with its DRM and meaning, and what
// happened. A step the rules forbid returns a [*Refusal] naming the rule, and changes nothing.
// [Game.ParseStep] reads the scenario move notation.
//
// Costs come from [TerrainChart] and [HexsideChart], typed copies of the Terrain Chart's vehicle
// columns (rules-notes 1.2), in half MP ([MP]) so that road rates and half allotments are exact.
// Where the rulebook is silent or lost the package takes the default of rules-notes and its
// docs say so.
//
// The package does no I/O and keeps no globals but its read-only tables; a step does not
// allocate in the common case (see BenchmarkEnter).
package asl
