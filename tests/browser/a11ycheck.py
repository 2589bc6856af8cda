"""axe-core in the browser tests (issue 15): run it through Playwright with `axe-playwright-python`, which
bundles axe-core (nothing is fetched at run time), and keep the serious and critical violations."""

from __future__ import annotations

import json
from typing import Any

from labharness import OUTPUT

SEVERE = ("serious", "critical")


def axe_violations(page: Any, name: str, context: str | None = None) -> list[dict[str, Any]]:
    """Run axe-core on `page` (only inside the CSS selector `context`, if given); print every violation
    found, write them to test-output/browser/axe-NAME.json, and return the serious and critical ones."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page, context=context)
    violations: list[dict[str, Any]] = results.response["violations"]
    OUTPUT.mkdir(parents=True, exist_ok=True)
    (OUTPUT / f"axe-{name}.json").write_text(json.dumps(violations, indent=2), encoding="utf-8")
    for v in violations:
        targets = [" ".join(map(str, n["target"])) for n in v["nodes"]][:3]
        print(f"axe {name}: {v['impact']} {v['id']}: {v['help']} ({len(v['nodes'])} nodes, e.g. {targets})")
    print(f"axe {name}: {len(violations)} violations, "
          f"{sum(v['impact'] in SEVERE for v in violations)} serious or critical")
    return [v for v in violations if v["impact"] in SEVERE]


def focus_is_visible(page: Any) -> bool:
    """Whether the focused element draws a focus indicator (an outline or a box shadow)."""
    found: bool = page.evaluate(
        """() => { const el = document.activeElement; if (!el) return false;
                   const s = getComputedStyle(el);
                   return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2) || s.boxShadow !== 'none'; }""")
    return found


def tab_to(page: Any, selector: str, presses: int = 60, backwards: bool = False) -> None:
    """Press Tab (Shift+Tab) until the focused element matches `selector`, as a keyboard user would."""
    for _ in range(presses):
        if page.evaluate("sel => !!document.activeElement && document.activeElement.matches(sel)", selector):
            return
        page.keyboard.press("Shift+Tab" if backwards else "Tab")
    focused = page.evaluate("() => document.activeElement && document.activeElement.outerHTML.slice(0, 200)")
    raise AssertionError(f"Tab never reached {selector} in {presses} presses; focus is on {focused}")
