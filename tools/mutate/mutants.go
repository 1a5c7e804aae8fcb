package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"math/big"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Mutant is one numeric literal of a non-test file changed once.
type Mutant struct {
	File       string // slash path relative to the module root
	Dir        string // slash path of the file's directory, relative to the module root
	Line, Col  int
	Start, End int    // byte offsets of the literal in the file
	Orig, Repl string // the literal as written, and its replacement
	// Key names the mutant independently of line numbers, so an allowlist
	// survives edits elsewhere in the file: file, enclosing declaration,
	// literal, and which occurrence of that literal in the declaration.
	Key string
}

func (m Mutant) String() string {
	return fmt.Sprintf("%s:%d:%d %s -> %s", m.File, m.Line, m.Col, m.Orig, m.Repl)
}

// Mutate returns the replacement of a numeric literal, or false for one
// the tool leaves alone (imaginary literals).
//
// The rule never gives a literal of the same value, so no mutant is
// equivalent by construction:
//   - an integer n becomes n+1, written in the same base (0x1f -> 0x20),
//     except the numerator of a division by an integer literal, which
//     becomes n+d (5120/40 -> 5160/40), since n+1 could truncate to the
//     same quotient (see divisionMutant);
//   - a floating-point literal has the last significant digit of its
//     mantissa raised by one, keeping its exponent and its digits after the
//     point (22.3 -> 22.4, 0.58 -> 0.59, 140e3 -> 141e3, 1e6 -> 2e6,
//     12.0 -> 12.1, 0.99 -> 1.00): the kind of one-keystroke typo a
//     transcription of a published figure can carry.
func Mutate(kind token.Token, lit string) (string, bool) {
	switch kind {
	case token.INT:
		return mutateInt(lit)
	case token.FLOAT:
		return mutateFloat(lit)
	}
	return "", false
}

func mutateInt(lit string) (string, bool) {
	clean := strings.ReplaceAll(lit, "_", "")
	prefix, digits, base := "", clean, 10
	switch {
	case len(clean) > 2 && (clean[:2] == "0x" || clean[:2] == "0X"):
		prefix, digits, base = clean[:2], clean[2:], 16
	case len(clean) > 2 && (clean[:2] == "0b" || clean[:2] == "0B"):
		prefix, digits, base = clean[:2], clean[2:], 2
	case len(clean) > 2 && (clean[:2] == "0o" || clean[:2] == "0O"):
		prefix, digits, base = clean[:2], clean[2:], 8
	case len(clean) > 1 && clean[0] == '0':
		prefix, digits, base = "0", clean[1:], 8
	}
	n, ok := new(big.Int).SetString(digits, base)
	if !ok {
		return "", false
	}
	n.Add(n, big.NewInt(1))
	return prefix + n.Text(base), true
}

func mutateFloat(lit string) (string, bool) {
	clean := strings.ReplaceAll(lit, "_", "")
	if strings.HasPrefix(clean, "0x") || strings.HasPrefix(clean, "0X") {
		return "", false // hexadecimal floats: none in this project
	}
	mant, exp := clean, ""
	if i := strings.IndexAny(clean, "eE"); i >= 0 {
		mant, exp = clean[:i], clean[i:]
	}
	intPart, frac, hasPoint := strings.Cut(mant, ".")
	digits := intPart + frac
	if digits == "" {
		return "", false
	}
	n, ok := new(big.Int).SetString(digits, 10)
	if !ok {
		return "", false
	}
	n.Add(n, big.NewInt(1))
	s := n.Text(10)
	// Keep the count of digits after the point; pad with leading zeros
	// (0.05 -> 0.06) and let a carry lengthen the integer part.
	for len(s) < len(digits) {
		s = "0" + s
	}
	if !hasPoint {
		return s + exp, true
	}
	cut := len(s) - len(frac)
	return s[:cut] + "." + s[cut:] + exp, true
}

// Find parses every non-test .go file under the given directories
// (relative to root, recursively, leaving out testdata and directories
// starting with . or _) and returns a mutant for each numeric literal,
// sorted by file and position. It leaves out literals in a const group
// that uses iota (their values are names, not figures), array lengths
// (changing one is a type error, not a test), values returned beside an
// error or a false ok (see failureResult), and literals under a
// //mutate:skip comment line.
func Find(root string, dirs []string) ([]Mutant, error) {
	var files []string
	for _, d := range dirs {
		err := filepath.WalkDir(filepath.Join(root, d), func(path string, e fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			name := e.Name()
			if e.IsDir() {
				if path != filepath.Join(root, d) && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
					return filepath.SkipDir
				}
				return nil
			}
			if strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") {
				files = append(files, path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	sort.Strings(files)
	var all []Mutant
	for _, f := range files {
		ms, err := findInFile(root, f)
		if err != nil {
			return nil, err
		}
		all = append(all, ms...)
	}
	return all, nil
}

func findInFile(root, path string) ([]Mutant, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	if ast.IsGenerated(f) {
		return nil, nil
	}
	rel, err := filepath.Rel(root, path)
	if err != nil {
		return nil, err
	}
	rel = filepath.ToSlash(rel)

	skipLines := map[int]bool{}
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			if strings.TrimSpace(strings.TrimPrefix(c.Text, "//")) == "mutate:skip" {
				skipLines[fset.Position(c.Slash).Line+1] = true
				skipLines[fset.Position(c.Slash).Line] = true
			}
		}
	}

	var out []Mutant
	for _, decl := range f.Decls {
		name := declName(decl)
		skipAll := false
		if g, ok := decl.(*ast.GenDecl); ok && g.Tok == token.CONST && usesIota(g) {
			skipAll = true
		}
		seen := map[string]int{}
		skipNode := map[ast.Node]bool{}
		var stack []ast.Node
		ast.Inspect(decl, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			stack = append(stack, n)
			if at, ok := n.(*ast.ArrayType); ok && at.Len != nil {
				skipNode[at.Len] = true // a length is a type, not a figure
				return true
			}
			lit, ok := n.(*ast.BasicLit)
			if !ok || skipAll || skipNode[lit] {
				return true
			}
			repl, ok := Mutate(lit.Kind, lit.Value)
			if !ok {
				return true
			}
			if len(stack) >= 2 {
				if r, ok := divisionMutant(stack[len(stack)-2], lit); ok {
					repl = r
				}
			}
			if len(stack) >= 2 && failureResult(stack[len(stack)-2], lit) {
				return true
			}
			pos := fset.Position(lit.Pos())
			if skipLines[pos.Line] {
				return true
			}
			where := name
			if q := qualifier(stack); q != "" {
				where += "/" + q
			}
			id := where + ":" + lit.Value
			seen[id]++
			out = append(out, Mutant{
				File: rel, Dir: filepath.ToSlash(filepath.Dir(rel)),
				Line: pos.Line, Col: pos.Column,
				Start: pos.Offset, End: pos.Offset + len(lit.Value),
				Orig: lit.Value, Repl: repl,
				Key: fmt.Sprintf("%s:%s#%d", rel, id, seen[id]),
			})
			return true
		})
	}
	return out, nil
}

// failureResult reports whether lit is a value returned beside a failure:
// return 0, err or return 0, s, false. By Go's convention a caller does
// not read the other results when the error is non-nil or ok is false, so
// changing them cannot change the program; they are left out rather than
// allowlisted one by one.
func failureResult(parent ast.Node, lit *ast.BasicLit) bool {
	r, ok := parent.(*ast.ReturnStmt)
	if !ok || len(r.Results) < 2 {
		return false
	}
	last := r.Results[len(r.Results)-1]
	if last == ast.Expr(lit) {
		return false
	}
	if id, ok := last.(*ast.Ident); ok {
		return id.Name == "false" || id.Name == "err" || strings.HasSuffix(id.Name, "Err")
	}
	return true // an error value: err, fmt.Errorf(...), &ParseError{...}
}

// divisionMutant handles an integer literal divided by an integer
// literal, as in Layers: 48 / 4 or HeadDim: 5120 / 40: there n+1 would
// truncate to the same quotient (49/4 is 12), so the numerator n becomes
// n+d instead, and the quotient changes by one.
func divisionMutant(parent ast.Node, lit *ast.BasicLit) (string, bool) {
	b, ok := parent.(*ast.BinaryExpr)
	if !ok || b.Op != token.QUO || b.X != lit || lit.Kind != token.INT {
		return "", false
	}
	d, ok := b.Y.(*ast.BasicLit)
	if !ok || d.Kind != token.INT {
		return "", false
	}
	nv, ok1 := new(big.Int).SetString(strings.ReplaceAll(lit.Value, "_", ""), 0)
	dv, ok2 := new(big.Int).SetString(strings.ReplaceAll(d.Value, "_", ""), 0)
	if !ok1 || !ok2 || dv.Sign() <= 0 {
		return "", false
	}
	return nv.Add(nv, dv).String(), true
}

// qualifier names the innermost thing around a literal that a reader
// would look for: a call whose first argument is a string (an input's
// registration, exact("vast405b.gpus", 8.0, ...)), a composite literal
// with a Name field (a catalog entry), or the var or const it is in.
func qualifier(stack []ast.Node) string {
	for i := len(stack) - 1; i >= 0; i-- {
		switch n := stack[i].(type) {
		case *ast.CallExpr:
			if len(n.Args) > 0 {
				if s, ok := n.Args[0].(*ast.BasicLit); ok && s.Kind == token.STRING {
					if v, err := strconv.Unquote(s.Value); err == nil && v != "" && !strings.ContainsAny(v, " %\n") {
						return v
					}
				}
			}
		case *ast.CompositeLit:
			for _, e := range n.Elts {
				if kv, ok := e.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Name" {
						if s, ok := kv.Value.(*ast.BasicLit); ok && s.Kind == token.STRING {
							if v, err := strconv.Unquote(s.Value); err == nil {
								return v
							}
						}
					}
				}
			}
		case *ast.ValueSpec:
			if len(n.Names) > 0 {
				return n.Names[0].Name
			}
		}
	}
	return ""
}

// declName names a top-level declaration: Func, Type.Method, or the
// first name a var, const or type declaration introduces.
func declName(d ast.Decl) string {
	switch d := d.(type) {
	case *ast.FuncDecl:
		if d.Recv != nil && len(d.Recv.List) > 0 {
			t := d.Recv.List[0].Type
			if s, ok := t.(*ast.StarExpr); ok {
				t = s.X
			}
			if ix, ok := t.(*ast.IndexExpr); ok {
				t = ix.X
			}
			if ix, ok := t.(*ast.IndexListExpr); ok {
				t = ix.X
			}
			if id, ok := t.(*ast.Ident); ok {
				return id.Name + "." + d.Name.Name
			}
		}
		return d.Name.Name
	case *ast.GenDecl:
		for _, s := range d.Specs {
			switch s := s.(type) {
			case *ast.ValueSpec:
				if len(s.Names) > 0 {
					return s.Names[0].Name
				}
			case *ast.TypeSpec:
				return s.Name.Name
			}
		}
	}
	return "_"
}

func usesIota(g *ast.GenDecl) bool {
	found := false
	ast.Inspect(g, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == "iota" {
			found = true
		}
		return !found
	})
	return found
}

// Apply returns src with the mutant's literal replaced.
func (m Mutant) Apply(src []byte) ([]byte, error) {
	if m.End > len(src) || string(src[m.Start:m.End]) != m.Orig {
		return nil, fmt.Errorf("%s: the file changed since it was parsed", m)
	}
	out := make([]byte, 0, len(src)+len(m.Repl)-len(m.Orig))
	out = append(out, src[:m.Start]...)
	out = append(out, m.Repl...)
	return append(out, src[m.End:]...), nil
}
