"""Every ``expect`` key, with one outcome the rules give (passes) and one they do not (fails).

The board is the wiki's Attack Resolution example 1 (``valid/attack_ex1.yaml``): HerculesKabuterimon
(BT1-081 over BT1-079 Lillymon, 10000 DP, named Hercules) attacks Player B, who blocks with ST4-08
Kabuterimon (<Blocker>, 5000 DP). The expected values below follow from the rules, not from a trace:
the block makes Kabuterimon the target (CR 12-1-7-1), one battle is fought and Kabuterimon is deleted
(CR 14-2, 4-15-1), <Piercing> is activated but B has no security card to check (CR 16-7-4), the
[End of Attack] effect (twice per turn, optional) is activated for 3 memory, and with 2 memory left on
A's side the turn goes on (CR 6-1-4-1).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from digiteach.scenario import check, load_scenario

HERE = Path(__file__).parent
BASE = (HERE / "valid" / "attack_ex1.yaml").read_text(encoding="utf-8")
HEAD = BASE[: BASE.index("expect:")]
NOTES = BASE[BASE.index("notes:"):]

# (expect block, passes?) — each key once right and once wrong.
CASES = {
    "dp": ("dp: {Hercules: 10000}", "dp: {Hercules: 9000}"),
    "dp by place": ('dp: {"A.battle[0]": 10000}', 'dp: {"A.battle[0]": 5000}'),
    "attacks": ("attacks: 1", "attacks: 2"),
    "battles": ("battles: 1", "battles: 0"),
    "attack_target": ("attack_target: ST4-08", "attack_target: player"),
    "offered": ("offered: [Block with ST4-08]", "offered: [Block with BT1-064]"),
    "not_offered": ("not_offered: [Block with BT1-064]", "not_offered: [Block with ST4-08]"),
    "effects": ("effects: {Piercing: activated, End of Attack: activated, Security: never_triggered}",
                "effects: {Piercing: never_triggered}"),
    "turn_player": ("turn_player: A", "turn_player: B"),
    "phase": ("phase: main", "phase: end of turn"),
    "turn_passed": ("turn_passed: false", "turn_passed: true"),
    "per_turn_used": ("per_turn_used: [BT1-081]", "per_turn_used: []"),
    "deck": ("deck: {B: [BT1-064, BT1-064]}", "deck: {B: 3}"),
    "deck includes": ("deck: {B: {includes: [BT1-064], count: 2}}", "deck: {B: {includes: [ST4-08]}}"),
    "trash includes": ("trash: {B: {includes: [ST4-08]}}", "trash: {B: {includes: [BT1-064]}}"),
    "trash exactly": ("trash: {B: [ST4-08], A: 0}", "trash: {B: [ST4-08, BT1-064]}"),
    "hand count": ("hand: {A: 0, B: 0}", "hand: {A: 1}"),
    "breeding_area": ("breeding_area: {A: null, B: null}", "breeding_area: {A: [BT1-064]}"),
    "revealed": ("revealed: []", "revealed: [BT1-064]"),
    "security cards": ("security: {B: []}", "security: {B: [BT1-064]}"),
    "activation_order group": (
        'activation_order: [[Piercing, "When Attacking"], "End of Attack"]',
        'activation_order: [Piercing, "When Attacking", "End of Attack"]'),
    "suspended by alias": ("suspended: {Hercules: false}", "suspended: {Hercules: true}"),
}


def scenario_file(tmp_path: Path, expect: str, head: str = HEAD) -> Path:
    path = tmp_path / "case.yaml"
    path.write_text(head + "expect:\n  " + expect + "\n" + NOTES, encoding="utf-8")
    return path


@pytest.mark.parametrize("key", sorted(CASES))
def test_expect_key_passes_when_the_rules_agree(tmp_path: Path, key: str) -> None:
    assert check(load_scenario(scenario_file(tmp_path, CASES[key][0]))) == []


@pytest.mark.parametrize("key", sorted(CASES))
def test_expect_key_fails_when_the_rules_disagree(tmp_path: Path, key: str) -> None:
    diffs = check(load_scenario(scenario_file(tmp_path, CASES[key][1])))
    assert len(diffs) >= 1 and all(d.startswith("expect.") for d in diffs), diffs


def test_includes_counts_copies(tmp_path: Path) -> None:
    """Fault report 9: includes listing a card twice, found once, read "expected to include ['ST4-08'], got
    ['ST4-08']" (as if it passed): the message says two copies were expected."""
    diffs = check(load_scenario(scenario_file(tmp_path, "trash: {B: {includes: [ST4-08, ST4-08]}}")))
    assert len(diffs) == 1 and "(2 copies of ST4-08 expected, 1 found)" in diffs[0], diffs
    assert check(load_scenario(scenario_file(tmp_path, "trash: {B: {includes: [ST4-08]}}"))) == []


def test_declined_effect(tmp_path: Path) -> None:
    """CR 15-9: an optional effect answered "Don't activate" is declined; HerculesKabuterimon stays suspended."""
    head = HEAD.replace("  - A: Activate", "  - A: Don't activate")
    assert check(load_scenario(scenario_file(tmp_path, "effects: {End of Attack: declined}", head))) == []
    assert check(load_scenario(scenario_file(tmp_path, "effects: {End of Attack: activated}", head)))
    assert check(load_scenario(scenario_file(tmp_path, "suspended: {Hercules: true}", head))) == []


def test_security_check_reveals_in_order(tmp_path: Path) -> None:
    """CR 13-1: with no block, the attack on the player checks the top security card (BT1-064, a 3000 DP
    Security Digimon, which battles and loses to 10000 DP: CR 13-1-7, 14-2); the next card stays."""
    head = (HEAD.replace("    security: []", "    security: [BT1-064, ST4-08]")
            .replace("  - B: Block\n", "  - B: Don't block\n").replace("  - A: Activate\n", "  - A: Activate\n"))
    ok = "revealed: [BT1-064]\n  security: {B: [ST4-08]}\n  attack_target: player\n  battles: 1"
    assert check(load_scenario(scenario_file(tmp_path, ok, head))) == []
    bad = "revealed: [ST4-08]\n  security: {B: [BT1-064]}"
    assert len(check(load_scenario(scenario_file(tmp_path, bad, head)))) == 2


def test_alias_follows_its_digimon_through_digivolution(tmp_path: Path) -> None:
    """CR 3-4-5: Lillymon digivolving into HerculesKabuterimon stays the same Digimon, so its alias names it."""
    text = """id: alias-follows
title: An alias follows its Digimon
source: CR 3-4-5
setup:
  turn_player: A
  memory: A5
  A:
    battle_area:
      - {cards: BT1-079, name: Lilly}
    hand: [BT1-081]
    deck: 3
action:
  digivolve: {digimon: Lilly, into: BT1-081}
expect:
  dp: {Lilly: %s}
  suspended: {Lilly: false}
"""
    (tmp_path / "a.yaml").write_text(text % 10000, encoding="utf-8")
    assert check(load_scenario(tmp_path / "a.yaml")) == []
    (tmp_path / "b.yaml").write_text(text % 6000, encoding="utf-8")
    assert check(load_scenario(tmp_path / "b.yaml")) == ["expect.dp (line 15): Lilly: expected 6000 DP, got 10000"]


def test_the_default_filler_never_battles(tmp_path: Path) -> None:
    """A 2000 DP attacker against two filler security cards: the neutral filler (an Option card with no
    [Security] effect) is trashed without a battle (CR 13-1-7 is about Digimon cards), so the attacker
    survives; a named Digimon filler (BT1-064 Goblimon, 3000 DP) battles and deletes it (CR 14-2)."""
    text = """id: filler
title: Filler security cards
source: CR 13-1
setup:
  turn_player: A
  memory: A3%s
  A:
    battle_area: [BT13-008]
  B:
    security: 2
action:
  attack: {with: BT13-008, target: player}
expect:
  security: {B: 1}
  battles: %d
  deleted: %s
"""
    (tmp_path / "neutral.yaml").write_text(text % ("", 0, "[]"), encoding="utf-8")
    assert check(load_scenario(tmp_path / "neutral.yaml")) == []
    (tmp_path / "named.yaml").write_text(text % ("\n  filler: BT1-064", 1, "[BT13-008]"), encoding="utf-8")
    assert check(load_scenario(tmp_path / "named.yaml")) == []
