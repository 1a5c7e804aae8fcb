// The page's glue: it loads calc.wasm (the calculator in Go), fills the
// menus from its catalog, sends the inputs on every change and shows the
// answer, the tier map and the chart. All arithmetic happens in Go.
"use strict";

const FIELDS = ["model", "config-text", "tokens", "prefill", "ttft", "link", "kv-dtype", "compression", "hit-rate", "miss-penalty", "gpus", "mfu", "precision", "weights", "latency", "efficiency"];
const CHECKS = ["allow-beyond-context", "overlap"];
// The SI value behind each shown result, from calc --json.
const VALUES = {
  cache: "cache_bytes", bytes_per_token: "bytes_per_token", prefill: "prefill_tokens_per_second",
  link: "link_bytes_per_second", recompute: "recompute_seconds", load: "load_seconds",
  break_even: "break_even_bytes_per_second", speedup: "speedup", winner: "winner",
  mean_ttft: "mean_ttft_seconds", break_even_hit_rate: "break_even_hit_rate",
  fastest_prefill: "min_recompute_seconds", implied_mfu: "implied_mfu", crossover: "crossover_tokens", overlap: "overlap_seconds",
};
const $ = (id) => document.getElementById(id);
let catalog = null;
let tierLinks = {}; // tier name -> the reader's link text

function el(tag, attrs, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

function fillMenus() {
  const model = $("model");
  for (const g of catalog.models) {
    const og = el("optgroup", { label: g.attention });
    for (const m of g.models) {
      const o = el("option", { value: m.slug }, m.known ? m.name : m.name + " (no published config)");
      og.append(o);
    }
    model.append(og);
  }
  const presets = $("presets");
  for (const l of catalog.links) presets.append(el("option", { value: l.name }, l.speed + ": " + l.note));
  const dt = $("kv-dtype");
  for (const d of catalog.kv_dtypes) dt.append(el("option", { value: d }, d));
  const src = $("sources");
  for (const s of catalog.sources) src.append(el("li", {}, s));
}

// The request from the form.
function request() {
  const r = { tiers: {} };
  for (const f of FIELDS) {
    const v = $(f).value.trim();
    if (v !== "") r[f] = v;
  }
  // A pasted config.json names its own model.
  if (r["config-text"] !== undefined) delete r.model;
  for (const c of CHECKS) if ($(c).checked) r[c] = true;
  for (const [t, v] of Object.entries(tierLinks)) r.tiers[t] = v.trim();
  return r;
}

// The state as a URL query: the fields given, and tier links changed.
function query(r) {
  const q = new URLSearchParams();
  for (const f of FIELDS) if (r[f] !== undefined) q.set(f, r[f]);
  for (const c of CHECKS) if (r[c]) q.set(c, "1");
  for (const [t, v] of Object.entries(r.tiers)) q.set("tier-" + t, v);
  for (const [k, v] of Object.entries(claimRequest())) q.set("c-" + k, v === true ? "1" : v);
  return q.toString();
}

// The fact-check form: one claim, its fields named as check's flags
// (ids "c-" + name); Go checks it (factcheck.CheckPage) and writes every
// text shown.
const CLAIM = ["model", "config-text", "tokens", "seconds", "seconds-are", "size", "throughput", "uncached", "speedup", "hit", "links", "host", "gpus", "kv-dtype"];
const CLAIM_CHECKS = ["per-node"];

function claimRequest() {
  const c = {};
  for (const f of CLAIM) {
    const v = $("c-" + f).value.trim();
    if (v !== "") c[f] = v;
  }
  for (const f of CLAIM_CHECKS) if ($("c-" + f).checked) c[f] = true;
  return c;
}

let claimErrors = [];
function checkClaim() {
  for (const [box, input] of claimErrors) {
    box.textContent = "";
    if (input) input.removeAttribute("aria-invalid");
  }
  claimErrors = [];
  const c = claimRequest();
  const sec = $("factcheck");
  const rows = [];
  if (Object.keys(c).length === 0) {
    sec.dataset.state = "empty";
  } else {
    const resp = JSON.parse(globalThis.kvCheck(JSON.stringify(c)));
    if (resp.errors) {
      sec.dataset.state = "error";
      for (const fe of resp.errors) {
        const box = $("err-c-" + fe.field) || $("err-c-general");
        box.textContent = fe.text;
        const input = $("c-" + fe.field);
        if (input) input.setAttribute("aria-invalid", "true");
        claimErrors.push([box, input]);
      }
    } else {
      sec.dataset.state = "ok";
      // The rows as Go renders them (factcheck.Rendering.Rows).
      for (const r of resp.rows) rows.push([r.key, r.label, r.text]);
    }
  }
  const dl = $("c-results");
  dl.replaceChildren(...rows.map(([k, label, text]) => {
    const div = el("div", {});
    div.append(el("dt", {}, label), el("dd", { id: "c-r-" + k }, text));
    return div;
  }));
  const q = query(request());
  urlPending = q ? "?" + q : location.pathname;
  setAttr($("share"), "href", urlPending);
  clearTimeout(urlTimer);
  urlTimer = setTimeout(syncURL, 150);
}

function restore() {
  const q = new URLSearchParams(location.search);
  const fromURL = FIELDS.some((f) => q.has(f));
  const d = catalog.default;
  for (const f of FIELDS) $(f).value = fromURL ? (q.get(f) || "") : (d[f] || "");
  if ($("model").value === "" && (fromURL ? q.get("model") : d.model)) {
    // A name or alias rather than a slug: add it so Go can judge it.
    const v = fromURL ? q.get("model") : d.model;
    const o = el("option", { value: v }, v);
    $("model").prepend(o);
    $("model").value = v;
  }
  for (const c of CHECKS) $(c).checked = q.get(c) === "1";
  // The URL's prefill or TTFT is the one typed for the URL's model.
  timeModel = modelKey();
  for (const [k, v] of q) if (k.startsWith("tier-")) tierLinks[k.slice(5)] = v;
  for (const f of CLAIM) $("c-" + f).value = q.get("c-" + f) || "";
  for (const f of CLAIM_CHECKS) $("c-" + f).checked = q.get("c-" + f) === "1";
}

// A prefill speed or time to first token belongs to the model it was
// typed for. Switching the model puts the fields' values aside under the
// old model and brings back what was typed for the new one, or nothing:
// then Go takes the new model's own default (its published run, the FLOP
// model on the GPUs given, or a line asking for one). No model's time is
// ever carried to another, in the fields or in the URL.
const TIME_FIELDS = ["prefill", "ttft"];
const typedTimes = {}; // model key -> {prefill, ttft} as typed for it
let timeModel = null;

// modelKey names the model the form asks about: a pasted config.json, or
// the menu's model.
function modelKey() {
  return $("config-text").value.trim() !== "" ? "config-text" : $("model").value;
}

function switchModel() {
  const key = modelKey();
  if (key === timeModel) return;
  if (timeModel !== null) {
    const kept = {};
    for (const f of TIME_FIELDS) if ($(f).value.trim() !== "") kept[f] = $(f).value;
    typedTimes[timeModel] = kept;
  }
  const back = typedTimes[key] || {};
  for (const f of TIME_FIELDS) $(f).value = back[f] || "";
  timeModel = key;
}

// shownErrors is each field whose error is on screen, so a change clears
// only those.
let shownErrors = [];

function clearErrors() {
  for (const [box, input] of shownErrors) {
    box.textContent = "";
    if (input) input.removeAttribute("aria-invalid");
  }
  shownErrors = [];
}

function showError(fe) {
  const text = fe.text; // written in Go: calculator.PageError
  const box = $("err-" + fe.field) || $("err-general");
  box.textContent = text;
  const input = $(fe.field);
  if (input) input.setAttribute("aria-invalid", "true");
  shownErrors.push([box, input]);
}

// The URL follows the inputs a moment after the last change (each
// history update costs milliseconds, and browsers throttle a stream of
// them); the share link follows at once.
let urlTimer = 0, urlPending = "";
function syncURL() {
  clearTimeout(urlTimer);
  urlTimer = 0;
  history.replaceState(null, "", urlPending);
}
addEventListener("pagehide", () => { if (urlTimer) syncURL(); });

function compute() {
  const t0 = performance.now();
  switchModel();
  const r = request();
  const out = globalThis.kvCompute(JSON.stringify(r));
  const tGo = performance.now();
  const resp = JSON.parse(out);
  clearErrors();
  const form = document.body;
  if (resp.errors) {
    for (const fe of resp.errors) showError(fe);
    form.dataset.state = "error";
    // The map and its table keep the last answer until the inputs are
    // valid again: dim them so they do not pass for this one.
    for (const dd of document.querySelectorAll("#results dd")) { dd.textContent = "–"; dd.removeAttribute("data-value"); }
    setText($("r-note"), "");
    setAttr($("prefill"), "placeholder", "");
  } else {
    form.dataset.state = "ok";
    drawResults(resp.report, resp.output);
    showDefaultPrefill(resp.report, resp.output);
    setText($("r-note"), resp.report.note ? "Note: " + resp.report.note : "");
    drawTiers(resp.routes);
    drawMap(resp.routes);
    drawChart(resp.chart);
  }
  const q = query(r);
  urlPending = q ? "?" + q : location.pathname;
  setAttr($("share"), "href", urlPending);
  clearTimeout(urlTimer);
  urlTimer = setTimeout(syncURL, 150);
  globalThis.kvLastMs = performance.now() - t0;
  globalThis.kvLastGoMs = tGo - t0;
  $("status").textContent = "Computed in Go (WebAssembly) in " + globalThis.kvLastMs.toFixed(1) + " ms.";
}

// showDefaultPrefill shows, in the empty prefill field, the speed Go took
// for this model when none is typed (its published run or the FLOP
// model's estimate), so the field never holds a value the reader did not
// type.
function showDefaultPrefill(report, output) {
  let text = "";
  if (output.prefill_provenance === "published" || output.prefill_provenance === "estimated") {
    const row = report.sections.flat().find((r) => r.key === "prefill");
    if (row) text = row.text;
  }
  setAttr($("prefill"), "placeholder", text);
}

// drawResults shows the report's rows, the lines breakeven calc prints
// (calculator.Render), each with the SI value behind it; the list is
// rebuilt only when its rows change, otherwise only the texts.
function drawResults(report, output) {
  const dl = $("results");
  const rows = report.sections.flat();
  const keys = rows.map((r) => r.key + ":" + r.label).join(",");
  if (dl.dataset.keys !== keys) {
    dl.replaceChildren(...rows.map((r) => {
      const div = el("div", {});
      div.append(el("dt", {}, r.label), el("dd", { id: "r-" + r.key }));
      return div;
    }));
    dl.dataset.keys = keys;
  }
  for (const r of rows) {
    const dd = $("r-" + r.key);
    setText(dd, r.text);
    const v = VALUES[r.key] && output[VALUES[r.key]];
    if (v === undefined || v === null) { if (dd.hasAttribute("data-value")) dd.removeAttribute("data-value"); }
    else setAttr(dd, "data-value", String(v));
  }
  setAttr($("r-winner"), "class", output.winner);
}

let tierRows = {}; // tier -> {load, verdict}, built once

function drawTiers(routes) {
  const body = $("tiers").tBodies[0];
  // Keep the inputs (and focus) when only the numbers change.
  for (const rt of routes) {
    let row = tierRows[rt.tier];
    if (!row) {
      const tr = el("tr", { "data-tier": rt.tier });
      const name = el("th", { scope: "row" }, rt.route === "miss" ? "Miss route" : rt.tier);
      const what = el("td", {});
      what.append(el("span", {}, rt.place ? rt.place + "; reused by " + rt.reuse + ". " : "Prefill computes the cache, then hands it over: "));
      what.append(el("small", { class: "cite" }, "Link: " + rt.what + ". Source: " + rt.source_title));
      const link = el("td", {});
      if (rt.no_transfer) link.append(el("span", {}, "none needed"));
      else {
        const id = "tier-" + rt.tier;
        link.append(el("label", { for: id, class: "sr" }, (rt.route === "miss" ? "Handover" : rt.tier + " hit") + " link"));
        const inp = el("input", { id: id, "aria-describedby": "err-" + id, autocomplete: "off", list: "presets",
          placeholder: catalog.your_value });
        inp.value = tierLinks[rt.tier] !== undefined ? tierLinks[rt.tier] : rt.default;
        inp.addEventListener("input", () => { tierLinks[rt.tier] = inp.value; compute(); });
        link.append(inp, el("p", { class: "err", id: "err-" + id }));
      }
      row = tierRows[rt.tier] = { load: el("td", { class: "t-load" }), verdict: el("td", { class: "verdict" }) };
      tr.append(name, what, link, row.load, row.verdict);
      body.append(tr);
    }
    // The texts come from Go (calculator.Routes), like every number here.
    setText(row.load, rt.load_text);
    setText(row.verdict, rt.verdict);
    setAttr(row.verdict, "class", "verdict" + (rt.route !== "miss" && rt.winner && !rt.error ? " " + rt.winner : ""));
    setAttr(row.verdict, "data-winner", rt.error ? "" : rt.winner || "");
    if (rt.error) { showError(rt.error); continue; }
    if (rt.load_seconds) setAttr(row.load, "data-value", String(rt.load_seconds));
    else if (row.load.hasAttribute("data-value")) row.load.removeAttribute("data-value");
  }
}

const SVGNS = "http://www.w3.org/2000/svg";
function svg(tag, attrs, text) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// set changes an element's text, class or attribute only when it differs,
// so an input change touches only what it changes.
function setText(e, text) { if (e.textContent !== text) e.textContent = text; }
function setAttr(e, k, v) { if (e.getAttribute(k) !== v) e.setAttribute(k, v); }

// fitText fits a label wider than its room (judged by its length, so the
// page never waits on a layout): a smaller type down to 9 px, then
// squeezed.
function fitText(e, text, room, size) {
  setText(e, text);
  const want = text.length * size * 0.56;
  const fit = want > room ? Math.max(9, size * room / want) : 0;
  const px = fit ? fit.toFixed(1) + "px" : ""; // through the CSSOM, which the CSP allows
  if (e.style.fontSize !== px) e.style.fontSize = px;
  if (fit && text.length * fit * 0.56 > room) setAttr(e, "textLength", String(room));
  else if (e.hasAttribute("textLength")) e.removeAttribute("textLength");
}

// The map: the prefill and decode GPUs at the top with the hand-over
// between them; below, each tier as a place, its hit route rising to the
// decode GPUs; on the left, the miss route parking the cache in a tier.
// Each route is a link to its editable field, with its link, load time
// and verdict (from Go) as text, and coloured by the verdict.
const MAP = { W: 380, top: 96, band: 52, gap: 6, left: 24, bus: 336, busStep: 7 };
let mapParts = null; // tier -> {a, verdict, line, path, ...}, built once

function routeClass(rt) {
  if (rt.error) return "error";
  if (rt.route === "miss" || !rt.winner) return "neutral";
  return rt.winner; // "load" or "recompute"
}

function routeLine(rt) {
  const link = rt.no_transfer ? "no link" : (rt.link || catalog.your_value);
  if (rt.route === "miss") return "miss: hand-over over " + link + " · load " + rt.load_text;
  return "hit over " + link + " · load " + rt.load_text;
}

function buildMap(routes) {
  const hits = routes.filter((r) => r.route === "hit");
  const H = MAP.top + hits.length * (MAP.band + MAP.gap);
  const W = MAP.W;
  const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "group", "aria-labelledby": "map-title map-desc" });
  root.append(svg("title", { id: "map-title" }, "Tier map: where the cache can sit and the routes a request takes"));
  root.append(svg("desc", { id: "map-desc" }, "Each route is a link to its editable link field; its label gives the link, the load time and the verdict."));
  const defs = svg("defs", {});
  for (const c of ["load", "recompute", "neutral", "error"]) {
    const m = svg("marker", { id: "arrow-" + c, viewBox: "0 0 10 10", refX: "9", refY: "5", markerWidth: "6", markerHeight: "6", orient: "auto-start-reverse" });
    m.append(svg("path", { d: "M0,0 L10,5 L0,10 z", class: "m-head " + c }));
    defs.append(m);
  }
  root.append(defs);
  // The GPUs.
  const gpus = svg("g", { class: "m-gpus" });
  gpus.append(svg("rect", { x: 8, y: 4, width: 120, height: 36, rx: 5, class: "m-gpu" }),
    svg("text", { x: 68, y: 27, "text-anchor": "middle", class: "m-name" }, "Prefill GPUs"),
    svg("rect", { x: 244, y: 4, width: 128, height: 36, rx: 5, class: "m-gpu", id: "m-decode" }),
    svg("text", { x: 308, y: 27, "text-anchor": "middle", class: "m-name" }, "Decode GPUs"));
  root.append(gpus);
  mapParts = {};
  const part = (rt, a, lines) => {
    a.addEventListener("click", (ev) => {
      ev.preventDefault();
      const inp = $("tier-" + rt.tier);
      if (inp) inp.focus();
      else document.querySelector('#tiers tr[data-tier="' + rt.tier + '"]').scrollIntoView();
    });
    a.dataset.tier = rt.tier;
    a.dataset.route = rt.route;
    mapParts[rt.tier] = Object.assign({ a: a, title: a.querySelector("title") }, lines);
  };
  // The miss route: the hand-over, and the cache parked in a tier.
  {
    const rt = routes.find((r) => r.route === "miss");
    if (rt) {
      const a = svg("a", { href: "#tier-" + rt.tier, class: "m-route" });
      a.append(svg("title", {}));
      const path = svg("path", { d: "M128,22 H242", class: "m-path" });
      const cx = (MAP.left + MAP.bus) / 2;
      const line = svg("text", { x: cx, y: 58, "text-anchor": "middle", class: "m-line" });
      const verdict = svg("text", { x: cx, y: 73, "text-anchor": "middle", class: "m-verdict" });
      a.append(path, svg("text", { x: 185, y: 16, "text-anchor": "middle", class: "m-small" }, "hand-over"), line, verdict);
      root.append(a);
      part(rt, a, { path: path, line: line, verdict: verdict });
    }
    const y1 = MAP.top + (hits.length - 1) * (MAP.band + MAP.gap) + MAP.band / 2;
    const park = svg("g", { class: "m-park" });
    park.append(svg("title", {}, "On a miss, the prefill GPUs' new cache is parked in a tier for the next request"));
    let d = `M14,40 V${y1}`;
    for (let i = 0; i < hits.length; i++) {
      const y = MAP.top + i * (MAP.band + MAP.gap) + MAP.band / 2;
      d += ` M14,${y} H${MAP.left - 1}`;
    }
    park.append(svg("path", { d: d, class: "m-parkline" }),
      svg("text", { x: MAP.left, y: MAP.top - 8, class: "m-small" }, "miss: the new cache is parked in a tier ↓"));
    root.append(park);
  }
  // The tiers, each with its hit route to the decode GPUs.
  hits.forEach((rt, i) => {
    const y = MAP.top + i * (MAP.band + MAP.gap);
    const bx = MAP.bus + 4 + i * MAP.busStep;
    const a = svg("a", { href: "#tier-" + rt.tier, class: "m-route m-tier" });
    a.append(svg("title", {}));
    const path = svg("path", { d: `M${MAP.bus},${y + MAP.band / 2} H${bx} V41`, class: "m-path" });
    const line = svg("text", { x: MAP.left + 8, y: y + 31, class: "m-line" });
    const verdict = svg("text", { x: MAP.left + 8, y: y + 45, class: "m-verdict" });
    a.append(svg("rect", { x: MAP.left, y: y, width: MAP.bus - MAP.left, height: MAP.band, rx: 4, class: "m-place" }),
      svg("text", { x: MAP.left + 8, y: y + 16, class: "m-name" }, rt.tier + " · " + rt.label),
      line, verdict, path);
    root.append(a);
    part(rt, a, { path: path, line: line, verdict: verdict });
  });
  $("map").replaceChildren(root);
}

function drawMap(routes) {
  if (!mapParts || routes.some((rt) => !mapParts[rt.tier])) buildMap(routes);
  for (const rt of routes) {
    const p = mapParts[rt.tier];
    const cls = routeClass(rt);
    const line = routeLine(rt);
    const room = rt.route === "miss" ? MAP.bus - MAP.left : MAP.bus - MAP.left - 14;
    fitText(p.line, line, room, 11);
    fitText(p.verdict, rt.verdict, room, 11.5);
    setAttr(p.a, "class", "m-route " + (rt.route === "miss" ? "m-miss " : "m-tier ") + cls);
    setAttr(p.path, "marker-end", "url(#arrow-" + cls + ")");
    const name = rt.route === "miss" ? "Miss route, " + rt.label : rt.tier + " hit route, " + rt.label;
    const label = name + ": " + line + "; " + rt.verdict + (rt.error ? " (bad link: " + rt.error.text + ")" : "");
    setAttr(p.a, "aria-label", label);
    setText(p.title, label);
    p.a.dataset.verdict = rt.verdict;
    p.a.dataset.winner = rt.winner || "";
  }
}

// drawChart draws the chart: its frame, axes and legend when the scales
// change, and otherwise only moves the curves and lines.
let chart = null;

function drawChart(c) {
  const sig = JSON.stringify(c);
  if (chart && chart.sig === sig) return;
  const W = 640, H = 344, L = 64, R = 16, T = 16, B = 72;
  const xs = c.bytes_per_second, ys = c.load_seconds.concat([c.recompute_seconds], c.mean_seconds || []);
  const lx0 = Math.log10(xs[0]), lx1 = Math.log10(xs[xs.length - 1]);
  let ly0 = Math.floor(Math.log10(Math.min(...ys))), ly1 = Math.ceil(Math.log10(Math.max(...ys)));
  if (ly1 === ly0) ly1 = ly0 + 1;
  const X = (b) => L + (W - L - R) * (Math.log10(b) - lx0) / (lx1 - lx0);
  const Y = (s) => T + (H - T - B) * (ly1 - Math.log10(s)) / (ly1 - ly0);
  const axes = [lx0, lx1, ly0, ly1, !!c.mean_seconds].join(",");
  if (!chart || chart.axes !== axes) {
    const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-labelledby": "chart-title" });
    root.append(svg("title", { id: "chart-title" }, "Time to first token against link bandwidth"));
    root.append(svg("rect", { x: L, y: T, width: W - L - R, height: H - T - B, class: "frame" }));
    for (let k = Math.ceil(lx0); k <= Math.floor(lx1); k++) {
      const x = X(10 ** k);
      root.append(svg("line", { x1: x, x2: x, y1: T, y2: H - B, class: "grid" }));
      root.append(svg("text", { x: x, y: H - B + 16, "text-anchor": "middle" }, tick(10 ** k / 1e9)));
    }
    for (let k = ly0; k <= ly1; k++) {
      const y = Y(10 ** k);
      root.append(svg("line", { x1: L, x2: W - R, y1: y, y2: y, class: "grid" }));
      root.append(svg("text", { x: L - 6, y: y + 4, "text-anchor": "end" }, tick(10 ** k)));
    }
    root.append(svg("text", { x: (L + W - R) / 2, y: H - B + 32, "text-anchor": "middle" }, "link bandwidth (GB/s)"));
    root.append(svg("text", { x: 14, y: (T + H - B) / 2, "text-anchor": "middle", transform: `rotate(-90 14 ${(T + H - B) / 2})` }, "time to first token (s)"));
    const parts = {
      recompute: svg("line", { x1: L, x2: W - R, class: "recompute" }),
      load: svg("polyline", { class: "loadline" }),
      mean: c.mean_seconds ? svg("polyline", { class: "mean" }) : null,
      be: svg("line", { y1: T, y2: H - B, class: "be" }),
      you: svg("line", { y1: T, y2: H - B, class: "you" }),
    };
    root.append(...Object.values(parts).filter((p) => p));
    const lg = [["recompute", "recompute"], ["loadline", "load"], ["be", "break-even"], ["you", "your link"]];
    if (c.mean_seconds) lg.splice(2, 0, ["mean", "mean TTFT"]);
    // The legend, in one row below the axis.
    let x = L;
    for (const [cls, label] of lg) {
      const y = H - 30;
      root.append(svg("line", { x1: x, x2: x + 20, y1: y - 4, y2: y - 4, class: cls }));
      root.append(svg("text", { x: x + 24, y: y }, label));
      x += 34 + label.length * 6.2;
    }
    $("chart").replaceChildren(root);
    chart = { axes: axes, parts: parts };
  }
  chart.sig = sig;
  const p = chart.parts;
  const points = (vals) => xs.map((b, i) => X(b).toFixed(1) + "," + Y(vals[i]).toFixed(1)).join(" ");
  const yr = Y(c.recompute_seconds).toFixed(1);
  setAttr(p.recompute, "y1", yr);
  setAttr(p.recompute, "y2", yr);
  setAttr(p.load, "points", points(c.load_seconds));
  if (p.mean) setAttr(p.mean, "points", points(c.mean_seconds));
  const xb = X(c.break_even_bytes_per_second).toFixed(1), xl = X(c.link_bytes_per_second).toFixed(1);
  setAttr(p.be, "x1", xb);
  setAttr(p.be, "x2", xb);
  setAttr(p.you, "x1", xl);
  setAttr(p.you, "x2", xl);
}

// tick prints a power of ten as an axis label: 0.01, 1, 1000.
function tick(v) {
  return v >= 1 ? String(Math.round(v)) : v.toPrecision(1);
}

// loadModule fetches and starts calc.wasm, under the name index.html gives
// it (calc.<hash>.wasm, preloaded while the scripts load). A host that
// does not send application/wasm cannot stream-compile it: then compile
// from its bytes.
async function loadModule(go) {
  const url = $("wasm").href;
  let resp = await fetch(url);
  if (!resp.ok) throw new Error(url + ": " + resp.status + " " + resp.statusText);
  const type = (resp.headers.get("Content-Type") || "").split(";")[0].trim();
  if (type === "application/wasm" && WebAssembly.instantiateStreaming) {
    try {
      return await WebAssembly.instantiateStreaming(resp, go.importObject);
    } catch (_) {
      // Compile from the bytes instead; the name is immutable, so the
      // second fetch comes from the cache.
      resp = await fetch(url);
    }
  }
  globalThis.kvWasmFallback = true;
  return WebAssembly.instantiate(await resp.arrayBuffer(), go.importObject);
}

async function start() {
  const t0 = performance.now();
  const go = new Go();
  const phases = globalThis.kvPhases = { scripts: t0 };
  const module = loadModule(go);
  // The menus come with the page (breakeven serve writes them in), so
  // they fill while the module loads; a bare copy of index.html asks Go.
  const inPage = $("catalog").textContent.trim();
  if (inPage) {
    catalog = JSON.parse(inPage);
    fillMenus();
    restore();
  }
  phases.menus = performance.now();
  const inst = await module;
  phases.compiled = performance.now();
  go.run(inst.instance);
  phases.started = performance.now();
  if (!inPage) {
    catalog = JSON.parse(globalThis.kvCatalog());
    fillMenus();
    restore();
  }
  for (const f of FIELDS) $(f).addEventListener("input", compute);
  for (const c of CHECKS) $(c).addEventListener("change", compute);
  for (const f of CLAIM) $("c-" + f).addEventListener("input", checkClaim);
  for (const f of CLAIM_CHECKS) $("c-" + f).addEventListener("change", checkClaim);
  compute();
  checkClaim();
  globalThis.kvReadyMs = phases.computed = performance.now();
  globalThis.kvStartMs = performance.now() - t0;
  document.body.dataset.ready = "1";
}

start().catch((e) => {
  $("status").textContent = "The calculator could not start: " + e;
});
