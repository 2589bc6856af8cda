// digiteach step player (anywidget front end). Plain DOM, no imports, nothing from a CDN.
//
// DOM contract (browser tests rely on it): root .digiteach-player; buttons .digiteach-first,
// .digiteach-prev, .digiteach-play, .digiteach-next, .digiteach-last; caption .digiteach-caption; rules
// .digiteach-rules; counter .digiteach-counter ("step N of M", counted from 1); inline SVG inside
// .digiteach-diagram; the highlighted node carries class "current" (written by Graphviz from the DOT
// attribute class="current"); the line banner .digiteach-branch (always there: "Documented line" or
// "Your line ..."), the decision slot .digiteach-decision (always there, its space reserved), the
// outcome panel .digiteach-outcome (last step only); the Why panel details.digiteach-why (closed at first, hidden when
// the scenario has no notes; its text .digiteach-why-text from the notes trait): in the header in the stacked layout,
// beside the step log (.digiteach-footer) in compact and stream.
// Layout: the root also carries digiteach-layout-<layout_mode> ("stacked", "compact" or "stream"); the
// select .digiteach-layout switches it live and syncs layout_mode back to Python. In "compact" and
// "stream" every diagram is fitted whole to its pane (fitDiagrams: nothing cut, no pane scrolls); "stream" has
// larger caption text and a large pane by default (default_large: attack or pending activation, by the trace's
// opening action), the others with an Enlarge button. In a short window (ONE_PANE_BELOW_PX) both add the class
// digiteach-one-pane (compact: in smaller words, so the column is narrower and the diagram larger): ONE diagram (the
// large pane; in compact with equal panes chosen, the stream layout's default) beside a column .digiteach-side holding everything else but the
// footer (a row under the diagram, so that "Steps so far" and "Why" are always on screen), and a row
// .digiteach-panetabs of buttons .digiteach-panetab (data-diagram, aria-pressed; keys 1, 2, 3) choosing it.
// Alt+Shift+P focuses the player nearest the active cell (onFocusKey).
// The diagrams (names, order, titles) come inside each frame ("diagrams": [{name, title}], from
// digiteach.diagrams.DIAGRAMS): one pane .digiteach-pane-<name> per entry.
// Keys (player focused): left/right arrows, Home/End (also on a focused select, whose entry only Up/Down change),
// Space plays or pauses. Every control is a native
// button, slider or select, reached with Tab and drawn with a visible focus ring; a control used with the
// keyboard keeps the focus (a mouse click gives it back to the player root, so the keys keep working).
// Keys the player or its focused control uses are kept from JupyterLab's shortcuts.
// Screen readers: the caption is an aria-live="polite" region; a decision is announced with its options
// (.digiteach-announce); each diagram is role="img" with an aria-label from the frame's "alt" (the text
// built in Python by digiteach.diagrams.step_descriptions). "Large pane" (large_pane trait, compact and
// stream layouts): that pane takes most of the width, the others are shown whole beside it.
//
// A lost kernel (Kernel > Restart Kernel with the player on screen): the frames in the page still step, but a
// choice, Back, Export HTML and a new language need Python. ask() sends those with an "ask" number that Python
// acknowledges at once ({type: "ack"}); when sending fails (a closed comm), or no answer comes within KERNEL_WAIT_MS
// (also after the widget's comm reports a change, comm_live_update or comm:close), the status line
// .digiteach-status (aria-live) says the kernel is not answering, in the words of the kernel_words trait, and
// nothing is shown as done. Any message from Python ends it (a busy kernel that answers late).
//
// Language: the select .digiteach-lang sets the lang trait ("en" or "de"); Python retells the lines in it and
// sends new frames (captions, prompts, options, diagrams), and the player's own words come from WORDS below. The
// player's words switch when Python says the step shown is retold ({type: "told", lang}, right after its new frame), or
// else acknowledges the change (the new frames came before it); a kernel that does not
// answer changes nothing: the select returns to the language the steps are told in, and the status line says why in
// that language.
//
// All text from the trace is set with textContent; only the SVGs (rendered by Graphviz from labels that
// digiteach escaped) are set as markup. Control, bidi and zero-width characters in that text and in the
// SVGs are shown as escapes (\x1b, \u202e), as the digiteach command and the HTML export show them, and
// every piece of it is bidi-isolated (player.css: unicode-bidi: isolate), so an unclosed U+202E in a card
// name cannot reverse the rest of a caption.

const SPEEDS = [
  ["0.5x", 3000],
  ["1x", 1500],
  ["2x", 750],
  ["4x", 375],
];
const LAYOUTS = ["stacked", "compact", "stream"];
const LANGUAGES = [
  ["en", "English"],
  ["de", "Deutsch"],
];
// The player's own words in each language (captions, prompts, options and diagrams come translated in the frames).
const WORDS = {
  en: {
    root: "Step player: left and right arrow keys step, Home and End go to the first and last step, Space plays or pauses; Tab reaches every control",
    back: "Back to the documented line",
    first: "First step (Home)",
    prev: "Previous step (left arrow)",
    play: "\u25b6 Play",
    pause: "|| Pause",
    playTitle: "Play / pause (Space)",
    playName: "Play (Space)",
    pauseName: "Pause (Space)",
    next: "Next step (right arrow)",
    last: "Last step (End)",
    step: "Step",
    speed: "Play speed",
    layout: "Layout",
    layoutTitle: "Layout: stacked, compact (fits the window) or stream (large text, fits the window)",
    stacked: "Stacked",
    compact: "Compact",
    stream: "Stream",
    large: "Large pane",
    largeTitle: "Large pane (compact and stream layouts): one diagram takes most of the width, the others are shown whole",
    enlarge: "Enlarge",
    enlargeTitle: "Enlarge: {pane}",
    equal: "Equal panes",
    paneLarge: "{pane} large",
    language: "Language",
    exportBtn: "Export HTML",
    exportTitle: "Export HTML: save this trace as one offline HTML file",
    stepsSoFar: "Steps so far",
    yourLine: "Your line",
    documentedLine: "Documented line: the choices of the ruling.",
    player: "Player {p}: ",
    noDecision: "No decision at this step.",
    announce: "Decision for Player {p}: {prompt} Options: {options}.",
    announceChose: " This line chose: {choice}.",
    chosenTitle: "The choice made in this line (choosing it moves on)",
    thisLine: " (chosen)",
    notAllowed: "Not allowed: ",
    needsBranch: "Choosing needs a branch function (open the scenario with widgets.play)",
    outcome: "Outcome",
    leaves: "Your line leaves the documented line at step {n}. Differences:",
    same: "the same outcome",
    rules: "Rules: {ruleset}",
    counter: "step {n} of {total}",
    noSteps: "no steps",
    differs: "Wiki vs CR: {text}",
    note: "Note: {text}",
    drawing: "Drawing the diagram\u2026",
    why: "Why: the ruling in our words",
    shown: "Diagram shown",
    showTitle: "Show {pane} (key {n})",
    focusKey: "Alt+Shift+P: to the step player nearest the active cell, and back",
    labKeys: "The player's keys (arrows, Space, 1, 2, 3) work only while the focus is in the player; back in the notebook they are JupyterLab's (there 1, 2, 3 turn a Markdown cell into a heading)",
    jump: "\u2191 Step player above: show it (Alt+Shift+P)",
    jumpClose: "Close this hint",
  },
  de: {
    root: "Schritt-Player: Pfeiltasten links und rechts gehen einen Schritt, Pos1 und Ende zum ersten und letzten Schritt, die Leertaste spielt ab oder hält an; mit Tab erreicht man jedes Bedienelement",
    back: "Zurück zur dokumentierten Linie",
    first: "Erster Schritt (Pos1)",
    prev: "Voriger Schritt (Pfeil links)",
    play: "\u25b6 Abspielen",
    pause: "|| Pause",
    playTitle: "Abspielen / anhalten (Leertaste)",
    playName: "Abspielen (Leertaste)",
    pauseName: "Pause (Leertaste)",
    next: "Nächster Schritt (Pfeil rechts)",
    last: "Letzter Schritt (Ende)",
    step: "Schritt",
    speed: "Abspieltempo",
    layout: "Anordnung",
    layoutTitle: "Anordnung: gestapelt, kompakt (passt ins Fenster) oder Stream (große Schrift, passt ins Fenster)",
    stacked: "Gestapelt",
    compact: "Kompakt",
    stream: "Stream",
    large: "Großer Bereich",
    largeTitle: "Großer Bereich (kompakte und Stream-Anordnung): ein Diagramm nimmt den Großteil der Breite ein, die anderen werden ganz gezeigt",
    enlarge: "Vergrößern",
    enlargeTitle: "Vergrößern: {pane}",
    equal: "Gleich große Bereiche",
    paneLarge: "{pane} groß",
    language: "Sprache",
    exportBtn: "HTML exportieren",
    exportTitle: "HTML exportieren: diesen Ablauf als eine Offline-HTML-Datei speichern",
    stepsSoFar: "Bisherige Schritte",
    yourLine: "Deine Linie",
    documentedLine: "Dokumentierte Linie: die Antworten der Regelentscheidung.",
    player: "Spieler {p}: ",
    noDecision: "Keine Entscheidung in diesem Schritt.",
    announce: "Entscheidung für Spieler {p}: {prompt} Möglichkeiten: {options}.",
    announceChose: " Diese Linie hat gewählt: {choice}.",
    chosenTitle: "Die Wahl dieser Linie (sie zu wählen geht weiter)",
    thisLine: " (gewählt)",
    notAllowed: "Nicht erlaubt: ",
    needsBranch: "Wählen braucht eine Verzweigungsfunktion (öffne das Szenario mit widgets.play)",
    outcome: "Ergebnis",
    leaves: "Deine Linie verlässt die dokumentierte Linie bei Schritt {n}. Unterschiede:",
    same: "dasselbe Ergebnis",
    rules: "Regeln: {ruleset}",
    counter: "Schritt {n} von {total}",
    noSteps: "keine Schritte",
    differs: "Wiki vs. CR: {text}",
    note: "Hinweis: {text}",
    drawing: "Das Diagramm wird gezeichnet\u2026",
    why: "Warum: die Regelentscheidung in unseren Worten",
    shown: "Gezeigtes Diagramm",
    showTitle: "{pane} zeigen (Taste {n})",
    focusKey: "Alt+Umschalt+P: zum Schritt-Player, der der aktiven Zelle am nächsten ist, und zurück",
    labKeys: "Die Tasten des Players (Pfeile, Leertaste, 1, 2, 3) wirken nur, solange der Fokus im Player ist; zurück im Notebook gehören sie JupyterLab (dort machen 1, 2, 3 eine Markdown-Zelle zur Überschrift)",
    jump: "\u2191 Schritt-Player weiter oben: zeigen (Alt+Umschalt+P)",
    jumpClose: "Hinweis schließen",
  },
};
const MAX_SCALE = 1.5;
const KERNEL_WAIT_MS = 5000; // a live kernel acknowledges at once (milliseconds); one busy with a cell may take longer
// Compact and stream layouts: below this much free height (CSS px; a 720p window) three panes cannot be read (compact
// in JupyterLab at 1280x720: 2.4-4.1 px text), so ONE diagram is
// shown at the full free size, the step controls, caption and decision in a column beside it, and a row of buttons
// (keys 1, 2, 3) switches which diagram it is (README, "Layouts"; measured by tests/browser/test_player_layouts.py).
const ONE_PANE_BELOW_PX = 900;
// One-pane mode: the side column widens (from 30% of the player) until the caption is whole, up to the first share of
// the player's width, then the caption's words shrink down to CAPTION_LEAST_PX, then the column widens up to the
// second share (the diagram keeps the rest)
const CAPTION_COLUMN = [0.5, 0.7];
const CAPTION_LEAST_PX = 16;
// the compact layout's equal panes are arranged in two columns only when that draws every diagram this much larger
const ARRANGE_GAIN = 1.1;
const PANE_KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9"];
const STEP_KEYS = ["ArrowLeft", "ArrowRight", "Home", "End"];
const OWN_KEYS = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", " ", "Enter", "PageUp", "PageDown"];
const PT = 4 / 3; // Graphviz writes SVG sizes in points; 1pt = 4/3 CSS px

const CONTROLS = /[\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;
const SVG_CONTROLS = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;
const NAMED = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };
function escapeChar(ch) {
  const code = ch.charCodeAt(0);
  const hex = code.toString(16);
  return NAMED[ch] || (code < 0x100 ? "\\x" + hex.padStart(2, "0") : "\\u" + hex.padStart(4, "0"));
}
const shown = (text) => String(text ?? "").replace(CONTROLS, escapeChar); // one line, no invisible marks
const shownSvg = (svg) => String(svg ?? "").replace(SVG_CONTROLS, escapeChar); // line breaks between elements stay

function make(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = shown(text);
  return node;
}

const sentence = (text) => (/[.?!:]$/.test(text || "") ? text : (text || "") + ".");

function button(cls, text, title) {
  const b = make("button", cls, text);
  b.type = "button";
  if (title) {
    b.title = title;
    b.setAttribute("aria-label", title);
  }
  return b;
}

// Boxes that grow with their content (Jupyter's output areas are overflow:auto but as tall as what they
// hold): they never bound the player, so their height must not be taken for the window's.
const GROWS_WITH_CONTENT = ".jp-OutputArea, .jp-OutputArea-output, .jp-OutputArea-child, .jp-Cell-outputWrapper";

// The height of the box that scrolls the player (JupyterLab's notebook panel, else the window), less the margin
// above the player when that margin cannot be scrolled away (the player near the top of the box: Voila's page).
function scrollParentHeight(el) {
  const top = el.getBoundingClientRect().top;
  for (let p = el.parentElement; p; p = p.parentElement) {
    if (!window.getComputedStyle) break;
    const oy = window.getComputedStyle(p).overflowY;
    if (!(oy === "auto" || oy === "scroll") || p.clientHeight <= 0) continue;
    const wraps = p.scrollHeight <= p.clientHeight + 1 && p.clientHeight <= el.offsetHeight + 80;
    if ((p.matches && p.matches(GROWS_WITH_CONTENT)) || wraps) continue;
    const above = top - p.getBoundingClientRect().top + p.scrollTop;
    return Math.min(p.clientHeight, window.innerHeight) - (above >= 0 && above < 60 ? above : 0);
  }
  const above = top + (window.scrollY || 0);
  return (window.innerHeight || 900) - (above >= 0 && above < 60 ? above : 0);
}

// Scale each pane's SVG to fit its pane whole (compact and stream): nothing is cut and a pane never scrolls; the
// scale is at most MAX_SCALE (Graphviz's size times 1.5: its 10pt text at 20 CSS px). How large the text then is
// depends on the room: the stream layout gives most of it to one large pane (docs/player.md, "Layouts").
function fitDiagrams(container) {
  for (const pane of container.querySelectorAll ? container.querySelectorAll(".digiteach-diagram") : []) {
    const svg = pane.querySelector("svg");
    if (!svg || !svg.viewBox || !svg.viewBox.baseVal || !svg.viewBox.baseVal.width) continue;
    const w = svg.viewBox.baseVal.width * PT;
    const h = svg.viewBox.baseVal.height * PT;
    const scale = Math.min(MAX_SCALE, (pane.clientWidth - 1) / w, (pane.clientHeight - 1) / h);
    svg.style.width = Math.floor(w * scale) + "px";
    svg.style.height = Math.floor(h * scale) + "px";
    svg.style.maxWidth = "none";
    svg.style.maxHeight = "none";
  }
}

// The largest size (CSS px at scale 1) each diagram has over the frames `fs` (those drawn): name -> [width, height],
// read from the SVGs' viewBox; kept per frames list. The compact layout's equal panes are arranged by it (arrange()),
// so the arrangement stays the same from step to step.
const TRACE_SIZES = new WeakMap();
const VIEWBOX = /viewBox="[-\d.]+ [-\d.]+ ([\d.]+) ([\d.]+)"/;
function traceSizes(fs) {
  if (TRACE_SIZES.has(fs)) return TRACE_SIZES.get(fs);
  const sizes = {};
  for (const f of fs) {
    for (const [name, svg] of Object.entries((f && f.svgs) || {})) {
      const m = VIEWBOX.exec(String(svg || ""));
      if (!m) continue;
      const [w, h] = [parseFloat(m[1]) * PT, parseFloat(m[2]) * PT];
      const had = sizes[name] || [0, 0];
      sizes[name] = [Math.max(had[0], w), Math.max(had[1], h)];
    }
  }
  TRACE_SIZES.set(fs, sizes);
  return sizes;
}

// After a learner's choice the kernel sends only the frames that changed: {type: "frames", keep: k, frames: [...]}
// means "the first k frames stay, these follow them". Of those, only the frame of the step the player moves to
// comes drawn; the others come with "svgs": null (not drawn yet: their panes say so) and their diagrams follow, with
// their text alternatives, in {type: "drawn", total: n, frames: {"k": {svgs, alt}}} for the line of n frames. The synced `frames` trait is not
// re-sent, so the frames shown are kept here, by the synced list they were made from (each view and initialize()
// get their own model proxy, but the same list); a full sync of `frames` (a new list) starts over from it.
const SHOWN_FRAMES = new WeakMap();
const APPLIED = new WeakSet();

function shownFrames(model) {
  const synced = model.get("frames") || [];
  return SHOWN_FRAMES.get(synced) || synced;
}

function applyFrames(model, msg) {
  if (!msg || APPLIED.has(msg)) return;
  const now = shownFrames(model);
  let next = null;
  if (msg.type === "frames" && Array.isArray(msg.frames)) {
    next = now.slice(0, Math.max(0, Number(msg.keep) || 0)).concat(msg.frames);
  } else if (msg.type === "drawn" && msg.frames && now.length === msg.total) {
    next = now.slice(); // a drawn frame is a new object, so a view redraws it
    for (const [k, patch] of Object.entries(msg.frames)) if (next[Number(k)]) next[Number(k)] = { ...next[Number(k)], ...patch };
  }
  if (next === null) return;
  APPLIED.add(msg); // the same message reaches initialize() and every view: applied once
  SHOWN_FRAMES.set(model.get("frames") || [], next);
}

// Alt+Shift+P, the way in from the keyboard (a combination bound neither in JupyterLab's shortcut list nor by Chrome or
// Firefox): pressed anywhere on the page it focuses the step player nearest the notebook's active cell (JupyterLab; when
// that cell is scrolled out of view, the first player on screen), else the first player on screen (Voila); pressed on one
// of a player's controls it puts the focus on that player itself (its stepping surface); pressed on the player itself
// it gives the focus back to the notebook (JupyterLab) or moves on to the next player. Nothing takes the focus on its own (Run All leaves it where it was). The player's label
// (role group) and its step counter are read out when it takes the focus. One listener per page.
const FOCUS_KEY_FLAG = Symbol.for("digiteach.player.focusKey");
const isFocusKey = (e) => e.altKey && e.shiftKey && !e.ctrlKey && !e.metaKey && (e.code === "KeyP" || e.key === "P" || e.key === "p");

function nearestPlayer(players, from) {
  const active = document.querySelector(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell.jp-mod-active");
  const box = active && active.getBoundingClientRect();
  // an active cell scrolled out of view (Run All leaves the last cell active) does not count: the player nearest
  // what the learner is looking at does
  const cell = box && box.bottom > 0 && box.top < window.innerHeight ? active : null;
  const anchor = cell ? box : { top: 0, bottom: window.innerHeight };
  const inCell = cell && players.find((p) => cell.contains(p));
  if (inCell) return inCell;
  const gap = (p) => {
    const r = p.getBoundingClientRect();
    return r.bottom < anchor.top ? anchor.top - r.bottom : Math.max(0, r.top - anchor.bottom);
  };
  return players.reduce((best, p) => (gap(p) < gap(best) ? p : best), players[0]);
}

function onFocusKey(event) {
  if (!isFocusKey(event)) return;
  const players = [...document.querySelectorAll(".digiteach-player")].filter((p) => p.getClientRects().length > 0);
  if (!players.length) return;
  event.preventDefault();
  event.stopPropagation();
  const inside = players.find((p) => p.contains(document.activeElement));
  if (inside && document.activeElement !== inside) {
    // on one of the player's controls (a select just changed, a button): back to its stepping surface, where the
    // arrows and 1, 2, 3 work; never out of the player (a streamer who pressed it there lost the player)
    inside.focus({ preventScroll: true });
    return;
  }
  let target = inside ? null : nearestPlayer(players);
  if (inside) {
    const notebook = inside.closest(".jp-Notebook.jp-mod-commandMode, .jp-Notebook.jp-mod-editMode"); // JupyterLab's, not Voila's
    if (notebook) {
      notebook.focus(); // JupyterLab: back to the notebook (command mode, on its active cell)
      return;
    }
    target = players[(players.indexOf(inside) + 1) % players.length];
  }
  target.focus({ preventScroll: true });
  showTop(target);
}

// Bring `player` into view with its top (title, controls, step counter) shown: the whole player when it fits the
// scrolling box it is in (the notebook's, else the window), else its top at the top (a stacked player is ~2,270 px).
function showTop(player) {
  const scrolls = (el) => /(auto|scroll)/.test(getComputedStyle(el).overflowY) && el.scrollHeight > el.clientHeight + 1;
  let box = player.parentElement;
  while (box && box !== document.body && !scrolls(box)) box = box.parentElement;
  const room = box && box !== document.body ? box.clientHeight : window.innerHeight;
  player.scrollIntoView({ block: player.getBoundingClientRect().height <= room ? "nearest" : "start" });
}

// After Run All, JupyterLab leaves the notebook at its last cell, far below a player that was drawn on the way. A
// player out of view above the active cell, drawn there or left behind while cells run ("[*]"), offers a hint at the
// bottom of the window, .digiteach-jump: a button "Step player above" that brings it into view and focuses it (as
// Alt+Shift+P does), and a close button. Nothing scrolls on its own; a player the learner scrolls away from (no cell
// running) offers nothing. One hint per page, for the lowest player, in its player's language; it goes when its player
// comes into view or takes the focus, when its notebook is no longer the one shown (JupyterLab keeps the other
// notebooks' tabs in the same page), and when it would cover a player. Each notebook (each kernel) may load this module
// anew, so the hint is kept on the window, shared by all of them.
const JUMP_KEY = Symbol.for("digiteach.player.jump");
const JUMP_CHECK_MS = 300;

function jumpState() {
  if (!window[JUMP_KEY]) window[JUMP_KEY] = { hint: null }; // hint: {box, target, timer}
  return window[JUMP_KEY];
}

function dropJump(target) {
  const state = jumpState();
  const hint = state.hint;
  if (!hint || (target && hint.target !== target)) return;
  clearInterval(hint.timer);
  hint.box.remove();
  state.hint = null;
}

// in a notebook (or page) now shown: not in a hidden JupyterLab tab, and laid out
const inShownPanel = (el) => el.isConnected && !el.closest(".lm-mod-hidden") && el.getClientRects().length > 0;

// the part of `el` on screen: its box clipped by the window and by every box that scrolls or clips it (null: none)
function seenRect(el) {
  const r = el.getBoundingClientRect();
  let box = { left: Math.max(r.left, 0), top: Math.max(r.top, 0), right: Math.min(r.right, window.innerWidth), bottom: Math.min(r.bottom, window.innerHeight) };
  for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
    if (getComputedStyle(p).overflowY === "visible") continue;
    const c = p.getBoundingClientRect();
    box = { left: Math.max(box.left, c.left), top: Math.max(box.top, c.top), right: Math.min(box.right, c.right), bottom: Math.min(box.bottom, c.bottom) };
  }
  return box.right > box.left && box.bottom > box.top ? box : null;
}

// the hint's box over a player shown on screen (any player of the page)
function coversPlayer(box) {
  const b = box.getBoundingClientRect();
  return [...document.querySelectorAll(".digiteach-player")].some((p) => {
    const r = inShownPanel(p) && seenRect(p);
    return !!r && r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom;
  });
}

// the hint's box over text of the page (a notebook's words, code or outputs; not its own): the topmost element at
// points of a grid over the box, and whether one of their own text lines crosses the box
function coversText(box) {
  const b = box.getBoundingClientRect();
  const under = new Set();
  for (let y = b.top + 2; y < b.bottom; y += 8) {
    for (let x = b.left + 2; x < b.right; x += 12) {
      const top = document.elementsFromPoint(x, y).find((el) => !box.contains(el));
      if (top && top !== document.body && top !== document.documentElement) under.add(top);
    }
  }
  const range = document.createRange();
  for (const el of under) {
    for (const node of el.childNodes) {
      if (node.nodeType !== 3 || !node.textContent.trim()) continue;
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) {
        if (r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom) return true;
      }
    }
  }
  return false;
}

// Where the hint may stand: the bottom right of the window, else the top right under the notebook's toolbar; it is
// put at the first that covers no text and no player, and hidden while each would (it shows again when one is free)
function placeJump(box) {
  const bar = document.querySelector(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-NotebookPanel-toolbar");
  const below = bar ? Math.round(bar.getBoundingClientRect().bottom) + 8 : 8;
  for (const [top, bottom] of [["auto", "40px"], [below + "px", "auto"]]) {
    box.style.top = top;
    box.style.bottom = bottom;
    if (!coversText(box) && !coversPlayer(box)) {
      box.style.visibility = "";
      return;
    }
  }
  box.style.visibility = "hidden";
}

function offerJump(root, wordsNow) {
  if (typeof IntersectionObserver === "undefined" || !root.closest) return () => {};
  let seen = false;
  let onScreen = false;
  // the hint for `root` still has a reason to be there (where it stands, and whether it shows: placeJump)
  const wanted = () => inShownPanel(root) && !onScreen && !root.contains(document.activeElement);
  const observer = new IntersectionObserver((entries) => {
    onScreen = entries[entries.length - 1].isIntersecting;
    if (onScreen) {
      seen = true;
      return dropJump(root);
    }
    const cell = root.isConnected && root.closest(".jp-Cell"); // (the view is drawn before it is put in the page)
    if (!cell || !inShownPanel(root)) return dropJump(root); // its notebook hidden: another tab is shown
    const active = document.querySelector(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell.jp-mod-active");
    const notebook = cell.closest(".jp-Notebook");
    if (!active || !notebook || !notebook.contains(active)) return; // the active cell is another notebook's
    const movedOn = active !== cell && cell.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING;
    if (!movedOn || !(root.getBoundingClientRect().bottom < active.getBoundingClientRect().top)) return;
    // seen, and now scrolled away from: only while cells run or wait ("[*]": Run All moved on, not the learner)
    const running = [...notebook.querySelectorAll(".jp-InputArea-prompt")].some((p) => p.textContent.includes("*"));
    if (seen && !running) return;
    const state = jumpState();
    if (state.hint && state.hint.target.isConnected && inShownPanel(state.hint.target) &&
        state.hint.target.compareDocumentPosition(root) & Node.DOCUMENT_POSITION_PRECEDING) return; // a lower one has it
    dropJump();
    for (const old of document.querySelectorAll(".digiteach-jump")) old.remove(); // at most one per page
    const words = wordsNow();
    const box = make("div", "digiteach-jump");
    box.setAttribute("role", "status");
    box.lang = words.lang;
    const go = button("digiteach-jump-go", words.jump);
    const close = button("digiteach-jump-close", "\u00d7", words.jumpClose);
    go.addEventListener("click", () => {
      dropJump();
      if (!inShownPanel(root)) return;
      root.focus({ preventScroll: true });
      showTop(root);
    });
    close.addEventListener("click", () => dropJump());
    box.append(go, close);
    document.body.append(box);
    if (!wanted()) return box.remove();
    placeJump(box);
    // checked again while it shows: a tab switched, the player focused or scrolled to; text or a player under it
    const timer = setInterval(() => {
      if (!state.hint || state.hint.box !== box) return;
      if (!wanted()) dropJump();
      else placeJump(box);
    }, JUMP_CHECK_MS);
    state.hint = { box, target: root, timer };
  });
  observer.observe(root);
  return () => {
    observer.disconnect();
    dropJump(root);
  };
}

let playersMade = 0; // numbers the views' ids

function initialize({ model }) {
  const onFrames = (msg) => applyFrames(model, msg);
  model.on("msg:custom", onFrames); // also when no view is open, so a view opened later shows the new line
  return () => model.off("msg:custom", onFrames);
}

function render({ model, el }) {
  // a language chosen in the select that Python has not acknowledged yet: {before, ask} (null: none)
  let langWait = null;
  // the language the steps shown are told in: the lang trait, or while a change waits for Python the one before it
  const toldIn = () => (langWait ? langWait.before : model.get("lang"));
  // the player's own words in the language the steps are told in: tr("counter", { n: 2, total: 9 })
  const tr = (key, vars) => {
    const words = WORDS[toldIn()] || WORDS.en;
    const text = key in words ? words[key] : WORDS.en[key];
    return text.replace(/\{(\w+)\}/g, (whole, name) => (vars && name in vars ? String(vars[name]) : whole));
  };
  const root = make("div", "digiteach-player");
  root.tabIndex = 0;
  root.setAttribute("role", "group");
  if (typeof window !== "undefined" && window.addEventListener && !window[FOCUS_KEY_FLAG]) {
    window[FOCUS_KEY_FLAG] = true;
    window.addEventListener("keydown", onFocusKey, true); // before JupyterLab's own shortcuts see the key
  }

  const header = make("div", "digiteach-header");
  const title = make("div", "digiteach-title");
  const ruleset = make("div", "digiteach-ruleset");
  // the scenario's notes (why the ruling goes so): closed at first, so that no layout loses diagram room; stacked, its
  // one-line summary sits beside the title and opened it takes a line of its own under the title (player.css);
  // compact and stream move it beside the step log (applyLayout)
  const why = make("details", "digiteach-why");
  const whySummary = make("summary");
  const whyText = make("div", "digiteach-why-text");
  why.append(whySummary, whyText);
  why.addEventListener("toggle", () => fit()); // the diagrams take the room the notes leave
  header.append(title, why, ruleset);

  const branchBar = make("div", "digiteach-branch");
  const branchNote = make("span", "digiteach-branch-note");
  const back = button("digiteach-back");
  branchBar.append(branchNote, back);

  const controls = make("div", "digiteach-controls");
  const first = button("digiteach-first", "|\u25c0");
  const prev = button("digiteach-prev", "\u25c0");
  const playBtn = button("digiteach-play");
  const next = button("digiteach-next", "\u25b6");
  const last = button("digiteach-last", "\u25b6|");
  const slider = make("input", "digiteach-slider");
  slider.type = "range";
  slider.min = "0";
  slider.step = "1";
  const counter = make("span", "digiteach-counter");
  counter.id = "digiteach-counter-" + ++playersMade; // read out with the player's name
  root.setAttribute("aria-describedby", counter.id);
  const speed = make("select", "digiteach-speed");
  for (const [label, ms] of SPEEDS) {
    const opt = make("option", null, label);
    opt.value = String(ms);
    if (label === "1x") opt.selected = true;
    speed.append(opt);
  }
  const layoutSel = make("select", "digiteach-layout");
  const layoutOpts = LAYOUTS.map((value) => {
    const opt = make("option");
    opt.value = value;
    layoutSel.append(opt);
    return opt;
  });
  const largeSel = make("select", "digiteach-large");
  const langSel = make("select", "digiteach-lang");
  for (const [value, label] of LANGUAGES) {
    const opt = make("option", null, label); // each language named in itself
    opt.value = value;
    opt.lang = value;
    langSel.append(opt);
  }
  const exportBtn = button("digiteach-export");
  controls.append(first, prev, playBtn, next, last, slider, counter, speed, layoutSel, largeSel, langSel, exportBtn);

  const info = make("div", "digiteach-info");
  const timing = make("div", "digiteach-timing");
  const caption = make("div", "digiteach-caption");
  caption.setAttribute("aria-live", "polite"); // read out at every step
  caption.setAttribute("aria-atomic", "true");
  const rules = make("div", "digiteach-rules");
  const differs = make("div", "digiteach-differs");
  const note = make("div", "digiteach-note");
  info.append(timing, caption, rules, differs, note);

  const decision = make("div", "digiteach-decision");
  const prompt = make("div", "digiteach-prompt");
  const options = make("div", "digiteach-options");
  const outcome = make("div", "digiteach-outcome");
  decision.append(prompt, options, outcome);

  const announce = make("div", "digiteach-announce"); // decisions with their options, for screen readers
  announce.setAttribute("aria-live", "polite");
  announce.setAttribute("aria-atomic", "true");
  decision.append(announce);

  const error = make("div", "digiteach-error");
  error.setAttribute("role", "alert");
  const status = make("div", "digiteach-status");
  status.setAttribute("aria-live", "polite"); // "Downloaded ...", or the kernel not answering
  status.setAttribute("aria-atomic", "true");

  const diagrams = make("div", "digiteach-diagrams");
  // the stream layout's one-pane mode (a short window): one button per diagram (keys 1, 2, 3) choosing the one shown
  const paneTabs = make("div", "digiteach-panetabs");
  paneTabs.setAttribute("role", "group");
  paneTabs.hidden = true;
  let tabs = {};
  let panes = {};
  let figures = {};
  let paneKey = null;
  let equalOpt = null; // the large-pane select's "Equal panes" option
  let headings = {}; // per diagram: the texts that name its pane (caption, Enlarge, Large-pane option, tab)
  function titlePanes(list) {
    // a pane's title can change from step to step ("Turn phases" outside an attack, "Attack timings" in one):
    // the texts that name it follow the frame's titles, the panes themselves stay (focus and scroll are kept)
    for (const { name, title: heading } of list || []) {
      const h = headings[name];
      if (!h || h.heading === heading) continue;
      h.heading = heading;
      h.caption.textContent = heading;
      h.grow.title = tr("enlargeTitle", { pane: heading });
      h.grow.setAttribute("aria-label", tr("enlargeTitle", { pane: heading }));
      h.opt.textContent = tr("paneLarge", { pane: heading });
      h.tab.textContent = (h.key ? h.key + " " : "") + heading;
      h.tab.title = tr("showTitle", { pane: heading, n: h.key }); // a description: the name is what it shows
    }
  }
  function buildPanes(list) {
    // one titled pane per diagram of the frame, rebuilt only when the diagrams (their names) change
    const key = JSON.stringify((list || []).map((d) => d.name));
    if (key === paneKey) return titlePanes(list);
    paneKey = key;
    panes = {};
    headings = {};
    diagrams.replaceChildren();
    const current = largeSel.value;
    const equal = make("option", null, tr("equal"));
    equal.value = "";
    equalOpt = equal;
    largeSel.replaceChildren(equal);
    figures = {};
    tabs = {};
    paneTabs.replaceChildren();
    for (const { name, title: heading } of list || []) {
      const pane = make("figure", "digiteach-pane digiteach-pane-" + name);
      const body = make("div", "digiteach-diagram");
      body.dataset.diagram = name;
      body.setAttribute("role", "img");
      body.tabIndex = 0; // a pane that scrolls (stream) is scrolled with the keyboard too
      const grow = button("digiteach-enlarge", tr("enlarge"), tr("enlargeTitle", { pane: heading }));
      grow.addEventListener("click", (event) => enlarge(name, event));
      body.addEventListener("click", () => {
        if (layoutNow() !== "stacked" && largeNow() && largeNow() !== name) enlarge(name, { detail: 1 });
      });
      const caption = make("figcaption", null, heading);
      pane.append(caption, grow, body);
      diagrams.append(pane);
      panes[name] = body;
      figures[name] = pane;
      const opt = make("option", null, tr("paneLarge", { pane: heading }));
      opt.value = name;
      largeSel.append(opt);
      const key = PANE_KEYS[paneTabs.children.length] || "";
      const tab = button("digiteach-panetab", (key ? key + " " : "") + heading);
      tab.title = tr("showTitle", { pane: heading, n: key }); // named by what it shows ("1 Attack timings"), described so
      tab.dataset.diagram = name;
      if (key) tab.setAttribute("aria-keyshortcuts", key);
      tab.addEventListener("click", (event) => enlarge(name, event, tab));
      paneTabs.append(tab);
      tabs[name] = tab;
      headings[name] = { heading, caption, grow, opt, tab, key };
    }
    largeSel.value = current;
  }

  const logBox = make("details", "digiteach-logbox");
  logBox.open = true;
  const logSummary = make("summary");
  logBox.append(logSummary);
  const log = make("ol", "digiteach-log");
  logBox.append(log);
  logBox.addEventListener("toggle", () => {
    log.scrollTop = log.scrollHeight; // opened: the current step (the last one listed) on screen
    if (onePane) fit(); // one-pane mode: the diagram gives the opened log its room
  });

  // the step log, and in compact and stream the Why panel beside it (a long title leaves no room for it in the header)
  const footer = make("div", "digiteach-footer");
  footer.append(logBox);
  controls.append(paneTabs); // the last of the controls (shown in one-pane mode only)
  root.append(header, branchBar, controls, info, decision, error, status, diagrams, footer);
  el.append(root);
  // one-pane mode (stream layout, short window): everything but the diagram in a column beside it, and the step log's
  // line (Steps so far, Why) under the diagram: always on screen, and in the DOM (so in the Tab order) after the
  // diagram as in the other layouts. At the end of the column it was pushed below the window at a decision (JupyterLab
  // at 1280x720 with its sidebar open), and the jump past the decision's options skipped it.
  const side = make("div", "digiteach-side");
  let onePane = false;
  function setOnePane(on) {
    if (on === onePane) return;
    onePane = on;
    root.classList.toggle("digiteach-one-pane", on);
    paneTabs.hidden = !on;
    const column = [header, branchBar, controls, info, decision, error, status];
    // moving the controls blurs the one focused (the Layout select changed from the keyboard): it gets the focus back
    const had = typeof document !== "undefined" ? document.activeElement : null;
    if (on) {
      side.replaceChildren(...column);
      root.replaceChildren(side, diagrams, footer);
    } else {
      root.replaceChildren(...column, diagrams, footer);
      root.style.height = "";
      root.style.removeProperty("--digiteach-side");
      caption.style.fontSize = "";
    }
    if (had && had !== document.activeElement && root.contains && root.contains(had)) had.focus({ preventScroll: true });
    applyLarge();
  }

  // the player's name for screen readers: its keys and Alt+Shift+P; in JupyterLab also that the keys are the player's
  // only while it has the focus (session 12: a learner back in the notebook pressed 3 for the board, and JupyterLab
  // made a cell a heading). Set again when the player takes the focus: it is in the notebook by then.
  function label() {
    const inLab = !!root.closest(".jp-Notebook");
    root.setAttribute("aria-label", tr("root") + ". " + tr("focusKey") + (inLab ? ". " + tr("labKeys") : ""));
  }
  root.addEventListener("focus", label);

  // the player's own words, set again whenever the language changes
  function applyWords() {
    const lang = WORDS[toldIn()] ? toldIn() : "en";
    root.lang = lang;
    label();
    root.setAttribute("aria-keyshortcuts", "Alt+Shift+P");
    paneTabs.setAttribute("aria-label", tr("shown"));
    const titled = [
      [back, "back"],
      [first, "first"],
      [prev, "prev"],
      [playBtn, "playTitle"],
      [next, "next"],
      [last, "last"],
      [exportBtn, "exportTitle"],
      [layoutSel, "layoutTitle"],
      [largeSel, "largeTitle"],
    ];
    for (const [node, key] of titled) node.title = tr(key);
    for (const [node, key] of [[back, "back"], [first, "first"], [prev, "prev"], [next, "next"], [last, "last"], [exportBtn, "exportTitle"], [slider, "step"], [speed, "speed"], [layoutSel, "layout"], [largeSel, "large"], [langSel, "language"]]) {
      node.setAttribute("aria-label", tr(key));
    }
    back.textContent = tr("back");
    exportBtn.textContent = tr("exportBtn");
    showPlaying();
    for (const opt of layoutOpts) opt.textContent = tr(opt.value);
    logSummary.textContent = tr("stepsSoFar");
    whySummary.textContent = tr("why");
    langSel.value = lang;
    paneKey = null; // the panes' titles and the large-pane options are redrawn in the new words
  }

  // After a mouse click the player root takes the focus back, so the arrow keys keep working; a control
  // used from the keyboard keeps the focus unless it became disabled or was redrawn (preventScroll: the
  // page does not jump).
  const refocus = (event) => {
    const control = event && event.currentTarget;
    const byMouse = !event || event.detail > 0;
    if (byMouse || !control || control.disabled || !root.contains(control)) root.focus({ preventScroll: true });
  };
  let shownLayout = null;
  const layoutNow = () => {
    const known = LAYOUTS;
    return known.includes(model.get("layout_mode")) ? model.get("layout_mode") : "stacked";
  };

  function fit() {
    const layout = layoutNow();
    if (layout === "stacked" || !diagrams.getBoundingClientRect) {
      setOnePane(false);
      arrange(); // the compact layout's columns go
      diagrams.style.height = "";
      for (const body of Object.values(panes)) {
        const svg = body.querySelector && body.querySelector("svg");
        if (svg) svg.removeAttribute("style");
      }
      return;
    }
    const free = scrollParentHeight(root);
    setOnePane(free < ONE_PANE_BELOW_PX); // compact and stream alike: three panes cannot be read in a short window
    if (onePane) {
      arrange(); // the compact layout's columns go: one diagram at a time
      // the player is as high as the window; the diagram takes the whole height beside the column (which scrolls
      // only when a long decision or the opened notes do not fit it) above the step log's line
      const cs = window.getComputedStyle(root);
      const frame = ["paddingTop", "paddingBottom", "borderTopWidth", "borderBottomWidth"].reduce((sum, k) => sum + (parseFloat(cs[k]) || 0), 0);
      const inner = Math.max(160, Math.floor(free - 8 - frame));
      root.style.height = inner + frame + "px";
      // the caption (words and rules) is shown whole: a column too short for it (JupyterLab at 720p with its sidebar
      // open, a long caption, German) is made wider, up to half the player; then the caption's words step down from
      // 20 to 16 px; then the column widens further, and the diagram gives up the width
      root.style.removeProperty("--digiteach-side");
      caption.style.fontSize = "";
      const short = (el) => el.offsetTop + el.offsetHeight > side.clientHeight;
      const widen = (el, most) => {
        const limit = Math.floor(root.clientWidth * most);
        let width = side.getBoundingClientRect().width;
        while (short(el) && width < limit) {
          width = Math.min(limit, width + 12); // fine steps: the diagram keeps all the width the column does not need
          root.style.setProperty("--digiteach-side", width + "px");
        }
      };
      widen(info, CAPTION_COLUMN[0]);
      const wordsPx = Math.round(parseFloat(window.getComputedStyle(caption).fontSize) || 20);
      for (let px = wordsPx - 1; px >= CAPTION_LEAST_PX && short(info); px--) caption.style.fontSize = px + "px";
      widen(info, CAPTION_COLUMN[1]);
      // an open decision's options under it too (the outcome at the last step scrolls in its own box), and the status
      // line under them ("Downloaded ...", the kernel not answering): it was pushed below the column (German, 720p)
      if (decision.classList.contains("digiteach-decision-open")) widen(decision, CAPTION_COLUMN[1]);
      if (!status.hidden) widen(status, CAPTION_COLUMN[1]);
      diagrams.style.height = Math.max(120, inner - footer.offsetHeight) + "px"; // the step log's line under it
      fitDiagrams(diagrams);
      // a column still too short for all of it scrolls to show the decision whole, and the status line after it
      const last = !status.hidden ? status : !decision.classList.contains("digiteach-decision-empty") ? decision : null;
      if (last) {
        const bottom = last.offsetTop + last.offsetHeight + 4;
        if (bottom > side.scrollTop + side.clientHeight) side.scrollTop = bottom - side.clientHeight;
      }
      return;
    }
    // the diagrams take what the window leaves under the caption and decision, so the player fits it
    const box = diagrams.getBoundingClientRect();
    const outer = root.getBoundingClientRect();
    const above = box.top - outer.top;
    const below = outer.bottom - box.bottom; // the step log's summary line and the padding
    const height = Math.max(160, Math.floor(scrollParentHeight(root) - above - below - 8));
    diagrams.style.height = height + "px";
    arrange();
    fitDiagrams(diagrams);
  }

  // The compact layout's equal panes (no large pane): three equal columns at 1920x1080 drew each diagram as wide as a
  // third of the width and left a third of each pane empty under the small ones, the attack diagram (the tallest)
  // narrower than the room allowed. Now each column is as wide as its diagram needs at one scale for all three (their
  // largest over the whole trace, traceSizes, so nothing moves from step to step): the tall attack diagram gets the
  // room the others left. Where it draws every diagram larger still (ARRANGE_GAIN; a tall window) the first diagram
  // takes the left column at the full height and the other two share the right one.
  function arrange() {
    const names = Object.keys(figures);
    const on = layoutNow() === "compact" && !largeNow() && !onePane && names.length === 3 ? plan(names) : null;
    diagrams.classList.toggle("digiteach-arranged", !!on);
    diagrams.style.gridTemplateColumns = on ? on.columns : "";
    diagrams.style.gridTemplateRows = on ? on.rows : "";
    names.forEach((name, k) => {
      figures[name].style.gridColumn = on ? on.cells[k][0] : "";
      if (on || !largeNow()) figures[name].style.gridRow = on ? on.cells[k][1] : "";
    });
  }
  function plan(names) {
    if (typeof window === "undefined" || !window.getComputedStyle) return null;
    const sizes = traceSizes(frames());
    if (!names.every((n) => sizes[n] && sizes[n][0] > 0 && sizes[n][1] > 0)) return null;
    const [a, b, c] = names.map((n) => sizes[n]);
    // what a pane adds round its diagram (padding, border, its title), measured as the panes stand
    const pane = figures[names[0]], body = panes[names[0]];
    const ow = pane.offsetWidth - body.clientWidth, oh = pane.offsetHeight - body.clientHeight;
    const gap = parseFloat(window.getComputedStyle(diagrams).columnGap) || 8;
    const W = diagrams.clientWidth, H = diagrams.clientHeight;
    if (!(W > 0 && H > 0 && ow >= 0 && oh >= 0)) return null;
    const row = Math.min(MAX_SCALE, (W - 2 * gap - 3 * ow) / (a[0] + b[0] + c[0]), (H - oh) / Math.max(a[1], b[1], c[1]));
    if (!(row > 0)) return null;
    const right = Math.max(b[0], c[0]);
    const split = Math.min(MAX_SCALE, (H - oh) / a[1], (W - gap - 2 * ow) / (a[0] + right), (H - gap - 2 * oh) / (b[1] + c[1]));
    if (split > row * ARRANGE_GAIN) {
      const left = Math.round(a[0] * split + ow);
      return { columns: `minmax(0, ${left}fr) minmax(0, ${Math.max(1, W - gap - left)}fr)`,
               rows: `minmax(0, ${Math.round(b[1] + oh / split)}fr) minmax(0, ${Math.round(c[1] + oh / split)}fr)`,
               cells: [["1", "1 / span 2"], ["2", "1"], ["2", "2"]] };
    }
    const fr = (size) => `minmax(0, ${Math.round(size[0] + ow / row)}fr)`;
    return { columns: [a, b, c].map(fr).join(" "), rows: "", cells: [["1", "1"], ["2", "1"], ["3", "1"]] };
  }

  // the large pane: the one chosen, else in the stream layout the trace's default (three whole diagrams side by
  // side leave their text too small to read on a stream): the attack diagram when the scenario opens with an
  // attack, else the pending-activation diagram (default_large, from digiteach.diagrams.default_large_pane)
  function largeNow() {
    const name = model.get("large_pane") || "";
    if (name && panes[name]) return name;
    if (layoutNow() !== "stream" && !onePane) return ""; // compact: equal panes, but one diagram in a short window
    const fallback = model.get("default_large") || "";
    return panes[fallback] ? fallback : Object.keys(panes)[0] || "";
  }

  // make `name` the large pane (one-pane mode: the one shown); `from`: the button pressed, which keeps the focus when it
  // stays (a one-pane button), else the pane now large takes it (its Enlarge button hides); a mouse click: the player
  function enlarge(name, event, from) {
    stop();
    model.set("large_pane", name);
    model.save_changes();
    applyLarge();
    if (event && event.detail > 0) root.focus({ preventScroll: true });
    else if (from && tabbable(from)) from.focus({ preventScroll: true });
    else if (!from) panes[name].focus({ preventScroll: true });
  }

  function applyLarge() {
    const name = largeNow();
    if (equalOpt) equalOpt.disabled = layoutNow() === "stream"; // "Equal panes": not in the stream layout
    largeSel.value = name;
    diagrams.classList.toggle("digiteach-has-large", !!name);
    const count = Object.keys(figures).length;
    for (const [key, tab] of Object.entries(tabs)) tab.setAttribute("aria-pressed", String(key === name));
    for (const [key, pane] of Object.entries(figures)) {
      pane.classList.toggle("digiteach-pane-large", key === name);
      pane.style.gridRow = key === name ? `1 / span ${Math.max(count - 1, 1)}` : "";
    }
    fit();
  }

  function applyLayout() {
    const layout = layoutNow();
    if (layout === shownLayout) return;
    for (const value of LAYOUTS) root.classList.remove("digiteach-layout-" + value);
    root.classList.add("digiteach-layout-" + layout);
    layoutSel.value = layout;
    logBox.open = layout === "stacked"; // collapsed when the player fits the window (a click opens it)
    // the Why panel: in the header when stacked; in compact and stream closed, its summary on the step log's line,
    // so that no layout gives diagram room to it until someone opens it
    if (layout === "stacked") {
      header.replaceChildren(title, why, ruleset);
      footer.replaceChildren(logBox);
    } else {
      why.open = false;
      header.replaceChildren(title, ruleset);
      footer.replaceChildren(logBox, why);
    }
    shownLayout = layout;
    applyLarge(); // the stream layout has a large pane by default
    fit();
  }

  // Messages that need the kernel. `lost` is what did not happen ({key, label}; key null: nothing asked) while the
  // kernel does not answer, else null.
  let asked = 0;
  let waitTimer = null;
  let lost = null;
  function ask(content, what) {
    try {
      model.send({ ...content, ask: ++asked });
    } catch (err) {
      return tellLost(what); // the comm is gone (JupyterLab after a kernel restart: "Cannot send")
    }
    if (lost) return tellLost(what); // known gone: say so now (the message still went, in case it comes back)
    clearTimeout(waitTimer);
    waitTimer = setTimeout(() => tellLost(what), KERNEL_WAIT_MS);
  }
  function tellLost(what) {
    waitTimer = null;
    lost = what;
    if (what && what.key === "lang") keepLang();
    showStatus();
    fit(); // the status line takes room from the diagrams (compact and stream)
  }
  function heard() {
    clearTimeout(waitTimer);
    waitTimer = null;
    if (!lost) return;
    lost = null;
    showStatus();
    fit();
  }
  // the widget's comm changed (JupyterLab marks every model not live when the kernel restarts) or closed: ask the
  // kernel whether it is still there, so the player says so before a learner's click goes nowhere
  function onComm() {
    ask({ type: "ping" }, lost || { key: null });
  }
  function lostText() {
    if (!lost) return "";
    const all = model.get("kernel_words") || {};
    const words = all[toldIn()] || all.en || {};
    const what = lost.key && words[lost.key] ? words[lost.key].replace("{label}", lost.label || "") + " " : "";
    return what + (words.lost || "");
  }
  function showStatus() {
    const text = shown(lostText() || model.get("status"));
    if (status.textContent !== text) status.textContent = text; // the same words are not read out again
    status.hidden = !text;
    status.classList.toggle("digiteach-status-lost", !!lost);
  }

  let timer = null;
  let shownSvgFor = null; // frame + index last drawn, to skip redrawing the same SVGs

  const frames = () => shownFrames(model);
  const clamp = (i) => Math.max(0, Math.min(i, frames().length - 1));

  function go(i) {
    const target = clamp(i);
    if (target !== model.get("index")) {
      model.set("index", target);
      model.save_changes();
    }
    show();
  }

  function stop() {
    if (timer !== null) {
      clearInterval(timer);
      timer = null;
    }
    showPlaying();
  }
  // the Play button shows what it does now ("Play" or "Pause") and is named so, its key after it (label in name)
  function showPlaying() {
    const playing = timer !== null;
    playBtn.textContent = tr(playing ? "pause" : "play");
    playBtn.setAttribute("aria-label", tr(playing ? "pauseName" : "playName"));
    playBtn.classList.toggle("playing", playing);
  }

  function start() {
    stop();
    if (model.get("index") >= frames().length - 1) go(0);
    timer = setInterval(() => {
      if (model.get("index") >= frames().length - 1) {
        stop();
      } else {
        go(model.get("index") + 1);
      }
    }, Number(speed.value));
    showPlaying();
  }

  const toggle = () => (timer === null ? start() : stop());

  function showBanner() {
    const branched = model.get("branched");
    branchBar.classList.toggle("digiteach-branch-yours", !!branched);
    branchNote.textContent = shown(branched ? model.get("branch_note") || tr("yourLine") : tr("documentedLine"));
    back.disabled = !branched;
    back.hidden = !branched;
  }

  function showDecision(f, i, isLast) {
    options.replaceChildren();
    const asks = !!(f.options && f.options.length);
    decision.classList.toggle("digiteach-decision-open", asks);
    decision.classList.toggle("digiteach-decision-last", isLast); // room for the outcome at the end
    decision.classList.toggle("digiteach-decision-empty", !asks && !isLast); // compact and stream: takes no room
    prompt.textContent = shown(
      asks
        ? (f.decision_player ? tr("player", { p: f.decision_player }) : "") + f.decision_prompt
        : isLast
          ? ""
          : tr("noDecision"),
    );
    announce.textContent = shown(
      asks
        ? tr("announce", { p: f.decision_player || "", prompt: sentence(f.decision_prompt), options: f.options.join("; ") }) +
            (f.choice ? tr("announceChose", { choice: f.choice }) : "")
        : "",
    );
    const canBranch = model.get("can_branch");
    for (const label of asks ? f.options : []) {
      const b = button("digiteach-option", label);
      b.dataset.label = label;
      if (label === f.choice) {
        b.classList.add("documented");
        b.append(make("span", "digiteach-option-mark", tr("thisLine"))); // real text: read out, in the player's language
        b.setAttribute("aria-pressed", "true");
        b.title = tr("chosenTitle");
      }
      b.disabled = !canBranch || model.get("busy");
      if (!canBranch) b.title = tr("needsBranch");
      b.addEventListener("click", (event) => {
        stop();
        ask({ type: "choose", step: i, label }, { key: "choose", label });
        refocus(event.detail > 0 ? event : null); // the options are redrawn: the player keeps the focus
      });
      options.append(b);
    }
    showOutcome(isLast);
  }

  // the notes as text, line by line (each line shown escaped, as all scenario text; the breaks kept by CSS pre-line)
  function showNotes() {
    const notes = String(model.get("notes") || "");
    const text = notes.split("\n").map(shown).join("\n");
    if (whyText.textContent !== text) whyText.textContent = text;
    why.hidden = !notes;
  }

  function showOutcome(isLast) {
    const o = model.get("outcome") || {};
    outcome.replaceChildren();
    outcome.hidden = !isLast || !(o.lines && o.lines.length);
    if (outcome.hidden) return;
    outcome.append(make("div", "digiteach-outcome-title", tr("outcome")));
    const list = make("ul", "digiteach-outcome-lines");
    for (const line of o.lines) list.append(make("li", null, line));
    outcome.append(list);
    if (o.leaves_at !== null && o.leaves_at !== undefined) {
      outcome.append(
        make("div", "digiteach-outcome-title", tr("leaves", { n: o.leaves_at + 1 })),
      );
      const diff = make("ul", "digiteach-outcome-differences");
      for (const line of o.differences && o.differences.length ? o.differences : [tr("same")]) {
        diff.append(make("li", null, line));
      }
      outcome.append(diff);
    }
  }

  function show() {
    const fs = frames();
    const i = clamp(model.get("index"));
    const f = fs[i];
    title.textContent = shown(model.get("title") || model.get("scenario"));
    ruleset.textContent = shown(model.get("ruleset") ? tr("rules", { ruleset: model.get("ruleset") }) : "");
    showNotes();
    showBanner();
    counter.textContent = fs.length ? tr("counter", { n: i + 1, total: fs.length }) : tr("noSteps");
    slider.max = String(Math.max(fs.length - 1, 0));
    slider.value = String(i);
    slider.setAttribute("aria-valuetext", f ? shown(`${tr("counter", { n: i + 1, total: fs.length })}: ${f.timing}`) : tr("noSteps"));
    first.disabled = prev.disabled = i <= 0;
    next.disabled = last.disabled = i >= fs.length - 1;
    error.textContent = "";
    if (model.get("error")) error.append(make("b", "", tr("notAllowed")), make("span", "", model.get("error")));
    error.hidden = !model.get("error");
    showStatus();
    if (!f) return;

    timing.textContent = shown(f.timing);
    caption.textContent = shown(f.caption);
    rules.textContent = shown(f.rules.length ? f.rules.join(" \u00b7 ") : "");
    differs.textContent = shown(f.differs ? tr("differs", { text: f.differs }) : "");
    differs.hidden = !f.differs;
    note.textContent = shown(f.note ? tr("note", { text: f.note }) : "");
    note.hidden = !f.note;
    showDecision(f, i, i === fs.length - 1);

    if (shownSvgFor === null || shownSvgFor.frame !== f || shownSvgFor.index !== i) {
      buildPanes(f.diagrams);
      for (const name of Object.keys(panes)) {
        if (f.svgs) panes[name].innerHTML = shownSvg(f.svgs[name] || "");
        // not drawn yet (the kernel draws it right after the step the learner sees): say so, never an old diagram
        else panes[name].replaceChildren(make("div", "digiteach-drawing", tr("drawing")));
        panes[name].setAttribute("aria-busy", f.svgs ? "false" : "true");
        const heading = ((f.diagrams || []).find((d) => d.name === name) || {}).title || name;
        panes[name].setAttribute("aria-label", shown((f.alt && f.alt[name]) || heading));
      }
      applyLarge();
      shownSvgFor = { frame: f, index: i };
    }
    fit(); // also when only the decision box came or went: the diagrams take the room that is left

    // an entry of the list focused (arrow keys there step): the list is redrawn, so the new step's entry takes the
    // focus, else it would drop to the page and the next key would do nothing
    const logFocused = typeof document !== "undefined" && !!log.contains && log.contains(document.activeElement);
    let currentLink = null;
    log.replaceChildren();
    for (let k = 0; k <= i && k < fs.length; k++) {
      const item = make("li", k === i ? "digiteach-log-current" : null);
      const link = button("digiteach-log-step", fs[k].log);
      if (k === i) {
        link.setAttribute("aria-current", "step");
        currentLink = link;
      }
      link.addEventListener("click", () => {
        go(k);
        root.focus({ preventScroll: true }); // the list is redrawn
      });
      item.append(link);
      log.append(item);
    }
    log.scrollTop = log.scrollHeight; // the current step is the last one listed: on screen when the list scrolls
    if (logFocused) (currentLink || root).focus({ preventScroll: true });
  }

  first.addEventListener("click", (event) => {
    stop();
    go(0);
    refocus(event);
  });
  prev.addEventListener("click", (event) => {
    stop();
    go(model.get("index") - 1);
    refocus(event);
  });
  next.addEventListener("click", (event) => {
    stop();
    go(model.get("index") + 1);
    refocus(event);
  });
  last.addEventListener("click", (event) => {
    stop();
    go(frames().length - 1);
    refocus(event);
  });
  slider.addEventListener("input", () => {
    stop();
    go(Number(slider.value));
  });
  slider.addEventListener("change", () => refocus(null)); // arrow keys on the slider are the player's own
  // A select changed with the mouse gives the keys back to the player; one changed from the keyboard keeps
  // the focus, so the next arrow key moves on to the next option.
  const keyed = new WeakSet();
  const afterSelect = (sel) => {
    if (!keyed.has(sel)) refocus(null);
  };
  for (const sel of [speed, layoutSel, largeSel, langSel]) {
    sel.addEventListener("keydown", () => keyed.add(sel));
    sel.addEventListener("pointerdown", () => keyed.delete(sel));
    sel.addEventListener("blur", () => keyed.delete(sel));
  }
  playBtn.addEventListener("click", (event) => {
    toggle();
    refocus(event);
  });
  speed.addEventListener("change", () => {
    if (timer !== null) start();
    afterSelect(speed);
  });
  back.addEventListener("click", (event) => {
    stop();
    ask({ type: "back" }, { key: "back" });
    refocus(event.detail > 0 ? event : null); // the button hides itself: the player keeps the focus
  });
  layoutSel.addEventListener("change", () => {
    const byKey = keyed.has(layoutSel); // the new layout may move the select (one-pane column), which blurs it
    model.set("layout_mode", layoutSel.value);
    model.save_changes();
    applyLayout();
    if (byKey && typeof document !== "undefined" && document.activeElement !== layoutSel) layoutSel.focus({ preventScroll: true });
    if (byKey) keyed.add(layoutSel);
    afterSelect(layoutSel);
  });
  largeSel.addEventListener("change", () => {
    model.set("large_pane", largeSel.value);
    model.save_changes();
    applyLarge();
    afterSelect(largeSel);
  });
  // A new language: Python retells the lines and sends new frames, then says "told" (the step shown) and later
  // acknowledges the ping; only then do the player's own words follow (onCustom), so that the controls never speak
  // another language than the steps.
  langSel.addEventListener("change", () => {
    const wanted = langSel.value;
    if (wanted === toldIn() && !langWait) return;
    langWait = { before: toldIn(), ask: asked + 1 };
    model.set("lang", wanted);
    try {
      model.save_changes();
    } catch (err) {
      // the comm is gone: ask() below says so and keepLang() undoes the change
    }
    ask({ type: "ping" }, { key: "lang" }); // may find the kernel gone at once
    langSel.value = langWait ? wanted : toldIn();
    afterSelect(langSel);
  });
  // no answer to a new language: change nothing (the lang trait, the select and the words stay those of the steps)
  function keepLang() {
    if (!langWait) return;
    const before = langWait.before;
    langWait = null;
    model.set("lang", before); // onLang: the select and the words in the language the steps are told in
    try {
      model.save_changes(); // a kernel that was only busy ends in the same language
    } catch (err) {
      // the comm is gone: nothing to tell it
    }
  }
  exportBtn.addEventListener("click", (event) => {
    ask({ type: "export" }, { key: "export" });
    refocus(event);
  });

  // Tab order: the step controls, then the decision's options, then the secondary controls (speed, layout,
  // large pane, export...), then the diagrams. The visual order stays; a learner reaches a choice in a few
  // Tabs instead of crossing every select first.
  const tabbable = (b) => !b.disabled && !b.hidden && b.offsetParent !== null && b.tagName !== "SPAN"; // shown
  const secondary = () => {
    const all = [...controls.children];
    return all.slice(all.indexOf(counter) + 1).flatMap((c) => (c !== paneTabs ? [c] : paneTabs.hidden ? [] : [...paneTabs.children])).filter(tabbable);
  };
  // the diagram shown first (one-pane mode hides all but the large one), else the step log
  const afterDecision = () => Object.values(panes).find(tabbable) || logSummary;
  function tabToDecision(event) {
    const opts = [...options.children].filter(tabbable);
    const sec = secondary();
    if (!opts.length || !sec.length) return false; // nothing to reorder: the browser's own order
    const from = event.target;
    const order = event.shiftKey
      ? [[opts[0], slider], [sec[0], opts[opts.length - 1]], [afterDecision(), sec[sec.length - 1]]]
      : [[slider, opts[0]], [opts[opts.length - 1], sec[0]], [sec[sec.length - 1], afterDecision()]];
    const hop = order.find(([at, to]) => at === from && to);
    if (!hop) return false;
    event.preventDefault();
    event.stopPropagation();
    hop[1].focus();
    return true;
  }

  // keys 1, 2, 3: in the compact and stream layouts, make that diagram (in the frame's order) the large one
  function paneByKey(event) {
    if (layoutNow() === "stacked" || event.altKey || event.ctrlKey || event.metaKey) return "";
    const k = PANE_KEYS.indexOf(event.key);
    return k >= 0 ? Object.keys(panes)[k] || "" : "";
  }
  // Left/Right/Home/End: the previous, next, first, last step (the focus stays where it is)
  function stepByKey(event) {
    if (event.key === "ArrowRight") go(model.get("index") + 1);
    else if (event.key === "ArrowLeft") go(model.get("index") - 1);
    else if (event.key === "Home") go(0);
    else go(frames().length - 1);
    stop();
    event.preventDefault();
    event.stopPropagation();
  }
  root.addEventListener("keydown", (event) => {
    const target = event.target || {};
    const tag = target.tagName || "";
    if (event.key === "Tab" && tabToDecision(event)) return;
    const modified = event.altKey || event.ctrlKey || event.metaKey || event.shiftKey;
    if (tag === "SELECT" && STEP_KEYS.includes(event.key) && !modified) {
      // a select of the player's own (Speed, Layout, Large pane, Language) keeps Up/Down; Left/Right/Home/End
      // step the player, as everywhere in it, instead of choosing another entry (a streamer stepping by keyboard
      // after choosing a layout changed the layout instead: newcomer, session 15)
      stepByKey(event);
      return;
    }
    if (tag === "SELECT" || (tag === "INPUT" && target.type !== "range")) {
      // the field's own keys (ArrowDown moves a select): keep them from JupyterLab's shortcuts
      if (OWN_KEYS.includes(event.key)) event.stopPropagation();
      return;
    }
    if ((tag === "BUTTON" || tag === "SUMMARY") && event.key === "Enter") {
      event.stopPropagation(); // Enter presses the button; JupyterLab must not take it (edit mode)
      return;
    }
    let handled = true;
    if (STEP_KEYS.includes(event.key)) {
      stepByKey(event);
      return;
    } else if (paneByKey(event)) {
      enlarge(paneByKey(event), null, tag === "BUTTON" ? target : root); // the focus stays where it was
      event.preventDefault();
      event.stopPropagation();
      return;
    } else if (event.key === " " && tag !== "BUTTON" && tag !== "SUMMARY") {
      toggle();
      event.preventDefault();
      event.stopPropagation();
      return;
    } else if (event.key === " ") {
      event.stopPropagation(); // Space presses the focused button
      return;
    } else handled = false;
    if (handled) {
      stop();
      event.preventDefault();
      event.stopPropagation();
    }
  });
  root.addEventListener("click", (event) => {
    // a click on text or a diagram gives the player the keyboard (buttons and fields keep their own focus)
    const tag = (event.target && event.target.tagName) || "";
    if (!["BUTTON", "INPUT", "SELECT", "SUMMARY"].includes(tag)) root.focus();
  });

  function onCustom(msg) {
    heard(); // the kernel is there
    // the lines are retold (their frames came first): the player's words follow. "told" comes as soon as the step
    // shown is retold; the ack of the ping only after the rest of the line is drawn again (a second or two)
    const told = msg && msg.type === "told" && msg.lang === model.get("lang");
    if (langWait && msg && (told || (msg.type === "ack" && msg.ask >= langWait.ask))) {
      langWait = null;
      onLang();
    }
    if (msg && (msg.type === "frames" || msg.type === "drawn")) {
      applyFrames(model, msg);
      show();
    } else if (msg && msg.type === "download" && typeof msg.html === "string") {
      const blob = new Blob([msg.html], { type: "text/html" });
      const url = URL.createObjectURL(blob);
      const a = document.createElement("a");
      a.href = url;
      a.download = msg.filename || "trace.html";
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    }
  }

  let observer = null;
  if (typeof ResizeObserver !== "undefined") {
    let lastWidth = -1;
    observer = new ResizeObserver(() => {
      if (root.clientWidth !== lastWidth) {
        lastWidth = root.clientWidth;
        fit();
      }
    });
    observer.observe(root);
  }
  const onResize = () => fit();
  if (typeof window !== "undefined" && window.addEventListener) window.addEventListener("resize", onResize);

  const events = [
    "change:index",
    "change:frames",
    "change:error",
    "change:branched",
    "change:branch_note",
    "change:busy",
    "change:status",
    "change:can_branch",
    "change:title",
    "change:outcome",
    "change:notes",
  ];
  for (const e of events) model.on(e, show);
  model.on("change:layout_mode", applyLayout);
  model.on("change:large_pane", applyLarge);
  model.on("msg:custom", onCustom);
  model.on("comm_live_update", onComm);
  model.on("comm:close", onComm);
  function onLang() {
    if (langWait) return; // the words wait for Python's retelling
    applyWords();
    shownSvgFor = null;
    show();
  }
  model.on("change:lang", onLang);
  applyWords();
  applyLayout();
  show();
  // the hint's words in the language the player speaks when it shows
  const jumpWords = () => {
    const lang = WORDS[toldIn()] ? toldIn() : "en";
    return { ...WORDS[lang], lang };
  };
  const unJump = typeof document !== "undefined" && document.body ? offerJump(root, jumpWords) : () => {};

  return () => {
    unJump();
    stop();
    clearTimeout(waitTimer);
    if (observer) observer.disconnect();
    if (typeof window !== "undefined" && window.removeEventListener) window.removeEventListener("resize", onResize);
    for (const e of events) model.off(e, show);
    model.off("change:layout_mode", applyLayout);
    model.off("change:large_pane", applyLarge);
    model.off("msg:custom", onCustom);
    model.off("comm_live_update", onComm);
    model.off("comm:close", onComm);
    model.off("change:lang", onLang);
  };
}

export default { initialize, render };
