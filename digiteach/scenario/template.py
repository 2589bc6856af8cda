"""A commented starter scenario a judge can fill in (``digiteach new FILE``).

The template is itself a valid scenario: an attack with nothing in the way, whose ``expect`` states
what the rules give (CR 11-1-3: one security check; the security card, a neutral filler, is trashed
without a battle).
Every block carries a comment saying what to change.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["TEMPLATE", "write_template"]

TEMPLATE = """\
# A scenario: a board, an action, the answers the players give, and the outcome the ruling states.
# Format: docs/scenario-format.md. Check it with:  digiteach check THIS_FILE
# See every step with:                            digiteach trace THIS_FILE

id: my-ruling-1                 # letters, digits, '-', '_' or '.'; unique among your files
title: One attack against two security cards
source: {page: "where the ruling comes from", rule: [CR 11-1-3]}
ruleset: CR 4.2

setup:
  turn_player: A
  memory: A3                    # 'A3' = 3 on Player A's side; 'B2'; or 0
  # filler: BT1-064             # card used for counts like 'hand: 4' (default: a neutral filler, no effects)
  A:
    battle_area:
      # top card first; ' / ' separates digivolution cards; [S] = suspended
      - {cards: BT1-064, name: Attacker}      # Goblimon, 3000 DP, no text
    hand: 2                     # a count = filler cards; or a list of card numbers, top first
    deck: 5
  B:
    battle_area: []
    security: 2                 # the Security Stack, top first
    deck: 5

action:
  attack: {with: Attacker, target: player}    # or: digivolve / play / use / activate / pass / end_turn

choices: []                     # answers in order: '- B: Don't block', '- A: #2' (the second option)

expect:                         # only what the ruling states; every key is optional
  security: {B: 1}
  suspended: {Attacker: true}   # attacking suspends it (CR 11-2-2); names follow the Digimon (CR 3-4-5)
  revealed: [FILL-0]            # security cards checked, in order
  battles: 0                    # a filler is no Digimon: no battle (CR 13-1-7)
  memory: A3
  winner: none

notes: |
  Which rule decides, in your own words.

# translations:                 # optional: the title and notes in German, shown with --lang de
#   de:
#     title: Ein Angriff gegen zwei Sicherheitskarten
#     notes: |
#       Welche Regel entscheidet, in eigenen Worten.
"""
"""The text ``digiteach new`` writes."""


def write_template(path: Path) -> None:
    """Write :data:`TEMPLATE` to ``path`` (a new ``.yaml`` file).

    Raises:
        FileExistsError: ``path`` exists (a judge's file is never overwritten).
        ValueError: ``path`` does not end in ``.yaml`` or ``.yml``.
        OSError: the file cannot be written.
    """
    if path.suffix not in (".yaml", ".yml"):
        raise ValueError("the file name must end in .yaml or .yml")
    with path.open("x", encoding="utf-8") as handle:
        handle.write(TEMPLATE.replace("THIS_FILE", str(path.name)))
