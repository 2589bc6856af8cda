"""<Delay> (CR 16-17) and Option cards placed in the Battle Area (CR 4-28), step by step: the placing action, the
Option's place on the board (no DP, no attack, no block, no target of "1 of your opponent's Digimon"), the [Main]
<Delay> activated from the Battle Area (not the turn it was placed), a "when ..." <Delay> (optional), and the
loader's errors."""

from __future__ import annotations

import pytest
from boards import LIB, activated, attack, board, cards, memory_a, names, play, side, stack

from digiteach.cards import CardDataError, card_from_dict
from digiteach.decisions import IllegalAction
from digiteach.diagrams import DIAGRAMS
from digiteach.engine import begin, board_view, initial_state, legal_attacks, run, to_step
from digiteach.i18n import language
from digiteach.setup import Action, StackRef
from digiteach.state import State

DINO = "BT7-102"   # [Main] suspend 1 opposing Digimon, then place this card; [Main] <Delay> gain 2 memory
MIMI = "BT3-096"   # Tamer: whenever an Option is used, may suspend itself for 1 memory


def activate(index: int, player: str = "A") -> Action:
    return Action("activate", card=StackRef(player, index))  # type: ignore[arg-type]


def test_a_used_option_that_places_itself_stays_in_the_battle_area_not_the_trash() -> None:
    """CR 9-1-5, 4-28-1: the used card goes to no area, its [Main] places it in the Battle Area, so it is not trashed
    after the effect, and the rule check leaves it (CR 17-1-3-2-2). Its [Main] <Delay> is not processed on use."""
    history = play(board(side("BT1-064", hand=[DINO]), side("BT1-080")), Action("use", hand_card=DINO))
    end = history[-1]
    assert names(end, "A", "battle") == ["BT1-064", DINO]
    assert DINO not in names(end, "A", "trash")
    assert end.players[1].battle[0].suspended  # the first half: B's Titamon suspended
    assert memory_a(end) == 0  # 3 paid, and no <Delay> gain
    placed = end.players[0].battle[1]
    assert placed.by_effect and placed.placed_this_turn


def test_delay_cannot_be_activated_in_the_turn_the_card_was_placed() -> None:
    """CR 16-17-3: the Option placed by its own [Main] this turn cannot have its <Delay> activated now."""
    history = play(board(side("BT1-064", hand=[DINO], deck=["ST3-03"] * 5), side("BT1-080"), memory=5),
                   Action("use", hand_card=DINO))
    with pytest.raises(IllegalAction, match="CR 16-17-3"):
        begin(history[-1], activate(1))


def test_delay_from_an_earlier_turn_trashes_the_card_and_gains_memory_without_a_use() -> None:
    """CR 16-17-1: trashing the card is the cost, then the effect below it; activating it is not using an Option card,
    so Mimi Tachikawa's "when a player uses an Option card" does not trigger (Q&A Q1128)."""
    history = play(board(side("BT1-064", MIMI, DINO), side("BT1-080")), activate(2))
    end = history[-1]
    assert names(end, "A", "battle") == ["BT1-064", MIMI]
    assert names(end, "A", "trash") == [DINO]
    assert memory_a(end) == 5
    assert activated(end) == [f"Activate <Delay> of {DINO} Dino Memory Boost!"]
    assert not end.players[0].battle[1].suspended
    assert any("CR 16-17-1" in s.rules for s in history)


def test_only_the_owner_activates_a_delay() -> None:
    """CR 16-17-1: the opponent's Option card in the Battle Area is not the turn player's to trash."""
    s = initial_state(board(side("BT1-064"), side("BT1-080", DINO)), LIB)
    with pytest.raises(IllegalAction, match="CR 16-17-1"):
        begin(s, activate(1, "B"))


def test_an_options_own_main_is_not_activated_from_the_battle_area() -> None:
    """CR 9-1, 16-17-1: on the field an Option card offers only its [Main] <Delay>; a card without one has nothing."""
    s = initial_state(board(side("BT1-064", "BT2-109"), side("BT1-080")), LIB)
    with pytest.raises(IllegalAction, match="no \\[Main\\] <Delay>"):
        begin(s, activate(1))


def test_an_option_in_the_battle_area_is_no_digimon() -> None:
    """CR 4-28-1: no DP, it never attacks, is never attacked (nor suspended) and is not "1 of your opponent's
    Digimon": Dino Memory Boost!'s suspension finds nothing when B has only an Option there."""
    s = initial_state(board(side("BT1-064", DINO), side(DINO)), LIB)
    assert legal_attacks(s) == [(s.players[0].battle[0].iid, -1)]
    history = play(board(side("BT1-064", hand=[DINO]), side(DINO)), Action("use", hand_card=DINO))
    end = history[-1]
    assert not end.players[1].battle[0].suspended
    assert names(end, "A", "battle") == ["BT1-064", DINO]
    view = board_view(end).sides[1].battle_area[0]
    assert (view.kind, view.dp, view.keywords) == ("Option", None, ("Delay",))


def test_a_checked_security_card_that_places_itself_is_not_trashed() -> None:
    """CR 13-1-8-4 trashes a checked card, unless its [Security] effect placed it somewhere: here B's Battle Area."""
    history = play(board(side("BT1-080"), side(security=[DINO, "BT1-064"])), attack())
    end = history[-1]
    assert names(end, "B", "battle") == [DINO]
    assert DINO not in names(end, "B", "trash")
    assert end.players[1].battle[0].placed_this_turn


def test_the_board_diagram_shows_the_option_in_both_languages() -> None:
    """The learner sees the Option card in the Battle Area: its kind, placed by an effect, and <Delay>."""
    history = play(board(side("BT1-064", MIMI, DINO), side("BT1-080")), activate(2))
    step = to_step(history, 0)
    draw = DIAGRAMS["board"]
    assert "Dino Memory Boost!</B><BR/>Option card, placed by an" in draw.build(step, None).source
    assert f"{DINO} Dino Memory Boost!, Option card, placed by an effect, <Delay>" in draw.describe(step, None)
    with language("de"):
        assert "Optionskarte, von einem Effekt gelegt, <Delay>" in draw.describe(step, None)


TRIGGERED = {"number": "T-DLY", "name": "Test Delay", "kind": "Option", "colors": ["Red"], "use_cost": 1,
             "effects": [{"keyword": "Delay", "when": {"event": "attacks", "whose": "you"}, "scope": "Your Turn",
                          "actions": [{"do": "gain_memory", "amount": 1}], "summary": "Attacks pay 1 memory."}],
             "summary": "A test Option with a triggered <Delay>."}


@pytest.mark.parametrize("answer,kept", [("Activate <Delay> of T-DLY", False), ("Don't activate <Delay> of T-DLY", True)])
def test_a_when_delay_triggers_and_its_owner_chooses(answer: str, kept: bool) -> None:
    """CR 16-17-2: <Delay> is optional; activated, it trashes the card and gains; declined, the card stays."""
    lib = cards(TRIGGERED)
    history = play(board(side("BT1-064", "T-DLY"), side(security=["BT1-064"])), attack(), [answer], cards=lib)
    end = history[-1]
    assert ("T-DLY" in names(end, "A", "battle")) is kept
    assert ("T-DLY" in names(end, "A", "trash")) is not kept


def test_a_when_delay_on_a_card_placed_this_turn_is_not_offered() -> None:
    """CR 16-17-3: placed this turn, its <Delay> triggers but cannot be activated, so its owner is not asked; the card
    stays and nothing is gained (the caption says why)."""
    lib = cards(TRIGGERED)
    s0 = initial_state(board(side("BT1-064", stack("T-DLY", placed=True)), side(security=["BT1-064"])), lib)
    history: list[State] = [s0] + run(begin(s0, attack()), [])
    end = history[-1]
    assert all(s.decision is None for s in history)
    assert "T-DLY" in names(end, "A", "battle") and memory_a(end) == 3
    assert any("CR 16-17-3" in s.rules for s in history)


def test_a_main_delay_is_not_declared_while_processing_is_unresolved() -> None:
    """Q&A Q4741 (EX9-070): a [Main] <Delay> is declared only with nothing unresolved (CR 6-5-1), so not in the middle
    of an attack; once everything is resolved, it can be."""
    s = initial_state(board(side("BT1-080", DINO), side(security=["BT1-064"])), LIB)
    mid = begin(s, attack())
    assert mid.frames
    with pytest.raises(IllegalAction, match="CR 6-5-1"):
        begin(mid, activate(1))
    after = run(mid, [])[-1]
    assert not after.frames and begin(after, activate(1)).frames


@pytest.mark.parametrize("card,path,words", [
    ({"kind": "Digimon", "level": 3, "dp": 1000}, "kind", "expected kind: Option, got Digimon"),
    ({"effects": [{"keyword": "Delay", "actions": [{"do": "draw", "amount": 1}], "summary": "x"}]},
     "effects.0.keyword", "needs 'timing: Main'"),
    ({"effects": [{"keyword": "Delay", "timing": "Counter", "actions": [{"do": "draw", "amount": 1}],
                   "summary": "x"}]}, "effects.0.timing", "not as a [Counter] effect"),
    ({"effects": [{"keyword": "Blocker", "timing": "Main", "actions": [{"do": "draw", "amount": 1}],
                   "summary": "x"}]}, "effects.0.actions", "only <Delay> takes 'actions:'"),
    ({"security": [{"keyword": "Delay", "actions": [{"do": "draw", "amount": 1}], "summary": "x"}]},
     "security.0.timing", "not as a [Security] effect"),
    ({"effects": ["Delay"]}, "effects.0.keyword", "needs its trigger and actions"),
])
def test_the_loader_refuses_a_delay_it_cannot_model(card: dict[str, object], path: str, words: str) -> None:
    """Each mistake names the file, the field and what would be right."""
    data: dict[str, object] = {"number": "T-BAD", "name": "Bad", "kind": "Option", "colors": ["Red"], "use_cost": 1,
                               "effects": [{"keyword": "Delay", "timing": "Main",
                                            "actions": [{"do": "draw", "amount": 1}], "summary": "x"}],
                               "summary": "A bad card."}
    data.update(card)
    with pytest.raises(CardDataError) as err:
        card_from_dict(data, "bad.yaml")
    assert "bad.yaml" in str(err.value) and path in str(err.value) and words in str(err.value)
