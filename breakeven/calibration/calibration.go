// Package calibration holds the defaults of the extended model that are
// computed from published measurements rather than typed.
//
// The prefill model (phases.go) prices a prefill as two kinds of work,
// each at its own share of the peak of the precision it computes in, plus
// the time of memory traffic that does not overlap the tensor cores:
//
//	t = L / (G x peak_L x e_L) + A / (G x peak_A x e_A) + (L + A) / (G x memory bandwidth x I)
//
// L is the matrix products through the weights (2 x active parameters x
// N, the output head's for the last token only: prefill.LinearFLOPs), A attention (the N^2 term), G the GPUs, peak_L and peak_A the dense
// peaks of the two phases' precisions (an FP8 run's matrix products
// against the FP8 peak), and I the FLOPs per byte of that memory traffic.
//
// The structure validation chooses (CeilingWeightsSparseCost, below;
// CeilingWeightsRequestCost before the served requests of small dense
// models, CeilingRequestCost before the offline runs) fits no share of
// peak: e_L and e_A are the chip's measured matmul ceiling, the share of
// the datasheet peak the best matrix multiply reached on it (Stas
// Bekman's MAMF table in sources, 0.51 of peak on the MI300X to 0.87 on
// the A100; the peak itself where the chip was not measured, as the H20
// and GB300), so only the memory traffic's intensity I and the costs of
// the latency regime below are fitted. What a chip loses beyond its
// ceiling is then the work bound by its memory bandwidth, which is why a
// chip with little compute per byte of bandwidth (the H20's 37 FLOP per
// byte in BF16, the A100's 156) runs nearer its peak than the H100 (295)
// or the B200 (292): a share of peak fitted across chips cannot say that.
// CeilingWeightsRequestCost adds to each single prompt (served or timed
// offline) one read of the weights it touches at the GPUs' full memory
// bandwidth (prefill.WeightRead), also unfitted: a prompt of a hundred
// tokens is bound by that read, which a batch spreads over its prompts.
// CeilingWeightsSparseCost charges a single request of a mixture of
// experts a per-request cost of its own and a dense model's another: a
// sparse forward pass routes each token to its experts, gathers and
// scatters it and launches grouped matrix products every layer, and the
// published single requests split along that line (0.127 s fitted for
// mixtures of experts, mostly DeepSeek-V3's on 8 to 16 GPUs, with one of
// Qwen3.5-397B-A17B on four B300s and one of Mixtral 8x22B on eight
// H100s; 0.0325 s for
// dense models, set mostly by dstack's two 80-token prompts of Llama 3.1
// 405B on eight MI300Xs and the short served requests of sources'
// AWSNIMBench and GPUStackQwen3Lab).
//
// The latency regime (latency.go). One request's time to first token
// pays what a batched throughput spreads over hundreds of requests: a
// fixed per-request cost, a per-layer cost, and the tensor-parallel
// all-reduces of the activations over the chip's scale-up link
// (prefill.CommTime, at a fitted share of the link's quoted bandwidth);
// and it may reach another share of peak than a batch does. So a
// single-request run (a Seconds run) and a throughput (a Rate run) are
// fitted jointly, in one model whose latency terms enter only the first:
//
//	t_request = t_phases + fixed + per-layer x layers + t_comm / link share
//
// A request timed among others at a stated concurrency c (a closed-loop
// benchmark's mean TTFT) adds q x (c - 1), a wait per other request in
// flight, fitted only where such runs are in the fit and never charged to
// a single request's prediction: without it, the waits of dstack's
// concurrency-4 runs set the per-request cost that every batch-1 run was
// charged.
//
// Fitting them apart would leave each with too few sources to validate
// leaving a source out; fitting them jointly lets the throughputs pin the
// shares of peak and the single requests the costs. Which terms enter is
// a choice among structures (Structures), from one share of peak to the
// full latency regime, made by validation among the Candidates, those
// with a per-request cost (a single request always pays one).
//
// Parallelism enters physically, with no fitted parameter of its own: a
// single request through PP pipeline stages in k chunks takes its FLOP
// time over all GPUs times (k + PP - 1) / k (prefill.PipelineFactor; PP
// for an unchunked pipeline), and the communication time
// (prefill.CommTime) adds to the tensor-parallel all-reduces the
// expert-parallel dispatch and combine of each token to its top-k
// experts and the pipeline's sends, all as bytes over the chip's
// scale-up link from the catalog, with the hidden size and MoE shape read
// from the model's config.json. An engine gets a per-request cost of its
// own (EngineRequestCost) only where its single requests come from two
// sources or more in the fit; every other engine shares one cost.
//
// The fit minimises a Huber loss of the log errors ln(predicted /
// measured), knee at a factor of two (HuberLog), each source weighted as
// one (its runs share the weight), from the least-squares start on the
// relative error; costs the runs push below zero are held at zero.
//
// Where the model fails. Validated leaving each source out, it misses
// two of its three targets on the runs typed today (99 priced, from 20
// sources): a median error of 36.0% (target at most 20%) and 40.4% of
// runs within 25% (target at least 70%); its intervals cover 85.9% of
// the runs (target 85%), at a median width of x15.8. The folds chose
// CeilingWeightsSparseCost for 98 runs and CeilingWeightsRequestCost
// for GPUStack's one, and choosing the structure once on all runs reads
// the same 36.0%: no optimism from the choice. That is since 23 further
// single requests of six sources the fit already cited joined it: the
// single-request rows of those documents that the catalog can price,
// each kept whatever its time, read on 2026-12-06 by a helper who was
// shown no prediction and chosen by the rule below before they were
// priced (issue #356's rows at 128, 1,024 and 3,072 tokens, issue #5929's six
// at 1,600, dstack's TGI single prompts of 80 to 10,000 tokens and
// vLLM's at 80 and 10,000 on MI300X, AWS's NIM Llama 3 70B on eight
// H100s, NIM's Llama 3.3 70B at 500 tokens and LMSYS's GB200 128K
// baseline). The mixture's per-request cost fell from 0.140 s to
// 0.127 s and the dense one from 33.8 ms to 32.5 ms; the runs within
// 25% rose from 35.5% to 40.4% and the intervals narrowed from x19.0 to
// x15.8, at a median error of 36.0% against 35.6% and a coverage of
// 85.9% against 86.8%. Left out, each for its reason: the rows at 1,024 output
// tokens (the same prompts timed again), LMDeploy's 2,048-output rows
// for the same reason and its Llama 2 13B and InternLM 20B rows,
// TensorRT-LLM's GPT-J and Falcon rows (models not in the catalog),
// AWS's A10 rows (the catalog's A10 has no FP16 peak), GPUStack's
// EAGLE3 run (a draft model's prefill the
// FLOP model does not price), the pull request's fused column (an
// unmerged change to the engine) and MInference issue #84's reporter
// runs (142 s at 300,000 tokens and 9.6 s at 50,000, through an
// attention path the thread leaves unsettled; a 7.5 s known only as the
// reporter quotes it). Before them: 35.6%, 35.5% and 86.8%
// at x19.0, the folds choosing CeilingWeightsSparseCost for 59 runs and
// CeilingWeightsRequestCost (one per-request cost for all) for
// InferenceX's 17 (2.4 points of optimism), since NIM's Mixtral 8x22B
// request on eight
// H100s joined the fit (the concurrency-1 column of sources.AWSNIMBench's
// Mixtral table, the same sweep as its Llama rows, taken on the
// source's quality before it was priced), the second single request of
// a mixture without MLA: the mixture's per-request cost went from
// 0.142 s to 0.140 s and the dense one from 30.8 ms to 33.8 ms, and
// with InferenceX left out the inner validation no longer told the two
// costs apart, pricing 15 of its 17 concurrent DeepSeek-R1 requests 19%
// to 94% too fast (ATOM's two at 1,024 tokens 10% too slow). The request itself is priced 23% too slow with its source
// left out. Before it, 33.3%, 41.3% and 86.7% at x19.7, every fold
// choosing CeilingWeightsSparseCost (no optimism), since
// vLLM's Qwen3.5-397B-A17B request on four B300s joined the fit
// (sources.VLLMPR42646), the first single request of a mixture without
// MLA in it: the mixture's per-request cost fell from 0.168 s to 0.142 s,
// and the folds that had chosen other structures chose this one. Before
// it, 49.0%, 23.0% and 85.1% at x21.0, the folds choosing
// CeilingWeightsSparseCost for 47 runs, CeilingWeightsRequestCost for 17
// and, for TensorRT-LLM's ten offline runs, RooflineLatency (2 of those
// ten within 25% then, 5 since): with their source left out, the inner
// validation no longer preferred a ceiling structure. That was since
// the output head takes only the last token (prefill.LinearFLOPs), which
// moved the runs that sources/ does not hold the other way (below). The
// served requests of small dense models made it worse: each of
// their two sources, left out, is predicted from a dense cost the other
// barely informs, and a fold that keeps both may choose one cost for all
// and price DeepSeek-V3's concurrent requests too fast. Earlier readings
// of the same validation: 45.0%, 25.7% and 86.5% at x20.8 with every
// token through the output head (57 runs' folds choosing
// CeilingWeightsSparseCost, 17 CeilingWeightsRequestCost); 47.2%, 17.6%
// and 86.5% at x19.3 with those
// requests in the fit and one per-request cost for all; 33.3%, 40.0% and
// 87.1% at x20.9 before them (70 runs from 17 sources, every fold
// choosing CeilingWeightsRequestCost);
// 35.1%, 38.6% and 87.1% at x22.1 before the AWQ runs' weights were read
// at their stored 4 bits (the folds then chose CeilingRequestCost for
// TensorRT-LLM's ten offline runs, whose fold kept only LMDeploy's four
// to show the weight read);
// 35.4%, 34.8% and 86.4% at x23.3 with TensorRT-LLM's offline runs but
// not LMDeploy's; 44.7%, 34.8% and 86.4% at x21.9 with them before the
// weight read was a candidate; 36.8%, 33.9% and 87.5% at x23.6 on the 56
// runs priced before any offline run; 36.9%, 33.9% and 85.7% at x23.7 before the
// MI355X's BF16 peak was read; 45.2%, 28.6% and 87.5% at x26.5 before
// the ceiling structure existed. The held-out errors
// (data/prefill-validation.csv), grouped, say where:
//
//	by regime      runs  median error  within 25%  covered  median width
//	one request      56      -19%          18         45        x14.6
//	concurrent       22      -32%           8         20        x19.4
//	offline          14       +8%           8         13        x15.8
//	throughput        7       -7%           6          7        x14.9
//
//	by engine (the first the engine column names): SGLang -17% (27 runs,
//	16 of them within 25%), TensorRT-LLM and NIM -1% (32, 14 within 25%),
//	vLLM -12% (17, 6 of them dstack's MI300X build; 2 within 25%), TGI
//	-37% (10, none within 25%), LMDeploy -11% (4), the others (Dynamo,
//	ATOM, Meta's, not stated) -15% (9); by vendor: AMD -37% (29), NVIDIA
//	-8% (70); by GPUs: 8 GPUs -33% (51), 4 GPUs -12% (23), one GPU +20%
//	(14), 16 GPUs -14% (6); by prompt: up to 4K -9% (58), 4K to 16K -26%
//	(27), 16K to 64K -62% (4), above 64K -19% (10).
//
// The offline runs (sources' TRTLLMPerfV05 and LMDeployA100FP16: Llama 2
// 7B on one H100, L40S or A100 and Llama 2 70B on four, at 128 and 2,048
// tokens, one prompt timed inside the engine) are the fit's only dense
// models timed without a server, and they pay no served
// request's per-request cost (sources.PrefillRun.Offline; their regime
// is "offline"). Priced without the weight read, they disagree with the
// structure both ways: at 2,048 tokens the FLOPs and memory traffic
// alone price TensorRT-LLM's up to 2.3 times their measured time (the
// L40S, whose peak stands in for a ceiling), and at 128 tokens too fast
// (by 28% to 69%),
// where reading the weights and launching each layer's kernels are most
// of the time. They are what the weight read was added for: it is
// physics (every weight the prompt touches crosses the memory bus once),
// and the nested validation keeps it in every fold, TensorRT-LLM's own
// among them since the 23 further single requests joined the fit
// (before, with LMDeploy's four the only offline runs left in that fold,
// RooflineLatency validated better there). With it, LMDeploy's 128-token
// runs are still 24% and 44% too fast: the kernel launches remain. A per-layer cost paid by
// every single prompt, served or offline, was tried on TensorRT-LLM's
// runs: it fits 0.16 ms a layer on all runs but left every
// leave-one-source-out error unchanged, since with the one offline source
// then typed left out no run separates it from the per-request cost. The
// weights are read as stored (prefill.GPUs.StoredWeights): in the matrix
// products' precision, except where a run states a narrower width
// (sources.PrefillRun.WeightBits) or the model's config.json a narrower
// checkpoint (Kimi K2.5's INT4 experts; no fit run's): the post's 405B test and issue #356's
// vLLM runs hold AWQ's 4-bit weights and compute in BF16, and are charged
// half a byte a weight. vLLM's AWQ code at one commit in sources
// dequantises the weights to FP16 in memory before a matrix product of
// 256 tokens or more, a write and a read of two bytes a weight that this
// does not charge; which kernel those runs' later engines chose was not
// read.
//
// The single requests left far off are those where an engine's cost or
// an early engine dominates: too fast for TensorRT-LLM's 8,192-token
// batch-1 runs of issue #5929 (its 1,600-token ones are within 27%) and
// dstack's vLLM 0.6.3 on MI300X, too slow for issue #356's vLLM runs of
// the AWQ checkpoint on eight H100s (by 51% to 214%, the most at 128
// tokens, 47 ms measured).
//
// Runs it never saw. Package heldout keeps single-request runs that
// sources/ does not hold, each with its quote, so that no fit, structure
// choice or interval saw them; it prices them as the calculator does and
// data/prefill-heldout.csv and notebook 11 report the scores against the
// same targets. The first six (TensorRT-LLM's and SGLang's long prompts
// on H200, B200 and H20) were priced before ByPhaseRequestCost existed:
// its four H20 runs were all predicted too slow, and letting attention
// take a share of peak of its own (chosen by the nested validation) took
// those six from a median error of 78% to 45%. The next 28, read after
// that change, were priced with it unchanged: short prompts on one GPU or
// a few paid far less than the fitted per-request cost, the H20's and
// the A100's long prompts were predicted too slow (Mooncake's Qwen3-235B
// on 8 H20s by +75% to +105%, MInference's vLLM runs on an A100 by +36%
// to +117%), and AMD's MI300X was slower than its peak says.
//
// CeilingRequestCost was added after seeing those 34 runs, and it is
// what they pointed at: the chips predicted too slow are those with the
// least compute per byte of bandwidth. On them it reads a median error of
// 23.8% and 50.0% within 25% (52.3% and 17.6% before), so they no longer
// test it out of sample; the nested validation on the sources does (it
// chooses the structure again in each fold: this one for 33 of the 56
// priced runs, single-request and batch shares apart for the rest). Nine
// runs read after the change were priced with it unchanged: the SGLang
// cookbook's single requests of gpt-oss-120b, Qwen3-Next-80B-A3B and
// Kimi K2 on 8 B200s and of Qwen3-Coder-480B and DeepSeek-V3 on 8
// MI300Xs, and TriangleMix's dense Llama 3.1 8B on one A100 at 32K to
// 128K tokens (data/prefill-heldout.csv has how each did).
//
// A third group of 27, read on 2026-12-02 after the model had stopped
// changing, was priced with it unchanged, and is the cleanest test out of
// sample: NVIDIA NIM's (TensorRT-LLM's) single requests of Llama 3 8B and
// 70B on one to eight H100s and A100s at 2,000 and 7,000 tokens, from a
// GenAI-Perf table of NVIDIA course material; SGLang's GLM-5.2 at 8,192
// tokens on 8 H200s, 8 B200s, 4 GB300s and 8 MI355Xs; the SGLang
// cookbook's Kimi K2.5 on 8 H200s; AMD's GLM-5.2 on 4 MI355Xs at 1,928
// to 61,440 tokens; and AccelMark's Llama 3.1 8B on one A100 or A800 at
// about 28,650 tokens with vLLM and SGLang. The four MI355X runs compute
// attention in BF16, for which the catalog then had no MI355X peak, so
// they were first kept unpriced: of the 23 priced, 3 were within 25% and
// 16 within their intervals. AMD's own figure was read next (2.5 PF of
// matrix FP16 and BF16, in a ROCm blog); with it every measured ceiling
// is taken as the table's throughput over the catalog's peak (for the
// MI355X, AMD's 2,500 rather than the MAMF table's lower 2,300; for the
// others, figures that differ by rounding or under 1%), and InferenceX's
// three MoRI runs in the fit take
// BF16 attention like the other FP8 runs: a correction of inputs, which
// moved the fitted per-request cost by about a millisecond. All 27 were
// then priced: 3 within 25% and 20 within their intervals (21 with the
// weight read, before the AWQ runs in the fit were read at 4 bits, 20
// since; 8 within 25% and 26 within their intervals with a mixture of
// experts' per-request cost apart, CeilingWeightsSparseCost); the MI355X
// runs are all predicted too fast (AMD's GLM-5.2 at 40,960 and 61,440
// tokens by 70% and 73%), and AccelMark's long prompts 22% to 31% too
// slow.
// The pattern is one the earlier groups hinted at: the
// fitted per-request cost (0.153 s then, 0.143 s with the weight read;
// fitted on single requests mostly
// over four or more GPUs, and mostly of DeepSeek-V3 and Llama 3.1 405B;
// none a short prompt of a dense model on one or two GPUs) is several
// times what a dense model on one or two GPUs pays in all (NIM's Llama 3
// 8B on one H100 at 2,000 tokens takes 35 ms, predicted 0.20 s then and
// 0.090 s with the dense cost apart), while
// SGLang's GLM-5.2 and Kimi K2.5 on 8 H200s take longer than predicted.
// A fourth group, read on 2026-12-02 by a helper who did not report how
// the model did on it, is the cleanest test: AccelMark's Llama 3.1 8B at
// about 28,650 tokens on one H100, H200 or A100 with newer vLLMs, the
// SGLang cookbook's Llama 4 Scout and Maverick on 8 MI300Xs, and AMD
// ATOM's GLM-5.2 on 4 MI355Xs at about 922 and 7,373 tokens. An eighth
// run, on an H20-3e, was dropped before any prediction was looked at:
// the catalog's H20 has less memory and bandwidth. The seven were first
// priced by the model with the served requests of small dense models in
// its fit and one per-request cost (CeilingWeightsRequestCost): a median
// error of 24.2%, 4 within 25% and all 7 within their intervals.
// CeilingWeightsSparseCost was added after that score was seen; with
// it, the seven read 44.4%, 3 within 25% and 5 covered. It stays because
// the nested validation on the sources chooses it and the other held-out
// runs do better with it, but on the one group it was not shaped by it
// does worse, and these notes say so.
//
// A fifth group of nine, read on 2026-12-05 by a helper who was not
// shown the model's predictions, and priced once with the model as it
// stood (no constant or structure changed after): models the catalog
// could not name before that day's configs were read. NVIDIA's
// TensorRT-LLM DeepSeek-V3.2 in NVFP4 on 4 B200s at 8,192 tokens, and
// the SGLang cookbook's single requests of DeepSeek-V3.2 (on 8 B200s, two
// launch setups, and on 16 H800s), GLM-5 in FP8 on 8 H200s, MiniMax M2.5
// on 8 B200s and 8 H100s, and Qwen3.5-397B-A17B on 8 H200s, seven of
// them at a few hundred tokens. Each is set mostly by the per-request
// cost:
// 4 of the 9 are within 25% (median error 32.5%) and all 9 within their
// intervals. DeepSeek-V3.2 and GLM-5 are predicted 33% to 43% too fast
// in three of the five runs, MiniMax M2.5 24% to 38% too slow, and
// MiniMax's 4,194-token mean prompt is timed within 1 ms of its
// 609-token one: at these lengths the setup, not the prompt, sets the
// time.
//
// A sixth group of eighteen, read on 2026-12-05 by a helper who was not
// shown the model's predictions, after the model had learned DeepSeek
// V4's compressed attention (prefill.AttentionGroup's Ratio and Recent,
// with DeepSeek's published parameter counts), and priced once with it
// unchanged: the SGLang documentation's single requests of DeepSeek V4
// Pro and Flash at 8,192 tokens on 4 to 8 B200s, B300s, GB200s, GB300s,
// H200s and H100s, with the FP4, NVFP4 and FP8 checkpoints. All but one
// are set mostly by the per-request cost: 9 of the 18 are within 25%
// (median error 22.9%) and all 18 within their intervals. Five of the
// six GB300 and GB200 runs are predicted 27% to 58% too fast, the B300
// runs within 15%,
// and the one run set mostly by its FLOPs, V4 Pro's W4A16 experts on 8
// H200s, 35% too fast. Whether their prompts were a fixed 8,192 tokens
// or drawn up to it, and whether their times are means or medians, the
// file does not say (the runs' notes).
//
// A seventh group of sixteen, read the same day by a helper shown no
// prediction, after the catalog learned (by NVIDIA's checkpoints'
// configs) that Qwen3.6-27B and 35B-A3B are Qwen3.5's architectures,
// and priced once with the model unchanged: the SGLang documentation's
// single requests of both on one H200, B200 or B300 at a fixed 8,192
// tokens, in BF16, FP8 and NVFP4, with speculative decoding. None of
// the 16 is within 25% (median error 65.5%), all 16 within their
// intervals. The mixture of experts (35B-A3B) is predicted 50% to 134%
// too slow: its whole measured time, 0.10 s to 0.18 s, is about the
// per-request cost fitted on DeepSeek-R1's requests over 8 to 16 GPUs,
// which a one-GPU request of a small mixture does not pay. The dense 27B
// in BF16 and FP8 was predicted 35% to 67% too slow. Reading why showed
// a defect, not a limit of the structure: a model known only from its
// config.json counts the input embedding table among the weights it
// holds but not among those it multiplies through, so prefill.Model.
// Sparse took every such dense model (Qwen3.5-27B, Qwen2.5-7B and -32B,
// Mistral 7B v0.3, Llama 3.2 1B, Qwen3 0.6B and 1.7B, any --config of
// a dense model) for a mixture of experts and charged it the mixture's
// 0.168 s. Sparse now asks the config whether any layer is a mixture.
// No run in sources/ used such a model, so the fit did not move; the
// six BF16 and FP8 runs of the 27B went to 14% to 28% too slow, five of
// them within 25% (the runs were seen before the fix, so these six no
// longer test it out of sample). In NVFP4 the same 27B takes 2.4 times
// its BF16 time on the same chip, and is predicted 71% and 73% too
// fast: a slower kernel path that no published variable names. A Kimi K2.6 run on MI350Xs (no catalog
// chip) and a GLM-5.1 run whose 290.88 ms repeats the GLM-5 run already
// held out were left out before pricing.
//
// An eighth group of sixteen, read on 2026-12-05 by a helper shown no
// prediction, after the dense-model fix and Gemma 4's configs were
// committed, and priced once with the model unchanged: AccelMark's
// single requests (vLLM 0.7.3, median TTFT) of Llama 3 8B at about 194
// tokens on one A100, A800, H100, H200 or L4, of Llama 3.1 8B at 28,650
// tokens on one A100 or A800, and of Llama 3 70B and Mixtral 8x7B at
// about 199 tokens on 8 A100s, A800s or H200s; and the SGLang
// documentation's GLM-5.1 on 8 MI300Xs (an earlier version of its
// benchmark file). 4 of the 16 are within 25% and 13 within their
// intervals. The long prompts are 24% to 25% too slow, as the earlier
// AccelMark runs were; the short dense prompts miss both ways, set by
// a per-request cost that differs from setup to setup; Mixtral's three
// runs take 50 ms to 53 ms and are predicted 223% to 252% too slow and
// outside their intervals, charged the 0.168 s fitted on DeepSeek-V3's
// requests, the cost no mixture without MLA has shown (gpt-oss, Llama 4
// and MiniMax runs before them), which the sources cannot fit, holding
// no single request of such a mixture; GLM-5.1 on MI300Xs is 67% too
// fast, as DeepSeek-V3 on MI300Xs was. Four AccelMark runs on H20-3e
// GPUs (141 GB of HBM3e, not the catalog's 96 GB H20) and a GLM-5.1 run
// on H200s whose 290.88 ms repeats the GLM-5 run already held out were
// left out before pricing.
//
// A ninth group of four, read on 2026-12-05 by a helper shown no
// prediction, after the catalog learned MiMo-V2-Flash's and DeciLM's
// configs, and priced once with the model unchanged: the SGLang
// cookbook's Gemma 4 26B-A4B on one H200 and one MI300X at a mean of 610
// tokens, and Vultr's B200 runs at 2,048 tokens of MiniMax M2.5 in FP8 on
// four GPUs (vLLM 0.12.0) and Nemotron 3 Nano in FP8 on two (vLLM
// 0.16.0). One is within 25% and all four within their intervals. Each is
// priced at about the mixture's per-request cost (0.17 s to 0.19 s in
// all): the H200 Gemma run and MiniMax's take 104 ms and 84 ms and are
// predicted 80% and 119% too slow, the MI300X Gemma run is within 1%,
// and Nemotron 3 Nano's 362 ms is predicted 52% too fast (the same table
// times it at 152 ms with eight requests in flight, so its one-at-a-time
// figure likely carries a first request's cost). Three rows the helper
// found were left out before pricing: two of Gemma 4 31B in BF16 (the
// catalog's only 31B is NVIDIA's NVFP4 checkpoint, whose stored weights
// would be charged) and one of Llama-3.3-Nemotron-Super-49B v1.5 (whose
// config was not compared with the catalog's v1).
//
// A tenth group of three, read on 2026-12-05 by a helper shown no
// prediction, after vLLM's Qwen3.5 request joined the fit, and priced
// once with the model so changed: the JSON result files of SGLang's
// Double Sparsity benchmark, Llama 3.1 70B in BF16 on 8 H200s (TP8, the
// dense path, radix cache off) at 16,384, 30,720 and 131,072 tokens,
// each the median of four to eight requests one at a time. All three
// are within 25% (11%, 14% and 3% too fast) and within their intervals:
// long prompts of a dense model, set by their FLOPs, as the earlier
// groups' long prompts were. The prompt is a sentence repeated to the
// benchmark's context length, taken as that many tokens. A fourth row,
// DeepSeek V4 Flash on 8 H20s, was left out before pricing: a mean of
// four requests with no warm-up whose p99 (2.3 s) is nearly three times
// the mean.
//
// An eleventh group of four, read on 2026-12-05 by a helper shown no
// prediction, and priced once with the model unchanged: GLM-5.2 single
// requests, AMD ATOM's FP8 table on 8 MI355Xs (an earlier table of the
// recipe whose 4-GPU MXFP4 runs the sixth group held) at a mean of about
// 922 and 7,373 tokens, and the NVFP4 low-latency cells of SGLang pull
// requests #29674 and #29557 on 8 B200s and 8 B300s at 8,192 tokens. One
// is within 25% (B300, 2% too slow) and all four within their
// intervals: ATOM's short prompt (102 ms) is 58% too slow and its long
// one (409 ms) 47% too fast, a per-request cost on the MI355X below the
// fitted one and a long prompt slower than its FLOPs, as the 4-GPU runs
// showed; B200's 295 ms is 30% too fast. A Kimi K3 row on 16 GB300s was
// left out before pricing: it was timed at concurrency 4.
//
// A twelfth group of seventeen, read on 2026-12-06 without a helper,
// the measured times seen before any prediction, and priced once with
// the model unchanged: every one-request-at-a-time row (conc 1) of
// DeepSeek-R1 in the InferenceX app's benchmark fixture as SemiAnalysis
// refreshed it on 2026-06-14 (commit 528c414, read in a fork's
// snapshot; the fit's InferenceX runs, at 2 to 8 in flight, come from an
// earlier version of the file, so the benchmark is not new to the fit),
// with its mean TTFT, as the fit's rows are read: SGLang on 8 B200s, 4
// or 8 B300s (FP4 and FP8), MoRI-disaggregated SGLang on 8 MI355Xs (FP8,
// and FP4 with MTP), and, in FP8, Dynamo-disaggregated SGLang on 8 H200s
// and 16 H100s and TensorRT-LLM on 8 B200s, at 1,024 and 8,192 tokens. A
// request's GPUs are its prefill group (prefill_tp), not the
// num_prefill_gpu of 16 and 64 the one-node FP4 rows print. 4 of the 17
// are within 25% and 16 within their intervals. The one-node B200 runs
// are within 32% (three of four within 25%); the B300 runs at 1,024
// tokens take 71 ms and 77 ms, little more than half the mixture's
// per-request cost, and are predicted 104% and 92% too slow; the nine
// disaggregated runs are all predicted too fast, 13% to 90% (only
// MoRI's FP8 run at 1,024 tokens within 25%), by 21 ms to 2.1 s. Their
// TTFT includes the KV cache's transfer to the decode worker, which the
// model does not price, but it is too small to explain that: at 16 bits
// 72.0 MB at 1,024 tokens and 576 MB at 8,192, 1.4 ms and 11.5 ms over
// one 400 Gbit/s link (calc --link 400Gbit/s). The
// two H200 rows' means are pulled up by a tail (medians 0.22 s and
// 0.42 s, means 0.41 s and 1.33 s); the 16-H100 run at 8,192 tokens
// (2.35 s, across two nodes, median 2.14 s) is the one outside its
// interval.
// The row at 1,024 tokens timed again with 8,192 output tokens (16 H100s,
// 1.84 s) was left out before pricing, as the same prompt timed again.
//
// With all 164 runs priced, the held-out check reads a median error of
// 28.2% and 42.7% within 25%, missing those two targets, and 93.3%
// covered (target 85%), at a median width of x14.2. Before the twelfth
// group, on 147, 26.8%, 44.9% and 93.2%, since the 23 further
// single requests of cited sources joined the fit (above): three runs
// went out of 25% (to 25.0%, 26.6% and 27.6% too fast) and one came in,
// and the narrower intervals left two MLA mixtures priced over 85% too
// fast (DeepSeek-V3 with EAGLE on MI300X, Kimi K2.5 at 8,000 tokens on
// H200) outside them while the lower costs brought three small
// mixtures priced too slow (Llama 4 Scout, Qwen3.6-35B-A3B on B200 and
// B300) and NIM's Llama 3.1 8B at 2,000 tokens inside. Before them 26.8%,
// 46.3% and 91.8% at x17.4; before NIM's
// Mixtral request joined the fit, 27.6%, 45.6% and 91.8% at x18.1 (the
// eleventh group's four were priced then, before the run was added; with
// it, ATOM's short prompt reads 56% too slow, where it read 58%); before
// the eleventh group, on 143, 26.8%, 46.2%
// and 91.6%; before the tenth group, on 140, 27.8%, 45.0%
// and 91.4%; before vLLM's Qwen3.5 request joined the fit,
// 27.6%, 44.3% and 94.3% (its lower mixture cost brought 5 runs within
// 25% and took 4 out, three of them GLM-5.2's, now priced too fast;
// its narrower intervals, x18.1 wide against x20.8, left 4 runs outside
// them that had been inside);
// before the ninth group, on 136, 27.2%, 44.9% and
// 94.1%; before the eighth group, on 120, 26.5%, 47.5%
// and 95.8% (28.6%, 43.3% and 95.8% before the dense-model fix
// above); before the seventh group, on 104, 25.2%, 50.0%
// and 95.2%; before the sixth, on 86, 25.2%, 50.0% and 94.2%; and on
// the 77 before the fifth, 24.8%, 50.6% and 93.5%. No refit of this
// structure's constants can meet the second target on these runs: with
// its scale and two per-request costs chosen on the held-out runs
// themselves (heldout.HindsightOf, an exact search), at most 88 of the
// 164 are within 25%, where the target asks for 115 (the median error
// there is 24.0%). A per-request cost for each engine and kind of model,
// chosen the same way (heldout.HindsightBy, 12 costs), puts at most 102
// within 25%; one for each publisher and kind (14 costs, nearer a
// description of each setup than a model) 104; one for each chip and
// kind (20 costs) 104: none reaches the target, even in hindsight. The
// chip is known for any prompt, but costs for a chip fitted on the
// published runs, where two sources show one (six chips and kinds,
// heldout.PublishedChipCosts), put 64 of the 164 within 25%, against 70
// with the fitted costs: a chip's cost chosen on these runs describes
// their setups, not the chip. A setup's own cost, read from its shortest
// run and given to its other runs (heldout.OwnCostCheck, as calc
// --request-cost takes one), puts 31 of those 52 runs within 25%,
// against 28 with the fitted costs, at a median error of 22.0% against
// 21.5%: where the FLOPs' part is mispriced, knowing the cost does not
// mend it. (On the 147 runs before the twelfth group: hindsight 83, by
// engine 93, by publisher 97, by chip 99, chip costs fitted on sources/
// 60 against 66, a setup's own cost 28 of 44 against 27 at a median
// error of 18.9% against 17.0%. Before the 23 further requests joined the fit: chip costs
// fitted on sources/ 61 against 68, a setup's own cost at a median
// error of 19.0% against 18.0%. Before NIM's Mixtral request joined the fit: chip costs
// fitted on sources/ 61 against 67, a setup's own cost at a median
// error of 18.8% against 17.8%. On the 143 runs before the eleventh group: hindsight 82, by
// engine 91, by publisher 95, by chip 97, chip costs fitted on sources/
// 61 against 66, a setup's own cost 28 of 43 against 27 at a median
// error of 15.8% against 17.5%. On the 140 runs before the tenth group: hindsight 80, by
// engine 88, by publisher 92, by chip 94, chip costs fitted on sources/
// 58 against 63, a setup's own cost 26 of 41 against 25 at a median
// error of 21.8% against 18.1%; before vLLM's Qwen3.5 request joined
// the fit: chip costs fitted on sources/ 60 against 62, a setup's own
// cost at a median error of 21.1% against 22.2%. On the
// 136 runs before the ninth group: hindsight 79, by
// engine 86, by publisher 90, by chip 94, chip costs fitted on sources/
// 59 against 61, a setup's own cost 26 of 41 against 25; on the 120
// runs before the eighth group: hindsight 71, by
// engine 76, by publisher 79, by chip 82, chip costs fitted on sources/
// 55 against 57, a setup's own cost 22 of 37 against 22; before the
// dense-model fix, on the same 120: hindsight 67, by engine 73, by
// publisher 74, by chip 79, chip costs fitted on sources/ 50 against
// 52. On the 104 runs before the seventh group: hindsight 64, by engine 69, by
// publisher 72, by chip 74, chip costs fitted on sources/ 50 against
// 52; on the 86 before the sixth: hindsight 54, by engine 59, by
// publisher and by chip 62, chip costs fitted on sources/ 43 against 43,
// a setup's own cost 20 of 31 against 18; on the 77 before the fifth:
// hindsight 48, by engine 52, by publisher and by chip 55, chip costs
// fitted on sources/ 40 against 39, a setup's own cost 19 of 30 against
// 18.)
// These scores are since the output head takes only the prompt's last
// token (prefill.LinearFLOPs; read on 2026-12-05), a correction of the
// work to what the engines compute, which moved no fitted constant by
// more than 3%. Its held-out scores were looked at before it was kept,
// so they test it less cleanly than a fresh set would. It took the held-out runs from 26.8%, 46.8% and 93.5% to the scores
// above (hindsight from 47 to 48, by engine from 51 to 52, by publisher
// from 54 to 55, by chip 55 unchanged; the chip costs fitted on sources/
// from 37 to 40, a setup's own cost from 18 of 30 to 19, the fitted
// costs there from 16 to 18), and AccelMark's A800 run, above the best
// published kernel with every token through the head, is now plausible
// and joins the publisher-out fits.
// Earlier readings: 27.1%, 45.5% and 93.5% before
// Kimi K2.5's INT4 experts were read from its config.json (its weights
// had been read at 2 bytes); 34.2%, 41.6% and 94.8% (77
// runs) with one per-request cost for all; 33.2%, 38.6% and 84.3% on
// the 70 before the fourth group and the served dense requests (the
// intervals had narrowed from a median x21.1 to x19.7 when the AWQ runs'
// weights were read at 4 bits, before which it read 33.2%, 38.6% and
// 85.7%; 33.1%, 38.6% and 85.7% before LMDeploy's runs).
// Before the weight read, with TensorRT-LLM's offline runs typed, it read
// 35.7%, 38.6% and 84.3%; before the offline runs, 35.3%,
// 38.6% and 84.3%; and 34.3%, 40.9% and 83.3% on the 66 priced before
// the MI355X's peak was read. The weight read was chosen on the offline
// runs in sources and validated on them leaving each source out, but
// every held-out run had been seen before it was added, so their scores
// with it test it less cleanly than a fresh set would. Split by
// what sets the predicted time (ScoreByPart), the runs whose time is
// mostly FLOPs and memory traffic do far better than those whose time is
// mostly the per-request cost; notebook 11 prints both.
//
// Tried and not adopted, on the sources before that third group was read:
// CeilingRequestCost with a per-request cost by engine where two sources
// show it (nested validation: a median error of 47.0%, against 36.9%
// without), with a per-layer cost (chosen in one fold, no score changed)
// and with the tensor-parallel communication at a fitted share of the
// link (never chosen). None of the sources' served single requests is on
// one or two GPUs at a short prompt, so no structure can learn from them
// how small such a request's cost is (TensorRT-LLM's offline runs, typed
// since, are on one GPU but pay no server's cost); the NIM runs above are
// the evidence a next fit needs, and a fresh held-out set to test it.
//
// Tried on 2026-12-02 and not adopted (each on the runs before the
// offline ones, against the nested median error of 36.8%): the memory
// traffic weighted by the bytes of each phase's precision (an FP8 matrix
// product moving half a BF16 one's bytes), 47.0%, which also took the
// held-out runs from 35.3% to 57.7%; the traffic taken as the
// activations' (tokens x hidden size x layers) in place of the FLOPs,
// 47.2%; a per-request cost proportional to the weights read once over
// the memory bandwidth, fitted at zero beside the fixed cost, and 45.4%
// in its place; and a per-request cost of its own for dense models beside
// the one of mixtures of experts, fitted at zero, 48.1%.
//
// Tried on 2026-12-04 and not adopted (all 77 held-out runs priced, the
// chosen structure's nested scores 45.0%, 25.7% within 25% and 86.5%
// covered): a per-layer cost added to CeilingWeightsRequestCost, which
// the nested validation then chose (37.0%, 29.7%, 87.8%) but which took
// the held-out runs from 26.8% and 46.8% within 25% to 32.7% and 40%;
// and a per-layer cost added to CeilingWeightsSparseCost, chosen too,
// nested 45.1%, 25.7% and 87.8%, held out 25.8% and 49%: two more runs
// within 25% of 77, for a fifth parameter added after the held-out
// errors were seen. Neither is a gain a fresh set would be likely to
// confirm, and the first is a loss on the only runs no fit has seen.
// The mixture-of-experts cost is still mostly DeepSeek-R1's: of the 18
// runs that mostly set it (Model.Informants), 16 are of DeepSeek-R1, on
// DeepSeek-V3's architecture, one of Qwen3.5-397B-A17B (vLLM's on four
// B300s, 140 ms at 1,024 tokens, predicted 28% too slow with its source
// left out) and one of Mixtral 8x22B (NIM's on eight H100s, 260 ms at
// 7,000 tokens, 23% too slow), so a sparse model with fewer or lighter
// expert layers (gpt-oss-120b, Llama 4) is charged nearly DeepSeek's
// cost. Those two requests are evidence against the split the held-out
// runs suggest (a smaller cost for mixtures without MLA): two mixtures
// without MLA, on four and eight GPUs, paid about DeepSeek's cost there. A search for more (2026-12-05) found single
// requests of Mixtral 8x7B, Qwen3-30B-A3B, gpt-oss-20b and
// Qwen3-Coder-Next whose GPU count, precision, statistic or prompt
// length their pages do not state, so none entered the fit (the
// sources file of vLLM's request names them); they span a factor of ten
// in time at about a thousand tokens.
//
// Tried on 2026-12-06 and not adopted: CeilingWeightsSparseCost with the
// communication (prefill.CommTime) added at the link's quoted bandwidth,
// unfitted, to every single prompt's time, as the weight read is. With
// the structure fixed, leaving each source out: a median error of 37.8%,
// 36.4% within 25% and 84.8% covered, against 36.0%, 40.4% and 85.9%
// without it; fitted on all runs, the mixture's per-request cost fell
// from 0.127 s to 0.118 s, and the held-out runs within 25% rose from 70
// to 74 of 164. The validation prefers the structure without it, and four
// runs of a set already read many times are not a gain to adopt it on.
//
// Also tried and not adopted: the measured ceilings with shares of them still
// fitted (one, or one per phase): the fitted share drifts to about 0.57
// of the ceiling to absorb the engines' costs, and the held-out runs
// read no better than with datasheet peaks; and the held-out runs fitted
// with the rest, which made the validation worse. The H20 runs of the
// chunked-pipeline blog imply 0.83 and 0.89 of the H20's catalogued
// peak, above the best published kernel's share that NewRun accepts: the
// H20 has no measured ceiling, and its peak, read from secondary pages,
// may understate what its capped tensor cores do.
//
// The wait at a stated concurrency. A request among c in a closed loop
// is charged at most the c - 1 others' prefills at the fitted
// single-request share (Fit.waitCap), whatever queueing coefficient the
// fit found: dstack's early-2025 engines waited about a second among
// four, which the coefficient absorbs (25 times a request's FLOP time at
// peak per other request in flight, in the fold that leaves InferenceX
// out). Uncapped, that fold predicted InferenceX's concurrent runs up to
// eleven times too slow, and the whole validation read a median error of
// 68.7% with 8.9% of runs within 25%; capped, 45.2% and 25.0% (before attention had a share of its own), with
// InferenceX's seventeen runs at a median error of 23.6%. The cap is the
// mechanics of a closed-loop benchmark, not a structure chosen by
// validation, but it was added after the uncapped errors were seen.
//
// The intervals pool the errors of all regimes (spreadFor). Taken from
// the errors of each run's own regime instead, as before, they covered
// 64.3% at a median width of x14.5: a regime's runs come from one or two
// sources, so with one of them out the regime's remaining errors often
// have one sign (the concurrent regime's are all dstack's, all too fast,
// when InferenceX is out) and the interval is one-sided. Pooled, they
// covered 85.7% at x24.1 then (87.5% at x23.6 now): the target met at two thirds more width, widest
// where the model is best (batched throughputs, within tens of percent).
// Pooled intervals are used because only they hold the measured time as
// often as they claim to; both were computed on these runs, and the
// choice was made after seeing both, outside the nested loop.
//
// The structural misses behind the errors:
//
//   - the per-request cost is an engine's, not a constant: fitted on all
//     runs with a cost per engine family, vLLM's is 60 ms, SGLang's 163
//     ms and TensorRT-LLM's 248 ms, and batch-1 runs of a few thousand
//     tokens on 8 to 16 GPUs are mostly that cost, so one shared cost
//     misses vLLM's tenstorrent runs by +94% to +178% and issue #5929's
//     TensorRT-LLM runs by -32% to -66%. The per-engine structure still
//     does not survive leaving a source out: vLLM, SGLang and
//     TensorRT-LLM each have single requests from several sources, but
//     the sources disagree within a family (vLLM on
//     8 H100s 127 ms at 2K tokens, dstack's vLLM 0.6.3 on MI300X tens of
//     seconds at 16K), and with the structure fixed its leave-one-source-
//     out median error was 54.8% against 45.2% for the shared cost
//     (44.6% with attention apart), before the ceiling structure;
//   - no share of peak by vendor can be validated: the AMD runs now come
//     from two sources, which miss in opposite directions (dstack's
//     MI300X runs predicted too fast by a constant factor for TGI and
//     worse with the prompt for vLLM 0.6.3; InferenceX's MI355X runs
//     within 25% for SGLang with MoRI and for ATOM at 8K tokens, too slow
//     for ATOM at 1K), so a vendor factor fitted on either source pushes
//     the other further off;
//   - requests at a stated concurrency: InferenceX's seventeen, on
//     MI355X, GB300, GB200 and B300 with SGLang, ATOM and TensorRT-LLM,
//     agree with the single-request fit once the wait is capped (all but
//     the B300 and ATOM 1K runs within 60%); dstack's five are predicted
//     -67% to -92% even so: their waits are not the prefills of the
//     others;
//   - InferenceX's B300 runs (TensorRT-LLM under Dynamo, disaggregated,
//     MTP) take 2.4 s at 1K tokens and 2.8 s at 8K, several times any
//     other chip at these lengths: whatever dominates them is not the
//     prefill's FLOPs, and the model predicts them -90% and -65%;
//   - at batch 1, FP4 on B200 is no faster than FP8 on H200 (TensorRT-LLM
//     issue #5929): the FLOP term priced at FP4's peak is a small part of
//     those runs, whose time is the engine's fixed cost;
//   - pipeline bubbles (modelled) overstate SGLang's unchunked PP4 time
//     on GB300 (its stages overlap more than one chunk at a time allows),
//     and expert-parallel all-to-alls (modelled) move about the bytes of
//     the all-reduces they replace at EP = TP, so they cannot explain why
//     EP4 and EP8 beat TP8 alone on H200: that is the grouped GEMMs'
//     efficiency, which the FLOP model does not carry;
//   - communication across nodes is charged at the scale-up link's
//     bandwidth (tenstorrent's 16 H100s cross InfiniBand).
//
// Validation (bysource.go) leaves every run of a source out together,
// and chooses the structure and the interval again inside each fold, on
// the other sources alone; the optimism of choosing the structure on all
// runs instead is reported (Model.Optimism). The interval is the 5th to
// 95th percentile of all the leave-one-source-out log errors, widened
// for a novel query (a chip, vendor, engine or regime with no run in
// the fit; the regimes are one request, a request at a stated
// concurrency, and a batch; an engine of no family is new unless a
// fitted run names it, and one not stated is held neither way; Novelty
// is the one rule for validation and prediction) to the spread of the
// errors of runs that
// were likewise novel to their fit: it widens for what the fit has not
// seen. The targets (median error at most
// 20%, at least 70% of runs within 25%, intervals covering at least 85%)
// are reported whether met or not. Model.Describe says which runs each
// parameter mostly comes from. Runs that cannot be priced stay in the
// validation table with the reason.
//
// The single MFU calibrated on the VAST/CoreWeave 405B test is kept for
// the post's own tables (CalibratedMFU, DefaultMFU), with the load
// efficiency llm-d's RoCE measurement implies. Packages post (tables) and
// calculator (the calc command and the web page) both use these, so each
// default is computed in one place.
//
//	mfu := calibration.CalibratedMFU() // 0.345 (0.342 to 0.348): 127,188 tokens of Llama 3.1 405B in 62 s on 8 H100s
//	m, err := calibration.Fitted()        // the phase model for predictions, fast
//	v, sums, err := calibration.Validated() // with its validation rows and every structure's summary
//
// (ExampleCalibratedMFU runs the first.)
package calibration

import (
	"math"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/prefill"
	"signalweight.dev/kv/sources"
)

// Test is the published test the default MFU is calibrated on. The
// validation tables use the other tests, never this one.
var Test = sources.VAST405B

// Hardware returns the hardware of a published test.
func Hardware(id string) (sources.TestHardware, bool) {
	for _, h := range sources.TestsHardware() {
		if h.Test.ID == id {
			return h, true
		}
	}
	return sources.TestHardware{}, false
}

// ReportedPrefill returns a test's uncached time to first token: as
// published, or N / r where only the post's prefill speed is known.
func ReportedPrefill(t sources.PrefillTest) breakeven.Estimate[breakeven.Seconds] {
	if t.Uncached.Name != "" {
		return t.Uncached.Value
	}
	return breakeven.Apply2(t.Tokens.Value, t.Prefill.Value, breakeven.RecomputeTime)
}

// CalibratedMFU returns the MFU that reproduces Test's uncached time on
// its hardware, with the interval of the time's rounding.
func CalibratedMFU() breakeven.Estimate[float64] {
	pm, err := sources.PrefillModel(sources.MustModel(Test.Model))
	if err != nil {
		panic(err) // the catalog's own model: a programming error
	}
	h, _ := Hardware(Test.ID)
	return prefill.Calibrate(pm, Test.Tokens.Value, h.GPUs(), ReportedPrefill(Test))
}

// DefaultMFU is the MFU of estimates: the calibrated value, within the
// project's assumed range (widened to hold the calibration's interval).
func DefaultMFU() breakeven.Estimate[float64] {
	c := CalibratedMFU()
	return breakeven.MustBetween(c.Value, math.Min(sources.MFULow.V(), c.Lo), math.Max(sources.MFUHigh.V(), c.Hi))
}

// DefaultEfficiency is the share of line rate a transfer reaches: llm-d's
// RoCE throughput over its 100 Gbit/s NIC.
func DefaultEfficiency() breakeven.Estimate[float64] {
	return breakeven.Apply1(sources.RoCE.Delivered.Value, func(d breakeven.Bandwidth) float64 { return float64(d / sources.NIC100.V()) })
}
