"""Fast copies of the frozen state dataclasses: :func:`replace`, the contract of ``dataclasses.replace``, and
:func:`changed`, the same with the changes in a dict, and :func:`changed_state`, :func:`changed` for a State.

A step of the engine makes about three and a half copies of the 29-field :class:`~digiteach.state.State`, so the copy
is one of the engine's largest costs. ``State`` keeps its fields in its instance dict, which a copy merges with the
changes in C (``dict | dict``) and sets through the ``__dict__`` descriptor; ``Attack``, ``Player``,
``PendingEffect`` and ``ActivateFrame`` the same. The slotted classes (``Stack``, ``Generation``, most frames, ...) are
read with one ``attrgetter`` and built again by their ``__init__`` with the values by position. None of these classes has a
``__post_init__`` but :class:`digiteach.instance_dicts.CombinedDict`'s, which a copy of a combined dict
needs not run; a class with another goes through ``dataclasses.replace``. Nothing here generates
code: no ``exec``, no ``eval``.
"""

from __future__ import annotations

import dataclasses
from operator import attrgetter
from typing import Any, Callable, TypeVar

from digiteach.instance_dicts import CombinedDict
from digiteach.state import Attack, State

__all__ = ["PASSIVE_FIELDS", "ATTACK_READ", "replace", "changed", "changed_state", "changed_state_and_attack"]


PASSIVE_FIELDS: frozenset[str] = frozenset({
    "caption", "rules", "differs", "choice", "frames", "decision", "timing", "log", "activating", "next_id",
    "pending", "collecting", "collecting_from_rules", "uses", "delayed", "attacks_declared"})
"""State fields no query of :mod:`digiteach.engine.query` reads: a state that differs from its parent only in
these shares the parent's ``cache``. A query that comes to read one of them must take it out of this set."""

ATTACK_READ: tuple[str, ...] = ("attacker", "attacker_player", "target", "declared_target", "revealed")
"""The fields of ``State.attack`` that queries (and the board view) read: a copy whose only non-passive change is the
attack, with these fields the same (a new timing, path, notes, ...), also shares the parent's ``cache``. A query that
comes to read another field of the attack must add it here."""

_read_attack = attrgetter(*ATTACK_READ)


_STATE_FIELDS = frozenset(f.name for f in dataclasses.fields(State) if f.init)
_new = object.__new__
_passive = PASSIVE_FIELDS.issuperset
_passive_but_attack = (PASSIVE_FIELDS | {"attack"}).issuperset


def _drops_cache(old: State, changes: dict[str, Any]) -> bool:
    """Whether a State copy of ``old`` with ``changes`` (not all :data:`PASSIVE_FIELDS`: the caller has checked) must
    start with an empty ``cache``: False only when the one other change is ``attack`` with the same
    :data:`ATTACK_READ` fields.

    Raises:
        TypeError: a name is not a field of State.
    """
    if "attack" in changes and _passive_but_attack(changes):  # the attacks agree on ATTACK_READ (None: only None)
        was, now = old.attack, changes["attack"]
        if was is now:
            return False
        return was is None or now is None or _read_attack(was) != _read_attack(now)
    if not _STATE_FIELDS.issuperset(changes):
        bad = sorted(set(changes) - _STATE_FIELDS)
        raise TypeError(f"State has no field {bad[0]!r} that replace() can change")
    return True


_T = TypeVar("_T")
_Copier = Callable[[Any, dict[str, Any]], Any]
_COPIERS: dict[type, _Copier] = {}


def _copier(cls: type) -> _Copier:
    """A copy-with-changes function for the frozen dataclass ``cls`` (none of these classes has a ``__post_init__`` but
    :class:`digiteach.instance_dicts.CombinedDict`'s, which a copy keeps true by itself):
    for a class without slots (``Attack``), its instance dict merged with the changes in C, as for State, running no
    ``__init__``; for a slotted one, every field read with one ``attrgetter``, the changes applied and the values
    given to ``__init__`` by position (cheaper than writing the slots one by one from here). Other classes go through
    ``dataclasses.replace``."""
    if getattr(cls, "__post_init__", CombinedDict.__post_init__) is not CombinedDict.__post_init__ or not all(
            f.init for f in dataclasses.fields(cls)):
        return lambda obj, changes: dataclasses.replace(obj, **changes)
    if not hasattr(cls, "__slots__"):
        return _dict_copier(cls)
    names = tuple(f.name for f in dataclasses.fields(cls))
    index = {name: i for i, name in enumerate(names)}
    get = attrgetter(*names) if len(names) > 1 else (lambda obj: (getattr(obj, names[0]),))

    def copy(obj: Any, changes: dict[str, Any]) -> Any:
        values = list(get(obj))
        for name, value in changes.items():
            at = index.get(name)
            if at is None:
                raise TypeError(f"{cls.__name__} has no field {name!r} that replace() can change")
            values[at] = value
        return cls(*values)

    return copy


def _dict_copier(cls: type) -> _Copier:
    """The copy of a frozen dataclass ``cls`` that keeps its fields in its instance dict: the dict merged with the
    changes in C (a plain copy of the parent's table), set as the new instance's dict."""
    fields = frozenset(f.name for f in dataclasses.fields(cls))
    set_dict = _dict_setter(cls)

    def copy(obj: Any, changes: dict[str, Any]) -> Any:
        if not fields.issuperset(changes):
            bad = sorted(set(changes) - fields)
            raise TypeError(f"{cls.__name__} has no field {bad[0]!r} that replace() can change")
        out: Any = _new(cls)
        set_dict(out, obj.__dict__ | changes)
        return out

    return copy


def _dict_setter(cls: type) -> Callable[[Any, dict[str, Any]], None]:
    """The ``__set__`` of ``cls``'s ``__dict__`` descriptor: sets an instance's dict without the generic attribute
    lookup of ``object.__setattr__`` (a third of the cost of a State copy)."""
    for base in cls.__mro__:
        descriptor = base.__dict__.get("__dict__")
        if descriptor is not None:
            return descriptor.__set__  # type: ignore[no-any-return]
    raise TypeError(f"{cls.__name__} keeps no instance dict")


_set_state_dict = _dict_setter(State)


def changed_state(obj: State, changes: dict[str, Any], /) -> State:
    """:func:`changed` for a State (one call layer fewer, for the engine's most frequent copies): the parent's instance
    dict merged with ``changes`` (read, neither kept nor modified) in C and set as the copy's dict; the parent's
    ``cache`` is shared unless :func:`_drops_cache` says otherwise.

    Raises:
        TypeError: a name is not a field of State.
    """
    values = obj.__dict__ | changes
    if not _passive(changes):
        if "attack" in changes or not _STATE_FIELDS.issuperset(changes):
            if _drops_cache(obj, changes):
                values["cache"] = {}  # the parent's derived lookups may not hold
        else:  # a field queries read, not the attack (_drops_cache's answer, without the call)
            values["cache"] = {}
    out: State = _new(State)
    _set_state_dict(out, values)
    return out


_ATTACK_FIELDS = frozenset(f.name for f in dataclasses.fields(Attack))
_ATTACK_READ_SET = frozenset(ATTACK_READ)
_set_attack_dict = _dict_setter(Attack)


def changed_state_and_attack(obj: State, changes: dict[str, Any], attack_changes: dict[str, Any], /) -> State:
    """:func:`changed_state` of ``obj`` with ``changes`` and the attack (``changes["attack"]`` if given, else
    ``obj.attack``) copied with ``attack_changes``, as :class:`digiteach.engine.edits.Edit` makes them: the same
    values and the same ``cache`` sharing, in one call. The new attack is also written into ``changes`` (which is
    otherwise only read); ``attack_changes`` is only read. The cache is kept without comparing the two attacks
    when the attack was not given, every other change is passive and ``attack_changes`` names no field of
    :data:`ATTACK_READ` (the read fields are then the same objects).

    Raises:
        TypeError: a name is not a field of State or of Attack (or there is no attack to copy).
    """
    given = "attack" in changes
    attack: Any = changes["attack"] if given else obj.attack
    if type(attack) is not Attack or not _ATTACK_FIELDS.issuperset(attack_changes):
        attack = changed(attack, attack_changes)  # the generic copy raises the TypeError
    else:  # _dict_copier(Attack), inline
        new_attack: Attack = _new(Attack)
        _set_attack_dict(new_attack, attack.__dict__ | attack_changes)
        attack = new_attack
    changes["attack"] = attack
    values = obj.__dict__ | changes
    if given or not _passive_but_attack(changes) or not _ATTACK_READ_SET.isdisjoint(attack_changes):
        if _drops_cache(obj, changes):
            values["cache"] = {}
    out: State = _new(State)
    _set_state_dict(out, values)
    return out


def changed(obj: _T, changes: dict[str, Any], /) -> _T:
    """:func:`replace` with the changes given as a dict (read, neither kept nor modified): the same copy without
    building keyword arguments, for callers that collect their changes in a dict (``Edit``, captions).

    Raises:
        TypeError: a name is not a field of ``obj``'s class.
    """
    cls = type(obj)
    if cls is State:
        return changed_state(obj, changes)  # type: ignore[arg-type, return-value]
    copier = _COPIERS.get(cls)
    if copier is None:
        copier = _COPIERS[cls] = _copier(cls)
    return copier(obj, changes)  # type: ignore[no-any-return]


def replace(obj: _T, /, **changes: Any) -> _T:
    """A copy of the frozen dataclass ``obj`` with ``changes`` applied: the contract of ``dataclasses.replace``
    (raises TypeError for a name that is not a field), three to seven times faster for the classes of this module
    (measured by ``bench/run.py``). A State copy shares its parent's ``cache`` unless :func:`_drops_cache` says
    otherwise; the copy is :func:`changed`'s, made without calling it (a State goes straight to :func:`changed_state`,
    the engine's most frequent copy)."""
    cls = type(obj)
    if cls is State:
        return changed_state(obj, changes)  # type: ignore[arg-type, return-value]
    copier = _COPIERS.get(cls)  # as changed, inline
    if copier is None:
        copier = _COPIERS[cls] = _copier(cls)
    return copier(obj, changes)  # type: ignore[no-any-return]
