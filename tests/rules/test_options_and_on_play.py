"""Options used by effects (CR 9-1), a Tamer's [On Play] (CR 15-16-2-1), "by deleting" costs (CR 15-7-2),
memory-gain prohibitions (CR 15-1-3) and free plays with a choice (CR 15-10-2, 15-9)."""

from __future__ import annotations

from boards import activated, board, memory_a, names, play, side, stack
from digiteach.setup import Action, StackRef


def use(card: str) -> Action:
    return Action("use", hand_card=card)


def test_tamer_on_play_triggers_when_played_by_an_effect() -> None:
    """CR 15-16-2-1: [On Play] triggers when its card is played, Tamers included: T.K. Takaishi played by
    Trident Revolver activates and takes the chosen security card to hand; yellow, so Recovery +1."""
    setup = board(side("ST1-06", hand=("BT4-100", "BT1-087"), security=("BT1-064", "ST3-03", "BT1-064"),
                       deck=("BT1-064",) * 3),
                  side("BT2-070"), memory=7)
    h = play(setup, use("BT4-100"), ["Play BT1-087", "Add ST3-03"])
    end = h[-1]
    assert "Activate [On Play] of BT1-087 T.K. Takaishi: return to hand, <Recovery +1>" in activated(end)
    assert names(end, "A", "hand") == ["ST3-03"]
    assert len(end.players[0].security) == 3
    assert names(end, "A", "battle") == ["ST1-06", "BT1-087"]


def test_optional_play_may_play_nothing() -> None:
    """CR 15-9: Trident Revolver's Tamer play is optional; "Play nothing" leaves the Tamer in hand."""
    setup = board(side("ST1-06", hand=("BT4-100", "BT1-087")), side("BT2-070"), memory=7)
    h = play(setup, use("BT4-100"), ["Play nothing"])
    assert names(h[-1], "A", "hand") == ["BT1-087"]
    assert names(h[-1], "B", "battle") == []


def test_by_deleting_nothing_means_the_rest_does_not_happen() -> None:
    """CR 15-7-2: Heat Viper deletes opposing Digimon only if A deleted one of its own first."""
    setup = board(side("BT5-071", hand=("BT2-109",)), side("ST5-08", "ST5-08"), memory=6)
    h = play(setup, use("BT2-109"), ["Choose no more"])
    assert names(h[-1], "A", "battle") == ["BT5-071"]
    assert names(h[-1], "B", "battle") == ["ST5-08", "ST5-08"]
    assert names(h[-1], "A", "trash") == ["BT2-109"]


def test_memory_gain_prohibited_except_from_tamers() -> None:
    """CR 15-1-3: with B's Terriermon in play A's Lilithmon gains nothing but is still activated and uses its
    [Once Per Turn] (CR 15-14-1-4); A's Tamer Mimi Tachikawa still gains memory."""
    setup = board(side("BT3-091", "BT3-096", hand=("BT4-111",)), side("BT3-046"), memory=2)
    h = play(setup, use("BT4-111"), ["Activate [Your Turn] of BT3-091", "Activate [All Turns] of BT3-096"])
    end = h[-1]
    assert "Activate [Your Turn] of BT3-091 Lilithmon: +2 memory" in activated(end)
    assert memory_a(end) == 3  # only Mimi's 1
    assert any(h[-2].cards[k[1]].number == "BT3-091" for k, _ in h[-2].uses)


def test_option_used_by_digi_burst_joins_one_generation() -> None:
    """CR 9-1, 15-4-3-2, 4-16-2: P-027's <Digi-Burst 2> trashes Ghostmon and uses Heat Viper inline; every
    trigger (Ghostmon's from the trash, Lilithmon's use trigger, Tapirmon's and MaloMyotismon's deletion
    triggers) is pending in a single generation, and Ghostmon returns to hand."""
    setup = board(side(stack("P-027", "BT2-075", "BT4-077"), "BT3-091", "BT2-070", hand=("BT2-109",)),
                  side("BT3-092", "ST6-08"), memory=3)
    h = play(setup, Action("activate", card=StackRef("A", 0)),
             ["Choose BT2-070", "Choose ST6-08", "Activate [Your Turn] of BT4-077"])
    first = next(s for s in h if s.pending)
    assert len(first.pending) == 1
    labels = {e.label for e in first.pending[0].effects}
    assert labels == {"Activate [Your Turn] of BT4-077 Ghostmon: return to hand", "Activate [Your Turn] of BT3-091 Lilithmon: +2 memory",
                      "Activate [On Deletion] of BT2-070 Tapirmon: <Draw 1>", "Activate [All Turns] of BT3-092 MaloMyotismon: +1 memory (for Tapirmon)",
                      "Activate [All Turns] of BT3-092 MaloMyotismon: +1 memory (for Devimon)"}
    end = h[-1]
    assert "BT4-077" in names(end, "A", "hand")
    assert set(names(end, "A", "trash")) == {"BT2-075", "BT2-109", "BT2-070"}
    assert activated(end)[-1] == "Activate [Your Turn] of BT4-077 Ghostmon: return to hand"
