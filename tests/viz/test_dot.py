"""DOT source of the three diagrams, checked against what the rules say each step should show.

Expected highlights come from the CR's attack layout (CR 11-1-3) and the example's text (seed 000,
Attack Resolution example 5), not from diagram output.
"""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from dotparse import parse, text
from fixtures import (
    alliance_two_generations,
    attack_example_5,
    ended_attack_step,
    statuses_step,
)

from digiteach.diagrams import PALETTE, attack_diagram, board_diagram, format_timing, priority_diagram, step_diagrams
from digiteach.terms import AttackTiming as T
from digiteach.terms import EffectStatus
from digiteach.views import AttackView, CardView

EX5 = attack_example_5()

# Where example 5 stands at each step, read from the example's resolution (steps 1-9) and CR 11-1-3 / 16-7-4.
EX5_CURRENT = {
    1: "t_declaration",  # 1. declares the attack
    2: "t_counter",  # 3./4. no [Counter] effect
    3: "t_block",  # 5. no <Blocker>
    4: "c_battle",  # 6. battle
    5: "c_battle",  # 7. triggers from the battle resolve inside it (CR 14-2-4)
    6: "c_battle",
    7: "c_battle",
    8: "c_battle",
    9: "t_piercing",  # 8. the <Piercing> check comes after all effects resolved
    10: "pc_1",  # ... and reveals Magnadramon
    11: "pc_1",  # equal DP: HerculesKabuterimon deleted
    12: "t_end",  # 9. the attack ends
    13: "t_over",
}


# ----------------------------------------------------------------------------------------- attack


@pytest.mark.parametrize("index", sorted(EX5_CURRENT))
def test_attack_highlights_the_current_timing(index: int) -> None:
    """Exactly one node is current, and it is the timing example 5 has reached at that step."""
    dot = parse(attack_diagram(EX5.steps[index]).source)
    assert dot.current() == [EX5_CURRENT[index]]
    attrs = dot.nodes[EX5_CURRENT[index]]
    assert attrs["fillcolor"] == PALETTE["current"]
    assert float(attrs["penwidth"]) >= 4


def test_outside_an_attack_the_phases_are_drawn_with_main_phase_lit() -> None:
    """Step 0 is Player A's main phase, before any attack (CR 6-1-2)."""
    g = attack_diagram(EX5.steps[0])
    dot = parse(g.source)
    assert g.name == "turn"
    (current,) = dot.current()
    assert "main phase" in dot.nodes[current]["label"]
    assert "Player A&#x27;s turn" in g.source


def test_the_path_so_far_is_bold_and_the_rest_is_not() -> None:
    """At the Piercing check's card (step 10): battle was the confirmation branch, the security branch was not taken."""
    dot = parse(attack_diagram(EX5.steps[10]).source)
    walked = [
        ("t_declaration", "t_counter"),
        ("t_counter", "t_block"),
        ("t_block", "t_confirmation"),
        ("t_confirmation", "c_battle"),
        ("c_battle", "t_piercing"),
        ("t_piercing", "pc_1"),
    ]
    for a, b in walked:
        assert dot.edge(a, b).get("penwidth") == "4", (a, b)
    for a, b in [("t_confirmation", "c_security"), ("t_confirmation", "c_win"), ("pc_1", "t_end"), ("t_end", "t_over")]:
        assert dot.edge(a, b).get("penwidth") != "4", (a, b)
    for node in ("t_declaration", "t_counter", "t_block", "t_confirmation", "c_battle", "t_piercing"):
        assert dot.nodes[node]["fillcolor"] == PALETTE["passed"]
    for node in ("c_security", "c_win", "c_nothing", "t_end", "t_over"):
        assert "dashed" in dot.nodes[node]["style"]


def test_timings_with_nothing_to_do_show_their_note() -> None:
    dot = parse(attack_diagram(EX5.steps[3]).source)
    assert "no [When Attacking] effect" in dot.nodes["t_declaration"]["label"]
    assert "no [Counter] effect" in dot.nodes["t_counter"]["label"]
    assert "no &lt;Blocker&gt;" in dot.nodes["t_block"]["label"]


def test_attacker_and_target_are_named_and_a_gone_target_is_said() -> None:
    before = attack_diagram(EX5.steps[3]).source
    after = attack_diagram(EX5.steps[4]).source
    assert "Attacker: ST4-13 HerculesKabuterimon" in before
    assert "Target: BT2-034 Salamon<" in before or "Target: BT2-034 Salamon>" in before
    assert "Target: BT2-034 Salamon (no longer in" in after  # deleted in battle at step 4


def test_piercing_check_cards_hang_under_the_piercing_node() -> None:
    """CR 16-7-4: the check is made just before the end of attack, not as the confirmation branch."""
    dot = parse(attack_diagram(EX5.steps[10]).source)
    assert "ST3-10 Magnadramon" in dot.nodes["pc_1"]["label"]
    assert not [n for n in dot.nodes if n.startswith("sc_")]
    assert dot.has_edge("t_piercing", "pc_1") and dot.has_edge("pc_1", "t_end")


def test_security_check_branch_has_one_node_per_card_checked() -> None:
    """Attack Resolution ex. 3: MetalGreymon's one security check covers Holy Flame, then Patamon (CR 13-1-2)."""
    checked = (CardView("ST3-15", "Holy Flame"), CardView("ST3-04", "Patamon"))
    path = tuple(t.value for t in (T.DECLARATION, T.COUNTER, T.BLOCK, T.CONFIRMATION, T.SECURITY_CHECK))
    attack = AttackView("BT1-114 MetalGreymon", "A", "Player B", T.SECURITY_CHECK.value, path, checked=checked)
    dot = parse(attack_diagram(replace(EX5.steps[3], timing=T.SECURITY_CHECK.value, attack=attack)).source)
    assert dot.current() == ["sc_2"]
    assert "Holy Flame" in dot.nodes["sc_1"]["label"] and "Patamon" in dot.nodes["sc_2"]["label"]
    for a, b in [("t_confirmation", "c_security"), ("c_security", "sc_1"), ("sc_1", "sc_2")]:
        assert dot.edge(a, b)["penwidth"] == "4"
    assert dot.edge("t_confirmation", "c_battle").get("penwidth") != "4"


def test_confirmation_with_nothing_to_do_takes_the_nothing_branch() -> None:
    """CR 11-5-1-4: the target left (R03), so confirming success does nothing."""
    path = tuple(t.value for t in (T.DECLARATION, T.COUNTER, T.BLOCK, T.CONFIRMATION, T.END_OF_ATTACK))
    attack = AttackView("A-1 X", "A", "B-1 Y", T.END_OF_ATTACK.value, path, target_in_play=False)
    dot = parse(attack_diagram(replace(EX5.steps[3], attack=attack)).source)
    assert dot.edge("t_confirmation", "c_nothing")["penwidth"] == "4"
    assert dot.current() == ["t_end"]


def test_end_the_attack_is_a_jump_edge() -> None:
    """Ruling R19 / CR 15-15-1-1: ended at declaration, the end of attack comes next."""
    dot = parse(attack_diagram(ended_attack_step()).source)
    jump = dot.edge("t_declaration", "t_end")
    assert "dashed" in jump["style"] and "end the attack" in jump["label"]
    assert dot.current() == ["t_end"]
    assert dot.edge("t_declaration", "t_counter").get("penwidth") != "4"
    for node in ("t_counter", "t_block", "t_confirmation"):
        assert dot.nodes[node].get("fillcolor") != PALETTE["passed"]
    assert "attack ended by BT5-111 Omnimon (X Antibody)" in dot.nodes["t_declaration"]["text"]


def test_no_jump_edge_when_no_effect_ended_the_attack() -> None:
    dot = parse(attack_diagram(EX5.steps[12]).source)
    assert not dot.has_edge("t_declaration", "t_end")


# --------------------------------------------------------------------------------------- priority


def effect_nodes(dot_source: str) -> dict[str, dict[str, str]]:
    dot = parse(dot_source)
    return {n: a for n, a in dot.nodes.items() if re.fullmatch(r"g\d+_(tp|ntp)_\d+", n)}


@pytest.mark.parametrize("index", range(len(EX5.steps)))
def test_generation_clusters_match_the_pending_list(index: int) -> None:
    step = EX5.steps[index]
    dot = parse(priority_diagram(step).source)
    gens = [g for g in step.pending if g.effects]
    assert {c for c in dot.clusters if re.fullmatch(r"cluster_g\d+", c)} == {f"cluster_g{g.number}" for g in gens}
    assert len(effect_nodes(priority_diagram(step).source)) == sum(len(g.effects) for g in gens)
    if not gens:
        assert "nothing pending" in dot.nodes["empty"]["label"]


def test_three_simultaneous_triggers_sit_in_one_generation_split_by_player() -> None:
    """Example 5 step 7: <Piercing> and [Your Turn] are Player A's (turn player), [On Deletion] is Player B's."""
    dot = parse(priority_diagram(EX5.steps[5]).source)
    lanes = {n: dot.cluster_of[n][-1] for n in effect_nodes(priority_diagram(EX5.steps[5]).source)}
    by_lane: dict[str, list[str]] = {}
    for node, lane in lanes.items():
        by_lane.setdefault(lane, []).append(dot.nodes[node]["label"])
    tp = " ".join(by_lane["cluster_g1_tp"])
    ntp = " ".join(by_lane["cluster_g1_ntp"])
    assert "HerculesKabuterimon" in tp and "&lt;Piercing&gt;" in tp
    assert "MegaKabuterimon" in tp and "[Your Turn]" in tp and "[Once Per Turn]" in tp
    assert "Salamon" in ntp and "[On Deletion]" in ntp
    assert dot.current() == []  # nothing activates while Player A is choosing the order


@pytest.mark.parametrize(("index", "card"), [(6, "HerculesKabuterimon"), (7, "MegaKabuterimon"), (8, "Salamon")])
def test_the_activating_effect_is_highlighted(index: int, card: str) -> None:
    """Order chosen in the example: <Piercing>, then [Your Turn], then Player B's [On Deletion] (CR 15-4-3-5)."""
    dot = parse(priority_diagram(EX5.steps[index]).source)
    (current,) = dot.current()
    assert card in dot.nodes[current]["label"]
    assert "ACTIVATING NOW" in dot.nodes[current]["label"]
    others = [a["label"] for n, a in effect_nodes(priority_diagram(EX5.steps[index]).source).items() if n != current]
    assert all(card not in label for label in others)


def test_resolved_effects_say_so_and_change_shape() -> None:
    nodes = effect_nodes(priority_diagram(EX5.steps[8]).source)
    resolved = [a for a in nodes.values() if "resolved" in a["label"]]
    assert len(resolved) == 2  # <Piercing> and [Your Turn] resolved before [On Deletion] activates
    assert all(a["shape"] == "note" for a in resolved)


def test_newest_generation_on_top_and_caused_edge() -> None:
    """Attack Resolution ex. 10 step 1.2: <Alliance> caused generation 2 (Lopmon), which activates first."""
    step = alliance_two_generations()
    src = priority_diagram(step).source
    dot = parse(src)
    assert src.index("subgraph cluster_g2 ") < src.index("subgraph cluster_g1 ")
    assert "newest: activates first" in src.split("subgraph cluster_g1 ")[0]
    assert any(dot.cluster_of[a][0] == "cluster_g2" and dot.cluster_of[b][0] == "cluster_g1" and attrs.get("style") == "invis" for a, b, attrs in dot.edges if a in dot.cluster_of and b in dot.cluster_of)
    caused = [(a, b, attrs) for a, b, attrs in dot.edges if attrs.get("lhead") == "cluster_g2"]
    assert len(caused) == 1
    src_node = caused[0][0]
    assert "Wendigomon" in dot.nodes[src_node]["label"] and "&lt;Alliance&gt;" in dot.nodes[src_node]["label"]
    assert dot.cluster_of[src_node][0] == "cluster_g1"
    (current,) = dot.current()
    assert "Lopmon" in dot.nodes[current]["label"] and dot.cluster_of[current][0] == "cluster_g2"
    assert "caused by: activation of <Alliance> of EX4-054 Wendigomon" in text(src.split("subgraph cluster_g2 ")[1].split("\n")[1])


def test_every_status_is_written_and_not_only_coloured() -> None:
    step = statuses_step()
    nodes = effect_nodes(priority_diagram(step).source)
    by_card = {}
    for attrs in nodes.values():
        for name in ("GranDracmon", "Gulfmon", "Rosemon", "VenomMyotismon", "Agumon"):
            if name in attrs["label"]:
                by_card.setdefault(name, []).append(attrs)
    assert "resolved" in by_card["GranDracmon"][0]["label"] and by_card["GranDracmon"][0]["shape"] == "note"
    rosemon = by_card["Rosemon"][0]
    assert "declined" in rosemon["label"] and "dashed" in rosemon["style"] and "<S>" in rosemon["label"]
    venom = by_card["VenomMyotismon"][0]
    assert "lost" in venom["label"] and "diagonals" in venom["style"]
    failed = [a for a in by_card["Gulfmon"] if "failed" in a["label"]]
    assert failed and "dotted" in failed[0]["style"]
    assert "pending" in by_card["Agumon"][0]["label"]
    activating = [a for a in by_card["Gulfmon"] if a.get("class") == "current"]
    assert len(activating) == 1 and "[Your Turn]" in activating[0]["label"]


def test_optional_and_mandatory_are_written() -> None:
    nodes = effect_nodes(priority_diagram(alliance_two_generations()).source)
    labels = " ".join(a["label"] for a in nodes.values())
    assert "optional" in labels and "mandatory" in labels


def test_highlight_falls_back_to_the_activating_status() -> None:
    step = replace(EX5.steps[7], activating=None)
    dot = parse(priority_diagram(step).source)
    (current,) = dot.current()
    assert "MegaKabuterimon" in dot.nodes[current]["label"]


def test_format_timing() -> None:
    assert format_timing("When Attacking") == "[When Attacking]"
    assert format_timing("Piercing") == "<Piercing>"
    assert format_timing("when an opponent's Digimon attacks") == "when an opponent's Digimon attacks"


# ------------------------------------------------------------------------------------------ board


def test_board_shows_suspension_in_words() -> None:
    dot0 = parse(board_diagram(EX5.steps[0]).source)
    dot1 = parse(board_diagram(EX5.steps[1]).source)
    assert "unsuspended" in dot0.nodes["A_d0"]["label"]
    assert "SUSPENDED" in dot1.nodes["A_d0"]["label"]
    assert "12000 DP" in dot1.nodes["A_d0"]["label"]
    assert "ST4-11 MegaKabuterimon" in dot1.nodes["A_d0"]["label"]  # digivolution card
    assert "SUSPENDED" in dot0.nodes["B_d0"]["label"]  # Salamon was suspended in the scenario


def test_players_differ_by_more_than_colour() -> None:
    src = board_diagram(EX5.steps[1]).source
    dot = parse(src)
    assert "Player A (turn player)" in src and "Player B (non-turn player)" in src
    assert "dashed" in dot.nodes["B_security"].get("style", "") or "dashed" in dot.nodes["B_d0"]["style"]
    assert "dashed" not in dot.nodes["A_d0"]["style"]


def test_no_change_marks_without_a_previous_step() -> None:
    for step in EX5.steps:
        assert "CHANGED" not in board_diagram(step).source


def test_changes_since_previous_are_marked_in_words() -> None:
    dot = parse(board_diagram(EX5.steps[1], EX5.steps[0]).source)
    assert dot.nodes["A_d0"]["class"] == "changed" and "CHANGED: suspended" in dot.nodes["A_d0"]["label"]
    assert "class" not in dot.nodes["B_d0"]

    dot = parse(board_diagram(EX5.steps[4], EX5.steps[3]).source)  # Salamon deleted in battle
    gone = [a for n, a in dot.nodes.items() if n.startswith("B_gone")]
    assert len(gone) == 1 and "left the Battle Area" in gone[0]["label"] and "Salamon" in gone[0]["label"]
    assert "trash 0 -&gt; 1" in dot.nodes["B_counts"]["label"]

    dot = parse(board_diagram(EX5.steps[7], EX5.steps[6]).source)  # MegaKabuterimon trashes a security card
    assert "CHANGED: 2 -&gt; 1" in dot.nodes["B_security"]["label"]


def test_security_card_being_checked_is_face_up() -> None:
    dot = parse(board_diagram(EX5.steps[10], EX5.steps[9]).source)
    label = dot.nodes["B_security"]["text"]
    assert "1 face down" in label and "checking (face up): ST3-10 Magnadramon" in label


def test_memory_gauge_runs_10_to_0_to_10_with_one_marker() -> None:
    src = board_diagram(EX5.steps[1]).source
    gauge = parse(src).nodes["memory"]["label"]
    cells = re.findall(r"<TD[^>]*>(.*?)</TD>", gauge)
    row = [re.sub(r"</?FONT[^>]*>", "", c) for c in cells[1:22]]  # the marker's text colour aside
    numbers = [re.sub(r"<[^>]+>|\[|\]", "", c) for c in row]
    assert numbers == [str(abs(v)) for v in range(-10, 11)]
    assert [c for c in row if "[" in c] == ["<B>[2]</B>"]  # 2 on Player A's side
    marked = re.findall(r'<TD BGCOLOR="(#[0-9A-F]{6})"', gauge)
    assert marked == [PALETTE["current"]]
    assert row.index("<B>[2]</B>") == 12  # right of 0: Player A's side


def test_memory_on_player_b_side() -> None:
    step = replace(EX5.steps[1], board=replace(EX5.steps[1].board, memory=-3))
    gauge = parse(board_diagram(step, EX5.steps[1]).source).nodes["memory"]["label"]
    assert "3 on Player B&#x27;s side" in gauge and "CHANGED: was 2 on Player A&#x27;s side" in gauge


def test_attack_edge_from_attacker_to_target() -> None:
    dot = parse(board_diagram(EX5.steps[1]).source)
    assert "attacks" in dot.edge("A_d0", "B_d0")["label"]


# ----------------------------------------------------------------------------------------- shared


def all_sources() -> list[str]:
    steps = [*EX5.steps, alliance_two_generations(), statuses_step(), ended_attack_step()]
    out: list[str] = []
    prev = None
    for s in steps:
        out.extend(g.source for g in step_diagrams(s, prev))
        prev = s
    return out


def test_colours_are_six_digit_hex_only() -> None:
    """Debian's Graphviz 2.43 rejects 3-digit colours; named colours are not used either."""
    for src in all_sources():
        for key, value in re.findall(r'\b(color|fillcolor|fontcolor|bgcolor)="?([^"\s\]]+)"?', src):
            assert re.fullmatch(r"#[0-9A-Fa-f]{6}", value), (key, value)
        for value in re.findall(r'(?:BGCOLOR|COLOR)="([^"]*)"', src):
            assert re.fullmatch(r"#[0-9A-Fa-f]{6}", value), value
        assert not re.search(r"#[0-9A-Fa-f]{3}(?![0-9A-Fa-f])", src)


def test_palette_is_hex_and_statuses_are_covered() -> None:
    assert all(re.fullmatch(r"#[0-9A-F]{6}", v) for v in PALETTE.values())
    from digiteach.diagrams.priority import STATUS_STYLE, STATUS_TEXT

    assert set(STATUS_TEXT) == set(STATUS_STYLE) == {s.value for s in EffectStatus}


def test_large_fonts_for_stream_resolution() -> None:
    for src in all_sources():
        sizes = [float(x) for x in re.findall(r"fontsize=\"?([0-9.]+)", src)]
        sizes += [float(x) for x in re.findall(r'POINT-SIZE="([0-9.]+)"', src)]
        assert sizes and min(sizes) >= 14


def test_diagrams_are_pure_and_deterministic() -> None:
    assert all_sources() == all_sources()



def test_memory_beyond_the_gauge_sits_on_the_end_cell_and_is_written() -> None:
    step = replace(EX5.steps[1], board=replace(EX5.steps[1].board, memory=12))
    gauge = parse(board_diagram(step).source).nodes["memory"]
    assert "12 on Player A" in gauge["text"]
    assert gauge["label"].count('BGCOLOR="') == 1 and "<B>[10]</B>" in gauge["label"]


def test_a_twice_per_turn_effect_is_drawn_with_its_own_limit() -> None:
    """CR 15-14-1: the diagram names the limit the card prints. attack-resolution-1 step 13: BT1-081's effect is
    [Twice Per Turn] (per_turn 2), once drawn as [Once Per Turn] for any limited effect."""
    from digiteach.scenario import load_scenario, play

    trace = play(load_scenario("digiteach/scenarios/attack-resolution-1.yaml"))
    steps = trace[0].steps if isinstance(trace, tuple) else trace.steps
    limited = [(st, e) for st in steps for g in st.pending for e in g.effects if e.per_turn]
    assert limited and all(e.per_turn == 2 for _st, e in limited), [e.label for _st, e in limited]
    labels = " ".join(dot_label for st, _e in limited
                      for dot_label in (n["label"] for n in parse(priority_diagram(st).source).nodes.values()))
    assert "[Twice Per Turn]" in labels and "[Once Per Turn]" not in labels
