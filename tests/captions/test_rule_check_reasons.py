"""Why a rule check finds a Digimon at 0 DP only now, said by what happened (outside trial, session 11): after an
effect, because no rule check runs while an effect is processed (CR 17-1-2-2); in a later check of the same
processing, either because the Digimon reached 0 DP while the last rule check was processed, which no rule check
interrupts (CR 17-1-2-1), or because the deletion that check tried was stopped and a new check is a new cause
(CR 17-1-2-1; QA Q6399, Q6514). English and German."""

from __future__ import annotations

from pathlib import Path

import pytest

from digiteach.scenario import load_scenario
from digiteach.scenario.play import play
from digiteach.views import Step

BOARD = """
id: t-rule-check-reasons
title: one effect, then rule checks that follow one another
source: test
cards:
  - number: X-90
    name: Shrinker
    level: 5
    colors: [Red]
    dp: 9000
    effects:
      - timing: When Attacking
        actions: [{{do: dp, target: {{who: all, whose: opponent}}, amount: -3000, duration: turn}}]
        summary: all opposing Digimon -3000 DP
  - {{number: X-91, name: Small, level: 3, colors: [Blue], dp: 3000, summary: x}}
  - number: X-92
    name: Leaner
    level: 3
    colors: [Blue]
    dp: 3000
    effects:
      - condition: {{kind: another_digimon}}
        persistent: {{kind: dp, amount: 3000}}
        summary: +3000 DP while another Digimon is there
  - {{number: X-93, name: Dodger, level: 3, colors: [Blue], dp: 3000, keywords: [Evade], summary: x}}
  - number: X-94
    name: Follower
    level: 3
    colors: [Blue]
    dp: 3000
    effects:
      - condition: {{kind: exists, target: {{whose: you, name: Small}}}}
        persistent: {{kind: dp, amount: 3000}}
        summary: +3000 DP while Small is there
setup:
  turn_player: A
  memory: A5
  A: {{battle_area: [X-90], deck: 5}}
  B: {{battle_area: [{board}], security: 3, deck: 5}}
action:
  attack: {{with: X-90, target: player}}
choices: {choices}
"""


def _steps(tmp_path: Path, board: str, choices: str, lang: str = "en") -> tuple[Step, ...]:
    path = tmp_path / "board.yaml"
    path.write_text(BOARD.format(board=board, choices=choices), encoding="utf-8")
    return play(load_scenario(str(path)), lang).steps


def _checks(steps: tuple[Step, ...]) -> list[tuple[str, tuple[str, ...]]]:
    """Each rule-check sentence (from "Rule check:" to the end of its caption) with the rules of its step."""
    return [(st.caption[st.caption.index("Rule check:"):], st.rules) for st in steps if "Rule check:" in st.caption]


def test_a_digimon_that_reaches_0_dp_during_a_rule_check_is_found_by_the_next_check(tmp_path: Path) -> None:
    """Small is at 0 DP after the effect: the check after it deletes it (CR 17-1-2-2). Leaner drops to 0 DP only when
    Small leaves, during that check; the next check deletes it, and the reason is CR 17-1-2-1, not 17-1-2-2."""
    checks = _checks(_steps(tmp_path, "X-91, X-92", "[]"))
    assert len(checks) == 2
    first, second = checks
    assert "X-91 Small" in first[0] and "while an effect is being processed" in first[0]
    assert "CR 17-1-2-2" in first[1]
    assert "X-92 Leaner" in second[0] and "X-91" not in second[0]
    assert "while the last rule check was being processed" in second[0]
    assert "while an effect" not in second[0]
    assert "CR 17-1-2-1" in second[1] and "CR 17-1-2-2" not in second[1]


def test_a_digimon_whose_deletion_was_stopped_is_found_again_by_a_new_check(tmp_path: Path) -> None:
    """Dodger at 0 DP uses <Evade>: the deletion does not happen, the game changed (it is suspended), so a new rule
    check follows; it is a new cause (QA Q6399, Q6514), and Dodger, still at 0 DP, is deleted."""
    checks = _checks(_steps(tmp_path, "X-93", '["Use <Evade>"]'))
    assert len(checks) == 2
    again = checks[1]
    assert "X-93 Dodger" in again[0] and "still at 0 DP" in again[0] and "did not happen" in again[0]
    assert "while an effect" not in again[0]
    assert {"CR 17-1-2-1", "Q&A Q6399", "Q&A Q6514"} <= set(again[1]) and "CR 17-1-2-2" not in again[1]


def test_one_check_can_give_both_reasons(tmp_path: Path) -> None:
    """Small and Dodger are at 0 DP after the effect. The check deletes Small, and Dodger evades; Follower (+3000 DP
    only while Small is there) drops to 0 DP as Small leaves. The next check names each reason for its own Digimon."""
    checks = _checks(_steps(tmp_path, "X-91, X-93, X-94", '["Use <Evade>"]'))
    assert len(checks) == 2
    second, rules = checks[1]
    stopped, dropped = second.index("X-93 Dodger is still at 0 DP"), second.index("X-94 Follower is at 0 DP")
    assert "did not happen" in second[stopped:dropped] and "X-91" not in second
    assert "while the last rule check was being processed" in second[dropped:]
    assert {"CR 17-1-2-1", "Q&A Q6399"} <= set(rules) and "CR 17-1-2-2" not in rules


@pytest.mark.parametrize(("board", "choices", "words"), [
    ("X-91, X-92", "[]", "während die letzte Regelprüfung abgehandelt wurde"),
    ("X-93", '["Use <Evade>"]', "neuer Anlass"),
])
def test_the_reasons_in_german(tmp_path: Path, board: str, choices: str, words: str) -> None:
    steps = _steps(tmp_path, board, choices, "de")
    checks = [st.caption for st in steps if "Regelprüfung:" in st.caption]
    assert len(checks) == 2 and words in checks[1] and "Während ein Effekt" not in checks[1].split("Regelprüfung:")[-1]


@pytest.mark.parametrize(("lang", "verb", "singular"), [
    ("en", "are at 0 DP", ("it will be deleted", "the Digimon stayed", "so it stayed")),
    ("de", "sind bei 0 DP", ("es wird gelöscht", "blieb das Digimon", "blieb es")),
])
def test_several_digimon_at_0_dp_are_not_spoken_of_as_one(tmp_path: Path, lang: str, verb: str,
                                                          singular: tuple[str, ...]) -> None:
    """Two Digimon at 0 DP after the effect: one rule check finds both (CR 17-1-2-2, 17-1-3-1-1), and its sentence
    speaks of them as two, never "it stayed at 0 DP ... now it will be deleted" (tester, session 12, rc2)."""
    steps = _steps(tmp_path, "X-91, X-91", "[]", lang)
    first = next(st.caption for st in steps if "Rule check:" in st.caption or "Regelprüfung:" in st.caption)
    sentence = first[first.index("Regelprüfung:" if lang == "de" else "Rule check:"):]
    assert verb in sentence, sentence
    assert not [w for w in singular if w in sentence], sentence


def test_an_option_that_costs_nothing_moves_no_memory() -> None:
    """Jack Raid costs 0: paying a cost moves the marker by exactly that amount (CR 4-2-2), so using it moves nothing,
    and the step says so rather than "for 0 memory (2 on Player A's side → 2 on Player A's side)" (tester,
    session 12)."""
    steps = play(load_scenario("triggered-effects-2")).steps
    use = next(st for st in steps if "uses BT4-111 Jack Raid" in st.caption)
    assert "costs no memory, so the memory gauge does not move" in use.caption
    assert "for 0 memory" not in use.caption and "CR 4-2-2" in use.rules
    with_de = play(load_scenario("triggered-effects-2"), "de").steps[use.index]
    assert "kostet keinen Speicher" in with_de.caption and "für 0 Speicher" not in with_de.caption
