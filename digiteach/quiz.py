"""Predict-then-reveal: questions generated from a played line, graded against the engine.

:func:`make_quiz` plays a scenario's documented line and asks, before a step is shown, a question that the step
answers: who chooses the next effect to activate (CR 15-4-3-5), which Digimon a battle deletes (CR 14-2-1), how
many security cards an attack checks (CR 13-1-2, 16-4), what <Piercing> does (CR 16-7-4), whether an empty
Security Stack or a successful attack wins (CR 11-5-1-2-1), whether the turn ends (CR 6-1-4-1). No question is
written by hand: each generator in :data:`GENERATORS` looks at the engine's states around a step and builds the
options, and the correct one is the one the engine's next states bear out. A wrong option that a known
misconception would pick carries that misconception's name (:data:`MISCONCEPTIONS`).

>>> from digiteach.scenario import load_scenario
>>> quiz = make_quiz(load_scenario("triggered-effects-9"))
>>> all(sum(o.correct for o in q.options) == 1 for q in quiz.questions)
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from digiteach import captions, i18n, rulesets
from digiteach.engine import core as c
from digiteach.scenario import Scenario, play, replay
from digiteach.scenario.escape import printable
from digiteach.state import PLAYER_TARGET, DeleteFrame, State, TurnEndFrame, TurnEndStage
from digiteach.terms import AttackTiming

__all__ = ["QuizOption", "Question", "Quiz", "Verdict", "MISCONCEPTIONS", "GENERATORS", "make_quiz",
           "questions_for", "grade", "quiz_json", "quiz_text"]

_ = i18n.gettext
N_ = i18n.N_
pgettext = i18n.pgettext

MISCONCEPTIONS: dict[str, str] = {
    "all_up_front": N_("ordering all triggers up front, as in other card games"),
    "attacker_wins_tie": N_("a DP tie won by the attacker"),
    "piercing_wins": N_("<Piercing> winning the game"),
    "empty_security_wins": N_("an empty Security Stack as an immediate win"),
    "newer_non_turn_first": N_("the non-turn player's effect first because it is newer"),
}
"""Known misconceptions by key: the name a wrong option carries when that misconception would pick it (English;
shown in the language in force)."""


@dataclass(frozen=True, slots=True)
class QuizOption:
    """One answer: ``text``; ``correct`` as the engine's next states bear it out; ``why`` with the rule;
    ``misconception`` the name from :data:`MISCONCEPTIONS` when a known misconception picks this wrong answer."""

    text: str
    correct: bool
    why: str
    misconception: str | None = None


@dataclass(frozen=True, slots=True)
class Question:
    """A question asked before step ``step`` is shown (that step, and those up to ``reveal``, answer it).

    ``step`` and ``reveal`` index the trace's steps from 0 (``trace --json``'s ``index``); a person reads the step as
    :attr:`number`, counted from 1 as the trace, the player and every other view count it."""

    step: int
    kind: str
    question: str
    options: tuple[QuizOption, ...]
    reveal: int

    @property
    def number(self) -> int:
        """The number of the step the question is asked before, as people read it (from 1): the trace's ``[number]``
        and the player's "step number of ..."; the step shown when the question is asked is ``number - 1``."""
        return self.step + 1


@dataclass(frozen=True, slots=True)
class Quiz:
    """The questions of one scenario's line under ``ruleset``, in step order."""

    scenario: str
    title: str
    ruleset: str
    questions: tuple[Question, ...]


@dataclass(frozen=True, slots=True)
class Verdict:
    """The grade of one answer: ``correct``, ``why`` (with the rule), the right answer's text, and the
    misconception's name when the answer is one."""

    correct: bool
    why: str
    answer: str
    misconception: str | None


def _opt(text: str, correct: bool, why: str, misconception: str | None = None) -> QuizOption:
    return QuizOption(text, correct, why, None if correct or misconception is None else _(MISCONCEPTIONS[misconception]))


def _player(p: int) -> str:
    return captions.player_name(p)


# ------------------------------------------------------------------------------------------ generators


def _order(h: Sequence[State], k: int) -> Question | None:
    """Who chooses the next effect to activate (CR 15-4-3-5, 15-4-5-2)."""
    d = h[k].decision
    before = h[k - 1].decision
    if d is None or d.kind != "order" or (before is not None and before.kind == "order"):
        return None
    s = h[k]
    tp, ntp = s.turn_player, 1 - s.turn_player
    waiting = [p for g in s.pending for p in g.effects if p.status.value == "pending"]
    ntp_waits = any(p.owner == ntp for p in waiting)
    names = "; ".join(f"{_player(p.owner)}: {p.label}" for p in waiting)
    chooser = d.player
    turn_first = _("CR 15-4-3-5: in the newest generation the turn player's effects activate first, one at a time, "
                   "each picked by the turn player when the last one has finished.")
    only_ntp = _("CR 15-4-3-5: no effect of {player} waits in the newest generation, so {other} picks among "
                 "theirs.").format(player=_player(tp), other=_player(ntp))
    one_by_one = _("CR 15-4-3-5, 15-4-5-2: one effect is picked, activates and finishes; only then is the next "
                   "picked, and effects triggered meanwhile form a newer generation that goes first.")
    return Question(k, "order", _("Effects wait in pending activation ({names}). What happens next?").format(names=names), (
        _opt(_("{player}, the turn player, picks one of their effects to activate; the rest wait").format(player=_player(tp)),
             chooser == tp, turn_first if chooser == tp else only_ntp),
        _opt(_("{player}, the non-turn player, picks one of their effects to activate; the rest wait").format(
             player=_player(ntp)), chooser == ntp, only_ntp if chooser == ntp else turn_first,
             "newer_non_turn_first" if ntp_waits else None),
        _opt(_("Both players put all their pending effects in one order now, then they activate in that order"),
             False, one_by_one, "all_up_front"),
    ), k)


def _battle_end(h: Sequence[State], k: int) -> int:
    """The first step after the battle begun at step ``k`` (its deletions done), still inside the attack."""
    j = k
    while j + 1 < len(h):
        nxt = h[j + 1].attack
        if nxt is None:
            return j
        j += 1
        if nxt.battle is None:
            return j
    return j


def _deleted_in_battle(h: Sequence[State], start: int, end: int, iid: int) -> bool:
    """Whether the battle deletes ``iid`` between steps ``start`` and ``end``: it leaves the Battle Area at a step
    that processes the battle's deletion (CR 14-2-2). A deletion by an effect the battle triggered, such as
    <Retaliation>'s, is not the battle's (CR 16-13, QA Q2397, Q3439)."""
    for j in range(start + 1, end + 1):
        top = h[j - 1].frames[-1] if h[j - 1].frames else None
        if isinstance(top, DeleteFrame) and top.cause == "battle" and iid in top.targets \
                and c.in_battle_area(h[j - 1], iid) and not c.in_battle_area(h[j], iid):
            return True
    return False


def _deleted_later(h: Sequence[State], start: int, end: int, iid: int, in_battle: bool) -> bool:
    """Whether ``iid`` is deleted by something other than the battle by step ``end``, while what the battle
    triggered resolves (CR 14-2-4)."""
    new = [t for kind, t in h[end].log[len(h[start].log):] if kind == "deleted"]
    return not in_battle and bool(new) and c.in_battle_area(h[start], iid) and not c.in_battle_area(h[end], iid)


def _battle(h: Sequence[State], k: int) -> Question | None:
    """Which Digimon a battle deletes (CR 14-2-1, 14-2-1-2, 14-2-1-3, 14-2-3)."""
    att, before = h[k].attack, h[k - 1].attack
    if att is None or att.battle is None or (before is not None and before.battle is not None):
        return None
    end = _battle_end(h, k)
    a_gone = _deleted_in_battle(h, k - 1, end, att.attacker)
    a_name = c.label(h[k], att.attacker_card)
    adp = c.dp(h[k], att.attacker, att.battle if att.battle >= 0 else None) or 0
    if att.battle < -1:
        return _security_battle(h, k, a_name, adp, a_gone, end)
    t_gone = _deleted_in_battle(h, k - 1, end, att.battle)
    tst = c.stack_of(h[k], att.battle)
    if tst is None:
        return None
    t_name = c.label(h[k], tst.top)
    tdp = c.dp(h[k], att.battle, att.attacker) or 0
    rule = (_("CR 14-2-1-3: equal DP, both lose and both are deleted.") if adp == tdp else
            _("CR 14-2-1-2: the Digimon with the lower DP loses and is deleted."))
    note = "" if (a_gone, t_gone) == (adp <= tdp, tdp <= adp) else \
        " " + _("Here an effect changed what the DP alone would give: the steps that follow show which.")
    later = [name for name, iid, gone in ((a_name, att.attacker, a_gone), (t_name, att.battle, t_gone))
             if _deleted_later(h, k - 1, end, iid, gone)]
    for name in later:
        note += " " + _("{card} is deleted afterwards by an effect the battle triggered, which is not a deletion in "
                        "battle (CR 14-2-4, QA Q2397).").format(card=name)
    question = _("{attacker} ({adp} DP) battles {target} ({tdp} DP). Which does the battle delete?").format(
        attacker=a_name, adp=adp, target=t_name, tdp=tdp)
    return Question(k, "battle", question, (
        _opt(_("Only {attacker}, the attacker").format(attacker=a_name), a_gone and not t_gone, rule + note),
        _opt(_("Only {target}").format(target=t_name), t_gone and not a_gone, rule + note,
             "attacker_wins_tie" if adp == tdp else None),
        _opt(pgettext("quiz", "Both"), a_gone and t_gone, rule + note),
        _opt(pgettext("quiz", "Neither"), not a_gone and not t_gone, rule + note),
    ), end)


def _security_battle(h: Sequence[State], k: int, a_name: str, adp: int, a_gone: bool, end: int) -> Question:
    att = h[k].attack
    assert att is not None and att.battle is not None
    revealed = -2 - att.battle
    s_name = c.label(h[k], revealed)
    sdp = c.security_dp(h[k], 1 - att.attacker_player, revealed)
    why = _("CR 14-2-3: a Security Digimon is never deleted; the attacker is deleted when its DP is lower or equal "
            "(CR 14-2-1-2, 14-2-1-3), unless something like <Jamming> (CR 16-9) protects it.")
    question = _("{attacker} ({adp} DP) battles the Security Digimon {security} ({sdp} DP). What does the battle "
                 "delete?").format(attacker=a_name, adp=adp, security=s_name, sdp=sdp)
    return Question(k, "security battle", question, (
                        _opt(_("{attacker}, the attacker").format(attacker=a_name), a_gone, why),
                        _opt(_("The Security Digimon {security}").format(security=s_name), False, why),
                        _opt(pgettext("quiz", "Nothing"), not a_gone, why, "attacker_wins_tie" if adp == sdp else None),
                    ), end)


def _attack_end(h: Sequence[State], k: int) -> int:
    j = k
    while j + 1 < len(h) and h[j + 1].attack is not None:
        j += 1
    return j


def _one_check(s: State) -> bool:
    """Whether the ruleset of ``s`` makes one security check per attack (CR 13-1-2, since CR 3.7); before, each card
    checked is a check of its own (:attr:`digiteach.rulesets.Ruleset.security_checks_per_attack`)."""
    return rulesets.ruleset(s.ruleset).security_checks_per_attack is not None


def _security_count(h: Sequence[State], k: int) -> Question | None:
    """How many security cards the attack checks in all (CR 13-1-2, 16-4, 16-7)."""
    att, before = h[k].attack, h[k - 1].attack
    if att is None or len(att.checked) != 1 or before is None or before.checked:
        return None
    end = _attack_end(h, k)
    last = h[end].attack
    assert last is not None
    n = len(last.checked)
    have = len(h[k - 1].players[1 - att.attacker_player].security)
    name = c.label(h[k], att.attacker_card)
    counts = sorted({max(1, n - 1), n, n + 1, n + 2} if n > 1 else {1, 2, 3})
    if _one_check(h[k]):
        why = _("The attack checks {count}: one security check per attack, covering as many cards as the attacker "
                "checks (CR 13-1-2, 16-4); it stops early when the Security Stack runs out (CR 13-1-8-1) or the "
                "attacker leaves (CR 13-1-5); <Piercing> checks only if no check happened (CR 16-7-5).").format(count=n)
    else:
        why = _("The attack checks {count}: under this ruleset (before CR 3.7) every card the attacker checks is a "
                "security check of its own, so <Security A.> adds checks and each <Piercing> activation checks too "
                "(CR 3.6 16-3, 16-6); the checks stop early when the Security Stack runs out or the attacker "
                "leaves.").format(count=n)
    question = _("{attacker} is about to check {player}'s Security Stack ({have} cards). How many security cards "
                 "does this attack check in all?").format(attacker=name, player=_player(1 - att.attacker_player),
                                                          have=have)
    return Question(k, "security count", question, tuple(_opt(str(m), m == n, why) for m in counts), end)


def _piercing(h: Sequence[State], k: int) -> Question | None:
    """What <Piercing> does just before the end of the attack (CR 16-7-4, 16-7-5, 16-7-6)."""
    att, before = h[k].attack, h[k - 1].attack
    if att is None or before is None or att.timing is not AttackTiming.PIERCING \
            or before.timing is AttackTiming.PIERCING or not att.piercing_pending:
        return None
    end = _attack_end(h, k)
    last = h[end].attack
    checked = last is not None and len(last.checked) > len(before.checked)
    won = h[end].winner is not None
    name = c.label(h[k], att.attacker_card)
    opp = _player(1 - att.attacker_player)
    if _one_check(h[k]):
        why = _("CR 16-7-4: <Piercing> sets up one security check just before the end of the attack; none happens if "
                "the attack already checked (CR 16-7-5), the attacker has left (CR 16-7-6) or the Security Stack is "
                "empty. It never wins the game: the attack's target was a Digimon, not the player (CR 11-5-1-2-1).")
    else:
        why = _("CR 3.6 16-6-4: <Piercing> sets up a security check just before the end of the attack; under this "
                "ruleset (before CR 3.7) each activation checks, even after the attack has checked, unless the "
                "attacker has left or the Security Stack is empty. It never wins the game: the attack's target was a "
                "Digimon, not the player (CR 11-5-1-2-1).")
    question = _("{attacker} has <Piercing> and its battle is over. What does <Piercing> do now?").format(attacker=name)
    return Question(k, "piercing", question, (
        _opt(_("A security check of {player}").format(player=opp), checked, why),
        _opt(_("{player} wins the game").format(player=_player(att.attacker_player)), won, why, "piercing_wins"),
        _opt(pgettext("quiz", "Nothing"), not checked and not won, why),
    ), end)


def _empty_stack(h: Sequence[State], k: int) -> Question | None:
    """An empty Security Stack is not a loss in itself (CR 11-5-1-2-1, 1-2-3-1)."""
    if k < 2:
        return None
    att = h[k - 1].attack
    if att is None or h[k - 1].winner is not None:
        return None
    d = 1 - att.attacker_player
    if h[k - 2].players[d].security == () or h[k - 1].players[d].security != ():
        return None
    won = h[k].winner is not None
    why = _("CR 11-5-1-2-1, 1-2-3-1: a player loses when an attack on them succeeds while they have no security "
            "cards; running out of security cards is not a loss by itself.")
    question = _("{player} has just lost the last security card. Does {other} win at this moment?").format(
        player=_player(d), other=_player(1 - d))
    return Question(k, "empty security", question, (
                        _opt(_("Yes: {player} has no security cards, so they lose at once").format(player=_player(d)),
                             won, why, "empty_security_wins"),
                        _opt(_("No: the game goes on"), not won, why),
                    ), k)


def _attack_on_empty(h: Sequence[State], k: int) -> Question | None:
    """Confirming success of an attack on a player with no security cards (CR 11-5-1-2-1, 16-4-4)."""
    att, before = h[k].attack, h[k - 1].attack
    if att is None or before is None or att.target != PLAYER_TARGET:
        return None
    if before.timing in (AttackTiming.CONFIRMATION, AttackTiming.WIN):
        return None
    if att.timing not in (AttackTiming.CONFIRMATION, AttackTiming.WIN):
        return None
    d = 1 - att.attacker_player
    if h[k - 1].players[d].security:
        return None
    won = h[k].winner is not None
    why = _("CR 11-5-1-2-1: an attack on a player with no security cards wins the game, if the attacking Digimon "
            "is still in the Battle Area and can check at least 1 card (CR 16-4-4).")
    question = _("{attacker}'s attack on {player} reaches confirming success, and {player} has no security cards. "
                 "What happens?").format(attacker=c.label(h[k], att.attacker_card), player=_player(d))
    return Question(k, "win", question, (
                        _opt(_("{player} wins the game").format(player=_player(1 - d)), won, why),
                        _opt(_("Nothing: there is no security card to check"), not won, why),
                    ), k)


def _turn_end(h: Sequence[State], k: int) -> Question | None:
    """The turn-end check after processing (CR 6-1-4-1, 6-6)."""
    prev, now = h[k - 1], h[k]

    def checking(s: State) -> bool:
        return any(isinstance(f, TurnEndFrame) and f.stage is TurnEndStage.CHECK and not f.passed for f in s.frames)

    if not checking(prev) or checking(now) or now.winner is not None:
        return None
    ends = any(isinstance(f, TurnEndFrame) for f in now.frames) or now.turn_player != prev.turn_player
    tp = _player(prev.turn_player)
    memory = now.memory if now.turn_player == prev.turn_player else -now.memory
    opponent = _player(1 - prev.turn_player)
    side = "0" if memory == 0 else captions.text("word.memory_side", amount=abs(memory),
                                                 player=tp if memory > 0 else opponent)
    why = _("CR 6-1-4-1: once nothing is left to process, the turn ends if the memory gauge is on the "
            "opponent's side (1 or more); at 0 or on the turn player's side the turn goes on.")
    question = _("Everything has been processed; memory is {memory}. Does {player}'s turn end now?").format(
        memory=side, player=tp)
    return Question(k, "turn end", question, (
        _opt(_("Yes: the end-of-turn timing comes"), ends, why),
        _opt(_("No: {player} goes on with the main phase").format(player=tp), not ends, why),
    ), k)


Generator = Callable[[Sequence[State], int], "Question | None"]

GENERATORS: dict[str, Generator] = {
    "order": _order,
    "battle": _battle,
    "security count": _security_count,
    "piercing": _piercing,
    "empty security": _empty_stack,
    "win": _attack_on_empty,
    "turn end": _turn_end,
}
"""Question kind -> the function that asks it before step ``k`` of a history, or returns None."""


def questions_for(history: Sequence[State]) -> tuple[Question, ...]:
    """Every question the generators ask about ``history`` (engine states of one line), in step order."""
    out: list[Question] = []
    for k in range(1, len(history)):
        for gen in GENERATORS.values():
            q = gen(history, k)
            if q is not None:
                out.append(q)
    return tuple(out)


def make_quiz(scenario: Scenario) -> Quiz:
    """The quiz of ``scenario``'s documented line: its steps are the trace of :func:`digiteach.scenario.play`.

    Raises:
        ScenarioError: the scenario does not play.
    """
    trace = play(scenario)
    answers = [st.choice for st in trace.steps if st.decision is not None and st.choice is not None]
    history = replay(scenario, answers)
    return Quiz(scenario.id, scenario.title_in(), scenario.ruleset, questions_for(history))


def grade(question: Question, answer: int) -> Verdict:
    """Grade option number ``answer`` (0-based) of ``question``.

    Raises:
        IndexError: ``answer`` is not an option's number.
    """
    if not 0 <= answer < len(question.options):
        raise IndexError(f"answer {answer} is not an option: choose 0..{len(question.options) - 1}")
    picked = question.options[answer]
    right = next(o for o in question.options if o.correct)
    return Verdict(picked.correct, right.why, right.text, picked.misconception)


def quiz_json(quiz: Quiz) -> dict[str, Any]:
    """The ``digiteach quiz --json`` document::

        {"scenario": id, "title": str, "ruleset": str,
         "questions": [{"step": int, "kind": str, "question": str, "reveal": int,
                        "options": [{"text": str, "correct": bool, "why": str, "misconception": str|null}]}]}

    ``step`` and ``reveal`` are indexes from 0, as ``trace --json``'s ``index``: the text quiz's "before step N" is
    ``step + 1`` (:attr:`Question.number`).
    """
    return {
        "scenario": quiz.scenario,
        "title": quiz.title,
        "ruleset": quiz.ruleset,
        "questions": [{"step": q.step, "kind": q.kind, "question": q.question, "reveal": q.reveal,
                       "options": [{"text": o.text, "correct": o.correct, "why": o.why,
                                    "misconception": o.misconception} for o in q.options]}
                      for q in quiz.questions],
    }


def quiz_text(quiz: Quiz) -> str:
    """The quiz as text, to predict before reading on: every question with its lettered options first, then, under a
    heading of their own, each answer with why (and the known misconceptions among the options). Every line is
    :func:`~digiteach.scenario.escape.printable`: a line break or control character from a scenario's title or a card
    name is shown escaped, so a file cannot forge a line of the output."""
    lines = [f"{quiz.scenario}: {quiz.title} ({quiz.ruleset}): "
             + _("{count} questions").format(count=len(quiz.questions))]
    for n, q in enumerate(quiz.questions, 1):
        lines.append(f"{n}. " + _("before step {step}: {question}").format(step=q.number, question=q.question))
        for i, o in enumerate(q.options):
            lines.append(f"   {'abcdefgh'[i]}) {o.text}")
    if quiz.questions:
        lines += ["", _("Answers (make your predictions above first):")]
    for n, q in enumerate(quiz.questions, 1):
        right = next(i for i, o in enumerate(q.options) if o.correct)
        lines.append(f"{n}. " + _("answer: {letter}. {why}").format(letter="abcdefgh"[right], why=q.options[right].why))
        for i, o in enumerate(q.options):
            if o.misconception:
                lines.append("   " + _("{letter}) is a known misconception: {name}").format(
                    letter="abcdefgh"[i], name=o.misconception))
    return "\n".join(printable(line) for line in lines)
