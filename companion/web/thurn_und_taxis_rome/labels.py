"""Texts the Thurn und Taxis pages choose at run time: carriages, clergy, officials, colours, rewards, the log.

Every text is source English marked with `N_` and shown through the catalogues in the phone's
language. Engine problems name carriages, ranks, officials and colours by their ids; `problem_line`
shows those ids by their names in the page's language.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ...games.core.problems import N_, Msg, Problem
from ...games.thurn_und_taxis_rome.data import facts
from ..core.i18n import _, current_lang, problem_text

CARRIAGES = {
    "baden": N_("Baden"),
    "wurttemberg-hohenzollern": N_("Württemberg-Hohenzollern"),
    "baiern": N_("Baiern"),
    "bohmen-salzburg": N_("Böhmen-Salzburg"),
    "schweiz-tyrol": N_("Schweiz-Tyrol"),
}
RANKS = {
    "cardinal": N_("Cardinal"),
    "bishop": N_("Bishop"),
    "priest": N_("Priest"),
    "pastor": N_("Pastor"),
    "fifth": N_("Fifth clergy tile"),
}
OFFICES = {
    "postmaster": N_("Postmaster"),
    "coachman": N_("Coachman"),
    "administrator": N_("Administrator"),
    "cartwright": N_("Cartwright"),
}
COLOURS = {"blue": N_("blue"), "green": N_("green"), "red": N_("red"), "yellow": N_("yellow")}
REWARDS = {
    "nothing": N_("nothing"),
    "card": N_("a card (from the display or the deck)"),
    "vp-coin": N_("a VP coin"),
    "post-office": N_("a post office in any city"),
    "declined": N_("nothing (returned no tiles)"),
}
MODULES = {"audience": N_("The Audience"), "offices": N_("Offices of honor")}
BONUS_STACKS = {
    "province": N_("Province tile: {group}"),
    "all_provinces": N_("All-provinces tile"),
    "long_route": N_("Long-route tile: {length} cities"),
    "end_game": N_("End-of-game tile (ended the game)"),
}
GROUPS = {  # the bonus tiles' province groups, named as the carriages are
    "Baden": "baden", "Wurttemberg+Hohenzollern": "wurttemberg-hohenzollern", "Baiern": "baiern",
    "Bohmen+Salzburg": "bohmen-salzburg", "Schweiz+Tyrol": "schweiz-tyrol",
}
ROWS = {
    "bonus_tiles": N_("Bonus tiles"),
    "carriage": N_("Carriage"),
    "houses_left": N_("Houses left (−1 each)"),
    "clergy": N_("Clergy in Rome"),
    "vp_coins": N_("VP coins"),
}
CONFLICT_KINDS = {
    "place-clergy": N_("a player placed their clergy"),
    "tile-value": N_("a tile's points were entered"),
    "score-route": N_("a route was scored"),
    "take-office": N_("an official's tile was taken"),
    "return-offices": N_("officials' tiles were returned"),
    "end-turn": N_("a turn ended"),
    "end-game": N_("the game ended"),
    "take-bonus": N_("a bonus tile was taken"),
    "build": N_("post offices were placed"),
    "trigger-end": N_("the final round started"),
    "base-scores": N_("the score sheet was saved"),
    "undo": N_("a change was taken back"),
    "unknown": N_("the page is older than the table"),
}


def join_list(items: Iterable[Any]) -> str:
    """Join names as a list in the page's language ("Anna, Ben"; 「Anna、Ben」)."""
    return ("、" if current_lang() == "ja" else ", ").join(str(i) for i in items)


def _pick(texts: Mapping[str, str], key: Any, default: Any = None) -> str:
    """Translate the marked text stored under `key` (the default, or the key itself, when there is none)."""
    text = texts.get(key) if isinstance(key, str) else None
    if text is None:
        return default if default is not None else str(key)
    return _(text)


def kind_label(kind: str) -> str:
    """What kind of change happened, for conflict and undo messages."""
    return _pick(CONFLICT_KINDS, kind, _pick(CONFLICT_KINDS, "unknown"))


def carriage(carriage_id: str) -> str:
    """A carriage's name in the page's language."""
    return _pick(CARRIAGES, carriage_id)


def rank(rank_id: str, names: Mapping[str, str] | None = None) -> str:
    """A clergy rank's name: the name the table entered from the tile, else ours in the page's language."""
    if names and names.get(rank_id):
        return names[rank_id]
    return _pick(RANKS, rank_id)


def office(office_id: str) -> str:
    """An official's name in the page's language."""
    return _pick(OFFICES, office_id)


def colour(colour_id: str) -> str:
    """A player colour's name in the page's language."""
    return _pick(COLOURS, colour_id)


def stack_label(stack: str) -> str:
    """A bonus stack (`province:Baiern`, `long_route:7`, `all_provinces`, `end_game`) by its name."""
    kind, _sep, detail = stack.partition(":") if isinstance(stack, str) else ("", "", "")
    if kind not in BONUS_STACKS:
        return str(stack)
    group = carriage(GROUPS.get(detail, detail)) if kind == "province" else ""
    return _(BONUS_STACKS[kind], group=group, length=detail)


def reward(reward_id: str) -> str:
    """What a return earned, in the page's language."""
    return _pick(REWARDS, reward_id)


def conflict_message(kinds: Iterable[str]) -> str:
    """Say that the table changed on another phone meanwhile, naming what changed."""
    what = join_list(kind_label(k) for k in sorted(set(kinds)))
    return _("The table changed on another phone meanwhile ({what}). Nothing was saved; what you entered is still "
             "here — check it against the page and send it again.", what=what)


# ---- engine problems -------------------------------------------------------------------------------

_BY_NAME = {c.name: c.id for c in facts().carriages}


def _named(key: str, value: Any) -> Any:
    """Give an id parameter its catalogue name (a Msg, so the page translates it), else keep the value."""
    if not isinstance(value, str):
        return value
    if key == "carriage" and (value in CARRIAGES or value in _BY_NAME):
        return CARRIAGES[_BY_NAME.get(value, value)]
    tables = {"rank": RANKS, "office": OFFICES, "colour": COLOURS, "module": MODULES}
    if key in tables and value in tables[key]:
        return tables[key][value]
    if key == "stack":
        return stack_label(value)
    if key in ("ranks", "known"):  # a list of ids the engine names ("cardinal, bishop, …"): their names
        ids = value.split(", ")
        for names in (RANKS, CARRIAGES, OFFICES):
            if all(i in names for i in ids):
                return join_list(_(names[i]) for i in ids)
    return value


def problem_line(problem: Problem | Mapping[str, Any], item: str = "") -> str:
    """A problem's message in the page's language, carriages, ranks, officials and colours by their names."""
    if isinstance(problem, Problem) and problem.template:
        params = {k: v if isinstance(v, Msg) else _named(k, v) for k, v in problem.params.items()}
        problem = Problem(problem.severity, problem.code, problem.path, problem.message, problem.template, params)
    return problem_text(problem, item)


def problem_rows(problems: Iterable[Problem], items: Mapping[str, str] | None = None) -> list[dict]:
    """Problems as the shared problem list shows them (severity and text), led by the item a path names."""
    rows = []
    for p in problems:
        item = ""
        for prefix, name in (items or {}).items():
            if p.path == prefix or p.path.startswith((prefix + ".", prefix + "[")):
                item = name
                break
        rows.append({"severity": p.severity, "text": problem_line(p, item), "target": ""})
    return rows


# ---- the public log --------------------------------------------------------------------------------

def _tiles(tiles: list[dict], players: list[str], names: Mapping[str, str]) -> str:
    """Name clergy tiles: "Anna's Cardinal, Ben's Pastor"."""
    return join_list(_("{player}'s {rank}", player=players[t["seat"]], rank=rank(t["rank"], names)) for t in tiles)


def bonus_hint(events: Iterable[Mapping[str, Any]], players: list[str], tracked: bool) -> str | None:
    """After a 4-kind return placed a post office on a tracked table: bonus tiles apply at once (seed)."""
    for event in events:
        if tracked and event.get("event") == "offices-returned" and event.get("reward") == "post-office":
            return _("Bonus tiles apply at once: if {player}’s new post office completes a province group or earns "
                     "another bonus tile, take it now with “Take this bonus tile”.", player=players[event["seat"]])
    return None


def event_line(event: Mapping[str, Any], players: list[str], names: Mapping[str, str]) -> str | None:
    """One public event of the table's log as a sentence (None for events the log does not show)."""
    kind = event.get("event")
    who = players[event["seat"]] if isinstance(event.get("seat"), int) and event["seat"] < len(players) else ""
    if kind == "table-set-up":
        return _("The table was set up for {n} players.", n=event.get("seats"))
    if kind == "clergy-placed":
        return _("{player} placed their clergy (secretly).", player=who)
    if kind == "audience-ready":
        return _("Every player has placed their clergy: the carriages may move.")
    if kind == "tile-value":
        return _("The {rank} tile is worth {points} points.", rank=rank(event["rank"], names), points=event["points"])
    if kind == "route-scored":
        return _("{player} scored the route {cities}.", player=who, cities=" – ".join(event.get("cities", [])))
    if kind == "carriage-moved":
        return _("The {carriage} carriage moved from {a} to {b}.", carriage=carriage(event["carriage"]),
                 a=event["from"], b=event["to"])
    if kind == "arrived":
        text = _("The {carriage} carriage reached Rome with {tiles}.", carriage=carriage(event["carriage"]),
                 tiles=_tiles(event.get("revealed", []), players, names))
        if event.get("left_rome"):
            text += " " + _("They replace {tiles}, who leave Rome.", tiles=_tiles(event["left_rome"], players, names))
        return text
    if kind == "office-taken":
        return _("{player} took a {office} tile ({left} left in the stack).", player=who,
                 office=office(event["office"]), left=event.get("left"))
    if kind == "return-round":
        return _("Return round {n}: a stack is empty, so everyone returns tiles, starting with {player}.",
                 n=event.get("round"), player=players[event["starter"]] if isinstance(event.get("starter"), int)
                 else "")
    if kind == "offices-returned":
        if event.get("reward") == "declined":
            return _("{player} returned no tiles.", player=who)
        return _("{player} returned {kinds} and gets {reward}.", player=who,
                 kinds=join_list(office(k) for k in event.get("kinds", [])), reward=reward(event.get("reward", "")))
    if kind == "returns-done":
        return _("Every stack holds a tile again.") if not event.get("final") else _("The final return is over.")
    if kind == "turn-ended":
        return _("{player}'s turn ended; {next} is next.", player=who, next=players[event["next"]])
    if kind == "game-ended":
        return _("The game ended.")
    if kind == "post-offices":
        return _("{player} placed {n} post office(s); {left} left.", player=who, n=event.get("placed"),
                 left=event.get("left"))
    if kind == "bonus-taken":
        return _("{player} took the {stack} ({points} points).", player=who, stack=stack_label(event.get("stack", "")),
                 points=event.get("points"))
    if kind == "final-round":
        last = players[event["last"]] if isinstance(event.get("last"), int) and event["last"] < len(players) else ""
        if event.get("why") == "carriage":
            return _("{player} took a 7-carriage: the final round starts; the game ends after {last}'s turn.",
                     player=who, last=last)
        return _("{player} placed their last post office: the final round starts; the game ends after {last}'s "
                 "turn.", player=who, last=last)
    if kind == "final-return":
        return _("Final return: each player may return officials' tiles once more before scoring.")
    return None
