"""Public names whose modules load on first use (PEP 562).

A package names, for each of its private modules, the public names that module
defines. :func:`lazy_exports` gives the package the module-level
``__getattr__`` and ``__dir__`` that import a name's module the first time the
name is read, and keep the value in the package's namespace, so the next read
is an ordinary attribute. ``import streamspec`` then costs nothing, and each
command pays only for the modules it uses.

Rules:

1. ``from package import NAME`` and ``package.NAME`` give the same object as
   importing ``NAME`` from its module.
2. A name that is not exported raises :class:`AttributeError`, so
   ``from package import submodule`` still imports the submodule.
3. ``dir(package)`` lists every exported name, loaded or not.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["lazy_exports"]


def lazy_exports(
    package: str, exports: Mapping[str, tuple[str, ...]]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """Return ``(__getattr__, __dir__)`` for ``package``.

    Args:
        package: the package's ``__name__`` (it must be importing itself).
        exports: ``module -> the public names it defines``.

    Raises:
        TypeError: a module's names are not a tuple.
        ValueError: a name is exported by two modules.
    """
    homes: dict[str, str] = {}
    for module, names in exports.items():
        if not isinstance(names, tuple):
            raise TypeError(f"the names {module} exports must be a tuple, not {names!r}")
        for name in names:
            if name in homes:
                raise ValueError(f"{package}.{name} is exported by {homes[name]} and {module}")
            homes[name] = module
    namespace = sys.modules[package].__dict__

    def load(name: str) -> Any:
        module = homes.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        namespace[name] = value
        return value

    def listing() -> list[str]:
        return sorted({*namespace, *homes})

    return load, listing
