package server

import (
	"fmt"

	"github.com/umpire-referee/umpire/rules"
)

// reportLog is a game's step reports in memory, in order, for the log and the event streams.
//
// A server keeps every report of every game it holds, and the garbage collector traces all
// that it keeps on every cycle: kept as they are, a long game's reports are thousands of small
// objects, and tracing them lengthens each collection, which is when steps answer slowest
// (issue 22's p99). So a ruleset that can pack its reports (rules.Packer) has them kept in one
// run of bytes, which the collector never looks inside; a report is unpacked when a client
// reads its step. A ruleset that cannot, or a report that would not pack, is kept as it is.
type reportLog struct {
	pk    rules.Packer
	buf   []byte                // the packed reports, one after another
	ends  []int                 // ends[i]: where report i ends in buf (and i+1 starts)
	plain map[int]*rules.Report // the reports kept as they are, by index (no bytes in buf)
}

// newReportLog is an empty log for a game of g's ruleset.
func newReportLog(g rules.Game) *reportLog {
	pk, _ := g.(rules.Packer)
	return &reportLog{pk: pk}
}

// add appends the report of the next step.
func (rl *reportLog) add(r *rules.Report) {
	i := len(rl.ends)
	if rl.pk != nil {
		if b, err := rl.pk.PackReport(rl.buf, r); err == nil {
			rl.buf = b
			rl.ends = append(rl.ends, len(b))
			return
		}
	}
	if rl.plain == nil {
		rl.plain = map[int]*rules.Report{}
	}
	rl.plain[i] = r
	rl.ends = append(rl.ends, len(rl.buf))
}

// len is the number of reports.
func (rl *reportLog) len() int { return len(rl.ends) }

// at is report i (from 0).
func (rl *reportLog) at(i int) (*rules.Report, error) {
	if i < 0 || i >= len(rl.ends) {
		return nil, fmt.Errorf("no report of step %d: the log holds %d", i+1, len(rl.ends))
	}
	if r, ok := rl.plain[i]; ok {
		return r, nil
	}
	start := 0
	if i > 0 {
		start = rl.ends[i-1]
	}
	return rl.pk.UnpackReport(rl.buf[start:rl.ends[i]])
}
