// Command genclaims writes claims files for "breakeven check --claims".
//
//	go run ./cmd/breakeven/internal/genclaims -o data/claims.csv
//
// rewrites the published claims of data/claims.csv from the inputs in
// sources/, keeping the claims appended below its marker line ("go
// generate ./cmd/breakeven" runs this);
//
//	go run ./cmd/breakeven/internal/genclaims -synthetic 100000 -o /tmp/claims100k.csv
//
// writes 100,000 generated claims for a measured run.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"

	"signalweight.dev/kv/cmd/breakeven/internal/claimsfile"
)

func main() {
	out := flag.String("o", "", "the file to write (required)")
	synthetic := flag.Int("synthetic", 0, "write this many generated claims instead of the published ones")
	flag.Parse()
	if *out == "" || flag.NArg() > 0 || *synthetic < 0 {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(*out, *synthetic); err != nil {
		fmt.Fprintln(os.Stderr, "genclaims:", err)
		os.Exit(1)
	}
}

func run(path string, synthetic int) error {
	var b bytes.Buffer
	if synthetic > 0 {
		if err := claimsfile.WriteSynthetic(&b, synthetic); err != nil {
			return err
		}
	} else {
		old, err := os.ReadFile(path)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		if len(old) > 0 && !bytes.Contains(old, []byte(claimsfile.Marker)) {
			return fmt.Errorf("%s has no marker line %q: add it above your own claims, or remove the file", path, claimsfile.Marker)
		}
		nb, err := claimsfile.Rewrite(old)
		if err != nil {
			return err
		}
		b.Write(nb)
	}
	return os.WriteFile(path, b.Bytes(), 0o644)
}
