// Runs widgets/player.js under Node with a tiny fake DOM and a fake anywidget model.
// Usage: node js_harness.mjs <player.js> <state.json>   (prints a JSON report of what the DOM showed)
//
// Only what player.js uses is faked: createElement, classes, text, attributes, children, events,
// innerHTML (stored, not parsed). Enough to check that clicks, the slider and arrow keys step through
// the frames, that the counter/caption/rules follow, and that option clicks send the label.

import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

class ClassList {
  constructor(el) { this.el = el; }
  get list() { return this.el.className.split(/\s+/).filter(Boolean); }
  add(...c) { this.el.className = [...new Set([...this.list, ...c])].join(" "); }
  remove(...c) { this.el.className = this.list.filter((x) => !c.includes(x)).join(" "); }
  contains(c) { return this.list.includes(c); }
  toggle(c, on) { if (on === undefined ? !this.contains(c) : on) this.add(c); else this.remove(c); }
}

class Element {
  constructor(tag) {
    this.tagName = tag.toUpperCase();
    this.className = "";
    this.children = [];
    this.parent = null;
    this._text = "";
    this._html = "";
    this.attributes = {};
    this.dataset = {};
    this.listeners = {};
    this.hidden = false;
    this.style = {};
    this.disabled = false;
    this.value = "";
    this.classList = new ClassList(this);
  }
  set textContent(t) { this._text = String(t); this.children = []; }
  set innerHTML(h) { this._html = String(h); this.children = []; }
  get innerHTML() { return this._html; }
  get textContent() { return this._text + this.children.map((c) => c.textContent).join(""); }
  append(...nodes) { for (const n of nodes) { n.parent = this; this.children.push(n); } }
  replaceChildren(...nodes) { this._html = ""; this.children = []; this.append(...nodes); }
  remove() { if (this.parent) this.parent.children = this.parent.children.filter((c) => c !== this); }
  setAttribute(k, v) { this.attributes[k] = String(v); }
  addEventListener(type, fn) { (this.listeners[type] ||= []).push(fn); }
  dispatch(type, event = {}) {
    const ev = { target: this, preventDefault() {}, stopPropagation() {}, ...event };
    for (const fn of this.listeners[type] || []) fn(ev);
  }
  click() { if (!this.disabled) this.dispatch("click"); }
  focus() { globalThis.focused = this; }
  closest() { return null; }
  all() { return [this, ...this.children.flatMap((c) => c.all())]; }
  find(cls) { return this.all().filter((e) => e.classList.contains(cls)); }
  one(cls) {
    const found = this.find(cls);
    if (found.length !== 1) throw new Error(`expected one .${cls}, found ${found.length}`);
    return found[0];
  }
}

globalThis.document = {
  createElement: (tag) => new Element(tag),
  body: new Element("body"),
};
globalThis.Blob = class { constructor(parts) { this.parts = parts; } };
globalThis.URL = { createObjectURL: () => "blob:x", revokeObjectURL() {} };

const [, , playerPath, statePath] = process.argv;
const state = JSON.parse(readFileSync(statePath, "utf8"));
const handlers = {};
const sent = [];
let saves = 0;
const model = {
  get: (k) => state[k],
  set: (k, v) => {
    state[k] = v;
    for (const fn of handlers["change:" + k] || []) fn();
  },
  save_changes: () => { saves += 1; },
  on: (e, fn) => { (handlers[e] ||= []).push(fn); },
  off: (e, fn) => { handlers[e] = (handlers[e] || []).filter((f) => f !== fn); },
  send: (msg) => sent.push(msg),
};

const mod = await import(pathToFileURL(playerPath).href);
const host = new Element("div");
const cleanup = mod.default.render({ model, el: host });
const root = host.one("digiteach-player");
const snap = (label) => ({
  label,
  index: state.index,
  counter: root.one("digiteach-counter").textContent,
  caption: root.one("digiteach-caption").textContent,
  title: root.one("digiteach-title").textContent,
  timing: root.one("digiteach-timing").textContent,
  prompt: root.one("digiteach-prompt").textContent,
  optionTexts: root.find("digiteach-option").map((b) => b.textContent),
  rules: root.one("digiteach-rules").textContent,
  differs: root.one("digiteach-differs").textContent,
  note: root.one("digiteach-note").textContent,
  noteHidden: root.one("digiteach-note").hidden,
  options: root.find("digiteach-option").map((b) => ({ label: b.dataset.label, disabled: b.disabled, documented: b.classList.contains("documented") })),
  diagrams: root.find("digiteach-diagram").map((d) => [d.dataset.diagram, d.innerHTML]),
  log: root.find("digiteach-log-step").map((b) => b.textContent),
  prevDisabled: root.one("digiteach-prev").disabled,
  nextDisabled: root.one("digiteach-next").disabled,
  error: root.one("digiteach-error").textContent,
  errorHidden: root.one("digiteach-error").hidden,
  rootClass: root.className,
  layoutSelect: root.one("digiteach-layout").value,
  logOpen: root.one("digiteach-logbox").open,
  layoutMode: state.layout_mode,
  alts: root.find("digiteach-diagram").map((d) => [d.dataset.diagram, d.attributes.role, d.attributes["aria-label"]]),
  captionLive: root.one("digiteach-caption").attributes["aria-live"],
  announce: root.one("digiteach-announce").textContent,
  largePane: state.large_pane,
  largeFigures: root.find("digiteach-pane-large").map((f) => f.className),
  panes: root.find("digiteach-diagram").map((d) => ({ text: d.textContent, busy: d.attributes["aria-busy"] })),
  why: {
    tag: root.one("digiteach-why").tagName,
    hidden: root.one("digiteach-why").hidden,
    open: !!root.one("digiteach-why").open,
    summary: root.one("digiteach-why").children[0].textContent,
    text: root.one("digiteach-why-text").textContent,
    html: root.one("digiteach-why-text").innerHTML,
    inHeader: root.one("digiteach-header").children.map((c) => c.className),
    inFooter: root.one("digiteach-footer").children.map((c) => c.className),
  },
});

const report = [snap("initial")];
root.one("digiteach-next").click();
report.push(snap("next"));
root.one("digiteach-next").click();
root.one("digiteach-prev").click();
report.push(snap("next, prev"));
root.one("digiteach-last").click();
report.push(snap("last"));
root.one("digiteach-first").click();
report.push(snap("first"));
const slider = root.one("digiteach-slider");
slider.value = "5";
slider.dispatch("input");
report.push(snap("slider 5"));
root.dispatch("keydown", { key: "ArrowRight" });
report.push(snap("ArrowRight"));
root.dispatch("keydown", { key: "ArrowLeft" });
report.push(snap("ArrowLeft"));
const tabFrom = (el, shiftKey = false) => {
  globalThis.focused = el;
  root.dispatch("keydown", { key: "Tab", target: el, shiftKey });
  const f = globalThis.focused;
  return (f.className || f.tagName).split(" ")[0];
};
const opts = root.find("digiteach-option");
const tabs = opts.length
  ? {
      sliderTab: tabFrom(slider),
      lastOptionTab: tabFrom(opts[opts.length - 1]),
      exportTab: tabFrom(root.one("digiteach-export")),
      firstOptionShiftTab: tabFrom(opts[0], true),
      speedShiftTab: tabFrom(root.one("digiteach-speed"), true),
      nextTab: tabFrom(root.one("digiteach-next")),
    }
  : {};
const options = root.find("digiteach-option");
if (options.length) options[options.length - 1].click();
model.set("error", "not a legal answer (CR 15-4-3-5)");
report.push(snap("error from Python"));
root.one("digiteach-export").click();
state.index = 2;
for (const fn of handlers["change:index"] || []) fn();
report.push(snap("index set from Python"));
const layoutSel = root.one("digiteach-layout");
layoutSel.value = "stream";
layoutSel.dispatch("change");
report.push(snap("layout select stream"));
model.set("layout_mode", "stacked");
report.push(snap("layout stacked from Python"));
const largeSel = root.one("digiteach-large");
largeSel.value = "board";
largeSel.dispatch("change");
report.push(snap("large pane board"));
// a learner's choice as the kernel sends it: the new line's frames (the step shown drawn, the next one not yet),
// the index, then the diagrams of the frame not drawn yet (and a late message for another line, ignored)
const emit = (msg) => { for (const fn of handlers["msg:custom"] || []) fn(msg); };
const before = state.frames;
emit({ type: "frames", keep: 2, frames: [{ ...before[2], caption: "new line, step 3" }, { ...before[3], caption: "new line, step 4", svgs: null, alt: {} }] });
model.set("index", 2);
report.push(snap("choice: the step shown"));
root.one("digiteach-next").click();
report.push(snap("choice: a step not drawn yet"));
emit({ type: "drawn", total: 4, frames: { 3: { svgs: before[3].svgs, alt: before[3].alt } } });
report.push(snap("choice: its diagrams arrive"));
emit({ type: "drawn", total: 9, frames: { 3: { svgs: { attack: "<svg>another line</svg>" }, alt: {} } } });
report.push(snap("choice: diagrams of another line"));
// the notes (why the ruling goes so) as Python sets them: a line shown, then the player's language switched
model.set("notes", "Line one </script><img src=x onerror=alert(1)>\nLine \u202e two");
report.push(snap("notes from Python"));
model.set("lang", "de");
report.push(snap("notes in German"));
model.set("notes", "");
report.push(snap("no notes"));
cleanup();
console.log(JSON.stringify({ report, tabs, sent, saves, handlersLeft: Object.values(handlers).flat().length }));
