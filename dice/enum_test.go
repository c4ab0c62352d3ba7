package dice

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"testing"
)

// Enumerate's chances are exact: each table's steps are toy steps whose odds are worked out by
// hand.
func TestEnumerate(t *testing.T) {
	bogs := func(drm int) func(int) int {
		return func(total int) int {
			if total+drm >= 12 {
				return 1
			}
			return 0
		}
	}
	for _, tc := range []struct {
		name  string
		run   func(src Source) (string, error)
		want  map[string]string // outcome -> exact chance
		paths int
	}{
		{"no roll", func(Source) (string, error) { return "nothing", nil }, map[string]string{"nothing": "1"}, 1},
		{"a dr, face by face", func(src Source) (string, error) {
			r, err := src.Roll(Dr)
			return fmt.Sprint(r.Total), err
		}, map[string]string{"1": "1/6", "2": "1/6", "3": "1/6", "4": "1/6", "5": "1/6", "6": "1/6"}, 6},
		{"a DR by its totals", func(src Source) (string, error) {
			r, err := src.Roll(DR)
			return fmt.Sprint(r.Total >= 11), err
		}, map[string]string{"true": "1/12", "false": "11/12"}, 11},
		{"a Bog Check with +4 DRM (D2.33 EX: Original DR 8..12 bogs)", func(src Source) (string, error) {
			r, err := Check(src, DR, bogs(4))
			return fmt.Sprint(int(r.Total)+4 >= 12), err
		}, map[string]string{"true": "5/12", "false": "7/12"}, 2},
		{"a check that cannot fail is one path", func(src Source) (string, error) {
			_, err := Check(src, DR, bogs(-20))
			return "fine", err
		}, map[string]string{"fine": "1"}, 1},
		{"a second roll only after the first passes", func(src Source) (string, error) {
			r, err := Check(src, Dr, func(t int) int { return t / 5 }) // 1-4 pass, 5-6 fail
			if err != nil || r.Total >= 5 {
				return "failed first", err
			}
			r, err = Check(src, DR, bogs(0))
			return fmt.Sprint("second ", r.Total == 12), err
		}, map[string]string{"failed first": "1/3", "second true": "1/54", "second false": "35/54"}, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := map[string]*big.Rat{}
			paths, err := Enumerate(context.Background(), 0, tc.run, func(out string, p *big.Rat) {
				if got[out] == nil {
					got[out] = new(big.Rat)
				}
				got[out].Add(got[out], p)
			})
			if err != nil {
				t.Fatal(err)
			}
			if paths != tc.paths {
				t.Errorf("%d paths, want %d", paths, tc.paths)
			}
			if len(got) != len(tc.want) {
				t.Errorf("outcomes %v, want %v", got, tc.want)
			}
			for k, w := range tc.want {
				if got[k] == nil || got[k].RatString() != w {
					t.Errorf("%s: %v, want %s", k, got[k], w)
				}
			}
		})
	}
}

// Enumerate stops at its limit, passes on a run's own error, and plays a check from any other
// Source as a plain roll.
func TestEnumerateStops(t *testing.T) {
	two := func(src Source) (int, error) {
		a, err := src.Roll(DR)
		if err != nil {
			return 0, err
		}
		b, err := src.Roll(DR)
		return int(a.Total + b.Total), err
	}
	if _, err := Enumerate(context.Background(), 20, two, func(int, *big.Rat) {}); !errors.Is(err, ErrTooManyPaths) {
		t.Errorf("121 paths with a limit of 20: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Enumerate(ctx, 0, two, func(int, *big.Rat) {}); !errors.Is(err, context.Canceled) {
		t.Errorf("a done context: %v", err)
	}
	refused := errors.New("refused")
	if _, err := Enumerate(context.Background(), 0, func(Source) (int, error) { return 0, refused }, func(int, *big.Rat) {}); err != refused {
		t.Errorf("a refused step: %v", err)
	}
	s := &Script{Values: []int{9}}
	if r, err := Check(s, DR, func(int) int { return 0 }); err != nil || r.Total != 9 {
		t.Errorf("a check from a script: %v %v", r, err)
	}
}
