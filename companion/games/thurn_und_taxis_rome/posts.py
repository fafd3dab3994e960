"""The base game's post offices, bonus tiles and end, as far as the expansion's rewards touch them.

The seed plays on the base game's rules without restating them; the Offices of honor reward 4 kinds
with "a post office in any city; bonus tiles apply at once; if it is the last post office, the final
round starts as usual". To keep that, the companion tracks (table state key `posts`):

- `houses`: the post offices each seat has placed, of `POST_OFFICES` (20, the base game's houses per
  player: the base game's component list, not in the shared data). A scored route's `post_offices`
  add to the active seat (the `build` action does it for a table without the Audience); a 4-kind
  return adds one.
- `bonus`: the bonus tiles each seat took, always the top tile of a stack (`take-bonus`).
  **Reading decided: a player takes at most one tile of each stack** (`bonus-stack-twice`). The
  base rules give the top tile to a player completing a province group or a long route; the
  data's stacks hold at most 4 tiles (one per player at the most players) and a province group is
  completed once per player, so a second tile of one stack (Baiern 4 and 3) is refused, in the
  engine and on the score sheet.
- `final_round`: who placed their last post office (or took the 7-carriage: `trigger-end`). That
  seat takes the end-game tile at once, the round is played out, and the end of the turn of the last
  seat in clockwise order (the seat before the start player) ends the game (the final return opens).
  The seed's examples: Scott ends it during Ben's return round; Scott and Dave still play a turn
  (example 1); in Dave's own turn the game ends with it (example 2).

Tables stored before this tracking have `posts` null: then nothing here is checked and the score
sheet keeps its typed entries.
"""

from __future__ import annotations

from typing import Any

from ..core.problems import N_, Problem, error, warning
from .data import BonusTile, facts
from .guards import check_seat, is_whole, need_active, need_running
from .state import Outcome, Posts, Table, done, refuse

POST_OFFICES = 20


def stack_id(tile: BonusTile) -> str:
    """Name a stack: `province:Baiern`, `all_provinces`, `long_route:7`, `end_game`."""
    if tile.type == "province":
        return f"province:{tile.applies_to}"
    if tile.type == "long_route":
        return f"long_route:{tile.route_length}"
    return tile.type


def stacks() -> dict[str, list[BonusTile]]:
    """Every bonus stack, top tile first."""
    found: dict[str, list[BonusTile]] = {}
    for tile in sorted(facts().bonus_tiles, key=lambda t: t.stack_position):
        found.setdefault(stack_id(tile), []).append(tile)
    return found


def new_posts(n: int) -> Posts:
    """Nothing placed, nothing taken."""
    return Posts([0] * n, [[] for _ in range(n)])


def posts_problems(posts: Posts, n: int) -> list[Problem]:
    """A stored `posts` the rules can reach: counts in range, tiles from the top, one per stack and seat."""
    all_stacks = stacks()
    bad = error("bad-posts", "posts", N_("The post offices and bonus tiles stored cannot happen."))
    if len(posts.houses) != n or len(posts.bonus) != n or any(not 0 <= h <= POST_OFFICES for h in posts.houses):
        return [bad]
    if posts.final_round is not None and not 0 <= posts.final_round < n:
        return [bad]
    for own in posts.bonus:
        if len({s for s, _ in own}) != len(own) or any(s not in all_stacks for s, _ in own):
            return [bad]
    for stack, tiles in all_stacks.items():
        held = sorted((p for own in posts.bonus for s, p in own if s == stack), reverse=True)
        if held != [t.points for t in tiles[:len(held)]]:
            return [bad]
    return []


def _tracked(table: Table) -> list[Problem]:
    """The tracking must be on (tables stored before it have none)."""
    if table.posts is None:
        return [error("not-tracked", "", N_("This table was started before post offices and bonus tiles were "
                                            "tracked; enter them on the score sheet."))]
    return []


def add_post_offices(table: Table, seat: int, count: int, events: list[dict], path: str) -> list[Problem]:
    """Place post offices for a seat on `table` (changed in place); the last one triggers the end."""
    posts = table.posts
    if posts is None or count == 0:
        return []
    left = POST_OFFICES - posts.houses[seat]
    if count > left:
        return [error("no-post-offices-left", path, N_("{player} has {left} post offices left, not {count}."),
                      player=table.seats[seat].player, left=left, count=count)]
    posts.houses[seat] += count
    events.append({"event": "post-offices", "seat": seat, "placed": count, "left": left - count})
    if posts.houses[seat] == POST_OFFICES:
        events.extend(trigger_end(table, seat, "last-post-office"))
    return []


def trigger_end(table: Table, seat: int, why: str) -> list[dict]:
    """Start the final round (once): the seat takes the end-game tile; the round is played out."""
    posts = table.posts
    if posts.final_round is not None or table.ended:
        return []
    posts.final_round = seat
    events = [{"event": "final-round", "seat": seat, "why": why, "last": len(table.seats) - 1}]
    tile = next((t for t in stacks()["end_game"][posts.taken("end_game"):]), None)
    if tile is not None:
        posts.bonus[seat].append(("end_game", tile.points))
        events.append({"event": "bonus-taken", "seat": seat, "stack": "end_game", "points": tile.points})
    return events


def take_bonus(table: Table, seat: Any, stack: Any) -> Outcome:
    """A seat takes the top tile of a bonus stack (after completing a province group or a long route)."""
    problems = check_seat(table, seat) or _tracked(table)
    if problems:
        return refuse(table, problems)
    returning = table.offices.returning if table.offices else None
    final_return = table.ended and returning is not None and returning.kind == "final"
    if table.ended and not final_return:
        return refuse(table, [error("game-over", "", N_("The game is over; only the final return of officials' "
                                                        "tiles and the score remain."))])
    all_stacks = stacks()
    if stack == "end_game":
        return refuse(table, [error("end-game-tile", "stack", N_("The end-game tile goes by itself to the player "
                                                                  "who starts the final round."))])
    if stack not in all_stacks:
        return refuse(table, [error("unknown-stack", "stack", N_("{key} is not a bonus stack; the stacks are "
                                                                 "{known}."), key=repr(stack),
                                    known=", ".join(s for s in all_stacks if s != "end_game"))])
    posts = table.posts
    own = next((p for s, p in posts.bonus[seat] if s == stack), None)
    if own is not None:
        return refuse(table, [error("bonus-stack-twice", "stack", N_("A player takes at most one tile of each bonus "
                                                                     "stack; {player} already holds the {stack} tile "
                                                                     "worth {points}."),
                                    player=table.seats[seat].player, stack=stack, points=own)])
    taken = posts.taken(stack)
    if taken >= len(all_stacks[stack]):
        return refuse(table, [error("bonus-stack-empty", "stack", N_("The {stack} stack is empty."), stack=stack)])
    new = table.copy()
    points = all_stacks[stack][taken].points
    new.posts.bonus[seat].append((stack, points))
    return done(new, [{"event": "bonus-taken", "seat": seat, "stack": stack, "points": points}])


def build(table: Table, seat: Any, count: Any) -> Outcome:
    """Without the Audience: the active player places post offices after scoring a route (1 or more)."""
    problems = check_seat(table, seat) or _tracked(table) or need_running(table) or need_active(table, seat)
    if problems:
        return refuse(table, problems)
    if "audience" in table.modules:
        return refuse(table, [error("use-score-route", "", N_("With the Audience the scored route records its post "
                                                              "offices."))])
    if not is_whole(count) or count < 1:
        return refuse(table, [error("bad-count", "count", N_("Post offices placed: a whole number from 1, not "
                                                             "{value}."), value=repr(count))])
    new = table.copy()
    events: list[dict] = []
    problems = add_post_offices(new, seat, count, events, "count")
    if problems:
        return refuse(table, problems)
    return done(new, events)


def trigger_end_action(table: Table, seat: Any) -> Outcome:
    """The active player ends the game the base game's other way (the 7-carriage): the final round starts."""
    problems = check_seat(table, seat) or _tracked(table) or need_running(table) or need_active(table, seat)
    if problems:
        return refuse(table, problems)
    if table.posts.final_round is not None:
        return refuse(table, [error("final-round-already", "", N_("The final round has already started."))])
    new = table.copy()
    return done(new, trigger_end(new, seat, "carriage"))


def no_post_office_left(table: Table, seat: int) -> list[Problem]:
    """A 4-kind reward when the seat has no post office left: a warning, nothing placed."""
    return [warning("no-post-offices-left", "kinds", N_("{player} has no post office left to place."),
                    player=table.seats[seat].player)]


def open_stacks(table: Table, seat: int) -> list[tuple[str, int]]:
    """The bonus stacks a seat may take a tile from now, each with the points of its top tile.

    Not the end-game stack (it goes by itself), not a stack the seat already holds a tile of, not an
    empty one; nothing on an untracked table.
    """
    posts = table.posts
    if posts is None or not 0 <= seat < len(posts.bonus):
        return []
    held = {s for s, _ in posts.bonus[seat]}
    found = []
    for stack, tiles in stacks().items():
        taken = posts.taken(stack)
        if stack != "end_game" and stack not in held and taken < len(tiles):
            found.append((stack, tiles[taken].points))
    return found


def final_round(table: Table) -> dict | None:
    """The final round as every phone announces it, or None before it starts (or on an untracked table).

    `seat`: who started it; `why`: `last-post-office` or `carriage`; `left`: the seats whose turn is still to
    come in it, the active seat first (empty once the game is over): the round is played out to the end of
    the turn of the seat before the start player (the last seat, clockwise).
    """
    posts = table.posts
    if posts is None or posts.final_round is None:
        return None
    why = next((e.get("why") for e in reversed(table.log) if e.get("event") == "final-round"), "last-post-office")
    left = [] if table.ended else list(range(table.turn.active, len(table.seats)))
    return {"seat": posts.final_round, "why": why, "left": left, "last": len(table.seats) - 1,
            "ended": table.ended}
