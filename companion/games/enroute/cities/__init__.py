"""The world cities, a folder each (`cities/<city>/`, the id with `-` as `_`): its rules module registers what
the city changes (`cityrules.rules_for`, `features.load_city_types`). The web and the printables keep their own
`cities/` folders the same way and load them with `load_folders`."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable


def load_folders(package: str, path: Iterable[str]) -> list[str]:
    """Import every sub-package (a city folder) of `package`, sorted by name; return the names.

    Each folder registers its contributions on import, so loading once is all a layer needs; the order is fixed
    so registrations keep one order.
    """
    names = sorted(m.name for m in pkgutil.iter_modules(list(path)) if m.ispkg)
    for name in names:
        importlib.import_module(f"{package}.{name}")
    return names
