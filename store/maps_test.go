package store

import (
	"context"
	"errors"
	"reflect"
	"testing"
)

func TestMaps(t *testing.T) {
	stores(t, func(t *testing.T, open func() Store) {
		s := open()
		defer s.Close()
		ctx := context.Background()
		m := Map{Name: newID(t), Ruleset: "asl", Data: []byte("boards: [\"2\"]\n"), Summary: "board 2",
			Token: []byte{1, 2, 3}, Updated: 7}
		if err := s.CreateMap(ctx, m); err != nil {
			t.Fatal(err)
		}
		got, err := s.Map(ctx, m.Name)
		if err != nil || !reflect.DeepEqual(got, m) {
			t.Fatalf("read back %+v, %v; want %+v", got, err, m)
		}
		if err := s.CreateMap(ctx, Map{Name: m.Name, Ruleset: "asl", Data: []byte("x"), Token: []byte{9}}); !errors.Is(err, ErrConflict) {
			t.Errorf("a second map of the same name: %v, want ErrConflict", err)
		}
		list, err := s.Maps(ctx)
		found := false
		for _, l := range list {
			if l.Name == m.Name {
				found = l.Ruleset == "asl" && l.Summary == "board 2" && l.Updated == 7 && l.Data == nil && l.Token == nil
			}
		}
		if err != nil || !found {
			t.Errorf("Maps: %+v, %v; want %s listed without data or token", list, err, m.Name)
		}
		if n, err := s.MapCount(ctx); err != nil || n != len(list) {
			t.Errorf("MapCount: %d, %v; want %d, the maps listed", n, err, len(list))
		}
		up := m
		up.Data, up.Summary, up.Updated = []byte("boards: [\"3\"]\n"), "board 3", 8
		for _, c := range []struct {
			name  string
			token []byte
			want  error
		}{
			{"the wrong token", []byte{9}, ErrMapNotFound},
			{"its token", m.Token, nil},
		} {
			u := up
			u.Token = c.token
			if err := s.UpdateMap(ctx, u); !errors.Is(err, c.want) || (c.want == nil && err != nil) {
				t.Errorf("update with %s: %v, want %v", c.name, err, c.want)
			}
		}
		if got, _ := s.Map(ctx, m.Name); !reflect.DeepEqual(got, up) {
			t.Errorf("after update %+v, want %+v", got, up)
		}
		if err := s.DeleteMap(ctx, m.Name, []byte{9}); !errors.Is(err, ErrMapNotFound) {
			t.Errorf("delete with the wrong token: %v", err)
		}
		if err := s.DeleteMap(ctx, m.Name, m.Token); err != nil {
			t.Errorf("delete: %v", err)
		}
		if _, err := s.Map(ctx, m.Name); !errors.Is(err, ErrNotFound) {
			t.Errorf("read after delete: %v, want ErrNotFound", err)
		}
		if err := s.UpdateMap(ctx, up); !errors.Is(err, ErrNotFound) {
			t.Errorf("update after delete: %v, want ErrNotFound", err)
		}
	})
}

// TestMapsKeptAcrossOpen: a saved map is on disk, not in memory.
func TestMapsKeptAcrossOpen(t *testing.T) {
	stores(t, func(t *testing.T, open func() Store) {
		ctx := context.Background()
		s := open()
		m := Map{Name: newID(t), Ruleset: "lightningwar", Data: []byte("table: {width: 24}\n"), Summary: "24 x 48 in", Token: []byte{4}, Updated: 1}
		if err := s.CreateMap(ctx, m); err != nil {
			t.Fatal(err)
		}
		s.Close()
		s = open()
		defer s.Close()
		if got, err := s.Map(ctx, m.Name); err != nil || !reflect.DeepEqual(got, m) {
			t.Errorf("after reopening: %+v, %v", got, err)
		}
	})
}
