"""The YAML loader scenario and card files are read with: ruamel.yaml's round-trip loader (plain mappings, sequences
and scalars with their lines), duplicate keys refused, and an integer written with a trailing '_' marked as written
with '_' (see :func:`yaml_loader`). ruamel.yaml is imported on first use, not with the module."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ruamel.yaml import YAML

__all__ = ["yaml_loader"]


def yaml_loader() -> YAML:
    """A new round-trip YAML loader (pure Python) that refuses duplicate keys and marks ``10_`` as an integer written
    with '_' (the reader refuses it, as it refuses ``1_0``)."""
    from ruamel.yaml import YAML

    y = YAML(typ="rt", pure=True)
    y.allow_duplicate_keys = False
    y.Constructor = _constructor()
    return y


def _constructor() -> Any:
    """ruamel's round-trip constructor, except that an integer written with a trailing '_' (``10_``, which ruamel reads
    as a plain 10 with no trace of the '_') comes back marked as written with '_', so the reader refuses it as it
    refuses ``1_0``. Made on first use (ruamel is imported only when a file is read)."""
    global _CONSTRUCTOR
    if _CONSTRUCTOR is None:
        from ruamel.yaml.constructor import RoundTripConstructor
        from ruamel.yaml.scalarint import ScalarInt

        class Constructor(RoundTripConstructor):
            def construct_yaml_int(self, node: Any) -> Any:
                value = super().construct_yaml_int(node)
                if "_" in str(node.value) and type(value) is int:
                    return ScalarInt(value, underscore=[0, False, True])
                return value

        Constructor.add_constructor("tag:yaml.org,2002:int", Constructor.construct_yaml_int)
        _CONSTRUCTOR = Constructor
    return _CONSTRUCTOR


_CONSTRUCTOR: Any = None
