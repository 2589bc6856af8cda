"""The German catalogue is complete: every English source text (caption templates, words, terms, wiki notes, the
command's messages) has a German translation that is not fuzzy, uses exactly the placeholders of its English text,
and is compiled into the shipped ``.mo``. The checker itself is tested on catalogues broken on purpose."""

from __future__ import annotations

import importlib.util
import shutil
import string
from pathlib import Path
from types import ModuleType

import pytest

from digiteach import captions, i18n

REPO = Path(__file__).resolve().parents[2]


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("i18n_script", REPO / "scripts" / "i18n.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


SCRIPT = _script()


@pytest.mark.parametrize("lang", i18n.LANGUAGES[1:])
def test_every_message_is_translated(lang: str) -> None:
    assert SCRIPT.problems(lang) == []


def test_every_caption_template_is_extracted() -> None:
    ids = {(m.context, m.id) for m in SCRIPT.extract() if m.id}
    for key, cap in captions.CAPTIONS.items():
        if cap.template:
            assert (key, cap.template) in ids, key


def test_the_trace_words_of_the_command_are_extracted() -> None:
    ids = {m.id for m in SCRIPT.extract() if m.context is None}
    assert {"rules:", "decision: {player} ({kind}): {prompt}", "activation order:"} <= ids


def _broken(tmp_path: Path, edit: str) -> Path:
    """A copy of the German catalogue with one message broken in the way ``edit`` names (compiled beside it)."""
    cat = SCRIPT.read("de")
    msg = cat.get("Equal DP: both lose the battle.", context="battle.tie")
    assert msg is not None and msg.string
    if edit == "untranslated":
        msg.string = ""
    elif edit == "fuzzy":
        msg.flags.add("fuzzy")
    elif edit == "placeholder":
        msg = cat.get("Battle: {attacker} ({adp} DP) against {target} ({tdp} DP).", context="battle.compare")
        assert msg is not None
        msg.string = str(msg.string).replace("{tdp}", "{dp}")
    po = tmp_path / "digiteach.po"
    with po.open("wb") as f:
        SCRIPT.write_po(f, cat)
    po.with_suffix(".mo").write_bytes(SCRIPT.mo_bytes(SCRIPT.read("de", po)))
    return po


@pytest.mark.parametrize("edit, said", [("untranslated", "untranslated: [battle.tie]"),
                                        ("fuzzy", "fuzzy: [battle.tie]"),
                                        ("placeholder", "placeholders differ: [battle.compare]")])
def test_the_check_fails_on_a_broken_catalogue(tmp_path: Path, edit: str, said: str) -> None:
    found = SCRIPT.problems("de", _broken(tmp_path, edit))
    assert len(found) == 1 and said in found[0]


def test_the_check_fails_on_a_stale_mo(tmp_path: Path) -> None:
    po = tmp_path / "digiteach.po"
    shutil.copy(SCRIPT.po_path("de"), po)
    po.with_suffix(".mo").write_bytes(b"")
    assert any("not compiled" in p for p in SCRIPT.problems("de", po))


SAME_IN_GERMAN = {"effect.de_digivolve", "lang.digiburst", "what.dp", "what.security_a", "what.recovery",
                  "what.de_digivolve", "what.alliance", "what.blast_digivolve", "where.label"}
"""Templates that are only a printed keyword and a number (or DP), the same in both languages; ``where.label`` is
only a label and a place in brackets."""


def test_every_german_template_fills_with_its_english_fields() -> None:
    with i18n.language("de"):
        for key, cap in captions.CAPTIONS.items():
            fields = {n: f"<{n}>" for _, n, _, _ in string.Formatter().parse(cap.template) if n}
            german = captions.text(key, **fields)  # a KeyError here: a placeholder the English text lacks
            if cap.template and key not in SAME_IN_GERMAN:
                assert german != cap.template.format(**fields), key


def test_language_choice() -> None:
    assert i18n.normalize("de_DE.UTF-8") == "de" and i18n.normalize("xx") == "en"
    with i18n.language("de"):
        assert captions.text("battle.tie") == "Gleiche DP: Beide verlieren den Kampf."
        assert captions.player_name(1) == "Spieler B"
        with i18n.language("en"):
            assert captions.text("battle.tie") == "Equal DP: both lose the battle."
    assert i18n.current() in i18n.LANGUAGES


def test_environment_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DIGITEACH_LANG", "de_AT.UTF-8")
    assert i18n.current() == "de"
    monkeypatch.setenv("DIGITEACH_LANG", "fr")
    assert i18n.current() == "en"


@pytest.mark.parametrize("amount", [1, 2, 5])
def test_trashing_security_reads_right_for_every_number(amount: int) -> None:
    """ "trash {amount} security" in German: no noun that agrees with the number ("1 Sicherheitskarten" was wrong);
    the same words for every amount."""
    with i18n.language("de"):
        text = captions.text("what.trash_security", amount=amount)
        one = captions.text("what.trash_security", amount=1)
    assert "Sicherheitskarten" not in text and "Sicherheitskarte " not in text, text
    assert text == one.replace("1", str(amount), 1), f"the wording changes with the number: {one!r} / {text!r}"
