"""Where the wiki's procedure differs from CR 4.2: notes shown beside a step (``Step.differs``), keyed by the
situation. The CR is followed; the note makes the difference visible (design: follow the CR, show the wiki's
difference in the step and the lesson)."""

from __future__ import annotations

__all__ = ["WIKI_DIFFERS"]

WIKI_DIFFERS: dict[str, str] = {
    "opponent_attacks": "The wiki's header notes this change, but its Attack Resolution steps 2-3 and its flowchart "
                        "still handle the opponent's \"when an opponent's Digimon attacks\" effects in a separate "
                        "later timing; since CR 2.0 (QA Q1976) they trigger at the declaration together with [When "
                        "Attacking], turn player first. (docs/wiki-vs-cr.md, A1)",
    "one_check": "The wiki's step 8 repeats the security check once per <Security A.>; under CR 13-1-2 an attack has a "
                 "single security check, and <Security A.> changes how many cards it covers. The same cards are "
                 "revealed either way; the difference in terms matters when <Piercing> would add a check "
                 "(CR 16-7-5). (docs/wiki-vs-cr.md, A4)",
    "security_tie": "The wiki's step 8.4.1 deletes the attacker only when its DP is lower; an equal DP also deletes "
                    "it (CR 14-2-1-3, 14-2-3), as the wiki's own example 5 shows. (docs/wiki-vs-cr.md, A2)",
    "piercing_no_security": "Same result as the wiki's example 1: no card is checked and <Piercing> does not win. "
                            "Only the reason has changed since the CR 3.6 rule against a <Piercing> check with 0 "
                            "security cards was removed: now there is simply no card to reveal (CR 13-1-8-1-1, "
                            "1-3-2), and only a successful attack on the player could win (CR 1-2-3-1, 11-5-1-2-1). (docs/wiki-vs-cr.md, A9)",
    "piercing_once": "The wiki's step 8 lets a <Piercing> check follow an ordinary one; since CR 3.7/4.0 only "
                     "one security check happens per attack (CR 13-1-2, 16-7-5). (docs/wiki-vs-cr.md, A4)",
    "rule_check": "The wiki's Triggered Effects procedure (step 2.3.2) gives effects triggered by a rule check a "
                  "higher priority, so under it they would activate before the others; under CR 15-4-3-3 (Q6313) "
                  "they join the other effects triggered at that moment as one generation, turn player first. (docs/wiki-vs-cr.md, T1)",
}
"""Where the wiki's procedure differs from CR 4.2 (docs/wiki-vs-cr.md, A1, A2, A4, A9 and T1), as shown in
``Step.differs``."""
