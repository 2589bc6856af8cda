"""Why a rule check finds a Digimon at 0 DP only now, in words (CR 17-1-2): the first check after a piece of
processing names that processing (an effect, an Option, the end of the attack's effects); a later check of the same
flush follows a rule check (CR 17-1-2-1)."""

from __future__ import annotations

from digiteach import captions as cap
from digiteach import effects as fx
from digiteach.cards import Card
from digiteach.effects import Effect
from digiteach.engine import core as c
from digiteach.state import FlushFrame, State

__all__ = ["zero_dp_captions"]


def _zero_dp_key(f: FlushFrame, option: Card | None) -> str:
    """Which rule-check caption fits the processing that just ended: an Option's effect (CR 17-1-2-2, 9-1-5; Arts
    Digivolve, CR 4-20-2, only for a DUAL card or an Option that can Arts Digivolve), an effect (CR 17-1-2-2), the
    end of the attack's effects (CR 11-6-2), or anything else."""
    if option is not None:
        arts = option.kind == "Digimon" or any(isinstance(a, fx.ArtsDigivolve) for e in option.effects
                                               if isinstance(e, Effect) for a in e.actions)
        return "rule.zero_dp_after_arts_option" if arts else "rule.zero_dp_after_option"
    if f.pid is not None or f.cause.startswith("activation"):
        return "rule.zero_dp_after_effect"
    if f.cause == "end of the attack's effects":
        return "rule.zero_dp_after_attack"
    return "rule.zero_dp"


def _zero_dp_groups(f: FlushFrame, option: Card | None, doomed: list[int]) -> list[tuple[str, list[int]]]:
    """The rule-check captions for the 0-DP Digimon ``doomed``, each with the Digimon it names. The first check after
    a piece of processing says why the Digimon waited until now (:func:`_zero_dp_key`). A later check of the same
    flush follows one that deleted something (CR 17-1-2-1): a Digimon that check found at 0 DP too is still there
    because its deletion was stopped, and this new check is a new cause (QA Q6399, Q6514); any other reached 0 DP
    while that check was processed, which no rule check interrupts, so this next check is the one that finds it."""
    if f.tried is None:
        return [(_zero_dp_key(f, option), doomed)]
    again = [i for i in doomed if i in f.checked]
    since = [i for i in doomed if i not in f.checked]
    return [(key, found) for key, found in (("rule.zero_dp_again", again), ("rule.zero_dp_chained", since)) if found]


def _dp_arithmetic(s: State, iid: int) -> str:
    """``"8000 − 11000 → 0 DP"``: the printed DP and the DP changes still in force on ``iid`` (CR 1-3-8)."""
    st = c.stack(s, iid)
    base = c.card(s, st.top).dp or 0
    parts = [str(base)] + [f"+ {m.amount}" if m.amount >= 0 else f"− {-m.amount}"
                           for m in s.modifiers if m.iid == iid and m.kind == "dp"]
    return " ".join(parts) + " → 0 DP"


def zero_dp_captions(s: State, f: FlushFrame, option: Card | None, doomed: list[int]) -> State:
    """``s`` with the rule check's caption for the 0-DP Digimon ``doomed`` (CR 17-1-3-1-1), one sentence per reason
    (:func:`_zero_dp_groups`); ``option``: the used Option whose processing just ended, if any."""
    for key, found in _zero_dp_groups(f, option, doomed):
        names = ", ".join(c.label(s, c.stack_of(s, i).top) for i in found if c.stack_of(s, i))  # type: ignore[union-attr]
        s = c.tell(s, key, names=names, is_are=cap.text("word.is" if len(found) == 1 else "word.are"),
                   arithmetic="; ".join(_dp_arithmetic(s, i) for i in found))
    return s
