"""The stacked layout at 1280x720 (the newcomer's trial, session 16, shots 31_te07_player0 and
08_start_after_choice_720): in JupyterLab with the sidebar open the turn-phases and pending-activation diagrams sat
side by side, each scaled down to 6-7 px text. Where the player is too narrow for both side by side at readable
text, each takes a row of its own (at least 10 px text); in a wide player they stay side by side."""

from __future__ import annotations

from typing import Any

import pytest
from labharness import OUTPUT, LabServer, write_notebook
from layoutcheck import measure
from test_player_layouts import go_to, open_in_lab, player_at_top

pytestmark = pytest.mark.browser

SCENARIO = "triggered-effects-7"


def test_stacked_diagrams_readable_at_1280x720_and_side_by_side_when_wide(chromium: Any, lab_server: LabServer) -> None:
    name = "player_stacked_readable.ipynb"
    write_notebook(lab_server.root / name, [f"import widgets\nwidgets.play({SCENARIO!r}, layout='stacked')"])
    context = chromium.new_context(viewport={"width": 1280, "height": 720})
    context.set_default_timeout(30_000)
    try:
        page = context.new_page()
        player = open_in_lab(page, lab_server, name, sidebar=True)
        for step in (1, 6, 11):
            go_to(page, player, step)
            player_at_top(page, player)
            page.wait_for_timeout(300)
            what = f"JupyterLab stacked 1280x720, sidebar open, {SCENARIO} step {step}"
            page.screenshot(path=str(OUTPUT / f"lab-stacked-readable-1280x720-step{step}.png"))
            sizes = {p["name"]: p["minText"] for p in measure(player)}
            print(what, sizes)
            for pane in ("attack", "priority"):
                assert sizes[pane] >= 10, f"{what}: the {pane} diagram's text is {sizes[pane]:.1f} px (< 10)"
        page.set_viewport_size({"width": 1920, "height": 1080})
        go_to(page, player, 11)
        player_at_top(page, player)
        page.wait_for_timeout(300)
        attack, priority = (player.locator(f".digiteach-pane-{n}").bounding_box() for n in ("attack", "priority"))
        assert attack and priority and abs(attack["y"] - priority["y"]) <= 2, (
            f"1920x1080: turn phases and pending activation should stay side by side: {attack} {priority}")
        sizes = {p["name"]: p["minText"] for p in measure(player)}
        print("1920x1080", sizes)
        for pane in ("attack", "priority"):
            assert sizes[pane] >= 10, f"1920x1080: the {pane} diagram's text is {sizes[pane]:.1f} px (< 10)"
    finally:
        context.close()
        lab_server.shutdown_kernels()
