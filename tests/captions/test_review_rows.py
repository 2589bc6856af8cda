"""Rows of the judge's re-review of labels and captions (issue 11), checked on the bundled traces (CR Ver.4.2)."""

from __future__ import annotations

from functools import cache

from digiteach.scenario import load_scenario, play
from digiteach.views import Step


@cache
def steps(sid: str) -> tuple[Step, ...]:
    return tuple(play(load_scenario(sid)).steps)


def caption_with(sid: str, words: str) -> Step:
    found = [st for st in steps(sid) if words in st.caption]
    assert found, f"{sid}: no step says {words!r}"
    return found[0]


def test_a_second_instance_names_the_first_once_and_says_what_it_counts() -> None:
    """TE-3 [6]: MaloMyotismon (for Guilmon) triggers again (CR 15-4-2-4) once for two Digimon (CR 15-5-2)."""
    st = caption_with("triggered-effects-3", "second instance")
    assert ("[All Turns] of BT3-092 MaloMyotismon: +1 memory (for Guilmon) has not activated yet, so this deletion "
            "triggers it again as a second instance. The 2 Digimon are deleted at the same moment, so this instance "
            "triggers once and counts 2.") in st.caption
    assert st.caption.count("(for DarkTyrannomon and 1 more)") == 1
    assert {"CR 15-4-2-4", "CR 15-5-2", "CR 4-27-5"} <= set(st.rules)


def test_an_inherited_effect_has_one_name_and_a_left_out_digimon_says_why() -> None:
    """AR-1 [2]: the caption names the effect as its label does (CR 4-3-3, 15-3) and says Kabuterimon has <Blocker>,
    which the effect excludes (CR 15-10-2)."""
    st = caption_with("attack-resolution-1", "No choice is asked")
    assert "[When Attacking] of BT1-081 HerculesKabuterimon can take only BT1-064 Goblimon" in st.caption
    assert "BT1-079 Lillymon can take" not in st.caption
    assert "ST4-08 Kabuterimon cannot be chosen: it has <Blocker>" in st.caption
    assert "CR 15-10-2" in st.rules
    te7 = caption_with("triggered-effects-7", "can take only BT3-077 Gazimon")
    assert "[Your Turn] of BT3-091 Lilithmon can take only" in te7.caption


def test_a_digimon_over_a_dp_limit_is_said_to_be_left_out() -> None:
    st = caption_with("triggered-effects-6", "can take only BT2-070 Tapirmon")
    assert "BT3-092 MaloMyotismon cannot be chosen: it has 12000 DP" in st.caption


def test_a_label_says_memory_per_card_trashed_and_a_security_card_is_added_to_the_hand() -> None:
    """AR-9: "gain 1 memory for each card trashed"; TE-6: T.K. Takaishi adds a security card to the hand, it does
    not return a Digimon; Ghostmon, which moves itself, still returns to the hand."""
    assert caption_with("attack-resolution-9", "MetalGarurumon: +1 memory per card trashed")
    assert caption_with("triggered-effects-6", "T.K. Takaishi: add 1 security card to hand, <Recovery +1>")
    assert caption_with("triggered-effects-7", "Ghostmon: return to hand")


def test_a_gain_a_lock_forbids_is_an_impossible_instruction_not_a_permission_lost() -> None:
    """TE-7: Lilithmon's "gain 2 memory" under Gazimon's lock cannot be done (CR 1-3-2); no 15-1-3 there."""
    st = caption_with("triggered-effects-7", "cannot gain memory")
    assert "CR 1-3-2" in st.rules and "CR 15-1-3" not in st.rules


def test_arts_digivolve_is_said_and_cited_only_for_an_option_that_can_do_it() -> None:
    """TE-procedure [2]: Wyvern's Breath is no DUAL card, so the rule check after it says nothing of Arts Digivolve
    and does not cite CR 4-20-2."""
    st = caption_with("triggered-effects-procedure", "before the used Option has gone to the trash")
    assert "Arts Digivolve" not in st.caption and "CR 4-20-2" not in st.rules


def test_derived_triggering_names_the_generation_resolving_and_says_when_nothing_is_jumped_over() -> None:
    """TE-9 [8]: the +1 memory triggered while generation 3's unsuspend resolved and goes before generation 2's
    remaining effect; TE-10 [5], [10]: nothing older is pending, so nothing is jumped over (CR 15-4-5-1, 15-4-5-2)."""
    st = caption_with("triggered-effects-9", "UlforceVeedramon: +1 memory triggered while")
    assert ("triggered while generation 3 ([Your Turn] of BT2-032 UlforceVeedramon: unsuspend (for Joe Kido)) was "
            "resolving: this is derived triggering (generation 4), which activates before the effects still pending "
            "from generation 2.") in st.caption
    five = caption_with("triggered-effects-10", "(generation 2: effects that triggered simultaneously)")
    assert "nothing is jumped over" in five.caption and "CR 15-4-5-2" in five.rules
    ten = caption_with("triggered-effects-10", "UlforceVeedramon: unsuspend triggered while generation 2")
    assert "derived triggering (generation 4). No effect of an older generation" in ten.caption
    assert {"CR 15-4-5-1", "CR 15-4-5-2"} <= set(ten.rules)


def test_a_count_read_again_unchanged_says_still_and_cites_no_ruling_on_a_change() -> None:
    """R37 [16]: EmperorGreymon's count is read again after the first card but has not changed: "still 1 + 1 = 2",
    CR 13-1-8-5, and no Q3346/Q5296, which are about a count that changed."""
    st = caption_with("ruling-R37", "still checks 1 + 1 = 2, so card 2 is the last one")
    assert "CR 13-1-8-5" in st.rules and "Q&A Q3346" not in st.rules and "Q&A Q5296" not in st.rules
    changed = caption_with("attack-resolution-3", "now checks")
    assert "Q&A Q3346" in changed.rules


def test_blitz_says_pending_effects_come_after_the_attacks_triggers_only_when_some_wait() -> None:
    """AR-6 [5]: nothing else is pending, so no word of pending effects and no Q1299 (CR 11-1-4)."""
    st = caption_with("attack-resolution-6", "Once declared, the attack goes on")
    assert "Effects still pending" not in st.caption and "Q&A Q1299" not in st.rules


def test_an_optional_condition_quotes_no_word_the_card_may_not_use() -> None:
    """A card reading "you may X to Y" has no "by": the generic optional-condition captions quote no word (CR 15-7)."""
    from digiteach import captions
    for key in ("delete.immediate_by", "pending.may_by", "effect.trash_hand_choose_by", "effect.digivolution_choose_by",
                "effect.target_choose_by", "lang.security_declined_by"):
        assert '"by' not in captions.CAPTIONS[key].template, key


def test_a_declined_optional_condition_names_the_part_that_needed_it_and_arts_digivolve_cites_4_20_1() -> None:
    """R51 [3], [7]: the part that needed the trash is named (CR 15-7-2); [4]: "without paying the cost" is
    CR 4-20-1, with 4-20-2."""
    assert caption_with("ruling-R51", "so the part that needed it (-5000 DP) does not happen")
    assert caption_with("ruling-R51", "so the part that needed it (unsuspend) does not happen")
    arts = caption_with("ruling-R51", "without paying a cost")
    assert {"CR 4-20-1", "CR 4-20-2"} <= set(arts.rules)
