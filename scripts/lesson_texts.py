"""Texts of the 21 example lessons (wiki Attack Resolution 1-11, Triggered Effects 1-10), in our own words.

Used by ``build_lessons.py``. Card facts come from the card library (``digiteach/cards``), rule numbers from the
Comprehensive Rules Ver.4.2; the expected outcomes are the ones the examples state (corrected where the current
rules say otherwise, and then the lesson says so, citing ``docs/wiki-vs-cr.md``).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Example:
    """One wiki example: its notebook name, scenario id and our texts about it."""

    name: str  # file stem, e.g. "ar05_piercing_waits"
    scenario: str  # bundled scenario id
    source: str  # e.g. "wiki *Attack Resolution*, example 5"
    title: str  # a verb title
    do: str
    learn: str
    situation: str  # markdown: the board and the action, in our words
    watch: str  # markdown bullet list
    try_it: str  # markdown: what to try in learner-driven mode
    differences: str  # markdown: where the wiki and the current rules differ, and why
    outcome: str  # markdown: the outcome the source states (what the summary should show)
    try_code: str = ""  # optional cell that branches from the documented line (must run cleanly)

AR = "wiki *Attack Resolution*, example"
TE = "wiki *Triggered Effects*, example"

# The folded answer's title (the learner decides first, then opens it).
REVEAL_TITLE = "Show the engine's answer"

# A reusable branch cell: answer the first decision of KIND with the option containing TEXT, and compare.
# The result is printed into a folded Accordion, so Run All does not show the answer under the question.
# ``then`` answers, in order, the questions the new line asks that the scenario file has no answer for (the answers
# the lesson's question states), so the line plays to the point the question is about; ``facts`` prints what the
# question asks (code inside the ``with answer:`` block, ``mine`` is the learner's line, ``trace`` the documented one).
BRANCH = '''\
import ipywidgets
from digiteach.outcome import {imports}

step = next(s for s in trace.steps if s.decision is not None and s.decision.kind == "{kind}")
choice = next(o for o in step.decision.options if "{text}" in o)
mine = sc.branch(trace, step.index, choice)
{then}answer = ipywidgets.Output()
with answer:
    print(f"step {{step.index + 1}}: documented {{step.choice!r}}, yours {{choice!r}}")
{facts}    print("Activated, in order:")
    for n, label in enumerate(mine.result.activation_order, 1):
        print(f"  {{n}}. {{label}}")
    for line in outcome_lines(mine.result):  # deleted, Security Stacks, memory, winner (and an open question)
        print(line)
ipywidgets.Accordion([answer], titles=[{title!r}], selected_index=None)'''

THEN = '''\
for then in {answers!r}:  # {comment}
    asked = mine.steps[-1]  # the open question the line stopped at
    mine = sc.branch(mine, asked.index, next(o for o in asked.decision.options if then in o))
'''


def branch(kind: str, text: str, then: tuple[str, ...] = (), facts: str = "",
           then_comment: str = "the later answers the question states") -> str:
    """The branch cell (``BRANCH``): ``then`` are parts of the labels of the later answers, ``facts`` the lines that print
    what the question asks (indented as the ``with answer:`` block, ending with a newline)."""
    return BRANCH.format(kind=kind, text=text, title=REVEAL_TITLE,
                         imports="memory_words, outcome_lines" if "memory_words" in facts else "outcome_lines",
                         then=THEN.format(answers=then, comment=then_comment) if then else "", facts=facts)


EXAMPLES: list[Example] = [
    # ------------------------------------------------------------------------------ Attack Resolution
    Example(
        name="ar01_piercing_into_an_empty_security_stack",
        scenario="attack-resolution-1",
        source=f"{AR} 1 (see also ruling R42)",
        title="Watch a blocked <Piercing> attack fall short of a win",
        do="replay HerculesKabuterimon's attack on a player who has no security cards left, see it blocked, "
           "and follow its <Piercing> to a check that finds nothing to turn over.",
        learn="why a block takes the win away, where the <Piercing> check sits in an attack, and that an "
              "optional [End of Attack] effect is the turn player's choice.",
        situation="""
            Player A's **HerculesKabuterimon** (10000 DP, <Piercing>) has **Lillymon** under it; Lillymon's
            inherited [When Attacking] suspends one opposing Digimon that lacks <Blocker>. HerculesKabuterimon
            also has an [End of Attack] effect: pay 3 memory to unsuspend it (at most twice a turn).

            Player B has **no security cards** and two Digimon: **Kabuterimon** (5000 DP, <Blocker>) and
            **Goblimon** (3000 DP, no effects). Memory starts at A5; the wiki gives no number, and 5 lets Player A
            pay for the [End of Attack] and still keep the turn.

            HerculesKabuterimon attacks Player B.
            """,
        watch="""
            - **Declaration.** Lillymon's effect has only one legal target: Goblimon (Kabuterimon has <Blocker>).
            - **Block timing.** Kabuterimon blocks and becomes the target. From now on this is an attack on a
              Digimon, not on the player.
            - **Battle.** 10000 against 5000: Kabuterimon is deleted and <Piercing> activates, but its check waits
              for the *<Piercing> check* stop just before the end of the attack (CR 16-7-4).
            - **<Piercing> check.** Player B's Security Stack is empty: nothing is turned over, and nobody wins.
            - **End of attack.** Player A is asked whether to pay 3 memory to unsuspend HerculesKabuterimon.
            """,
        try_it="""
            In the player, go to the block question and choose **Don't block**. The attack now reaches
            confirming success against a player with no security cards. What happens? Then return to the
            documented line and, at the [End of Attack] question, decline: which two things on the board end up
            different?

            The first of these from Python:
            """,
        try_code=branch("block", "Don't block"),
        differences="""
            The wiki reaches the right result (no win) by a rule that no longer exists: version 3.6 of the rules
            forbade a <Piercing> check against a player with no security cards (its 16-6-6), and CR 3.7 deleted
            that rule. Under CR 4.2 the reason is different: a player loses only to an attack **on the player**
            that reaches confirming success while they have no security cards (CR 1-2-3-1, 11-5-1-2-1). The
            block made Kabuterimon the target, and a <Piercing> check is not a confirmation; with no card to turn
            over, the check simply does nothing (CR 13-1-8-1, 1-3-2).

            The wiki also talks about a separate timing, after [When Attacking], for effects that react to an
            opponent's attack. Since CR 2.0 (2024) such effects trigger at the declaration together with
            [When Attacking] (ruling Q1976). Player B has none here, so nothing changes.
            """,
        outcome="""
            The example says: Lillymon's effect, then <Piercing>, then the [End of Attack] activate; Kabuterimon
            is deleted in battle; Player B still has 0 security cards and **nobody wins**; Player A pays 3 and
            ends at A2, with HerculesKabuterimon unsuspended and Goblimon suspended.
            """,
    ),
    Example(
        name="ar02_unsuspend_before_the_block",
        scenario="attack-resolution-2",
        source=f"{AR} 2 (see also ruling R11)",
        title="Unsuspend at the declaration, before any block",
        do="replay BlackWarGreymon's attack on Beelzemon, see its [When Attacking] stand it back up at once, "
           "and then watch Vilemon block.",
        learn="that a condition about \"the Digimon it attacks\" looks at the target chosen at the declaration, and "
              "that [When Attacking] effects are finished before the block timing, so a block cannot undo them.",
        situation="""
            Player A's **BlackWarGreymon** (12000 DP) unsuspends itself when the Digimon it attacks is
            the strongest (highest DP) of Player B's Digimon. Player B has a **suspended Beelzemon** (11000 DP) and an **unsuspended Vilemon**
            (6000 DP, <Blocker>). Memory A3 (assumed; nothing changes it).

            BlackWarGreymon attacks Beelzemon, which is a legal target because it is suspended (CR 11-2-7-1).
            """,
        watch="""
            - **Declaration.** The target is Beelzemon, Player B's strongest Digimon, so the condition holds and
              BlackWarGreymon unsuspends before anything else happens (CR 11-2-7-6).
            - **Block timing.** Vilemon blocks: it is suspended and becomes the new target (CR 12-1-1). The
              [When Attacking] effect is already done and stays done.
            - **Battle.** 12000 against 6000: Vilemon is deleted. Beelzemon never battles.
            """,
        try_it="""
            At the block question choose **Don't block**. BlackWarGreymon now battles Beelzemon. Which Digimon is
            deleted, and does BlackWarGreymon still end the attack unsuspended?
            """,
        try_code=branch("block", "Don't block"),
        differences="""
            The wiki's result matches CR 4.2. Two points are worth making explicit:

            - The block changes the target **after** the condition was checked. "If it attacks X" always refers
              to the target chosen at the declaration (CR 11-2-7-6), and every [When Attacking] effect is resolved
              before the counter and block timings begin (CR 11-1-4; ruling Q3189).
            - The wiki's general procedure still deals with "when an opponent's Digimon attacks" effects in a
              later step of their own; since 2024 they trigger at the declaration (ruling Q1976). Player B has none
              here.
            """,
        outcome="""
            The example says: only BlackWarGreymon's [When Attacking] activates; Vilemon is deleted in battle and
            Beelzemon survives; both Security Stacks keep 3 cards; memory stays A3; BlackWarGreymon ends
            unsuspended; nobody wins.
            """,
    ),
    Example(
        name="ar03_security_check_cut_short",
        scenario="attack-resolution-3",
        source=f"{AR} 3 (see also ruling R21)",
        title="Recount a security check when <Security A.> drops midway",
        do="replay MetalGreymon's attack, turn over Holy Flame, and watch the number of cards to check fall from "
           "3 to 2 in the middle of the check.",
        learn="that an attack has one security check covering several cards (CR 13-1-2), that the count is taken "
              "again after each card (CR 16-4-2), that a [Security] effect activates at once, and that memory "
              "moving to the opponent's side does not stop an attack.",
        situation="""
            Player A's **MetalGreymon** (9000 DP, <Security A. +2>) loses 5 memory with its [When Attacking].
            Memory starts at A3. Player B has an unsuspended **Piddomon** (<Blocker>) and a Security Stack of
            **Holy Flame** (an Option whose [Security] effect gives all of the attacking player's Digimon
            <Security A. -1> for the turn), **Patamon** (1000 DP) and a third card.

            The wiki names only two security cards. The scenario adds a third so that stopping early can be
            seen: with two cards, an engine that ignored Holy Flame would also stop after two.

            MetalGreymon attacks Player B; Player B does not block.
            """,
        watch="""
            - **Declaration.** Memory goes from A3 to B2. The attack carries on; the turn can only pass once the
              attack is over (CR 6-1-4-1; ruling Q990).
            - **Security check.** 1 + 2 = 3 cards to check. Holy Flame comes first; its [Security] effect
              activates at once (CR 15-16-10-2) and MetalGreymon's total drops to 2.
            - **Patamon** battles as a Security Digimon and loses; it goes to the trash, not deleted.
            - **The check stops** after the second card; the third stays in the Security Stack.
            """,
        try_it="""
            At the block question, block with **Piddomon** instead. Is there still a security check? Does the
            memory gauge end anywhere different?
            """,
        try_code=branch("block", "Block with"),
        differences="""
            The result matches CR 4.2. The wiki's phrase about MetalGreymon's "security attack value of 2" means
            2 cards in all (1 + 2 − 1); its <Security A.> adds up to +1 overall.

            Its general procedure is out of date on one point: it describes a separate check for each
            <Security A. +1>. Since CR 3.7 an attack has **one** security check that covers several cards
            (CR 13-1-2), and the number of cards is recounted after each one (CR 16-4-2; ruling Q3346). That is
            why Holy Flame can shorten a check already under way.
            """,
        outcome="""
            The example says: MetalGreymon's [When Attacking] and Holy Flame's [Security] activate; nothing is
            deleted; Player B's Security Stack goes from 3 to **1** (two cards checked); memory ends at **B2**,
            so Player A's turn ends once the attack is over; nobody wins.
            """,
    ),
    Example(
        name="ar04_security_effects_before_the_battle",
        scenario="attack-resolution-4",
        source=f"{AR} 4 (see also ruling R23)",
        title="Resolve a checked card's effects before its battle",
        do="replay Boltmon's attack into a BlackGatomon from security and watch two effects change both sides' "
           "DP before the two cards compare.",
        learn="that a [Security] effect activates at once, that other effects set off by the check resolve before "
              "the security battle, that DP bonuses from several cards add up, and that a tie with a Security "
              "Digimon would delete the attacker.",
        situation="""
            Player A's **Boltmon** (12000 DP) has **Yaamon** under it: during Player A's turn it gives +1000 DP
            while Player A's trash holds 5 or more cards. The trash holds **4**.

            Player B has **DanDevimon** (once in each opposing turn, when one of Player B's security cards leaves
            the Security Stack, the opponent's top security card is trashed) and **four T.K. Takaishi** Tamers
            (each gives Player B's Security Digimon +2000 DP on the opponent's turn). Player B's top security card
            is **BlackGatomon** (4000 DP), whose [Security] effect plays it into the Battle Area once its
            security battle is over.

            Boltmon attacks Player B.
            """,
        watch="""
            - **The check.** BlackGatomon leaves the Security Stack as it is turned over. Its [Security] effect
              activates at once and arranges for it to be played after the battle.
            - **DanDevimon** triggered on that same card leaving; it resolves next and trashes Player A's top
              security card. Player A's trash reaches 5, so Yaamon's bonus switches on: Boltmon is at 13000.
            - **The security battle** only then: 13000 against 12000 (4000 + 4 × 2000). Boltmon wins.
            - **After the battle** BlackGatomon enters Player B's Battle Area instead of the trash.
            """,
        try_it="""
            This line has no questions to answer: every effect in it is mandatory. Step back and forth over the
            *Pending activation* diagram instead, and find the step where DanDevimon's effect waits while
            BlackGatomon's [Security] effect is already done. What would the battle have been if DanDevimon had
            resolved after it?
            """,
        differences="""
            The wiki's result matches CR 4.2. What decides it is the order: [Security] effects activate
            immediately without waiting in pending activation (CR 15-16-10-2), and any effect the check triggered
            resolves before the security battle (CR 13-1-8-2 before 13-1-8-3). Had DanDevimon's effect come after
            the battle, Boltmon would have been at 12000, tied with BlackGatomon, and a tie with a Security
            Digimon deletes the attacker (CR 14-2-1-3, 14-2-3).

            The wiki's step 7 refers back to "step 2" where it means step 6: a numbering slip only.
            """,
        outcome="""
            The example says: BlackGatomon's [Security] effect, then DanDevimon's effect, then the battle, then
            BlackGatomon is played; nothing is deleted; both Security Stacks go from 3 to **2**; memory stays A3;
            Boltmon is suspended and BlackGatomon stands unsuspended in Player B's Battle Area; nobody wins.
            """,
    ),
    Example(
        name="ar05_piercing_waits",
        scenario="attack-resolution-5",
        source=f"{AR} 5 (see also rulings R37, R41)",
        title="Let the <Piercing> check wait for the other battle triggers",
        do="replay HerculesKabuterimon's attack on Salamon and watch three effects change Player B's Security "
           "Stack before the <Piercing> check turns over its card.",
        learn="that <Piercing> activates among the other battle triggers but checks only just before the end of "
              "the attack, that trashing a security card is not checking it, and that a tie with a Security "
              "Digimon deletes the attacker.",
        situation="""
            Player A's **HerculesKabuterimon** (12000 DP, <Piercing>) has **MegaKabuterimon** under it. Once a
            turn, when the Digimon above MegaKabuterimon deletes an opposing Digimon in battle and survives, the
            opponent's top security card is trashed.

            Player B has a **suspended Salamon** (2000 DP; when it is deleted, a player with 3 or fewer security
            cards puts the top card of their deck on top of their Security Stack). Player B's Security Stack is
            **Wyvern's Breath** over **Tapirmon**; the top of Player B's deck is **Magnadramon** (12000 DP).

            HerculesKabuterimon attacks Salamon.
            """,
        watch="""
            - **Battle.** 12000 against 2000: Salamon is deleted. Three effects trigger together: <Piercing>,
              MegaKabuterimon's inherited effect (Player A's) and Salamon's [On Deletion] (Player B's).
            - **Player A first** (CR 15-4-3-5). <Piercing> activates, but it only arranges a check for later.
              MegaKabuterimon's effect trashes Wyvern's Breath: a trash, not a check, so its [Security] effect
              does nothing.
            - **Player B next.** Salamon's effect puts Magnadramon on top of the Security Stack.
            - **<Piercing> check.** It turns over Magnadramon: 12000 against 12000. A tie deletes the attacker,
              and the Security Digimon goes to the trash.
            """,
        try_it="""
            After the battle Player A chooses which of its two effects activates first. Pick the other one
            (MegaKabuterimon's). Does anything in the outcome change? Why not?
            """,
        try_code=branch("order", "MegaKabuterimon"),
        differences="""
            The example itself agrees with CR 4.2. The wiki's general procedure does not: it deletes the attacker
            only when its DP is **lower** than the Security Digimon's, while a tie deletes it too (CR 14-2-1-3,
            14-2-3). The example applies the tie correctly; the procedure would not.

            Where <Piercing> sits: it activates in the normal order with the other battle triggers (turn player
            first), and only its check waits until just before the end of the attack (CR 16-7-4; rulings Q2298,
            Q2926, Q3931). So the check sees the Security Stack as the other triggers left it.
            """,
        outcome="""
            The example says: <Piercing>, then MegaKabuterimon's effect, then Salamon's [On Deletion], then the
            check; **Salamon and HerculesKabuterimon** are deleted; Player B's Security Stack ends with **1** card
            (Tapirmon); memory stays A3; nobody wins.
            """,
    ),
    Example(
        name="ar06_piercing_after_it_is_lost",
        scenario="attack-resolution-6",
        source=f"{AR} 6 (see also ruling R05)",
        title="Keep a <Piercing> check after <Piercing> is gone",
        do="digivolve Durandamon into Omnimon, attack Devimon with <Blitz>, let Omnimon shed Durandamon to survive "
           "<Retaliation>, and see the <Piercing> check happen anyway.",
        learn="why Omnimon must unsuspend before <Blitz>, that <Retaliation> deletes by an effect, that a "
              "prevented deletion is no deletion, and that an activated <Piercing> checks even after the card that "
              "gave it has left.",
        situation="""
            Player A has a **suspended Durandamon** (which gives the Digimon above it <Piercing>) and **Omnimon**
            in hand. Omnimon (14000 DP) has two [When Digivolving] effects, <Blitz> (attack at once if the
            opponent has memory) and "unsuspend this Digimon", and a third effect: if an opposing effect is about to
            delete it, it may give up a level-6 card from under itself to stay.

            Player B has a **suspended Devimon** (4000 DP, <Retaliation>: when it is deleted in battle, the
            Digimon that beat it is deleted too) and **Boltmon** (12000 DP) on top of the Security Stack. Memory
            starts at A3.

            Player A digivolves Durandamon into Omnimon for 4 memory; memory moves to B1.
            """,
        watch="""
            - **The order of the two [When Digivolving] effects.** Omnimon is still suspended, and a suspended
              Digimon cannot attack; so Player A unsuspends first, then uses <Blitz>.
            - **Battle.** 14000 against 4000: Devimon is deleted. <Piercing> (Player A's) and <Retaliation>
              (Player B's) trigger together; Player A's goes first.
            - **<Retaliation>** tries to delete Omnimon. Omnimon's protection steps in: Durandamon is trashed from
              under it and the deletion does not happen. Omnimon no longer has <Piercing>.
            - **<Piercing> check** still happens: Boltmon is turned over and loses, 14000 against 12000.
            """,
        try_it="""
            At the first question, activate **<Blitz>** before the unsuspend. Is there an attack at all?
            """,
        try_code=branch("order", "Blitz"),
        differences="""
            The wiki's result matches CR 4.2. Three rulings carry it:

            - An activated <Piercing> keeps its check even if the Digimon loses <Piercing> afterwards
              (CR 16-7-4; rulings Q2852, Q3196, Q3931).
            - <Retaliation> deletes by an effect of Player B (rulings Q2397, Q3439), so Omnimon's protection
              against opponents' effects applies; against a deletion in battle it would not.
            - A deletion that was prevented is not a deletion, so nothing that waits for "deleted" triggers
              (ruling Q1357).

            As in the other examples, the wiki's separate "when an opponent attacks" step is the pre-2024 model.
            """,
        outcome="""
            The example says: the unsuspend, then <Blitz>, then (after the battle) <Piercing>, then
            <Retaliation>, prevented by Omnimon's own effect; only **Devimon** is deleted; Player B's Security
            Stack goes from 3 to **2**; memory ends at **B1**, so Player A's turn ends after the attack; Omnimon is
            suspended with no digivolution cards left; nobody wins.
            """,
    ),
    Example(
        name="ar07_condition_checked_on_activation",
        scenario="attack-resolution-7",
        source=f"{AR} 7, corrected (see also ruling R09)",
        title="Test Rosemon's condition when it activates, not when it triggers",
        do="replay MetalGarurumon's attack, watch Rosemon's effect trigger and then fail to activate, and see "
           "Rosemon block and trade with MetalGarurumon.",
        learn="the difference between a trigger condition and a condition checked on activation, that an effect "
              "whose condition fails is not activated at all, and that the wiki's walk-through of this example is "
              "wrong.",
        situation="""
            Player A's **MetalGarurumon** (11000 DP) unsuspends itself the first time it attacks each turn.

            Player B has a **suspended VenomMyotismon** (on the opponent's turn, whenever one of the opponent's
            Digimon is suspended, Player B gains 1 memory) and an **unsuspended Rosemon** (11000 DP), which
            gained <Blocker> from the Option Testament last turn. Rosemon's own effect: when an opposing Digimon
            attacks a player, **if Rosemon is suspended**, suspend one of the opponent's Digimon. Memory A3.

            MetalGarurumon attacks Player B.
            """,
        watch="""
            - **Declaration.** Three effects trigger together: MetalGarurumon's [When Attacking] (Player A's),
              VenomMyotismon's and Rosemon's (Player B's).
            - **Player A first.** MetalGarurumon unsuspends.
            - **Rosemon's effect** is reached but Rosemon is unsuspended, so the effect is **not activated**; the
              *Pending activation* diagram marks it as failed. VenomMyotismon's effect gives Player B 1 memory.
            - **Block timing.** Rosemon blocks: 11000 against 11000, and both are deleted.
            """,
        try_it="""
            Player B has two effects to order. Try them the other way round: does it matter? Then try **Don't
            block** at the block question: where does MetalGarurumon's attack go instead?
            """,
        try_code=branch("block", "Don't block"),
        differences="""
            **Here the wiki is wrong** (docs/wiki-vs-cr.md, A7). It activates Rosemon's effect and suspends
            MetalGarurumon. But "if this Digimon is suspended" is a condition checked **when the effect
            activates** (CR 15-8-3-9-2; rulings Q937, Q938), and when no condition of the effect holds it cannot be
            activated at all (CR 15-6-3). Rosemon is unsuspended; the wiki's own step 4, where Rosemon blocks,
            shows it.

            Two more slips: had Rosemon's effect suspended MetalGarurumon, VenomMyotismon would have triggered a
            second time, which the wiki leaves out; and Rosemon's trigger belongs at the declaration, not in a
            later counter step (ruling Q1976). The scenario follows CR 4.2.
            """,
        outcome="""
            Corrected outcome: MetalGarurumon's [When Attacking] and VenomMyotismon's effect activate; Rosemon's
            effect triggers but is **not activated**; **MetalGarurumon and Rosemon** are both deleted in battle;
            both Security Stacks keep 3 cards; memory ends at **A2**; nobody wins.
            """,
    ),
    Example(
        name="ar08_blitz_triggers_jump_ahead",
        scenario="attack-resolution-8",
        source=f"{AR} 8 (see also rulings R01, R05)",
        title="Let a <Blitz> attack's triggers go before older effects",
        do="digivolve MetalGarurumon into Omnimon, attack at once with <Blitz>, and follow the new triggers past "
           "the effects that were already waiting.",
        learn="derived triggers: effects that trigger while a generation is resolving go first, even the non-turn "
              "player's (CR 15-4-5-2, 15-4-5-3); and that the older effects still finish before the counter timing.",
        situation="""
            Player A has an unsuspended **MetalGarurumon** (BT5-031; the Digimon above it gains 1 memory the first
            time it attacks each turn), the Tamer **Takumi Aiba** (when one of Player A's Digimon digivolves, Player
            A may suspend Takumi to draw a card) and **Omnimon** in hand (<Blitz>, and "unsuspend this Digimon", both
            [When Digivolving]).

            Player B has **Coredramon** (6000 DP, <Blocker>) and **VenomMyotismon** (gains 1 memory whenever an
            opposing Digimon is suspended on the opponent's turn). Memory A3.

            Player A digivolves MetalGarurumon into Omnimon for 4 memory (memory B1) and draws a card.
            """,
        watch="""
            - **Generation 1**: Omnimon's two effects and Takumi Aiba's. Player A picks <Blitz> first and
              attacks Player B.
            - **Generation 2** opens at the declaration: MetalGarurumon's inherited [When Attacking] (Player A) and
              VenomMyotismon's effect (Player B). Both go **before** Takumi Aiba and the unsuspend, which are older.
            - **Back to generation 1**, still inside the declaration timing: Takumi Aiba draws, Omnimon unsuspends.
            - **Block.** Coredramon blocks and is deleted, 14000 against 6000.
            """,
        try_it="""
            At the first question, activate Omnimon's **unsuspend** before <Blitz>. Then use <Blitz> and attack
            Player B, as in the documented line (the answers after that are the documented ones: Takumi Aiba
            draws, Coredramon blocks). What changes at the end: is Omnimon suspended or not? How many cards does
            Player A hold?
            """,
        try_code=branch("order", "[When Digivolving] of BT5-086 Omnimon: unsuspend",
                        then=("Activate [When Digivolving] of BT5-086 Omnimon: <Blitz>", "Attack Player B"), facts="""\
    for heading, line in (("yours", mine), ("documented", trace)):
        a = line.steps[-1].board.sides[0]
        omnimon = next(s for s in a.battle_area if "Omnimon" in s.top.label)
        print(f"At the end ({heading}): Omnimon {'suspended' if omnimon.suspended else 'unsuspended'}, "
              f"Player A holds {a.hand_size} cards")
""", then_comment="use <Blitz>, attack Player B"),
        differences="""
            The wiki's order is right, and it is right because of derived triggering: effects that trigger while
            a batch is resolving activate before the older ones, and a non-turn player's derived trigger goes
            before the turn player's older effects (CR 15-4-5-2, 15-4-5-3; docs/wiki-vs-cr.md, A10).

            What the wiki leaves out: the counter timing, and that memory ends on Player B's side, so Player A's
            turn ends after the attack (CR 6-1-4-1). A <Blitz> attack carries on regardless of where the memory
            gauge moves (CR 16-16-4). The older effects are done at the declaration, ahead of the counter
            timing and the block, not at the end of the attack (rulings Q1356, Q1299).
            """,
        outcome="""
            The example says: <Blitz>, then MetalGarurumon's inherited [When Attacking], then VenomMyotismon's
            effect, then Takumi Aiba's, then the unsuspend; **Coredramon** is deleted in battle; both Security
            Stacks keep 3 cards; memory ends at **B1** (A pays 4, gains 1, then B gains 1), so the turn passes
            after the attack; Omnimon ends unsuspended and Takumi Aiba suspended; nobody wins.
            """,
    ),
    Example(
        name="ar09_blast_digivolve_in_the_counter_timing",
        scenario="attack-resolution-9",
        source=f"{AR} 9",
        title="Blast Digivolve in the counter timing and lose the blocker",
        do="replay HiAndromon's attack, answer it with a [Counter] <Blast Digivolve> into MetalGarurumon, and see "
           "what Player B gains and what it gives up.",
        learn="what the counter timing is for, that a <Blast Digivolve> is a digivolution (with its draw), that "
              "<Blocker> is not inherited, and that memory moving to the opponent's side does not stop an attack.",
        situation="""
            Player A's **HiAndromon** (12000 DP, no effects) attacks Player B. Memory A2.

            Player B has **ExTyrannomon** (9000 DP, <Blocker>; it cannot attack or block while it has no
            digivolution cards) with **Devimon** under it, and holds **MetalGarurumon** (ST16-12) and three other
            cards. MetalGarurumon has a [Counter] <Blast Digivolve> (while the opponent attacks, Player B can put it
            from hand on top of one of their own Digimon at no cost: a digivolution) and a [When Digivolving] effect: trash up to 3 cards
            from hand to gain that much memory. Player B's top security card is a **Devimon** (5000 DP).
            """,
        watch="""
            - **Counter timing.** Player B uses the <Blast Digivolve>: ExTyrannomon becomes MetalGarurumon and
              Player B draws a card for digivolving.
            - **[When Digivolving].** Player B trashes 3 cards and gains 3 memory: the gauge moves to B1. The attack
              goes on.
            - **Block timing.** ExTyrannomon's <Blocker> stays under MetalGarurumon, where it does nothing: no block.
            - **Security check.** Devimon is turned over and loses, 12000 against 5000.
            """,
        try_it="""
            At the counter question, choose not to use the [Counter]. Can Player B block with ExTyrannomon now?
            Compare the memory gauge and Player B's hand at the end.
            """,
        differences="""
            The wiki's result matches CR 4.2, given the card data. It still places "when your opponent's Digimon
            attacks" effects in the counter timing, which is the pre-2024 model (ruling Q1976), and it forgets
            the card drawn for digivolving (CR 8-1-3), which a <Blast Digivolve> also gives (CR 16-26).

            A caveat on the data: this example works only if ST16-12 can digivolve from a **purple** level-5
            Digimon, as our card data says. ST-16 is a blue starter deck; if the printed card needs a blue
            level 5, the [Counter] could not be used here (its requirements are checked when it is used, rulings
            Q4014, Q4015).
            """,
        outcome="""
            The example says: <Blast Digivolve>, then MetalGarurumon's [When Digivolving], then the security check
            against Devimon; nothing is deleted; Player B's Security Stack goes from 2 to **1**; memory ends at
            **B1**, so Player A's turn ends after the attack; Player B holds 1 card; nobody wins.
            """,
    ),
    Example(
        name="ar10_alliance_ends_with_the_attack",
        scenario="attack-resolution-10",
        source=f"{AR} 10, arithmetic corrected",
        title="Digivolve mid-attack and lose the <Alliance> bonus afterwards",
        do="follow Wendigomon's attack on Kentaurosmon through <Alliance>, a digivolution into Antylamon during the "
           "declaration, a -11000 DP [On Deletion], two [End of Attack] effects and a rule check.",
        learn="that a Digimon that digivolves is still the same attacker and keeps its bonuses, that \"for the "
              "attack\" bonuses end when the attack ends, and that a rule check then deletes a Digimon at 0 DP.",
        situation="""
            Player A's **Wendigomon** (4000 DP, <Alliance>) has **Lopmon** and **Pinamon** under it, and an
            unsuspended **Turuiemon** stands beside it. Lopmon's inherited effect: when <Alliance> suspends one of
            Player A's Digimon, the Digimon above Lopmon may digivolve from hand into a green two-colour card for 2
            less. Pinamon's inherited [When Attacking] draws a card when the attack targets a Digimon. Player A
            holds **Antylamon** (8000 DP; its [End of Attack] may play a green level-3 Digimon from the trash) and
            has two **Goblimon** in the trash.

            Player B has a **suspended Kentaurosmon** (11000 DP; its [On Deletion] gives one opposing Digimon
            -11000 DP for the turn). Memory A3.

            Wendigomon attacks Kentaurosmon.
            """,
        watch="""
            - **<Alliance>.** Player A suspends Turuiemon: +4000 DP and <Security A. +1> for this attack.
            - **Lopmon's effect** triggers from that suspension and jumps ahead of Pinamon's: Wendigomon digivolves
              into Antylamon for 1 memory. It is still the attacker, and the bonus stays: 12000 DP.
            - **Battle.** 12000 against 11000: Kentaurosmon is deleted; its [On Deletion] leaves Antylamon at
              **1000** DP.
            - **End of attack.** Antylamon plays one Goblimon from the trash; Wendigomon's inherited effect (it is
              now under Antylamon) returns the other to hand.
            - **Attack over.** The <Alliance> bonus ends: 8000 − 11000 leaves 0 DP, and the rule check deletes
              Antylamon.
            """,
        try_it="""
            When Kentaurosmon's [On Deletion] asks Player B for a target, choose **Turuiemon** instead of
            Antylamon. Who is deleted now, and does Antylamon survive the end of the attack?
            """,
        differences="""
            **The wiki's arithmetic is wrong** (docs/wiki-vs-cr.md, A8). It says Kentaurosmon's effect brings
            Antylamon's DP *to* 11000. The effect takes 11000 *away*: 12000 becomes **1000**. Only then does the
            wiki's own last step work: when the +4000 ends, 8000 − 11000 leaves 0 DP and the rule check deletes
            Antylamon (CR 16-24, 17-1-3-1-1). Had its DP really been set to 11000, losing the 4000 would leave 7000 and Antylamon would stay.

            Also worth seeing: digivolving does not make a new card, so Antylamon keeps the <Alliance> bonus and
            stays the attacker (CR 3-1-3-1-3); Antylamon's own <Alliance> does not trigger, because it was not on
            top at the declaration. The wiki's separate "when an opponent attacks" step is the pre-2024 model.
            """,
        outcome="""
            Corrected outcome: <Alliance>, Lopmon's digivolution, Pinamon's draw, Kentaurosmon's [On Deletion],
            Antylamon's [End of Attack], Wendigomon's inherited [End of Attack]; **Kentaurosmon** is deleted in
            battle and **Antylamon** by the rule check after the attack; both Security Stacks keep 3 cards;
            memory ends at **A2**; nobody wins.
            """,
    ),
    Example(
        name="ar11_no_attack_during_end_of_attack",
        scenario="attack-resolution-11",
        source=f"{AR} 11, board completed (see also ruling R07)",
        title="Digivolve at the end of an attack, but do not attack again",
        do="replay GranDracmon's attack, use its [End of Attack] to digivolve BlackWarGrowlmon into Gulfmon from the "
           "trash, resolve Gulfmon's effects, and see why the gained <Blitz> starts no second attack.",
        learn="that no attack can be declared while another is still being processed (CR 11-2-4), that a gained "
              "effect survives a digivolution, and that one batch of trashed cards triggers an effect once.",
        situation="""
            Player A's **GranDracmon** (12000 DP) has an [End of Attack] effect, once a turn: one of Player A's other
            Digimon may digivolve for free into an Undead or Dark Animal card from the trash. Beside it stands a
            **suspended BlackWarGrowlmon** that gained "[When Digivolving] <Blitz>" earlier this turn from the Tamer
            **Takato Matsuki**. Player A's trash holds **Gulfmon** ([When Digivolving]: each player trashes down to
            5 cards in hand; once a turn, when Player A's own effect trashes cards from Player A's hand, one of
            Player A's Digimon may unsuspend).

            Player B has no Digimon and one security card, **Agumon** (2000 DP). Both players hold 6 cards. The wiki
            leaves the hands and BlackWarGrowlmon's orientation open; the scenario fills them in so that Gulfmon's
            effects have something to do. Memory A3.

            GranDracmon attacks Player B.
            """,
        watch="""
            - **Security check.** Agumon loses and goes to the trash. It is not *deleted*, so nothing that waits
              for a deletion triggers.
            - **End of attack.** GranDracmon's effect digivolves BlackWarGrowlmon into Gulfmon; Player A draws a
              card (7 in hand).
            - **Two [When Digivolving] effects** wait: Gulfmon's and the gained <Blitz>. Gulfmon's goes first:
              Player A trashes 2, Player B trashes 1. That triggers Gulfmon's unsuspend once.
            - **<Blitz>** is reached but cannot activate, and no second attack happens.
            """,
        try_it="""
            At the [End of Attack] question, decline GranDracmon's effect. What stays different at the end:
            hands, trash, BlackWarGrowlmon's orientation?
            """,
        differences="""
            The wiki's conclusion is right: no new attack can be declared while an attack is still being
            processed, [End of Attack] included (CR 11-2-4; rulings Q4728, Q2423). The wiki leaves out the hand
            sizes and whether BlackWarGrowlmon was suspended (docs/wiki-vs-cr.md, A11), so its steps about
            Gulfmon could not be checked; the scenario supplies them.

            The engine gives a second reason as well: <Blitz> first requires the opponent to hold memory, and
            here the gauge is on Player A's side, so the effect cannot be activated (CR 15-6-3). Either reason
            alone stops the attack. The gained effect survives the digivolution because gained effects stay with
            the Digimon when cards are stacked on top (CR 15-13-2).
            """,
        outcome="""
            The example (completed) says: GranDracmon's [End of Attack], Gulfmon's [When Digivolving], Gulfmon's
            unsuspend; the gained <Blitz> is not activated and only **one** attack happens; nothing is deleted;
            Player B's Security Stack goes from 1 to **0** but nobody wins; memory stays A3; both hands end at 5;
            Gulfmon ends unsuspended.
            """,
    ),
    # ------------------------------------------------------------------------------ Triggered Effects
    Example(
        name="te01_order_your_own_when_attacking",
        scenario="triggered-effects-1",
        source=f"{TE} 1 (board reconstructed)",
        title="Order your own [When Attacking] effects so more of them work",
        do="replay MetalGarurumon's attack with four [When Attacking] effects of Player A's and one reacting effect "
           "of Player B's, and choose the order that lets them all do something.",
        learn="that the turn player activates all of their simultaneous effects first, in an order they choose; "
              "that a derived trigger goes ahead of older effects; and that a condition checked on activation "
              "makes the order matter.",
        situation="""
            Player A's **MetalGarurumon** (BT1-044) has, from the top down, **Zudomon**, **Garurumon**, **Gabumon**
            and **Upamon** under it. Its own [When Attacking] plays a level-4-or-lower card from under it for free.
            Gabumon's inherited effect trashes the bottom digivolution card of an opposing level-5-or-lower
            Digimon. Upamon's (draw 1, once a turn) and Zudomon's (gain 1 memory) only work if one of Player B's
            Digimon has **nothing under it**.

            Player B has **Myotismon** with one card under it and **VenomMyotismon** (gains 1 memory when an
            opposing Digimon is suspended on the opponent's turn). Memory A3.

            The wiki's board for this example is missing; this is the smallest board its steps imply.
            MetalGarurumon attacks Player B.
            """,
        watch="""
            - **One generation of five.** Four effects are Player A's and go first; VenomMyotismon waits.
            - **Gabumon first** strips Myotismon's last digivolution card, which makes Upamon's and Zudomon's
              condition true.
            - **MetalGarurumon's effect** plays Garurumon; Garurumon's [On Play] triggers and, as a newer
              generation, activates before Upamon and Zudomon. It unsuspends MetalGarurumon.
            - **Player B last.** VenomMyotismon's effect gives Player B 1 memory.
            """,
        try_it="""
            At the first question, pick **Upamon** first. Its condition fails (every Digimon of Player B's still
            has a card under it), so it is not activated at all and keeps its once-a-turn. Carry on in the widget:
            the documented answers fit until two of Player A's effects are left, and then take them in the wiki's
            order, **Gabumon** before Zudomon. How many cards does Player A draw, and where does the memory end?
            """,
        try_code=branch("order", "Upamon", then=("(inherited from Gabumon)",), facts="""\
    hand = [line.steps[-1].board.sides[0].hand_size - line.steps[0].board.sides[0].hand_size for line in (trace, mine)]
    print(f"Cards Player A draws: {hand[1]} (documented line: {hand[0]})")
    print(f"The memory ends at: {memory_words(mine.result.memory)} (documented line: {memory_words(trace.result.memory)})")
""", then_comment="the two effects left: Gabumon's, then Zudomon's comes by itself"),
        differences="""
            The wiki's order agrees with CR 4.2: everything except Garurumon's [On Play] triggers at the
            declaration as one generation (CR 15-4-3-2); the turn player empties theirs first (CR 15-4-3-5);
            Garurumon's effect, triggered during the batch, goes first as a derived trigger (CR 15-4-5-2).

            Two remarks. The wiki calls all five effects [When Attacking]; VenomMyotismon's is not, it reacts to
            the suspension the declaration causes, at the same moment (ruling Q1976), so the order is the same.
            And the wiki's board is empty (docs/wiki-vs-cr.md, T6): the scenario rebuilds the smallest board its
            steps require.
            """,
        outcome="""
            The example says: Gabumon, MetalGarurumon, Garurumon's [On Play], Upamon, Zudomon, then VenomMyotismon;
            nothing is deleted (a trashed digivolution card is not a deletion); the security check afterwards
            leaves Player B with **1** card; memory goes up to A4 and back to **A3**; Player A has drawn 1 card.
            """,
    ),
    Example(
        name="te02_option_then_triggers",
        scenario="triggered-effects-2",
        source=f"{TE} 2",
        title="Use an Option, then order the effects it set off",
        do="use Jack Raid, watch two \"when you use an Option\" effects trigger and wait, and order them so that "
           "the memory is not wasted.",
        learn="that effects trigger during an Option's processing but activate only after it, and that a "
              "prohibition on gaining memory can turn the order of two effects into a real choice.",
        situation="""
            Player A has **Lilithmon** (once a turn, when Player A uses an Option, gain 2 memory) with
            **LadyDevimon** under it (inherited, once a turn: when Player A uses an Option, delete one level-3
            opposing Digimon). Player A's trash holds 10 cards and the hand holds **Jack Raid** (an Option: gain 1
            memory for each full ten cards in the trash).

            Player B has **Terriermon** (level 3): while it is in play, its opponent can gain memory only from
            Tamer effects. Memory A2.

            Player A uses Jack Raid.
            """,
        watch="""
            - **Jack Raid's [Main]** runs first, as part of using the Option: 10 cards in the trash would give 1
              memory, but Terriermon forbids it.
            - **Two effects wait** in one generation: Lilithmon's and LadyDevimon's inherited one.
            - **LadyDevimon first** deletes Terriermon; then Lilithmon's gain is allowed.
            """,
        try_it="""
            Activate **Lilithmon's** effect first. It activates, gains nothing while Terriermon is in play, and its
            once-a-turn use is spent. Where does the memory end?
            """,
        try_code=branch("order", "Lilithmon: +2 memory"),
        differences="""
            The outcome matches CR 4.2; the wording does not (docs/wiki-vs-cr.md, T8). The wiki says the Option
            must finish before other effects *trigger*. In the rules, effects trigger the moment their condition
            is met, even during an Option's processing (CR 15-4-2-2); what they cannot do is *activate* until the
            processing is over (CR 15-8-3-2). Jack Raid counts the trash while it is itself in no area, so 10
            cards give 1 memory (CR 9-1-4).
            """,
        outcome="""
            The example says: Jack Raid's [Main] (blocked by Terriermon), then LadyDevimon's effect, then
            Lilithmon's; **Terriermon** is deleted; memory ends at **A4**; both once-a-turn effects are spent.
            """,
    ),
    Example(
        name="te03_one_option_four_triggers",
        scenario="triggered-effects-3",
        source=f"{TE} 3",
        title="Count four triggers from one Option, turn player first",
        do="use Heat Viper to delete one of your own Digimon and two of the opponent's, then resolve the four "
           "effects that triggered, Player A's before Player B's.",
        learn="that two separate deletions inside one effect trigger an effect twice, that cards deleted together "
              "trigger it once, and that ownership decides who activates first.",
        situation="""
            Player A has **Lilithmon** (once a turn, when Player A uses an Option, gain 2 memory) and **Guilmon**
            (BT5-071; if an effect deletes it, gain 1 memory), and holds **Heat Viper** (an Option: you may delete
            one of your own Digimon; if you do, delete up to two opposing level-4-or-lower Digimon).

            Player B has **MaloMyotismon** (whenever other Digimon are deleted, Player B
            gains 1 memory per Digimon) and two
            **DarkTyrannomon**. Memory A6.

            Player A uses Heat Viper (5 memory), deletes Guilmon, then both DarkTyrannomon.
            """,
        watch="""
            - **Two deletion events** in one effect: Guilmon first, then the two DarkTyrannomon together.
              MaloMyotismon triggers once for each event.
            - **One generation of four**: Guilmon's and Lilithmon's (Player A) go first, then MaloMyotismon's two
              instances (Player B).
            - **Memory**: A6, pay 5, +1, +2, then -1 and -2 from Player B's gains.
            """,
        try_it="""
            Reorder Player A's two effects (Lilithmon first). Does anything change? Then think about the wiki's
            wording, which reads as if Player A owned MaloMyotismon: who would activate it, and when?
            """,
        try_code=branch("order", "Lilithmon"),
        differences="""
            The outcome matches CR 4.2 once MaloMyotismon is Player B's, as the wiki's own resolution has it.
            The wiki's set-up sentence reads as if Player A controlled it (docs/wiki-vs-cr.md, T7); since the
            turn player activates first (CR 15-4-3-5), ownership is what fixes the order.

            MaloMyotismon triggers **twice** because the two deletions are separate events and the condition is
            met again before the first instance activates (CR 15-4-2-4); the two DarkTyrannomon deleted together
            count as one event worth 2 (CR 15-5-2, 4-27-5).
            """,
        outcome="""
            The example says: Heat Viper's [Main], Guilmon's [On Deletion], Lilithmon's effect, then MaloMyotismon
            twice (for 1 Digimon, then for 2); **Guilmon and both DarkTyrannomon** are deleted; memory ends at
            **A1**.
            """,
    ),
    Example(
        name="te04_blitz_first",
        scenario="triggered-effects-4",
        source=f"{TE} 4 (board reconstructed; see also ruling R05)",
        title="Activate <Blitz> first and watch the attack's triggers cut in",
        do="digivolve into Omnimon, activate <Blitz> before the unsuspend, and follow the triggers of the attack "
           "ahead of Omnimon's other [When Digivolving] effect.",
        learn="that an attack declared by an effect opens a newer generation, that the non-turn player's derived "
              "trigger goes before the turn player's older effect, and that the older effect still resolves before "
              "the counter timing.",
        situation="""
            Player A's unsuspended level-6 Digimon has **Veemon** (once a turn, when the Digimon above it is
            unsuspended in the main phase, draw 1) and **Upamon** (once a turn, when attacking, draw 1 if one of
            the opponent's Digimon has nothing under it) under it. Player A holds **Omnimon** (<Blitz>, and
            "unsuspend this Digimon", both [When Digivolving]).

            Player B has **VenomMyotismon** alone, with no digivolution cards (it gains 1 memory whenever an
            opposing Digimon is suspended on the opponent's turn). Memory A3.

            The wiki's board for this example is missing; this is the smallest board its steps imply. Player A
            digivolves into Omnimon (4 memory: B1) and draws.
            """,
        watch="""
            - **<Blitz> first.** Omnimon is unsuspended, so it can attack Player B right away.
            - **The declaration's triggers** (Upamon's draw for Player A, VenomMyotismon for Player B) form a newer
              generation and go before Omnimon's still-waiting unsuspend.
            - **The unsuspend** resolves next, still in the declaration timing: Omnimon stands up, which triggers
              Veemon's draw.
            - **Memory** ends at B2, so the turn passes after the attack.
            """,
        try_it="""
            At the first question, activate the **unsuspend** first; that is the next lesson's example
            (`te05_unsuspend_first`) on a different board. On this board Omnimon is already unsuspended: does
            Veemon still trigger?
            """,
        try_code=branch("order", "[When Digivolving] of BT5-086 Omnimon: unsuspend"),
        differences="""
            The wiki's order is the CR 4.2 order: the attack's triggers are derived and go first (CR 15-4-5-2),
            and Player B's derived trigger beats Player A's older effect (CR 15-4-5-3). The still-waiting unsuspend
            is resolved at the declaration, ahead of the counter timing, not at the end of the attack
            (rulings Q1356, Q1299). The attack goes on with memory on Player B's side: the turn can only end when
            nothing is being processed (CR 6-1-4-1), and a <Blitz> attack continues after memory moves
            (CR 16-16-4).

            The wiki's board is empty (docs/wiki-vs-cr.md, T6); the scenario rebuilds the smallest one.
            """,
        outcome="""
            The example says: <Blitz>, Upamon, VenomMyotismon, the unsuspend, then Veemon; nothing is deleted; the
            security check leaves Player B with **1** card; memory ends at **B2**; Omnimon ends unsuspended;
            Player A holds 3 cards.
            """,
    ),
    Example(
        name="te05_unsuspend_first",
        scenario="triggered-effects-5",
        source=f"{TE} 5 (board reconstructed)",
        title="Unsuspend first, then <Blitz>: same effects, other order",
        do="digivolve a suspended Digimon into Omnimon, unsuspend it first, then attack with <Blitz>, and compare "
           "with the previous example.",
        learn="that the turn player chooses the order of their simultaneous effects when they activate, and that "
              "the same effects in another order end on a different board.",
        situation="""
            The board of `te04_blitz_first`, with one difference: Player A's level-6 Digimon is **suspended** (say
            it attacked earlier this turn). Only then does "unsuspend this Digimon" change anything, and only an
            unsuspended Digimon can declare an attack.

            Player A digivolves into Omnimon (4 memory: B1) and draws.
            """,
        watch="""
            - **Unsuspend first.** Omnimon stands up; Veemon's draw triggers and, being newer, activates before
              <Blitz>.
            - **<Blitz>** checks its condition when it activates: Player B still has memory, so Omnimon attacks.
            - **The declaration's triggers** (Upamon, VenomMyotismon) come next.
            - **Omnimon ends the attack suspended**: the unsuspend was spent before the attack.
            """,
        try_it="""
            Activate **<Blitz>** first on this board. Omnimon is still suspended: can it attack?
            """,
        try_code=branch("order", "Blitz"),
        differences="""
            This matches CR 4.2: the turn player may activate the two effects in either order, and the order is
            chosen as they activate, not when they trigger (CR 15-4-3-4, 15-4-3-5). The wiki does not say that
            the Digimon must start suspended; with an unsuspended one the unsuspend would change nothing and
            Veemon would never trigger. Its board is empty (docs/wiki-vs-cr.md, T6).
            """,
        outcome="""
            The example says: the unsuspend, Veemon, <Blitz>, Upamon, then VenomMyotismon; nothing is deleted;
            the security check leaves Player B with **1** card; memory ends at **B2**; Omnimon ends **suspended**;
            Player A holds 3 cards.
            """,
    ),
    Example(
        name="te06_six_triggers_one_option",
        scenario="triggered-effects-6",
        source=f"{TE} 6 (board reconstructed)",
        title="Resolve six simultaneous triggers: the turn player's, then the opponent's",
        do="use Trident Revolver to delete Tapirmon and play T.K. Takaishi, then resolve six effects in one "
           "generation: Player A's three, then Player B's three.",
        learn="that everything triggered during one Option is one generation, that the turn player empties theirs "
              "first, and that a mandatory effect with nothing to do still uses its once-a-turn.",
        situation="""
            Player A has **Lilithmon** with **LadyDevimon** under it (both react to Player A using an Option: gain 2
            memory; delete a level-3 opposing Digimon) and **Coredramon**, and holds **Trident Revolver** (an
            Option that deletes an opposing Digimon of at most 6000 DP; after that Player A may put a Tamer whose
            play cost is at most 4 from hand into play at no cost) and **T.K. Takaishi** (whose [On Play] looks at the Security Stack and may take a
            card from it). Player A's second security card is **Tapirmon** (ST3-03).

            Player B has **Tapirmon** (BT2-070; [On Deletion] draw 1), **MaloMyotismon** (gains memory when other
            Digimon are deleted) and the Tamer **Mimi Tachikawa** (whenever anyone uses an Option, Player B may
            suspend her to gain 1 memory). Memory A7. The wiki's board is missing; this one is rebuilt.
            """,
        watch="""
            - **Trident Revolver** deletes Tapirmon and plays T.K. Takaishi. Six effects trigger while it resolves.
            - **Player A's three first**: T.K. Takaishi's [On Play], Lilithmon's gain, LadyDevimon's deletion.
              LadyDevimon finds no level-3 target but, being mandatory, still activates and spends its
              once-a-turn.
            - **Then Player B's three**: Tapirmon's draw, MaloMyotismon's gain, Mimi Tachikawa's gain.
            """,
        try_it="""
            Reorder Player A's three effects. Which orders change the result, and which do not? (Hint: none of
            Player A's effects here depends on another.)
            """,
        differences="""
            This matches CR 4.2: all six triggered before Trident Revolver's processing ended, so they are one
            generation (CR 15-4-3-2), and the wiki's "all priority 1" is right. Player A activates all of theirs
            first (CR 15-4-3-5).

            LadyDevimon's effect has no condition, so it is not skipped for lack of a target: it activates, does
            nothing, and its once-a-turn use is spent (CR 15-14-1-4; docs/wiki-vs-cr.md, T9). Compare Majiramon
            in `te10_failed_condition_keeps_once_per_turn`, whose failed condition means it is not activated at all.
            """,
        outcome="""
            The example says: Trident Revolver's [Main], T.K. Takaishi's [On Play], Lilithmon, LadyDevimon (no
            target), then Tapirmon's [On Deletion], MaloMyotismon and Mimi Tachikawa; **Tapirmon** (Player B's) is
            deleted; memory ends at **A1**; Player A's Security Stack ends with 3 cards.
            """,
    ),
    Example(
        name="te07_digi_burst_ten_triggers",
        scenario="triggered-effects-7",
        source=f"{TE} 7",
        title="Fire nine triggers with <Digi-Burst> and waste an effect by ordering it badly",
        do="use MetalGarurumon's <Digi-Burst> to cast Heat Viper for free, follow nine triggered effects, and see "
           "Lilithmon gain nothing because Gazimon was still in play.",
        learn="that an Option used by an effect belongs to the same generation, that a non-turn player's derived "
              "trigger goes first, and that an effect activated under a prohibition is simply wasted.",
        situation="""
            Player A's **MetalGarurumon** (P-027) has **Myotismon** and **Ghostmon** under it; its [Main]
            <Digi-Burst 2> trashes two of its digivolution cards to use a purple Option from hand for free. Ghostmon
            returns to hand when a <Digi-Burst> trashes it. Player A also has **Lilithmon** with **LadyDevimon**
            under it and **Tapirmon** (BT2-070; [On Deletion] draw 1), and holds **Heat Viper**.

            Player B has **MaloMyotismon**, **Gazimon** (while it is in play, its opponent gains memory only from
            Tamer effects), **Vilemon** with **Tsukaimon** under it and **Devimon** with **Gabumon** under it (both
            inherited [On Deletion] effects). Memory A3.

            Player A activates the <Digi-Burst>, uses Heat Viper, deletes Tapirmon and then Devimon and Vilemon.
            """,
        watch="""
            - **Generation 1** holds everything triggered during the <Digi-Burst> and Heat Viper: Player A's
              Tapirmon, Ghostmon, Lilithmon and LadyDevimon, and Player B's four.
            - **Lilithmon** activates while Gazimon is still in play: no memory, and the once-a-turn is gone.
            - **LadyDevimon** deletes Gazimon. MaloMyotismon triggers again: a newer generation, so it goes before
              Player B's older effects.
            - **Memory** ends at B2, so Player A's turn ends when all of this is resolved.
            """,
        try_it="""
            Put **LadyDevimon** before Lilithmon. Gazimon is gone by the time Lilithmon activates: where does the
            memory end, and does Player A keep the turn?
            """,
        try_code=branch("order", "LadyDevimon"),
        differences="""
            The outcome matches CR 4.2: everything that triggered during the <Digi-Burst>, including the Option it
            used and that Option's [Main], is one generation (CR 15-4-3-2), and the non-turn player's derived
            trigger goes first (CR 15-4-5-3).

            The wiki slips on two labels: it calls Tapirmon's effect "#1" in one step (it is #5 in its own list),
            and it lists the <Digi-Burst> among the triggered effects, though a [Main] effect is activated, never
            pending. Lilithmon has no condition, so under Gazimon it still activates, gains nothing and spends its
            once-a-turn (CR 15-14-1-4).
            """,
        outcome="""
            The example says: the <Digi-Burst> (with Heat Viper inside it), then Tapirmon, Ghostmon, Lilithmon (no
            gain), LadyDevimon, MaloMyotismon for Gazimon, Gabumon, MaloMyotismon for Tapirmon, MaloMyotismon for
            Devimon and Vilemon, and Tsukaimon; **Tapirmon, Devimon, Vilemon and Gazimon** are deleted; memory
            ends at **B2**.
            """,
    ),
    Example(
        name="te08_attack_ended_at_declaration",
        scenario="triggered-effects-8",
        source=f"{TE} 8, corrected (see also ruling R19)",
        title="End an attack at its declaration and skip the block",
        do="attack into Omnimon X Antibody, let Player B end the attack at once, and see that no counter timing, no "
           "block and no security check follow.",
        learn="that an effect which ends the attack jumps straight to the end of attack (CR 15-15-1-1), that "
              "<Blocker> is not a triggered effect, and that the wiki's account of this example is out of date.",
        situation="""
            Player A's **Plesiomon** has **Gomamon** (P-004) under it: once a turn, when Player A trashes a
            digivolution card of an opposing Digimon, gain 1 memory. Player A also has the Tamer **Izzy Izumi**
            (on Player A's turn, when an opposing Digimon is suspended, Player A may suspend Izzy to gain 1 memory).

            Player B has **Omnimon (X Antibody)** with two cards under it (on the opponent's turn, when an opposing
            Digimon attacks, Player B may send 2 of the cards under Omnimon to the trash, and the attack stops there) and
            **Coredramon** (<Blocker>). Memory A3.

            Plesiomon attacks Player B.
            """,
        watch="""
            - **Declaration.** Omnimon X's effect triggers at the declaration. Player B trashes two cards from under
              Omnimon and the attack ends.
            - **No counter timing, no block timing, no confirming success**: the *Attack timings* diagram jumps to
              the end of attack.
            - **Nothing else triggers.** Gomamon needs Player A to do the trashing; Izzy needs an opposing Digimon to
              be suspended, and Coredramon never blocks.
            """,
        try_it="""
            At the question about Omnimon X's effect, decline it. Now the attack runs through every timing: can
            Coredramon block now, and when? Let Player B block with it, as the wiki does. Does Izzy Izumi's effect
            come into play (and if it asks, Player A uses it)?
            """,
        try_code=branch("optional", "Don't activate", then=("Block with ST1-06 Coredramon", "Activate [Your Turn] of ST4-14 Izzy Izumi"),
                        facts="""\
    block = next(s for s in mine.steps if s.decision is not None and s.decision.kind == "block")
    print(f"Coredramon blocks: {'yes' if 'Coredramon' in block.choice else 'no'}, asked at step {block.index + 1} "
          "(block timing)")
    izzy = [label for label in mine.result.activation_order if "Izzy Izumi" in label]
    print("Izzy Izumi's effect activates:", "yes" if izzy else "no")
""", then_comment="Player B blocks with Coredramon; Player A uses Izzy Izumi's effect"),
        differences="""
            **The wiki's result is out of date** (docs/wiki-vs-cr.md, T3). It uses an old "reaction" step in
            which Coredramon's <Blocker> waits as a triggered effect, and lets Coredramon block after the attack
            has ended. Under CR 4.2:

            - Omnimon X's effect triggers at the declaration (ruling Q1976), and <Blocker> is a continuous effect
              used in the block timing, not a trigger (CR 16-5-2).
            - An effect that ends the attack sends it straight to the end of attack (CR 15-15-1-1): when that
              happens at the declaration there is no counter or block timing (ruling Q1388), so Coredramon cannot
              block and Izzy Izumi has nothing to react to.
            - Gomamon reacts only when **Player A** trashes the card; here Player B trashed its own cards. That is
              our reading of CR 15-10-1-1; we found no ruling on it.

            So Player A gains no memory: memory stays A3, not the wiki's A5.
            """,
        outcome="""
            Corrected outcome: only Omnimon X's effect activates; nothing is deleted; both Security Stacks keep 3
            cards; memory stays **A3**; Coredramon stays unsuspended; nobody wins.
            """,
    ),
    Example(
        name="te09_chained_tamer_suspensions",
        scenario="triggered-effects-9",
        source=f"{TE} 9",
        title="Chain derived triggers three generations deep",
        do="attack with UlforceVeedramon, suspend two Tamers in a chain, and follow each new trigger into a newer "
           "generation until Majiramon's effect, the oldest, activates last.",
        learn="how generations nest (the newest is always emptied first), that an effect with no once-a-turn limit "
              "triggers once per event, and that a mandatory effect that changes nothing still spends its "
              "once-a-turn.",
        situation="""
            Player A's **UlforceVeedramon** (BT2-032) unsuspends each time one of Player A's blue Tamers is suspended
            on Player A's turn, and the first time each turn it is unsuspended in the main phase Player A gains 1
            memory. Under it, **Majiramon** (inherited [When Attacking], once a turn: if none of the
            opponent's Digimon has cards under it, unsuspend). Player A's Tamers: **Sora Takenouchi & Joe Kido** (when a
            blue Digimon attacks, Player A may suspend this Tamer to strip up to two cards from under an opposing
            Digimon) and **Joe Kido** (when a Tamer is suspended, Player A may suspend Joe Kido to gain 1 memory).

            Player B has **Titamon** with **SkullScorpiomon** under it. Memory A3. UlforceVeedramon attacks Player B.
            """,
        watch="""
            - **Generation 1**: Majiramon and Sora & Joe. Sora & Joe goes first and strips SkullScorpiomon.
            - **Generation 2** from Sora & Joe's suspension: Joe Kido's effect and UlforceVeedramon's unsuspend.
              Joe Kido goes first, and its own suspension opens **generation 3**, and UlforceVeedramon's unsuspend
              there opens **generation 4** (the memory gain).
            - **Majiramon last.** Its condition holds by now, so it activates; UlforceVeedramon is already
              unsuspended, so nothing changes, but the once-a-turn is spent.
            """,
        try_it="""
            At the first question pick **Majiramon** first. Titamon still has a card under it: what happens to
            Majiramon's effect, and to its once-a-turn? (The next lesson, `te10`, is this line.)
            """,
        try_code=branch("order", "Majiramon"),
        differences="""
            This matches CR 4.2: each trigger during a resolution starts a newer generation, and that one is emptied first
            (CR 15-4-5-2). Majiramon's condition is checked when it activates (CR 15-8-3-9-2); by then it holds, the
            effect is mandatory, so it activates, changes nothing (CR 1-3-3) and spends its once-a-turn
            (CR 15-14-1-4; docs/wiki-vs-cr.md, T9).

            The wiki mislabels two effects in its steps (calling Joe Kido's effect "#6" when it is #5, and a
            confused label in step 6; docs/wiki-vs-cr.md, T5). The outcome is not affected.
            """,
        outcome="""
            The example says: Sora & Joe, Joe Kido, UlforceVeedramon's unsuspend (for Joe Kido), its memory gain,
            UlforceVeedramon's unsuspend (for Sora & Joe, no change), then Majiramon (no change); nothing is
            deleted; the security check leaves Player B with **1** card; memory ends at **A5**; UlforceVeedramon
            ends unsuspended and both Tamers suspended.
            """,
    ),
    Example(
        name="te10_failed_condition_keeps_once_per_turn",
        scenario="triggered-effects-10",
        source=f"{TE} 10, corrected (same board as example 9)",
        title="Pick Majiramon first and keep its [Once Per Turn]",
        do="replay the board of example 9, activate Majiramon's effect first while its condition is false, and "
           "compare the end with example 9.",
        learn="that an effect whose condition fails when it activates is not activated at all and does not use "
              "its once-a-turn (CR 15-6-3), unlike a mandatory effect that activates with nothing to do.",
        situation="""
            The board of `te09_chained_tamer_suspensions`: UlforceVeedramon with Majiramon under it, the Tamers
            Sora Takenouchi & Joe Kido and Joe Kido, against Player B's Titamon with SkullScorpiomon under it.
            Memory A3. UlforceVeedramon attacks Player B; this time Player A picks **Majiramon** first.
            """,
        watch="""
            - **Majiramon first.** Titamon still has SkullScorpiomon, so the condition is false: the effect is
              **not activated**, and it is gone from pending activation for good.
            - **Sora & Joe** then strips SkullScorpiomon, and the chain of Tamer suspensions runs as in example 9,
              in a slightly different order.
            - **The end** looks the same as example 9, except for one thing you cannot see on the board:
              Majiramon's once-a-turn is still unused.
            """,
        try_it="""
            Pick **Sora & Joe** first at the first question: that is example 9's line. Compare the activation
            orders of the two.
            """,
        try_code=branch("order", "Sora"),
        differences="""
            The wiki's step 3 names cards that are not on this board, SkullMeramon under MaloMyotismon, copied
            from another example (docs/wiki-vs-cr.md, T4); the card actually trashed is SkullScorpiomon from
            under Titamon.

            On Majiramon the wiki is right and the distinction is subtle: an effect whose only process is gated
            by a condition that fails **cannot be activated** (CR 15-6-3), so its once-a-turn stays unused
            (CR 15-14-1-1). It does not come back later in this attack: [When Attacking] triggers only at the
            declaration.
            """,
        outcome="""
            The example says: Majiramon picked but **not activated**, then Sora & Joe, UlforceVeedramon's unsuspend
            (for Sora & Joe), its memory gain, Joe Kido, UlforceVeedramon's unsuspend (for Joe Kido, no change);
            nothing is deleted; the security check leaves Player B with **1** card; memory ends at **A5**.
            """,
    ),
]
