package listing

import (
	"os"
	"path/filepath"
	"testing"
)

// The table is generated Go (listings_gen.go): it is ready when the process starts, with
// nothing to parse. BenchmarkParseAll is what loading the CSV files at start would cost
// instead (the bound: under 5 ms once per process), and BenchmarkFind and
// BenchmarkSearch what a scenario's vehicle: and the catalog's search cost per call.
func BenchmarkParseAll(b *testing.B) {
	files, _ := filepath.Glob(filepath.Join("data", "*.csv"))
	var data [][]byte
	for _, f := range files {
		d, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		data = append(data, d)
	}
	b.ReportAllocs()
	for b.Loop() {
		n := 0
		for i, d := range data {
			ls, _, err := ReadCSV(filepath.Base(files[i]), d)
			if err != nil {
				b.Fatal(err)
			}
			n += len(ls)
		}
		if n != len(Listings) {
			b.Fatalf("parsed %d listings, the table has %d", n, len(Listings))
		}
	}
}

func BenchmarkFind(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if len(Find("german", "PzKpfw IVH", "", "")) != 1 {
			b.Fatal("PzKpfw IVH not found")
		}
	}
}

func BenchmarkSearch(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if len(Search("m3", "", 20)) == 0 {
			b.Fatal("no M3")
		}
	}
}
