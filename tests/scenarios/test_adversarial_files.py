"""Hostile scenario files (adversarial testing): each gives a located ScenarioError, exit 2, no traceback,
finishes quickly and leaves the file unchanged."""

from __future__ import annotations

import hashlib
import io
import time
from importlib import resources
from pathlib import Path

import pytest

from digiteach.cli import EXIT_INVALID, main
from digiteach.scenario import ScenarioError, load_scenario

BASE = resources.files("digiteach").joinpath("scenarios/attack-resolution-1.yaml").read_text(encoding="utf-8")


def _variant(old: str, new: str) -> str:
    assert old in BASE, old
    return BASE.replace(old, new, 1)


BOMB = "\n".join(
    ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    + [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 10)]
) + "\n"

CASES: dict[str, tuple[str | bytes, int | None, str, str]] = {
    # name: (file content, line, field, words in the message)
    "billion_laughs": (BOMB, None, "", "expands to more than"),
    "bomb_inside_a_scenario": (_variant("ruleset: CR 4.2", "ruleset: CR 4.2\nsource_: &n [" + ",".join(["x"] * 50) + "]\n"
                               + "\n".join(f"n{i}: &n{i} [" + ",".join([f"*n{i - 1}" if i > 1 else "*n"] * 50) + "]"
                                           for i in range(1, 5))), None, "", "expands to more than"),
    "integral_float_count": (_variant("    security: 3", "    security: 3.0"), 20, "setup.A.security",
                             "3.0 is a decimal number"),
    "float_turn": (_variant("  phase: main", "  phase: main\n  turn: 2.0"), 16, "setup.turn", "decimal number"),
    "float_cost": (_variant("  attack: {with: Hercules, target: player}",
                            "  digivolve: {digimon: Hercules, into: BT1-064, cost: 4.0}"), 29,
                   "action.digivolve.cost", "decimal number"),
    "long_id": (_variant("id: attack-resolution-1", "id: " + "a" * 100_000), 4, "id", "(100000 characters)"),
    "top_level_list": ("- id: x\n- title: y\n", 1, "", "the top level is a list"),
    "python_object_tag": (_variant("title: Piercing", 'title: !!python/object/apply:os.system ["echo pwned"]\nx: P'),
                          5, "title", "YAML tags"),
    "non_utf8": (_variant("Piercing after", "Pi\udcffercing after").encode("utf-8", "surrogateescape"), 5, "",
                 "byte 0xff at column 10 is not UTF-8"),
    "binary_junk": (bytes(range(256)) * 8, 2, "", "byte 0x80 at column 118 is not UTF-8"),
    # digits are ASCII digits: an Arabic-Indic one once named stack 1 (see also the answer test below)
    "typo_near_player": (_variant("target: player}", "target: playr}"), 29, "action.attack.target",
                         "(did you mean 'player'?)"),
    "list_item_without_space": (_variant('  - B: Block with ST4-08\n  - A: "Activate [End of Attack] of BT1-081 '
                                         'HerculesKabuterimon: unsuspend"\n', "  -B: Block with ST4-08\n"), 32,
                                "choices", "a list item needs a space after its dash, as in '- B: ...'"),
    "non_ascii_digit_place": (_variant("target: player}", 'target: "B.battle[\u0661]"}'), 29, "action.attack.target",
                              "does not name a Digimon"),
    # fault report 9: a group of one said "is empty / at least one entry"; a group needs two
    # fault report 9: a phase before the main phase with a main-phase action spoke the Python API at play
    "draw_phase_attack": (_variant("  phase: main", "  phase: draw"), 29, "action.attack",
                          "Player A is in the draw phase, and 'attack:' is an action of the main phase"),
    "end_of_turn_pass": (_variant("  phase: main", "  phase: end of turn").replace(
                             "  attack: {with: Hercules, target: player}", "  pass: true"), 29, "action.pass",
                         "Player A's turn is at its end"),
    "main_phase_start_turn": (_variant("  attack: {with: Hercules, target: player}",
                                       "  - start_turn: true\n  - attack: {with: Hercules, target: player}"), 29,
                              "action[0].start_turn", "already in the main phase"),
    # fault report 9: YAML's other integer notations were read silently; 1e400 was "inf is a decimal number"
    "octal_memory": (_variant("  memory: A5", "  memory: 0o7"), 14, "setup.memory", "octal (0o...)"),
    "binary_memory": (_variant("  memory: A5", "  memory: 0b11"), 14, "setup.memory", "binary (0b...)"),
    "underscore_memory": (_variant("  memory: A5", "  memory: 1_0"), 14, "setup.memory", "with '_' between its digits"),
    "trailing_underscore_security": (_variant("    security: 3", "    security: 10_"), 20, "setup.A.security",
                                     "with '_' between its digits"),
    "hex_security": (_variant("    security: 3", "    security: 0x10"), 20, "setup.A.security", "hexadecimal (0x...)"),
    "huge_float_title": (_variant("title: Piercing after a block does not win against an empty Security Stack",
                                  "title: 1e400"), 5, "title", "a number too large or not a number at all"),
    "activation_order_group_of_one": (_variant('activation_order: ["inherited from Lillymon", "Piercing", "End of Attack"]',
                                               'activation_order: [["Piercing"]]'), 35, "expect.activation_order[0]",
                                      "has only one entry"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_hostile_file_gives_a_located_error_quickly_and_is_not_modified(tmp_path: Path, name: str) -> None:
    content, line, field, words = CASES[name]
    path = tmp_path / f"{name}.yaml"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    start = time.perf_counter()
    with pytest.raises(ScenarioError) as info:
        load_scenario(str(path))
    took = time.perf_counter() - start
    err = info.value
    assert err.file == str(path)
    assert err.line == line, str(err)
    assert err.field == field, str(err)
    assert words in err.message, str(err)
    assert err.expected, str(err)
    if name == "activation_order_group_of_one":
        assert "at least 2" in err.expected, str(err)
    assert len(str(err)) < 2000, "an error message must not echo a huge value"
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before
    # Not a timing assertion on speed, a guard against exponential expansion (the bomb took minutes).
    assert took < 30, took

    out, errs = io.StringIO(), io.StringIO()
    assert main(["check", str(path)], out=out, err=errs) == EXIT_INVALID
    assert "Traceback" not in errs.getvalue()
    assert out.getvalue().strip() == f"INVALID {path}"


def test_a_plain_anchor_and_alias_still_loads(tmp_path: Path) -> None:
    """The size guard must not reject ordinary YAML aliases."""
    text = _variant("    deck: 5\n  B:", "    deck: &five 5\n  B:\n    hand: *five")
    path = tmp_path / "alias.yaml"
    path.write_text(text, encoding="utf-8")
    sc = load_scenario(str(path))
    assert len(sc.setup.sides[1].hand) == 5


def test_expect_suspended_on_a_shared_card_number_says_how_many_differ(tmp_path: Path) -> None:
    """Two Goblimon, one suspended by Lillymon's inherited effect: 'BT1-064: true' cannot hold for both, and the
    failure says so instead of reporting one of them."""
    from digiteach.scenario import check

    text = _variant("      - BT1-064         # Goblimon, unsuspended", "      - BT1-064\n      - BT1-064")
    text = text.replace("choices:\n", "choices:\n  - A: Choose BT1-064 Goblimon (2)\n", 1)
    text = text.replace("battle_area: {A: [BT1-081], B: [BT1-064]}", "battle_area: {A: [BT1-081], B: [BT1-064, BT1-064]}")
    path = tmp_path / "two_goblimon.yaml"
    path.write_text(text, encoding="utf-8")
    diffs = check(load_scenario(str(path)))
    assert len(diffs) == 1, diffs
    assert "BT1-064: expected all 2 Digimon with it to be suspended, but 1 is not" in diffs[0]


def test_an_answer_number_is_written_in_ascii_digits(tmp_path: Path) -> None:
    """``#2`` picks the second option; an Arabic-Indic two (U+0662) once did too. It is refused at its line, with
    the legal answers, and no traceback."""
    path = tmp_path / "answer.yaml"
    path.write_text(_variant("  - B: Block with ST4-08", '  - B: "#\u0662"'), encoding="utf-8")
    out, errs = io.StringIO(), io.StringIO()
    assert main(["check", str(path)], out=out, err=errs) == EXIT_INVALID
    assert f"{path}:32: choices[0]:" in errs.getvalue() and "is not a legal answer" in errs.getvalue()
    assert "(or #1..#2)" in errs.getvalue() and "Traceback" not in errs.getvalue()


@pytest.mark.parametrize(("lang", "words"), [("en", ["Player B's block decision", "(did you mean 'Block with ST4-08"]),
                                            ("de", ["Entscheidung (Block) von Spieler B",
                                                    "(meintest du 'Block with ST4-08"])])
def test_a_misspelled_answer_is_offered_the_closest_legal_one(tmp_path: Path, lang: str, words: list[str]) -> None:
    """'Blok with ST4-08' is refused at its line with the closest legal answer offered, as a misspelled key or card
    name is; the decision's kind is named in the language in force (German said "(block)")."""
    from digiteach import i18n

    path = tmp_path / "typo.yaml"
    path.write_text(_variant("  - B: Block with ST4-08", "  - B: Blok with ST4-08"), encoding="utf-8")
    out, errs = io.StringIO(), io.StringIO()
    with i18n.language(lang):
        assert main(["check", str(path)], out=out, err=errs) == EXIT_INVALID
    for w in words:
        assert w in errs.getvalue(), errs.getvalue()


def test_a_wrong_expect_deleted_names_the_cards_not_a_python_list(tmp_path: Path) -> None:
    """The newcomer's trial: a failing ``expect.deleted`` printed ``expected ['XX1-001'], got ['ST1-06 ...']``; it
    names the cards as a learner writes them."""
    path = tmp_path / "deleted.yaml"
    path.write_text(_variant("  deleted: [ST4-08]", "  deleted: [BT1-064]"), encoding="utf-8")
    out, errs = io.StringIO(), io.StringIO()
    main(["check", str(path)], out=out, err=errs)
    text = out.getvalue() + errs.getvalue()
    assert "expected BT1-064, got ST4-08 Kabuterimon" in text, text
    assert "['" not in text, text
