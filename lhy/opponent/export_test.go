package opponent

// Takes and Names are the package's own takes and names, for the strength trial's baseline
// players (package opponent_test), so that they judge a step and write a group as umpire does.
var Takes, Names = takes, names
