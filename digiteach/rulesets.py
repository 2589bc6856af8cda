"""Rulesets: which version of the Comprehensive Rules the engine follows, as named switches and rule numbers.

A :class:`Ruleset` is a frozen record of switches the engine consults where the versions differ (python-chess's
variants are the model: the core asks the variant). :data:`CR_4_2` is the default; a later version is
``replace(CR_4_2, name="CR 4.3", ...)`` added to :data:`RULESETS`. :func:`ruleset` finds one by name
("4.2" and "CR 4.2" name the same).

:data:`RULE` maps what a step does (``"battle.deleted"``) to the rule numbers its caption cites; the numbers are
written beside each sentence in :data:`digiteach.captions.CAPTIONS`, so a renumbering is one edit there.

>>> ruleset("4.2") is ruleset("CR 4.2") is CR_4_2
True
>>> CR_4_2.security_checks_per_attack
1
>>> RULE["battle.deleted"]
('CR 14-2-1-2', 'CR 14-2-2')
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from digiteach.captions import CAPTIONS

__all__ = ["Ruleset", "KEYWORDS_ADDED", "CR_4_2", "CR_2024", "CR_2023", "DEFAULT", "DEFAULT_NAME", "RULESETS", "NAMES", "ruleset", "RULE"]


@dataclass(frozen=True, slots=True)
class Ruleset:
    """One version of the Comprehensive Rules, as the switches where versions differ (rules summary §13).

    Attributes:
        name: the canonical name stored in ``State.ruleset`` and written in scenario files, e.g. ``"CR 4.2"``.
        counter_timing: the attack has a Counter timing between declaration and block (CR 11-3; since 2023). Not
            varied by the older rulesets yet (CR 2023 starts after the counter timing came in): the engine has no
            branch without it.
        opponent_attack_triggers_at_declaration: effects watching for the opponent's attacks trigger at the
            declaration, at the same moment as [When Attacking], turn player first (CR 11-2; since CR 2.0, QA Q1976).
        security_checks_per_attack: the number of security checks one attack performs; <Security A.> changes the
            number of cards in that check, not the number of checks (CR 13-1-2, 16-4; since CR 3.7). ``None``:
            no limit (CR 2.0 to 3.6: each <Security A.> point and each <Piercing> activation is a check of its own).
        piercing_needs_surviving_attacker: <Piercing> triggers only for an attacker that survives its battle (CR 3.6
            16-6-1, QA Q1262): on a tie, which deletes both, it does not trigger. False (CR 4.2, which rewrote 16-7-1 and
            16-7-2): it triggers whenever the attacker's battle deletes the opponent's Digimon, and on a tie the check is
            then skipped because no Digimon can perform it (CR 16-7-6). Read by the deletion of the battle's losers
            (``engine/rules/deletion.py``).
        attack_ban_on_placed_turn: a Digimon new to the field this turn, by any means and not only by a play,
            may not attack yet (CR 7-1-2-1; since CR 4.1). Not varied by the older rulesets yet: the engine
            has no branch for the earlier wording ("played").
        keyword_section_offset: keyword sections start at 16-4 (<Security A.>) since CR 4.0 added 16-3; 3.x
            numbers are one lower (CR 4.0 update history). Read by :meth:`cite`, which every caption's rule numbers
            pass through (``engine/edits.py``).
        security_check_numbers: the security-check rules of CR chapter 13 have the numbers the captions cite (CR
            4.2's). False before CR 3.7, which rewrote the chapter (rules summary §13: "only 1 security check per
            attack" became 13-1-2): the CR 4.2 numbers name other rules there, and the rules summary does not give
            the older ones, so :meth:`cite` leaves every chapter-13 number out and such a step cites none rather than
            a wrong one. (A reading of the CR 3.6 text, 13-1-2 one card at a time, 13-1-3 mandatory, 13-1-5 the
            checked card in no area, 13-1-6 Security Digimon, is not in the summary and is not used.)
    """

    name: str
    counter_timing: bool = True
    opponent_attack_triggers_at_declaration: bool = True
    security_checks_per_attack: int | None = 1
    piercing_needs_surviving_attacker: bool = False
    attack_ban_on_placed_turn: bool = True
    keyword_section_offset: int = 1
    security_check_numbers: bool = True

    def cite(self, rules: tuple[str, ...]) -> tuple[str, ...]:
        """``rules`` (CR 4.2 numbers, as :data:`digiteach.captions.CAPTIONS` writes them) in this version's numbering:
        a keyword rule (``"CR 16-4"`` and up) moves by ``keyword_section_offset`` (CR 4.0 added 16-3), except a keyword
        the version does not have yet; a chapter-13 number is left out where the version numbered that chapter
        otherwise (:attr:`security_check_numbers`); every other citation is kept. The same tuple when nothing moves.

        >>> CR_2024.cite(("CR 16-7-4", "CR 16-3", "CR 11-5-1-1-1", "Q&A Q2926"))
        ('CR 16-6-4', 'CR 16-3', 'CR 11-5-1-1-1', 'Q&A Q2926')
        >>> CR_4_2.cite(("CR 16-7-4",))
        ('CR 16-7-4',)

        A keyword section that came after the version keeps its number and names the version that added it
        (:data:`KEYWORDS_ADDED`):

        >>> CR_2024.cite(("CR 16-43-1", "CR 16-41-2"))
        ('CR 4.0 16-43-1', 'CR 16-40-2')

        >>> CR_2024.cite(("CR 13-1-8-3", "CR 14-2-1"))
        ('CR 14-2-1',)
        """
        if not self.security_check_numbers and any(r.startswith("CR 13-") for r in rules):
            rules = tuple(r for r in rules if not r.startswith("CR 13-"))
        shift = 1 - self.keyword_section_offset
        if not shift or not any(r.startswith("CR 16-") for r in rules):
            return rules
        return tuple(_moved(r, shift) for r in rules)


KEYWORDS_ADDED: dict[int, str] = {42: "4.0", 43: "4.0", 44: "4.1", 45: "4.1", 46: "4.2", 47: "4.2"}
"""Keyword sections of CR chapter 16 (CR 4.2 numbers) added in CR 4.0 or later -> the version that added them
(CR 4.0, 4.1 and 4.2 update histories: <Use Req.> and <Ascension> in 4.0, <Engage> and <Guard> in 4.1, <Detach> and <Succession> in
4.2). They have the same number in every version that has them; a ruleset whose keyword sections are numbered the
3.x way (up to 16-40, <Training>) has none of them."""


def _moved(rule: str, shift: int) -> str:
    """``rule`` with its keyword section number lowered by ``shift`` when it is ``"CR 16-N..."`` with N >= 4; a section
    the older version does not have (:data:`KEYWORDS_ADDED`) keeps its number and names the version that added it
    (``"CR 4.0 16-43-1"``), rather than moving onto a number that version does not have."""
    if not rule.startswith("CR 16-"):
        return rule
    section, dash, rest = rule[len("CR 16-"):].partition("-")
    if not section.isdigit() or int(section) < 4:
        return rule
    added = KEYWORDS_ADDED.get(int(section))
    if added is not None:
        return f"CR {added} 16-{section}{dash}{rest}"
    return f"CR 16-{int(section) - shift}{dash}{rest}"


CR_4_2 = Ruleset(name="CR 4.2")
"""Comprehensive Rules Ver.4.2, the version the engine implements."""

CR_2024 = replace(CR_4_2, name="CR 2024", security_checks_per_attack=None, piercing_needs_surviving_attacker=True,
                  keyword_section_offset=0, security_check_numbers=False)
"""The Comprehensive Rules from CR 2.0 (Global EN from August 2024) up to Ver.3.6: every <Security A.> point and every
<Piercing> activation is a security check of its own (CR 3.7 rewrote chapter 13 and 16-6-5; docs/wiki-vs-cr.md, A4), so
the security-check captions say "security check 1 of 2" and cite no chapter-13 number (whose 3.6 numbers the rules
summary does not give: :attr:`Ruleset.security_check_numbers`), and
<Piercing> needs an attacker that survives its battle (CR 4.2 rewrote 16-7-1, 16-7-2). Its check already waited, as
pending processing, until just before the end of the attack (CR 3.6 16-6-4, which no later version updated; QA Q2926
of 2024-06-21, Q2298), so that timing is no switch: it is the same in every implemented ruleset."""

CR_2023 = replace(CR_2024, name="CR 2023", opponent_attack_triggers_at_declaration=False)
"""The rules before August 2024 (Rule Manual 3.0, 2023): as :data:`CR_2024`, and effects watching for an
opponent's Digimon's attack ("when an opponent's Digimon attacks") trigger in a timing of their own, after the
declaration's [When Attacking] effects have resolved and before the counter timing. CR 2.0 moved them to the
declaration (QA Q1976; docs/wiki-vs-cr.md, A1)."""

DEFAULT = CR_4_2
"""The ruleset a scenario follows when it names none."""

DEFAULT_NAME = DEFAULT.name
"""``"CR 4.2"``: the default ruleset's name, as scenario files and ``Setup.ruleset`` write it."""

RULESETS: dict[str, Ruleset] = {"CR 4.2": CR_4_2, "4.2": CR_4_2, "CR 2024": CR_2024, "2024": CR_2024,
                                 "CR 2023": CR_2023, "2023": CR_2023}
"""Every implemented ruleset by each name it is accepted under."""

NAMES: tuple[str, ...] = tuple(RULESETS)
"""The names :func:`ruleset` accepts."""


def ruleset(name: str) -> Ruleset:
    """The ruleset called ``name`` (``"CR 4.2"`` or ``"4.2"``, ``"2024"``, ``"2023"``).

    Raises:
        ValueError: ``name`` is not implemented; the message lists the accepted names.
    """
    found = RULESETS.get(name.strip())
    if found is None:
        raise ValueError(f"ruleset {name!r} is not implemented; expected one of {', '.join(repr(n) for n in NAMES)}")
    return found


RULE: dict[str, tuple[str, ...]] = {key: caption.rules for key, caption in CAPTIONS.items()}
"""Rule numbers keyed by what a step does: the rule numbers of every caption template of
:data:`digiteach.captions.CAPTIONS`, where they are written beside each sentence. A renumbering (as CR 4.0 shifted
every keyword by one) is a diff of that catalogue."""
