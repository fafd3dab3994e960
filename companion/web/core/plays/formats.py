"""The `companion-plays/2` document (docs/plays-format.md; version 1 still read): checking an imported one,
and the CSV export and import.

Pure functions (no Flask): `check` returns the plays it accepts and, for anything wrong, a problem naming
where (`plays[2].players[0].total`) and what; one wrong play refuses the whole file, so nothing is half
imported. `from_csv` reads the CSV `to_csv` writes into the same plays, its problems naming the line and
the column.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass

FORMAT = "companion-plays/2"
FORMATS = ("companion-plays/1", FORMAT)  # version 1 (no pictures) stays importable
PICTURE_MAX = 128 * 1024
MAX_PLAYS = 20_000
MAX_PLAYERS = 12
DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
TOP_KEYS = {"format", "group", "plays"}
PLAY_KEYS = {"id", "game", "date", "variant", "players", "rows", "tie_break"}
PLAYER_KEYS = {"name", "total", "rank", "rows", "facts"}


@dataclass(frozen=True)
class Problem:
    """What is wrong in an imported document and where."""

    path: str  # in a CSV file: the column's name
    code: str  # a stable code: the page shows a translated sentence for it
    detail: str = ""
    line: int | None = None  # in a CSV file: the line (1 is the header)


def _int_or_none(value) -> bool:
    """True for an integer (not a boolean) or null."""
    return value is None or (isinstance(value, int) and not isinstance(value, bool))


def check(doc) -> tuple[list[dict], list[Problem]]:
    """The plays of a `companion-plays/1` or `/2` document, cleaned, or the problems found (then no plays)."""
    if not isinstance(doc, dict):
        return [], [Problem("", "not-object")]
    if doc.get("format") not in FORMATS:
        return [], [Problem("format", "format", str(doc.get("format"))[:40])]
    unknown = [Problem(k, "unknown-key") for k in doc if k not in TOP_KEYS]
    if unknown:
        return [], unknown
    player_keys = PLAYER_KEYS | ({"picture"} if doc["format"] != FORMATS[0] else set())
    plays = doc.get("plays")
    if not isinstance(plays, list):
        return [], [Problem("plays", "not-list")]
    if len(plays) > MAX_PLAYS:
        return [], [Problem("plays", "too-many", str(MAX_PLAYS))]
    problems: list[Problem] = []
    clean: list[dict] = []
    for i, p in enumerate(plays):
        at = f"plays[{i}]"
        if not isinstance(p, dict):
            problems.append(Problem(at, "not-object"))
            continue
        problems += [Problem(f"{at}.{k}", "unknown-key") for k in p if k not in PLAY_KEYS]
        if not isinstance(p.get("id"), str) or not ID.match(p["id"]):
            problems.append(Problem(f"{at}.id", "bad-id"))
        if not isinstance(p.get("game"), str) or not ID.match(p["game"]):
            problems.append(Problem(f"{at}.game", "bad-game"))
        if not isinstance(p.get("date"), str) or not DATE.match(p["date"]):
            problems.append(Problem(f"{at}.date", "bad-date"))
        people = p.get("players")
        if not isinstance(people, list) or not 1 <= len(people) <= MAX_PLAYERS:
            problems.append(Problem(f"{at}.players", "bad-players", str(MAX_PLAYERS)))
            continue
        players = []
        for j, q in enumerate(people):
            pat = f"{at}.players[{j}]"
            if not isinstance(q, dict) or not isinstance(q.get("name"), str) or len(q["name"]) > 80:
                problems.append(Problem(f"{pat}.name", "bad-name"))
                continue
            problems += [Problem(f"{pat}.{k}", "unknown-key") for k in q if k not in player_keys]
            picture = q.get("picture")
            if picture is not None and not (isinstance(picture, str) and len(picture) <= PICTURE_MAX
                                            and picture.lstrip().startswith("<svg")):
                problems.append(Problem(f"{pat}.picture", "bad-picture", str(PICTURE_MAX)))
                picture = None
            for field in ("total", "rank"):
                if not _int_or_none(q.get(field)):
                    problems.append(Problem(f"{pat}.{field}", "not-integer"))
            rows = q.get("rows") or {}
            if not isinstance(rows, dict) or not all(isinstance(k, str) and 0 < len(k) <= 40 and _int_or_none(v)
                                                     for k, v in rows.items()):
                problems.append(Problem(f"{pat}.rows", "bad-rows"))
                rows = {}
            facts = q.get("facts") or {}
            if not isinstance(facts, dict) or not all(isinstance(k, str) and 0 < len(k) <= 40 and _int_or_none(v)
                                                      for k, v in facts.items()):
                problems.append(Problem(f"{pat}.facts", "bad-rows"))
                facts = {}
            players.append({"name": " ".join(q["name"].split()), "total": q.get("total"), "rank": q.get("rank"),
                            "rows": rows, **({"facts": facts} if facts else {}),
                            **({"picture": picture} if picture else {})})
        rows = p.get("rows", [])
        if not isinstance(rows, list) or not all(isinstance(r, dict) and isinstance(r.get("key"), str)
                                                 and 0 < len(r["key"]) <= 40 and isinstance(r.get("label", ""), str)
                                                 and len(r.get("label", "")) <= 120 for r in rows):
            problems.append(Problem(f"{at}.rows", "bad-row-list"))
            rows = []
        if "variant" in p and not (isinstance(p["variant"], str) and len(p["variant"]) <= 120):
            problems.append(Problem(f"{at}.variant", "bad-text"))
        if "tie_break" in p and not (isinstance(p["tie_break"], list) and len(p["tie_break"]) <= 20 and all(
                isinstance(t, str) and len(t) <= 500 for t in p["tie_break"])):
            problems.append(Problem(f"{at}.tie_break", "bad-text"))
        extra = {k: p[k] for k in ("variant", "tie_break") if k in p}
        clean.append({"id": p.get("id"), "game": p.get("game"), "date": p.get("date"), **extra,
                      "players": players, "rows": [{"key": r["key"], "label": r.get("label") or r["key"]}
                                                   for r in rows]})
    return ([], problems) if problems else (clean, [])


CSV_HEAD = ["date", "game", "variant", "play", "player", "rank", "total"]
FACT = "fact:"  # a column of counted facts (not points): `fact:<name>`


def to_csv(plays: list[dict]) -> str:
    """One line per player per play: date, game, variant, play id, player, rank, total, then one column per
    row key (every row key of every play, in the order first met), then one `fact:<name>` column per fact."""
    keys: list[str] = []
    facts: list[str] = []
    for p in plays:
        for r in p.get("rows", []):
            if r["key"] not in keys:
                keys.append(r["key"])
        for q in p.get("players", []):  # a player's row the play does not list (an older sheet's) too
            keys += [k for k in q.get("rows") or {} if k not in keys]
            facts += [f for f in q.get("facts") or {} if f not in facts]
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\r\n")
    w.writerow([*CSV_HEAD, *keys, *(FACT + f for f in facts)])
    for p in plays:
        for q in p.get("players", []):
            rows = q.get("rows") or {}
            known = q.get("facts") or {}
            w.writerow([p.get("date", ""), p.get("game", ""), p.get("variant", ""), p.get("id", ""),
                        _cell(q.get("name", "")), _blank(q.get("rank")), _blank(q.get("total")),
                        *(_blank(rows.get(k)) for k in keys), *(_blank(known.get(f)) for f in facts)])
    return out.getvalue()


def _number(text: str) -> tuple[int | None, bool]:
    """A cell as a whole number (empty: None) and whether it could be read."""
    text = text.strip()
    if not text:
        return None, True
    try:
        return int(text), True
    except ValueError:
        return None, False


def from_csv(text: str) -> tuple[list[dict], list[Problem]]:
    """The plays of a CSV file written by `to_csv` (its lines grouped by the `play` column, in the order
    met), checked as `check` checks a document; or the problems found, each naming its line and column (then
    no plays). The CSV carries no row labels (the keys stand for them) and no tie-break notes."""
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff"), newline=""))
    try:
        lines = list(reader)
    except csv.Error as exc:
        return [], [Problem("", "csv-unreadable", str(exc)[:80], reader.line_num)]
    if not lines or [h.strip() for h in lines[0][:len(CSV_HEAD)]] != CSV_HEAD:
        return [], [Problem("", "csv-header", "", 1)]
    head = [h.strip() for h in lines[0]]
    columns = head[len(CSV_HEAD):]
    problems: list[Problem] = []
    if len(set(head)) != len(head) or not all(0 < len(c) <= 40 + len(FACT) and c != FACT for c in columns):
        problems.append(Problem("", "csv-columns-named", "", 1))
        return [], problems
    plays: dict[str, dict] = {}
    where: dict[str, list[int]] = {}  # play id -> its lines
    for n, cells in enumerate(lines[1:], start=2):
        if not any(c.strip() for c in cells):
            continue  # a blank line (spreadsheets add them)
        if len(cells) != len(head):
            problems.append(Problem("", "csv-cells", str(len(head)), n))
            continue
        cell = dict(zip(head, cells))
        uid = cell["play"].strip()
        play = plays.get(uid)
        first = {"id": uid, "game": cell["game"].strip(), "date": cell["date"].strip()}
        if cell["variant"].strip():
            first["variant"] = cell["variant"].strip()
        if play is None:
            play = plays[uid] = {**first, "players": [], "rows": []}
            where[uid] = []
        else:
            for column, key in (("date", "date"), ("game", "game"), ("variant", "variant")):
                if play.get(key) != first.get(key):
                    problems.append(Problem(column, "csv-mismatch", str(where[uid][0]), n))
        where[uid].append(n)
        name = cell["player"]
        if name[:1] == "'":
            name = name[1:]  # the export's guard against spreadsheet formulas
        player: dict = {"name": name, "rows": {}}
        for column in ("rank", "total"):
            player[column], ok = _number(cell[column])
            if not ok:
                problems.append(Problem(column, "not-integer", "", n))
        facts = {}
        for column in columns:
            value, ok = _number(cell[column])
            if not ok:
                problems.append(Problem(column, "not-integer", "", n))
            elif column.startswith(FACT):
                if value is not None:
                    facts[column[len(FACT):]] = value
            elif value is not None:
                player["rows"][column] = value
        if facts:
            player["facts"] = facts
        play["players"].append(player)
    if problems:
        return [], problems
    for play in plays.values():
        used = {k for q in play["players"] for k in q["rows"]}
        keys = [c for c in columns if c in used]
        play["rows"] = [{"key": k, "label": k} for k in keys]
        for q in play["players"]:
            q["rows"] = {k: q["rows"].get(k) for k in keys}
    clean, found = check({"format": FORMAT, "group": {}, "plays": list(plays.values())})
    if not found:
        return clean, []
    ids = list(plays)
    return [], [_at_line(p, ids, where) for p in found]


FIELD_COLUMNS = {"id": "play", "game": "game", "date": "date", "variant": "variant", "players": "player",
                 "name": "player", "total": "total", "rank": "rank", "rows": "", "facts": ""}
PATH = re.compile(r"^plays\[(\d+)\](?:\.players\[(\d+)\])?(?:\.(\w+))?")


def _at_line(problem: Problem, ids: list[str], where: dict[str, list[int]]) -> Problem:
    """A document problem of a CSV file's play, said with the line and column it came from."""
    found = PATH.match(problem.path)
    if found is None:
        return Problem("", problem.code, problem.detail, 1)
    lines = where[ids[int(found.group(1))]]
    seat = int(found.group(2)) if found.group(2) is not None else 0
    return Problem(FIELD_COLUMNS.get(found.group(3) or "", ""), problem.code, problem.detail,
                   lines[min(seat, len(lines) - 1)])


def _blank(value) -> str:
    """A number's cell (empty for none)."""
    return "" if value is None else str(value)


def _cell(text: str) -> str:
    """A text cell a spreadsheet will not run as a formula (a leading `'` is doubled, so import can take the
    guard off again exactly)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r", "'") else text
