package main

import (
	"flag"
	"fmt"
	"strings"

	"signalweight.dev/kv/sources"
)

// maxFlagShown is the most of an unknown flag's name the error shows.
const maxFlagShown = 40

// flagSynonyms maps names users reach for to the flag that takes what
// they mean: the chip goes in --gpus as COUNTxCHIP, the parallel degrees
// in --parallel as one form, the prompt length in --tokens.
var flagSynonyms = map[string]string{
	"chip": "gpus", "gpu": "gpus", "hardware": "gpus", "accelerator": "gpus", "device": "gpus",
	"tp": "parallel", "pp": "parallel", "ep": "parallel", "cp": "parallel", "dp": "parallel",
	"tensor-parallel": "parallel", "parallelism": "parallel",
	"isl": "tokens", "prompt": "tokens", "prompt-tokens": "tokens", "input-tokens": "tokens", "length": "tokens",
	"bandwidth": "link", "bw": "link",
}

// unknownFlag is the one line for a flag fs does not define: the nearest
// defined flag with its usage (a synonym, else one or two edits away, else
// one the name begins), or a pointer to -h when none is near. A name past
// maxFlagShown characters is shown cut, as no flag is that long.
func unknownFlag(fs *flag.FlagSet, name string) string {
	typed := strings.TrimLeft(name, "-")
	n := strings.ToLower(typed)
	if r := []rune(typed); len(r) > maxFlagShown {
		typed = string(r[:maxFlagShown]) + "…"
	}
	var near *flag.Flag
	if to, ok := flagSynonyms[n]; ok {
		near = fs.Lookup(to)
	}
	for _, limit := range []int{1, 2} {
		fs.VisitAll(func(f *flag.Flag) {
			if near == nil && len(n) > limit && sources.EditsWithin(n, f.Name, limit) {
				near = f
			}
		})
	}
	if near == nil && len(n) >= 3 {
		fs.VisitAll(func(f *flag.Flag) {
			if near == nil && strings.HasPrefix(f.Name, n) {
				near = f
			}
		})
	}
	if near == nil {
		return fmt.Sprintf("no flag --%s (see: breakeven %s -h for its flags)", typed, fs.Name())
	}
	arg, usage := flag.UnquoteUsage(near)
	if arg != "" {
		arg = " " + arg
	}
	return fmt.Sprintf("no flag --%s; did you mean --%s%s: %s? (see: breakeven %s -h)", typed, near.Name, arg, usage, fs.Name())
}
