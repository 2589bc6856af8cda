"""Plain-data views of one engine step: the contract between the engine and everything that shows it.

The engine (``digiteach.engine``) turns each ``State`` it produces into a :class:`Step`. Diagrams,
widgets, the ``digiteach trace`` command and lessons read only these views, never engine internals.
Every field is plain data (str, int, bool, tuples of views) so a step can be compared, hashed and
written as JSON with :func:`step_to_json`.

Player names are ``"A"`` and ``"B"`` (see :mod:`digiteach.terms`). Memory is signed from Player A's
side (+3 = 3 on A's side, -2 = 2 on B's side), so a diagram can draw one gauge for the whole trace.

Each view class but :class:`CardView` and :class:`Trace` has a quick constructor (``new_step``, ``new_stack_view``,
...; :data:`QUICK`) that takes every field positionally and builds the same object several times faster than the
class's own ``__init__``; the engine's trace builder uses them, anything else may use either.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, cast

__all__ = [
    "CardView",
    "StackView",
    "SideView",
    "BoardView",
    "AttackView",
    "PendingEffectView",
    "GenerationView",
    "DecisionView",
    "Step",
    "TraceResult",
    "Trace",
    "step_to_json",
    "trace_to_json",
    "new_stack_view",
    "new_side_view",
    "new_board_view",
    "new_attack_view",
    "new_pending_effect_view",
    "new_generation_view",
    "new_decision_view",
    "new_step",
    "new_trace_result",
    "QUICK",
]


@dataclass(frozen=True, slots=True)
class CardView:
    """One card as shown: ``number`` like ``"BT1-081"``, ``name`` like ``"HerculesKabuterimon"``."""

    number: str
    name: str

    @property
    def label(self) -> str:
        """``"BT1-081 HerculesKabuterimon"``."""
        return f"{self.number} {self.name}"


@dataclass(frozen=True, slots=True)
class StackView:
    """A Digimon (or Tamer, or Digi-Egg stack) on the field.

    ``top`` is the top card; ``digivolution_cards`` are the cards under it, top first (under a Tamer, the cards
    placed there, e.g. by <Save>, which are not digivolution cards, CR 4-4-2, 4-8-1; the board says "under this
    Tamer").
    ``dp`` is the current DP (``None`` for cards without DP); ``uid`` is the engine's stable id for
    this Digimon so diagrams can mark changes between steps.
    """

    uid: int
    top: CardView
    digivolution_cards: tuple[CardView, ...]
    dp: int | None
    suspended: bool
    kind: str = "Digimon"  # "Digimon", "Tamer", "Option", "Digi-Egg"
    keywords: tuple[str, ...] = ()  # e.g. ("Blocker", "Security A. +1") currently in force


@dataclass(frozen=True, slots=True)
class SideView:
    """One player's areas. ``security_size`` counts face-down cards; ``revealed`` is a card being checked.

    ``trash`` lists the trash top first: ``trash[0]`` is the card trashed last (the engine puts each
    trashed card on top).
    """

    player: str  # "A" or "B"
    battle_area: tuple[StackView, ...]
    breeding_area: StackView | None
    security_size: int
    hand_size: int
    deck_size: int
    trash: tuple[CardView, ...]
    revealed: CardView | None = None


@dataclass(frozen=True, slots=True)
class BoardView:
    """Both players' areas and the memory gauge (signed, from Player A's side, -10..10)."""

    turn_player: str
    phase: str  # a terms.Phase value
    memory: int
    sides: tuple[SideView, SideView]
    winner: str | None = None


@dataclass(frozen=True, slots=True)
class AttackView:
    """The attack in progress.

    ``timing`` is the current ``terms.AttackTiming`` value. ``path`` lists the timings reached so far in
    order (values of ``AttackTiming``); ``notes`` maps a timing to what happened there in a few words
    (e.g. ``("counter timing", "no [Counter] effect")``). ``checked`` lists security cards checked in
    this attack, in order. ``ended_by_effect`` is True when an "end the attack" effect jumped to the end.
    ``attacker_uid`` and ``target_uid`` are the :attr:`StackView.uid` of the attacking Digimon and of the Digimon it
    attacks (after a block, the blocker, CR 11-3-3): what the board diagram draws the attack between, since two
    Digimon can have the same top card (None: a player is attacked, or a view built without them).
    """

    attacker: str  # card label of the attacking Digimon
    attacker_player: str
    target: str  # card label, or "Player B"
    timing: str
    path: tuple[str, ...]
    notes: tuple[tuple[str, str], ...] = ()
    checked: tuple[CardView, ...] = ()
    ended_by_effect: bool = False
    attacker_in_play: bool = True
    target_in_play: bool = True
    attacker_uid: int | None = None
    target_uid: int | None = None


@dataclass(frozen=True, slots=True)
class PendingEffectView:
    """One effect in pending activation.

    ``label`` is the decision label, e.g. ``"Activate [When Attacking] of BT1-079 Lillymon"``.
    ``status`` is a ``terms.EffectStatus`` value. ``caused`` is the number of the generation this
    effect's activation created, if any (for the edge in the priority diagram).
    """

    uid: int
    player: str
    card: CardView
    timing: str  # "When Attacking", "Piercing", "when an opponent's Digimon attacks", ...
    label: str
    optional: bool
    per_turn: int  # the effect's [X Per Turn] limit: 1 for [Once Per Turn], 2 for [Twice Per Turn], 0 for none
    status: str
    caused: int | None = None


@dataclass(frozen=True, slots=True)
class GenerationView:
    """One priority level of pending activation (CR 15-4-3, 15-4-5). ``number`` starts at 1; higher is newer."""

    number: int
    effects: tuple[PendingEffectView, ...]
    cause: str = ""  # e.g. "attack declaration", "activation of [On Deletion] of BT2-034 Salamon"


@dataclass(frozen=True, slots=True)
class DecisionView:
    """A question the rules give a player. ``options`` are the legal answers' stable labels."""

    player: str
    kind: str  # "order", "optional", "target", "counter", "block", "digivolve", ...
    prompt: str
    options: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Step:
    """One recorded step of a trace.

    ``timing`` is a ``terms.AttackTiming`` value during an attack, else a ``terms.Phase`` value.
    ``caption`` is one or two plain sentences. ``rules`` cites CR numbers like ``"CR 11-2-6"`` or a wiki
    step like ``"Attack Resolution ex. 5 step 7"``. ``pending`` lists generations oldest first.
    ``activating`` is the uid of the effect now activating (highlighted), if any. ``decision`` is the
    question asked at this step (if the engine stopped here); ``choice`` the answer given to it.
    ``differs`` explains where the wiki's procedure differs from the CR at this step (else ""): the engine's own
    note and the scenario's ``wiki_notes``. ``note`` is the scenario's own note at this step, a judge's
    ``step_notes`` (the official Q&A or ruling that governs it, a reminder; else ""), shown under "Note".
    ``triggered`` lists the effects that triggered during the processing now under way: they wait for it to end and
    then become one new generation of pending activation (CR 15-4-3-2, 15-4-5); the diagram shows them apart.
    """

    index: int
    timing: str
    caption: str
    rules: tuple[str, ...]
    pending: tuple[GenerationView, ...]
    board: BoardView
    attack: AttackView | None = None
    activating: int | None = None
    decision: DecisionView | None = None
    choice: str | None = None
    differs: str = ""
    note: str = ""
    triggered: tuple[PendingEffectView, ...] = ()


@dataclass(frozen=True, slots=True)
class TraceResult:
    """What a finished (or stopped) trace amounts to; compared with a scenario's ``expect``.

    ``activation_order`` lists effect labels in the order they activated. ``security`` maps "A"/"B" to
    Security Stack sizes. ``memory`` is signed from Player A's side. ``stopped_at`` is the open
    decision's prompt when the scripted choices ran out, else None.
    """

    activation_order: tuple[str, ...]
    deleted: tuple[str, ...]
    security: tuple[tuple[str, int], ...]
    memory: int
    winner: str | None
    stopped_at: str | None = None


@dataclass(frozen=True, slots=True)
class Trace:
    """A scenario played out: its id, ruleset and steps, and the result.

    ``notes`` are the scenario's own words on why the ruling goes as it does (rule, Q&A and card numbers), in the
    language the trace is told in; on a learner's own line they come after a first paragraph saying they explain
    the documented line (``digiteach.scenario.documented.trace_notes``). ``""`` when the scenario has none.
    """

    scenario: str
    title: str
    ruleset: str
    steps: tuple[Step, ...]
    result: TraceResult
    notes: str = ""


# Quick constructors. A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__`` and, called
# with keywords, first packs them into a dict: a ``Step`` costs about 3.8 us to build, and a trace builds several
# views per step. Each function below builds the same object about five times faster: it fills an instance of a plain
# class with the same slots (a *draft*, so plain attribute stores) and then makes the instance one of the view class
# by assigning ``__class__`` (allowed between classes with the same slots, CPython's layout check). The object is
# then in every way one the constructor builds (type, equality, hash, repr, frozen); ``tests/speed/test_caches.py``
# checks that each function sets every field of its class. Nothing here generates code.


def _draft(cls: type) -> Any:
    """A plain, mutable class with the slots of the frozen view class ``cls`` (the same layout, so an instance's
    ``__class__`` may become ``cls``)."""
    return type(f"{cls.__name__}Draft", (), {"__slots__": tuple(f.name for f in fields(cls))})


_StackDraft = _draft(StackView)
_SideDraft = _draft(SideView)
_BoardDraft = _draft(BoardView)
_AttackDraft = _draft(AttackView)
_PendingDraft = _draft(PendingEffectView)
_GenerationDraft = _draft(GenerationView)
_DecisionDraft = _draft(DecisionView)
_StepDraft = _draft(Step)
_ResultDraft = _draft(TraceResult)


def new_stack_view(uid: int, top: CardView, digivolution_cards: tuple[CardView, ...], dp: int | None, suspended: bool,
               kind: str, keywords: tuple[str, ...]) -> StackView:
    """``StackView(uid, top, digivolution_cards, dp, suspended, kind, keywords)``, built quickly."""
    o = _StackDraft()
    o.uid = uid
    o.top = top
    o.digivolution_cards = digivolution_cards
    o.dp = dp
    o.suspended = suspended
    o.kind = kind
    o.keywords = keywords
    o.__class__ = StackView
    view: StackView = o
    return view


def new_side_view(player: str, battle_area: tuple[StackView, ...], breeding_area: StackView | None, security_size: int,
              hand_size: int, deck_size: int, trash: tuple[CardView, ...], revealed: CardView | None) -> SideView:
    """``SideView(player, battle_area, ..., trash, revealed)``, built quickly."""
    o = _SideDraft()
    o.player = player
    o.battle_area = battle_area
    o.breeding_area = breeding_area
    o.security_size = security_size
    o.hand_size = hand_size
    o.deck_size = deck_size
    o.trash = trash
    o.revealed = revealed
    o.__class__ = SideView
    view: SideView = o
    return view


def new_board_view(turn_player: str, phase: str, memory: int, sides: tuple[SideView, SideView], winner: str | None
               ) -> BoardView:
    """``BoardView(turn_player, phase, memory, sides, winner)``, built quickly."""
    o = _BoardDraft()
    o.turn_player = turn_player
    o.phase = phase
    o.memory = memory
    o.sides = sides
    o.winner = winner
    o.__class__ = BoardView
    view: BoardView = o
    return view


def new_attack_view(attacker: str, attacker_player: str, target: str, timing: str, path: tuple[str, ...],
                notes: tuple[tuple[str, str], ...], checked: tuple[CardView, ...], ended_by_effect: bool,
                attacker_in_play: bool, target_in_play: bool, attacker_uid: int | None = None,
                target_uid: int | None = None) -> AttackView:
    """``AttackView(attacker, attacker_player, target, ..., target_uid)``, built quickly."""
    o = _AttackDraft()
    o.attacker = attacker
    o.attacker_player = attacker_player
    o.target = target
    o.timing = timing
    o.path = path
    o.notes = notes
    o.checked = checked
    o.ended_by_effect = ended_by_effect
    o.attacker_in_play = attacker_in_play
    o.target_in_play = target_in_play
    o.attacker_uid = attacker_uid
    o.target_uid = target_uid
    o.__class__ = AttackView
    view: AttackView = o
    return view


def new_pending_effect_view(uid: int, player: str, card: CardView, timing: str, label: str, optional: bool,
                        per_turn: int, status: str, caused: int | None) -> PendingEffectView:
    """``PendingEffectView(uid, player, card, ..., caused)``, built quickly."""
    o = _PendingDraft()
    o.uid = uid
    o.player = player
    o.card = card
    o.timing = timing
    o.label = label
    o.optional = optional
    o.per_turn = per_turn
    o.status = status
    o.caused = caused
    o.__class__ = PendingEffectView
    view: PendingEffectView = o
    return view


def new_generation_view(number: int, effects: tuple[PendingEffectView, ...], cause: str) -> GenerationView:
    """``GenerationView(number, effects, cause)``, built quickly."""
    o = _GenerationDraft()
    o.number = number
    o.effects = effects
    o.cause = cause
    o.__class__ = GenerationView
    view: GenerationView = o
    return view


def new_decision_view(player: str, kind: str, prompt: str, options: tuple[str, ...]) -> DecisionView:
    """``DecisionView(player, kind, prompt, options)``, built quickly."""
    o = _DecisionDraft()
    o.player = player
    o.kind = kind
    o.prompt = prompt
    o.options = options
    o.__class__ = DecisionView
    view: DecisionView = o
    return view


def new_step(index: int, timing: str, caption: str, rules: tuple[str, ...], pending: tuple[GenerationView, ...],
              board: BoardView, attack: AttackView | None, activating: int | None, decision: DecisionView | None,
              choice: str | None, differs: str, note: str, triggered: tuple[PendingEffectView, ...] = ()) -> Step:
    """``Step(index, timing, caption, ..., differs, note, triggered)``, built quickly."""
    o = _StepDraft()
    o.index = index
    o.timing = timing
    o.caption = caption
    o.rules = rules
    o.pending = pending
    o.board = board
    o.attack = attack
    o.activating = activating
    o.decision = decision
    o.choice = choice
    o.differs = differs
    o.note = note
    o.triggered = triggered
    o.__class__ = Step
    view: Step = o
    return view


def new_trace_result(activation_order: tuple[str, ...], deleted: tuple[str, ...], security: tuple[tuple[str, int], ...],
                 memory: int, winner: str | None, stopped_at: str | None) -> TraceResult:
    """``TraceResult(activation_order, deleted, security, memory, winner, stopped_at)``, built quickly."""
    o = _ResultDraft()
    o.activation_order = activation_order
    o.deleted = deleted
    o.security = security
    o.memory = memory
    o.winner = winner
    o.stopped_at = stopped_at
    o.__class__ = TraceResult
    view: TraceResult = o
    return view


QUICK: dict[type, Any] = {
    StackView: new_stack_view, SideView: new_side_view, BoardView: new_board_view, AttackView: new_attack_view,
    PendingEffectView: new_pending_effect_view, GenerationView: new_generation_view, DecisionView: new_decision_view,
    Step: new_step, TraceResult: new_trace_result}
"""Each view class with a quick constructor -> that constructor (for the test that it sets every field)."""


def step_to_json(step: Step) -> dict[str, Any]:
    """Return ``step`` as JSON-ready nested dicts and lists (tuples become lists)."""
    return cast(dict[str, Any], _jsonable(asdict(step)))


def trace_to_json(trace: Trace) -> dict[str, Any]:
    """Return the whole trace as JSON-ready data (the ``digiteach trace --json`` schema)."""
    return cast(dict[str, Any], _jsonable(asdict(trace)))


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value
