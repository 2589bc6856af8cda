"""Words and short phrases that captions build other sentences from (a player's name, "gains"/"loses", card or
cards, the name of a pile): part of the one catalogue :data:`digiteach.captions.CAPTIONS`, which reads them from
here, so a translation finds every word a caption is made of in that catalogue. They cite no rule of their own.
"""

from __future__ import annotations

__all__ = ["WORDS"]

WORDS: dict[str, str] = {
    "word.player": "Player {letter}",
    "word.board_before": "The board before the action.",
    "word.gains": "gains",
    "word.loses": "loses",
    "word.Gain": "Gain",
    "word.Lose": "Lose",
    "word.gain": "gain",
    "word.loss": "loss",
    "word.card": "card",
    "word.cards": "cards",
    "word.is": "is",
    "word.are": "are",
    "word.area_hand": "hand",
    "word.area_trash": "trash",
    "word.where_hand": "hand",
    "word.where_trash": "trash",
    "word.where_digivolution_cards": "digivolution cards",
    "word.where_security": "Security Stack",
    "word.turn_player": "turn player",
    "word.non_turn_player": "non-turn player",
    "word.choose": "choose",
    "word.n_effects": "{count} effects",
    "word.effect_of": "{effect} of {card}",
    "word.memory_side": "{amount} on {player}'s side",
}
"""Word key -> English template (named placeholders in braces)."""
