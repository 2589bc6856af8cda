"""Caption templates of the effect language's actions (``digiteach/cards/README.md``: move, shuffle, battle, tokens,
an Option used inside an effect, digivolving by an effect, counts, "choose one", granted effects): part of the one
catalogue :data:`digiteach.captions.CAPTIONS`, which reads them from here. Each entry is (template, rule numbers...).
"""

from __future__ import annotations

__all__ = ["LANGUAGE"]

LANGUAGE: dict[str, tuple[str, ...]] = {
    "lang.move_none": ("There is no card to move.", "1-3-2"),
    "lang.move_digimon": ("{card} goes to {place} of its owner.", "4-7"),
    "lang.option_trashed": ("The used Option {card} is trashed.", "9-1-5"),
    "lang.move_card": ("{card}{shown} {verb} from {owner}'s {pile} to {place}.",),
    "lang.shuffle": ("{player} shuffles their {what}.",),
    "lang.battle_gone": ("This Digimon has left the Battle Area, so it cannot battle.", "1-3-2"),
    "lang.battle_none": ("{player} does not battle.",),
    "lang.battle": ("Battle by an effect: {card} ({dp} DP) against {other} ({other_dp} DP).", "14-1", "14-2-1"),
    "lang.battle_tie": ("Equal DP: both lose.", "14-2-1-3"),
    "lang.hand_down_prompt": ("{player}: choose a card to trash from your hand ({k} of {n}; {keep} stay).", "1-3-5"),
    "lang.hand_down_choose": ("{player} chooses the cards to trash.", "1-3-5"),
    "lang.hand_keeps": ("{player} has {count} cards in hand and trashes none.",),
    "lang.hand_down": ("{player} trashes {count} {cards} from hand ({left} left).",),
    "lang.security_none": ("There is no security card to trash, so the rest does not happen.", "15-7-2"),
    "lang.security_prompt": ("{player}: trash {which}?", "15-7"),
    "lang.security_option_yours": ("Trash your top security card", "15-7"),
    "lang.security_option": ("Trash {player}'s top security card", "15-7"),
    "lang.security_option_both": ("Trash the top security card of both players", "15-7"),
    "lang.security_decline": ("Don't trash", "15-7"),
    "lang.security_declined": ("{player} does not trash a security card.", "15-7"),
    "lang.digiburst_waits": ("{card} was trashed by <Digi-Burst>: its inherited effect triggers and waits in the "
                               "trash.", "4-16-2"),
    "lang.digiburst": ("<Digi-Burst {amount}>:", "16-14"),
    "lang.play_reduced": ("{player} plays {card} for {cost} memory (its cost {printed} reduced by {reduction}; "
                            "{before} → {after}).", "1-3-9", "7-1"),
    "lang.token_prompt": ("{player}: play a {token}?", "15-9"),
    "lang.token_option": ("Play a {token}", "15-9"),
    "lang.token_decline": ("Don't play a token", "15-9"),
    "lang.token_may": ("{player} may play a {token}.", "15-9"),
    "lang.token_none": ("{player} plays no token.",),
    "lang.token_created": ("{player} creates a {token} (a card made by an effect).", "4-21"),
    "lang.option_used": ("{player} uses {card} without paying its cost; its [Main] effect is processed at once.",
                           "9-1"),
    "lang.option_none": ("{player} has no Option in hand that this effect can use, so none is used.", "1-3-2"),
    "lang.option_prompt": ("{player}: which Option do you use for free?", "15-10-2"),
    "lang.option_prompt_optional": ("{player}: which Option do you use for free?", "15-9"),
    "lang.option_use": ("Use {card}", "9-1"),
    "lang.option_decline": ("Don't use an Option", "15-9"),
    "lang.option_declined": ("{player} uses no Option.",),
    "lang.digivolve_this_prompt": ("{player}: {card} digivolves into which card, using which requirement{less}?",
                                     "8-1-1"),
    "lang.digivolve_this_choose": ("{player} chooses the card and the digivolution requirement.", "8-1-1"),
    "lang.digivolve_prompt": ("{player}: which Digimon digivolves into which card from your {source}?", "8-1-1"),
    "lang.digivolve_choose": ("{player} chooses the Digimon and the card.", "8-1-1"),
    "lang.digivolve_option": ("Digivolve {digimon}into {card}{paid}", "8-1-1"),
    "lang.digivolve_decline": ("Don't digivolve", "15-9"),
    "lang.digivolve_none": ("{player} has no Digimon that can digivolve this way, so nothing happens.", "1-3-2"),
    "lang.digivolve_declined": ("{player} does not digivolve.", "15-9"),
    "lang.arts_none": ("{player} has no Digimon that can Arts Digivolve into {card}.", "4-20-2"),
    "lang.arts_prompt": ("{player}: Arts Digivolve instead of trashing {card}?", "4-20-2"),
    "lang.arts_option": ("Arts Digivolve {digimon} into {card}", "4-20-2"),
    "lang.arts_decline": ("Trash {card}", "9-1-5"),
    "lang.arts_declined": ("{player} does not Arts Digivolve.",),
    "lang.arts_done": ("Arts Digivolve: instead of going to the trash, {card} becomes the top card of {digimon} "
                         "without paying a cost.", "4-20-2", "8-1-3"),
    "lang.counted": ("{cards} counted.", "4-27-5"),
    "lang.counted_trash_used": ("{player} has {cards} in their trash (the used Option is in no area and does not "
                                  "count).", "9-1-4"),
    "lang.counted_area": ("{player} has {cards} in their {area}.",),
    "lang.end_of_turn_memory": ("At the end of this turn {player} will {verb} {amount} memory (pending "
                                  "processing).", "18-1"),
    "lang.set_later": ("The change also reaches Digimon that come to match later.", "15-11-2-2"),
    "lang.gains_named": ("{card} gains \"{keyword}\" {duration}.", "15-15-2-1"),
    "lang.choose_one_prompt": ("{player}: choose one of the following.", "15-10-2"),
    "lang.choose_one_may": ("{player} chooses one of the effect's options.", "15-10-2"),
    "lang.choose_one_chosen": ("{player} chooses: {choice}",),
    "lang.grant_effect": ("{card} gains the effect \"{summary}\" {duration}.",),
    "lang.only_turn_player": ("Only the turn player attacks, so {card} does not attack.", "11-1-2"),
    "lang.nothing_to_attack": ("There is nothing this Digimon can attack, so nothing happens.", "11-2-7-1"),
    "lang.counter_activated": ("{player} activates {effect} of {card}.", "11-3-2", "15-16-14-1"),
    "lang.cant_be_deleted": ("{names} can't be deleted this way, so it stays.", "15-8-5"),
}
"""Template key -> (template, the CR 4.2 rule numbers it cites without "CR ")."""
