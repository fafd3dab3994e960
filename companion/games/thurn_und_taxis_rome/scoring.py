"""The final score sheet: `thurn-und-taxis-rome-game/1` in, `thurn-und-taxis-rome-score/1` out.

Base-game points are entered per player (bonus tiles from the shipped list, the carriage, minus the
houses left); the expansion adds the points of the player's clergy tiles in Rome and their VP coins.
"""

from __future__ import annotations

from typing import Any, Literal

from ..core.engine import NotAGameDocument
from ..core.problems import N_, Problem, error, has_errors, warning
from ..core.schema import Doc, Field, Int, NonEmptyStr, join_path, read, show
from .data import BonusTile, facts
from .posts import POST_OFFICES
from .setup import Colour, Module, check_tile_values
from .state import Table

GAME_FORMAT = "thurn-und-taxis-rome-game/1"
SCORE_FORMAT = "thurn-und-taxis-rome-score/1"
ROWS = ("bonus_tiles", "carriage", "houses_left", "clergy", "vp_coins")


class BonusTileIn(Doc):
    """A bonus tile as the table reads it: its kind, what it is for, its points."""

    type: Literal["province", "all_provinces", "long_route", "end_game"] = Field(title=N_("A bonus tile's type"))
    applies_to: NonEmptyStr | None = Field(default=None, title=N_("A bonus tile's province group"))
    route_length: Int | None = Field(default=None, title=N_("A bonus tile's route length"))
    points: Int = Field(title=N_("A bonus tile's points"))


class PlayerIn(Doc):
    """One player's line of the score sheet."""

    player: NonEmptyStr = Field(title=N_("A player's name"))
    colour: Colour | None = Field(default=None, title=N_("A player's colour"))
    bonus_tiles: list[BonusTileIn] = Field(default_factory=list, title=N_("A bonus tile"))
    carriage: Int | None = Field(default=None, title=N_("The player's carriage"))
    houses_left: Int = Field(ge=0, title=N_("The houses left"))
    vp_coins: Int = Field(default=0, ge=0, title=N_("The VP coins"))


class RomeTileIn(Doc):
    """A clergy tile in Rome at the game's end."""

    colour: Colour = Field(title=N_("A clergy tile's colour"))
    rank: NonEmptyStr = Field(title=N_("A clergy tile's rank"))


class GameIn(Doc):
    """The game document; players are read one by one."""

    format: Literal["thurn-und-taxis-rome-game/1"]
    modules: list[Module] = Field(default_factory=lambda: ["audience", "offices"], title=N_("The modules played"))
    tile_values: dict[str, Int] = Field(default_factory=dict, title=N_("A clergy tile's points"))
    rome: list[RomeTileIn] = Field(default_factory=list, title=N_("A clergy tile in Rome"))
    players: list[Any] = Field(min_length=2, max_length=4, title=N_("The players"))


def _stack_name(tile: BonusTileIn | BonusTile) -> str:
    """Name a bonus tile's stack in the document's own words (`province Baiern`, `long_route 7`, `end_game`)."""
    detail = tile.applies_to if tile.type == "province" else tile.route_length if tile.type == "long_route" else None
    return tile.type if detail is None else f"{tile.type} {detail}"


def _find_tile(tile: BonusTileIn, path: str) -> tuple[BonusTile | None, list[Problem]]:
    """Match an entered bonus tile with the shipped list."""
    f = facts()
    if tile.type == "province":
        groups = sorted({t.applies_to for t in f.bonus_tiles if t.type == "province"})
        if tile.applies_to not in groups or tile.route_length is not None:
            return None, [error("unknown-bonus-tile", path, N_("A province tile names its province group "
                                                               "({groups}) and no route length."),
                                groups=", ".join(groups))]
    elif tile.type == "long_route":
        lengths = sorted({t.route_length for t in f.bonus_tiles if t.type == "long_route"})
        if tile.route_length not in lengths or tile.applies_to is not None:
            return None, [error("unknown-bonus-tile", path, N_("A long-route tile names its route length ({lengths}) "
                                                               "and no province."),
                                lengths=", ".join(map(str, lengths)))]
    elif tile.applies_to is not None or tile.route_length is not None:
        return None, [error("unknown-bonus-tile", path, N_("The {stack} tile names no province and no route "
                                                           "length."), stack=_stack_name(tile))]
    stack = [t for t in f.bonus_tiles if (t.type, t.applies_to, t.route_length) ==
             (tile.type, tile.applies_to, tile.route_length)]
    match = next((t for t in stack if t.points == tile.points), None)
    if match is None:
        return None, [error("unknown-bonus-tile", join_path(path, "points"),
                            N_("No {stack} tile is worth {points}; those tiles are worth {values}."),
                            stack=_stack_name(tile), points=tile.points,
                            values=", ".join(str(t.points) for t in stack))]
    return match, []


def _read_player(raw: Any, i: int, audience: bool) -> tuple[PlayerIn | None, list[BonusTile], list[Problem]]:
    """Read one player's line and match their bonus tiles."""
    path = join_path("players", i)
    player, problems = read(PlayerIn, raw, path)
    if player is None:
        return None, [], problems
    tiles: list[BonusTile] = []
    for j, entered in enumerate(player.bonus_tiles):
        tile, found = _find_tile(entered, join_path(join_path(path, "bonus_tiles"), j))
        problems += found
        if tile is not None:
            tiles.append(tile)
    if player.carriage is not None and player.carriage not in facts().carriage_points:
        problems.append(error("unknown-carriage-card", join_path(path, "carriage"),
                              N_("A carriage shows its route length, {lengths}, not {value}."),
                              lengths=", ".join(map(str, sorted(facts().carriage_points))), value=player.carriage))
    if audience and player.colour is None:
        problems.append(error("missing-colour", join_path(path, "colour"),
                              N_("With the Audience each player needs their colour, to find their clergy in Rome.")))
    return player, tiles, problems


def _shared_tiles(tiles: list[list[BonusTile]], players: list[Any], mine: list[list[Problem]]) -> None:
    """Each bonus tile exists once, and stacks are taken from the top."""
    held: dict[BonusTile, int] = {}
    for i, own in enumerate(tiles):
        stacks: dict[tuple, BonusTile] = {}
        for tile in own:
            if tile.stack in stacks and stacks[tile.stack] != tile:
                # one tile per stack and player: see posts.py (Baiern 4 and 3 in one hand is refused)
                mine[i].append(error("bonus-stack-twice", join_path(join_path("players", i), "bonus_tiles"),
                                     N_("A player takes at most one tile of each bonus stack; {player} holds two "
                                        "{stack} tiles ({a} and {b})."), player=players[i].player,
                                     stack=_stack_name(tile), a=stacks[tile.stack].points, b=tile.points))
                continue
            stacks[tile.stack] = tile
            if tile in held:
                mine[i].append(error("bonus-tile-twice", join_path(join_path("players", i), "bonus_tiles"),
                                     N_("There is one {stack} tile worth {points}; {other} holds it already."),
                                     stack=_stack_name(tile), points=tile.points, other=players[held[tile]].player))
            else:
                held[tile] = i
    for tile, i in held.items():
        above = next((t for t in facts().bonus_tiles if t.stack == tile.stack
                      and t.stack_position == tile.stack_position - 1), None)
        if above is not None and above not in held:
            mine[i].append(warning("bonus-stack-order", join_path(join_path("players", i), "bonus_tiles"),
                                   N_("The {stack} tile worth {points} lay under the one worth {above}, which nobody "
                                      "holds; the tiles are taken from the top."),
                                   stack=_stack_name(tile), points=tile.points, above=above.points))


def _check_people(players: list[PlayerIn | None], mine: list[list[Problem]]) -> None:
    """Each name and each colour once."""
    for i, p in enumerate(players):
        if p is None:
            continue
        for q in players[:i]:
            if q is not None and q.player.strip() == p.player.strip():
                mine[i].append(error("player-twice", join_path(join_path("players", i), "player"),
                                     N_("Two players are called {player}."), player=p.player))
            if q is not None and p.colour is not None and q.colour == p.colour:
                mine[i].append(error("colour-twice", join_path(join_path("players", i), "colour"),
                                     N_("Two players cannot both play {colour}."), colour=p.colour))


def _colours(raw_players: list[Any], players: list[PlayerIn | None]) -> tuple[dict[str, int], bool]:
    """Map each colour to its player, also from lines that could not be read; say whether any colour is unsure."""
    known = set(facts().colours)
    colours: dict[str, int] = {}
    unsure = False
    for i, (raw, player) in enumerate(zip(raw_players, players)):
        colour = player.colour if player is not None else raw.get("colour") if isinstance(raw, dict) else None
        if not isinstance(colour, str) or colour not in known or colour in colours:
            unsure = True  # that line has its own error; Rome's tiles of a missing colour stay unscored
        else:
            colours[colour] = i
    return colours, unsure


def _rome(game: GameIn, colours: dict[str, int], unsure: bool, problems: list[Problem]) -> list[tuple[int, str]]:
    """Read Rome's audience: (player index, rank) per tile; each tile once, of a player at the table."""
    ranks = facts().rank_ids
    tiles: list[tuple[int, str]] = []
    seen: set[tuple[str, str]] = set()
    for i, tile in enumerate(game.rome):
        path = join_path("rome", i)
        if tile.rank not in ranks:
            problems.append(error("unknown-rank", join_path(path, "rank"),
                                  N_("{key} is not a clergy rank; the ranks are {ranks}."), key=tile.rank,
                                  ranks=", ".join(ranks)))
        elif tile.colour not in colours:
            if unsure:
                continue
            problems.append(error("unknown-colour", join_path(path, "colour"),
                                  N_("No player plays {colour}."), colour=tile.colour))
        elif (tile.colour, tile.rank) in seen:
            problems.append(error("rome-tile-twice", path, N_("{colour} has one {rank} tile; it is in Rome twice."),
                                  colour=tile.colour, rank=tile.rank))
        else:
            seen.add((tile.colour, tile.rank))
            tiles.append((colours[tile.colour], tile.rank))
    return tiles


def _colour_of(i: int, raw_players: list[Any], players: list[PlayerIn | None]) -> str | None:
    """A player's colour, from their line even when it could not be read."""
    return players[i].colour if players[i] is not None else raw_players[i].get("colour")


def _name_of(i: int, raw_players: list[Any], players: list[PlayerIn | None]) -> str | None:
    """A player's name, from their line even when it could not be read (None when it is no text)."""
    if players[i] is not None:
        return players[i].player
    name = raw_players[i].get("player") if isinstance(raw_players[i], dict) else None
    return name if isinstance(name, str) else None


def _ranks(totals: list[int | None]) -> list[int | None]:
    """Rank by total: 1 + the number of players with more points; tied players share a rank."""
    return [None if t is None else 1 + sum(1 for u in totals if u is not None and u > t) for t in totals]


def read_header(doc: Any) -> tuple[GameIn | None, list[Problem]]:
    """Refuse what is no game document at all, then read the game's own keys."""
    if not isinstance(doc, dict):
        raise NotAGameDocument(f"A {GAME_FORMAT} document is a JSON object, not {show(doc)}.")
    if doc.get("format") != GAME_FORMAT:
        raise NotAGameDocument(f'Expected "format": "{GAME_FORMAT}", found {show(doc.get("format"))}.')
    if not isinstance(doc.get("players"), list) or not doc["players"]:
        raise NotAGameDocument('A game document needs "players": a non-empty list of score-sheet lines.')
    return read(GameIn, doc)


def _problem_list(problems: list[Problem], keep: bool) -> list:
    """Problems as the score document writes them, or as Problem objects for a page to show in its language."""
    return list(problems) if keep else [p.to_json() for p in problems]


def score_game(doc: Any, keep_problems: bool = False) -> dict:
    """Score a `thurn-und-taxis-rome-game/1` document (raises NotAGameDocument when it is none).

    `keep_problems`: the `problems` lists hold the Problem objects (templates kept) instead of JSON.
    """
    game, problems = read_header(doc)
    raw_players = doc["players"]
    modules = set(game.modules) if game else {"audience", "offices"}
    audience, offices = "audience" in modules, "offices" in modules
    read_players = [_read_player(raw, i, audience) for i, raw in enumerate(raw_players)]
    players = [p for p, _, _ in read_players]
    mine = [list(found) for _, _, found in read_players]
    _shared_tiles([t for _, t, _ in read_players], players, mine)
    _check_people(players, mine)
    rome: list[tuple[int, str]] = []
    values: dict[str, int] = {}
    if game is not None:
        problems += check_tile_values(game.tile_values, "tile_values")
        values = dict(game.tile_values)
        colours, unsure = _colours(raw_players, players)
        if game.rome and not audience:
            problems.append(warning("module-not-played", "rome", N_("The Audience is not played; Rome scores "
                                                                    "nothing.")))
        elif audience:
            rome = _rome(game, colours, unsure, problems)
        coins = sum(p.vp_coins for p in players if p is not None)
        if offices and coins > facts().vp_coins:
            problems.append(error("too-many-coins", "players", N_("There are {total} VP coins, not {count}."),
                                  total=facts().vp_coins, count=coins))
    results = [_player_result(i, p, [t for _, t, _ in read_players][i], rome, values, offices, mine[i],
                              keep_problems) for i, p in enumerate(players)]
    for i, r in enumerate(results):
        if players[i] is None:  # name the unreadable line as far as it can be read
            r["player"] = _name_of(i, raw_players, players)
    if has_errors(problems):  # the game itself is wrong: nobody's total can be trusted
        for r in results:
            r["rows"] = r["total"] = None
    for r, rank in zip(results, _ranks([r["total"] for r in results])):
        r["rank"] = rank
    return {"format": SCORE_FORMAT, "players": results,
            "rome": [{"colour": _colour_of(i, raw_players, players), "player": _name_of(i, raw_players, players),
                      "rank": rank, "points": values.get(rank)} for i, rank in rome],
            "problems": _problem_list(problems, keep_problems)}


def _player_result(i: int, player: PlayerIn | None, tiles: list[BonusTile], rome: list[tuple[int, str]],
                   values: dict[str, int], offices: bool, problems: list[Problem], keep: bool = False) -> dict:
    """Add up one player's rows, or give no total when their line has errors."""
    if player is None:
        return {"player": None, "colour": None, "rows": None, "clergy": [], "total": None, "rank": None,
                "problems": _problem_list(problems, keep)}
    clergy = [rank for who, rank in rome if who == i]
    for rank in clergy:
        if rank not in values:
            problems.append(error("tile-value-missing", join_path("tile_values", rank),
                                  N_("Enter the points printed on the {rank} tile: {player}'s {rank} is in Rome."),
                                  rank=rank, player=player.player))
    if player.vp_coins and not offices:
        problems.append(warning("module-not-played", join_path(join_path("players", i), "vp_coins"),
                                N_("Offices of honor are not played; VP coins score nothing.")))
    rows = None
    if not has_errors(problems):
        rows = {"bonus_tiles": sum(t.points for t in tiles),
                "carriage": facts().carriage_points.get(player.carriage, 0) if player.carriage else 0,
                "houses_left": -player.houses_left,
                "clergy": sum(values[r] for r in clergy),
                "vp_coins": player.vp_coins if offices else 0}
    return {"player": player.player, "colour": player.colour, "rows": rows,
            "clergy": [{"rank": r, "points": values.get(r)} for r in clergy],
            "total": sum(rows.values()) if rows is not None else None, "rank": None,
            "problems": _problem_list(problems, keep)}


def _tracked_tile(stack: str, points: int) -> dict:
    """A tracked bonus tile (`province:Baiern`, 4) as the game document names it."""
    kind, _, detail = stack.partition(":")
    tile: dict[str, Any] = {"type": kind, "points": points}
    if kind == "province":
        tile["applies_to"] = detail
    elif kind == "long_route":
        tile["route_length"] = int(detail)
    return tile


def game_document(table: Table, base: list[dict]) -> dict:
    """Build the game document from a table and each seat's base-game entries (bonus tiles, carriage, houses)."""
    players = []
    for i, seat in enumerate(table.seats):
        entry = base[i] if i < len(base) and isinstance(base[i], dict) else {}
        line = {"player": seat.player, "colour": seat.colour}
        line.update({k: entry[k] for k in ("bonus_tiles", "carriage", "houses_left") if k in entry})
        if table.posts is not None:  # what the companion tracked wins over typed entries
            line["bonus_tiles"] = [_tracked_tile(stack, points) for stack, points in table.posts.bonus[i]]
            line["houses_left"] = POST_OFFICES - table.posts.houses[i]
        if table.offices is not None:
            line["vp_coins"] = table.offices.coins[i]
        players.append(line)
    rome = [{"colour": table.colour_of(t.seat), "rank": t.rank} for t in table.audience.rome] \
        if table.audience is not None else []
    return {"format": GAME_FORMAT, "modules": list(table.modules), "tile_values": dict(table.tile_values),
            "rome": rome, "players": players}


def score_table(table: Table, base: list[dict], keep_problems: bool = False) -> dict:
    """Score a table in progress with the base-game entries; warn when the game or its final return is not over."""
    result = score_game(game_document(table, base), keep_problems)
    notes: list[Problem] = []
    if not table.ended:
        notes.append(warning("game-not-over", "", N_("The game is not over yet; this is the score so far.")))
    elif table.offices is not None and table.offices.returning is not None:
        notes.append(warning("final-return-open", "", N_("Not every player has made the final return of "
                                                         "officials' tiles yet.")))
    result["problems"] = _problem_list(notes, keep_problems) + result["problems"]
    return result
