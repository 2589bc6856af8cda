// digiteach HTML export: steps through the frames already in the page. No data, no network.
(function () {
  var doc = document, root = doc.documentElement;
  root.className += " js";
  var layout = (/\blayout-(\w+)/.exec(root.className) || [])[1] || "stacked";
  var frames = [].slice.call(doc.querySelectorAll("section.frame"));
  var logItems = [].slice.call(doc.querySelectorAll("ol.log li"));
  var q = function (cls) { return doc.querySelector("." + cls); };
  var counter = q("digiteach-counter"), slider = q("digiteach-slider"), playBtn = q("digiteach-play");
  var speed = q("digiteach-speed"), main = doc.querySelector("main"), announce = q("announce");
  var speedKeyed = false, largeSel = q("digiteach-large");
  var i = 0, timer = null, PT = 4 / 3, MAX_SCALE = 1.5;  // at most 1.5 x Graphviz's size (text 30 px)
  // Compact and stream layouts in a short window (below ONE_PANE_BELOW_PX of height: a 720p stream): three panes cannot be read,
  // so ONE diagram is shown at the full height, the controls, caption and decision in a column beside it, and a row
  // of buttons (keys 1, 2, 3; named with the panes' own titles) chooses which one (docs/player.md, "Layouts").
  var ONE_PANE_BELOW_PX = 900, onePane = false, tabs = [];
  var names = [].map.call(frames.length ? frames[0].querySelectorAll("figure") : [], function (f) {
    return {name: f.querySelector(".digiteach-diagram").dataset.diagram, title: f.querySelector("figcaption").textContent};
  });
  if (largeSel && layout !== "stacked" && names.length) {
    var row = doc.createElement("div");
    row.className = "panetabs";
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", largeSel.getAttribute("aria-label") || "");
    names.forEach(function (d, k) {
      var b = doc.createElement("button"), key = String(k + 1);
      b.type = "button";
      b.className = "panetab";
      b.textContent = key + " " + d.title;
      b.setAttribute("aria-keyshortcuts", key);
      b.addEventListener("click", function (e) { enlarge(d.name); if (e.detail > 0) main.focus({ preventScroll: true }); });
      tabs.push(b);
      row.appendChild(b);
    });
    largeSel.parentNode.appendChild(row);
  }
  // the page's own words, written by the export in its language (data-* attributes of <main>)
  var words = (main && main.dataset) || {};
  function word(key, fallback) { return words[key] || fallback; }

  // compact and stream: every diagram is shown whole in its pane (scaled to fit, never cut, no scrolling
  // inside a pane). Stream has a large pane by default (the one chosen, else the select's data-default: the attack
  // diagram when the scenario opens with an attack, else pending activation): it gets most of the room, and each
  // other pane has an "enlarge" button (a click on its diagram does the same).
  function largeNow() {
    var chosen = largeSel ? largeSel.value : "";
    if (chosen || (layout !== "stream" && !onePane) || !largeSel) return chosen;  // compact: equal panes, one when short
    var fallback = largeSel.getAttribute("data-default");
    if (fallback && largeSel.querySelector('option[value="' + fallback + '"]')) return fallback;
    return largeSel.options.length > 1 ? largeSel.options[1].value : "";
  }
  function enlarge(name) {
    if (!largeSel) return;
    largeSel.value = name;
    fit();
  }
  function fit() {
    if (layout === "stacked") return;
    onePane = tabs.length > 0 && window.innerHeight < ONE_PANE_BELOW_PX;
    root.classList.toggle("one-pane", onePane);
    var box = frames[i].querySelector(".diagrams"), large = largeNow();
    if (largeSel && large && !largeSel.value && layout === "stream") largeSel.value = large;
    if (largeSel && layout === "stream") largeSel.options[0].disabled = true;  // "Equal panes": not in stream
    box.className = "diagrams" + (large ? " has-large" : "");
    var figs = box.querySelectorAll("figure");
    tabs.forEach(function (b, k) { b.setAttribute("aria-pressed", String(names[k].name === large)); });
    [].forEach.call(figs, function (f) {
      var big = !!large && f.classList.contains(large);
      f.classList.toggle("large", big);
      f.style.gridRow = big ? "1 / span " + Math.max(figs.length - 1, 1) : "";
    });
    // one pane: the diagrams stretch over the grid's rows (page.css); else they take the window's height left
    var height = Math.max(160, window.innerHeight - box.getBoundingClientRect().top - window.scrollY - 8);
    box.style.height = onePane ? "" : height + "px";
    box.style.gridTemplateColumns = layout === "compact" && !large && !onePane ? columns(box, figs) : "";
    // one pane: the outcome at the last step (a learner's line adds how it differs) scrolls in its box when the left
    // column would run past the window; a decision's options are never scrolled away
    var decision = frames[i].querySelector(".decision");
    if (decision) { decision.style.maxHeight = ""; decision.style.overflow = ""; }
    if (onePane && decision && decision.offsetParent !== null && !decision.classList.contains("open")) {
      var over = doc.documentElement.scrollHeight - window.innerHeight;
      if (over > 0) {
        decision.style.maxHeight = Math.max(96, Math.floor(decision.getBoundingClientRect().height - over - 2)) + "px";
        decision.style.overflow = "auto";
      }
    }
    [].forEach.call(box.querySelectorAll(".digiteach-diagram"), function (pane) {
      var svg = pane.querySelector("svg");
      if (!svg || !svg.viewBox.baseVal || !svg.viewBox.baseVal.width) return;
      var w = svg.viewBox.baseVal.width * PT, h = svg.viewBox.baseVal.height * PT;
      var scale = Math.min(MAX_SCALE, (pane.clientWidth - 1) / w, (pane.clientHeight - 1) / h);
      svg.style.width = Math.floor(w * scale) + "px";
      svg.style.height = Math.floor(h * scale) + "px";
      svg.style.maxWidth = "none";
    });
  }
  // The compact layout's equal panes: each column as wide as its diagram needs for one scale for all of them, each at
  // its largest over the page's steps (so the columns stay put), instead of equal thirds that left the tall attack
  // diagram narrow and the bottom of its pane empty (as the player does, widgets/player.js arrange()).
  var largest = null;
  function columns(box, figs) {
    if (!largest) {
      largest = {};
      [].forEach.call(doc.querySelectorAll("section.frame .digiteach-diagram"), function (pane) {
        var svg = pane.querySelector("svg"), name = pane.dataset.diagram;
        if (!svg || !svg.viewBox.baseVal || !svg.viewBox.baseVal.width) return;
        var had = largest[name] || 0;
        largest[name] = Math.max(had, svg.viewBox.baseVal.width * PT);
      });
    }
    var widths = [].map.call(figs, function (f) { return largest[f.querySelector(".digiteach-diagram").dataset.diagram] || 0; });
    if (widths.length < 2 || widths.some(function (w) { return !(w > 0); })) return "";
    var body = figs[0].querySelector(".digiteach-diagram"), ow = figs[0].offsetWidth - body.clientWidth;
    var total = widths.reduce(function (a, b) { return a + b; }, 0);
    var scale = (box.clientWidth - 8 * (widths.length - 1) - ow * widths.length) / total;
    if (!(scale > 0) || !(ow >= 0)) return "";
    return widths.map(function (w) { return "minmax(0, " + Math.round(w + ow / scale) + "fr)"; }).join(" ");
  }
  // A pane's title can change from step to step ("Turn phases" outside an attack, "Attack timings" in one): the
  // Large pane select's options and the pane buttons name the panes as this step's figcaptions do. Only their
  // texts change, so the selection and the focus stay.
  function titlePanes() {
    [].forEach.call(frames[i].querySelectorAll("figure"), function (f) {
      var name = f.querySelector(".digiteach-diagram").dataset.diagram, title = f.querySelector("figcaption").textContent;
      var large = word("paneLarge", "{pane} large").replace("{pane}", title);
      if (largeSel) [].forEach.call(largeSel.options, function (o) { if (o.value === name && o.textContent !== large) o.textContent = large; });
      names.forEach(function (d, k) {
        if (d.name !== name || d.title === title) return;
        d.title = title;
        if (tabs[k]) tabs[k].textContent = (k + 1) + " " + title;
      });
    });
  }
  function show(k) {
    i = Math.max(0, Math.min(k, frames.length - 1));
    frames.forEach(function (f, j) { f.hidden = j !== i; });
    titlePanes();
    logItems.forEach(function (li, j) { li.className = j === i ? "now" : (j > i ? "later" : ""); });
    counter.textContent = word("counter", "step {n} of {total}").replace("{n}", String(i + 1)).replace("{total}", String(frames.length));
    slider.value = String(i);
    q("digiteach-first").disabled = q("digiteach-prev").disabled = i === 0;
    q("digiteach-last").disabled = q("digiteach-next").disabled = i === frames.length - 1;
    slider.setAttribute("aria-valuetext", frames[i].querySelector(".step-head").textContent);
    if (announce) {  // read out by screen readers: the step, its caption and any decision with its options
      var say = frames[i].querySelector(".say");
      announce.textContent = frames[i].querySelector(".step-head").textContent + ". " +
        frames[i].querySelector(".digiteach-caption").textContent + (say ? " " + say.textContent : "");
    }
    if (history.replaceState) history.replaceState(null, "", location.pathname + location.search + "#step-" + (i + 1));
    fit();
  }
  function stop() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    showPlaying();
  }
  // the Play button shows what it does now ("Play" or "Pause") and is named so, its key after it (label in name)
  function showPlaying() {
    var playing = timer !== null;
    playBtn.textContent = playing ? word("pause", "|| Pause") : word("play", "\u25B6 Play");
    playBtn.setAttribute("aria-label", playing ? word("pauseName", "Pause (Space)") : word("playName", "Play (Space)"));
    playBtn.className = playing ? "digiteach-play playing" : "digiteach-play";
  }
  function start() {
    stop();
    if (i >= frames.length - 1) show(0);
    timer = setInterval(function () { if (i >= frames.length - 1) stop(); else show(i + 1); }, Number(speed.value));
    showPlaying();
  }
  function toggle() { if (timer === null) start(); else stop(); }
  // A mouse click gives the keys back to the page; a button pressed from the keyboard keeps the focus
  // (unless it became disabled).
  function control(cls, fn) {
    var b = q(cls);
    b.addEventListener("click", function (e) { fn(); if (e.detail > 0 || b.disabled) main.focus({ preventScroll: true }); });
  }
  control("digiteach-first", function () { stop(); show(0); });
  control("digiteach-prev", function () { stop(); show(i - 1); });
  control("digiteach-play", toggle);
  control("digiteach-next", function () { stop(); show(i + 1); });
  control("digiteach-last", function () { stop(); show(frames.length - 1); });
  slider.max = String(frames.length - 1);
  slider.addEventListener("input", function () { stop(); show(Number(slider.value)); });
  slider.addEventListener("change", function () { main.focus({ preventScroll: true }); });
  speed.addEventListener("keydown", function () { speedKeyed = true; });
  speed.addEventListener("pointerdown", function () { speedKeyed = false; });
  speed.addEventListener("blur", function () { speedKeyed = false; });
  speed.addEventListener("change", function () { if (timer !== null) start(); if (!speedKeyed) main.focus({ preventScroll: true }); });
  // The first Tab of a fresh page (nothing focused yet, or the page itself) reaches the step controls.
  function firstControl() {
    return [].filter.call(doc.querySelectorAll("nav button, nav input, nav select"), function (c) {
      return !c.disabled && c.offsetParent !== null;
    })[0];
  }
  doc.addEventListener("keydown", function (e) {
    var tag = (e.target && e.target.tagName) || "";
    var a = doc.activeElement;
    if (e.key === "Tab" && !e.shiftKey && (!a || a === doc.body || a === main)) {
      var c = firstControl();
      if (c) { e.preventDefault(); c.focus(); }
      return;
    }
    if ((e.key === "Enter" || e.key === " ") && e.target.classList && e.target.classList.contains("enlarge")) return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    // a select (Speed, Large pane) keeps Up/Down; Left/Right/Home/End step the page, as everywhere in it
    if (tag === "SELECT" && (e.shiftKey || ["ArrowLeft", "ArrowRight", "Home", "End"].indexOf(e.key) < 0)) return;
    if (e.key === " " && tag !== "BUTTON" && tag !== "SUMMARY") toggle();  // Space opens the notes' summary
    else if (e.key === "ArrowRight") { stop(); show(i + 1); }
    else if (e.key === "ArrowLeft") { stop(); show(i - 1); }
    else if (e.key === "Home") { stop(); show(0); }
    else if (e.key === "End") { stop(); show(frames.length - 1); }
    else if (layout !== "stacked" && largeSel && /^[1-9]$/.test(e.key) && names[Number(e.key) - 1]) enlarge(names[Number(e.key) - 1].name);
    else return;
    e.preventDefault();
  });
  window.addEventListener("resize", fit);
  // the notes and a learner's line's banner, opened or closed: the diagrams take the room left
  [].forEach.call(doc.querySelectorAll("details.notes, details.banner"), function (d) { d.addEventListener("toggle", fit); });
  // Stacked: the notes are open in the file (a page without JavaScript prints them), closed on screen so that the first
  // screen shows the step and its diagrams; printing opens them again.
  var notes = doc.querySelector("details.notes");
  if (notes && layout === "stacked") {
    notes.open = false;
    window.addEventListener("beforeprint", function () { notes.open = true; });
  }
  [].forEach.call(doc.querySelectorAll("figure"), function (f) {
    var name = f.querySelector(".digiteach-diagram").dataset.diagram, b = f.querySelector("button.enlarge");
    if (b) b.addEventListener("click", function (e) {  // the button hides (its pane is now the large one)
      enlarge(name);
      if (e.detail > 0) main.focus({ preventScroll: true }); else f.querySelector(".digiteach-diagram").focus({ preventScroll: true });
    });
    f.querySelector(".digiteach-diagram").addEventListener("click", function () {
      if (layout !== "stacked" && !f.classList.contains("large")) enlarge(name);
    });
  });
  if (largeSel) {
    var largeKeyed = false;
    largeSel.addEventListener("keydown", function () { largeKeyed = true; });
    largeSel.addEventListener("pointerdown", function () { largeKeyed = false; });
    largeSel.addEventListener("blur", function () { largeKeyed = false; });
    largeSel.addEventListener("change", function () { fit(); if (!largeKeyed) main.focus({ preventScroll: true }); });
  }
  var m = /^#step-(\d+)$/.exec(location.hash) || /[?&]step=(\d+)(?:&|$)/.exec(location.search);
  // without a step in the address: step 1, or a learner's own line at the step where it leaves the documented one
  show(m ? parseInt(m[1], 10) - 1 : parseInt(main.dataset.start || "0", 10) || 0);
  main.focus({ preventScroll: true });
  // The page opens at its top (title, controls, caption in view): #step-N in the address is read above,
  // it is not an anchor to scroll to, and a reload must not restore a position under the sticky bar.
  if ("scrollRestoration" in history) history.scrollRestoration = "manual";
  var toTop = function () { window.scrollTo(0, 0); };
  toTop();
  window.addEventListener("load", function () { toTop(); setTimeout(toTop, 0); });
})();
