"""The language every caption, prompt, option label, diagram label and command message is written in.

English is the source language: each text is written in English in the code (the caption templates of
:data:`digiteach.captions.CAPTIONS`, the wiki notes of :data:`digiteach.engine.differs.WIKI_DIFFERS`, and the
strings wrapped in ``_()``), and a gettext catalogue per other language translates it. The catalogues are
``digiteach/locale/<lang>/LC_MESSAGES/digiteach.po``, compiled to ``.mo`` files that ship as package data and are
read with the standard library's :mod:`gettext` (``scripts/i18n.py`` extracts, updates and compiles them with
Babel; learners need nothing beyond the standard library).

Our one-line summaries of the cards' texts are card data, not interface text: they have a catalogue of their own
(:data:`CARDS_DOMAIN`, read by :func:`card_text`) that may be partial; an untranslated summary is shown as written.

The language in force is, in order: the innermost :func:`language` block, else the last :func:`set_language`,
else the ``DIGITEACH_LANG`` environment variable (``de``, ``de_DE.UTF-8``, ...), else English. A language with
no catalogue falls back to English. Card names, keywords in angle brackets, timings in square brackets and rule
numbers are never translated (they are printed on the cards or in the rules manual).

>>> with language("de"):
...     _("rules:")
'Regeln:'
>>> _("rules:")
'rules:'
"""

from __future__ import annotations

import gettext as _gettext
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path

__all__ = [
    "LANGUAGES",
    "DOMAIN",
    "LOCALE_DIR",
    "current",
    "language",
    "set_language",
    "normalize",
    "catalogue",
    "gettext",
    "N_",
    "pgettext",
    "caption",
    "term",
    "timed",
    "cause",
    "CARDS_DOMAIN",
    "card_catalogue",
    "card_text",
]

LANGUAGES: tuple[str, ...] = ("en", "de")
"""The languages with a complete catalogue; English is the source and needs none."""

DOMAIN = "digiteach"
"""The gettext domain: the catalogues are ``<lang>/LC_MESSAGES/digiteach.mo``."""

LOCALE_DIR = Path(__file__).parent / "locale"
"""Where the compiled catalogues are shipped (package data)."""

CARDS_DOMAIN = "cards"
"""The gettext domain of our one-line summaries of the cards' texts (card data, not the interface): a summary with no
translation in ``<lang>/LC_MESSAGES/cards.mo`` is shown as written."""

ENV = "DIGITEACH_LANG"
"""The environment variable that chooses the language when nothing else does."""

_chosen: ContextVar[str | None] = ContextVar("digiteach_language", default=None)
_default: list[str | None] = [None]  # set_language's choice: a module value, since a notebook cell may run in a copied context


def normalize(lang: str | None) -> str:
    """The supported language ``lang`` names: ``"de_DE.UTF-8"`` -> ``"de"``; unknown or empty -> ``"en"``.

    >>> normalize("de_DE.UTF-8"), normalize("fr"), normalize(None)
    ('de', 'en', 'en')
    """
    code = (lang or "").strip().lower().replace("-", "_").split(".")[0].split("_")[0]
    return code if code in LANGUAGES else "en"


def current() -> str:
    """The language in force now (see the module docstring): ``"en"`` or ``"de"``. Every caption asks, so each source
    is read in one look: the :func:`language` block's context variable, :func:`set_language`'s choice, and the raw
    ``DIGITEACH_LANG`` value (``_env_get``) through the table of languages it has named."""
    chosen = _chosen_get()
    if chosen is None:
        chosen = _default[0]
        if chosen is None:
            raw = _env_get(_ENV_KEY)
            chosen = _ENV_LANGUAGE.get(raw)
            if chosen is None:
                chosen = _from_env(raw)
    return chosen


_chosen_get = _chosen.get


# ``_env_get(_ENV_KEY)`` is the ``DIGITEACH_LANG`` value as the environment mapping stores it (None when unset), read
# afresh on every call: ``get`` of ``os.environ``'s own table with its encoded key, since every caption asks (a plain
# ``os.environ.get`` costs more than filling the caption); ``os.environ.get`` with the name where that table is not there.
_ENV_DATA = getattr(os.environ, "_data", None)
_ENV_KEY: object = ENV
_env_get: Callable[[object], object] = os.environ.get  # type: ignore[assignment]
if isinstance(_ENV_DATA, dict) and hasattr(os.environ, "encodekey"):
    _ENV_KEY = os.environ.encodekey(ENV)
    _env_get = _ENV_DATA.get


_ENV_LANGUAGE: dict[object, str] = {}
"""Raw ``DIGITEACH_LANG`` values seen -> the language each names (at most 64, then started afresh)."""


def _from_env(raw: object) -> str:
    """The language a raw ``DIGITEACH_LANG`` value names (bytes on POSIX, str elsewhere; None: unset), remembered in
    :data:`_ENV_LANGUAGE`."""
    value = os.fsdecode(raw) if isinstance(raw, bytes) else raw
    lang = normalize(value if isinstance(value, str) else None)
    if len(_ENV_LANGUAGE) >= 64:
        _ENV_LANGUAGE.clear()
    _ENV_LANGUAGE[raw] = lang
    return lang


def set_language(lang: str | None) -> str:
    """Choose the language for what follows (a notebook's first cell: ``set_language("de")``); ``None`` goes back
    to ``DIGITEACH_LANG``. Returns the language now in force."""
    _default[0] = None if lang is None else normalize(lang)
    return current()


@contextmanager
def language(lang: str | None) -> Iterator[str]:
    """Write everything inside the block in ``lang`` (``None``: the language already in force); yields it."""
    token = _chosen.set(current() if lang is None else normalize(lang))
    try:
        yield current()
    finally:
        _chosen.reset(token)


@lru_cache(maxsize=None)
def catalogue(lang: str) -> _gettext.NullTranslations:
    """The compiled catalogue of ``lang`` (English, or a language whose ``.mo`` is missing: the identity)."""
    if lang == "en":
        return _gettext.NullTranslations()
    return _gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=[lang], fallback=True)


def gettext(message: str) -> str:
    """``message`` (English source text) in the language in force. Modules write ``_ = i18n.gettext`` and wrap
    their messages in ``_("...")``, which is what ``scripts/i18n.py`` extracts."""
    return catalogue(current()).gettext(message)


_ = gettext


def N_(message: str) -> str:  # noqa: N802 (the name gettext's tools know)
    """``message`` unchanged: marks an English text kept in a table for :func:`gettext` to translate where it is
    shown (``scripts/i18n.py`` extracts ``N_("...")`` calls like ``_("...")``)."""
    return message


def pgettext(context: str, message: str) -> str:
    """``message`` in the language in force, translated in ``context`` (the same English text may read
    differently in two places). English, the source language, is ``message`` itself (its catalogue is the identity:
    :func:`catalogue`), without asking it."""
    lang = current()
    return message if lang == "en" else catalogue(lang).pgettext(context, message)


def caption(key: str, template: str) -> str:
    """The caption template ``key`` (English ``template``) in the language in force: the catalogue's context is
    the template's key, so two keys with the same English text may be translated apart."""
    return catalogue(current()).pgettext(key, template)


def term(value: str) -> str:
    """A term of :mod:`digiteach.terms` shown to people (a phase, an attack timing, an effect status, a generation's
    cause), e.g. ``"counter timing"`` -> ``"Konter-Zeitpunkt"`` in German. The engine keeps the English value."""
    return catalogue(current()).pgettext("term", value) if value else value  # "" would look up the header


def timed(timing: str, text: str) -> str:
    """``"<Timing>: <text>"``, the timing named in the language in force (:func:`term`) with a capital first letter, as
    a caption that names its own timing writes it ("Counter timing: ..."), so a list of steps reads alike; ``text``
    as it is when it already opens with that name.

    >>> timed("counter timing", "Counter timing: Player B has no [Counter] effect.")
    'Counter timing: Player B has no [Counter] effect.'
    >>> timed("battle", "The battle ends.")
    'Battle: The battle ends.'
    """
    name = term(timing)
    if text[:len(name) + 1].casefold() == f"{name}:".casefold():
        return text
    return f"{name[:1].upper()}{name[1:]}: {text}"


@lru_cache(maxsize=None)
def card_catalogue(lang: str) -> _gettext.NullTranslations:
    """The compiled catalogue of card summaries of ``lang`` (:data:`CARDS_DOMAIN`; English or none: the identity)."""
    if lang == "en":
        return _gettext.NullTranslations()
    return _gettext.translation(CARDS_DOMAIN, localedir=str(LOCALE_DIR), languages=[lang], fallback=True)


def card_text(text: str) -> str:
    """Our summary of a card's text (card data, written in English) in the language in force when the ``cards``
    catalogue translates it, else as written.

    >>> with language("de"):
    ...     card_text("Lose 3 memory to unsuspend this Digimon (twice per turn).")
    '3 Speicher verlieren, um dieses Digimon aufzurichten (zweimal pro Zug).'
    """
    return card_catalogue(current()).gettext(text) if text else text


_CAUSE_PREFIXES = ("activation of ", "play of ", "use of ", "security check of ")


def cause(value: str) -> str:
    """The cause of a pending generation shown to people: ``"battle"``, or ``"play of BT1-010 Agumon"`` whose card
    or effect after ``of`` stays as it is.

    >>> with language("de"):
    ...     cause("play of BT1-010 Agumon"), cause("end of turn")
    ('Ausspielen von BT1-010 Agumon', 'Zugende')
    """
    named = term(value)
    if named != value:  # a cause of its own ("end of turn"), even when it holds " of "
        return named
    for prefix in _CAUSE_PREFIXES:
        if value.startswith(prefix):
            return term(prefix + "{what}").format(what=value[len(prefix):])
    if " of " in value:  # "<Blast Digivolve> of ST16-12 MetalGarurumon": an effect of a card
        effect, card = value.split(" of ", 1)
        return term("{effect} of {card}").format(effect=effect, card=card)
    return term(value)
