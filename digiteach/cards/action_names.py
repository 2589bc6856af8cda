"""The ``do:`` word of each effect action in the card data's dict form (``digiteach/cards/README.md``): one table
that the reader, the vocabulary generator and the tests read."""

from __future__ import annotations

from digiteach import effects as fx

__all__ = ["ACTION_NAMES"]

ACTION_NAMES: dict[str, type] = {
    "delete": fx.Delete,
    "suspend": fx.Suspend,
    "unsuspend": fx.Unsuspend,
    "gain_memory": fx.GainMemory,
    "lose_memory": fx.GainMemory,
    "dp": fx.ModifyDP,
    "security_a": fx.ModifySecurityA,
    "grant_keyword": fx.GrantKeyword,
    "draw": fx.Draw,
    "trash_hand": fx.TrashHand,
    "trash_security": fx.TrashSecurity,
    "recovery": fx.Recovery,
    "de_digivolve": fx.DeDigivolve,
    "trash_digivolution_cards": fx.TrashDigivolutionCards,
    "play": fx.PlayCard,
    "switch_target": fx.SwitchTarget,
    "end_attack": fx.EndAttack,
    "may_attack": fx.MayAttack,
    "alliance": fx.Alliance,
    "piercing_check": fx.PiercingCheck,
    "prevent_deletion": fx.PreventDeletion,
    "activate_main": fx.ActivateMain,
    "add_to_hand": fx.AddThisToHand,
    "blast_digivolve": fx.BlastDigivolve,
    "move": fx.Move,
    "place_under": fx.PlaceUnder,
    "shuffle": fx.Shuffle,
    "battle": fx.Battle,
    "play_token": fx.PlayToken,
    "use_option": fx.UseOption,
    "digivolve": fx.Digivolve,
    "arts_digivolve": fx.ArtsDigivolve,
    "choose_one": fx.ChooseOne,
    "grant_effect": fx.GrantEffect,
    "custom": fx.Custom,
    "place_in_battle_area": fx.PlaceInBattleArea,
}
"""``do:`` names of actions in the dict form -> action classes in :mod:`digiteach.effects`."""
