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
  var i = 0, timer = null, PT = 4 / 3, MIN_STREAM_TEXT_PX = 14;

  function fit() {
    if (layout === "stacked") return;
    var box = frames[i].querySelector(".diagrams"), large = largeSel ? largeSel.value : "";
    box.className = "diagrams" + (large ? " has-large" : "");
    var figs = box.querySelectorAll("figure");
    [].forEach.call(figs, function (f) {
      var big = !!large && f.classList.contains(large);
      f.classList.toggle("large", big);
      f.style.gridRow = big ? "1 / span " + Math.max(figs.length - 1, 1) : "";
    });
    var height = Math.max(240, window.innerHeight - box.getBoundingClientRect().top - window.scrollY - 16);
    box.style.height = height + "px";
    [].forEach.call(box.querySelectorAll(".digiteach-diagram"), function (pane) {
      var svg = pane.querySelector("svg");
      if (!svg || !svg.viewBox.baseVal || !svg.viewBox.baseVal.width) return;
      var w = svg.viewBox.baseVal.width * PT, h = svg.viewBox.baseVal.height * PT;
      var scale = Math.min(1, pane.clientWidth / w, pane.clientHeight / h), fitted = scale;
      if (layout === "stream" && (!large || pane.dataset.diagram === large)) {  // the others: shown whole
        var sizes = [].map.call(svg.querySelectorAll("text"), function (t) { return parseFloat(t.getAttribute("font-size")) || 14; });
        scale = Math.max(scale, MIN_STREAM_TEXT_PX / ((sizes.length ? Math.min.apply(null, sizes) : 14) * PT));
      }
      svg.style.width = Math.floor(w * scale) + "px";
      svg.style.height = Math.floor(h * scale) + "px";
      svg.style.maxWidth = "none";
      var mark = svg.querySelector("g.node.current") || svg.querySelector("g.node.changed");
      if (scale > fitted && mark) {
        var pr = pane.getBoundingClientRect(), mr = mark.getBoundingClientRect();
        pane.scrollLeft += mr.left + mr.width / 2 - (pr.left + pr.width / 2);
        pane.scrollTop += mr.top + mr.height / 2 - (pr.top + pr.height / 2);
      }
    });
  }
  function show(k) {
    i = Math.max(0, Math.min(k, frames.length - 1));
    frames.forEach(function (f, j) { f.hidden = j !== i; });
    logItems.forEach(function (li, j) { li.className = j === i ? "now" : (j > i ? "later" : ""); });
    counter.textContent = "step " + (i + 1) + " of " + frames.length;
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
    playBtn.textContent = "\u25B6 Play";
    playBtn.className = "digiteach-play";
  }
  function start() {
    stop();
    if (i >= frames.length - 1) show(0);
    playBtn.textContent = "|| Pause";
    playBtn.className = "digiteach-play playing";
    timer = setInterval(function () { if (i >= frames.length - 1) stop(); else show(i + 1); }, Number(speed.value));
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
  doc.addEventListener("keydown", function (e) {
    var tag = (e.target && e.target.tagName) || "";
    if (tag === "SELECT" || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === " " && tag !== "BUTTON") toggle();
    else if (e.key === "ArrowRight") { stop(); show(i + 1); }
    else if (e.key === "ArrowLeft") { stop(); show(i - 1); }
    else if (e.key === "Home") { stop(); show(0); }
    else if (e.key === "End") { stop(); show(frames.length - 1); }
    else return;
    e.preventDefault();
  });
  window.addEventListener("resize", fit);
  if (largeSel) {
    var largeKeyed = false;
    largeSel.addEventListener("keydown", function () { largeKeyed = true; });
    largeSel.addEventListener("pointerdown", function () { largeKeyed = false; });
    largeSel.addEventListener("blur", function () { largeKeyed = false; });
    largeSel.addEventListener("change", function () { fit(); if (!largeKeyed) main.focus({ preventScroll: true }); });
  }
  var m = /^#step-(\d+)$/.exec(location.hash) || /[?&]step=(\d+)(?:&|$)/.exec(location.search);
  show(m ? parseInt(m[1], 10) - 1 : 0);
  main.focus({ preventScroll: true });
  // The page opens at its top (title, controls, caption in view): #step-N in the address is read above,
  // it is not an anchor to scroll to, and a reload must not restore a position under the sticky bar.
  if ("scrollRestoration" in history) history.scrollRestoration = "manual";
  var toTop = function () { window.scrollTo(0, 0); };
  toTop();
  window.addEventListener("load", function () { toTop(); setTimeout(toTop, 0); });
})();
