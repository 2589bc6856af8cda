"""Jupyter server settings for `./lab` (read through JUPYTER_CONFIG_PATH; your own ~/.jupyter still wins); `./lab
--voila` reads them too, through voila.py beside this file.

- The learner's notebooks are saved without live widget views: a saved view points at a widget model that
  dies with the kernel, and JupyterLab would show "Error displaying widget: model not found" when the
  notebook is opened again. The saved output says instead that running the cell shows the player again (in
  German in a German lesson).
- JupyterLab's news and update pop-ups are off (settings overrides in lab-settings/overrides.json).
- tornado's one-line warning that the websocket ping timeout (90000) is longer than the interval (30000) is not
  printed: jupyter_server gives both in milliseconds, its own keep-alive check uses them as meant, and tornado's
  clamp changes nothing a learner would notice. Every other tornado message is printed as before.
- The notebook_shim extension (only needed by classic-notebook extensions, none here) is off: it reads the
  deprecated ServerApp.token while listing the server's attributes, which printed a DeprecationWarning at
  every start.
- A kernel is freed when its learner leaves (JupyterLab and Voila, which reads these settings through voila.py):
  * Voila shuts a lesson's kernel down when its tab is closed or reloaded (a beacon to /voila/api/shutdown/<id>),
    and that POST is checked against the `_xsrf` cookie. Voila's lesson page never set the cookie, so a lesson
    opened by its own address (not through the start page) was refused with "403 '_xsrf' argument missing from
    POST" and its kernel stayed. `set_xsrf_cookie` has the lesson page set it; the check stays on.
  * A kernel no browser tab is connected to (a crashed or closed browser, a laptop shut, a beacon that never
    left) is shut down once it has been idle for DIGITEACH_KERNEL_IDLE_SECONDS (default 600, 0 never; a kernel
    still running a cell is left alone). An open tab keeps its kernel however long it sits.
  * JupyterLab shuts a notebook's kernel down when its tab is closed (kernelShutdown in lab-settings).
- JupyterLab starts the kernel a notebook names without asking (autoStartDefaultKernel in lab-settings): on a busy
  machine with many lessons open, *Run > Run All* on a newly opened lesson showed the "Select Kernel" dialog instead.
"""

from __future__ import annotations

import html
import logging
import os
import warnings
from collections.abc import Mapping
from typing import Any

c: Any  # the config object traitlets provides when it runs this file
HERE = os.path.dirname(os.path.abspath(__file__))
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
# What a widget view stands for, by the start of its plain-text form (widgets.play, widgets.learn.study).
SHOWN = (("Player(", "player"), ("Study(", "player"))
# The placeholder's words in each lesson language (a German lesson: its metadata, or its folder `de`).
WORDS = {
    "en": ("Run this cell to see {what} (Shift+Enter, or Run > Run All Cells for the whole lesson).",
           {"player": "the step player", "widget": "this widget"}),
    "de": ("Führe diese Zelle aus, um {what} zu sehen (Umschalt+Enter, oder Run > Run All Cells für die ganze "
           "Lektion).", {"player": "den Schritt-Player", "widget": "dieses Widget"}),
}
# A note, not a control: a bar on its left, no frame and no play sign (a dashed box with "▶" looked like a button that
# did nothing when clicked).
STALE_STYLE = ("padding:6px 12px;border-left:4px solid #7a7a7a;background:#f6f6f2;color:#333;font-family:sans-serif;"
               "font-size:14px;font-style:italic;cursor:default")


def stale_output(text_plain: str, lang: str = "en") -> dict[str, str]:
    """The output bundle saved in place of a widget view: a plain-text and an HTML line saying what to do, in
    ``lang`` ("en" or "de"; another language gets English)."""
    template, names = WORDS.get(lang, WORDS["en"])
    what = next((name for start, name in SHOWN if text_plain.startswith(start)), "widget")
    text = template.format(what=names[what])
    return {
        "text/plain": text,
        "text/html": f'<div class="digiteach-stale" style="{STALE_STYLE}">{html.escape(text)}</div>',
    }


def notebook_language(content: dict[str, Any], path: str = "") -> str:
    """The language a notebook is written in: its metadata's ``digiteach.lang`` (the lesson build stores it), else
    "de" for a file in a folder `de` (the German lessons: ``de/04_explore_every_branch_de.ipynb``) or named with `_de_`
    (their name before they moved there: ``04_de_explore_every_branch.ipynb``), else "en"."""
    meta = content.get("metadata", {}).get("digiteach", {})
    lang = meta.get("lang") if isinstance(meta, dict) else None
    if isinstance(lang, str) and lang in WORDS:
        return lang
    folder, name = os.path.split(path or "")
    return "de" if os.path.basename(folder) == "de" or "_de_" in name else "en"


def keep_no_live_widgets(model: dict[str, Any], path: str = "", **_: Any) -> None:
    """Pre-save hook: in a notebook being saved (at ``path``), replace every widget view output by `stale_output`
    in the notebook's language (`notebook_language`).

    Changes `model["content"]` in place; other files and outputs are left as they are."""
    if model.get("type") != "notebook" or not isinstance(model.get("content"), dict):
        return
    content = model["content"]
    lang = notebook_language(content, path)
    for cell in content.get("cells", []):
        for output in cell.get("outputs", []) if cell.get("cell_type") == "code" else []:
            data = output.get("data")
            if isinstance(data, dict) and WIDGET_VIEW in data:
                output["data"] = stale_output(str(data.get("text/plain", "")), lang)
    content.get("metadata", {}).pop("widgets", None)


c.ContentsManager.pre_save_hook = keep_no_live_widgets
# The server applies its configuration twice (once more when JupyterLab loads): the second time the hook
# replaces itself, which jupyter_server reports as "Overriding existing pre_save_hook". Nothing is lost.
warnings.filterwarnings("ignore", message="Overriding existing pre_save_hook", category=UserWarning)
if os.path.isdir(os.path.join(HERE, "lab-settings")):  # ./lab; binder/postBuild copies overrides.json instead
    c.LabApp.app_settings_dir = os.path.join(HERE, "lab-settings")
c.ServerApp.jpserver_extensions = {"notebook_shim": False}

IDLE_KERNEL_SECONDS = 600  # ten minutes: a learner's network blip or a short sleep keeps the kernel


def idle_kernel_seconds(environ: Mapping[str, str] = os.environ) -> int:
    """How long (s) a kernel with no open connection may sit idle before it is shut down: DIGITEACH_KERNEL_IDLE_SECONDS
    (a whole number; 0 or less: never), else IDLE_KERNEL_SECONDS. Another value is reported in a warning and
    IDLE_KERNEL_SECONDS used (raising here would drop every setting in this file)."""
    text = environ.get("DIGITEACH_KERNEL_IDLE_SECONDS", "").strip()
    if not text:
        return IDLE_KERNEL_SECONDS
    try:
        return max(0, int(text))
    except ValueError:
        warnings.warn(f"DIGITEACH_KERNEL_IDLE_SECONDS must be a whole number of seconds, not {text!r}: using "
                      f"{IDLE_KERNEL_SECONDS}", UserWarning, stacklevel=1)
        return IDLE_KERNEL_SECONDS


def set_xsrf_cookie(handler: Any, notebook: Any = None, cwd: str = "", **_: Any) -> None:
    """Voila's prelaunch hook: reading the handler's ``xsrf_token`` makes tornado set the `_xsrf` cookie on the lesson
    page, which the page's shutdown beacon sends back when its tab is closed. The notebook is left as it is."""
    _ = handler.xsrf_token


c.VoilaConfiguration.prelaunch_hook = set_xsrf_cookie
_idle = idle_kernel_seconds()
if _idle > 0:
    c.MappingKernelManager.cull_idle_timeout = _idle
    c.MappingKernelManager.cull_interval = max(1, min(60, _idle // 10))  # checked every minute at most
    c.MappingKernelManager.cull_connected = False  # a tab still open keeps its kernel
    c.MappingKernelManager.cull_busy = False  # and so does a cell still running


class NoPingClampWarning(logging.Filter):
    """Drops tornado's "websocket_ping_timeout (...) cannot be longer than the websocket_ping_interval" record (see
    the module docstring); passes every other record."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "websocket_ping_timeout" not in record.getMessage()


_tornado_log = logging.getLogger("tornado.general")
if not any(type(f).__name__ == "NoPingClampWarning" for f in _tornado_log.filters):  # this file runs twice
    _tornado_log.addFilter(NoPingClampWarning())
