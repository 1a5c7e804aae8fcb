// Command gguf writes a llama.cpp model file (GGUF v3) with the shape of
// a real model, read from its config.json, and seeded random weights, for
// the engine the project measures (scripts/engine.sh model). The file's
// compute per token and KV-cache layout are the real model's; its text is
// meaningless. The tokenizer is copied from a vocab-only GGUF of the
// llama.cpp tree.
//
//	go run ./tools/gguf -config sources/configs/Qwen--Qwen2.5-0.5B.json \
//	    -vocab llama.cpp/models/ggml-vocab-qwen2.gguf -seed 1 -o qwen.gguf
//	go run ./tools/gguf -inspect qwen.gguf
//
// The same config, vocab and seed give the same bytes.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"signalweight.dev/kv/internal/gguf"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "gguf:", err)
		os.Exit(1)
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("gguf", flag.ContinueOnError)
	fs.SetOutput(stderr)
	config := fs.String("config", "", "the model's config.json, e.g. sources/configs/Qwen--Qwen2.5-0.5B.json")
	vocab := fs.String("vocab", "", "a vocab-only GGUF whose tokenizer is copied, e.g. llama.cpp/models/ggml-vocab-qwen2.gguf")
	seed := fs.Uint64("seed", 1, "the seed of the random weights")
	out := fs.String("o", "", "the file to write")
	name := fs.String("name", "", "the model's name in the file (default: the config's file name)")
	minContext := fs.Int("min-context", 0, "the least training context written (llama-server caps a slot's context at it); the config's max_position_embeddings if larger")
	inspect := fs.String("inspect", "", "print a GGUF file's metadata and tensors instead")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *inspect != "" {
		return printFile(stdout, *inspect)
	}
	if *config == "" || *vocab == "" || *out == "" {
		return fmt.Errorf("-config, -vocab and -o are needed, e.g. -config sources/configs/Qwen--Qwen2.5-0.5B.json -vocab ggml-vocab-qwen2.gguf -o model.gguf")
	}
	data, err := os.ReadFile(*config)
	if err != nil {
		return err
	}
	if *name == "" {
		*name = strings.ReplaceAll(strings.TrimSuffix(filepath.Base(*config), ".json"), "--", "/")
	}
	shape, err := gguf.ReadShape(*name, data)
	if err != nil {
		return fmt.Errorf("config %s: %w", *config, err)
	}
	if *minContext > shape.Context {
		fmt.Fprintf(stderr, "gguf: context %d written where the config says %d, so that llama-server serves prompts that long (the weights are random; the cache per token does not change)\n",
			*minContext, shape.Context)
		shape.Context = *minContext
	}
	v, err := gguf.ReadFile(*vocab)
	if err != nil {
		return err
	}
	kvs, tensors, rows, err := gguf.Model(shape, v, *seed)
	if err != nil {
		return err
	}
	if rows != shape.Vocab {
		fmt.Fprintf(stderr, "gguf: %s has %d tokens against the config's vocab_size %d: the embedding and output tables have %d rows (the KV cache does not depend on them)\n",
			filepath.Base(*vocab), rows, shape.Vocab, rows)
	}
	tmp := *out + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	if err := gguf.Write(f, kvs, tensors); err != nil {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, *out); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "gguf: %s: %s, %d layers, %d heads, %d KV heads, head dim %d, %d B/token of KV at F16, %d tensors\n",
		*out, shape.Arch, shape.Layers, shape.Heads, shape.KVHeads, shape.HeadDim, shape.KVBytesPerToken(), len(tensors))
	return nil
}

func printFile(w io.Writer, path string) error {
	f, err := gguf.ReadFile(path)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "version %d, %d entries, %d tensors\n", f.Version, len(f.KVs), len(f.Tensors))
	for _, kv := range f.KVs {
		if kv.Type == gguf.Array {
			fmt.Fprintf(w, "%s: array of %d (type %d)\n", kv.Key, kv.Len, kv.Elem)
			continue
		}
		s := fmt.Sprint(kv.Value)
		if len(s) > 80 {
			s = s[:80] + "..."
		}
		fmt.Fprintf(w, "%s: %s\n", kv.Key, s)
	}
	var total uint64
	for _, t := range f.Tensors {
		total += t.Bytes()
	}
	for i, t := range f.Tensors {
		if i < 12 {
			fmt.Fprintf(w, "%s %v type %d offset %d\n", t.Name, t.Dims, t.Type, t.Offset)
		}
	}
	fmt.Fprintf(w, "tensor data: %d bytes\n", total)
	return nil
}
