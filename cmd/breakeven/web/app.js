// The page's glue: it loads calc.wasm (the calculator in Go), sends the
// inputs on every change and puts the page Go draws in place: the answer,
// the tier map, the routes and the chart (breakeven/page/view). The
// server drew the first state into the HTML with the same Go code, so
// the page is whole before this runs. All arithmetic and all text
// happens in Go.
"use strict";

const FIELDS = ["model", "config-text", "tokens", "prefill", "ttft", "link", "kv-dtype", "compression", "hit-rate", "miss-penalty", "gpus", "mfu", "precision", "weights", "latency", "efficiency"];
const CHECKS = ["overlap"];
const $ = (id) => document.getElementById(id);
let catalog = null;
let tierLinks = {}; // tier name -> the reader's link text

function el(tag, attrs, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// fillMenus fills the menus for a copy of index.html the server did not
// draw (the served page has them filled); a model with no published
// config is not offered, since the page cannot compute it.
function fillMenus() {
  const model = $("model");
  if (model.options.length > 0) return;
  for (const g of catalog.models) {
    const og = el("optgroup", { label: g.attention });
    for (const m of g.models) if (m.known) og.append(el("option", { value: m.slug }, m.name));
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
  let html = "";
  if (Object.keys(c).length === 0) {
    sec.dataset.state = "empty";
  } else {
    // Go checks it and words the answer (view.Check).
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
      html = resp.html;
    }
  }
  setHTML($("c-results"), html);
  const q = query(request());
  urlPending = q ? "?" + q : location.pathname;
  setAttr($("share"), "href", urlPending);
  clearTimeout(urlTimer);
  urlTimer = setTimeout(syncURL, 150);
}

// adoptErrors takes over the errors the server drew beside their
// fields, so the first change clears them like any other.
function adoptErrors() {
  for (const box of document.querySelectorAll(".err")) {
    if (!box.textContent || !box.id.startsWith("err-") || box.id.startsWith("err-tier-")) continue;
    const input = $(box.id.slice(4));
    (box.id.startsWith("err-c-") ? claimErrors : shownErrors).push([box, input]);
  }
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
  const text = fe.text; // written in Go (view.Compute)
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
  const h = resp.html;
  document.body.dataset.state = resp.state;
  for (const fe of resp.errors || []) showError(fe);
  if (resp.state === "error") {
    // The result and chart are cleared; the map and the table keep
    // their places and say there is no verdict until the inputs are fixed.
    setAttr($("prefill"), "placeholder", "");
  } else {
    showDefaultPrefill(resp.report, resp.output);
  }
  setHTML($("summary"), h.summary);
  setHTML($("results"), h.results);
  setHTML($("r-note"), h.note);
  setHTML($("chart"), h.chart);
  setHTML($("map"), h.map);
  setHTML($("map-legend"), h.legend);
  drawTiers(h.routes);
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

// setHTML puts Go's drawing of a part in place when it changed. The
// new drawing is laid over the old node by node (morph), so an input
// change touches only the texts and attributes it changes: the browser
// restyles a few nodes, not the whole map or chart, and focus stays.
const drawn = new Map();
function setHTML(e, html) {
  if (drawn.get(e) === html) return;
  drawn.set(e, html);
  const tmp = e.cloneNode(false);
  tmp.innerHTML = html;
  morphChildren(e, tmp);
}

function morphChildren(a, b) {
  const ac = a.childNodes, bc = b.childNodes;
  if (ac.length !== bc.length) {
    a.replaceChildren(...bc);
    return;
  }
  for (let i = 0; i < ac.length; i++) {
    const x = ac[i], y = bc[i];
    if (x.nodeType !== y.nodeType || x.nodeName !== y.nodeName) {
      a.replaceChild(y.cloneNode(true), x);
    } else if (x.nodeType === Node.ELEMENT_NODE) {
      for (const at of y.attributes) if (x.getAttribute(at.name) !== at.value) x.setAttribute(at.name, at.value);
      for (const at of [...x.attributes]) if (!y.hasAttribute(at.name)) x.removeAttribute(at.name);
      morphChildren(x, y);
    } else if (x.nodeValue !== y.nodeValue) {
      x.nodeValue = y.nodeValue;
    }
  }
}

// set changes an element's text or attribute only when it differs.
function setText(e, text) { if (e.textContent !== text) e.textContent = text; }
function setAttr(e, k, v) { if (e.getAttribute(k) !== v) e.setAttribute(k, v); }

// drawTiers puts the routes table Go drew in place. The rows hold the
// reader's link inputs, so while the routes are the same ones only the
// load times, verdicts and errors change, keeping focus and typing.
function drawTiers(html) {
  const body = $("tiers").tBodies[0];
  if (drawn.get(body) === html) return;
  drawn.set(body, html);
  const tmp = document.createElement("tbody");
  tmp.innerHTML = html;
  const same = body.rows.length === tmp.rows.length &&
    [...tmp.rows].every((tr, i) => body.rows[i].dataset.tier === tr.dataset.tier);
  if (!same) {
    body.replaceChildren(...tmp.childNodes);
    return;
  }
  [...tmp.rows].forEach((tr, i) => {
    const old = body.rows[i];
    for (const sel of ["td.t-load", "td.verdict", "p.err"]) {
      const a = old.querySelector(sel), b = tr.querySelector(sel);
      if (!a || !b) continue;
      setText(a, b.textContent);
      for (const k of ["class", "data-value", "data-winner"]) {
        const v = b.getAttribute(k);
        if (v === null) { if (a.hasAttribute(k)) a.removeAttribute(k); } else setAttr(a, k, v);
      }
    }
    const a = old.querySelector("input"), b = tr.querySelector("input");
    if (a && b) {
      if (b.hasAttribute("aria-invalid")) setAttr(a, "aria-invalid", "true"); else a.removeAttribute("aria-invalid");
      // The Link field's tier shows that field's value.
      if (a.dataset.fed && document.activeElement !== a) a.value = $("link").value;
    }
  });
}

// The routes table's inputs, by delegation (Go redraws the rows): a
// route's link is kept for the URL; the Link field's tier is that field.
function onTierInput(ev) {
  const inp = ev.target;
  if (!inp.id || !inp.id.startsWith("tier-")) return;
  if (inp.dataset.fed === "link") $("link").value = inp.value;
  else tierLinks[inp.id.slice(5)] = inp.value;
  compute();
}

// A route on the map is a link to its field: follow it to the field.
function onMapClick(ev) {
  const a = ev.target.closest && ev.target.closest("a[data-tier]");
  if (!a) return;
  ev.preventDefault();
  const inp = $("tier-" + a.dataset.tier);
  if (inp) inp.focus();
  else document.querySelector('#tiers tr[data-tier="' + a.dataset.tier + '"]').scrollIntoView();
}

// compileModule fetches and compiles calc.wasm, under the name index.html
// gives it (calc.<hash>.wasm, preloaded by the page's head). It starts as
// soon as this script runs, before the page is parsed, so compiling
// overlaps the parsing and the first paint. A host that does not send
// application/wasm cannot stream-compile it: then compile from its bytes.
async function compileModule() {
  const url = $("wasm").href;
  let resp = await fetch(url);
  if (!resp.ok) throw new Error(url + ": " + resp.status + " " + resp.statusText);
  const type = (resp.headers.get("Content-Type") || "").split(";")[0].trim();
  if (type === "application/wasm" && WebAssembly.compileStreaming) {
    try {
      return await WebAssembly.compileStreaming(resp);
    } catch (_) {
      // Compile from the bytes instead; the name is immutable, so the
      // second fetch comes from the cache.
      resp = await fetch(url);
    }
  }
  globalThis.kvWasmFallback = true;
  return WebAssembly.compile(await resp.arrayBuffer());
}

// parsed resolves once the page is parsed and the deferred wasm_exec.js
// has run (it runs between the end of parsing and DOMContentLoaded).
async function parsed() {
  const once = (target, name) => new Promise((resolve) => target.addEventListener(name, resolve, { once: true }));
  if (document.readyState === "loading") await once(document, "DOMContentLoaded");
  if (typeof Go === "undefined" && document.readyState !== "complete") await once(window, "load");
  if (typeof Go === "undefined") throw new Error("wasm_exec.js did not load");
}

// start runs as soon as the script is fetched (index.html loads it async):
// it starts compiling the module, then waits for the page to be parsed.
async function start() {
  const t0 = performance.now();
  const phases = globalThis.kvPhases = { scripts: t0 };
  const module = compileModule();
  // Report a failed compile only where start reports it.
  module.catch(() => {});
  await parsed();
  phases.parsed = performance.now();
  // The menus come with the page (breakeven serve writes them in), so
  // they fill while the module compiles; a bare copy of index.html asks Go.
  const inPage = $("catalog").textContent.trim();
  if (inPage) {
    catalog = JSON.parse(inPage);
    fillMenus();
    restore();
  }
  phases.menus = performance.now();
  const compiled = await module;
  phases.compiled = performance.now();
  // wasm_exec.js (deferred) has run by now: the page is parsed.
  const go = new Go();
  go.run(await WebAssembly.instantiate(compiled, go.importObject));
  phases.started = performance.now();
  if (!inPage) {
    catalog = JSON.parse(globalThis.kvCatalog());
    fillMenus();
    restore();
  }
  adoptErrors();
  for (const f of FIELDS) $(f).addEventListener("input", compute);
  $("tiers").addEventListener("input", onTierInput);
  $("map").addEventListener("click", onMapClick);
  // The forms submit to the server only without JavaScript.
  for (const f of ["calc", "claim"]) $(f).addEventListener("submit", (ev) => ev.preventDefault());
  for (const c of CHECKS) $(c).addEventListener("change", compute);
  for (const f of CLAIM) $("c-" + f).addEventListener("input", checkClaim);
  for (const f of CLAIM_CHECKS) $("c-" + f).addEventListener("change", checkClaim);
  // Where every input still holds what the server drew the page with,
  // the server's drawing is the answer (the same Go drew it), so the page
  // is interactive without drawing it again; the module draws it once
  // when the browser is idle, so that its code is compiled before the
  // reader's first change. Otherwise (a bare copy of index.html, a URL
  // the copy was not drawn for, a field the reader or the browser filled
  // in first) it draws at once.
  const served = inPage && asServed();
  if (!served) {
    compute();
    checkClaim();
  }
  globalThis.kvReadyMs = phases.computed = performance.now();
  globalThis.kvStartMs = performance.now() - t0;
  globalThis.kvDrewAtStart = !served;
  document.body.dataset.ready = "1";
  if (served) {
    const warm = () => { compute(); checkClaim(); globalThis.kvWarmMs = performance.now(); };
    if (globalThis.requestIdleCallback) requestIdleCallback(warm, { timeout: 1000 });
    else setTimeout(warm, 0);
  }
}

// asServed reports whether every field still holds the value the page
// was served with (its default): a changed text, choice or box means the
// server's drawing is not the answer to what the fields say.
function asServed() {
  for (const e of document.querySelectorAll("input, select, textarea")) {
    if (e.type === "checkbox" || e.type === "radio") {
      if (e.checked !== e.defaultChecked) return false;
    } else if (e.tagName === "SELECT") {
      // A menu with no option marked selected was served on its first.
      const served = [...e.options].findIndex((o) => o.defaultSelected);
      if (e.options.length === 0 || e.selectedIndex !== Math.max(served, 0)) return false;
    } else if (e.value !== e.defaultValue) {
      return false;
    }
  }
  return true;
}

start().catch((e) => {
  $("status").textContent = "The calculator could not start: " + e;
});
