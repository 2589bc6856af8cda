"""widgets.learn.study()'s ruleset switch (breaker, session 16).

1. After a kernel restart the *Ruleset* select read "CR 4.2" above a player still showing the CR 2024 line, and the
   *Quiz* button was pressed with no quiz shown: the switches are :class:`widgets.switch.Switch` es now, which show
   a value only once Python has set it and go back to it when the kernel does not answer (switch.js, run here under
   Node with a tiny fake DOM; the browser check is described in the session's report).
2. Switching the ruleset dropped the learner's own line (a branched player at step 10 came back on the documented
   line, and switching back did not bring the line back): their answers are replayed under the other ruleset.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

import widgets
from digiteach import i18n
from widgets import learn
from widgets.switch import Switch

GOBLIMON = "Battle BT1-064 Goblimon"  # R39's documented line battles ST3-03 Tapirmon at step 4


def branched_r39(lang: str = "en") -> Any:
    """R39 with the learner's own answer at step 4 (the documented line battles Tapirmon), shown at step 11."""
    player = widgets.play("ruling-R39", lang=lang)
    labels = player.trace.steps[3].decision.options
    assert player.choose(next(o for o in labels if "BT1-064" in o), step=3)
    player.go(10)
    return player


def test_a_ruleset_switch_replays_the_learners_line_on_the_same_step() -> None:
    """Lesson 06 promises "the player shows R39 under those rules, on the same step": on the learner's line, the
    learner's answers under the rules chosen, and switching back gives their line again."""
    player = branched_r39()
    line, answers = player.trace, learn.answers_of(player.trace)
    assert GOBLIMON in answers
    view = learn.study(player)
    view.ruleset_choice.value = "CR 2024"
    shown = view.player
    assert shown.ruleset == "CR 2024" and shown.branched and shown.index == 10
    assert learn.answers_of(shown.trace) == answers and view.message.value == ""
    view.ruleset_choice.value = "CR 4.2"
    assert view.player.ruleset == "CR 4.2" and view.player.branched and view.player.index == 10
    assert view.player.trace.steps == line.steps


def test_on_the_documented_line_a_switch_shows_the_other_rulesets_documented_line() -> None:
    view = learn.study("ruling-R39")
    view.player.go(5)
    view.ruleset_choice.value = "CR 2024"
    assert not view.player.branched and view.player.index == 5 and view.message.value == ""


def test_replay_says_where_the_answers_stop_fitting() -> None:
    player = widgets.play("ruling-R39")
    first = next(k for k, step in enumerate(player.trace.steps) if step.decision is not None)
    assert learn.replay(player, ["Tap Goblimon"]) == (first, "Tap Goblimon", True)
    assert not player.branched and player.error == ""
    answers = learn.answers_of(player.trace)
    assert learn.replay(player, [*answers, "Pass"]) == (len(player.trace.steps) - 1, "Pass", False)
    assert learn.replay(player, answers) is None and not player.branched


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Under CR 2024 your answer \u201cActivate [All Turns] of EX11-074 Vortexdramon: unsuspend, battle\u201d at "
           "step 2 is not one the rules allow there: your answers are replayed up to there, and from there the player "
           "shows the line the rules give under CR 2024. Choose CR 4.2 again for your whole line."),
    ("de", "Unter CR 2024 lassen die Regeln deine Antwort \u201eAktivieren: [All Turns] von EX11-074 Vortexdramon \u2013 "
           "aufrichten, Kampf\u201c bei Schritt 2 nicht zu: Deine Antworten werden bis dorthin nachgespielt, ab dort "
           "zeigt der Player die Linie, die die Regeln unter CR 2024 ergeben. Wähle wieder CR 4.2 für deine ganze "
           "Linie."),
])
def test_answers_that_stop_fitting_are_said_in_one_line_and_kept_for_switching_back(
        monkeypatch: pytest.MonkeyPatch, lang: str, said: str) -> None:
    """Where the learner's answers stop fitting the other ruleset (here the first answer, as if CR 2024 did not allow
    it), one line says so in the player's language, and switching back shows the learner's whole line again."""
    real = learn.replay

    def refuse_under_2024(player: Any, answers: list[str]) -> Any:
        if player.ruleset != "CR 2024":
            return real(player, answers)
        return next(k for k, s in enumerate(player.trace.steps) if s.decision is not None), answers[0], True

    monkeypatch.setattr(learn, "replay", refuse_under_2024)
    player = branched_r39(lang)
    line = player.trace
    with i18n.language("en"):
        view = learn.study(player)
        view.ruleset_choice.value = "CR 2024"
    assert not view.player.branched and view.player.ruleset == "CR 2024"
    assert view.message.value == f"<p>{said}</p>"
    view.ruleset_choice.value = "CR 4.2"
    assert view.player.branched and view.player.trace.steps == line.steps and view.message.value == ""


def test_a_switch_sets_its_value_only_when_python_has_the_pick() -> None:
    switch = Switch(kind="select", options=[("CR 4.2", "CR 4.2"), ("CR 2024", "CR 2024")], value="CR 4.2")
    sent: list[Any] = []
    switch.send = sent.append  # type: ignore[method-assign]
    switch._on_message(switch, {"type": "pick", "value": "CR 2024", "ask": 3}, [])
    assert sent == [{"type": "ack", "ask": 3}] and switch.value == "CR 2024"
    switch._on_message(switch, {"type": "pick", "value": "CR 1999", "ask": 4}, [])
    assert switch.value == "CR 2024"
    assert switch.kernel_words["de"]["pick"] == "Das Regelwerk wurde nicht auf {label} umgestellt."
    assert switch.kernel_words["en"]["lost"].startswith("The kernel is not answering")


def test_study_uses_switches_that_speak_the_players_language() -> None:
    view = learn.study(widgets.play("ruling-R39", lang="de"))
    assert isinstance(view.ruleset_choice, Switch) and isinstance(view.mode, Switch)
    assert view.ruleset_choice.lang == view.mode.lang == "de" and view.ruleset_choice.kind == "select"
    assert view.mode.kind == "buttons" and view.mode.options[2] == ("Quiz", "Quiz")


def test_the_switches_follow_the_players_language() -> None:
    """The player's *Language* select retells the steps; the switches above it (their labels, and what their status
    line says when the kernel does not answer) followed only the language the view was opened in."""
    view = learn.study(widgets.play("ruling-R39", lang="de"))
    view.player.lang = "en"
    assert view.ruleset_choice.description == "Ruleset" and view.ruleset_choice.lang == view.mode.lang == "en"
    assert view.mode.options[1] == ("Compare", "Compare") and view.mode.value == "Play"
    view.ruleset_choice.value = "CR 2024"
    view.player.lang = "de"
    assert view.ruleset_choice.description == "Regelwerk" and view.mode.options[0] == ("Abspielen", "Play")


HARNESS = r"""
// switch.js under Node with a fake DOM and model: a pick whose message cannot be sent (a restarted kernel's closed
// comm), one that gets no answer, and one Python acknowledges.
import { pathToFileURL } from "node:url";
class El {
  constructor(tag) { this.tagName = tag; this.children = []; this.listeners = {}; this.attributes = {};
    this.dataset = {}; this.hidden = false; this.className = ""; this._text = ""; this._value = "";
    const el = this; this.classList = { toggle(c, on) { const l = el.className.split(" ").filter((x) => x && x !== c);
      if (on) l.push(c); el.className = l.join(" "); }, contains(c) { return el.className.split(" ").includes(c); } }; }
  append(...n) { this.children.push(...n); }
  replaceChildren(...n) { this.children = [...n]; }
  setAttribute(k, v) { this.attributes[k] = String(v); }
  addEventListener(t, f) { (this.listeners[t] ||= []).push(f); }
  set textContent(t) { this._text = String(t); }
  get textContent() { return this._text + this.children.map((c) => c.textContent).join(""); }
  get options() { return this.children; }
  set value(v) { this._value = this.tagName === "select" && !this.children.some((o) => o.value === v) ? "" : v; }
  get value() { return this._value; }
  all() { return [this, ...this.children.flatMap((c) => c.all())]; }
  find(c) { return this.all().find((e) => e.className.split(" ").includes(c)); }
}
globalThis.document = { createElement: (t) => new El(t) };
const timers = [];
globalThis.setTimeout = (f) => { timers.push(f); return timers.length; };
globalThis.clearTimeout = (n) => { if (n) timers[n - 1] = null; };
const words = { en: { pick: "The ruleset was not changed to {label}.", lost: "The kernel is not answering." } };
function model(state, send) {
  const on = {};
  return { get: (k) => state[k], set: (k, v) => { state[k] = v; (on["change:" + k] || []).forEach((f) => f()); },
    on: (e, f) => (on[e] ||= []).push(f), off: () => {}, send, fire: (e, m) => (on[e] || []).forEach((f) => f(m)) };
}
const { default: widget } = await import(pathToFileURL(process.argv[2]).href);
const out = {};
const base = { value: "CR 2024", description: "Ruleset", lang: "en", kernel_words: words,
  options: [["CR 4.2", "CR 4.2"], ["CR 2024", "CR 2024"]] };
for (const kind of ["select", "buttons"]) {
  // 1. the comm is closed: sending throws
  let el = new El("div");
  let m = model({ ...base, kind }, () => { throw new Error("Cannot send"); });
  widget.render({ model: m, el });
  const pickIt = (el) => { if (kind === "select") { const s = el.find("digiteach-switch-select"); s.value = "CR 4.2";
    s.listeners.change.forEach((f) => f()); } else { el.find("digiteach-switch-buttons").children[0].listeners.click
    .forEach((f) => f()); } };
  const shown = (el) => kind === "select" ? el.find("digiteach-switch-select").value :
    el.find("digiteach-switch-buttons").children.filter((b) => b.attributes["aria-pressed"] === "true")
      .map((b) => b.dataset.value).join();
  const status = (el) => { const s = el.find("digiteach-switch-status"); return s.hidden ? "" : s.textContent; };
  pickIt(el);
  out[kind + "_closed"] = { shown: shown(el), status: status(el), value: m.get("value") };
  // 2. sent, but no answer: the wait runs out
  el = new El("div"); const sent = [];
  m = model({ ...base, kind }, (msg) => sent.push(msg));
  widget.render({ model: m, el });
  pickIt(el);
  out[kind + "_waiting"] = { shown: shown(el), sent: [...sent] };
  timers.splice(0).forEach((f) => f && f());
  out[kind + "_silent"] = { shown: shown(el), status: status(el) };
  // 3. Python answers: the ack ends it, and the value Python sets is shown
  pickIt(el);
  m.fire("msg:custom", { type: "ack", ask: 2 }); m.set("value", "CR 4.2");
  timers.splice(0);
  out[kind + "_answered"] = { shown: shown(el), status: status(el) };
}
console.log(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def js(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    script = tmp_path_factory.mktemp("switch") / "harness.mjs"
    script.write_text(HARNESS, encoding="utf-8")
    switch_js = Path(widgets.__file__).parent / "switch.js"
    done = subprocess.run([node, str(script), str(switch_js)], capture_output=True, text=True, timeout=60, check=True)
    result: dict[str, Any] = json.loads(done.stdout)
    return result


@pytest.mark.parametrize("kind", ["select", "buttons"])
def test_a_pick_the_kernel_does_not_answer_goes_back_and_says_why(js: dict[str, Any], kind: str) -> None:
    """The restart fault: after the pick the control shows the value Python has (the ruleset the player shows), and
    the status line says the pick was not made and that the kernel is not answering."""
    said = "The ruleset was not changed to CR 4.2. The kernel is not answering."
    assert js[f"{kind}_closed"] == {"shown": "CR 2024", "status": said, "value": "CR 2024"}
    assert js[f"{kind}_waiting"]["sent"] == [{"type": "pick", "value": "CR 4.2", "ask": 1}]
    assert js[f"{kind}_silent"] == {"shown": "CR 2024", "status": said}
    assert js[f"{kind}_answered"] == {"shown": "CR 4.2", "status": ""}


def test_buttons_show_the_pick_only_when_python_sets_it(js: dict[str, Any]) -> None:
    """The Quiz button was pressed with no quiz under it: a button is pressed only for the value Python has."""
    assert js["buttons_waiting"]["shown"] == "CR 2024"
