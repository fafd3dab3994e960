"""A group's plays as its pages use them, read and parsed once per change of the group (its change mark).

The group, game and season pages need only each play's summary (players' names, totals and ranks: the
`summary` column, a fraction of the document to read); a player's page needs the score rows too, so the
whole documents are read the first time one is asked for (`full_plays`), and kept beside the summaries.

Every change of a group's plays or names moves `play_group.changed` (store `_changed`), so (group id, change
mark) names one exact state: the parsed plays, each name's key, the names shown and the statistics computed
from them are kept in memory under that pair and shared by every page and request until the mark moves.
A new state parses only the plays whose stored text it has not parsed before (the previous state's are
reused), so the first page after a new play or an import reads the texts but parses almost nothing.
Each server process keeps its own few groups (least recently used go first); a process that missed a
change sees the new mark on its next request and reads again, so no page ever shows a stale state.
The cached plays are shared: pages must not change them.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from ..tables.names import name_key
from . import stats, store

KEEP = 4  # groups per process (a 5,000-play group is some tens of MB parsed)
_lock = threading.Lock()
_kept: OrderedDict[tuple[str, str], dict] = OrderedDict()
_parsed: OrderedDict[tuple[str, bool], dict[str, dict]] = OrderedDict()  # (group, summaries) -> text -> play


def _plays(group_id: str, summaries: bool) -> list[dict]:
    """The group's plays (or summaries), parsing only texts not parsed for the group before."""
    texts = store.group_texts(group_id, summaries)
    with _lock:
        before = _parsed.get((group_id, summaries), {})
    known = {t: before.get(t) or json.loads(t) for t in texts}
    with _lock:
        _parsed[(group_id, summaries)] = known
        _parsed.move_to_end((group_id, summaries))
        while len(_parsed) > 2 * KEEP:
            _parsed.popitem(last=False)
    return [known[t] for t in texts]


def group_data(group: dict) -> dict:
    """The group's play summaries (oldest first, each player's `key` set), `key`, `names` and a `memo` for
    statistics, for the group's current change mark (`group` as read after the sweep)."""
    mark = (group["id"], group.get("changed") or "")
    with _lock:
        found = _kept.get(mark)
        if found is not None:
            _kept.move_to_end(mark)
            return found
    plays = _plays(group["id"], summaries=True)
    alias = store.aliases(group["id"])
    key = store.matcher(alias)
    _keys(plays, key)
    names = {k: alias.get(name_key(n), n) for k, n in stats.players(plays, key).items()}
    data = {"id": group["id"], "plays": plays, "key": key, "names": names, "memo": {},
            "memo_lock": threading.Lock()}
    with _lock:
        for old in [m for m in _kept if m[0] == group["id"]]:  # an older state of this group is done with
            del _kept[old]
        _kept[mark] = data
        while len(_kept) > KEEP:
            _kept.popitem(last=False)
    return data


def _keys(plays: list[dict], key: Callable[[str], str]) -> None:
    """Set each player's `key` (each name's key once, not once per statistic)."""
    for p in plays:
        for q in p.get("players", []):
            if q.get("name"):
                q["key"] = key(q["name"])
            else:
                q.pop("key", None)


def full_plays(data: dict) -> list[dict]:
    """The group's whole play documents (score rows and facts too), read once for this state of the group."""
    def read() -> list[dict]:
        plays = _plays(data["id"], summaries=False)
        _keys(plays, data["key"])
        return plays
    return memo(data, ("full",), read)


def memo(data: dict, name: Any, make: Callable[[], Any]) -> Any:
    """A statistic of this state of the group, computed once (`name` says which, e.g. ("board",))."""
    with data["memo_lock"]:
        if name in data["memo"]:
            return data["memo"][name]
    value = make()
    with data["memo_lock"]:
        return data["memo"].setdefault(name, value)


def forget() -> None:
    """Drop every kept group (tests)."""
    with _lock:
        _kept.clear()
        _parsed.clear()
