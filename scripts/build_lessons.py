"""Build the notebooks in lessons/ from the texts in this file and lesson_texts.py (and, with --execute, store the checked outputs).

    python3 -m uv run python scripts/build_lessons.py                 # write every notebook, outputs cleared
    python3 -m uv run python scripts/build_lessons.py --execute       # also run them; keep marked outputs, widget placeholders
    python3 -m uv run python scripts/build_lessons.py --execute ar05  # only the notebooks whose name starts so

Each lesson has the same opening (a verb title, then What you'll do / learn / need) and the pytudes
rhythm: a little prose, a small cell, a note on what to notice. The example notebooks (ar01-ar11 for
the wiki's Attack Resolution examples, te01-te10 for its Triggered Effects examples) share one
template filled from ``EXAMPLES``.

A stored lesson looks the same before it is run, after a browser reload that came before any save, and
after `./lab`'s save hook (jupyter-config/jupyter_server_config.py) saved it: a cell that shows a widget
(the step player, a folded answer) keeps the hook's "Run this cell to see ..." placeholder as its output;
checked cells keep their printed output (nbval compares it with a fresh run); every other output is cleared,
and no cell keeps an execution count (the root conftest.py numbers the checked cells for nbval). In the texts
here a checked cell's code starts with the line ``# NBVAL_CHECK_OUTPUT``; the notebook gets the code without
that line and nbval's cell tag ``nbval-check-output`` in the cell's metadata instead, where a learner does
not see it. A marked cell's output is stored only when the notebook ran without
an error up to that cell, so a lesson whose scenario is not bundled yet keeps an empty marked cell (and
fails nbval until it is rebuilt).

The lessons import the engine, the scenarios and the widgets; they never define rules.
"""

from __future__ import annotations

import argparse
import copy
import os
import re
import runpy
import sys
import textwrap
from dataclasses import replace
from pathlib import Path
from typing import Any

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from lesson_texts import EXAMPLES, Example  # the texts of the 21 example lessons (beside this file)
import lesson_texts_de as de  # the texts of the German lessons 00-03 (beside this file)
import lesson_texts_de_learn as de_learn  # ... of the German lessons 04-06
import lesson_texts_de_examples as de_examples  # ... the template words of the German example lessons
from lesson_texts_de_ar import TEXTS as DE_AR  # ... and their texts
from lesson_texts_de_te import TEXTS as DE_TE

LESSONS_DIR = Path(__file__).resolve().parent.parent / "lessons"
SERVER_CONFIG = LESSONS_DIR.parent / "jupyter-config" / "jupyter_server_config.py"
MARK = "# NBVAL_CHECK_OUTPUT"  # in a cell text here: the cell is checked (it becomes the tag CHECK_TAG)
CHECK_TAG = "nbval-check-output"  # nbval's cell tag for "compare this cell's output"
LANGUAGE_INFO = {"codemirror_mode": {"name": "ipython", "version": 3}, "file_extension": ".py",
                 "mimetype": "text/x-python", "name": "python", "nbconvert_exporter": "python",
                 "pygments_lexer": "ipython3"}
"""The ``metadata.language_info`` a Python 3 kernel reports, less its ``version``. JupyterLab writes what the kernel
reports into a notebook as it opens, and a notebook whose metadata so changed shows as unsaved (the dot on its tab,
"Save changes?" on closing) though nobody touched it. The interpreter's version is the learner's own, so it is not
committed: `./lab` adds it to its working copy (scripts/lab_setup.py, ``--kernel-info``)."""


def escape_keywords(text: str) -> str:
    """``<Piercing>`` -> ``\\<Piercing>`` outside code spans: Markdown renderers (JupyterLab, GitHub) take
    ``<Piercing>`` for an HTML tag and drop it; a backslash keeps the keyword visible."""
    parts = text.split("`")
    for i in range(0, len(parts), 2):  # even parts are outside `code spans`
        parts[i] = re.sub(r"(?<!\\)<(?=[A-Za-z][^<>\n]*>)", r"\\<", parts[i])
    return "`".join(parts)


def md(text: str) -> nbformat.NotebookNode:
    return new_markdown_cell(escape_keywords(textwrap.dedent(text).strip("\n")))


def code(text: str) -> nbformat.NotebookNode:
    """A code cell; a text whose first line is MARK is a checked cell: that line becomes the tag CHECK_TAG."""
    source = textwrap.dedent(text).strip("\n")
    first, _, rest = source.partition("\n")
    if first.strip() == MARK:
        return new_code_cell(rest, metadata={"tags": [CHECK_TAG]})
    return new_code_cell(source)


def is_checked(cell: nbformat.NotebookNode) -> bool:
    """True for a code cell whose output nbval compares (tagged CHECK_TAG)."""
    return CHECK_TAG in cell.get("metadata", {}).get("tags", [])


def opening(title: str, do: str, learn: str, need: str) -> nbformat.NotebookNode:
    return md(
        f"# {title}\n\n"
        f"**What you'll do:** {textwrap.dedent(do).strip()}\n\n"
        f"**What you'll learn:** {textwrap.dedent(learn).strip()}\n\n"
        f"**What you'll need:** {textwrap.dedent(need).strip()}"
    )


NOT_IN_VOILA = "digiteach-not-in-voila"
"""The tag of a cell Voilà does not show (jupyter-config/share/voila/templates/digiteach/index.html.j2): the run
instructions, which are about JupyterLab's menu and keys; in Voilà the app runs every cell by itself."""


def how_to_run(lang: str) -> nbformat.NotebookNode:
    """The cell right after every lesson's opening: how to run it in JupyterLab (tagged NOT_IN_VOILA)."""
    cell = md(de.HOW_TO_RUN_DE if lang == "de" else HOW_TO_RUN)
    cell.metadata["tags"] = [NOT_IN_VOILA]
    return cell


def lab_md(text: str) -> nbformat.NotebookNode:
    """A Markdown cell about editing a cell or a file, which Voila (code hidden) does not show (tagged NOT_IN_VOILA)."""
    cell = md(text)
    cell.metadata["tags"] = [NOT_IN_VOILA]
    return cell


# Every lesson says first how to run it: a freshly opened notebook shows empty cells and no player.
HOW_TO_RUN = (
    "**How to run it:** `./lab` in the repository starts JupyterLab on your own copy of the lessons (in "
    "`my-lessons/`). There, choose **Run > Run All Cells** in the menu (the step player appears under its cell "
    "a few seconds later), or click the first cell and press **Shift+Enter** to run one cell at a time. "
    "A notebook opened again later shows \"Run this cell to see the step player\" where a player was: run the "
    "cells again."
)

# The answer to a "Try it yourself" stays folded until the learner opens it (after deciding for themselves).
REVEAL_TITLE = "Show the engine's answer"


NEED_BASICS = (
    "a Python kernel with this project installed. "
    "Read `00_start_here` first if the player or the words Battle Area, pending activation and "
    "turn player are new to you. Runs on its own, in any order, in a few seconds."
)

# The outcome summary every example ends with. It prints the result of the documented line, then
# whether it matches the outcome the scenario file states (taken from the example, never from the engine).
SUMMARY = f'''\
{MARK}
r = trace.result
print("Activated, in order:")
for n, label in enumerate(r.activation_order, 1):
    print(f"  {{n}}. {{label}}")
print("Deleted:", ", ".join(r.deleted) or "nothing")
print("Security Stack:", ", ".join(f"Player {{p}} {{n}}" for p, n in r.security))
print("Memory:", "0" if r.memory == 0 else f"{{abs(r.memory)}} on Player {{'A' if r.memory > 0 else 'B'}}'s side")
print("Winner:", f"Player {{r.winner}}" if r.winner else "nobody")
print("Differences from the documented outcome:", sc.check(scenario) or "none")'''

FINAL_BOARD = f'''\
{MARK}
for side in trace.steps[-1].board.sides:
    digimon = [s.top.label + (" (suspended)" if s.suspended else "") for s in side.battle_area]
    print(f"Player {{side.player}}: Battle Area: {{', '.join(digimon) or 'empty'}}")
    print(f"          hand {{side.hand_size}}, Security Stack {{side.security_size}}, trash {{len(side.trash)}}")'''


# --------------------------------------------------------------------------------------------- 00


def start_here() -> list[nbformat.NotebookNode]:
    return [
        opening(
            "Step through your first ruling",
            "open the step player on a worked example, move through it with the buttons, the slider and the "
            "arrow keys, and answer a decision differently to see where the rules take you.",
            "what digiteach is, how the player is laid out, and the few official words every lesson uses "
            "(Battle Area, Security Stack, memory gauge, suspend, pending activation, turn player).",
            "a Python kernel with this project installed. No rules "
            "knowledge is assumed. Runs on its own, in any order, in a few seconds.",
        ),
        md("""
            ## What this kit is

            **digiteach** replays small, documented situations from the Digimon Card Game, one step at a time, so
            that you can see *why* an attack or a chain of effects ends the way it does.

            - Each situation is a **scenario**: a YAML file with a board, one opening action (an attack, a
              digivolution, an Option), the answers the players give when the rules ask them something, and the
              outcome the source says should happen.
            - A **rules engine** (the `digiteach` package, plain Python) plays the scenario. It follows the
              Comprehensive Rules, version 4.2, and cites the rule number behind every step. Nothing in a
              scenario tells the engine what the result is; it works the result out and `digiteach check`
              compares it with the documented one.
            - The **step player** (the `widgets` package) shows the steps with three diagrams. The lessons (this
              folder) are built around it.

            The bundled scenarios come from two wiki pages (*Attack Resolution*, 11 examples; *Triggered
            Effects*, 10 examples) and from official rulings. Where the wiki's procedure is out of date, the
            engine follows the current rules and the lesson says what changed.
            """),
        md("""
            ## Open the player

            `widgets.play` takes the id of a bundled scenario (or a file path) and returns a player. This one is
            the wiki's fifth *Attack Resolution* example: HerculesKabuterimon with <Piercing> attacks a Salamon.
            """),
        code("""
            import widgets

            player = widgets.play("attack-resolution-5")
            player
            """),
        md("""
            What to notice, from top to bottom:

            - **Title and rules version.** The scenario's title and the ruleset the engine follows.
            - **Controls.** The arrow buttons go to the first step, the previous one, the next one and the last
              one; **Play** steps on its own (the button turns into **Pause**) at the speed chosen in the menu
              next to the counter; the **slider** jumps anywhere; the counter reads *step N of M*. Hover over a
              button to see what it does. **Export HTML** saves the whole trace as one file that works offline.
            - **Keys.** Click the player once (or reach it with Tab) and use **←** / **→** to step, **Home** /
              **End** to jump to the first or last step.
            - **Caption.** What happens at this step, in a sentence or two, with the rule numbers (CR = the
              Comprehensive Rules) underneath.
            - **Three diagrams.** *Attack timings* marks where the attack is (outside an attack the same pane is
              titled *Turn phases* and marks the phase); *Pending activation* lists the effects waiting to
              activate; *Board* shows both players' areas and the memory gauge, with changes since the previous
              step highlighted.
            - **Steps so far.** A running log, one line per step.

            Stepping happens in the browser from frames computed once, so it stays quick even on a slow machine.
            """),
        md("""
            The player can also be read from Python. Its text form names the scenario and the step it shows,
            and each step carries its caption and rule numbers.
            """),
        code("""
            print(player.counter)
            print(player.caption)
            print(player.step.rules)
            """),
        md("""
            The same step you see in the widget: `player.step` is a plain record (a `digiteach.views.Step`), so
            anything the player draws, a cell can print.

            ## The board and its words

            The game has its own vocabulary, and the kit uses it and nothing else:

            | Word | Meaning |
            |---|---|
            | **Battle Area** | Where a player's Digimon (and Tamers) are in play. Only Digimon here attack and block. |
            | **Breeding Area** | A separate spot for raising one Digi-Egg stack; Digimon there take no part in attacks. |
            | **Security Stack** | A face-down pile of cards. An attack on a player turns over ("checks") cards from it; a player who is attacked successfully with none left loses. |
            | **digivolution cards** | The cards under a Digimon's top card. Their *inherited* effects work for the Digimon on top. |
            | **memory gauge** | One shared counter. Paying costs moves it towards the opponent; when it ends on the opponent's side, the turn passes. We write *A3* for 3 on Player A's side. |
            | **suspend / unsuspend** | Turn a card sideways (it attacked or blocked) / upright again. |
            | **delete** | A Digimon that loses a battle or is destroyed by an effect goes to the trash: it is deleted. |
            | **DP** | A Digimon's strength in battle. |
            | **turn player / non-turn player** | Whose turn it is / the other player. In every scenario Player A is the turn player. |
            | **trigger, pending activation, activate** | An effect whose condition is met *triggers*; it then waits in *pending activation* until the rules let it *activate* (lesson 02). |

            Here is the board at the first step, read from the same record the diagram is drawn from:
            """),
        code(f"""
            {MARK}
            board = player.trace.steps[0].board
            print("Turn player: Player", board.turn_player, "| memory:", board.memory, "(+ = Player A's side)")
            for side in board.sides:
                print(f"Player {{side.player}}: Security Stack {{side.security_size}} cards, hand {{side.hand_size}}")
                for stack in side.battle_area:
                    under = " / ".join(c.label for c in stack.digivolution_cards)
                    state = "suspended" if stack.suspended else "unsuspended"
                    print(f"   Battle Area: {{stack.top.label}} ({{stack.dp}} DP, {{state}})" + (f" over {{under}}" if under else ""))
            """),
        md("""
            The memory gauge is stored as one signed number seen from Player A: positive on A's side, negative on
            B's. The diagrams and summaries turn it back into words.

            ## Decisions, and choosing for yourself

            Whenever the rules hand a player a choice (block or not, which pending effect goes first, which
            Digimon to target, whether to use an optional effect), the engine stops and asks. The scenario file
            holds the answers the source gives, so the documented line plays straight through. In the player,
            such a step shows the question and one button per legal answer; the documented answer is
            highlighted.

            This lists every question in this scenario, with the documented answer marked:
            """),
        code("""
            for step in player.trace.steps:
                if step.decision is not None:
                    print(f"step {step.index + 1}: Player {step.decision.player}: {step.decision.prompt}")
                    for option in step.decision.options:
                        print("    *" if option == step.choice else "     ", option)
            """),
        md("""
            **Learner-driven mode.** Go to one of those steps in the player and click a *different* option. The
            kernel replays the scenario up to that step with your answer, then carries on with the documented
            answers for as long as they still fit; if the new line asks a question the file has no answer for,
            it stops there and waits for you. A note above the controls says which choice you changed, and
            **Back to the documented line** returns to the original. A choice the rules do not allow is refused
            with the engine's reason and the rule number. (This needs a running kernel: in an exported HTML
            file the buttons only show the documented line.)

            Try it now: in HerculesKabuterimon's attack, Player A has two effects waiting after the battle and
            chooses which activates first. Pick the other one. Does the end result change?

            The same thing from Python, without touching the player above: `digiteach.scenario.branch` answers
            one decision differently and plays on. The cell keeps its answer folded: make up your mind first,
            then click **{REVEAL_TITLE}** under it.
            """.replace("{REVEAL_TITLE}", REVEAL_TITLE)),
        code(f"""
            import digiteach.scenario as sc
            import ipywidgets
            from digiteach.outcome import outcome_lines

            first = next(s for s in player.trace.steps if s.decision is not None and s.decision.kind == "order")
            other = next(o for o in first.decision.options if o != first.choice)
            mine = sc.branch(player.trace, first.index, other)
            answer = ipywidgets.Output()
            with answer:
                for heading, line in (("The documented line", player.trace), ("Your line", mine)):
                    print(f"{{heading}}, activated in order:")
                    for n, label in enumerate(line.result.activation_order, 1):
                        print(f"  {{n}}. {{label}}")
                    for text in outcome_lines(line.result):  # deleted, Security Stacks, memory, winner
                        print(f"  {{text}}")
            ipywidgets.Accordion([answer], titles=[{REVEAL_TITLE!r}], selected_index=None)
            """),
        md("""
            Whether a different order changes the outcome is exactly the kind of question the example lessons
            ask.

            ## Where to go next

            - `01_attack_timings`: follow one attack through its timings.
            - `02_pending_activation`: how simultaneous effects wait and in which order they activate.
            - `03_write_your_own_ruling`: write a scenario file and check it.
            - `04_explore_every_branch`: every order of one board, grouped by outcome.
            - `05_predict_then_check`: a quiz made from a trace, with a score.
            - `06_compare_rulesets`: one ruling under the current and older rules, side by side.
            - `ar01` … `ar11` and `te01` … `te10`: one notebook per wiki example. The index is in `README.md`.
            - Auf Deutsch: every lesson also exists in German, in the folder `de`, under the same name ending in
              `_de` (`de/00_start_here_de`, `de/04_explore_every_branch_de`, `de/ar05_piercing_waits_de`, ...).
            """),
    ]


# --------------------------------------------------------------------------------------------- 01


def attack_timings() -> list[nbformat.NotebookNode]:
    path_cell = f"""
        {MARK}
        attack = [s.attack for s in trace.steps if s.attack is not None][-1]
        for timing, note in attack.notes:
            print(f"{{timing:<20}} {{note}}")
        print("path:", " -> ".join(attack.path))
        """
    return [
        opening(
            "Follow one attack through its timings",
            "replay four attacks, each one step richer than the last: a plain attack on the player, an attack "
            "that is blocked, a security check with a [Security] effect, and an attack with <Piercing>.",
            "the five timings of an attack (CR 11-1-3), why each timing finishes before the next begins "
            "(CR 11-1-4), what confirming success means for a player and for a Digimon, and where the "
            "<Piercing> check fits.",
            NEED_BASICS,
        ),
        md("""
            ## The timings

            An attack always moves through the same timings, in the same order: **attack declaration**, the
            **counter timing**, the **block timing**, **confirming success**, and the **end of attack**
            (CR 11-1-3). A timing begins only when everything in the one before it has been resolved (CR 11-1-4).
            The engine names them, with a few extra stops that make the picture easier to follow:
            """),
        code(f"""
            {MARK}
            from digiteach.terms import AttackTiming

            for timing in AttackTiming:
                print(timing.value)
            """),
        md("""
            *Confirming success* branches three ways: a **security check** when the target is a player with
            security cards, a **win** when it is a player with none, and a **battle** when the target is a
            Digimon. The **<Piercing> check** and **attack over** are not timings of their own in the rules; the
            engine shows them because things happen there.
            """),
        code("""
            import digiteach.scenario as sc
            import widgets
            """),
        md("""
            ## 1. A plain attack on the player

            MaloMyotismon attacks Player B, who has no Digimon that can block. Nobody has a [Counter] effect, so
            the counter and block timings pass with nothing to do; confirming success finds security cards, so
            one card is checked. It is a Digimon card, and it battles as a *Security Digimon*.
            """),
        code("""
            import digiteach.scenario as sc
            import widgets

            scenario = sc.load_scenario("ruling-R33")
            trace = sc.play(scenario)
            widgets.play(trace)
            """),
        md("""
            Step through it and watch the *Attack timings* diagram: the highlighted box moves down one timing at
            a time. At the security check, notice that the Security Digimon loses but is **not deleted**: only
            Digimon in play are deleted, so MaloMyotismon's "when another Digimon is deleted" effect never
            triggers (ruling Q1119; CR 4-5-1, 14-2-3).

            Each attack also records a short note per timing:
            """),
        code(path_cell),
        md("""
            ## 2. An attack that is blocked

            Titamon, with Biyomon among its digivolution cards, attacks Player B. Biyomon's inherited
            [When Attacking] draws a card. Player B then blocks with Coredramon, which has <Blocker>: the block
            suspends Coredramon and makes it the new target, so confirming success finds a Digimon and they
            battle.
            """),
        code("""
            import digiteach.scenario as sc
            import widgets

            scenario = sc.load_scenario("ruling-R11")
            trace = sc.play(scenario)
            widgets.play(trace)
            """),
        md("""
            What to notice: the draw happens at the declaration, **before** the block timing. A [When Attacking]
            effect has finished by the time the opponent may block (CR 11-1-4; ruling Q3189), so a block cannot
            undo it. The Security Stack is untouched: the attack never reached the player.
            """),
        code(path_cell),
        md("""
            Now take the other branch. `branch` answers the block question with *Don't block* and plays on:
            """),
        code(f"""
            {MARK}
            block = next(s for s in trace.steps if s.decision is not None and s.decision.kind == "block")
            unblocked = sc.branch(trace, block.index, "Don't block")
            attack = [s.attack for s in unblocked.steps if s.attack is not None][-1]
            print("path:", " -> ".join(attack.path))
            print("Security Stack:", dict(unblocked.result.security))
            """),
        md("""
            Without the block, confirming success finds the player and a security check takes its place: one
            security card fewer for Player B.

            ## 3. A security check with a [Security] effect

            MetalGreymon has <Security A. +2>, so its check turns over 3 cards. The first one is the Option Holy
            Flame, whose [Security] effect gives all of Player A's Digimon <Security A. -1>. The check is
            counted again after each card, so it stops after the second card.
            """),
        code("""
            import digiteach.scenario as sc
            import widgets

            scenario = sc.load_scenario("attack-resolution-3")
            trace = sc.play(scenario)
            widgets.play(trace)
            """),
        md("""
            What to notice: since CR 3.7 an attack has **one** security check (CR 13-1-2) that may cover several
            cards, and the number of cards is re-counted as the check goes (CR 16-4-2). A [Security] effect
            activates at once, without waiting in pending activation (CR 15-16-10-2). Also: MetalGreymon's
            [When Attacking] put the memory gauge on Player B's side, yet the attack carries on; the turn passes
            only once it is over (CR 6-1-4-1).
            """),
        code(path_cell),
        md("""
            ## 4. <Piercing>

            HerculesKabuterimon (with <Piercing>) attacks Player B, who has **no** security cards left. Player B
            blocks with Kabuterimon, HerculesKabuterimon wins the battle, and <Piercing> activates. <Piercing>'s
            check does not happen right away: it waits until just before the end of the attack (CR 16-7-4).
            """),
        code("""
            import digiteach.scenario as sc
            import widgets

            scenario = sc.load_scenario("attack-resolution-1")
            trace = sc.play(scenario)
            widgets.play(trace)
            """),
        md("""
            What to notice: the *<Piercing> check* box lights up after the battle, finds no card to turn over,
            and **nobody wins**. A win needs an attack on the player that reaches confirming success while they
            have no security cards (CR 1-2-3-1, 11-5-1-2-1); the block made a Digimon the target, and a
            <Piercing> check is not a confirmation. The wiki reaches the same result by an older rule (3.6's
            16-6-6) that no longer exists.
            """),
        code(path_cell),
        md("""
            ## All four side by side

            The timings each attack passed through:
            """),
        code(f"""
            {MARK}
            for scenario_id in ["ruling-R33", "ruling-R11", "attack-resolution-3", "attack-resolution-1"]:
                steps = sc.play(sc.load_scenario(scenario_id)).steps
                attack = [s.attack for s in steps if s.attack is not None][-1]
                print(f"{{scenario_id:<20}}", " -> ".join(attack.path))
            """),
        md("""
            Every line starts with the same three timings and ends with the same two; only confirming success
            and what follows it differ. One shortcut is missing here: an effect that **ends the attack** jumps
            straight to the end of attack and skips whatever timings are left (CR 15-15-1-1). See
            `te08_attack_ended_at_declaration`.
            """),
    ]


# --------------------------------------------------------------------------------------------- 02


def pending_activation() -> list[nbformat.NotebookNode]:
    pending_cell = """
        for generation in step.pending:
            print(f"generation {generation.number} (from {generation.cause}):")
            for effect in generation.effects:
                print(f"    Player {effect.player}: {effect.label} [{effect.status}]")
        """
    return [
        opening(
            "Put simultaneous effects in order",
            "watch six effects that trigger at one attack declaration wait their turn, see a new effect jump "
            "ahead of them, and reorder them yourself.",
            "what pending activation is; how effects are grouped in generations (priority levels); why the turn "
            "player goes first, the newest generation first and one effect at a time (CR 15-4); how this "
            "differs from the \"stack\" of other card games; and why effects triggered by a rule check have no "
            "extra priority (CR 15-4-3-3).",
            NEED_BASICS,
        ),
        md("""
            ## Trigger, wait, activate

            An effect with a trigger condition ("when this Digimon attacks", "when a card is trashed from your
            hand", [On Deletion], ...) **triggers** the moment its condition is met, whatever else is happening
            (CR 15-4-2-2). It cannot **activate** while a rule or another effect is still being carried out
            (CR 15-8-3-2), so it waits in **pending activation** (CR 15-4-4-1). When the game is free again, the
            waiting effects activate **one at a time** (CR 15-4-4-2), and the order is chosen only then, not when
            they triggered (CR 15-4-3-4).

            Effects that triggered during the same rule or effect are **simultaneous**. The engine keeps each
            such batch as one **generation**. Within a generation:

            1. the **turn player** activates their effects, one at a time, in any order they like, until none
               of theirs are left; after that the **non-turn player** activates theirs the
               same way (CR 15-4-3-5);
            2. an effect that triggers *while* a generation is being worked through opens a **newer generation**,
               and the newest one is always emptied first (CR 15-4-5-2), even when it belongs to the non-turn
               player and the turn player still has older effects waiting (CR 15-4-5-3).
            """),
        code("""
            import digiteach.scenario as sc
            import widgets

            scenario = sc.load_scenario("triggered-effects-1")
            trace = sc.play(scenario)
            widgets.play(trace)
            """),
        md("""
            This is the wiki's first *Triggered Effects* example. MetalGarurumon attacks; four of Player A's
            effects (its own [When Attacking] and the inherited ones of Zudomon, Gabumon and Upamon) and one of
            Player B's (VenomMyotismon gains memory when an opposing Digimon is suspended) all trigger at the
            declaration. Step through it with the *Pending activation* diagram in view.

            Here is what was waiting right after the declaration:
            """),
        code("step = trace.steps[0]\n" + textwrap.dedent(pending_cell).strip("\n")),
        md("""
            One generation, five effects, four of them Player A's. Player B's effect waits until Player A has
            none left, however Player A orders theirs.

            Now find the step where a second generation appears. MetalGarurumon's effect plays Garurumon from
            under itself; Garurumon's [On Play] triggers while generation 1 is still being worked through:
            """),
        code("step = max(trace.steps, key=lambda s: len(s.pending))\n"
             f"print('step', step.index + 1)\n" + textwrap.dedent(pending_cell).strip("\n")),
        md("""
            Generation 2 goes first, ahead of Zudomon and Upamon, which triggered earlier. That is the only way
            a later effect gets ahead: by triggering while an older batch is being resolved.

            The order in which everything activated:
            """),
        code(f"""
            {MARK}
            for n, label in enumerate(trace.result.activation_order, 1):
                print(n, label)
            """),
        md("""
            ## Order matters: reorder it yourself

            Upamon's and Zudomon's effects only do something if one of Player B's Digimon has no cards
            under it. Gabumon's effect makes that true by trashing the last card under Player B's Myotismon. Their
            conditions are checked when they **activate**, not when they trigger (CR 15-8-3-9-2), so Player A
            activates Gabumon first.

            In the player above, go to the first question (*which pending effect activates next?*) and choose
            Upamon instead. Or do it here:
            """),
        code(f"""
            {MARK}
            first = next(s for s in trace.steps if s.decision is not None and s.decision.kind == "order")
            upamon = next(o for o in first.decision.options if "Upamon" in o)
            mine = sc.branch(trace, first.index, upamon)
            print("stopped at:", mine.result.stopped_at)
            for n, label in enumerate(mine.result.activation_order, 1):
                print(n, label)
            """),
        md("""
            Upamon goes first. None of Player B's Digimon is without digivolution cards yet, so its condition
            fails and it is **not activated** at all (CR 15-6-3): it is missing from the list. The branch then
            replays the file's later answers while they still fit and stops at the first question where they do
            not; in the widget you would answer that one yourself.

            ## Not a "stack"

            If you know card games where players answer each other's spells, you may expect a *stack*: every
            response goes on top, the last one in resolves first, and either player may add to it at will. The
            Digimon Card Game works differently, and the kit never calls pending activation a stack:

            | | A response stack (other games) | Pending activation (this game) |
            |---|---|---|
            | What gets in | whatever a player chooses to respond with | only effects whose trigger condition was met |
            | Order within one batch | fixed as they are added | chosen one at a time as they activate, turn player's first (CR 15-4-3-5) |
            | Last in, first out? | always | only between batches: a newer generation is emptied before an older one (CR 15-4-5-2) |
            | Who goes first | the player who acted last | the turn player, unless the non-turn player's effect is in a newer generation (CR 15-4-5-3) |

            ## Rule checks add no priority

            After each effect, the rules look for Digimon at 0 DP (and a few other things) and deal with them:
            a **rule check** (CR 17). A Digimon deleted that way can trigger its [On Deletion] effect. The wiki's
            *Triggered Effects* page gives effects triggered by a rule check a higher priority than the ones the
            last effect triggered. The current rules do not: triggers from the rule check join the same
            generation as the effect's own triggers, and the turn player still goes first (CR 15-4-3-3; rulings
            Q6313, Q6495).
            """),
        code("""
            import digiteach.scenario as sc
            import widgets

            scenario = sc.load_scenario("ruling-R51")
            trace = sc.play(scenario)
            widgets.play(trace)
            """),
        md("""
            Player A shrinks Player B's Salamon to 0 DP with [Habakiri] and then digivolves into Habakirimon.
            The rule check deletes Salamon at the same moment as Habakirimon's [When Digivolving] triggers, so
            both land in one generation. Here it is, at the step where the rule check has just run:
            """),
        code("step = next(s for s in trace.steps if s.pending)\n" + textwrap.dedent(pending_cell).strip("\n")),
        md("""
            One generation, one effect per player: Player A's goes first, then Salamon's [On Deletion]. Under the
            wiki's procedure Salamon would go first, and Habakirimon would then see both Security Stacks at 3.
            """),
        code(f"""
            {MARK}
            for n, label in enumerate(trace.result.activation_order, 1):
                print(n, label)
            print("Security Stack:", dict(trace.result.security))
            """),
        md("""
            ## Where to see more

            - `te04_blitz_first` and `te05_unsuspend_first`: the same two effects in both orders.
            - `ar08_blitz_triggers_jump_ahead`: a non-turn player's derived trigger ahead of the turn player's
              older effects.
            - `te09_chained_tamer_suspensions`: generations four deep.
            - `te10_failed_condition_keeps_once_per_turn`: an effect whose condition fails is not activated at all.
            """),
    ]


# --------------------------------------------------------------------------------------------- 03

MY_RULING = '''\
id: my-first-ruling
title: A blocked attacker still keeps what its [When Attacking] gave
source: {page: lesson 03, rule: [CR 11-1-4, CR 12-1]}
cards:
  - number: XX1-001
    name: Lessonmon
    level: 4
    colors: [Red]
    dp: 5000
    play_cost: 5
    digivolve: [{color: Red, level: 3, cost: 2}]
    effects:
      - timing: When Attacking
        actions: [{do: gain_memory, amount: 1}]
        summary: Gain 1 memory.
    summary: A practice card made up for this lesson.
setup:
  turn_player: A
  memory: A3
  A:
    battle_area: [XX1-001]
  B:
    battle_area: [ST1-06]      # Coredramon, 6000 DP, <Blocker>
    security: 3
action:
  attack: {with: XX1-001, target: player}
choices:
  - B: Block
expect:
  activation_order: ["When Attacking"]
  deleted: [XX1-001]
  security: {B: 3}
  memory: A4
  winner: none
notes: |
  The memory gain happens at the declaration, before the block timing (CR 11-1-4),
  so the block cannot take it back. Lessonmon then loses the battle (5000 against 6000).
'''


RULING_CELL_HEAD = "# The file's text. Messages number its lines as this cell does (Shift+L shows them).\n"
"""The ruling cell's first line: with ``MY_RULING = \"\"\"\\`` after it, the text starts on the cell's third line, as it
does in a saved file after the two comment lines of ``widgets.stamped``, so a message's line number is the cell's."""


def ruling_cell(text: str, head: str = RULING_CELL_HEAD) -> nbformat.NotebookNode:
    """The cell that holds a scenario file's text as it is written in an editor: a triple-quoted string, one line per
    line (a learner edits it there; no escapes, no scroll bar), under one comment line (``head``)."""
    assert '"""' not in text and "\\" not in text and text.endswith("\n"), "the ruling must fit a plain triple-quoted string"
    return new_code_cell(f'{head}MY_RULING = """\\\n{text}"""')


def write_your_own() -> list[nbformat.NotebookNode]:
    return [
        opening(
            "Write your own ruling and check it",
            "write a scenario file with a card of your own, play it, check it with `digiteach check`, and "
            "break it on purpose to read the error.",
            "the parts of a scenario (board, action, choices, expected outcome, notes), how to add an inline "
            "card, what `digiteach check` reports, and how a bad file is reported with its line and field.",
            NEED_BASICS + " The full format is in `docs/scenario-format.md`.",
        ),
        code("""
            import subprocess
            import sys
            import tempfile
            from pathlib import Path

            import digiteach.scenario as sc
            import widgets

            # where your file goes: the repository's my-rulings/ (in Voila, which hides the code you would edit
            # here, a folder of this tab's own, and a note at the top says so)
            folder = widgets.my_rulings()
            """),
        md("""
            ## The parts of a scenario

            A scenario is a YAML file:

            - `id`, `title`, `source`: what it is and where the ruling comes from;
            - `setup`: whose turn it is, the memory gauge, and each player's areas (stacks are written
              **top card first**);
            - `action`: what the turn player does to start (attack, digivolve, use an Option, ...);
            - `choices`: the answers to the questions the rules will ask, in order (`- B: Block` says the
              answer is Player B's);
            - `expect`: the outcome **as the ruling states it**. Write it from the source, never by copying what
              the engine printed: a check that copies the engine cannot fail;
            - `notes`: anything a reader should know, such as where the wiki and the current rules disagree.

            A `cards` list can add cards the library does not have. Here is a made-up Digimon, *Lessonmon*, whose
            [When Attacking] gains 1 memory. It attacks, Player B blocks with Coredramon, and Lessonmon loses the
            battle. The question the scenario settles: does Player A keep the memory?
            """),
        lab_md("""
            The file's text is in the next cell, between triple quotes, as you would write it in an editor. The
            *Your turn* tasks at the end ask you to change it: edit it there, then run the cells again.
            """),
        ruling_cell(MY_RULING),
        lab_md("""
            The next cell saves it as `my-first-ruling.yaml` in `my-rulings/`, the repository's folder for your own
            scenario files: git ignores everything there but its README, so `git status` stays clean and a
            `git pull` never meets your files.

            Running the cell again saves the file again, from the cell: edit the text above, not the file. The
            file's first two lines (comments) say so, and name a digest of the text the cell saved. A file of that
            name the cell did not save, or one changed since (even with those two lines kept), is never
            overwritten: the cell leaves it as it is, says so, and saves the text under the next free name
            (`my-first-ruling-2.yaml`, ...); `path` is then that file.
            """),
        code("""
            # saved with two comment lines on top; a file you changed is kept, and the text goes to a new name
            path = widgets.save_ruling(folder / "my-first-ruling.yaml", MY_RULING)
            """),
        md("""
            Load it and play it:
            """),
        code("""
            scenario = sc.load_scenario(path)
            trace = sc.play(scenario)
            widgets.play(trace)
            """),
        md("""
            Step to the block timing. The memory gauge moved at the declaration, before Player B was asked
            anything; the battle afterwards changes nothing about it.

            ## Check it

            `digiteach check FILE` plays the file and compares the outcome with `expect`. It prints `PASS` or
            `FAIL` with what differed, and exits with 0 (all pass), 1 (a scenario failed) or 2 (the file is
            invalid). The command sits next to the notebook's Python:
            """),
        code(f"""
            {MARK}
            digiteach = [sys.executable, "-c", "from digiteach.cli import main; raise SystemExit(main())"]
            run = subprocess.run([*digiteach, "check", str(path)], capture_output=True, text=True)
            print(run.stdout.strip(), "| exit status", run.returncode)
            """),
        md("""
            (In a terminal, from the repository's folder, it is `bin/digiteach check my-rulings/my-first-ruling.yaml`.)
            The same check from Python returns the list of differences, empty when everything matches:
            """),
        code(f"""
            {MARK}
            print(sc.check(scenario))
            """),
        md("""
            ## When the expectation is wrong

            Suppose we believed the block cancels the memory gain and wrote `memory: A3`. The check fails and
            says which expectation, on which line, and what happened instead. (This copy and the broken one
            below are thrown away afterwards, so they go to a temporary folder, not to `my-rulings/`.)
            """),
        code(f"""
            {MARK}
            scratch = Path(tempfile.mkdtemp(prefix="digiteach-lesson-"))
            wrong = MY_RULING.replace("memory: A4", "memory: A3")
            (scratch / "wrong.yaml").write_text(widgets.stamped(wrong), encoding="utf-8")
            for difference in sc.check(sc.load_scenario(scratch / "wrong.yaml")):
                print(difference)
            """),
        md("""
            A failed check is a question, not a verdict: either the expectation misread the ruling, or the
            engine has a bug. Go back to the source before changing either.

            ## When the file itself is broken

            A typo in a card number is a different kind of problem: the file cannot be played at all. Loading
            raises a `ScenarioError` that names the file, the line, the field, what is wrong and what would be
            valid:
            """),
        code(f"""
            {MARK}
            broken = MY_RULING.replace("battle_area: [ST1-06]", "battle_area: [ST1-6]")
            (scratch / "broken.yaml").write_text(widgets.stamped(broken), encoding="utf-8")
            try:
                sc.load_scenario(scratch / "broken.yaml")
            except sc.ScenarioError as error:
                print("line:", error.line)
                print("field:", error.field)
                print("problem:", error.message)
                print("expected:", error.expected)
            """),
        md("""
            The command line reports the same error and exits with status 2, without a traceback:
            """),
        code(f"""
            {MARK}
            run = subprocess.run([*digiteach, "check", str(scratch / "broken.yaml")],
                                 capture_output=True, text=True)
            print(run.stdout.replace(str(scratch), "<folder>").strip())
            print(run.stderr.replace(str(scratch), "<folder>").strip())
            print("exit status", run.returncode)
            """),
        md("""
            ## Your turn

            - Give Lessonmon 7000 DP (`dp: 7000`) and update `expect`: who is deleted now?
            - Change the answer to `- B: Don't block`. What must `expect.security` become?
            - Give the file a second action: a list under `action:` takes them one after the other
              (`docs/scenario-format.md`, *Several actions*).

            Save each new scenario of your own in `my-rulings/` too, under a name of its own (change `path` in the
            cell, or use `bin/digiteach new my-rulings/NAME.yaml` for a commented starter file). From the
            repository's folder, `bin/digiteach check my-rulings/*.yaml` checks them all at once, and in a notebook
            `widgets.play(path)` opens one in the player. (`digiteach/scenarios/` is the kit's own folder of
            bundled scenarios, tracked by git: leave it to the project.)
            """),
    ]


# --------------------------------------------------------------------------------------------- examples


def example_cells(ex: Example) -> list[nbformat.NotebookNode]:
    return [
        opening(ex.title, ex.do, ex.learn, NEED_BASICS),
        md(f"Source: {ex.source}; scenario `{ex.scenario}`.\n\n## The situation\n\n"
           + textwrap.dedent(ex.situation).strip()),
        code(f"""
            import digiteach.scenario as sc
            import widgets

            scenario = sc.load_scenario("{ex.scenario}")
            trace = sc.play(scenario)
            print("Scenario:", scenario.title)
            print(f"The documented line has {{len(trace.steps)}} steps; the player below shows them one by one.")
            """),
        md("## What to watch for\n\n" + textwrap.dedent(ex.watch).strip()),
        code(f"""
            import widgets

            widgets.play("{ex.scenario}")
            """),
        md("## Try it yourself\n\n" + textwrap.dedent(ex.try_it).strip()
           + (f"\n\nDecide first: the cell below keeps the engine's answer folded until you click "
              f"**{REVEAL_TITLE}**." if ex.try_code else "")),
        *([code(ex.try_code)] if ex.try_code else []),
        md("## The wiki and the current rules\n\n" + textwrap.dedent(ex.differences).strip()
           + "\n\nThe scenario file's own notes:"),
        code("""
            print(scenario.notes)
            for step in trace.steps:
                if step.differs:
                    print(f"step {step.index + 1}: {step.differs}")
                if step.note:
                    print(f"step {step.index + 1}, note: {step.note}")
            """),
        md("## The outcome\n\n" + textwrap.dedent(ex.outcome).strip()),
        code(SUMMARY),
        md("And the board when everything is over:"),
        code(FINAL_BOARD),
    ]



# --------------------------------------------------------------------------------------------- 04-06: learn by doing


def explore_branches() -> list[nbformat.NotebookNode]:
    return [
        opening(
            "Explore every order of one board",
            "follow every legal answer to every question on one board (Triggered Effects examples 9 and 10), "
            "group the lines by outcome, and replay the line that leads to each.",
            "that one board can end several ways depending only on the order the turn player picks; that the "
            "wiki's examples 9 and 10 are two of those lines; how `digiteach explore` counts them.",
            NEED_BASICS,
        ),
        md("""
            ## Every line from one board

            Examples 9 and 10 of the wiki's Triggered Effects page are the same board: UlforceVeedramon (with
            Majiramon under it) attacks beside two Tamers. Only the order Player A picks differs. `explore`
            answers every question every possible way, plays each line to its end, and groups the lines whose
            outcome (effects activated in order, Digimon deleted, Security Stacks, memory, winner, whose turn)
            is the same.
            """),
        code("""
            import digiteach.scenario as sc
            from digiteach.explore import explore, with_choices
            import widgets

            scenario = sc.load_scenario("triggered-effects-9")
            found = explore(scenario, limit=500)
            """),
        code(f"""
            {MARK}
            print(len(found.outcomes), "outcomes over", found.lines, "lines; every line followed:", found.complete)
            # the card each effect comes from: "... of BT2-085 Joe Kido: +1 memory" -> "BT2-085"; an inherited effect
            # names its own card: "... of BT2-032 UlforceVeedramon: unsuspend (inherited from Majiramon)"
            # -> "BT6-027 Majiramon (inherited, on BT2-032)"
            under = {{c.label.split(" ", 1)[1]: c.label for side in sc.play(scenario).steps[0].board.sides
                     for stack in side.battle_area for c in stack.digivolution_cards}}
            for n, o in enumerate(found.outcomes, 1):
                cards = []
                for label in o.result.activation_order:
                    holder = label.split(" of ", 1)[1].split()[0]
                    source = label.rpartition("(inherited from ")[2].rstrip(")")
                    cards.append(f"{{under[source]}} (inherited, on {{holder}})" if "(inherited from " in label else holder)
                print(f"{{n}}. {{o.paths}} line(s), memory {{o.result.memory}}: {{' -> '.join(cards) or 'nothing activated'}}")
            """),
        md("""
            Look for the two documented orders: example 9 activates Joe Kido's effect (BT2-085) second and ends with
            Majiramon's inherited effect (`BT6-027 Majiramon (inherited, on BT2-032)`: Majiramon lies under
            UlforceVeedramon); example 10 has no Majiramon at all (picked first, its condition failed and it was
            not activated, CR 15-6-3). The lines that end with memory 3 or 4 are those where Player A declined a
            "you may" effect.

            ## Replay one outcome

            Each outcome keeps one line of answers. Played as the scenario's choices, it reaches that outcome:
            """),
        code("""
            import digiteach.scenario as sc
            from digiteach.explore import explore, with_choices
            import widgets

            scenario = sc.load_scenario("triggered-effects-9")
            last = explore(scenario, limit=500).outcomes[-1]  # the last outcome listed above
            print(" | ".join(last.choices))
            widgets.play(sc.play(with_choices(scenario, last.choices)))
            """),
        md("""
            ## Your line beside the documented one

            `study` opens the player with its learning views in one call. Pick another answer at a decision in the
            player, then look at *Compare*: the documented line and yours side by side, the first step where they
            differ marked, and how the outcomes differ.
            """),
        code("""
            from widgets.learn import study

            view = study("triggered-effects-9")
            view.mode.value = "Compare"
            view
            """),
        md("""
            ## Every line in one file, no kernel needed

            `digiteach export triggered-effects-9 --html te9-every-line.html --branches` writes one HTML file that
            carries every line of the board (`--limit K` keeps the first K lines, the documented one always among
            them). Open it in any browser, even offline, or put it on any web host: at each decision the learner
            picks an answer and the page shows that line's steps, and at the end its outcome beside the
            documented one.

            ## Try it yourself

            From the terminal, `digiteach explore triggered-effects-10 --json` prints the same outcomes as JSON, and
            `--from-step N` starts from step N of the documented line, numbered as `digiteach trace` numbers it (the answers before it stay fixed).
            Which board of the other examples has the most outcomes? (Triggered Effects 7 has 2,703 lines: lines
            that reach the same board by another order are worked out once, so `explore` accounts for all of
            them.)
            """),
    ]


def quiz_yourself() -> list[nbformat.NotebookNode]:
    return [
        opening(
            "Predict the next step, then check it",
            "answer questions generated from an attack's trace before each step is shown, and get a score.",
            "who picks the next effect (CR 15-4-3-5), what a battle deletes (CR 14-2-1), how many security cards "
            "an attack checks (CR 13-1-2), and the misconceptions a wrong answer can reveal.",
            NEED_BASICS,
        ),
        md("""
            ## The questions

            The quiz is made from the engine's own steps, never written by hand: before a step, it asks what that
            step will do, and the correct answer is what the engine then does. Here are the questions of the
            wiki's Attack Resolution example 5:
            """),
        code(f"""
            {MARK}
            import digiteach.scenario as sc
            from digiteach.quiz import make_quiz

            data = make_quiz(sc.load_scenario("attack-resolution-5"))
            for n, q in enumerate(data.questions, 1):
                print(f"{{n}}. (before step {{q.number}}) {{q.question}}")
            """),
        md("""
            ## Answer them

            Click an answer. You see at once whether it is right and the rule behind it; a wrong answer that
            matches a known misconception (a DP tie won by the attacker, <Piercing> winning the game, ...) is
            named. The score comes at the end.
            """),
        code("""
            from widgets.learn import quiz

            quiz("attack-resolution-5")
            """),
        md("""
            ## The quiz beside the player

            In the player, the quiz shows the board just before each question, and your answer reveals the steps
            that answer it:
            """),
        code("""
            from widgets.learn import study

            view = study("attack-resolution-5")
            view.mode.value = "Quiz"
            view
            """),
        md("""
            ## Try it yourself

            Every bundled scenario has a quiz: `quiz("ruling-R42")` asks about <Piercing> against an empty
            Security Stack. From the terminal: `digiteach quiz ruling-R42`, or `--json` for the questions,
            options, reasons and misconceptions as data.
            """),
    ]


def older_rulesets() -> list[nbformat.NotebookNode]:
    return [
        opening(
            "Compare a ruling under two rulesets",
            "play one ruling under the current rules (CR 4.2) and under older ones, side by side, and find the "
            "first step that differs.",
            "what CR 3.7 changed about <Piercing> and security checks, what CR 2.0 changed about effects that "
            "watch for an opponent's attack, and how a ruleset is named in a scenario and on the command line.",
            NEED_BASICS,
        ),
        md("""
            ## One security check per attack

            In ruling R39 Vortexdramon's <Piercing> activates twice in one attack. Since CR 3.7 an attack has one
            security check (CR 13-1-2, 16-7-5), so one card is checked. Under the rules from CR 2.0 to 3.6
            (`2024`), each activation was a check of its own.
            """),
        code(f"""
            {MARK}
            import digiteach.scenario as sc
            from widgets.learn import compare_rulesets, first_difference

            now = sc.play(sc.load_scenario("ruling-R39"))
            then = sc.play(sc.load_scenario("ruling-R39-cr2024"))
            print("first step that differs: step", first_difference(now, then) + 1)  # counted from 1, as the player
            for trace in (now, then):
                print(trace.ruleset, "- Security Stacks:", dict(trace.result.security))
            """),
        md("""
            The two scenario files say the same board; each states the outcome of its own ruleset in `expect`.
            Side by side, the steps before the first difference are folded into one line (open it to see them)
            and the differing steps are shaded:
            """),
        code("""
            from widgets.learn import compare_rulesets

            compare_rulesets("ruling-R39", "4.2", "2024")
            """),
        md("""
            ## When the opponent's attack triggers come

            Before CR 2.0 reached the global game (August 2024, ruleset `2023`), effects that watch for an
            opponent's attack triggered in a timing of their own, after [When Attacking]. In ruling R09 that
            removes Player B's order decision, so the older ruleset has its own scenario file with its own answers
            (`ruling-R09-cr2023`); the outcome is the same:
            """),
        code('''
            import digiteach.scenario as sc
            from widgets.learn import side_by_side

            side_by_side(sc.play(sc.load_scenario("ruling-R09")), sc.play(sc.load_scenario("ruling-R09-cr2023")),
                         ("CR 4.2", "CR 2023"))
            '''),
        md("""
            ## Switch the ruleset in the player

            `study` puts a ruleset switch above the player: choose *CR 2024* and the player shows R39 under those
            rules, on the same step; *Compare* then shows both rulesets side by side. A scenario whose scripted
            answers do not fit a ruleset (R09 under CR 2023 asks no order decision) stays as it is and says why.
            """),
        code("""
            from widgets.learn import study

            view = study("ruling-R39")
            view.ruleset_choice.value = "CR 2024"
            view.mode.value = "Compare"
            view
            """),
        md("""
            ## Try it yourself

            Every command takes a ruleset: `digiteach trace ruling-R01 --ruleset 2023`, `digiteach check
            --ruleset 2024`, `digiteach explore ruling-R39 --ruleset 2024`. Which bundled scenarios fail their
            CR 4.2 `expect` under `2024`, and why?
            """),
    ]


# --------------------------------------------------------------------------------------------- German


GERMAN_OPENINGS = {**de.OPENINGS, **de_learn.OPENINGS}
GERMAN_CELLS = {**de.CELLS, **de_learn.CELLS}
"""The German lessons 00-06 (:mod:`lesson_texts_de`, :mod:`lesson_texts_de_learn`), by notebook name."""
GERMAN_EXAMPLES = {**DE_AR, **DE_TE}
"""English example notebook name -> the German texts of that example (the text fields of ``Example``)."""


def german_opening(title: str, do: str, learn: str, need: str) -> nbformat.NotebookNode:
    """The opening of a German lesson: the title, then Was du tust / lernst / brauchst (how to run it follows)."""
    heads = de.OPENING_WORDS
    return md(f"# {title}\n\n**{heads[0]}:** {textwrap.dedent(do).strip()}\n\n**{heads[1]}:** "
              f"{textwrap.dedent(learn).strip()}\n\n**{heads[2]}:** {textwrap.dedent(need).strip()}")


def german_lesson(name: str) -> list[nbformat.NotebookNode]:
    """The German lesson ``name`` (00-06): its opening (Was du tust / lernst / brauchst), then its cells."""
    first = german_opening(*GERMAN_OPENINGS[name])
    kinds = {"md": md, "lab_md": lab_md, "code": code}
    return [first, *(kinds[kind](text) for kind, text in GERMAN_CELLS[name])]


GERMAN_FOLDER = "de"
"""The German lessons' folder in lessons/ (``lessons/de/ar05_piercing_waits_de.ipynb``): a German class finds its
lessons in one folder, not mixed in with the English ones."""

GERMAN_SUFFIX = "_de"
"""The end of a German lesson's name (the texts' ``de/00_start_here`` is ``de/00_start_here_de.ipynb``): a tab in
JupyterLab shows the file's name only, and an English lesson and its German twin open together had the same tab
(session 16)."""


def german_example_name(name: str) -> str:
    """``ar05_piercing_waits`` -> ``de/ar05_piercing_waits_de``: named as the German lessons 00-06 are."""
    return f"{GERMAN_FOLDER}/{name}{GERMAN_SUFFIX}"


def example_cells_de(ex: Example) -> list[nbformat.NotebookNode]:
    """The German example lesson: the template of :func:`example_cells` with German headings, German prints, the
    scenario's German notes and the player in German (``lang="de"``)."""
    words = de_examples
    return [
        german_opening(ex.title, ex.do, ex.learn, de.NEED_BASICS_DE),
        md(f"{words.SOURCE_WORD}: {ex.source}; Szenario `{ex.scenario}`.\n\n## Die Situation\n\n"
           + textwrap.dedent(ex.situation).strip()),
        code(f"""
            import digiteach.scenario as sc
            import widgets
            from digiteach.i18n import set_language

            set_language("de")
            scenario = sc.load_scenario("{ex.scenario}")
            trace = sc.play(scenario)
            print("Szenario:", trace.title)
            print(f"Der dokumentierte Ablauf hat {{len(trace.steps)}} Schritte; der Player unten zeigt sie einzeln.")
            """),
        md("## Worauf du achten solltest\n\n" + textwrap.dedent(ex.watch).strip()),
        code(f"""
            import widgets

            widgets.play("{ex.scenario}", lang="de")
            """),
        md("## Probier es selbst\n\n" + textwrap.dedent(ex.try_it).strip()
           + (f"\n\nEntscheide dich zuerst: Die Zelle darunter hält die Antwort der Engine zugeklappt, bis du auf "
              f"**{de.REVEAL_TITLE_DE}** klickst." if ex.try_code else "")),
        *([code(ex.try_code)] if ex.try_code else []),
        md("## Das Wiki und die aktuellen Regeln\n\n" + textwrap.dedent(ex.differences).strip()
           + "\n\nDie Notizen der Szenariodatei, auf Deutsch:"),
        code("""
            print(scenario.notes_in("de"))
            for step in trace.steps:
                if step.differs:
                    print(f"Schritt {step.index + 1}: {step.differs}")
                if step.note:
                    print(f"Schritt {step.index + 1}, Hinweis: {step.note}")
            """),
        md("## Das Ergebnis\n\n" + textwrap.dedent(ex.outcome).strip()),
        code(words.SUMMARY_DE),
        md("Und das Spielfeld, wenn alles vorbei ist:"),
        code(words.FINAL_BOARD_DE),
    ]


LESSONS: dict[str, list[nbformat.NotebookNode]] = {}


def lessons() -> dict[str, list[nbformat.NotebookNode]]:
    if not LESSONS:
        LESSONS["00_start_here"] = start_here()
        LESSONS["01_attack_timings"] = attack_timings()
        LESSONS["02_pending_activation"] = pending_activation()
        LESSONS["03_write_your_own_ruling"] = write_your_own()
        LESSONS["04_explore_every_branch"] = explore_branches()
        LESSONS["05_predict_then_check"] = quiz_yourself()
        LESSONS["06_compare_rulesets"] = older_rulesets()
        for name in GERMAN_CELLS:
            LESSONS[name + GERMAN_SUFFIX] = german_lesson(name)
        for ex in EXAMPLES:
            LESSONS[ex.name] = example_cells(ex)
        for ex in EXAMPLES:
            if ex.name in GERMAN_EXAMPLES:
                german = replace(ex, name=german_example_name(ex.name), **GERMAN_EXAMPLES[ex.name])
                LESSONS[german.name] = example_cells_de(german)
        for name, cells in LESSONS.items():  # how to run it, right after the opening
            cells.insert(1, how_to_run(lesson_language(name)))
    return LESSONS


# --------------------------------------------------------------------------------------------- build


def lesson_file(name: str) -> Path:
    """Where lesson ``name`` is stored: ``lessons/<name>.ipynb`` (a German lesson's name is its path in lessons/,
    ending in :data:`GERMAN_SUFFIX`: ``de/00_start_here_de``)."""
    return LESSONS_DIR / f"{name}.ipynb"


def lesson_language(name: str) -> str:
    """``"de"`` for a German lesson (in lessons/de/: ``de/04_explore_every_branch_de``), else ``"en"``."""
    return "de" if name.startswith(f"{GERMAN_FOLDER}/") else "en"


def notebook(cells: list[nbformat.NotebookNode], lang: str = "en") -> nbformat.NotebookNode:
    """The lesson notebook of ``cells``; a lesson not in English records its language in the metadata
    (``digiteach.lang``), where the save hook reads it (its placeholders are then in that language)."""
    nb = new_notebook(cells=cells)
    nb.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    nb.metadata["language_info"] = copy.deepcopy(LANGUAGE_INFO)
    if lang != "en":
        nb.metadata["digiteach"] = {"lang": lang}
    for i, cell in enumerate(nb.cells):
        cell["id"] = f"c{i:02d}"  # stable ids: rebuilding an unchanged lesson changes nothing
    return nb


def server_config() -> dict[str, Any]:
    """The names jupyter-config/jupyter_server_config.py defines (``c`` is its traitlets Config)."""
    from traitlets.config import Config

    return runpy.run_path(str(SERVER_CONFIG), init_globals={"c": Config()})


def save_hook() -> Any:
    """The pre-save hook `./lab`'s JupyterLab runs (from jupyter-config/), so a lesson is stored as it would save."""
    return server_config()["c"].ContentsManager.pre_save_hook


def relabel_placeholders(nb: nbformat.NotebookNode, lang: str) -> None:
    """Write every widget placeholder of ``nb`` (one kept from an earlier build, perhaps in another language) as the
    save hook writes it in ``lang``, for the same view (the step player or another widget)."""
    names = server_config()
    stale = names["stale_output"]
    seen = {stale(start, other)["text/plain"]: start for other in names["WORDS"] for start in ("Player(", "")}
    for cell in nb.cells:
        for output in cell.get("outputs", []) if cell.cell_type == "code" else []:
            start = seen.get(str(output.get("data", {}).get("text/plain", "")))
            if is_placeholder(output) and start is not None:
                output["data"] = stale(start, lang)


def is_placeholder(output: dict[str, Any]) -> bool:
    """True for the save hook's "Run this cell to see ..." output that stands where a widget view was."""
    return 'class="digiteach-stale"' in str(output.get("data", {}).get("text/html", ""))


def keep_marked_outputs(nb: nbformat.NotebookNode) -> list[str]:
    """Keep the marked cells' printed output (when they ran cleanly) and the widget placeholders; clear every other
    output and every execution count; return the problems seen."""
    problems: list[str] = []
    failed = False
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        errors = [o for o in cell.get("outputs", []) if o.get("output_type") == "error"]
        if errors:
            problems.append(f"cell {i}: {errors[0].get('ename')}: {errors[0].get('evalue')}")
            failed = True
        marked = is_checked(cell)
        if not marked or failed:
            # display_data: an execute_result would need the execution count this file does not keep
            cell.outputs = [nbformat.v4.new_output("display_data", data=o["data"]) for o in cell.outputs
                            if is_placeholder(o)] if not marked else []
        else:
            cell.outputs = [o for o in cell.outputs if o.get("output_type") == "stream"]
        for o in cell.outputs:
            o.pop("execution_count", None)
        cell.execution_count = None
        cell.metadata.pop("execution", None)
    nb.metadata.pop("widgets", None)
    nb.metadata["language_info"] = copy.deepcopy(LANGUAGE_INFO)  # no interpreter version in the committed file
    return problems


def reuse_outputs(nb: nbformat.NotebookNode, old_path: Path) -> None:
    """Without --execute: keep the stored outputs (a marked cell's text, a widget placeholder) of every code cell
    whose code has not changed (text-only edits)."""
    if not old_path.exists():
        return
    old: dict[str, list[list[Any]]] = {}  # source -> outputs of the cells with that source, in order
    for c in nbformat.read(old_path, as_version=4).cells:
        if c.cell_type == "code" and c.outputs:
            first, _, rest = c.source.partition("\n")  # a cell stored with MARK in its code, before CHECK_TAG
            old.setdefault(rest if first.strip() == MARK else c.source, []).append(c.outputs)
    for cell in nb.cells:
        if cell.cell_type == "code" and old.get(cell.source):
            cell.outputs = old[cell.source].pop(0)


def execute(nb: nbformat.NotebookNode, path: Path) -> list[str]:
    """Run ``nb`` in a fresh kernel (in its folder, lessons/ or lessons/de/; lesson 03's scenario file goes to a temporary folder, never to
    my-rulings/), then store it as the save hook would and keep only the checked outputs."""
    import tempfile

    from nbclient import NotebookClient

    os.environ["DIGITEACH_RULINGS"] = tempfile.mkdtemp(prefix="digiteach-build-rulings-")

    client = NotebookClient(
        nb, timeout=600, kernel_name="python3", allow_errors=True, record_timing=False,
        resources={"metadata": {"path": str(path.parent)}},  # the notebook's folder, as Jupyter runs it
    )
    client.execute()
    save_hook()(model={"type": "notebook", "content": nb}, path=path.relative_to(LESSONS_DIR).as_posix(),
                contents_manager=None)
    return keep_marked_outputs(nb)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--execute", action="store_true", help="run the notebooks and keep the marked outputs and the widget placeholders")
    p.add_argument("names", nargs="*", help="only notebooks whose name starts with one of these")
    args = p.parse_args(argv)
    status = 0
    for name, cells in lessons().items():
        if args.names and not any(name.startswith(n) for n in args.names):
            continue
        nb = notebook(cells, lesson_language(name))
        target = lesson_file(name)
        if args.execute:
            problems = execute(nb, target)
        else:
            problems = keep_marked_outputs(nb)
            reuse_outputs(nb, target)
            relabel_placeholders(nb, lesson_language(name))
        nbformat.validate(nb)
        nbformat.write(nb, target)
        if problems:
            status = 1
            print(f"{name}: WAITING ({problems[0]})")
        else:
            print(f"{name}: {'executed' if args.execute else 'written'}")
    return status


if __name__ == "__main__":
    sys.exit(main())
