// digiteach step player (anywidget front end). Plain DOM, no imports, nothing from a CDN.
//
// DOM contract (browser tests rely on it): root .digiteach-player; buttons .digiteach-first,
// .digiteach-prev, .digiteach-next, .digiteach-last; caption .digiteach-caption; rules .digiteach-rules;
// counter .digiteach-counter ("step N of M"); inline SVG inside .digiteach-diagram; the highlighted node
// carries class "current" (written by Graphviz from the DOT attribute class="current").
// Layout: the root also carries digiteach-layout-<layout_mode> ("stacked" or "stream"); the select
// .digiteach-layout switches it live and syncs layout_mode back to Python.
//
// The diagrams (names, order, titles) come inside each frame ("diagrams": [{name, title}], from
// digiteach.diagrams.DIAGRAMS): one pane .digiteach-pane-<name> per entry.
//
// All text from the trace is set with textContent; only the SVGs (rendered by Graphviz from labels that
// digiteach escaped) are set as markup.

const SPEEDS = [
  ["0.5x", 3000],
  ["1x", 1500],
  ["2x", 750],
  ["4x", 375],
];
const LAYOUTS = [
  ["stacked", "Stacked"],
  ["stream", "Stream (one screen)"],
];

function make(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function button(cls, text, title) {
  const b = make("button", cls, text);
  b.type = "button";
  if (title) {
    b.title = title;
    b.setAttribute("aria-label", title);
  }
  return b;
}

function render({ model, el }) {
  const root = make("div", "digiteach-player");
  root.tabIndex = 0;
  root.setAttribute("role", "group");

  const header = make("div", "digiteach-header");
  const title = make("div", "digiteach-title");
  const ruleset = make("div", "digiteach-ruleset");
  header.append(title, ruleset);

  const branchBar = make("div", "digiteach-branch");
  const branchNote = make("span", "digiteach-branch-note");
  const back = button("digiteach-back", "Back to the documented line", "Back to the documented line");
  branchBar.append(branchNote, back);

  const controls = make("div", "digiteach-controls");
  const first = button("digiteach-first", "|\u25c0", "First step");
  const prev = button("digiteach-prev", "\u25c0", "Previous step (left arrow)");
  const playBtn = button("digiteach-play", "\u25b6 Play", "Play / pause");
  const next = button("digiteach-next", "\u25b6", "Next step (right arrow)");
  const last = button("digiteach-last", "\u25b6|", "Last step");
  const slider = make("input", "digiteach-slider");
  slider.type = "range";
  slider.min = "0";
  slider.step = "1";
  slider.setAttribute("aria-label", "Step");
  const counter = make("span", "digiteach-counter");
  counter.setAttribute("aria-live", "polite");
  const speed = make("select", "digiteach-speed");
  speed.setAttribute("aria-label", "Play speed");
  for (const [label, ms] of SPEEDS) {
    const opt = make("option", null, label);
    opt.value = String(ms);
    if (label === "1x") opt.selected = true;
    speed.append(opt);
  }
  const layoutSel = make("select", "digiteach-layout");
  layoutSel.setAttribute("aria-label", "Layout");
  layoutSel.title = "Layout: stacked, or stream (three diagrams side by side on one screen)";
  for (const [value, label] of LAYOUTS) {
    const opt = make("option", null, label);
    opt.value = value;
    layoutSel.append(opt);
  }
  const exportBtn = button("digiteach-export", "Export HTML", "Save this trace as one offline HTML file");
  controls.append(first, prev, playBtn, next, last, slider, counter, speed, layoutSel, exportBtn);

  const info = make("div", "digiteach-info");
  const timing = make("div", "digiteach-timing");
  const caption = make("div", "digiteach-caption");
  const rules = make("div", "digiteach-rules");
  const differs = make("div", "digiteach-differs");
  info.append(timing, caption, rules, differs);

  const decision = make("div", "digiteach-decision");
  const prompt = make("div", "digiteach-prompt");
  const options = make("div", "digiteach-options");
  decision.append(prompt, options);

  const error = make("div", "digiteach-error");
  error.setAttribute("role", "alert");
  const status = make("div", "digiteach-status");

  const diagrams = make("div", "digiteach-diagrams");
  let panes = {};
  let paneKey = null;
  function buildPanes(list) {
    // one titled pane per diagram of the frame, rebuilt only when the list of diagrams changes
    const key = JSON.stringify(list || []);
    if (key === paneKey) return;
    paneKey = key;
    panes = {};
    diagrams.replaceChildren();
    for (const { name, title: heading } of list || []) {
      const pane = make("figure", "digiteach-pane digiteach-pane-" + name);
      const body = make("div", "digiteach-diagram");
      body.dataset.diagram = name;
      pane.append(make("figcaption", null, heading), body);
      diagrams.append(pane);
      panes[name] = body;
    }
  }

  const logBox = make("details", "digiteach-logbox");
  logBox.open = true;
  logBox.append(make("summary", null, "Steps so far"));
  const log = make("ol", "digiteach-log");
  logBox.append(log);

  root.append(header, branchBar, controls, info, decision, error, status, diagrams, logBox);
  el.append(root);

  let shownLayout = null;
  function applyLayout() {
    const known = LAYOUTS.map(([value]) => value);
    const layout = known.includes(model.get("layout_mode")) ? model.get("layout_mode") : "stacked";
    if (layout === shownLayout) return;
    for (const value of known) root.classList.remove("digiteach-layout-" + value);
    root.classList.add("digiteach-layout-" + layout);
    layoutSel.value = layout;
    logBox.open = layout !== "stream"; // the step log is collapsed on stream (a click opens it)
    shownLayout = layout;
  }

  let timer = null;
  let shownSvgFor = null; // frames array + index last drawn, to skip redrawing the same SVGs

  const frames = () => model.get("frames") || [];
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
    playBtn.textContent = "\u25b6 Play";
    playBtn.classList.remove("playing");
  }

  function start() {
    stop();
    if (model.get("index") >= frames().length - 1) go(0);
    playBtn.textContent = "|| Pause";
    playBtn.classList.add("playing");
    timer = setInterval(() => {
      if (model.get("index") >= frames().length - 1) {
        stop();
      } else {
        go(model.get("index") + 1);
      }
    }, Number(speed.value));
  }

  function show() {
    const fs = frames();
    const i = clamp(model.get("index"));
    const f = fs[i];
    title.textContent = model.get("title") || model.get("scenario");
    ruleset.textContent = model.get("ruleset") ? "Rules: " + model.get("ruleset") : "";
    branchBar.hidden = !model.get("branched");
    branchNote.textContent = model.get("branch_note");
    counter.textContent = fs.length ? `step ${i + 1} of ${fs.length}` : "no steps";
    slider.max = String(Math.max(fs.length - 1, 0));
    slider.value = String(i);
    first.disabled = prev.disabled = i <= 0;
    next.disabled = last.disabled = i >= fs.length - 1;
    error.textContent = model.get("error");
    error.hidden = !model.get("error");
    status.textContent = model.get("status");
    status.hidden = !model.get("status");
    if (!f) return;

    timing.textContent = f.timing;
    caption.textContent = f.caption;
    rules.textContent = f.rules.length ? f.rules.join(" \u00b7 ") : "";
    differs.textContent = f.differs ? "Wiki vs CR: " + f.differs : "";
    differs.hidden = !f.differs;

    options.replaceChildren();
    decision.hidden = !(f.options && f.options.length);
    if (f.options && f.options.length) {
      prompt.textContent = (f.decision_player ? "Player " + f.decision_player + ": " : "") + f.decision_prompt;
      const canBranch = model.get("can_branch");
      for (const label of f.options) {
        const b = button("digiteach-option", label);
        b.dataset.label = label;
        if (label === f.choice) {
          b.classList.add("documented");
          b.setAttribute("aria-pressed", "true");
          b.title = "The choice made in this line";
        }
        b.disabled = !canBranch || model.get("busy");
        if (!canBranch) b.title = "Choosing needs a branch function (open the scenario with widgets.play)";
        b.addEventListener("click", () => {
          stop();
          model.send({ type: "choose", step: i, label });
        });
        options.append(b);
      }
    }

    if (shownSvgFor === null || shownSvgFor.frames !== fs || shownSvgFor.index !== i) {
      buildPanes(f.diagrams);
      for (const name of Object.keys(panes)) {
        panes[name].innerHTML = (f.svgs && f.svgs[name]) || "";
      }
      shownSvgFor = { frames: fs, index: i };
    }

    log.replaceChildren();
    for (let k = 0; k <= i && k < fs.length; k++) {
      const item = make("li", k === i ? "digiteach-log-current" : null);
      const link = button("digiteach-log-step", fs[k].log);
      link.addEventListener("click", () => go(k));
      item.append(link);
      log.append(item);
    }
  }

  first.addEventListener("click", () => {
    stop();
    go(0);
  });
  prev.addEventListener("click", () => {
    stop();
    go(model.get("index") - 1);
  });
  next.addEventListener("click", () => {
    stop();
    go(model.get("index") + 1);
  });
  last.addEventListener("click", () => {
    stop();
    go(frames().length - 1);
  });
  slider.addEventListener("input", () => {
    stop();
    go(Number(slider.value));
  });
  playBtn.addEventListener("click", () => (timer === null ? start() : stop()));
  speed.addEventListener("change", () => {
    if (timer !== null) start();
  });
  back.addEventListener("click", () => {
    stop();
    model.send({ type: "back" });
  });
  layoutSel.addEventListener("change", () => {
    model.set("layout_mode", layoutSel.value);
    model.save_changes();
    applyLayout();
  });
  exportBtn.addEventListener("click", () => model.send({ type: "export" }));

  root.addEventListener("keydown", (event) => {
    const tag = (event.target && event.target.tagName) || "";
    if (tag === "SELECT" || (tag === "INPUT" && event.target.type !== "range")) return;
    let handled = true;
    if (event.key === "ArrowRight") go(model.get("index") + 1);
    else if (event.key === "ArrowLeft") go(model.get("index") - 1);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(frames().length - 1);
    else handled = false;
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
    if (msg && msg.type === "download" && typeof msg.html === "string") {
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
  ];
  for (const e of events) model.on(e, show);
  model.on("change:layout_mode", applyLayout);
  model.on("msg:custom", onCustom);
  applyLayout();
  show();

  return () => {
    stop();
    for (const e of events) model.off(e, show);
    model.off("change:layout_mode", applyLayout);
    model.off("msg:custom", onCustom);
  };
}

export default { render };
