"""Seeded random clicks and key presses on the step player in Chromium; after each, the shown step is the trace's.

The page runs the player's own ``widgets/player.js`` (and ``player.css``) in Debian's Chromium. Its model stands
in for the Jupyter kernel's end of the widget: every message the front end sends goes to a real
:class:`widgets.Player` in this process (``Player.set_state`` for a synced trait, the player's message handler for
a click on an option or "Back"), and every message the Python widget sends back (trait updates, the new frames
after a learner's choice) is applied to the page's model in order, as the widget's comm does in JupyterLab. No
JupyterLab is started, so a thousand actions take seconds rather than minutes.

Actions: the buttons (first, previous, play/pause, next, last, back to the documented line), an option of the
decision (a learner's choice: the Python player branches), a step in the "Steps so far" list, the slider, the
speed select, the keys (left/right arrows, Home, End, Space) and pauses while the player plays. After each
action: the counter says ``step N of M`` with M the length of the trace the Python player shows; the caption and
the option buttons are those of its step N; the "Steps so far" list is its step lines 1..N (so the frames sent
after a choice were put in the right place); each diagram shown is step N's own (its SVG ids carry the step) and
none still says it is being drawn (the diagrams drawn after a choice reached their frames); when nothing plays,
the index synced to Python is the shown one.

``DIGITEACH_RANDOM_ACTIONS`` sets the number of actions (default 200 in ``./test``; the long form is 1,000, see
docs/testing.md, the random browser check); ``DIGITEACH_RANDOM_SEED`` the seed (default 13).
"""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path
from typing import Any

import pytest

from labharness import REPO

pytestmark = pytest.mark.browser

ACTIONS = int(os.environ.get("DIGITEACH_RANDOM_ACTIONS", "200"))
SEED = int(os.environ.get("DIGITEACH_RANDOM_SEED", "13"))
SCENARIO = "triggered-effects-7"

_MODEL_JS = """
window.startPlayer = async (source, state) => {
  const handlers = {};
  const emit = (name, ...args) => { for (const cb of [...(handlers[name] || [])]) cb(...args); };
  let dirty = {};
  const model = {
    state, pending: Promise.resolve(),
    get: (k) => model.state[k],
    set: (k, v) => { const old = model.state[k]; model.state[k] = v; dirty[k] = v; if (old !== v) emit("change:" + k); },
    on: (name, cb) => { (handlers[name] = handlers[name] || []).push(cb); },
    off: (name, cb) => { handlers[name] = (handlers[name] || []).filter((x) => x !== cb); },
    save_changes: () => { const d = dirty; dirty = {}; model.talk({ kind: "state", state: d }); },
    send: (content) => model.talk({ kind: "custom", content }),
    talk: (message) => {
      model.pending = model.pending.then(() => window.kernel(message)).then((answers) => {
        for (const m of answers) {  // the kernel's messages, in the order it sent them
          if (m.method === "update") {
            for (const [k, v] of Object.entries(m.state)) {
              const old = model.state[k]; model.state[k] = v; if (old !== v) emit("change:" + k);
            }
          } else if (m.method === "custom") emit("msg:custom", m.content);
        }
      });
    },
  };
  window.model = model;
  const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  const widget = (await import(url)).default;
  if (widget.initialize) widget.initialize({ model });
  widget.render({ model, el: document.getElementById("host") });
};
window.shown = () => {
  const q = (sel) => document.querySelector(sel);
  return {
    playing: q(".digiteach-play").classList.contains("playing"),
    counter: q(".digiteach-counter").textContent,
    caption: q(".digiteach-caption").textContent,
    options: [...document.querySelectorAll(".digiteach-option")].map((b) => b.dataset.label),
    log: [...document.querySelectorAll(".digiteach-log-step")].map((b) => b.textContent),
    panes: [...document.querySelectorAll(".digiteach-diagram")].map((d) => ({
      busy: d.getAttribute("aria-busy"),
      id: (d.querySelector("svg g[id]") || { id: "" }).id,
    })),
  };
};
"""


class _Comm:
    """The widget's comm as the kernel has it: what the Python player sends is kept for the page."""

    kernel = object()
    comm_id = "random-actions"

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    def send(self, data: dict[str, Any] | None = None, metadata: Any = None, buffers: Any = None) -> None:
        if data is not None:
            self.sent.append(json.loads(json.dumps(data)))

    def close(self, *args: Any, **kwargs: Any) -> None:
        pass

    def on_msg(self, *args: Any) -> None:
        pass


def open_player(page: Any, scenario: str = SCENARIO) -> Any:
    """The step player of ``scenario`` on a bare page (player.js and player.css, no Jupyter), its messages going
    straight to the Python player; returns the Python player."""
    import widgets

    player = widgets.play(scenario)
    comm = _Comm()
    player.comm = comm

    def kernel(message: dict[str, Any]) -> list[dict[str, Any]]:
        comm.sent.clear()
        if message["kind"] == "state":
            player.set_state(message["state"])
        else:
            player._handle_custom_msg(message["content"], [])  # the path a comm message takes in ipywidgets
        return list(comm.sent)

    page.expose_function("kernel", kernel)
    css = (REPO / "widgets" / "player.css").read_text(encoding="utf-8")
    page.set_content(f'<!doctype html><html><head><meta charset="utf-8"><style>{css}</style></head>'
                     f'<body><div id="host"></div><script>{_MODEL_JS}</script></body></html>')
    state = json.loads(json.dumps(player.get_state()))
    source = (REPO / "widgets" / "player.js").read_text(encoding="utf-8")
    page.evaluate("([source, state]) => window.startPlayer(source, state)", [source, state])
    page.wait_for_selector(".digiteach-counter")
    return player


def _act(page: Any, rng: random.Random) -> str:
    """One random action; returns what it did (for the failure message)."""
    kind = rng.choices(["button", "key", "option", "log", "slider", "speed", "wait", "back"],
                       weights=[30, 30, 8, 8, 8, 3, 10, 3])[0]
    if kind == "button":
        name = rng.choice(["first", "prev", "play", "next", "last"])
        page.locator(f".digiteach-{name}").dispatch_event("click")
        return name
    if kind == "key":
        key = rng.choice(["ArrowLeft", "ArrowRight", "Home", "End", " "])
        page.locator(".digiteach-player").press(key)
        return f"key {key!r}"
    if kind == "option":
        buttons = page.locator(".digiteach-option:not([disabled])")
        n = buttons.count()
        if n:
            k = rng.randrange(n)
            label = buttons.nth(k).get_attribute("data-label")
            buttons.nth(k).dispatch_event("click")
            return f"option {label!r}"
        return "option (none open)"
    if kind == "log":
        links = page.locator(".digiteach-log-step")
        n = links.count()
        k = rng.randrange(n)
        links.nth(k).dispatch_event("click")
        return f"log step {k + 1}"
    if kind == "slider":
        top = int(page.locator(".digiteach-slider").get_attribute("max") or 0)
        value = rng.randint(0, top)
        page.locator(".digiteach-slider").fill(str(value))
        return f"slider {value}"
    if kind == "speed":
        value = rng.choice(["3000", "1500", "750", "375"])
        page.locator(".digiteach-speed").select_option(value)
        return f"speed {value}"
    if kind == "back":
        back = page.locator(".digiteach-back")
        if back.is_enabled():
            back.dispatch_event("click")
            return "back"
        return "back (documented line)"
    ms = rng.choice([50, 200, 400])
    page.wait_for_timeout(ms)
    return f"wait {ms} ms"


def _check(page: Any, player: Any, done: list[str]) -> bool:
    page.evaluate("() => window.model.pending")
    seen = page.evaluate("() => window.shown()")  # one read: what the page shows at one moment
    trace = player.trace
    where = f"after {len(done)} actions (last: {done[-5:]})"
    m = re.fullmatch(r"step (\d+) of (\d+)", seen["counter"])
    assert m, f"counter {seen['counter']!r} {where}"
    i, total = int(m.group(1)) - 1, int(m.group(2))
    assert total == len(trace.steps), f"{total} steps shown, the trace has {len(trace.steps)} {where}"
    step = trace.steps[i]
    assert seen["caption"] == step.caption, f"step {i + 1} shows another caption {where}"
    assert seen["options"] == list(step.decision.options if step.decision else ()), f"options of step {i + 1} {where}"
    assert seen["log"] == [f["log"] for f in player.frames[:i + 1]], f"the steps so far differ from the trace's {where}"
    # every diagram shown is this step's own (ids are prefixed per step), and none still waits to be drawn
    assert [p["busy"] for p in seen["panes"]] == ["false"] * 3, f"a pane of step {i + 1} is not drawn {where}"
    assert all(p["id"].startswith(f"s{i}-") for p in seen["panes"]), f"step {i + 1} shows {seen['panes']} {where}"
    if not seen["playing"]:
        assert player.index == i, f"Python's index {player.index} is not the shown {i} {where}"
    return bool(seen["playing"])


def test_random_clicks_and_keys_keep_the_shown_step_on_the_trace(chromium_path: Path, page: Any) -> None:
    rng = random.Random(SEED)
    player = open_player(page)
    done: list[str] = []
    played = branched = 0
    for _ in range(ACTIONS):
        done.append(_act(page, rng))
        played += _check(page, player, done)
        branched += done[-1].startswith("option") and player.branched
    assert played > ACTIONS // 50, f"the player hardly played ({played} checks during play): the test is too weak"
    assert branched > 0, "no learner's choice was made: the test is too weak"
    print(f"\n{ACTIONS} random actions (seed {SEED}): {played} checks during play, {branched} choices on a branch")
