"""Card functions for ST22 cards: ST22-05 Sakuyamon (R57): a Pipe Fox token (CR 4-21), then an [Onmyōjutsu]/[Plug-
In] Option for free (CR 9-1).

Registered when :mod:`digiteach.engine.custom` is imported; the protocol is in :mod:`digiteach.engine.customs`.
"""

from __future__ import annotations

from digiteach.cards import load_library
from digiteach.decisions import Option
from digiteach.engine import core as c
from digiteach.engine import ops
from digiteach.engine.ask import DecisionKind, ask
from digiteach.engine.custom.common import use_option_inline
from digiteach.engine.customs import CustomResult, register_custom
from digiteach.state import ActivateFrame, State

__all__: list[str] = []


PIPE_FOX = "TOKEN-1"
"""Library number of the Pipe Fox token (digiteach/cards/rulings.yaml; tokens have no printed number)."""


def _st22_05_fox_then_option(s: State, f: ActivateFrame) -> CustomResult:
    """ST22-05 Sakuyamon (R57): you may play 1 Pipe Fox token (a 6000 DP yellow <Blocker> Digimon, CR 4-21); then
    you may use 1 Option with the [Onmyōjutsu] or [Plug-In] trait from your hand without paying its cost (used as
    in CR 9-1, inside this effect). Answers: ``picked[0]`` token yes (1) / no (-1), ``picked[1]`` the Option."""

    p = f.owner
    if not f.picked:
        return c.say(ask(s, p, DecisionKind.OPTIONAL, f"{c.pname(p)}: play a Pipe Fox token?",
                          [Option("Play a Pipe Fox token", 1), Option("Don't play a token", -1)], "CR 15-9"),
                     f"{c.pname(p)} may play a Pipe Fox token.", "CR 15-9")
    if len(f.picked) == 1:
        if f.picked[0] == 1:
            s, uid = c.create_token(s, p, load_library()[PIPE_FOX])
            s = c.say(s, f"{c.pname(p)} creates a Pipe Fox token (a card made by an effect).", "CR 4-21")
            s = ops.play_card(s, p, uid)
        else:
            s = c.say(s, f"{c.pname(p)} plays no token.")
    options = [u for u in s.players[p].hand if c.card(s, u).kind == "Option"
               and {"Onmyōjutsu", "Plug-In"} & set(c.card(s, u).traits)]
    if not options:
        return c.say(s, f"{c.pname(p)} has no [Onmyōjutsu] or [Plug-In] Option in hand, so none is used.", "CR 1-3-2")
    if len(f.picked) == 1:
        return ask(s, p, DecisionKind.USE, f"{c.pname(p)}: use an [Onmyōjutsu]/[Plug-In] Option for free?",
                    [Option(f"Use {c.label(s, u)}", u) for u in options] + [Option("Don't use an Option", -1)],
                    "CR 15-9")
    chosen = f.picked[1]
    if chosen == -1 or chosen not in s.players[p].hand:
        return c.say(s, f"{c.pname(p)} uses no Option.")
    return use_option_inline(s, p, chosen)


register_custom("st22_05_fox_then_option", _st22_05_fox_then_option)
