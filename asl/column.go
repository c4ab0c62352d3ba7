package asl

func (g *Game) checkColumn(grp *Group) error { return refuse("E11.5", "Columns are not built yet") }
func (g *Game) columnImpulseOK(gi int, parts []int, acts []Action) error {
	return refuse("E11.5", "Columns are not built yet")
}
func (g *Game) declareDisband(gi int, r *Result) error {
	return refuse("E11.53", "Columns are not built yet")
}
func (g *Game) joinColumn(ga GroupAction, r *Result) error {
	return refuse("E11.523", "Columns are not built yet")
}
