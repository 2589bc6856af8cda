"""Extract, update and compile digiteach's message catalogues with Babel (run from the repository root).

    .venv/bin/python scripts/i18n.py            extract + update + compile (after changing any English text)
    .venv/bin/python scripts/i18n.py check      exit 1 when a message is untranslated, fuzzy, obsolete-only,
                                                has other placeholders than its English text, or a .mo is stale

What is extracted (the English source texts):
- every caption template of ``digiteach.captions.CAPTIONS`` (msgctxt = its key, a comment cites its rules);
- every wiki note of ``digiteach.engine.differs.WIKI_DIFFERS`` (msgctxt ``wiki``);
- the terms shown to people: phases, attack timings, effect statuses, generation causes, the attack diagram's
  branch conditions (msgctxt ``term``);
- every ``_("...")``, ``gettext("...")``, ``N_("...")`` (a text kept in a table) and ``pgettext("ctx", "...")`` call with literal text in ``digiteach/`` and ``widgets/``
  (the method map is ``babel.cfg``, the same one ``pybabel extract -F babel.cfg`` reads).

The template is ``digiteach/locale/digiteach.pot``; each language's catalogue is
``digiteach/locale/<lang>/LC_MESSAGES/digiteach.po`` (translators edit it), compiled to ``digiteach.mo`` beside it.

Card data has a catalogue of its own (domain ``cards``, ``cards.pot`` / ``<lang>/LC_MESSAGES/cards.po``): our one-line
summaries of the cards' texts in the library. It may be partial (a summary with no translation is shown in English),
but an entry must not be fuzzy or change placeholders, and its ``.mo`` must be compiled from its ``.po``.
"""

from __future__ import annotations

import dataclasses
import io
from datetime import datetime, timezone
import string
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

__all__ = ["extract", "extract_cards", "card_texts", "problems", "update", "read", "po_path", "mo_bytes", "write_po",
           "main"]

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from digiteach import i18n  # noqa: E402
from digiteach.cards import Card  # noqa: E402
from digiteach.captions import CAPTIONS  # noqa: E402
from digiteach.engine.differs import WIKI_DIFFERS  # noqa: E402
from digiteach.decisions import DecisionKind  # noqa: E402
from digiteach.terms import ATTACK_SEQUENCE, AttackTiming, EffectStatus, Phase  # noqa: E402

LOCALE = ROOT / "digiteach" / "locale"
POT = LOCALE / f"{i18n.DOMAIN}.pot"
CARDS_POT = LOCALE / f"{i18n.CARDS_DOMAIN}.pot"
KEYWORDS = {"_": None, "N_": None, "gettext": None, "pgettext": ((1, "c"), 2)}
SOURCES = ("digiteach", "widgets")

STAMP = datetime(2026, 1, 1, tzinfo=timezone.utc)
"""A fixed date in the catalogues' headers, so that running the script again changes no file it need not."""

CAUSES: tuple[str, ...] = (
    "battle", "security battle", "digivolution", "end of turn", "start of turn", "unsuspend phase",
    "end of the attack's effects", "activation of {what}", "play of {what}", "use of {what}",
    "security check of {what}", "{effect} of {card}", "start of main phase", "block",
    "the opponent's reaction to the attack",
)
"""The causes a pending generation names (``Generation.cause``); ``{what}`` is a card or an effect."""


def method_map() -> list[tuple[str, str]]:
    """The ``[pattern: method]`` sections of babel.cfg."""
    out = []
    for line in (ROOT / "babel.cfg").read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line.startswith("[") and line.endswith("]") and ":" in line:
            method, pattern = line[1:-1].split(":", 1)
            out.append((pattern.strip(), method.strip()))
    return out


def extract() -> Catalog:
    """Every English source text as one catalogue (the .pot's content)."""
    cat = Catalog(project="digiteach", version="0.1.0", charset="utf-8", creation_date=STAMP, revision_date=STAMP,
                  copyright_holder="the digiteach authors")
    for key, cap in CAPTIONS.items():
        if cap.template:
            cat.add(cap.template, context=key, auto_comments=[", ".join(cap.rules)] if cap.rules else [],
                    locations=[("digiteach/caption_catalogue.py", 0)])
    for key, note in WIKI_DIFFERS.items():
        cat.add(note, context="wiki", auto_comments=[key], locations=[("digiteach/engine/differs.py", 0)])
    for value in [*(p.value for p in Phase), *(t.value for t in AttackTiming), *(e.value for e in EffectStatus), *(k.value for k in DecisionKind),
                  *CAUSES, *(st.when for st in ATTACK_SEQUENCE if st.when)]:
        cat.add(value, context="term", locations=[("digiteach/terms.py", 0)])
    for folder in SOURCES:
        for filename, lineno, message, comments, context in extract_from_dir(
                ROOT / folder, method_map(), keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)):
            if isinstance(message, str) and message:
                cat.add(message, context=context, auto_comments=comments,
                        locations=[(f"{folder}/{filename}", lineno)])
    return cat


def _summaries(value: object, seen: set[int], out: set[str]) -> None:
    """Every non-empty ``summary`` inside card data that the engine shows (an effect's, a choice's; not the card's)."""
    if id(value) in seen or value is None or isinstance(value, (str, int, float, bool)):
        return
    seen.add(id(value))
    if isinstance(value, (tuple, list)):
        for item in value:
            _summaries(item, seen, out)
    elif dataclasses.is_dataclass(value):
        for f in dataclasses.fields(value):
            item = getattr(value, f.name)
            if f.name == "summary" and isinstance(item, str):
                if item and not isinstance(value, Card):  # a card's own summary is shown nowhere; its effects' are
                    out.add(item)
            else:
                _summaries(item, seen, out)


def card_texts() -> list[str]:
    """Our summaries of the effects of every card in the library (what prompts and labels show), sorted."""
    from digiteach.cards import load_library

    out: set[str] = set()
    seen: set[int] = set()
    for card in load_library().values():
        _summaries(card, seen, out)
    return sorted(out)


def extract_cards() -> Catalog:
    """The card summaries as one catalogue (``cards.pot``'s content)."""
    cat = Catalog(project="digiteach", version="0.1.0", charset="utf-8", creation_date=STAMP, revision_date=STAMP,
                  copyright_holder="the digiteach authors")
    for text in card_texts():
        cat.add(text, locations=[("digiteach/cards", 0)])
    return cat


def po_path(lang: str, domain: str = i18n.DOMAIN) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"


def mo_bytes(cat: Catalog) -> bytes:
    buf = io.BytesIO()
    write_mo(buf, cat)  # fuzzy entries are left out, as msgfmt does
    return buf.getvalue()


def read(lang: str, path: Path | None = None) -> Catalog:
    with (path or po_path(lang)).open("rb") as f:
        return read_po(f, locale=lang)


def fields(text: str) -> set[str]:
    """The named placeholders of a ``str.format`` string."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def problems(lang: str, po: Path | None = None) -> list[str]:
    """What keeps ``lang``'s catalogue (``po``, default the shipped one) from being complete and correct, and its
    ``.mo`` beside it from being compiled from it (empty: nothing)."""
    source = extract()
    po = po or po_path(lang)
    cat = read(lang, po)
    out = []
    for msg in source:
        if not msg.id:
            continue
        ctx = f"[{msg.context}] " if msg.context else ""
        got = cat.get(msg.id, context=msg.context)
        if got is None or not got.string:
            out.append(f"{lang}: untranslated: {ctx}{msg.id!r}")
        elif got.fuzzy:
            out.append(f"{lang}: fuzzy: {ctx}{msg.id!r}")
        elif fields(str(got.string)) != fields(str(msg.id)):
            out.append(f"{lang}: placeholders differ: {ctx}{sorted(fields(str(msg.id)))} in English, "
                       f"{sorted(fields(str(got.string)))} in the translation")
    mo = po.with_suffix(".mo")
    if not mo.exists() or mo.read_bytes() != mo_bytes(cat):
        out.append(f"{lang}: {mo.name} beside {po} is not compiled from the .po (run scripts/i18n.py)")
    if po == po_path(lang):
        out += card_problems(lang)
    return out


def card_problems(lang: str) -> list[str]:
    """What is wrong with ``lang``'s card catalogue: a fuzzy entry, other placeholders than the English, a stale
    ``.mo`` (an untranslated summary is allowed: it is shown in English)."""
    po = po_path(lang, i18n.CARDS_DOMAIN)
    if not po.exists():
        return [f"{lang}: {po} is missing (run scripts/i18n.py)"]
    cat = read(lang, po)
    out = []
    for msg in extract_cards():
        got = cat.get(msg.id)
        if got is None or not got.string:
            continue
        if got.fuzzy:
            out.append(f"{lang}: fuzzy card text: {msg.id!r}")
        elif fields(str(got.string)) != fields(str(msg.id)):
            out.append(f"{lang}: placeholders differ in the card text {msg.id!r}")
    mo = po.with_suffix(".mo")
    if not mo.exists() or mo.read_bytes() != mo_bytes(cat):
        out.append(f"{lang}: {mo.name} beside {po} is not compiled from the .po (run scripts/i18n.py)")
    return out


def update() -> None:
    """Write the .pots, merge them into every language's .po (new texts untranslated, changed ones fuzzy), compile."""
    for domain, pot in ((i18n.DOMAIN, extract()), (i18n.CARDS_DOMAIN, extract_cards())):
        _update(domain, pot)


def _update(domain: str, pot: Catalog) -> None:
    """Write ``domain``'s .pot from ``pot`` and merge it into every language's .po, then compile the .mo."""
    target = LOCALE / f"{domain}.pot"
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("wb") as f:
        write_po(f, pot, width=116, omit_header=False)
    for lang in i18n.LANGUAGES[1:]:
        path = po_path(lang, domain)
        path.parent.mkdir(parents=True, exist_ok=True)
        cat = read(lang, path) if path.exists() else Catalog(locale=lang, project="digiteach", charset="utf-8")
        # card texts may stay untranslated: no guessed (fuzzy) translations from similar summaries there
        cat.update(pot, update_header_comment=False, no_fuzzy_matching=domain == i18n.CARDS_DOMAIN)
        cat.fuzzy = False  # a fuzzy header would be left out of the .mo, and with it the charset
        cat.creation_date = cat.revision_date = STAMP
        cat.last_translator = cat.language_team = "the digiteach authors"
        with path.open("wb") as f:
            write_po(f, cat, width=116, ignore_obsolete=True)
        cat = read(lang, path)
        path.with_suffix(".mo").write_bytes(mo_bytes(cat))
        print(f"{path.relative_to(ROOT)}: {len(cat)} messages")


def main(argv: list[str]) -> int:
    if argv[:1] == ["check"]:
        found = [p for lang in i18n.LANGUAGES[1:] for p in problems(lang)]
        print("\n".join(found) or "every message translated")
        return 1 if found else 0
    update()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
