"""The words a keyword's own rule adds when its effect triggers or activates (CR ch.16), chosen by where the effect's
card is: <Ascension> (CR 16-43) and <Save> (CR 16-20) place their own card from the trash, so for a token (removed
from the game instead of trashed, CR 4-21-5) or a card that has already left the trash their captions say that nothing
will be placed (CR 1-3-2) rather than what would be. :func:`battle_silence` says why a keyword a judge would look for
at a battle deletion does not trigger or is not offered there (<Retaliation>, <Decoy>, <Barrier>, <Evade>), and
:func:`piercing_silence` why <Piercing> does not trigger when an effect saved the Digimon it battled."""

from __future__ import annotations

from digiteach import captions as cap
from digiteach.engine import core as c
from digiteach.engine.printed_only import may_name_any
from digiteach.state import Stack, State

__all__ = ["keyword_caption", "battle_silence", "piercing_silence"]


def keyword_caption(s: State, effect_name: str, moment: str, card: int) -> str | None:
    """The caption key of :func:`digiteach.captions.keyword_key` (``moment``: "triggers", "activates", ...) for the
    keyword effect ``effect_name`` of the card with uid ``card``; where the catalogue has them, its ``_token``
    variant when that card is a token and its ``_gone`` variant when the card is not in its owner's trash. None when
    the keyword's rule adds nothing at ``moment``."""
    key = cap.keyword_key(effect_name, moment)
    if key is None:
        return None
    token, gone = f"{key}_token", f"{key}_gone"
    if token not in cap.CAPTIONS and gone not in cap.CAPTIONS:
        return key
    if c.card(s, card).token:
        return token if token in cap.CAPTIONS else key
    if card not in s.players[s.owners[card]].trash:
        return gone if gone in cap.CAPTIONS else key
    return key


_SILENT = ("Retaliation", "Barrier", "Decoy", "Evade")
"""The keywords :func:`battle_silence` speaks of."""


def battle_silence(s: State, deleted: list[tuple[int, Stack]]) -> list[tuple[str, dict[str, str]]]:
    """Why a keyword on the board does nothing for the Digimon ``deleted`` ((player, stack) each, read in ``s`` before
    they leave) deleted in battle: (caption key, its fields) for each Digimon that has the keyword, nothing for a
    board without it.

    - <Retaliation> of a deleted Digimon does not trigger when the battle deleted another Digimon with it: it
      triggers only when just its own Digimon is deleted in battle (CR 16-13-2);
    - <Barrier> of a deleted Digimon is not offered when its player has no security card to trash (CR 16-25-1,
      15-7-2);
    - <Decoy> of a deleted Digimon's player's other Digimon is not offered: it acts only on a deletion by an
      opponent's effect, and a battle deletion is none (CR 16-18);
    - <Evade> of a deleted Digimon is not offered when it is already suspended: it prevents the deletion only by
      suspending it (CR 16-22, 15-7-2).

    A board where no stack can have one of the four keywords (``printed_only.may_name_any``) is passed over at once.
    """
    if not may_name_any(s, (s.players[0].battle, s.players[1].battle), _SILENT):
        return []
    out: list[tuple[str, dict[str, str]]] = []
    gone = {st.iid for _p, st in deleted}
    for p, st in deleted:
        card = c.label(s, st.top)
        if len(deleted) > 1 and c.has_keyword(s, st.iid, "Retaliation"):
            out.append(("keyword.retaliation.not_alone", {"card": card}))
        if c.has_keyword(s, st.iid, "Barrier") and not s.players[p].security:
            out.append(("keyword.barrier.no_security", {"card": card, "player": c.pname(p)}))
        if st.suspended and c.has_keyword(s, st.iid, "Evade"):
            out.append(("keyword.evade.suspended", {"card": card}))
    for p in sorted({p for p, _st in deleted}, key=lambda q: q != s.turn_player):
        names = ", ".join(c.label(s, st.top) for q, st in deleted if q == p)
        for other in s.players[p].battle:
            if other.iid in gone:
                continue
            decoy = next((k for k in sorted(c.keywords_of(s, other.iid)) if k.split(" (", 1)[0] == "Decoy"), None)
            if decoy is not None:
                out.append(("keyword.decoy.battle", {"keyword": f"<{decoy}>", "card": c.label(s, other.top),
                                                     "names": names}))
    return out


def piercing_silence(s: State, saved: tuple[int, ...], pairs: tuple[tuple[int, int], ...]) -> list[tuple[str, dict[str, str]]]:
    """Why the attacking Digimon's <Piercing> does not trigger when an immediate effect (<Barrier>, <Evade>, <Armor
    Purge> ...) saved the Digimon it battled: it triggers only when that Digimon is deleted in battle (CR 16-7-2,
    15-8-5-2). ``saved``: the iids whose battle deletion was prevented; ``pairs``: (loser, the iid it battled). Nothing
    when no attacker with <Piercing> battled a saved Digimon."""
    att = s.attack
    if att is None or not saved or not c.in_battle_area(s, att.attacker):
        return []
    names = [c.label(s, c.stack(s, loser).top) for loser, winner in pairs
             if winner == att.attacker and loser in saved and c.in_battle_area(s, loser)]
    if not names or not c.has_keyword(s, att.attacker, "Piercing"):
        return []
    return [("keyword.piercing.saved", {"card": c.label(s, c.stack(s, att.attacker).top), "names": ", ".join(names)})]
