// Command precompress writes the gzip and brotli forms of a file beside
// it, FILE.gz and FILE.br, each at its format's highest compression, for
// breakeven serve to send to browsers that accept them ("go generate
// ./cmd/breakeven" runs it on web/calc.wasm):
//
//	go run ./cmd/breakeven/internal/precompress cmd/breakeven/web/calc.wasm
//
// The output depends only on the input (the gzip header carries no name
// and no time), so a rebuild of the same module gives the same files.
package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"

	"github.com/andybalholm/brotli"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: precompress FILE (e.g. precompress web/calc.wasm)")
		os.Exit(2)
	}
	if err := run(os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "precompress:", err)
		os.Exit(1)
	}
}

func run(name string) error {
	raw, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	gz, err := compress(raw, func(w io.Writer) (io.WriteCloser, error) { return gzip.NewWriterLevel(w, gzip.BestCompression) })
	if err != nil {
		return err
	}
	br, err := compress(raw, func(w io.Writer) (io.WriteCloser, error) {
		// Quality 11 with a 16 MiB window: the smallest output, worth
		// its seconds at generate time for a file sent to every reader.
		return brotli.NewWriterOptions(w, brotli.WriterOptions{Quality: brotli.BestCompression, LGWin: 24}), nil
	})
	if err != nil {
		return err
	}
	if err := os.WriteFile(name+".gz", gz, 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(name+".br", br, 0o644); err != nil {
		return err
	}
	fmt.Printf("%s: %d bytes, gzip %d, brotli %d\n", name, len(raw), len(gz), len(br))
	return nil
}

func compress(raw []byte, open func(io.Writer) (io.WriteCloser, error)) ([]byte, error) {
	var b bytes.Buffer
	w, err := open(&b)
	if err != nil {
		return nil, err
	}
	if _, err := w.Write(raw); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
