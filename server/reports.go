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
// (issue 22's p99). So a ruleset that can pack its reports (rules.Packer) has them kept in
// chunks of bytes, which the collector never looks inside and which are never copied as the
// log grows; a report is unpacked when a client reads its step. A ruleset that cannot, or a
// report that would not pack, is kept as it is.
type reportLog struct {
	pk      rules.Packer
	scratch []byte                // where the next report is packed
	chunks  [][]byte              // the packed reports, each in one chunk
	spans   []span                // where report i is packed; a zero span: kept in plain
	plain   map[int]*rules.Report // the reports kept as they are, by index
	// last is the newest report as it was made: every stream of the game reads it as soon as
	// it is added, and unpacking it for each cost a few percent of a busy server's CPU.
	last *rules.Report
}

// span is where a packed report is: chunks[chunk][start:end].
type span struct{ chunk, start, end int32 }

// chunkSize is the room of a chunk of packed reports (more for a report that needs it): a
// hundred or so steps.
const chunkSize = 16 << 10

// newReportLog is an empty log for a game of g's ruleset.
func newReportLog(g rules.Game) *reportLog {
	pk, _ := g.(rules.Packer)
	return &reportLog{pk: pk}
}

// add appends the report of the next step.
func (rl *reportLog) add(r *rules.Report) {
	rl.last = r
	if rl.pk != nil {
		if b, err := rl.pk.PackReport(rl.scratch[:0], r); err == nil && len(b) > 0 {
			rl.scratch = b
			last := len(rl.chunks) - 1
			if last < 0 || len(rl.chunks[last])+len(b) > cap(rl.chunks[last]) {
				rl.chunks = append(rl.chunks, make([]byte, 0, max(chunkSize, len(b))))
				last++
			}
			c := rl.chunks[last]
			rl.spans = append(rl.spans, span{int32(last), int32(len(c)), int32(len(c) + len(b))})
			rl.chunks[last] = append(c, b...)
			return
		}
	}
	if rl.plain == nil {
		rl.plain = map[int]*rules.Report{}
	}
	rl.plain[len(rl.spans)] = r
	rl.spans = append(rl.spans, span{})
}

// at is report i (from 0).
func (rl *reportLog) at(i int) (*rules.Report, error) {
	if i < 0 || i >= len(rl.spans) {
		return nil, fmt.Errorf("no report of step %d: the log holds %d", i+1, len(rl.spans))
	}
	sp := rl.spans[i]
	if sp.end == 0 {
		return rl.plain[i], nil
	}
	if i == len(rl.spans)-1 && rl.last != nil {
		return rl.last, nil
	}
	return rl.pk.UnpackReport(rl.chunks[sp.chunk][sp.start:sp.end])
}
