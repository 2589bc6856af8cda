"""What a new generation of pending activation is, in words: simultaneous triggering (CR 15-4-3-2) or derived
triggering (CR 15-4-5), and a battle's triggers (CR 14-2-4)."""

from __future__ import annotations

from digiteach import captions as cap
from digiteach.engine import core as c
from digiteach.engine.rules.keyword_words import keyword_caption
from digiteach.state import FlushFrame, Generation, State

__all__ = ["new_generation_caption"]


_BATTLE_CAUSES = ("battle", "security battle")


_ACTIVATION = "activation of "


def _resolving(s: State, f: FlushFrame) -> str:
    """The generation whose effect was resolving when the newest generation triggered, with that effect's label
    when the processing that ended was an activation (CR 15-4-5-1)."""
    owning = [g.number for g in s.pending[:-1] if any(p.pid == f.pid for p in g.effects)]
    number = owning[-1] if owning else s.pending[-2].number if len(s.pending) > 1 else s.pending[-1].number - 1
    if f.cause.startswith(_ACTIVATION):
        return cap.text("word.generation_of", number=number, label=f.cause[len(_ACTIVATION):])
    return cap.text("word.generation", number=number)


def _derived_caption(ed: c.Edit, f: FlushFrame, older: list[Generation]) -> None:
    """Derived triggering (CR 15-4-5-1), said on ``ed``: which generation was resolving, and the older one it goes
    before (15-4-5-2; 15-4-5-3 for the non-turn player), or that nothing older waits."""
    s = ed.base
    g = s.pending[-1]
    tp = s.turn_player
    one = len(g.effects) == 1
    what = c.without_lead(g.effects[0].label) if one else cap.text("word.n_effects", count=len(g.effects))
    ed.tell("pending.derived" if older else "pending.derived_alone", what=what,
            older=older[-1].number if older else 0, number=g.number, resolving=_resolving(s, f))
    if any(p.owner != tp for p in g.effects) and any(p.owner == tp for o in older for p in o.waiting):
        ed.tell("pending.derived_non_turn", player=c.pname(1 - tp))


def new_generation_caption(ed: c.Edit, f: FlushFrame) -> c.Edit:
    """Say on ``ed`` what the generation just pushed (the newest of ``ed.base.pending``) is: derived triggering when
    an older generation still waits (CR 15-4-5-1/-2, and 15-4-5-3 for the non-turn player), else simultaneous
    triggering (CR 15-4-3-2). ``ed`` must not have changed the caption yet (its base's caption is read)."""
    s = ed.base
    g = s.pending[-1]
    older = [x for x in s.pending[:-1] if x.waiting]
    # derived with nothing older waiting: said only with the step that activated the effect (no step of its own)
    derived = f.cause.startswith(_ACTIVATION) and len(s.pending) > 1 and bool(s.caption)
    if derived and not older and len(g.effects) > 1:
        ed.tell("pending.simultaneous", count=len(g.effects), number=g.number)
        ed.tell("pending.nothing_jumped")
    elif derived or older:
        _derived_caption(ed, f, older)
    elif len(g.effects) > 1:
        ed.tell("pending.simultaneous", count=len(g.effects), number=g.number)
    elif f.cause in _BATTLE_CAUSES:
        ed.tell("pending.one_waits", label=c.without_lead(g.effects[0].label), number=g.number)
    for pe in g.effects:  # a keyword's own trigger rule (CR 16-7-2, 16-13-2)
        key = keyword_caption(s, pe.effect.name, "triggers", pe.source)
        if key is not None:
            ed.tell(key, card=c.label(s, pe.source))
    if f.cause in _BATTLE_CAUSES:
        ed.tell("battle.triggers_first")
    return ed
