// Package precompress writes the gzip and brotli forms of a file that
// breakeven serve sends to browsers that accept them, each at its
// format's highest compression. It is the one place the page's module is
// compressed: the module's builder (internal/wasmbuild) calls it, and the
// tests decompress what it wrote.
//
// The output depends only on the input (the gzip header carries no name
// and no time), so the same module always gives the same files.
package precompress

import (
	"bytes"
	"compress/gzip"
	"io"

	"github.com/andybalholm/brotli"
)

// Gzip is raw compressed by gzip at its best compression, with an empty
// header.
func Gzip(raw []byte) ([]byte, error) {
	return compress(raw, func(w io.Writer) (io.WriteCloser, error) { return gzip.NewWriterLevel(w, gzip.BestCompression) })
}

// Brotli is raw compressed by brotli at quality 11 with a 16 MiB window:
// the smallest output, worth its seconds at build time for a file sent
// to every reader.
func Brotli(raw []byte) ([]byte, error) {
	return compress(raw, func(w io.Writer) (io.WriteCloser, error) {
		return brotli.NewWriterOptions(w, brotli.WriterOptions{Quality: brotli.BestCompression, LGWin: 24}), nil
	})
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
