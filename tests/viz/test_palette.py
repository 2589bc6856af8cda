"""The diagrams' highlight under simulated colour-vision deficiencies (issue 15, "colour never carries
meaning alone"): its fill keeps a contrast of at least 3:1 (WCAG 2.x, non-text contrast) against every
fill it sits beside, for normal vision and for protanopia, deuteranopia and tritanopia as simulated by
Machado, Oliveira and Fernandes (2009), severity 1.0, applied in linear sRGB."""

from __future__ import annotations

import pytest

from digiteach.diagrams.style import CURRENT, HIGHLIGHT_NEIGHBOURS, PALETTE

Matrix = tuple[tuple[float, float, float], ...]

# Machado et al. 2009, Table 1 (severity 1.0); linear RGB in, linear RGB out.
MACHADO_2009: dict[str, Matrix] = {
    "normal": ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def linear(hex_colour: str) -> tuple[float, float, float]:
    """``"#RRGGBB"`` -> linear sRGB components in 0..1 (IEC 61966-2-1)."""
    assert len(hex_colour) == 7 and hex_colour.startswith("#"), hex_colour
    c = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4 for x in c)
    return r, g, b


def luminance(hex_colour: str, vision: str = "normal") -> float:
    """Relative luminance (WCAG) of ``hex_colour`` as seen with ``vision`` (a key of MACHADO_2009)."""
    rgb = linear(hex_colour)
    seen = [min(1.0, max(0.0, sum(m * x for m, x in zip(row, rgb, strict=True)))) for row in MACHADO_2009[vision]]
    return 0.2126 * seen[0] + 0.7152 * seen[1] + 0.0722 * seen[2]


def contrast(a: str, b: str, vision: str = "normal") -> float:
    """WCAG contrast ratio of two colours (1..21) as seen with ``vision``."""
    la, lb = sorted((luminance(a, vision), luminance(b, vision)))
    return (lb + 0.05) / (la + 0.05)


def test_contrast_matches_known_values() -> None:
    """The formula itself: black on white is 21:1, a colour against itself 1:1, and the simulation of a
    grey is (almost) the grey (each Machado row sums to 1)."""
    assert contrast("#000000", "#FFFFFF") == pytest.approx(21.0)
    assert contrast("#595959", "#595959") == pytest.approx(1.0)
    for vision in MACHADO_2009:
        assert luminance("#808080", vision) == pytest.approx(luminance("#808080"), abs=0.002)


def test_machado_confuses_red_and_green_but_not_blue_and_yellow() -> None:
    """A check that the matrices do what they are for: pure red and green are far apart for normal
    vision and (nearly) merge in luminance-and-hue for a protanope's and a deuteranope's simulation."""
    def simulated(h: str, vision: str) -> tuple[float, ...]:
        rgb = linear(h)
        return tuple(sum(m * x for m, x in zip(row, rgb, strict=True)) for row in MACHADO_2009[vision])

    for vision in ("protanopia", "deuteranopia"):
        r, g = simulated("#FF0000", vision), simulated("#00FF00", vision)
        assert abs(r[0] / sum(r) - g[0] / sum(g)) < 0.1, f"{vision}: red and green keep their hue apart"
    y, b = simulated("#FFFF00", "tritanopia"), simulated("#0000FF", "tritanopia")
    assert y != b


@pytest.mark.parametrize("vision", list(MACHADO_2009))
@pytest.mark.parametrize("neighbour", HIGHLIGHT_NEIGHBOURS)
def test_highlight_stands_out_from_its_neighbours(vision: str, neighbour: str) -> None:
    """The current timing / activating effect fill against each fill beside it: at least 3:1."""
    ratio = contrast(PALETTE["current"], PALETTE[neighbour], vision)
    assert ratio >= 3.0, f"highlight {PALETTE['current']} vs {neighbour} {PALETTE[neighbour]} under {vision}: {ratio:.2f}:1"


def test_text_on_the_highlight_is_readable() -> None:
    """The highlighted node's text colour (also the memory gauge's marker) on its fill: at least 4.5:1."""
    assert CURRENT["fontcolor"] == PALETTE["current_ink"]
    assert contrast(PALETTE["current"], PALETTE["current_ink"]) >= 4.5


def test_player_borders_stand_out_from_white() -> None:
    """Player A's and B's borders are visible on white for everyone (they are also solid vs dashed and
    labelled "Player A"/"Player B": colour is never their only mark)."""
    for vision in MACHADO_2009:
        for colour in ("player_a", "player_b"):
            assert contrast(PALETTE[colour], PALETTE["future"], vision) >= 2.0, (colour, vision)
