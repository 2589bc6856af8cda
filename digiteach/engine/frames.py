"""The engine's work stack: push, pop and replace frames (ygopro-core's processor units, typed).

``State.frames`` lists what is left to do, innermost (next to run) last. A handler (see
:mod:`digiteach.engine.handlers`) looks at the top frame, does one piece of processing and returns the
state with the stack changed through these helpers. The frame types and their stage enums are defined in
:mod:`digiteach.state` (``AttackFrame``, ``SecurityCheckFrame`` with :class:`~digiteach.state.SecurityStage`,
...), because a :class:`~digiteach.state.State` holds them.
"""

from __future__ import annotations

from digiteach.copying import changed_state

from digiteach.state import FlushFrame, Frame, ResolveFrame, State

__all__ = ["top", "set_top", "pop", "push", "finish_processing", "RESOLVE", "flush", "option_flush_below"]

RESOLVE = ResolveFrame()
"""The resolution loop's frame as a handler pushes it (CR 15-4): frames are values, so one instance serves every
push (a frozen dataclass's ``__init__`` is not free)."""

_FLUSHES: dict[str, FlushFrame] = {}


def flush(cause: str) -> FlushFrame:
    """``FlushFrame(cause)`` for a cause written in the engine's code (a fixed string, not one naming a card): one
    instance per cause, as :data:`RESOLVE`."""
    frame = _FLUSHES.get(cause)
    if frame is None:
        frame = _FLUSHES[cause] = FlushFrame(cause)
    return frame


def top(s: State) -> Frame:
    """The frame that runs next (the last of ``s.frames``). Raises IndexError when the stack is empty."""
    return s.frames[-1]


def set_top(s: State, f: Frame) -> State:
    """Replace the top frame by ``f`` (a handler records its progress, e.g. its next stage)."""
    return changed_state(s, {"frames": s.frames[:-1] + (f,)})


def pop(s: State) -> State:
    """Remove the top frame: its processing is over."""
    return changed_state(s, {"frames": s.frames[:-1]})


def push(s: State, *frames: Frame) -> State:
    """Push ``frames`` on top of the stack; the last one given runs first."""
    return changed_state(s, {"frames": s.frames + frames})


def finish_processing(s: State, cause: str, pid: int | None = None) -> State:
    """End a piece of processing (CR 15-4-3-3): push a :class:`~digiteach.state.FlushFrame`, so the rule
    checks run and the triggers collected meanwhile become a new generation. ``cause`` names the processing;
    ``pid`` is the activated effect that caused the triggers, if any."""
    return push(s, FlushFrame(cause=cause, pid=pid))


def option_flush_below(s: State, card: int) -> bool:
    """True when the frame beneath the top one is the flush that trashes the used Option ``card``
    (``FlushFrame.option``): the effect on top is that Option's, and its processing ends with that trash, no rule
    check between (CR 9-1-5)."""
    below = s.frames[-2] if len(s.frames) > 1 else None
    return isinstance(below, FlushFrame) and below.option == card
