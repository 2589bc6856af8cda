"""Reading a scenario's ``action``: the opening action resolved on the board, later ones planned."""

from __future__ import annotations

import difflib
import re
from typing import Any, Literal, cast

from digiteach.i18n import N_, gettext, pgettext
from digiteach.scenario.board import ParseContext, card_label, resolve_ref
from digiteach.scenario.model import ACTION_KINDS, PLACE, PLAYER_WORDS, PlannedAction
from digiteach.setup import Action, StackRef

def _action_kind(ctx: ParseContext, raw: dict[str, Any], at: tuple[str | int, ...]) -> str | None:
    kinds = [k for k in raw if k in ACTION_KINDS]
    if len(kinds) != 1:
        ctx.error(at, gettext("no action kind given") if not kinds else
                  gettext("several action kinds given: {kinds}").format(kinds=", ".join(kinds)),
                  gettext("exactly one of: {kinds} (a list under action: for several actions)").format(
                      kinds=", ".join(sorted(ACTION_KINDS))))
        return None
    return kinds[0]


def _extra(raw: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    return tuple((str(k), str(v).lower() if isinstance(v, bool) else str(v)) for k, v in (raw.get("extra") or {}).items())


Path = tuple[str | int, ...]


def _turn_player(ctx: ParseContext) -> tuple[str, str]:
    assert ctx.setup is not None
    tp = ctx.setup.turn_player
    return tp, "B" if tp == "A" else "A"


def _attack(ctx: ParseContext, body: Any, path: Path, extra: tuple[tuple[str, str], ...]) -> Action:
    tp, opp = _turn_player(ctx)
    card = resolve_ref(ctx, body["with"], (*path, "with"), players=[tp], role=N_("the attacker"), breeding=False)
    t = body.get("target", "player")
    target: StackRef | None = None
    if not (t.strip().lower() in PLAYER_WORDS or t.strip() in (opp, f"Player {opp}")):
        target = resolve_ref(ctx, t, (*path, "target"), players=[opp], role=N_("the attack target"), breeding=False,
                             also=("player",))
    return Action(kind="attack", card=card, target=target, extra=extra)


def _in_hand(ctx: ParseContext, number: str, path: Path) -> bool:
    """Record an error unless ``number`` is a known card in the turn player's hand."""
    assert ctx.setup is not None
    tp, _ = _turn_player(ctx)
    hand = ctx.setup.sides[0 if tp == "A" else 1].hand
    ctx.card(number, path)
    if number in ctx.library and number not in hand:
        ctx.error(path, gettext("{number} is not in Player {player}'s hand").format(number=repr(number), player=tp),
                  gettext("a card in setup.{player}.hand: {cards}").format(
                      player=tp, cards=", ".join(hand) or gettext("(the hand is empty)")))
        return False
    return number in ctx.library


def _digivolve(ctx: ParseContext, body: Any, path: Path, extra: tuple[tuple[str, str], ...]) -> Action:
    tp, _ = _turn_player(ctx)
    card = resolve_ref(ctx, body["digimon"], (*path, "digimon"), players=[tp], role=N_("the Digimon that digivolves"))
    into = body["into"]
    if _in_hand(ctx, into, (*path, "into")) and getattr(ctx.library[into], "kind", "Digimon") != "Digimon":
        ctx.error((*path, "into"), gettext("{card} is a {kind} card; only a Digimon card can be digivolved into").format(
                  card=card_label(ctx, into), kind=ctx.library[into].kind), gettext("a Digimon card from the hand"))
    return Action(kind="digivolve", card=card, hand_card=into, cost=body.get("cost"), extra=extra)


def _play_or_use(kind: str) -> Any:
    def parse(ctx: ParseContext, number: Any, path: Path, extra: tuple[tuple[str, str], ...]) -> Action:
        assert ctx.setup is not None
        tp, _ = _turn_player(ctx)
        if _in_hand(ctx, number, path):
            wanted = ("Option",) if kind == "use" else ("Digimon", "Tamer")
            card_kind = getattr(ctx.library[number], "kind", None)
            dual = kind == "use" and getattr(ctx.library[number], "use_cost", None) is not None  # DUAL (CR 4-20)
            if card_kind is not None and card_kind not in wanted and not dual:
                hand = ctx.setup.sides[0 if tp == "A" else 1].hand
                fits = [n for n in hand if getattr(ctx.library.get(n), "kind", None) in wanted]
                takes = (gettext("{card} is a {kind} card; use: takes an Option card") if kind == "use" else
                         gettext("{card} is a {kind} card; play: takes a Digimon or Tamer card"))
                ctx.error(path, takes.format(card=card_label(ctx, number), kind=card_kind),
                          gettext("one of {cards}").format(cards=", ".join(fits)) if fits else
                          gettext("no card in Player {player}'s hand fits").format(player=tp))
        return Action(kind=cast(Literal["play", "use"], kind), hand_card=number, extra=extra)
    return parse


def _activate(ctx: ParseContext, body: Any, path: Path, extra: tuple[tuple[str, str], ...]) -> Action:
    tp, _ = _turn_player(ctx)
    card = resolve_ref(ctx, body, path, players=[tp], role=N_("the card whose [Main] effect activates"))
    return Action(kind="activate", card=card, extra=extra)


_PARSERS = {"attack": _attack, "digivolve": _digivolve, "play": _play_or_use("play"), "use": _play_or_use("use"),
            "activate": _activate}


def parse_action(ctx: ParseContext, raw: dict[str, Any], at: Path = ("action",)) -> Action:
    """The opening action, its Digimon resolved on the starting board (errors recorded in ``ctx``)."""
    kind = _action_kind(ctx, raw, at)
    if kind is None:
        return Action(kind="pass")
    if kind in _PARSERS:
        return cast(Action, _PARSERS[kind](ctx, raw[kind], (*at, kind), _extra(raw)))
    return Action(kind=cast(Literal["pass", "end_turn", "start_turn"], kind), extra=_extra(raw))


_BEFORE_MAIN = ("unsuspend phase", "draw phase", "breeding phase")  # Phase values (terms.py translates them)


def phase_problem(phase: str, kind: str, player: str, memory: int = 0) -> tuple[str, str] | None:
    """(what is wrong, what would be right) when the action ``kind`` (as a file names it) cannot begin in ``phase``
    (a :class:`~digiteach.terms.Phase` value) of Player ``player``'s turn, else None: in the unsuspend, draw and
    breeding phases only ``start_turn`` (CR 6-2 to 6-4), at the end of turn only ``end_turn`` (CR 6-6), in the main
    phase anything but ``start_turn`` (CR 6-5-1), and with the memory on the opponent's side (``memory`` below 0,
    signed from the turn player's side) only ``end_turn`` (CR 6-1-4-1). Worded for file users: the keys of
    ``action:``, not the Python API.
    """
    if phase in _BEFORE_MAIN and kind != "start_turn":
        return (gettext("Player {player} is in the {phase}, and '{kind}:' is an action of the main phase (CR 6-5-1)").format(
                    player=player, phase=pgettext("term", phase), kind=kind),
                gettext("'start_turn: true' first (a list under action:), which plays the turn up to its main phase "
                        "(CR 6-2 to 6-4), then this action; or setup.phase: main"))
    if phase == "end of turn" and kind != "end_turn":
        return (gettext("Player {player}'s turn is at its end, and '{kind}:' is an action of the main phase "
                        "(CR 6-5-1)").format(player=player, kind=kind),
                gettext("'end_turn: true', which plays the end of the turn (CR 6-6); or setup.phase: main"))
    if phase == "main phase" and memory < 0 and kind not in ("end_turn", "start_turn"):
        other = "B" if player == "A" else "A"
        return (gettext("Player {other} has {memory} memory, so the turn-end condition is met and Player {player} takes "
                        "no more actions (CR 6-1-4-1)").format(other=other, memory=-memory, player=player),
                gettext("'end_turn: true', which plays the end of the turn (CR 6-6); or memory on Player {player}'s "
                        "side").format(player=player))
    if phase == "main phase" and kind == "start_turn":
        return (gettext("Player {player} is already in the main phase: 'start_turn:' plays the unsuspend, draw and "
                        "breeding phases of a turn that has not reached it").format(player=player),
                gettext("setup.phase: unsuspend, draw or breeding; or another action"))
    return None


def plan_action(ctx: ParseContext, raw: dict[str, Any], at: tuple[str | int, ...]) -> PlannedAction:
    """A later action: checked for form now, its Digimon found on the board when its turn comes."""
    kind = _action_kind(ctx, raw, at)
    line = ctx.line(at)
    if kind is None:
        return PlannedAction(kind="pass", line=line)
    body = raw[kind]
    path: tuple[str | int, ...] = (*at, kind)

    def ref(text: str, where: tuple[str | int, ...]) -> str:
        if PLACE.match(text) or text in ctx.aliases or text.strip().lower() in PLAYER_WORDS or text in ("A", "B"):
            return text
        if re.fullmatch(r"[A-Z]{1,5}[0-9]{0,3}-[0-9]{1,4}", text):
            ctx.card(text, where)
            return text
        close = difflib.get_close_matches(text, list(ctx.aliases), n=1, cutoff=0.6)
        ctx.error(where, gettext("{text} is not a card number, an alias or a place").format(text=repr(text))
                  + (" " + gettext("(did you mean {name}?)").format(name=repr(close[0])) if close else ""),
                  gettext("a top card number, an alias given with name: ({aliases}), or a place like 'A.battle[0]'").format(
                      aliases=", ".join(ctx.aliases) or gettext("none given")))
        return text

    if kind == "attack":
        return PlannedAction(kind=kind, card=ref(body["with"], (*path, "with")),
                             target=ref(body.get("target", "player"), (*path, "target")), extra=_extra(raw), line=line)
    if kind == "digivolve":
        ctx.card(body["into"], (*path, "into"))
        return PlannedAction(kind=kind, card=ref(body["digimon"], (*path, "digimon")), hand_card=body["into"],
                             cost=body.get("cost"), extra=_extra(raw), line=line)
    if kind in ("play", "use"):
        ctx.card(body, path)
        return PlannedAction(kind=kind, hand_card=body, extra=_extra(raw), line=line)
    if kind == "activate":
        return PlannedAction(kind=kind, card=ref(body, path), extra=_extra(raw), line=line)
    return PlannedAction(kind=kind, extra=_extra(raw), line=line)
