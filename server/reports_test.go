package server

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/rules"
)

// linePacker packs a report as its step number and line; it will not pack a line that says
// "plain", which is then kept as it is.
type linePacker struct{}

func (linePacker) PackReport(buf []byte, r *rules.Report) ([]byte, error) {
	if strings.Contains(r.Action, "plain") {
		return buf, errors.New("will not pack")
	}
	return append(strconv.AppendInt(buf, int64(r.Step), 10), " "+r.Action...), nil
}

func (linePacker) UnpackReport(b []byte) (*rules.Report, error) {
	n, line, _ := strings.Cut(string(b), " ")
	step, err := strconv.Atoi(n)
	return &rules.Report{Step: step, Action: line}, err
}

// The report log gives back each report as it was added, packed or kept as it is, in any
// order, and says so when asked for a step it does not hold.
func TestReportLog(t *testing.T) {
	for _, pk := range []rules.Packer{linePacker{}, nil} {
		rl := &reportLog{pk: pk}
		lines := []string{"a move", "plain one", "another", "plain two", "plain three", "last"}
		for i, l := range lines {
			rl.add(&rules.Report{Step: i + 1, Action: l})
		}
		if len(rl.spans) != len(lines) {
			t.Fatalf("%d reports, want %d", len(rl.spans), len(lines))
		}
		for _, i := range []int{5, 0, 3, 1, 4, 2} {
			r, err := rl.at(i)
			if err != nil || r.Step != i+1 || r.Action != lines[i] {
				t.Errorf("packer %v: report %d is %+v, %v; want step %d %q", pk, i, r, err, i+1, lines[i])
			}
		}
		for _, i := range []int{-1, len(lines)} {
			if r, err := rl.at(i); err == nil {
				t.Errorf("report %d: %+v, want an error", i, r)
			}
		}
		if pk != nil && len(rl.plain) != 3 {
			t.Errorf("%d reports kept as they are, want the 3 that would not pack", len(rl.plain))
		}
	}
}

// A long game's reports fill many chunks, and a report larger than a chunk gets one of its
// own; every one reads back as it was.
func TestReportLogChunks(t *testing.T) {
	rl := &reportLog{pk: linePacker{}}
	var lines []string
	for i := range 3000 {
		line := "move " + strconv.Itoa(i) + strings.Repeat(".", i%40)
		if i == 1500 {
			line = strings.Repeat("long", chunkSize) // four chunks' worth
		}
		lines = append(lines, line)
		rl.add(&rules.Report{Step: i + 1, Action: line})
	}
	if len(rl.chunks) < 6 {
		t.Fatalf("%d chunks: the test did not fill several", len(rl.chunks))
	}
	for i, line := range lines {
		if r, err := rl.at(i); err != nil || r.Step != i+1 || r.Action != line {
			t.Fatalf("report %d: %v, %v", i, r, err)
		}
	}
}

// countingPacker is linePacker counting its unpackings.
type countingPacker struct {
	linePacker
	unpacked *int
}

func (c countingPacker) UnpackReport(b []byte) (*rules.Report, error) {
	*c.unpacked++
	return c.linePacker.UnpackReport(b)
}

// The newest report, which every stream of the game reads the moment it is added, is given
// as it was made, not unpacked again; the one before it is unpacked from then on.
func TestReportLogNewestAsMade(t *testing.T) {
	n := 0
	rl := &reportLog{pk: countingPacker{unpacked: &n}}
	first := &rules.Report{Step: 1, Action: "first"}
	rl.add(first)
	for range 3 {
		if r, err := rl.at(0); err != nil || r != first {
			t.Fatalf("the newest report: %+v, %v; want the one added", r, err)
		}
	}
	if n != 0 {
		t.Errorf("the newest report was unpacked %d times", n)
	}
	second := &rules.Report{Step: 2, Action: "second"}
	rl.add(second)
	if r, err := rl.at(0); err != nil || r == first || r.Action != "first" || n != 1 {
		t.Errorf("report 1 once another was added: %+v (the same pointer: %v), %v, unpacked %d times; want it unpacked", r, r == first, err, n)
	}
	if r, _ := rl.at(1); r != second {
		t.Errorf("the newest report is %+v, not the one added", r)
	}
}
