"""Offline exports: one self-contained HTML file (escaped, no network), and an animated GIF."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from fixtures import attack_example_5, HOSTILE, hostile_trace, needs_dot, NEEDS_DOT

from digiteach.export import html_document, to_gif, to_html
from digiteach.scenario.escape import printable

CONTROLS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]")

pytestmark = NEEDS_DOT

EX5 = attack_example_5()


class Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag in ("script", "style"):
            self._skip += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.text.append(data)


def parse(doc: str) -> Tags:
    p = Tags()
    p.feed(doc)
    return p


def test_html_file_has_every_step_with_its_diagrams(tmp_path: Path) -> None:
    out = to_html(EX5, tmp_path / "ex5.html")
    doc = out.read_text(encoding="utf-8")
    tags = parse(doc).tags
    sections = [a for t, a in tags if t == "section"]
    assert [a["id"] for a in sections] == [f"step-{k + 1}" for k in range(14)]
    assert sum(1 for t, _ in tags if t == "svg") == 14 * 3
    assert sum(1 for t, a in tags if t == "g" and "current" in (a.get("class") or "").split()) >= 13
    for cls in ("digiteach-first", "digiteach-prev", "digiteach-next", "digiteach-last", "digiteach-counter"):
        assert any(cls in (a.get("class") or "") for _, a in tags), cls
    assert "ArrowLeft" in doc and "ArrowRight" in doc


def test_html_loads_nothing_from_the_network() -> None:
    doc = html_document(EX5)
    tags = parse(doc).tags
    for tag, attrs in tags:
        assert "src" not in attrs or not attrs["src"], tag
        assert tag not in ("link", "iframe", "img", "object", "embed")
        href = attrs.get("href") or attrs.get("xlink:href") or ""
        assert not href.startswith(("http:", "https:", "//")), href
    assert "@import" not in doc and "url(http" not in doc
    assert sum(1 for t, _ in tags if t == "script") == 1


def test_html_keeps_captions_rules_decisions_and_differs() -> None:
    text = re.sub(r"\s+", " ", " ".join(parse(html_document(EX5)).text))  # <bdi> pieces are text nodes of their own
    assert EX5.steps[5].caption in text
    assert "CR 15-4-3-5" in text
    assert "Activate <Piercing> of ST4-13 HerculesKabuterimon (chosen)" in text
    assert "Wiki vs CR:" in text and "CR 14-2-1-3" in text


def test_hostile_scenario_text_is_escaped_in_html() -> None:
    trace = hostile_trace()
    doc = html_document(trace)
    p = parse(doc)
    assert sum(1 for t, _ in p.tags if t == "script") == 1  # only ours
    assert not any(t == "table" for t, _ in p.tags)
    text = "".join(p.text)
    assert printable(HOSTILE) in text  # the caption shows literally, its line break as \n (no fake line)
    title = re.search(r"<title>(.*?)</title>", doc, re.S)
    assert title and "<script>" not in title.group(1)


def test_bidi_and_control_characters_never_reach_the_page() -> None:
    """An unclosed U+202E in a card name must not reverse the rest of a caption; ESC is shown as \\x1b."""
    from digiteach.scenario import load_scenario, play

    doc = html_document(play(load_scenario(str(Path(__file__).with_name("bidi_scenario.yaml")))))
    assert CONTROLS.findall(doc) == []
    assert "\\u202e" in doc and "\\x1b[31m" in doc and "\\u2066" in doc  # shown, escaped
    caption = re.search(r'<div class="digiteach-caption">(.*?)</div>', doc, re.S)
    assert caption and caption.group(1).startswith("<bdi>") and caption.group(1).endswith("</bdi>")
    for cls in ("step-head", "digiteach-rules"):
        assert re.search(f'<div class="{cls}">[^<]*<bdi>', doc), cls
    assert re.search(r"<h1><bdi>[^<]*\\u202eRTL\\u202c", doc)
    assert all(item.startswith("<bdi>") for item in re.findall(r"<li>(.*?)</li>", doc.split('<ol class="log steps">')[1]))


def test_gif_has_one_frame_per_step(tmp_path: Path) -> None:
    Image = pytest.importorskip("PIL.Image")
    out = to_gif(EX5, tmp_path / "ex5.gif", diagram="priority", ms_per_step=400)
    with Image.open(out) as im:
        assert im.n_frames == 14
        assert im.info.get("duration") == 400


def test_gif_rejects_unknown_diagram_and_bad_timing(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="diagram must be one of"):
        to_gif(EX5, tmp_path / "x.gif", diagram="everything")
    with pytest.raises(ValueError, match="positive"):
        to_gif(EX5, tmp_path / "x.gif", ms_per_step=0)


@pytest.mark.skipif(__import__("shutil").which("node") is None, reason="node is not installed")
def test_export_script_is_valid_javascript(tmp_path: Path) -> None:
    import subprocess

    doc = html_document(EX5)
    (script,) = re.findall(r"<script>(.*?)</script>", doc, re.S)
    js = tmp_path / "export.js"
    js.write_text(script, encoding="utf-8")
    proc = subprocess.run(["node", "--check", str(js)], capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr


def test_the_branches_page_shows_control_characters_escaped_too() -> None:
    from digiteach.export_branches import branch_tree, branches_document
    from digiteach.scenario import load_scenario

    doc = branches_document(branch_tree(load_scenario(str(Path(__file__).with_name("bidi_scenario.yaml"))), limit=5))
    assert CONTROLS.findall(doc) == []
    assert "\\\\u202eRTL\\\\u202c" in doc and "\\\\x1b[31m" in doc  # in the JSON data: backslashes doubled
    assert "unicode-bidi:isolate" in doc


def test_gif_frames_draw_the_now_marker_with_a_glyph_the_png_renderer_has() -> None:
    """The GIF's frames are drawn by ``dot -Tpng``, whose font has no U+25B6 (a newcomer saw an empty box before
    "now" in the GIF while the HTML showed the triangle); U+25BA is in it, so the diagrams use that in every format."""
    from digiteach.diagrams import step_diagrams
    from digiteach.render import render_pngs
    from digiteach.scenario import load_scenario, play

    trace = play(load_scenario("attack-resolution-5"))
    sources = [d.source for step in trace.steps for d in step_diagrams(step)]
    assert any("\u25ba now" in s for s in sources) and not any("\u25b6" in s for s in sources)
    marked, empty = render_pngs(['digraph { a [label="\u25ba"] }', 'digraph { a [label=" "] }'])
    assert marked != empty  # the glyph is drawn


def test_gif_caption_is_readable_in_a_shared_gif(tmp_path: Path) -> None:
    """A frame's caption is read where a GIF is shared (a chat, a slide, shown at half size or less): its letters are
    at least 1/60 of the frame's width high (a newcomer's 1416x1289 frames had ~16 px text), and a diagram shorter
    than the frame leaves no block of white over the caption higher than a tenth of the frame (it sits in the middle)."""
    Image = pytest.importorskip("PIL.Image")
    from digiteach.scenario import load_scenario, play

    out = to_gif(play(load_scenario("attack-resolution-5")), tmp_path / "ar5.gif")
    with Image.open(out) as gif:
        gif.seek(6)  # step 7, as in the newcomer's shot 23_gif_frame7
        frame = gif.convert("L")
    width, height = frame.size
    px = frame.load()
    dark = [any(px[x, y] < 100 for x in range(0, width, 2)) for y in range(height)]
    rule = next(y for y in range(height - 1, 0, -1) if all(80 <= px[x, y] <= 100 for x in range(0, width, 50)))
    first = next(y for y in range(rule + 3, height) if dark[y])  # the caption's first line of ink
    ink = next(y for y in range(first, height) if not dark[y]) - first
    assert ink >= width / 60, f"the caption's letters are {ink} px high in a {width} px wide frame"
    blank = longest = 0
    for y in range(rule):
        blank = blank + 1 if all(px[x, y] > 245 for x in range(0, width, 4)) else 0
        longest = max(longest, blank)
    assert longest <= height / 10, f"{longest} white rows in a row in a {height} px high frame"
