"""Loading a scenario: a file or a bundled id, through YAML, schema and semantic checks, to a :class:`Scenario`."""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from digiteach import catalog, diskcache
from digiteach import effects as fx
from digiteach.i18n import gettext as _
from digiteach.cards import CardDataError, card_from_dict
from digiteach.cards.reader import Reader
from digiteach.scenario.actions import parse_action, phase_problem, plan_action
from digiteach.scenario.board import ParseContext, card_number, default_library, parse_side
from digiteach.scenario.card_values import bad_values, find_path
from digiteach.scenario.escape import clip
from digiteach.scenario.expect import parse_expect
from digiteach.scenario.legality import check_board, check_dp
from digiteach.scenario.model import (
    CARD_NUMBER,
    DEFAULT_FILLER,
    DEFAULT_RULESET,
    NOTE_KINDS,
    Choice,
    NoteKind,
    PlannedAction,
    Scenario,
    ScenarioError,
    StepNote,
    Translation,
    memory_from_text,
)
from digiteach.scenario.reader import MAX_FILE_BYTES, decode_file, line_of, read_yaml
from digiteach.scenario.validate import DEF_HINTS, valid_values, validate_schema
from digiteach.setup import InForce, Setup
from digiteach.terms import Phase

def source_text(raw: Any) -> str:
    if isinstance(raw, str):
        return raw.strip()
    parts = []
    for key in ("page", "example", "step", "qa", "rule", "url"):
        if key in raw:
            value = raw[key]
            value = ", ".join(value) if isinstance(value, list) else str(value)
            parts.append(value if key in ("page", "url") else f"{'Q&A' if key == 'qa' else key} {value}")
    return "; ".join(parts)


def inline_cards(ctx: ParseContext, raw: list[Any]) -> dict[str, Any]:
    """Build the ``cards:`` entries with ``digiteach.cards.card_from_dict``; map CardDataError paths to lines.

    An inline card may reuse a library number: it then replaces the library card for this scenario
    only (as ``digiteach.cards.load_library(extra=...)`` does).
    """
    if not raw:
        return {}
    out: dict[str, Any] = {}
    tokens = tuple(sorted(n for n, c in default_library().items() if getattr(c, "token", False)))
    for i, data in enumerate(raw):
        where = f"{ctx.file} cards[{i}]"
        try:
            card = card_from_dict(data, where)
        except CardDataError as exc:
            sub, msg = exc.path, exc.message
            if isinstance(data, Mapping) and isinstance(data.get("number"), str):
                ctx.broken_cards.add(data["number"])
            ctx.error(("cards", i, *sub), _("card data: {problem}").format(problem=msg),
                      _("the card library's dict form (digiteach/cards/README.md)"))
            continue
        number = card_number(card, data)
        if not CARD_NUMBER.fullmatch(number):
            ctx.error(("cards", i, "number"), _("{value} is not in the expected form").format(value=clip(number)),
                      _(DEF_HINTS["cardNumber"]))
            continue
        for key, value, allowed in bad_values(card, tokens):
            sub = find_path(data, key, value) or ()
            ctx.error(("cards", i, *sub), _("{key}: {value} is not a value the engine knows").format(
                      key=key, value=clip(value)),
                      valid_values(value, list(allowed)))
        if number in out:
            ctx.error(("cards", i, "number"), _("card {number} is defined twice in cards:").format(number=repr(number)),
                      _("one definition per card number"))
        out[number] = card
    return out


def _parse_setup(ctx: ParseContext, raw_setup: dict[str, Any], ruleset: str) -> Setup:
    tp = raw_setup["turn_player"]
    try:
        memory = memory_from_text(raw_setup["memory"], tp)
    except ValueError as exc:
        ctx.error(("setup", "memory"), str(exc), _(DEF_HINTS["memory"]))
        memory = 0
    filler = raw_setup.get("filler", DEFAULT_FILLER)
    if "filler" in raw_setup:
        ctx.card(filler, ("setup", "filler"))
    phase = raw_setup.get("phase", Phase.MAIN.value)
    if not phase.endswith("phase") and phase != Phase.END_OF_TURN.value:
        phase = f"{phase} phase"
    sides = (
        parse_side(ctx, raw_setup.get("A"), ("setup", "A"), "A", filler),
        parse_side(ctx, raw_setup.get("B"), ("setup", "B"), "B", filler),
    )
    return Setup(turn_player=tp, memory=memory, sides=sides, phase=phase, ruleset=ruleset,
                 turn=raw_setup.get("turn", 2), in_force=_parse_in_force(ctx, raw_setup.get("in_force") or []))


_LASTING = (fx.ModifyDP, fx.ModifySecurityA, fx.GrantKeyword, fx.GrantEffect)
"""The actions ``setup.in_force`` accepts: lasting changes (the engine's ``in_force`` puts them on the board)."""


def _parse_in_force(ctx: ParseContext, raw: list[Any]) -> tuple[InForce, ...]:
    """``setup.in_force``: lasting changes already in force, each ``{player: A/B, do: dp/security_a/grant_keyword/
    grant_effect, target: {who: all, ...}, ...}`` in the card actions' dict form."""
    out: list[InForce] = []
    for i, item in enumerate(raw):
        path = ("setup", "in_force", i)
        data = dict(item) if isinstance(item, Mapping) else {}
        player = data.pop("player", None)
        if player not in ("A", "B"):
            ctx.error((*path, "player"), _("in_force needs player: A or B, got {value}").format(value=repr(player)),
                      "player: A")
            continue
        try:
            action = Reader(ctx.file).action(data, [])
        except CardDataError as exc:
            ctx.error((*path, *exc.path), "in_force: " + exc.message,
                      _("an action in the dict form of digiteach/cards/README.md"))
            continue
        if not isinstance(action, _LASTING):
            ctx.error((*path, "do"), _("in_force holds only lasting changes, not {kind}").format(kind=repr(data.get("do"))),
                      "do: dp, security_a, grant_keyword or grant_effect")
        elif action.target.who != "all":
            ctx.error((*path, "target"), _("in_force: the cards are not chosen, so the target must be a selector with "
                                           "who: all"), "target: {who: all, owner: opponent}")
        else:
            out.append(InForce(player=player, action=action))
    return tuple(out)


def _parse_choices(ctx: ParseContext, raw: list[Any]) -> list[Choice]:
    choices = []
    for i, c in enumerate(raw):
        line = ctx.line(("choices", i))
        if isinstance(c, dict):
            ((player, answer),) = c.items()
            choices.append(Choice(answer=answer, player=player, line=line))
        else:
            choices.append(Choice(answer=c, line=line))
    return choices


def _parse_translations(ctx: ParseContext, raw: Any, data: Mapping[str, Any]) -> tuple[tuple[str, Translation], ...]:
    """``translations: {de: {title, notes, wiki_notes, step_notes}}`` (shape already checked by the schema); a
    translation's ``wiki_notes`` (``step_notes``) must have one text per note of that kind in ``data`` (the file),
    in the same order."""
    out = []
    for lang, given in (raw or {}).items():
        texts: dict[str, tuple[str, ...]] = {}
        for kind in NOTE_KINDS:
            texts[kind] = tuple(str(n).strip() for n in given.get(kind) or ())
            total = len(data.get(kind) or [])
            if kind in given and len(texts[kind]) != total:
                ctx.error(("translations", lang, kind),
                          _("{count} translated texts for {field}, but the file's {field} has {total}").format(
                              count=len(texts[kind]), total=total, field=kind),
                          _("one text per entry of {field}, in the same order ({total})").format(field=kind, total=total))
        out.append((lang, Translation(title=str(given.get("title") or "").strip(),
                                      notes=str(given.get("notes") or "").strip(),
                                      wiki_notes=texts["wiki_notes"], step_notes=texts["step_notes"])))
    return tuple(out)


def _parse_step_notes(ctx: ParseContext, data: Mapping[str, Any], kind: NoteKind) -> tuple[StepNote, ...]:
    """The file's ``wiki_notes`` or ``step_notes`` (``kind``): ``[{at, note}]``, each with the line of its ``at``."""
    return tuple(StepNote(n["at"], n["note"].strip(), ctx.line((kind, i, "at")))
                 for i, n in enumerate(data.get(kind) or []))


def parse_scenario(
    text: str,
    file: str = "<scenario>",
    *,
    library: Mapping[str, Any] | None = None,
) -> Scenario:
    """Parse and validate scenario YAML ``text``; ``file`` is the name used in error messages.

    ``library`` maps card numbers to cards (default: ``digiteach.cards.load_library()``).
    Raises :class:`ScenarioError` (with ``.others`` holding further errors) on any problem.
    """
    root, data = read_yaml(text, file)
    validate_schema(data, file, root)
    base = library if library is not None else default_library()
    if DEFAULT_FILLER not in base:  # a caller's own library still gets the neutral filler
        base = {**base, DEFAULT_FILLER: default_library()[DEFAULT_FILLER]}
    ctx = ParseContext(file=file, root=root, library=base)
    extra = inline_cards(ctx, data.get("cards") or [])
    if extra:
        ctx.library = {**base, **extra}

    raw_setup = data["setup"]
    ruleset = data.get("ruleset", DEFAULT_RULESET)
    setup = _parse_setup(ctx, raw_setup, ruleset)
    ctx.setup = setup
    check_board(ctx, setup, raw_setup)
    if not ctx.errors:
        check_dp(ctx, setup)
    raw_action = data["action"]
    then: tuple[PlannedAction, ...] = ()
    if isinstance(raw_action, list):
        action = parse_action(ctx, raw_action[0], ("action", 0))
        then = tuple(plan_action(ctx, a, ("action", i)) for i, a in enumerate(raw_action[1:], start=1))
    else:
        action = parse_action(ctx, raw_action)
    problem = phase_problem(setup.phase, action.kind, setup.turn_player)  # the memory is checked at play
    if problem is not None:  # said at load, in the file's words (the engine would refuse it at play)
        ctx.error(("action", 0, action.kind) if isinstance(raw_action, list) else ("action", action.kind), *problem,
                  key=True)
    expect = parse_expect(ctx, data.get("expect"))

    choices = _parse_choices(ctx, data.get("choices") or [])
    translations = _parse_translations(ctx, data.get("translations"), data)

    if ctx.errors:
        errs = sorted(ctx.errors, key=lambda e: (e.line or 0, e.field))
        first = errs[0]
        raise ScenarioError(first.file, first.line, first.field, first.message, first.expected, others=errs[1:])
    return Scenario(
        id=data["id"],
        title=data["title"].strip(),
        source=source_text(data["source"]),
        setup=setup,
        action=action,
        then=then,
        choices=tuple(choices),
        expect=expect,
        notes=(data.get("notes") or "").strip(),
        wiki_notes=_parse_step_notes(ctx, data, "wiki_notes"),
        step_notes=_parse_step_notes(ctx, data, "step_notes"),
        ruleset=ruleset,
        cards=tuple(extra.values()),
        translations=translations,
        aliases=tuple(sorted(ctx.aliases.items())),
        filler=raw_setup.get("filler", DEFAULT_FILLER),
        path=file,
        action_line=ctx.line(("action",), key=True),
    )


# --------------------------------------------------------------------------------------------- bundled


def bundled_paths() -> list[Path]:
    """Files of the bundled scenarios (``digiteach/scenarios/*.yaml``), sorted by name."""
    return catalog.bundled_paths()


def _peek_id(path: Path) -> tuple[str | None, int | None]:
    """The ``id`` of a scenario file and its line, without full validation (None if unreadable): read from the
    file's top lines when they are simple (:func:`digiteach.catalog.peek_header`), else from a YAML parse."""
    try:
        text = path.read_text(encoding="utf-8")
        header = catalog.peek_header(text)
        if header.id is not None:
            return header.id, header.id_line
        root, data = read_yaml(text, str(path))
    except (ScenarioError, OSError, UnicodeDecodeError):  # reported by bundled_unreadable
        return None, None
    value = data.get("id")
    return (value if isinstance(value, str) else None), line_of(root, ("id",))


@lru_cache(maxsize=1)
def bundled_index() -> tuple[tuple[str, Path], ...]:
    seen: dict[str, Path] = {}
    for path in bundled_paths():
        sid, line = _peek_id(path)
        if sid is None:
            continue
        if sid in seen:
            raise ScenarioError(str(path), line, "id", _("duplicate scenario id {id} (also in {file})").format(
                                id=repr(sid), file=seen[sid].name), _("a unique id per scenario file"))
        seen[sid] = path
    return tuple(sorted(seen.items(), key=lambda item: _natural_key(item[0])))


def _natural_key(text: str) -> tuple[tuple[int, int | str], ...]:
    """Sort key that puts "ex-2" before "ex-10"."""
    return tuple((0, int(part)) if part.isdigit() else (1, part) for part in re.split(r"(\d+)", text) if part)


def bundled_unreadable() -> list[ScenarioError]:
    """What is wrong with each bundled file whose id cannot be read (garbage, no ``id`` line, not UTF-8): such a
    file is left out of :func:`bundled_index`, so ``digiteach check`` and ``list`` report it with this error rather
    than skip it silently. Empty when every bundled file has an id."""
    problems: list[ScenarioError] = []
    indexed = {path for _sid, path in bundled_index()}  # the headers were read once, there
    for path in bundled_paths():
        if path in indexed:
            continue
        try:
            load_scenario(path)
        except ScenarioError as exc:
            problems.append(exc)
            continue
        problems.append(ScenarioError(str(path), None, "id", _("the scenario's id cannot be read"),
                                      _("a top-level line such as 'id: my-ruling'")))
    return problems


def bundled_ids() -> list[str]:
    """Ids of the bundled scenarios, in natural order ("R5" before "R10"). Raises ScenarioError if two files share an id."""
    return [sid for sid, _ in bundled_index()]


LOADED: dict[str, Scenario] = {}

_LIBRARY_KEYS: dict[int, tuple[Mapping[str, Any], tuple[str, ...]]] = {}


def _library_key() -> tuple[str, ...]:
    """The card library's cards in full (repr), part of a cached scenario's key (a scenario is checked against it)."""
    lib = default_library()
    hit = _LIBRARY_KEYS.get(id(lib))
    if hit is None or hit[0] is not lib:
        hit = _LIBRARY_KEYS[id(lib)] = (lib, tuple(repr(c) for c in lib.values()))
    return hit[1]


def _missing_file_hint(path: Path) -> str:
    """What would be right for a scenario file ``path`` that does not exist: a relative path is read from the folder
    the command or notebook runs in (a lesson's notebook runs in ``my-lessons/``), so when the same path exists from a
    folder above, that is named (``'../my-rulings/mine.yaml'``); else a path to an existing file, read from where."""
    if not path.is_absolute():
        here = Path.cwd()
        for up, folder in enumerate(here.parents[:3], 1):
            if (folder / path).is_file():
                return _("did you mean {path}? A path is read from the folder this runs in ({folder})").format(
                    path=repr(str(Path(*([".."] * up)) / path)), folder=here)
        return _("a path to an existing .yaml scenario file, from the folder this runs in ({folder})").format(folder=here)
    return _("a path to an existing .yaml scenario file")


def empty_argument(text: str) -> ScenarioError:
    """The error for an argument that is empty or only spaces (``digiteach trace ""``): it names no scenario, and,
    read as a path, would be the current folder. ``load_scenario`` and ``digiteach check`` say the same.

    >>> print(empty_argument(""))
    '': (file): an empty argument is not a scenario id or path
        expected: an id listed by 'digiteach list', or a path to a .yaml file
    """
    return ScenarioError(repr(text), None, "", _("an empty argument is not a scenario id or path"),
                         _("an id listed by 'digiteach list', or a path to a .yaml file"))


def load_scenario(path_or_id: str | Path, *, library: Mapping[str, Any] | None = None) -> Scenario:
    """Load a scenario from a file path or a bundled id (``"R42"``).

    A string ending in ``.yaml``/``.yml``, containing a path separator, or naming an existing file is a
    path; anything else is looked up among the bundled ids. Raises :class:`ScenarioError` for an
    unknown id (listing close ids), an unreadable file or any invalid content.
    """
    text_arg = str(path_or_id)
    if not text_arg.strip():  # Path("") is the current folder: an empty argument names no scenario
        raise empty_argument(text_arg)
    path = Path(text_arg)
    is_path = isinstance(path_or_id, Path) or text_arg.endswith((".yaml", ".yml")) or "/" in text_arg or "\\" in text_arg or path.is_file()
    if not is_path:
        index = dict(bundled_index())
        if text_arg not in index and path.is_dir():
            raise ScenarioError(text_arg, None, "", _("is a folder, not a scenario file"),
                                _("a path to one .yaml scenario file or a bundled id ('digiteach check' also takes folders)"))
        if text_arg not in index:
            close = difflib.get_close_matches(text_arg, list(index), n=3, cutoff=0.5)
            raise ScenarioError(text_arg, None, "id", _("no bundled scenario with id {id}").format(id=repr(text_arg)),
                                _("did you mean {ids}?").format(ids=", ".join(close)) if close
                                else _("an id listed by 'digiteach list', or a path to a .yaml file"))
        path = index[text_arg]
    if path.is_dir():
        raise ScenarioError(text_arg, None, "", _("is a folder, not a scenario file"),
                            _("a path to one .yaml scenario file or a bundled id ('digiteach check' also takes folders)"))
    if path.exists() and not path.is_file():
        raise ScenarioError(text_arg, None, "", _("is not a regular file (a device or a pipe)"),
                            _("a path to an existing .yaml scenario file"))
    try:
        if path.stat().st_size > MAX_FILE_BYTES:  # told before a byte is read (a sparse file of gigabytes)
            raise ScenarioError(text_arg, None, "", _("the file is larger than {size} MB").format(
                                size=MAX_FILE_BYTES // 1_000_000), _("a scenario file of a few kilobytes"))
        with path.open("rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
        if len(raw) > MAX_FILE_BYTES:  # it grew since
            raise ScenarioError(text_arg, None, "", _("the file is larger than {size} MB").format(
                                size=MAX_FILE_BYTES // 1_000_000), _("a scenario file of a few kilobytes"))
        text = decode_file(raw, text_arg)
    except FileNotFoundError:
        raise ScenarioError(text_arg, None, "", _("file not found"), _missing_file_hint(path)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioError(text_arg, None, "", _("cannot read the file: {reason}").format(reason=exc),
                            _("a readable UTF-8 .yaml file")) from None
    label = text_arg if is_path else str(path)
    if library is None:  # the parsed scenario is kept on disk, keyed by the text, its label and the card library
        scenario = diskcache.cached("scenario", (label, text, *_library_key()), lambda: parse_scenario(text, label),
                                    expect=Scenario)
    else:
        scenario = parse_scenario(text, label, library=library)
    LOADED[scenario.id] = scenario
    return scenario
