"""Write the hostile and malformed scenario corpus beside this file, with manifest.json.

Run: ``.venv/bin/python tests/scenarios/hostile/generate.py``. The files end in ``.yml`` (which
``digiteach check`` reads like ``.yaml``) so that the card-usage scan of ``tests/cards`` neither reads
their deliberately broken bytes nor counts them as exercising a card. Each case is a file plus what
``digiteach check`` must do with it: the exit status (0 pass, 1 a failed expect, 2 invalid input) and,
for 1 and 2, text its message must name (the field, or a word of the rule). The expectations were
written from the format's rules, one by one, before running the command.
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).parent

BASE = """id: hostile
title: An attack blocked by Kabuterimon
source: {page: corpus, rule: [CR 12-1]}
setup:
  turn_player: A
  memory: A5
  A:
    battle_area:
      - {cards: BT1-081 / BT1-079, name: Hercules}
  B:
    battle_area: [ST4-08, BT1-064]
    security: []
    deck: [BT1-064, BT1-064]
action:
  attack: {with: Hercules, target: player}
choices:
  - B: Block
  - A: Activate
expect:
  deleted: [ST4-08]
  memory: A2
  winner: none
"""

CARD = """cards:
  - number: XX1-001
    name: Testmon
    level: 4
    dp: 5000
    effects:
      - timing: When Attacking
        summary: test effect
        %s
        actions:
          - %s
"""


LOOP = """cards:
  - number: XX1-002
    name: Loopmon
    level: 4
    dp: 5000
    effects:
      - when: {event: suspended, whose: any, kind: any}
        summary: suspends and unsuspends itself with no once-per-turn limit
        actions: [{do: unsuspend, target: this}, {do: suspend, target: this}]
"""

SELF_DP = """cards:
  - number: XX1-001
    name: Testmon
    level: 4
    dp: 5000
    effects:
      - persistent: {kind: dp, amount: -3000}
        condition: {kind: dp_at_least, n: 4000}
        summary: -3000 DP while this Digimon has 4000 DP or more (its condition read without itself)
"""

PARADOX = """cards:
  - number: XX1-001
    name: Testmon
    level: 4
    dp: 5000
    effects:
      - persistent: {kind: keyword, keyword: Blocker, target: {who: all, whose: opponent}}
        condition: {kind: exists, target: {who: all, whose: opponent, keyword: Blocker}, negate: true}
        summary: the opponent's Digimon gain Blocker while none has it (read without this effect)
"""



def sub(old: str, new: str, base: str = BASE) -> str:
    assert old in base, old
    return base.replace(old, new, 1)


def card(action: str, when: str = "optional: false") -> str:
    return BASE + CARD % (when, action)


CASES: list[tuple[str, str | bytes, int, str]] = [
    # ---- broken YAML
    ("yaml-unclosed-flow", sub("[ST4-08, BT1-064]", "[ST4-08, BT1-064"), 2, "YAML syntax"),
    ("yaml-bad-indent", sub("  turn_player: A", "   turn_player: A"), 2, "YAML syntax"),
    ("yaml-tab-indent", sub("  turn_player: A", "\tturn_player: A"), 2, "YAML"),
    ("yaml-duplicate-key", sub("  memory: A5", "  memory: A5\n  memory: A3"), 2, "duplicate key"),
    ("yaml-unclosed-quote", sub("title: An attack", 'title: "An attack'), 2, "YAML"),
    ("yaml-two-documents", BASE + "---\nid: second\n", 2, "YAML"),
    ("yaml-undefined-alias", sub("  memory: A5", "  memory: *nothing"), 2, "YAML"),
    ("yaml-tag-python", sub("title: An attack blocked by Kabuterimon", "title: !!python/object:os.system ls"), 2, "title"),
    ("yaml-tag-str", sub("  memory: A5", "  memory: !!str A5"), 2, "memory"),
    ("yaml-merge-key-ok", sub("  memory: A5", "  <<: {memory: A5}"), 0, ""),
    # a merge key whose alias is the mapping it is in: the YAML parser fails inside itself (an outside trial)
    ("yaml-merge-self", sub("  memory: A5", "  memory: A5\n  extra: &e {<<: *e}"), 2,
     "yaml-merge-self.yml:7: (file): a merge key (<<) refers to the mapping it is part of"),
    ("yaml-merge-self-nested", sub("  memory: A5", "  memory: A5\n  extra: &x {<<: &y {<<: *x}}"), 2, "merge key"),
    # ---- wrong types
    ("type-id-number", sub("id: hostile", "id: 42"), 2, "id"),
    ("type-title-list", sub("title: An attack blocked by Kabuterimon", "title: [a, b]"), 2, "title"),
    ("type-memory-word", sub("  memory: A5", "  memory: lots"), 2, "setup.memory"),
    ("type-turn-player-c", sub("  turn_player: A", "  turn_player: C"), 2, "setup.turn_player"),
    ("type-security-negative", sub("    security: []", "    security: -1"), 2, "setup.B.security"),
    ("type-security-5000-digits", sub("    security: []", "    security: " + "9" * 5000), 2,
     "type-security-5000-digits.yml:12: setup.B.security: out of range: a number with 5000 digits"),
    ("wiki-note-at-no-caption", BASE + "wiki_notes:\n  - {at: no such phrase, note: a note}\n", 2,
     "wiki_notes[0].at: no step's caption contains 'no such phrase'"),
    ("step-note-at-no-caption", BASE + "step_notes:\n  - {at: no such phrase, note: a note}\n", 2,
     "step_notes[0].at: no step's caption contains 'no such phrase'"),
    ("step-note-unknown-key", BASE + "step_notes:\n  - {at: Block, note: a note, kind: qa}\n", 2, "step_notes[0].kind"),
    ("step-note-translation-count", BASE + "step_notes:\n  - {at: blocks, note: a note}\n"
     "translations:\n  de:\n    step_notes: [eins, zwei]\n", 2, "translations.de.step_notes"),
    ("type-hand-word", sub("    security: []", "    security: []\n    hand: many"), 2, "setup.B.hand"),
    ("type-battle-area-text", sub("    battle_area: [ST4-08, BT1-064]", "    battle_area: ST4-08"), 2, "setup.B.battle_area"),
    ("type-choices-mapping", sub("choices:\n  - B: Block\n  - A: Activate", "choices: {B: Block}"), 2, "choices"),
    ("type-expect-list", sub("expect:\n  deleted: [ST4-08]\n  memory: A2\n  winner: none", "expect: [ST4-08]"), 2, "expect"),
    ("type-action-empty-list", sub("action:\n  attack: {with: Hercules, target: player}", "action: []"), 2, "action"),
    ("type-turn-zero", sub("  memory: A5", "  memory: A5\n  turn: 0"), 2, "setup.turn"),
    ("type-deck-decimal", sub("    deck: [BT1-064, BT1-064]", "    deck: 3.0"), 2, "setup.B.deck"),
    ("type-setup-null", sub("setup:", "setup: null\nsetup_was:"), 2, "setup"),
    ("type-expect-dp-text", sub("  winner: none", "  winner: none\n  dp: {Hercules: lots}"), 2, "expect.dp.Hercules"),
    ("type-attacks-negative", sub("  winner: none", "  winner: none\n  attacks: -1"), 2, "expect.attacks"),
    ("type-turn-passed-text", sub("  winner: none", "  winner: none\n  turn_passed: maybe"), 2, "expect.turn_passed"),
    # ---- unknown keys
    ("key-top-level", BASE + "judge: me\n", 2, "judge"),
    ("key-setup", sub("  memory: A5", "  memory: A5\n  memroy: A3"), 2, "setup.memroy"),
    ("key-side", sub("    security: []", "    security: []\n    hands: 2"), 2, "setup.B.hands"),
    ("key-stack", sub("{cards: BT1-081 / BT1-079, name: Hercules}", "{cards: BT1-081 / BT1-079, name: Hercules, tapped: true}"), 2, "tapped"),
    ("key-expect", sub("  winner: none", "  winner: none\n  winnner: A"), 2, "expect.winnner"),
    ("key-attack", sub("attack: {with: Hercules, target: player}", "attack: {with: Hercules, at: player}"), 2, "action.attack.at"),
    ("key-pile-form", sub("  winner: none", "  winner: none\n  trash: {B: {contains: [ST4-08]}}"), 2, "contains"),
    ("key-source", sub("source: {page: corpus, rule: [CR 12-1]}", "source: {page: corpus, book: x}"), 2, "source"),
    # ---- unknown enumerated values
    ("value-ruleset", sub("title: An", "ruleset: CR 9.9\ntitle: An"), 2, "ruleset"),
    ("value-phase", sub("  memory: A5", "  memory: A5\n  phase: lunch"), 2, "setup.phase"),
    ("value-winner", sub("  winner: none", "  winner: C"), 2, "expect.winner"),
    ("value-effect-status", sub("  winner: none", "  winner: none\n  effects: {Piercing: fizzled}"), 2, "expect.effects.Piercing"),
    ("value-expect-phase", sub("  winner: none", "  winner: none\n  phase: lunch"), 2, "expect.phase"),
    ("value-expect-turn-player", sub("  winner: none", "  winner: none\n  turn_player: C"), 2, "expect.turn_player"),
    ("value-card-whose", card("{do: suspend, target: {who: choose, whose: opponent}}", "when: {event: suspended, whose: others}"), 2, "when.whose"),
    ("value-card-who", card("{do: delete, target: {who: chose, whose: opponent}}"), 2, "target.who"),
    ("value-card-duration", card("{do: dp, target: this, amount: 1000, duration: turns}"), 2, "duration"),
    ("value-card-custom", card("{do: custom, name: not_registered_anywhere}"), 2, "name"),
    # ---- inline card values of the wrong type or out of range: refused at load, never an engine FAIL
    ("type-card-max-dp-text", card("{do: delete, target: {who: choose, whose: opponent, max_dp: big}}"), 2, "target.max_dp"),
    ("type-card-max-level-text", card("{do: delete, target: {who: choose, whose: opponent, max_level: x}}"), 2, "target.max_level"),
    ("type-card-min-colors-text", card("{do: delete, target: {who: choose, whose: opponent, min_colors: x}}"), 2, "target.min_colors"),
    ("type-card-level-text", card("{do: delete, target: {who: choose, whose: opponent, level: x}}"), 2, "target.level"),
    ("type-card-suspended-text", card("{do: delete, target: {who: choose, whose: opponent, suspended: x}}"), 2, "target.suspended"),
    ("type-card-draw-text", card("{do: draw, amount: x}"), 2, "actions[0].amount"),
    ("type-card-dp-text", card("{do: dp, target: this, amount: x}"), 2, "actions[0].amount"),
    ("type-card-grant-keyword", card("{do: grant_keyword, target: this, keyword: Flying}"), 2, "actions[0].keyword"),
    ("range-card-draw-negative", card("{do: draw, amount: -5}"), 2, "actions[0].amount"),
    ("range-card-gain-memory-negative", card("{do: gain_memory, amount: -50}"), 2, "actions[0].amount"),
    ("range-card-lose-memory-negative", card("{do: lose_memory, amount: -50}"), 2, "actions[0].amount"),
    ("range-card-recovery-negative", card("{do: recovery, amount: -3}"), 2, "actions[0].amount"),
    ("range-card-trash-security-negative", card("{do: trash_security, whose: opponent, amount: -3}"), 2, "actions[0].amount"),
    ("range-card-trash-digivolution-negative", card("{do: trash_digivolution_cards, target: this, amount: -1}"), 2, "actions[0].amount"),
    ("range-card-count-zero", card("{do: delete, target: {who: choose, whose: opponent, count: 0}}"), 2, "target.count"),
    ("range-card-count-negative", card("{do: delete, target: {who: choose, whose: opponent, count: -1}}"), 2, "target.count"),
    ("range-card-per-turn-zero", card("{do: draw, amount: 1}", "per_turn: 0"), 2, "per_turn"),
    ("range-card-colour", card("{do: delete, target: {who: choose, whose: opponent, color: Pink}}"), 2, "target.color"),
    ("range-card-level", sub("    name: Testmon\n    level: 4", "    name: Testmon\n    level: -7", card("{do: draw}")), 2, "cards[0].level"),
    ("range-card-play-cost", sub("    level: 4", "    level: 4\n    play_cost: -7", card("{do: draw}")), 2, "cards[0].play_cost"),
    ("range-card-digivolve", sub("    level: 4", "    level: 4\n    digivolve: [{color: Red, level: 3, cost: -5}]", card("{do: draw}")), 2, "digivolve[0].cost"),
    ("range-card-digivolve-colour", sub("    level: 4", "    level: 4\n    digivolve: [{color: Pink, level: 3, cost: 2}]", card("{do: draw}")), 2, "digivolve[0].color"),
    ("range-card-dp-minus-ok", card("{do: dp, target: this, amount: -2000}"), 0, ""),
    ("value-card-cause", card("{do: suspend, target: this}", "when: {event: deleted, whose: opponent, cause: rules}"), 2, "when.cause"),
    ("value-card-kind", card("{do: suspend, target: {who: choose, whose: opponent, kind: digimon}}"), 2, "kind"),
    ("value-card-by", card("{do: suspend, target: this}", "when: {event: deleted, whose: opponent, by: me}"), 2, "when.by"),
    ("value-card-target", card("{do: suspend, target: this}", "when: {event: attacks, whose: opponent, target: players}"), 2, "when.target"),
    ("value-card-applies-to", BASE + """cards:
  - number: XX1-001
    name: Testmon
    level: 4
    dp: 5000
    effects:
      - scope: Your Turn
        persistent: {kind: dp, amount: 1000, applies_to: everybody}
        summary: test effect
""", 2, "applies_to"),
    # ---- impossible boards
    ("board-egg-in-battle-area", sub("    battle_area: [ST4-08, BT1-064]", "    battle_area: [ST4-08, BT1-064, BT1-003]"), 2, "setup.B.battle_area[2]"),
    ("board-egg-in-security", sub("    security: []", "    security: [BT1-003]"), 2, "setup.B.security[0]"),
    ("board-egg-in-deck", sub("    deck: [BT1-064, BT1-064]", "    deck: [BT1-003, BT1-064]"), 2, "setup.B.deck[0]"),
    ("board-level6-in-egg-deck", sub("    security: []", "    security: []\n    egg_deck: [BT1-081]"), 2, "setup.B.egg_deck[0]"),
    ("board-suspended-breeding", sub("    security: []", "    security: []\n    breeding_area: BT1-003 [S]"), 2, "setup.B.breeding_area"),
    ("board-five-copies", sub("    deck: [BT1-064, BT1-064]", "    deck: [BT1-064, BT1-064, BT1-064, BT1-064]"), 2, "setup.B"),
    ("board-51-stacks", sub("    battle_area: [ST4-08, BT1-064]", "    battle_area: [" + ", ".join(["ST4-08"] * 51) + "]"), 2, "setup.B.battle_area"),
    ("board-20000-stacks", sub("    battle_area: [ST4-08, BT1-064]", "    battle_area: [" + ", ".join(["BT1-064"] * 20000) + "]"), 2, "setup.B.battle_area"),
    ("board-101-deck", sub("    deck: [BT1-064, BT1-064]", "    deck: [" + ", ".join(["ST2-10"] * 101) + "]"), 2, "setup.B.deck"),
    ("board-61-filler", sub("    deck: [BT1-064, BT1-064]", "    deck: 61"), 2, "setup.B.deck"),
    ("board-two-breeding", sub("    security: []", "    security: []\n    breeding_area: [BT1-003, BT1-003]"), 2, "setup.B.breeding_area"),
    ("board-memory-11", sub("  memory: A5", "  memory: A11"), 2, "setup.memory"),
    ("board-memory-minus-11", sub("  memory: A5", "  memory: -11"), 2, "setup.memory"),
    ("board-empty-stack", sub("    battle_area: [ST4-08, BT1-064]", "    battle_area: [ST4-08, '']"), 2, "setup.B.battle_area[1]"),
    ("board-suspended-conflict", sub("{cards: BT1-081 / BT1-079, name: Hercules}", "{cards: BT1-081 / BT1-079 [S], suspended: false, name: Hercules}"), 2, "suspended"),
    ("board-option-in-battle-ok", sub("    battle_area: [ST4-08, BT1-064]", "    battle_area: [ST4-08, BT1-064, BT8-095]"), 0, ""),
    ("board-four-copies-ok", sub("    deck: [BT1-064, BT1-064]", "    deck: [BT1-064, BT1-064, BT1-064]"), 0, ""),
    # ---- scripted answers
    ("choice-illegal-label", sub("  - B: Block", "  - B: Fly away"), 2, "choices[0]"),
    ("choice-whitespace", sub("  - B: Block", "  - B: '   '"), 2, "choices[0]"),
    ("choice-zero-width", sub("  - B: Block", '  - B: "Bl\\u200dock"'), 2, "choices[0]"),
    ("choice-huge", sub("  - B: Block", "  - B: " + "Fly away " * 30000), 2, "choices[0]"),
    ("choice-wrong-player", sub("  - B: Block", "  - A: Block"), 2, "choices[0]"),
    ("choice-position-zero", sub("  - B: Block", "  - B: '#0'"), 2, "choices[0]"),
    ("choice-position-99", sub("  - B: Block", "  - B: '#99'"), 2, "choices[0]"),
    ("choice-other-effect", sub("  - A: Activate", "  - A: Activate [When Attacking]"), 2, "choices[1]"),
    ("choice-position-ok", sub("  - B: Block", "  - B: '#1'"), 0, ""),
    ("choice-prefix-ok", sub("  - B: Block", "  - B: block with st4"), 0, ""),
    ("choice-empty", sub("  - B: Block", "  - B: ''"), 2, "choices[0]"),
    ("choice-unused", sub("  - A: Activate", "  - A: Activate\n  - A: Activate"), 1, "scripted choice(s) not used"),
    # ---- references
    ("ref-unknown-alias", sub("attack: {with: Hercules, target: player}", "attack: {with: Herc, target: player}"), 2, "action.attack.with"),
    ("ref-opponents-attacker", sub("attack: {with: Hercules, target: player}", "attack: {with: ST4-08, target: player}"), 2, "action.attack.with"),
    ("ref-own-target", sub("attack: {with: Hercules, target: player}", "attack: {with: Hercules, target: Hercules}"), 2, "action.attack.target"),
    ("ref-place-no-index", sub("attack: {with: Hercules, target: player}", "attack: {with: A.battle, target: player}"), 2, "action.attack.with"),
    ("ref-place-out-of-range", sub("attack: {with: Hercules, target: player}", "attack: {with: 'A.battle[7]', target: player}"), 2, "action.attack.with"),
    ("ref-alias-card-number", sub("name: Hercules}", "name: BT1-081}"), 2, "name"),
    ("ref-duplicate-alias", sub("    battle_area: [ST4-08, BT1-064]", "    battle_area: [{cards: ST4-08, name: Hercules}, BT1-064]"), 2, "name"),
    ("ref-unknown-card", sub("    deck: [BT1-064, BT1-064]", "    deck: [BT1-999]"), 2, "setup.B.deck[0]"),
    ("ref-lowercase-card", sub("    deck: [BT1-064, BT1-064]", "    deck: [bt1-064]"), 2, "setup.B.deck[0]"),
    ("ref-digivolve-not-in-hand", sub("attack: {with: Hercules, target: player}", "digivolve: {digimon: Hercules, into: ST2-10}"), 2, "action.digivolve.into"),
    ("ref-use-a-digimon", sub("    security: []", "    security: []").replace("  A:\n", "  A:\n    hand: [BT1-064]\n", 1).replace("attack: {with: Hercules, target: player}", "use: BT1-064"), 2, "action.use"),
    ("ref-expect-dp-unknown", sub("  winner: none", "  winner: none\n  dp: {Nobody: 1000}"), 2, "expect.dp.Nobody"),
    ("ref-expect-attack-target", sub("  winner: none", "  winner: none\n  attack_target: Nobody"), 2, "expect.attack_target"),
    ("ref-expect-revealed-card", sub("  winner: none", "  winner: none\n  revealed: [BT1-999]"), 2, "expect.revealed[0]"),
    # ---- file level
    ("file-empty", "", 2, "empty"),
    ("file-comment-only", "# nothing here\n", 2, "empty"),
    ("file-top-list", "- id: x\n", 2, "not a mapping"),
    ("file-top-scalar", "hello\n", 2, "not a mapping"),
    ("file-png", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", 2, "(file)"),
    ("file-utf16", BASE.encode("utf-16"), 2, "the file is UTF-16"),
    ("file-utf16-be", b"\xfe\xff" + BASE.encode("utf-16-be"), 2, "the file is UTF-16"),
    ("file-latin1", sub("An attack", "An att\xe4ck").encode("latin-1"), 2, ":2: (file): byte 0xe4 at column 14 is not UTF-8"),
    ("file-raw-esc", sub("title: An attack", "title: An \x1b[31m attack"), 2, ":2: (file): column 11 holds U+001B"),
    ("file-raw-c1", sub("title: An attack", "title: An \x9b31m attack"), 2, ":2: (file): column 11 holds U+009B"),
    ("file-raw-ffff", BASE + "notes: a\uffff\n", 2, ":23: (file): column 9 holds U+FFFF"),
    ("file-bom-ok", "\ufeff" + BASE, 0, ""),
    ("file-crlf-ok", BASE.replace("\n", "\r\n"), 0, ""),
    ("file-nul-byte", sub("title: An attack", "title: An\x00 attack"), 2, "NUL"),
    ("file-nul-escape", sub("title: An attack blocked by Kabuterimon", 'title: "An\\0 attack"'), 2, "title"),
    ("file-lone-surrogate-title", sub("title: An attack blocked by Kabuterimon", 'title: "\\ud800"'), 2, "title"),
    ("file-lone-surrogate-notes", BASE + 'notes: "x\\udfff"\n', 2, "notes"),
    ("file-empty-title", sub("title: An attack blocked by Kabuterimon", "title:"), 2, "title"),
    ("file-missing-action", sub("action:\n  attack: {with: Hercules, target: player}\n", ""), 2, "action"),
    # ---- nesting
    ("deep-flow-45", BASE + "notes_x: " + "{a: " * 45 + "1" + "}" * 45 + "\n", 2, "nested"),
    ("deep-flow-300", BASE + "notes_x: " + "{a: " * 300 + "1" + "}" * 300 + "\n", 2, "nested"),
    ("deep-list-300", BASE + "notes_x: " + "[" * 300 + "]" * 300 + "\n", 2, "nested"),
    ("deep-list-200000-unclosed", BASE + "notes: " + "[" * 200_000 + "\n", 2, "nested more than 40 levels"),
    ("deep-brackets-in-quotes-ok", BASE + 'notes: "' + "[" * 100 + "\"\n", 0, ""),
    ("list-action-51", sub("action:\n  attack: {with: Hercules, target: player}\n",
                           "action:\n" + "  - attack: {with: Hercules, target: player}\n" * 51), 2, "at most 50 entries"),
    ("list-gained-21", sub("name: Hercules}", "name: Hercules, gained: [" + ", ".join(["Blocker"] * 21) + "]}"), 2,
     "gained: is too long (21 entries)"),
    ("deep-block-300", BASE + "notes_x:\n" + "".join("  " * i + "- \n" for i in range(1, 300)), 2, "nested"),
    ("deep-expect-effects", sub("  winner: none", "  winner: none\n  effects: " + "{a: " * 60 + "1" + "}" * 60), 2, "nested"),
    ("billion-laughs", "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
     "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
     "e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]\n", 2, "values"),
    # ---- long values
    ("long-id", sub("id: hostile", "id: " + "x" * 100000), 2, "id"),
    ("long-title", sub("title: An attack blocked by Kabuterimon", "title: " + "t" * 100000), 2, "title"),
    ("long-card-number", sub("    deck: [BT1-064, BT1-064]", "    deck: [BT" + "1" * 50000 + "-064]"), 2, "setup.B.deck"),
    ("long-alias", sub("name: Hercules}", "name: " + "H" * 100000 + "}"), 2, "name"),
    ("long-stops-at", sub("  winner: none", "  winner: none\n  stops_at: " + "s" * 100000), 1, "stops_at"),
    ("long-notes", BASE + "notes: " + "n" * 30000 + "\n", 2, "notes"),
    # ---- hostile text that is valid: shown escaped, never obeyed
    ("text-rtl-title-ok", sub("title: An attack blocked by Kabuterimon", 'title: "An \\u202eattack"'), 0, ""),
    ("text-newline-title-ok", sub("title: An attack blocked by Kabuterimon", 'title: "An\\nPASS fake\\nattack"'), 0, ""),
    ("text-ansi-notes-ok", BASE + 'notes: "\\e[31mred\\e[0m and \\a bell"\n', 0, ""),
    ("text-script-title-ok", sub("title: An attack", "title: <script>alert(1)</script> An attack"), 0, ""),
    ("text-emoji-title-ok", sub("title: An attack", "title: \U0001f409 An attack"), 0, ""),
    ("text-zwsp-card", sub("    deck: [BT1-064, BT1-064]", '    deck: ["BT1-064\\u200b"]'), 2, "setup.B.deck[0]"),
    ("text-cyrillic-card", sub("    deck: [BT1-064, BT1-064]", "    deck: [\u0412T1-064]"), 2, "setup.B.deck[0]"),
    ("text-fullwidth-card", sub("    deck: [BT1-064, BT1-064]", "    deck: [\uff22T1-064]"), 2, "setup.B.deck[0]"),
    ("text-bidi-id", sub("id: hostile", 'id: "host\\u202eile"'), 2, "id"),
    ("text-emoji-alias", sub("name: Hercules}", "name: \U0001f409}"), 2, "name"),
    ("text-rtl-alias", sub("name: Hercules}", 'name: "Herc\\u202eules"}'), 2, "name"),
    ("text-newline-answer", sub("  - B: Block", '  - B: "Block\\nPASS fake"'), 2, "choices[0]"),
    # ---- effects that loop without end (CR 18-3-1): a located error, not a hang
    ("loop-suspend-unsuspend", sub("BT1-081 / BT1-079, name", "XX1-002, name") + LOOP, 2, "effects loop without end"),
    # ---- what no board allows, refused where the file says it (an adversarial tester's findings)
    ("rule-battle-itself", card("{do: battle, target: this}"), 2, "cards[0].effects[0].actions[0].target"),
    ("rule-switch-target-itself", card("{do: switch_target, target: this}"), 2, "CR 11-2-7-1"),
    ("rule-switch-target-attacker", card("{do: switch_target, target: attacker}"), 2, "actions[0].target"),
    ("rule-switch-target-your-own", card("{do: switch_target, target: {who: choose, whose: you}}"), 2, "CR 11-2-7-1"),
    ("rule-token-unknown", card("{do: play_token, token: ZZ1-999}"), 2, "cards[0].effects[0].actions[0].token"),
    ("rule-token-not-a-token", card("{do: play_token, token: BT1-064}"), 2, "actions[0].token"),
    ("rule-token-million", card("{do: play_token, token: TOKEN-1, count: 1000000}"), 2, "actions[0].count"),
    ("rule-token-sixty", card("{do: play_token, token: TOKEN-1, count: 60}"), 2, "actions[0].count"),
    ("rule-previous-done-first", card("{do: draw, amount: 1, condition: {kind: previous_done}}"), 2, "actions[0].condition"),
    ("rule-previous-done-99", card("{do: draw, amount: 1}\n          - {do: draw, amount: 1, condition: {kind: "
                                   "previous_done, action: 99}}"), 2, "actions[1].condition.action"),
    ("rule-zero-dp-inline", sub("      - {cards: BT1-081 / BT1-079, name: Hercules}",
                                "      - {cards: BT1-081 / BT1-079, name: Hercules}\n      - XX1-001")
     + CARD.replace("dp: 5000", "dp: 0") % ("optional: false", "{do: draw, amount: 1}"), 2, "setup.A.battle_area[1]"),
    ("rule-zero-dp-in-force", sub("  memory: A5", "  memory: A5\n  in_force: [{player: B, do: dp, target: {who: all, "
                                  "whose: opponent}, amount: -99999, duration: turn}]"), 2, "CR 17-1-3-1-1"),
    ("rule-breeding-attacker", sub("attack: {with: Hercules", "attack: {with: A.breeding",
                                   sub("  B:\n", "    breeding_area: BT1-080\n  B:\n")), 2, "Breeding Area"),
    ("rule-persistent-self-dp-ok", sub("      - {cards: BT1-081 / BT1-079, name: Hercules}",
                                       "      - {cards: BT1-081 / BT1-079, name: Hercules}\n      - XX1-001",
                                       sub("  winner: none", "  winner: none\n  dp: {XX1-001: 2000}")) + SELF_DP, 0, ""),
    ("rule-persistent-blocker-paradox-ok", sub("      - {cards: BT1-081 / BT1-079, name: Hercules}",
                                               "      - {cards: BT1-081 / BT1-079, name: Hercules}\n      - XX1-001")
     + PARADOX, 0, ""),
    ("msg-alias-angle", sub("name: Hercules}", 'name: "Her<cules"}'), 2, "an alias of letters"),
    ("msg-inline-number-lower", card("{do: draw, amount: 1}").replace("number: XX1-001", "number: xx1-001"), 2,
     "cards[0].number"),
    ("msg-inline-number-empty", card("{do: draw, amount: 1}").replace("number: XX1-001", 'number: ""'), 2,
     "cards[0].number"),
    ("msg-digivolve-text", card("{do: draw, amount: 1}").replace("    level: 4\n", "    level: 4\n    digivolve: Red\n"),
     2, "expected a list of digivolution requirements"),
    ("msg-in-force-grant-effect", sub("  memory: A5", "  memory: A5\n  in_force: [{player: A, do: grant_effect, target: "
                                      "{who: all, whose: you}, effect: {timing: On Play, actions: [{do: nope}], "
                                      "summary: s}}]"), 2, "setup.in_force[0].effect.actions[0].do: in_force: unknown"),
    ("text-surrogate-pair-ok", sub("title: An attack blocked by Kabuterimon", 'title: "\\ud83d\\ude00 An attack"'), 0, ""),
    ("yaml-tag-int", sub("    security: []", '    security: !!int "0"'), 2, "YAML tags"),
    ("yaml-tag-seq", sub("    security: []", "    security: !!seq []"), 2, "YAML tags"),
    ("yaml-tag-verbatim", sub("    security: []", '    security: !<tag:yaml.org,2002:int> "0"'), 2, "YAML tags"),
    ("keyword-draw-negative", card("{do: draw, amount: 1}").replace("    effects:\n", "    keywords: [Draw -3]\n    effects:\n"),
     2, "keywords[0]"),
    ("keyword-gained-draw-negative", sub("name: Hercules}", "name: Hercules, gained: [Draw -3]}"), 2, "gained[0]"),
    ("expect-effects-empty-key", sub("  winner: none", '  winner: none\n  effects: {"": activated}'), 2,
     "expect.effects"),
    ("type-turn-huge", sub("  memory: A5", "  memory: A5\n  turn: 1000000000000000000000000000"), 2, "setup.turn"),
    # ---- expectations the rules contradict (exit 1, naming the key)
    ("expect-memory", sub("  memory: A2", "  memory: A5"), 1, "expect.memory"),
    ("expect-deleted", sub("  deleted: [ST4-08]", "  deleted: [BT1-064]"), 1, "expect.deleted"),
    ("expect-winner", sub("  winner: none", "  winner: A"), 1, "expect.winner"),
    ("expect-trash-every-filler", sub("  winner: none", "  winner: none\n  trash: {B: []}"), 1, "expect.trash"),
    ("expect-stops-at", sub("  winner: none", "  winner: none\n  stops_at: block"), 1, "expect.stops_at"),
    ("expect-offered", sub("  winner: none", "  winner: none\n  offered: [Block with BT1-064]"), 1, "expect.offered"),
    ("expect-groups", sub("  winner: none", "  winner: none\n  activation_order: [[Piercing, End of Attack], When Attacking]"), 1, "expect.activation_order"),
]


def main() -> None:
    for old in HERE.glob("*.yml"):
        old.unlink()
    manifest = {}
    for name, text, code, field in CASES:
        data = text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass")
        (HERE / f"{name}.yml").write_bytes(data)
        manifest[f"{name}.yml"] = {"exit": code, "names": field}
    (HERE / "manifest.json").write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{len(manifest)} files")


if __name__ == "__main__":
    main()
