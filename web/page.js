// The page of `wonders serve` and `wonders replay --html`. It knows no rule of any game: it
// draws the table views the engine sends (sections of cards and facts), and in a game it only
// offers the legal actions the engine lists. The one rule it applies is the views' own:
// something marked `known_to` is shown face down to every other seat (as common::view does).
"use strict";

const DATA = window.WONDERS_DATA || null;
const SERVED = !DATA;
const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);

let replay = null;    // the replay being watched: {steps, score, seats, ...}
let current = 0;      // its step shown
let playing = null;   // the game in play: its last state from the server

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
}

function showError(message) {
  const box = $("error");
  box.textContent = message ? "error: " + message : "";
  box.hidden = !message;
}

function show(section) {
  for (const id of ["open", "play-setup", "replay", "play"]) $(id).hidden = !section.includes(id);
}

// ----- the views' own redaction ------------------------------------------------------------

function redact(v, seat) {
  if (Array.isArray(v)) return v.map((x) => redact(x, seat));
  if (v && typeof v === "object") {
    if (Array.isArray(v.known_to) && !v.known_to.includes(seat)) {
      const out = { name: v.back || "?", colour: "back", face_down: true };
      if (v.pos) out.pos = v.pos;
      return out;
    }
    const out = {};
    for (const k of Object.keys(v)) out[k] = redact(v[k], seat);
    return out;
  }
  return v;
}

// ----- drawing a view ----------------------------------------------------------------------

function cardEl(c) {
  const d = el("div", "card c-" + (c.colour || "white"));
  if (c.face_down) d.classList.add("face-down");
  d.appendChild(el("span", "name", c.name));
  if (c.note) d.appendChild(el("span", "note", c.note));
  if (c.built) d.classList.add("built");
  if (c.accessible) d.classList.add("accessible");
  let title = c.title || "";
  if (Array.isArray(c.known_to)) {
    d.classList.add("secret");
    const who = c.known_to.length ? "seat " + c.known_to.join(", seat ") : "nobody";
    title = (title ? title + " — " : "") + "hidden: known to " + who + "; the others see " + c.back;
  }
  if (title) d.title = title;
  return d;
}

function factsEl(facts) {
  const t = el("table", "facts");
  for (const [label, value] of facts) {
    const tr = el("tr");
    tr.appendChild(el("td", null, label));
    tr.appendChild(el("td", null, value));
    t.appendChild(tr);
  }
  return t;
}

function structureEl(cards) {
  const box = el("div", "structure");
  const w = 96, h = 62, step = 34;
  let rows = 0, cols = 0;
  for (const c of cards) {
    const [r, x] = c.pos || [0, 0];
    const d = cardEl(c);
    d.style.left = x * w + "px";
    d.style.top = r * step + "px";
    d.style.zIndex = String(r + 1);
    box.appendChild(d);
    rows = Math.max(rows, r + 1);
    cols = Math.max(cols, x + 1);
  }
  box.style.height = (rows - 1) * step + h + 4 + "px";
  box.style.width = cols * w + "px";
  return box;
}

function trackEl(t) {
  const box = el("div");
  const track = el("div", "track");
  for (let sq = -9; sq <= 9; sq++) {
    const d = el("div", "sq" + (Math.abs(sq) === 9 ? " cap" : ""));
    if (sq === t.pawn) { d.classList.add("pawn"); d.textContent = "⚔"; }
    if (t.minerva === sq) { d.classList.add("minerva"); d.title = "Minerva pawn"; }
    for (const tok of t.tokens || []) {
      if (sq === Math.round((tok.from + tok.to) / 2)) d.appendChild(el("span", "tok", tok.coins + "¢"));
    }
    track.appendChild(d);
  }
  box.appendChild(el("div", "hint", t.left + " ← pawn at " + t.pawn + " → " + t.right));
  box.appendChild(track);
  return box;
}

function conflictEl(c) {
  const box = el("div", "conflict");
  for (let i = 0; i < c.total; i++) {
    const s = el("span", i < c.war ? "war" : "peace");
    s.title = i < c.war ? "war side" : "peace side";
    box.appendChild(s);
  }
  return box;
}

function sectionEl(s) {
  const d = el("div", "section");
  d.appendChild(el("h3", null, s.title));
  if (s.structure) d.appendChild(structureEl(s.structure));
  if (s.track) d.appendChild(trackEl(s.track));
  if (s.conflict) d.appendChild(conflictEl(s.conflict));
  if (s.facts) d.appendChild(factsEl(s.facts));
  if (s.cards) {
    const row = el("div", "cards");
    if (!s.cards.length) row.appendChild(el("span", "hint", "none"));
    for (const c of s.cards) row.appendChild(cardEl(c));
    d.appendChild(row);
  }
  return d;
}

function drawView(view, toMove) {
  const main = $("table");
  main.textContent = "";
  $("title").textContent = view.title || "";
  const board = el("div", "board");
  for (const s of view.board || []) {
    const p = el("div", "panel");
    p.appendChild(sectionEl(s));
    board.appendChild(p);
  }
  main.appendChild(board);
  const seats = el("div", "seats");
  (view.seats || []).forEach((seat, k) => {
    const p = el("div", "panel seat" + (k === toMove ? " to-move" : ""));
    p.dataset.seatPanel = String(k);
    p.appendChild(el("h2", null, seat.name + (k === toMove ? " — to move" : "")));
    p.appendChild(factsEl(seat.facts || []));
    for (const s of seat.sections || []) p.appendChild(sectionEl(s));
    seats.appendChild(p);
  });
  main.appendChild(seats);
}

function drawScore(score, names) {
  const box = $("scorepad");
  box.textContent = "";
  if (!score) return;
  box.appendChild(el("h2", null, "Score pad — " + score.victory + " victory"));
  const t = el("table");
  const head = el("tr");
  head.appendChild(el("th", null, ""));
  score.seats.forEach((_, k) => head.appendChild(el("th", null, names[k] || "seat " + k)));
  t.appendChild(head);
  const row = (label, cls, values) => {
    const tr = el("tr", cls);
    tr.appendChild(el("td", null, label));
    values.forEach((v, k) => {
      const td = el("td", null, v);
      td.dataset.seat = String(k);
      td.dataset.line = label;
      tr.appendChild(td);
    });
    t.appendChild(tr);
  };
  score.lines.forEach((line, i) => row(line, null, score.seats.map((s) => s.values[i])));
  row("total", "total", score.seats.map((s) => s.total));
  row("rank", null, score.seats.map((s) => s.rank + (s.win ? " (win)" : "")));
  box.appendChild(t);
}

function drawLog(entries, currentIndex, onClick) {
  const ol = $("log");
  ol.textContent = "";
  entries.forEach((e, i) => {
    const li = el("li", i === currentIndex ? "current" : null,
      (e.label ? e.label + ": " : "") + (e.lines || []).join("; "));
    if (onClick) li.addEventListener("click", () => onClick(i));
    ol.appendChild(li);
  });
}

// ----- watching a replay -------------------------------------------------------------------

function observerSeat() {
  const v = $("observer").value;
  return v === "all" ? null : Number(v);
}

function drawStep() {
  if (!replay) return;
  const steps = replay.steps;
  const s = steps[current];
  const seat = observerSeat();
  const view = seat === null ? s.view : redact(s.view, seat);
  drawView(view, s.view.to_move);
  $("slider").value = String(current);
  $("stepno").textContent = "step " + current + " / " + (steps.length - 1);
  const box = $("step");
  box.textContent = "";
  box.appendChild(el("span", "label", s.label));
  if (s.seat !== null && s.seat !== undefined) box.appendChild(el("span", "label", replay.seats[s.seat] + ":"));
  // As a seat sees it: another seat's step in the words that seat would hear.
  const lines = seat !== null && s.seat !== seat && s.public_lines ? s.public_lines : s.lines;
  box.appendChild(el("span", null, lines.join(" · ")));
  if (s.coins && s.coins.length) box.appendChild(el("div", "coins", "coins: " + s.coins.join(", ")));
  const atEnd = current === steps.length - 1;
  drawScore(atEnd ? replay.score : null, replay.seats);
  for (const li of $("log").children) li.classList.remove("current");
  const li = $("log").children[current];
  if (li) { li.classList.add("current"); }
  document.body.dataset.step = String(current);
  document.body.dataset.atEnd = atEnd ? "yes" : "no";
}

function go(k) {
  if (!replay) return;
  current = Math.max(0, Math.min(replay.steps.length - 1, k));
  drawStep();
}

function loadReplay(data) {
  if (!data || data.error) {
    replay = null;
    $("table").textContent = "";
    $("scorepad").textContent = "";
    showError(data ? data.error : "no data");
    document.body.dataset.loaded = "error";
    return;
  }
  showError(null);
  playing = null;
  replay = data;
  show(SERVED ? ["replay"] : ["replay"]);
  $("slider").max = String(data.steps.length - 1);
  const jump = $("jump");
  jump.textContent = "";
  let last = null;
  data.steps.forEach((s, i) => {
    if (s.label !== last) {
      const o = el("option", null, s.label);
      o.value = String(i);
      jump.appendChild(o);
      last = s.label;
    }
  });
  const obs = $("observer");
  obs.textContent = "";
  const all = el("option", null, "everything");
  all.value = "all";
  obs.appendChild(all);
  data.seats.forEach((name, k) => {
    const o = el("option", null, "as " + name + " sees it");
    o.value = String(k);
    obs.appendChild(o);
  });
  drawLog(data.steps, 0, go);
  const want = params.get("step");
  document.body.dataset.loaded = "replay";
  go(want === "end" ? data.steps.length - 1 : want !== null && want !== "" ? Number(want) || 0 : 0);
}

// ----- talking to the server ---------------------------------------------------------------

async function api(path, body) {
  const init = body === undefined ? {} : { method: "POST", body: typeof body === "string" ? body : JSON.stringify(body) };
  const r = await fetch(path, init);
  let v;
  try { v = await r.json(); } catch (e) { v = { error: "the server answered " + r.status + " without JSON" }; }
  if (!r.ok && !v.error) v.error = "the server answered " + r.status;
  return v;
}

async function openServed(file, index) {
  loadReplay(await api("/api/record?file=" + file + "&index=" + index));
}

async function replayText(text) {
  loadReplay(await api("/api/replay", text));
}

async function listServed() {
  const v = await api("/api/records");
  const box = $("served");
  box.textContent = "";
  if (v.error) { box.textContent = v.error; return; }
  if (!v.records.length) { box.textContent = "none (start the server with --records FILE ...)"; return; }
  const ul = el("ul");
  for (const r of v.records) {
    const li = el("li");
    const a = el("a", null, r.name + " — game " + r.index + ": " + (r.summary.game || "?") +
      (r.summary.players ? " (" + r.summary.players.join(", ") + ")" : "") +
      (r.summary.seed !== undefined ? ", seed " + r.summary.seed : ""));
    a.href = "?file=" + r.file + "&index=" + r.index;
    a.addEventListener("click", (e) => { e.preventDefault(); openServed(r.file, r.index); });
    li.appendChild(a);
    ul.appendChild(li);
  }
  box.appendChild(ul);
  // A game of a `simulate` run: its `game_index` in the CSV is its record's index in the file.
  for (const f of v.files) {
    const p = el("p", "find");
    p.appendChild(el("span", null, f.name + (f.unlisted ? " (more records than listed)" : "") + ": open game index "));
    const input = el("input");
    input.type = "number";
    input.min = "0";
    input.value = "0";
    input.dataset.file = String(f.file);
    const b = el("button", null, "Open");
    b.addEventListener("click", () => openServed(f.file, Number(input.value) || 0));
    p.appendChild(input);
    p.appendChild(b);
    box.appendChild(p);
  }
}

// ----- playing -----------------------------------------------------------------------------

function drawPlay(state) {
  if (state.error) { showError(state.error); return; }
  showError(null);
  playing = state;
  replay = null;
  show(["play"]);
  drawView(state.view, state.to_move);
  const who = state.to_move === null || state.to_move === undefined ? null : state.view.seats[state.to_move].name;
  $("play-status").textContent = state.over ? "Game over." : state.label + " — " + who + " to move" +
    (state.observer !== null ? " (you see what " + state.view.seats[state.observer].name + " sees)" : "");
  const legal = $("legal");
  legal.textContent = "";
  for (const a of state.legal) {
    const b = el("button", null, a.text);
    b.dataset.index = String(a.index);
    b.addEventListener("click", () => act(a.index));
    legal.appendChild(b);
  }
  drawLog(state.log, state.log.length - 1, null);
  drawScore(state.score, state.view.seats.map((s) => s.name));
  $("play-end").hidden = !state.over;
  if (state.over) $("download").href = "/api/play/record?id=" + state.id;
  document.body.dataset.loaded = state.over ? "play-over" : "play";
}

async function act(index) {
  document.body.dataset.loaded = "waiting";
  for (const b of $("legal").querySelectorAll("button")) b.disabled = true;
  drawPlay(await api("/api/play/act", { id: playing.id, index }));
}

// One holder per seat, comma-separated; a comma followed by `key=value` continues a bot's
// parameters (`mcts:iterations=500,c=1.4,person`), as the command line's --bots reads it.
function splitSeats(text) {
  const out = [];
  for (const part of text.split(",")) {
    if (out.length && part.includes("=") && !part.includes(":")) out[out.length - 1] += "," + part;
    else out.push(part);
  }
  return out.map((s) => s.trim()).filter((s) => s);
}

async function startPlay() {
  const seats = splitSeats($("play-seats").value);
  document.body.dataset.loaded = "waiting";
  drawPlay(await api("/api/play/new", { game: $("play-game").value.trim(), seed: Number($("play-seed").value) || 0, seats }));
}

async function replayPlayed() {
  const record = await api("/api/play/record?id=" + playing.id);
  if (record.error) { showError(record.error); return; }
  loadReplay(await api("/api/replay", record));
}

// ----- wiring ------------------------------------------------------------------------------

$("first").addEventListener("click", () => go(0));
$("prev").addEventListener("click", () => go(current - 1));
$("next").addEventListener("click", () => go(current + 1));
$("last").addEventListener("click", () => go(Infinity));
$("slider").addEventListener("input", (e) => go(Number(e.target.value)));
$("jump").addEventListener("change", (e) => go(Number(e.target.value)));
$("observer").addEventListener("change", drawStep);
document.addEventListener("keydown", (e) => {
  if (!replay || ["TEXTAREA", "INPUT", "SELECT"].includes(e.target.tagName) && e.target.id !== "slider") return;
  if (e.key === "ArrowRight") { go(current + 1); e.preventDefault(); }
  if (e.key === "ArrowLeft") { go(current - 1); e.preventDefault(); }
  if (e.key === "Home") { go(0); e.preventDefault(); }
  if (e.key === "End") { go(Infinity); e.preventDefault(); }
});

if (SERVED) {
  $("mode-open").addEventListener("click", () => { show(["open"]); listServed(); });
  $("mode-play").addEventListener("click", () => show(["play-setup"]));
  $("play-start").addEventListener("click", startPlay);
  $("play-replay").addEventListener("click", replayPlayed);
  $("paste-go").addEventListener("click", () => replayText($("paste").value));
  $("file").addEventListener("change", async (e) => {
    const f = e.target.files[0];
    if (f) replayText(await f.text());
  });
  document.addEventListener("dragover", (e) => { e.preventDefault(); document.body.classList.add("dragging"); });
  document.addEventListener("dragleave", () => document.body.classList.remove("dragging"));
  document.addEventListener("drop", async (e) => {
    e.preventDefault();
    document.body.classList.remove("dragging");
    const f = e.dataTransfer.files[0];
    if (f) replayText(await f.text());
    else replayText(e.dataTransfer.getData("text"));
  });
  if (params.get("file") !== null) openServed(params.get("file"), params.get("index") || 0);
  else { show(["open"]); listServed(); }
} else {
  $("modes").hidden = true;
  loadReplay(DATA);
}
