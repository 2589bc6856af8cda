// digiteach export of every branch: the learner chooses at each decision. Reads the JSON in the page; no network.
(function () {
  var doc = document, root = doc.documentElement;
  root.className += " js";
  var data = JSON.parse(doc.getElementById("digiteach-branches").textContent);
  var nodes = data.nodes, frames = data.frames;
  var q = function (cls) { return doc.querySelector("." + cls); };
  var main = doc.querySelector("main"), counter = q("digiteach-counter"), status = q("line-status");
  var head = q("step-head"), caption = q("digiteach-caption"), rules = q("digiteach-rules"), differs = q("differs");
  var note = q("step-note");
  var decision = q("decision"), outcome = q("outcome"), log = doc.querySelector("main > ol.log");
  var announce = q("announce"), back = q("digiteach-documented");
  var path = [], i = 0;
  // the page's words, written by the export in its language (English when a page carries none)
  var words = data.words || {};
  function word(key, fallback, fill) {
    var text = words[key] || fallback;
    Object.keys(fill || {}).forEach(function (k) { text = text.split("{" + k + "}").join(String(fill[k])); });
    return text;
  }
  function who(f) { return f.player ? word("player", "Player {player}: ", { player: f.player }) : ""; }

  // The nodes from `from` on, following single steps; at a decision, follow the documented answer when
  // `documented` is true (and it is in the file), else stop there.
  function line(from, documented) {
    var p = [from], n = nodes[from];
    for (;;) {
      var next = n.next;
      if (next === undefined && documented && n.options) {
        n.options.forEach(function (o) { if (o.documented && o.node !== null) next = o.node; });
      }
      if (next === undefined) return p;
      p.push(next);
      n = nodes[next];
    }
  }
  function chosenAt(k) {  // the option taken at path[k] on this line, or null
    var n = nodes[path[k]];
    if (!n.options || k + 1 >= path.length) return null;
    return n.options.filter(function (o) { return o.node === path[k + 1]; })[0] || null;
  }
  function el(tag, text, cls) {
    var e = doc.createElement(tag);
    if (text !== undefined) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }
  function list(items) {
    var ul = el("ul");
    items.forEach(function (t) { ul.appendChild(el("li", t)); });
    return ul;
  }
  function showDecision(n, f) {
    decision.textContent = "";
    decision.className = "decision" + (n.options ? " open" : "");
    if (!n.options) { decision.appendChild(el("div", word("no_decision", "No decision at this step."), "none")); return; }
    decision.appendChild(el("div", who(f) + f.prompt));
    var taken = chosenAt(i), box = el("div", undefined, "options");
    // Only an answer that is in the file is a button (numbered for the keys 1-9); one the limit left out is
    // plain text, marked as such, under a note saying how to export more.
    offered(n).forEach(function (o, k) {
      var b = el("button", (k < 9 ? (k + 1) + ". " : "") + o.label);
      b.type = "button";
      b.className = "option" + (o === taken ? " chosen" : "");
      b.setAttribute("aria-pressed", o === taken ? "true" : "false");
      b.setAttribute("data-label", o.label);
      if (o.documented) b.appendChild(el("span", word("documented", " (the documented answer)"), "doc-mark"));
      b.addEventListener("click", function () { choose(o); });
      box.appendChild(b);
    });
    var cut = n.options.filter(function (o) { return o.node === null; });
    cut.forEach(function (o) {
      var d = el("div", o.label, "option left-out");
      d.setAttribute("data-label", o.label);
      d.appendChild(el("span", word("left_out", " (left out of this file by the limit)")));
      box.appendChild(d);
    });
    decision.appendChild(box);
    if (!taken && offered(n).length) decision.appendChild(el("div", word("choose", "Choose an answer to go on."), "hint"));
    if (cut.length) {  // the command in a code element of its own
      var more = el("div", undefined, "more"), parts = word("more", "The answers marked as left out are not in this " +
        "file: it keeps at most {limit} lines. To follow them, export the scenario again with a higher limit, for " +
        "example: {command}", { limit: data.limit }).split("{command}");
      parts.forEach(function (t, k) {
        if (k) more.appendChild(el("code", data.more));
        more.appendChild(doc.createTextNode(t));
      });
      decision.appendChild(more);
    }
  }
  function offered(n) { return (n.options || []).filter(function (o) { return o.node !== null; }); }
  function showOutcome(n) {
    outcome.hidden = n.outcome === undefined;
    outcome.textContent = "";
    if (outcome.hidden) return;
    var o = data.outcomes[n.outcome];
    outcome.appendChild(el("div", word("outcome", "Outcome of this line"), "outcome-title"));
    outcome.appendChild(list(o.lines));
    outcome.appendChild(el("div", o.differences.length ? word("differs", "How it differs from the documented line:")
                                                       : word("same", "The same outcome as the documented line."), "outcome-title"));
    if (o.differences.length) outcome.appendChild(list(o.differences));
  }
  function showStatus() {
    var leaves = null;
    for (var k = 0; k < path.length; k++) if (!nodes[path[k]].documented) { leaves = k; break; }
    back.disabled = leaves === null;  // on the documented line there is nothing to go back to
    if (leaves === null) { status.textContent = word("following", "You are following the documented line."); status.className = "line-status"; return; }
    var o = chosenAt(leaves - 1);
    status.textContent = word("leaves", "Your line: it leaves the documented line at step {n}", { n: leaves }) +
      (o ? word("chosen", " (chosen: \u201c{label}\u201d).", { label: o.label }) : ".");
    status.className = "line-status yours";
  }
  function showLog() {
    log.textContent = "";
    path.slice(0, i + 1).forEach(function (id, k) {
      var o = chosenAt(k), li = el("li", frames[nodes[id].frame].log + (o && k < i ? " -> " + o.label : ""));
      if (k === i) li.className = "now";
      log.appendChild(li);
    });
  }
  function show(k) {
    i = Math.max(0, Math.min(k, path.length - 1));
    var n = nodes[path[i]], f = frames[n.frame];
    head.textContent = word("head", "Step {n} of {total} on this line so far: {timing}", { n: i + 1, total: path.length, timing: f.timing });
    caption.textContent = f.caption;
    rules.textContent = f.rules.join(" \u00B7 ");
    differs.hidden = !f.differs;
    differs.textContent = f.differs ? word("wiki", "Wiki vs CR: ") + f.differs : "";
    note.hidden = !f.note;
    note.textContent = f.note ? word("note", "Note: ") + f.note : "";
    [].forEach.call(doc.querySelectorAll(".digiteach-diagram"), function (pane, j) {
      pane.innerHTML = data.svgs[f.svgs[j]];
      pane.setAttribute("aria-label", f.alts[j]);
    });
    showDecision(n, f);
    showOutcome(n);
    showStatus();
    showLog();
    var end = path[path.length - 1], open = offered(nodes[end]).length && !chosenAt(path.length - 1);
    counter.textContent = word("counter", "step {n} of {total}", { n: i + 1, total: path.length }) +
      (open && i === path.length - 1 ? word("waiting", ", waiting for your answer") : "");
    // read out by screen readers: the step, its caption and any decision with its options
    announce.textContent = head.textContent + ". " + f.caption + (n.options ? " " + who(f) +
      f.prompt + word("options", " Options: ") + offered(n).map(function (o, k) { return (k + 1) + ". " + o.label; })
      .concat(n.options.filter(function (o) { return o.node === null; }).map(function (o) {
        return o.label + word("left_out", " (left out of this file by the limit)"); })).join("; ") + "." : "");
    q("digiteach-first").disabled = q("digiteach-prev").disabled = i === 0;
    q("digiteach-last").disabled = q("digiteach-next").disabled = i === path.length - 1;
  }
  // An answer leads to its line up to the next decision; the documented answer on the documented line leads on
  // along the documented line whole (so "You are following the documented line" stays true, with all its steps).
  function choose(o) {
    path = path.slice(0, i + 1).concat(line(o.node, nodes[o.node].documented));
    show(i + 1);
    main.focus({ preventScroll: true });
  }
  function control(cls, fn) {
    q(cls).addEventListener("click", function () { fn(); main.focus({ preventScroll: true }); });
  }
  control("digiteach-first", function () { show(0); });
  control("digiteach-prev", function () { show(i - 1); });
  control("digiteach-next", function () { show(i + 1); });
  control("digiteach-last", function () { show(path.length - 1); });
  control("digiteach-documented", function () { path = line(0, true); show(0); });
  doc.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var n = nodes[path[i]];
    if (e.key === "ArrowRight") show(i + 1);
    else if (e.key === "ArrowLeft") show(i - 1);
    else if (e.key === "Home") show(0);
    else if (e.key === "End") show(path.length - 1);
    else if (/^[1-9]$/.test(e.key) && offered(n)[Number(e.key) - 1]) choose(offered(n)[Number(e.key) - 1]);
    else return;
    e.preventDefault();
  });
  // The Why panel opens with the page; on screen its text scrolls within a few lines (branches.css), so that the
  // controls, the step and its decision stay on the first screen: when it does scroll, the keyboard reaches it.
  var notes = q("notes-text");
  if (notes && notes.scrollHeight > notes.clientHeight) {
    notes.tabIndex = 0;
    notes.setAttribute("role", "region");
    notes.setAttribute("aria-label", doc.querySelector(".notes summary").textContent);
  }
  path = line(0, true);
  show(0);
  main.focus({ preventScroll: true });
})();
