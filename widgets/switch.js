// One switch of widgets.learn.study(): a select (the Ruleset) or a row of buttons (Play, Compare, Quiz), drawn from
// the traits of widgets.switch.Switch: value, options ([[label, value], ...]), description, kind ("select" or
// "buttons"), lang and kernel_words ({lang: {key: text}}).
//
// The switch never claims what is not shown: a pick is sent to Python ({type: "pick", value, ask}) and the control
// shows it only when Python sets the value trait (the select shows the pick while Python answers). Python
// acknowledges at once ({type: "ack"}); when sending fails (the comm closed by a kernel restart) or no answer comes
// within KERNEL_WAIT_MS, the control goes back to the value shown and the status line (.digiteach-switch-status,
// aria-live) says that nothing changed and that the kernel is not answering, in the switch's language. Any message
// from Python ends it (a busy kernel that answers late). All text is set with textContent.

const KERNEL_WAIT_MS = 5000; // as player.js: a live kernel acknowledges at once; one busy with a cell may take longer

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "digiteach-switch";
  const kind = model.get("kind");
  const label = document.createElement("label");
  label.className = "digiteach-switch-label";
  const caption = document.createElement("span");
  caption.className = "digiteach-switch-caption";
  const select = document.createElement("select");
  select.className = "digiteach-switch-select";
  const group = document.createElement("div");
  group.className = "digiteach-switch-buttons";
  group.setAttribute("role", "group");
  const status = document.createElement("div");
  status.className = "digiteach-switch-status";
  status.setAttribute("aria-live", "polite");
  status.hidden = true;
  if (kind === "select") {
    label.append(caption, select);
    root.append(label, status);
  } else {
    root.append(group, status);
  }

  let asked = 0;
  let waitTimer = null;
  let lost = null; // the label of the pick that did not happen while the kernel does not answer, else null

  const options = () => model.get("options") || [];
  const labelOf = (value) => (options().find((o) => o[1] === value) || [value])[0];

  function drawOptions() {
    if (kind === "select") {
      select.replaceChildren();
      for (const [name, v] of options()) {
        const option = document.createElement("option");
        option.value = v;
        option.textContent = name;
        select.append(option);
      }
    } else {
      group.replaceChildren();
      for (const [name, v] of options()) {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "digiteach-switch-button";
        button.dataset.value = v;
        button.textContent = name;
        button.addEventListener("click", () => pick(v));
        group.append(button);
      }
    }
    draw();
  }
  function draw() {
    const value = model.get("value");
    const text = model.get("description") || "";
    if (kind === "select") {
      caption.textContent = text;
      select.value = value;
    } else {
      group.setAttribute("aria-label", text);
      for (const button of group.children) {
        const on = button.dataset.value === value;
        button.classList.toggle("digiteach-switch-on", on);
        button.setAttribute("aria-pressed", on ? "true" : "false");
      }
    }
    showStatus();
  }
  function words() {
    const all = model.get("kernel_words") || {};
    return all[model.get("lang")] || all.en || {};
  }
  function showStatus() {
    const w = words();
    const text = lost === null ? "" : (w.pick || "").replace("{label}", lost) + " " + (w.lost || "");
    if (status.textContent !== text) status.textContent = text;
    status.hidden = !text;
    root.classList.toggle("digiteach-switch-lost", lost !== null);
  }
  function tellLost(what) {
    clearTimeout(waitTimer);
    waitTimer = null;
    lost = what;
    draw(); // the control goes back to the value shown
  }
  function heard() {
    clearTimeout(waitTimer);
    waitTimer = null;
    if (lost === null) return;
    lost = null;
    showStatus();
  }
  function pick(value) {
    if (value === model.get("value") && lost === null) return;
    const what = labelOf(value);
    try {
      model.send({ type: "pick", value, ask: ++asked });
    } catch (err) {
      return tellLost(what); // the comm is gone (JupyterLab after a kernel restart: "Cannot send")
    }
    if (lost !== null) return tellLost(what); // known gone: say so now (the message still went, in case it comes back)
    clearTimeout(waitTimer);
    waitTimer = setTimeout(() => tellLost(what), KERNEL_WAIT_MS);
  }
  select.addEventListener("change", () => pick(select.value));

  const onMessage = () => heard();
  model.on("change:value", draw);
  model.on("change:options", drawOptions);
  model.on("change:description", draw);
  model.on("change:lang", showStatus);
  model.on("msg:custom", onMessage);
  drawOptions();
  el.append(root);
  return () => {
    clearTimeout(waitTimer);
    model.off("change:value", draw);
    model.off("change:options", drawOptions);
    model.off("change:description", draw);
    model.off("change:lang", showStatus);
    model.off("msg:custom", onMessage);
  };
}

export default { render };
