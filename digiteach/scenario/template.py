"""A commented starter scenario a judge can fill in (``digiteach new FILE``).

The template is itself a valid scenario: an attack with nothing in the way, whose ``expect`` states
what the rules give (CR 11-1-3: one security check; the security card, a neutral filler, is trashed
without a battle).
Every block carries a comment saying what to change.
"""

from __future__ import annotations

import os
import shlex
import tempfile
from pathlib import Path

__all__ = ["TEMPLATE", "PLACEHOLDERS", "unfilled", "write_template"]

TEMPLATE = """\
# A scenario: a board, an action, the answers the players give, and the outcome the ruling states.
# Format: docs/scenario-format.md. Check it with:  digiteach check THIS_FILE
# See every step with:                            digiteach trace THIS_FILE

id: my-ruling-1                 # letters, digits, '-', '_' or '.'; unique among your files
title: One attack against two security cards
source: {page: "where the ruling comes from", rule: [CR 11-1-3]}    # the page, Q&A or event
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

# step_notes:                   # optional: your note beside one step (the Q&A or ruling that governs it), shown
#                               # under "Note" in the trace, the player and the exports
#   - at: top security card     # a phrase of that step's caption ('digiteach trace'); the first step holding it
#     note: "Q&A Q123: why this card is checked here, in your own words."
# wiki_notes:                   # optional: where the wiki's text differs from the CR, shown under "wiki vs CR"
#   - at: is trashed
#     note: The wiki's text differs here; the CR says ...

# translations:                 # optional: the title, notes and step notes in German, shown with --lang de
#   de:
#     title: Ein Angriff gegen zwei Sicherheitskarten
#     notes: |
#       Welche Regel entscheidet, in eigenen Worten.
#     step_notes:               # one text per step note, in the same order (wiki_notes likewise)
#       - "Q&A Q123: warum diese Karte hier geprüft wird, in eigenen Worten."
"""
"""The text ``digiteach new`` writes."""

PLACEHOLDERS: dict[str, str] = {
    "source": "where the ruling comes from",
    "notes": "Which rule decides, in your own words.",
}
"""Field -> the starter's placeholder words in it: a file that still holds one has not been filled in."""


def unfilled(source: str, notes: str) -> list[str]:
    """The fields (of ``source`` and ``notes``, as a loaded scenario holds them) that still hold the starter's
    placeholder words, in the order of :data:`PLACEHOLDERS`; empty when both have been written."""
    given = {"source": source, "notes": notes.strip()}
    return [name for name, words in PLACEHOLDERS.items() if words in given[name]]


def _shell_word(text: str) -> str:
    """``text`` (the path as the judge gave it: the commands in the starter's comment then work from the folder
    ``digiteach new`` ran in) quoted for a shell when it needs it; a name that is not printable (a line break
    would end the YAML comment) gives ``THIS_FILE``."""
    return shlex.quote(text) if text.isprintable() else "THIS_FILE"


def write_template(path: Path, command: str = "digiteach") -> None:
    """Write :data:`TEMPLATE` to ``path`` (a new ``.yaml`` file), atomically: the text goes to a temporary file in
    the same folder, which is then linked to ``path`` only if no file is there, so a failure leaves nothing behind
    and an existing file is never replaced. ``command`` is how the judge starts the command (``bin/digiteach``, say):
    the starter's comment tells them to check and trace the file with it.

    Raises:
        FileExistsError: ``path`` exists (a judge's file is never overwritten), or is inside digiteach's own folder
            (:func:`digiteach.export_files.inside_package`: its bundled scenarios, as an export never writes there).
        FileNotFoundError: the folder ``path`` should go in does not exist.
        ValueError: ``path`` does not end in ``.yaml`` or ``.yml``, or its name cannot be written as UTF-8 text
            (bytes that are not UTF-8: the starter names its own file).
        OSError: the file cannot be written.
    """
    from digiteach.i18n import gettext as _
    from digiteach.scenario.escape import printable

    if path.suffix not in (".yaml", ".yml"):
        raise ValueError(_("the file name must end in .yaml or .yml"))
    try:
        str(path).encode("utf-8")
        text = TEMPLATE.replace("digiteach check THIS_FILE", f"{command} check THIS_FILE").replace(
            "digiteach trace THIS_FILE", f"{command} trace THIS_FILE")
        data = text.replace("THIS_FILE", _shell_word(str(path))).encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError(_("the file name holds bytes that are not UTF-8 text; choose a name of letters, digits, "
                           "'-' and '_'")) from None
    from digiteach.export_files import PACKAGE_DIR, inside_package

    if inside_package(path):  # as an export: the bundled scenarios and card files are never written
        raise FileExistsError(_("the file would be inside digiteach's own folder {folder} (its bundled scenarios, "
                                "cards and code), which 'digiteach new' never writes into; give a path outside it, "
                                "e.g. {example}").format(folder=printable(str(PACKAGE_DIR)),
                                                         example=printable(_shell_word(path.name))))
    folder = path.parent
    if not folder.is_dir():
        raise FileNotFoundError(_("the folder {folder} does not exist; create it first").format(
            folder=printable(str(folder))))
    if path.exists() or path.is_symlink():
        raise FileExistsError(_("the file already exists; 'digiteach new' never overwrites a file"))
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".new-", suffix=".part")
    except OSError as exc:  # name the folder, not the temporary file, as the export does
        raise OSError(_("cannot write into the folder {folder}: {reason}").format(
            folder=printable(str(folder)), reason=exc.strerror or exc)) from None
    try:
        umask = os.umask(0)
        os.umask(umask)
        os.fchmod(fd, 0o666 & ~umask)  # an ordinary file's permissions, not mkstemp's private 0600
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        try:
            os.link(tmp, path)  # fails if a file appeared meanwhile: never replaced
        except FileExistsError:
            raise FileExistsError(_("the file already exists; 'digiteach new' never overwrites a file")) from None
    finally:
        os.unlink(tmp)
