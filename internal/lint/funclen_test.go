package lint

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// maxLines is the longest a function may be, from its func line to its closing brace.
const maxLines = 150

// isTable: a function that only returns (or assigns) one composite literal is a data table,
// which may be as long as its data.
func isTable(fn *ast.FuncDecl) bool {
	if len(fn.Body.List) != 1 {
		return false
	}
	switch st := fn.Body.List[0].(type) {
	case *ast.ReturnStmt:
		if len(st.Results) == 1 {
			_, ok := st.Results[0].(*ast.CompositeLit)
			return ok
		}
	}
	return false
}

// TestFunctionLength: no Go function outside tests is over maxLines lines, data tables aside.
func TestFunctionLength(t *testing.T) {
	root := filepath.Join("..", "..")
	fset := token.NewFileSet()
	checked := 0
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && p != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			t.Errorf("%s: %v", p, err)
			return nil
		}
		checked++
		ast.Inspect(f, func(n ast.Node) bool {
			var body *ast.BlockStmt
			var name string
			var start token.Pos
			switch fn := n.(type) {
			case *ast.FuncDecl:
				if fn.Body == nil || isTable(fn) {
					return true
				}
				body, name, start = fn.Body, fn.Name.Name, fn.Pos()
			case *ast.FuncLit:
				body, name, start = fn.Body, "func literal", fn.Pos()
			default:
				return true
			}
			if lines := fset.Position(body.End()).Line - fset.Position(start).Line + 1; lines > maxLines {
				rel, _ := filepath.Rel(root, p)
				t.Errorf("%s:%d: %s is %d lines (at most %d: split it where the rules split it)", rel, fset.Position(start).Line, name, lines, maxLines)
			}
			return true
		})
		return nil
	})
	if checked < 60 {
		t.Fatalf("checked only %d files", checked)
	}
}
