package sources

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Kind says whether a printed figure is an input the post takes from a
// source or a number it derives.
type Kind string

// The kinds of printed figure.
const (
	InputFigure   Kind = "input"
	DerivedFigure Kind = "derived"
)

// Unit is the unit a figure is printed in.
type Unit string

// The units the post prints figures in.
const (
	UnitTokens        Unit = "tokens"
	UnitTokensPerS    Unit = "tokens/s"
	UnitBytes         Unit = "B"
	UnitKB            Unit = "KB"
	UnitGB            Unit = "GB"
	UnitTB            Unit = "TB"
	UnitKiB           Unit = "KiB"
	UnitGiB           Unit = "GiB"
	UnitGBps          Unit = "GB/s"
	UnitGbitps        Unit = "Gbit/s"
	UnitSeconds       Unit = "s"
	UnitMillis        Unit = "ms"
	UnitRatio         Unit = "x"
	UnitPercent       Unit = "%"
	UnitCount         Unit = "count"
	UnitYear          Unit = "year"
	UnitBits          Unit = "bits"
	UnitTier          Unit = "tier"
	UnitLinks         Unit = "links"
	UnitBillionTokens Unit = "billion tokens"
	// UnitBeaten counts how many of the post's three break-evens a link
	// beats: "wins all three" is 3, "loses all three" is 0.
	UnitBeaten Unit = "break-evens beaten"
)

// Scale returns the SI value of one unit: bytes, bytes per second,
// seconds, fractions for percentages.
func (u Unit) Scale() float64 {
	switch u {
	case UnitKB:
		return 1e3
	case UnitGB, UnitGBps:
		return 1e9
	case UnitTB:
		return 1e12
	case UnitKiB:
		return 1 << 10
	case UnitGiB:
		return 1 << 30
	case UnitGbitps:
		return 1e9 / 8
	case UnitMillis:
		return 1e-3
	case UnitPercent:
		return 1e-2
	case UnitBillionTokens:
		return 1e9
	}
	return 1
}

// Entry is one figure as the post prints it.
type Entry struct {
	ID      string
	Section string
	// Printed is the figure as printed, number and any marker of
	// approximation ("1.06", "≈3.1", "about 1", "20×", "eight").
	Printed string
	// Context is a few of the post's words around the figure, verbatim, so
	// a reader can find it.
	Context string
	Unit    Unit
	Kind    Kind
	// Input names the registered input an input figure is (see Inputs);
	// or "date:SOURCE" for a year read from a source's date, "arch:MODEL:FIELD"
	// for a model config field, "tier:NAME" for a storage tier.
	Input string
	// Binary marks a K that means 1024, as in the post's "128K-token
	// conversation" (131,072 tokens); elsewhere K is 1000 ("131K").
	Binary bool
	// Step is the resolution of the printed figure in Unit, where the
	// digits do not say it ("126,000" is printed to the thousand); zero
	// means read it from the digits.
	Step float64
}

// numberWords are the figures the post writes in words.
var numberWords = map[string]float64{
	"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
	"eight": 8, "nine": 9, "single": 1, "ten": 10, "thousand": 1000, "million": 1e6,
	"doubles": 2, "halved": 0.5,
	"wins all three": 3, "loses all three": 0,
}

// approxMarkers are the words and signs with which the post marks a figure
// as approximate or as a bound.
var approxMarkers = []string{"≈", "about ", "over ", "more than "}

// Approx reports whether the post marks the figure as approximate.
func (e Entry) Approx() bool {
	for _, m := range approxMarkers {
		if strings.HasPrefix(strings.ToLower(e.Printed), m) {
			return true
		}
	}
	return false
}

// Value parses the printed figure: its number in Unit, and the step it is
// printed to. "1.06" is 1.06 to 0.01; "127,188" is 127188 to 1; "131K" is
// 131000 to 1000; "eight" is 8 to 1; "halved" is 0.5 to 0.1.
func (e Entry) Value() (value, step float64, err error) {
	s := strings.TrimSpace(e.Printed)
	for _, m := range approxMarkers {
		s = strings.TrimPrefix(s, m)
	}
	s = strings.TrimPrefix(s, "G") // tiers: G3.5
	s = strings.TrimSuffix(strings.TrimSuffix(s, "×"), "%")
	if v, ok := numberWords[strings.ToLower(s)]; ok {
		step = 1
		if v == 0.5 { // "halved": a ratio to one digit
			step = 0.1
		}
		return v, e.stepOr(step), nil
	}
	scale := 1.0
	if t, ok := strings.CutSuffix(s, "K"); ok {
		s, scale = t, 1e3
		if e.Binary {
			scale = 1024
		}
	}
	plain := strings.ReplaceAll(s, ",", "")
	v, perr := strconv.ParseFloat(plain, 64)
	if perr != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, 0, fmt.Errorf("ledger entry %s: cannot read %q as a number", e.ID, e.Printed)
	}
	step = 1
	if _, frac, ok := strings.Cut(plain, "."); ok {
		step = math.Pow(10, -float64(len(frac)))
	}
	return v * scale, e.stepOr(step * scale), nil
}

func (e Entry) stepOr(step float64) float64 {
	if e.Step != 0 {
		return e.Step
	}
	return step
}

// MustValue is Value for the project's own ledger, whose entries a test
// checks; it returns NaN for an unreadable one.
func (e Entry) MustValue() (float64, float64) {
	v, s, err := e.Value()
	if err != nil {
		return math.NaN(), math.NaN()
	}
	return v, s
}

// Section names, in the post's order.
const (
	SecOpening    = "Opening"
	SecCached     = "What gets cached"
	SecTests      = "Two ways to get the same bytes"
	SecMultiplier = "The multiplier is two bandwidths divided"
	SecTransports = "TCP is fast enough, and TCP is far too slow"
	SecTiers      = "Where the cache lives"
	SecHitRate    = "The hit rate sets the average"
	SecNewer      = "Newer models move the problem"
	SecLeavesOut  = "What this leaves out"
	SecNext       = "Where this goes next"
	SecSources    = "Sources"
)

// Sections lists the sections in order.
var Sections = []string{SecOpening, SecCached, SecTests, SecMultiplier, SecTransports, SecTiers, SecHitRate, SecNewer, SecLeavesOut, SecNext, SecSources}

func inp(id, sec, printed, ctx string, u Unit, input string) Entry {
	return Entry{ID: id, Section: sec, Printed: printed, Context: ctx, Unit: u, Kind: InputFigure, Input: input}
}

func der(id, sec, printed, ctx string, u Unit) Entry {
	return Entry{ID: id, Section: sec, Printed: printed, Context: ctx, Unit: u, Kind: DerivedFigure}
}

// Ledger is every figure the post prints, in the order it prints them. A
// figure printed twice in one sentence's sense (the 405B per-token size in
// two tables) has an entry per place.
var Ledger = []Entry{
	// Opening.
	inp("open.year", SecOpening, "2025", "In late 2025, VAST Data", UnitYear, "date:"+string(VASTCoreWeave)),
	inp("open.tokens", SecOpening, "127,188", "sent a 127,188-token prompt", UnitTokens, "vast405b.tokens"),
	inp("open.gpus", SecOpening, "eight", "on eight H100s", UnitCount, "vast405b.gpus"),
	inp("open.uncached", SecOpening, "62", "the first token took 62 seconds", UnitSeconds, "vast405b.uncached"),
	inp("open.cached", SecOpening, "3", "it took 3. ", UnitSeconds, "vast405b.cached"),
	inp("open.speedup", SecOpening, "20×", "calls that a 20× speedup", UnitRatio, "vast405b.speedup"),
	der("open.break-even", SecOpening, "1.06", "I get 1.06 GB per second", UnitGBps),
	der("open.break-even-bits", SecOpening, "8.5", "or 8.5 Gbit/s", UnitGbitps),
	inp("open.10gbe", SecOpening, "10", "A single 10 GbE link running flat out would clear it", UnitGbitps, "link.10gbe"),
	der("open.10gbe-clears", SecOpening, "single", "A single 10 GbE link running flat out would clear it", UnitLinks),
	der("open.tests", SecOpening, "three", "checks it against three published tests", UnitCount),

	// What gets cached.
	inp("cached.layers", SecCached, "126", "has 126 layers", UnitCount, "arch:Llama 3.1 405B:layers"),
	inp("cached.kv-heads", SecCached, "8", "8 KV heads", UnitCount, "arch:Llama 3.1 405B:kv-heads"),
	inp("cached.head-dim", SecCached, "128", "a head dimension of 128", UnitCount, "arch:Llama 3.1 405B:head-dim"),
	inp("cached.bits", SecCached, "16", "At 16 bits", UnitBits, "post.bits-per-element"),
	der("cached.per-token", SecCached, "516,096", "516,096 bytes per token", UnitBytes),
	inp("cached.tokens", SecCached, "127,188", "so the 127,188-token prompt", UnitTokens, "vast405b.tokens"),
	der("cached.cache", SecCached, "65.6", "carries a 65.6 GB cache", UnitGB),
	inp("cached.vast-per-token", SecCached, "504", "504 KiB", UnitKiB, "vast405b.per-token"),
	inp("cached.vast-cache", SecCached, "about 61", "about 61 GB", UnitGB, "vast405b.cache"),
	der("cached.prefill-bytes", SecCached, "65.6", "Building those 65.6 GB is the prefill", UnitGB),
	inp("cached.prefill-seconds", SecCached, "62", "it’s the 62 seconds", UnitSeconds, "vast405b.uncached"),

	// The break-even and its three tests.
	der("tests.count", SecTests, "Three", "Three published tests give both inputs", UnitCount),
	inp("tests.405b.gpus", SecTests, "8", "Llama 3.1 405B, 8 H100s", UnitCount, "vast405b.gpus"),
	der("tests.405b.prefill", SecTests, "2,051", "2,051 tokens/s", UnitTokensPerS),
	der("tests.405b.per-token", SecTests, "516", "2,051 tokens/s\t516 KB", UnitKB),
	der("tests.405b.break-even", SecTests, "1.06", "516 KB\t1.06 GB/s", UnitGBps),
	{ID: "tests.70b.prefill", Section: SecTests, Printed: "4,380", Context: "4,380 tokens/s", Unit: UnitTokensPerS, Kind: InputFigure, Input: "weka70b.prefill", Step: 10},
	der("tests.70b.per-token", SecTests, "328", "328 KB", UnitKB),
	der("tests.70b.break-even", SecTests, "1.44", "1.44 GB/s", UnitGBps),
	inp("tests.qwen.gpus", SecTests, "1", "Qwen3-32B, 1 H100", UnitCount, "qwen32b.gpus"),
	{ID: "tests.qwen.prefill", Section: SecTests, Printed: "≈11,900", Context: "≈11,900 tokens/s", Unit: UnitTokensPerS, Kind: DerivedFigure, Step: 100},
	der("tests.qwen.per-token", SecTests, "262", "262 KB", UnitKB),
	der("tests.qwen.break-even", SecTests, "≈3.1", "≈3.1 GB/s", UnitGBps),
	inp("tests.qwen.uncached", SecTests, "over 11", "over 11 seconds", UnitSeconds, "qwen32b.uncached"),
	der("tests.per-token-ratio", SecTests, "doubles", "the cache per token doubles", UnitRatio),
	der("tests.prefill-ratio", SecTests, "5.8", "prefill gets 5.8 times slower", UnitRatio),
	inp("tests.gpus-eight", SecTests, "eight", "even with eight GPUs in place of one", UnitCount, "vast405b.gpus"),
	inp("tests.gpus-one", SecTests, "one", "in place of one", UnitCount, "qwen32b.gpus"),

	// The multiplier and the vendor claims.
	inp("mult.throughput", SecMultiplier, "181", "sustained 181 Gbit/s", UnitGbitps, "vast405b.throughput"),
	inp("mult.links", SecMultiplier, "two", "over two 100 Gbit/s links", UnitCount, "vast405b.links"),
	inp("mult.link-speed", SecMultiplier, "100", "two 100 Gbit/s links", UnitGbitps, "vast405b.link-speed"),
	der("mult.throughput-bytes", SecMultiplier, "22.6", "which is 22.6 GB/s", UnitGBps),
	der("mult.divisor", SecMultiplier, "1.06", "Divided by 1.06", UnitGBps),
	der("mult.predicted-speedup", SecMultiplier, "21×", "that predicts 21×", UnitRatio),
	der("mult.predicted-load", SecMultiplier, "2.9", "a load time of 2.9 seconds", UnitSeconds),
	inp("mult.reported-speedup", SecMultiplier, "20×", "The post reports 20×", UnitRatio, "vast405b.speedup"),
	inp("mult.reported-load", SecMultiplier, "3", "20× and 3 seconds", UnitSeconds, "vast405b.cached"),
	inp("claims.qwen.tokens", SecMultiplier, "131K", "131K-token cache", UnitTokens, "qwen32b.tokens"),
	der("claims.qwen.cache", SecMultiplier, "34.4", "131K-token cache is 34.4 GB", UnitGB),
	inp("claims.qwen.seconds", SecMultiplier, "1.5", "the reported 1.5 seconds", UnitSeconds, "qwen32b.cached"),
	der("claims.qwen.needs", SecMultiplier, "22.9", "needs 22.9 GB/s", UnitGBps),
	inp("claims.weka.tokens", SecMultiplier, "105,000", "105,000 tokens in 0.58 seconds", UnitTokens, "weka70b.tokens"),
	inp("claims.weka.seconds", SecMultiplier, "0.58", "105,000 tokens in 0.58 seconds", UnitSeconds, "weka70b.cached"),
	der("claims.weka.needs", SecMultiplier, "59", "needs 59 GB/s", UnitGBps),
	der("claims.weka.cache", SecMultiplier, "34.4", "for a 34.4 GB cache", UnitGB),
	inp("claims.ib.speed", SecMultiplier, "400", "One 400 Gbit/s InfiniBand link", UnitGbitps, "weka70b.link-speed"),
	der("claims.ib.carries", SecMultiplier, "50", "InfiniBand link carries 50", UnitGBps),

	// The transports.
	der("transports.count", SecTransports, "three", "measured three ways of moving data", UnitCount),
	inp("transports.nic", SecTransports, "100", "the same 100 Gbit/s network card", UnitGbitps, "llmd.nic"),
	inp("transports.roce", SecTransports, "12.0", "12.0 GB/s", UnitGBps, "llmd.roce"),
	der("transports.roce.verdict", SecTransports, "wins all three", "12.0 GB/s\twins all three", UnitBeaten),
	inp("transports.uccl", SecTransports, "4.9", "4.9 GB/s", UnitGBps, "llmd.uccl"),
	der("transports.uccl.verdict", SecTransports, "wins all three", "4.9 GB/s\twins all three", UnitBeaten),
	inp("transports.ucx", SecTransports, "0.55", "0.55 GB/s", UnitGBps, "llmd.ucx"),
	der("transports.ucx.verdict", SecTransports, "loses all three", "0.55 GB/s\tloses all three", UnitBeaten),
	der("transports.factor", SecTransports, "nine", "differ by a factor of nine", UnitRatio),
	inp("transports.speedup", SecTransports, "20×", "its 20× result over NFS", UnitRatio, "vast405b.speedup"),
	inp("transports.year-vast", SecTransports, "2025", "over NFS on TCP in 2025", UnitYear, "date:"+string(VASTCoreWeave)),
	inp("transports.year-lablup", SecTransports, "2026", "write in 2026", UnitYear, "date:"+string(LablupVAST)),

	// Where the cache lives.
	inp("tiers.g1", SecTiers, "G1", "G1 is GPU memory", UnitTier, "tier:G1"),
	inp("tiers.g2", SecTiers, "G2", "G2 is the server", UnitTier, "tier:G2"),
	inp("tiers.g3", SecTiers, "G3", "G3 its local SSD", UnitTier, "tier:G3"),
	inp("tiers.g4", SecTiers, "G4", "G4 is shared storage", UnitTier, "tier:G4"),
	inp("tiers.g35", SecTiers, "G3.5", "NVIDIA has since added G3.5", UnitTier, "tier:G3.5"),

	// The hit rate.
	inp("hit.contexts", SecHitRate, "Ten", "Ten agent contexts", UnitCount, "lablup.contexts"),
	inp("hit.tokens", SecHitRate, "about 140K", "of about 140K tokens", UnitTokens, "lablup.tokens"),
	inp("hit.turns", SecHitRate, "five", "ran five turns each", UnitCount, "lablup.turns"),
	inp("hit.miss.no-offload", SecHitRate, "≈22.3", "≈22.3 s", UnitSeconds, "lablup.miss.no-offload"),
	inp("hit.miss.offload", SecHitRate, "≈26.3", "≈26.3 s", UnitSeconds, "lablup.miss.offload"),
	inp("hit.hit.no-offload", SecHitRate, "≈22.0", "≈22.0 s", UnitSeconds, "lablup.hit.no-offload"),
	inp("hit.hit.offload", SecHitRate, "≈6.6", "≈6.6 s", UnitSeconds, "lablup.hit.offload"),
	inp("hit.mean.no-offload", SecHitRate, "22.1", "22.1 s", UnitSeconds, "lablup.mean.no-offload"),
	inp("hit.mean.offload", SecHitRate, "10.6", "10.6 s", UnitSeconds, "lablup.mean.offload"),
	inp("hit.tpot.no-offload", SecHitRate, "14.5", "Time per output token\t14.5 ms", UnitMillis, "lablup.tpot.no-offload"),
	inp("hit.tpot.offload", SecHitRate, "14.5", "14.5 ms\t14.5 ms", UnitMillis, "lablup.tpot.offload"),
	der("hit.first-turn-slower", SecHitRate, "4", "The first turn got 4 seconds slower", UnitSeconds),
	der("hit.halved", SecHitRate, "halved", "The average still halved", UnitRatio),
	der("hit.four-in-five", SecHitRate, "four", "four turns in five were hits", UnitCount),
	inp("hit.five", SecHitRate, "five", "four turns in five were hits", UnitCount, "lablup.turns"),
	inp("hit.run-speedup", SecHitRate, "1.96", "finished 1.96 times sooner", UnitRatio, "lablup.run-speedup"),
	der("hit.penalty", SecHitRate, "4", "that is 4 / (4 + 22.0", UnitSeconds),
	inp("hit.recompute", SecHitRate, "22.0", "(4 + 22.0 − 6.6)", UnitSeconds, "lablup.hit.no-offload"),
	inp("hit.load", SecHitRate, "6.6", "22.0 − 6.6)", UnitSeconds, "lablup.hit.offload"),
	der("hit.break-even", SecHitRate, "21%", "a hit rate of 21%", UnitPercent),
	inp("hit.deepseek.days", SecHitRate, "one", "over one day in production", UnitCount, "deepseek.days"),
	inp("hit.deepseek.hits", SecHitRate, "342", "342 billion of its 608 billion", UnitBillionTokens, "deepseek.hit-tokens"),
	inp("hit.deepseek.total", SecHitRate, "608", "of its 608 billion input tokens", UnitBillionTokens, "deepseek.input-tokens"),
	inp("hit.deepseek.rate", SecHitRate, "56.3%", "hit a KV cache on disk: 56.3%", UnitPercent, "deepseek.hit-rate"),
	inp("hit.buffer", SecHitRate, "24", "set aside 24 GiB", UnitGiB, "lablup.buffer"),

	// Newer models.
	der("newer.405b.per-token", SecNewer, "516", "Llama 3.1 405B\t516 KB", UnitKB),
	der("newer.405b.128k", SecNewer, "67.6", "516 KB\t67.6 GB", UnitGB),
	{ID: "newer.128k-tokens", Section: SecNewer, Printed: "128K", Context: "A 128K-token conversation", Unit: UnitTokens, Kind: InputFigure, Input: "post.conversation-tokens", Binary: true},
	inp("newer.qwen38max.per-token", SecNewer, "94", "Qwen3.8-Max\t94 KB", UnitKB, "newer.qwen38max.per-token"),
	inp("newer.qwen38max.128k", SecNewer, "12.9", "94 KB\t12.9 GB", UnitGB, "newer.qwen38max.128k"),
	inp("newer.kimik3.per-token", SecNewer, "27.6", "Kimi K3\t27.6 KB", UnitKB, "newer.kimik3.per-token"),
	inp("newer.kimik3.128k", SecNewer, "4.1", "27.6 KB\t4.1 GB", UnitGB, "newer.kimik3.128k"),
	inp("newer.deepseekv4pro.per-token", SecNewer, "7.9", "DeepSeek V4 Pro\t7.9 KB", UnitKB, "newer.deepseekv4pro.per-token"),
	inp("newer.deepseekv4pro.128k", SecNewer, "1.05", "7.9 KB\t1.05 GB", UnitGB, "newer.deepseekv4pro.128k"),
	der("newer.ratio", SecNewer, "65", "keeps 65 times fewer bytes per token", UnitRatio),
	inp("newer.million-tokens", SecNewer, "million", "A full million-token conversation", UnitTokens, "post.million-tokens"),
	der("newer.million", SecNewer, "8.3", "A full million-token conversation on it is 8.3 GB", UnitGB),
	inp("newer.bound", SecNewer, "1", "to reach even 1 GB/s", UnitGBps, "post.bound-bandwidth"),
	Entry{ID: "newer.bound-prefill", Section: SecNewer, Printed: "126,000", Context: "prefill 126,000 tokens per second", Unit: UnitTokensPerS, Kind: DerivedFigure, Step: 1000},
	inp("newer.parked", SecNewer, "thousand", "A thousand parked 128K-token conversations", UnitCount, "post.parked-conversations"),
	der("newer.parked.405b", SecNewer, "67.6", "take 67.6 TB on Llama 3.1 405B", UnitTB),
	der("newer.parked.deepseekv4pro", SecNewer, "about 1", "about 1 TB on DeepSeek V4 Pro", UnitTB),

	// What this leaves out.
	inp("out.bits", SecLeavesOut, "16", "for 16-bit, uncompressed caches", UnitBits, "post.bits-per-element"),
	inp("out.turboquant", SecLeavesOut, "more than 5×", "more than 5× on the cache", UnitRatio, "turboquant.factor"),
	inp("out.audit-year", SecLeavesOut, "2025", "A 2025 audit", UnitYear, "date:"+string(Gu2025)),
	inp("out.providers", SecLeavesOut, "seven", "at seven API providers", UnitCount, "gu.providers"),

	// Where this goes next.
	inp("next.models", SecNext, "13", "any of 13 models", UnitCount, "post.calculator-models"),
	inp("next.qwen", SecNext, "94", "why Qwen’s is 94 KB per token", UnitKB, "newer.qwen38max.per-token"),
	der("next.deepseek", SecNext, "8", "and DeepSeek’s is 8", UnitKB),

	// Sources.
	inp("sources.vast-year", SecSources, "2025", "NVIDIA Dynamo and VAST (2025)", UnitYear, "date:"+string(VASTCoreWeave)),
	inp("sources.per-token", SecSources, "504", "the 504 KiB and 61 GB figures", UnitKiB, "vast405b.per-token"),
	inp("sources.cache", SecSources, "61", "504 KiB and 61 GB figures", UnitGB, "vast405b.cache"),
	inp("sources.throughput", SecSources, "181", "the 181 Gbit/s throughput", UnitGbitps, "vast405b.throughput"),
	inp("sources.weight-bits", SecSources, "4", "AWQ 4-bit weights", UnitBits, "vast405b.weight-bits"),
	inp("sources.lablup-year", SecSources, "2026", "KV cache offload benchmark (2026)", UnitYear, "date:"+string(LablupVAST)),
	inp("sources.buffer", SecSources, "24", "the 24 GiB buffer", UnitGiB, "lablup.buffer"),
	inp("sources.rightsizing-year", SecSources, "2026", "right-sizing KV cache (2026)", UnitYear, "date:"+string(VASTRightSizing)),
	inp("sources.deepseek-year", SecSources, "2025", "V3/R1 inference system overview (2025)", UnitYear, "date:"+string(DeepSeekDay6)),
	inp("sources.gu-year", SecSources, "2025", "(ICML 2025)", UnitYear, "date:"+string(Gu2025)),
	der("sources.hit-rate", SecSources, "21%", "the 21% hit rate", UnitPercent),
}

// FindEntry returns the ledger entry with the given id.
func FindEntry(id string) (Entry, bool) {
	for _, e := range Ledger {
		if e.ID == id {
			return e, true
		}
	}
	return Entry{}, false
}
