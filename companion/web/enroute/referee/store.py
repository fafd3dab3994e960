"""Persistence of refereed games: the setup plus an append-only action log, replayed through the engine.

A game is one `play_game` row (board, setup choices as JSON, a version
number), one `play_seat` row per player (the kept personal goal; the seat's
name and secret link are the core's seats, core/tables/roster.py) and its
`play_action` rows (round cards, start-round picks, turns, hand refreshes,
round closes). The state is never stored: `load()`
rebuilds it by replaying the live actions through the referee, so it is
deterministic and survives restarts. Undo marks an action dropped (it stays in
the log with the version that dropped it).

Every change bumps the game's version. A change is sent with the version the
phone saw; it is refused when something that concerns it happened since
(another player's turn does not concern mine; a closed round concerns
everyone), so two phones never silently overwrite each other.
"""

from __future__ import annotations

import functools
import json
import secrets
from dataclasses import dataclass, field, replace
from typing import Any

from sqlalchemy import Column, ForeignKey, Integer, String, Table, Text, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from ....games.core.problems import N_, Problem, error, has_errors
from ....games.enroute import referee as ref
from ....games.enroute import startcards
from ....games.enroute.board import Board, parse_board
from ....games.enroute.cards import RoundCard, card_from_json, card_to_json
from ....games.enroute.cityrules import rules_for
from ....games.enroute.goals import GoalCard, parse_goals
from ....games.enroute.setup import SetupOptions, SoloSequence, draw_setup
from ...core.db import _now, metadata, read, write
from ...core.i18n import _
from ...core.security import small_int
from ...core.tables import registry, roster, seats
from ...core.tables.live import mark_of
from ...core.tables.registry import core_seat_hold
from .. import cities
from ..labels import problem_line
from .pairs import turn_from, turn_json, with_tours

cities.load()  # each city folder registers its table actions

GAME = "enroute"  # the game's id in the core's table registry, seats and log

play_game = Table(
    "play_game", metadata,
    Column("id", String(64), primary_key=True),
    Column("created", String(32), nullable=False),
    Column("board_id", String(128), nullable=False),
    Column("board_doc", Text, nullable=False),
    Column("setup", Text, nullable=False),
    Column("started", Integer, nullable=False, server_default="0"),
    Column("version", Integer, nullable=False, server_default="0"),
    Column("setup_version", Integer, nullable=False, server_default="0"),
    Column("table_id", String(64)),
)
play_seat = Table(
    "play_seat", metadata,
    Column("game_id", String(64), ForeignKey("play_game.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),  # its name and link token: the core's seat (core_seat)
    Column("claimed", Integer, nullable=False, server_default="0"),
    Column("kept", Integer),
)
play_action = Table(
    "play_action", metadata,
    Column("game_id", String(64), ForeignKey("play_game.id", ondelete="CASCADE"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("kind", String(16), nullable=False),
    Column("seat", Integer),
    Column("payload", Text, nullable=False),
    Column("dropped", Integer),
    Column("created", String(32), nullable=False),
)
SEAT_KINDS = ("turn", "pick", "refresh", "start", "goal_half")  # actions that concern one seat only
KINDS = ("round", "start_cards", "pick", "turn", "refresh", "close", "start", "reveal", "cafe", "goal_half")


class Conflict(Exception):
    """Someone changed what this change depends on since the phone loaded the page."""

    def __init__(self, what: list[str]):
        """Keep the kinds of the intervening actions, to tell the player what happened."""
        super().__init__(", ".join(what))
        self.what = what


# ---- turns as JSON (the log's payload) -------------------------------------------------------------

def _source_json(source: Any) -> Any:
    """Write a bonus source: "balance" or an intersection [x, y]."""
    return source if source == ref.BALANCE else [source[0], source[1]]


def _source(raw: Any) -> Any:
    """Read a bonus source written by `_source_json`."""
    return raw if raw == ref.BALANCE else (int(raw[0]), int(raw[1]))


def _sec_json(sec) -> list:
    """Write a section as [[x1, y1], [x2, y2]]."""
    return [[sec[0][0], sec[0][1]], [sec[1][0], sec[1][1]]]


def _sec(raw) -> tuple:
    """Read a section written by `_sec_json`."""
    return ((int(raw[0][0]), int(raw[0][1])), (int(raw[1][0]), int(raw[1][1])))


def turn_to_json(turn: ref.Turn) -> dict:
    """Write a referee `Turn` as JSON."""
    return {"location": list(turn.location), "segment": [_sec_json(s) for s in turn.segment],
            "colour": turn.colour, "fallback": turn.fallback,
            "changes": [{"card": c.card, "delta": c.delta, "source": _source_json(c.source)} for c in turn.changes],
            "bonus_sections": [{"section": _sec_json(b.section), "source": _source_json(b.source)}
                               for b in turn.bonus_sections],
            "decline": [list(p) for p in turn.decline_cafe_tourists]} \
        | ({"ferry_to": list(turn.ferry_to)} if turn.ferry_to is not None else {}) \
        | ({"cafe": list(turn.cafe)} if turn.cafe is not None else {}) | turn_json(turn, _sec_json)


def turn_from_json(doc: dict) -> ref.Turn:
    """Read a turn written by `turn_to_json` (trusted log data; raises on garbage)."""
    return turn_from(doc, ref.Turn(
        (int(doc["location"][0]), int(doc["location"][1])), tuple(_sec(s) for s in doc["segment"]),
        doc.get("colour"), bool(doc.get("fallback")),
        tuple(ref.CoordinateChange(int(c["card"]), int(c["delta"]), _source(c["source"])) for c in doc["changes"]),
        tuple(ref.BonusSection(_sec(b["section"]), _source(b["source"])) for b in doc["bonus_sections"]),
        tuple((int(p[0]), int(p[1])) for p in doc.get("decline", [])),
        (int(doc["ferry_to"][0]), int(doc["ferry_to"][1])) if doc.get("ferry_to") is not None else None,
        (int(doc["cafe"][0]), int(doc["cafe"][1])) if doc.get("cafe") is not None else None), _sec)


# ---- the game as loaded --------------------------------------------------------------------------

@dataclass
class Played:
    """A game rebuilt from the store: its row, board, setup, seats, live actions and the replayed state."""

    id: str
    board: Board
    setup: dict
    started: bool
    version: int
    table_id: str | None
    seats: list[dict]
    actions: list[dict]
    state: ref.GameState | None = None
    placed: list[RoundCard] | None = None  # start-round cards waiting for every player's pick
    placed_choices: list[int | None] | None = None  # each owner's choice for a placed choice card ("OR")
    picks: dict[int, tuple[int, int]] = field(default_factory=dict)
    sequence: SoloSequence | None = None
    round_opened: int | None = None  # seq of the action that opened the round being played
    round_turns: dict[int, int] = field(default_factory=dict)  # seat -> seq of its turn this round
    refreshes: set[int] = field(default_factory=set)
    cafe_cards: list[str] = field(default_factory=list)  # New York: the cafe cards revealed so far, in order
    goal_halves: dict[int, int] = field(default_factory=dict)  # New York: seat -> half its personal goal is on
    cafe_round: int = 0  # New York: the round the last revealed cafe card belongs to
    problems: list[str] = field(default_factory=list)  # actions the engine refused on replay (should be none)

    def options(self) -> SetupOptions:
        """Return the engine's setup options for this game."""
        s = self.setup
        return SetupOptions(max(len(s.get("names", [])), 1), s.get("level", "full"),
                            s.get("rating_mode", "standard"), s.get("mode", "normal"))


def _stored_setup(setup: dict) -> str:
    """The setup as stored: everything but the players' names, which are the core's seats' (`core_seat`)."""
    return json.dumps({k: v for k, v in setup.items() if k != "names"})


def create_game(board_id: str, board_doc: dict, setup: dict) -> str:
    """Store a new game in setup (no players yet: the players step seats them); return its unguessable id."""
    token = secrets.token_urlsafe(16)
    with write() as c:
        c.execute(insert(play_game).values(id=token, created=_now(), board_id=board_id,
                                           board_doc=json.dumps(board_doc), setup=_stored_setup(setup)))
    return token


def _row(token: str):
    """Return a game row or None (ids are short text)."""
    if not isinstance(token, str) or not 10 <= len(token) <= 64:
        return None
    with read() as c:
        return c.execute(select(play_game).where(play_game.c.id == token)).mappings().first()


def seat_by_token(seat_token: str) -> tuple[str, int] | None:
    """Return (game id, seat) for a seat's secret link (who holds the seat is the core's: `core.tables.seats`)."""
    if not isinstance(seat_token, str) or not 10 <= len(seat_token) <= 64:
        return None
    found = roster.by_token(GAME, seat_token)
    return (found.table_id, found.seat) if found is not None else None


def save_setup(token: str, base_version: int, setup: dict, names_changed: bool = False,
               offers_changed: bool = False) -> int | None:
    """Save the setup if nobody changed the game since `base_version` and it has not started; new version or None.

    New player names give every seat a fresh secret link; new personal-goal offers forget the kept cards.
    """
    with write() as c:
        old = roster.names(GAME, token, c) if names_changed else []
        done = c.execute(update(play_game)
                         .where(play_game.c.id == token, play_game.c.version == base_version,
                                play_game.c.started == 0)
                         .values(setup=_stored_setup(setup), version=play_game.c.version + 1,
                                 setup_version=play_game.c.version + 1))
        if done.rowcount != 1:
            return None
        if names_changed:
            for seat in sorted(_held(c, token)):  # every old link dies: the seats are free, and the log says so
                seats.reissued(GAME, token, seat, old[seat] if seat < len(old) else "", conn=c)
            c.execute(delete(play_seat).where(play_seat.c.game_id == token))
            for made in roster.replace(c, GAME, token, list(setup.get("names", []))):
                c.execute(insert(play_seat).values(game_id=token, seat=made.seat))
        elif offers_changed:
            c.execute(update(play_seat).where(play_seat.c.game_id == token).values(kept=None))
        registry.touch(GAME, token, c)
    return base_version + 1


def set_kept(token: str, seat: int, kept: int) -> bool:
    """Record which personal goal a seat keeps (only before the game starts)."""
    not_started = select(play_game.c.id).where(play_game.c.id == token, play_game.c.started == 0).exists()
    with write() as c:
        done = c.execute(update(play_seat).where(play_seat.c.game_id == token, play_seat.c.seat == seat,
                                                 not_started).values(kept=kept))
        if done.rowcount == 1:
            registry.touch(GAME, token, c)
    return done.rowcount == 1


def reissue_seat(token: str, seat: int) -> str | None:
    """Give a seat a new secret link (the old one stops working); return it, or None if there is no such seat.

    Who holds the seat is the core's (`core.tables.seats`): the host's new link frees it and is logged there
    (`seats.reissued`); a player renewing their own page keeps it.
    """
    if small_int(seat) is None:
        return None
    with write() as c:
        return roster.reissue(c, GAME, token, seat)


def start(token: str, base_version: int) -> int | None:
    """Freeze the setup and start the game; new version or None on a conflict."""
    with write() as c:
        done = c.execute(update(play_game).where(play_game.c.id == token, play_game.c.version == base_version,
                                                 play_game.c.started == 0)
                         .values(started=1, version=play_game.c.version + 1))
        if done.rowcount == 1:
            registry.touch(GAME, token, c)
    return base_version + 1 if done.rowcount == 1 else None


def link_table(token: str, table_id: str) -> None:
    """Remember the score table made for this game: the game is over and scored (finished in the registry)."""
    with write() as c:
        c.execute(update(play_game).where(play_game.c.id == token).values(table_id=table_id))
        registry.finish(GAME, token, c)


@functools.lru_cache(maxsize=64)
def _board(board_doc: str) -> Board | None:
    """A game's board read from its stored text, once per content: every referee page loads its game, and a
    board (frozen) never changes under a game."""
    board, _problems = parse_board(json.loads(board_doc))
    return board


def load(token: str) -> Played | None:
    """Load a game and replay its live actions through the referee; None if there is no such game."""
    row = _row(token)
    if row is None:
        return None
    board = _board(row["board_doc"])
    if board is None:
        return None
    with read() as c:
        core = roster.seats(GAME, token, c)  # the players' names and seat links are the core's
        tokens = {s.seat: s.token for s in core}
        seats = [{**r, "token": tokens.get(r["seat"])}
                 for r in c.execute(select(play_seat.c.game_id, play_seat.c.seat, play_seat.c.kept)
                                    .where(play_seat.c.game_id == token).order_by(play_seat.c.seat)).mappings()]
        actions = [{"seq": r["seq"], "kind": r["kind"], "seat": r["seat"], "payload": json.loads(r["payload"])}
                   for r in c.execute(select(play_action).where(play_action.c.game_id == token,
                                                                play_action.c.dropped.is_(None))
                                      .order_by(play_action.c.seq)).mappings()]
    setup = {**json.loads(row["setup"]), "names": [s.name for s in core]}
    game = Played(row["id"], board, setup, bool(row["started"]), row["version"],
                  row["table_id"], seats, actions)
    if game.started:
        _replay(game)
    return game


def goal_cards(setup: dict) -> tuple[GoalCard, ...]:
    """Read the setup's shared goal cards (already checked when chosen)."""
    problems: list[Problem] = []
    return tuple(parse_goals(setup.get("goals") or [], "goals", problems))


def the_draw(board: Board, setup: dict):
    """Return the engine's setup draw for this game's seed, names and options (deterministic)."""
    names = setup.get("names") or ["Player 1"]
    options = SetupOptions(len(names), setup.get("level", "full"), setup.get("rating_mode", "standard"),
                           setup.get("mode", "normal"))
    return draw_setup(board, names, int(setup.get("seed", 0)), options)


def the_draw_or_none(board: Board, setup: dict):
    """Return the setup draw, or None while the options are impossible (e.g. a team of three)."""
    try:
        return the_draw(board, setup) if setup.get("names") else None
    except ValueError:
        return None


def initial_state(game: Played) -> ref.GameState:
    """Build the referee's first state from the setup choices and the kept personal goals."""
    s = game.setup
    draw = the_draw(game.board, s)
    seats = []
    for i, name in enumerate(s["names"]):
        offer = draw.personal_offers[i] if i < len(draw.personal_offers) else []
        kept = game.seats[i]["kept"] if i < len(game.seats) else None
        goal = offer[kept].at if offer and kept in (0, 1) and kept < len(offer) else None
        start = draw.start_cards[i] if draw.start_cards and i < len(draw.start_cards) else None  # London, secret
        seats.append(ref.Seat(name, s["player_boards"][i], tuple(s.get("balance", [[]] * 4)[i]), goal, start))
    state = ref.new_game(game.board, seats, s["level"], s["rating_mode"], s["mode"], goal_cards(s),
                         s["first_player"], hotspot_cards(game.board, s, draw))
    return with_tours(state, s)  # Paris: the revealed thematic tours and the bonus areas' boxes


def hotspot_cards(board: Board, setup: dict, draw=None) -> tuple[str, ...]:
    """The hotspot card backs of this game (New York): the ones the table entered, else the companion's draw."""
    entered = setup.get("hotspot_cards")
    if entered:
        return tuple(entered)
    draw = draw if draw is not None else the_draw_or_none(board, setup)
    return tuple(draw.hotspot_cards) if draw is not None else ()


def next_cafe_card(game: Played) -> str | None:
    """The companion's next cafe card: the first card of the draw's shuffled cafe deck not revealed yet (once all
    are, the deck starts again in the same order); None on a board without cafe cards."""
    draw = the_draw_or_none(game.board, game.setup)
    deck = list(draw.cafe_deck) if draw is not None else []
    if not deck:
        return None
    seen = {card: game.cafe_cards.count(card) for card in deck}  # the table's own cards are taken out of it too
    fewest = min(seen.values())
    return next(card for card in deck if seen[card] == fewest)


def placeholder_sequence() -> SoloSequence:
    """Lay the solo sequence with stand-in cards: the companion tracks the slots, the table holds the cards."""
    return SoloSequence.lay([RoundCard(f"sequence-{i + 1}", 1) for i in range(10)])


def apply(game: Played, kind: str, seat: int | None, payload: dict) -> list[Problem]:
    """Apply one action to the replayed game in place; return the engine's problems (state unchanged on error)."""
    state = game.state
    if state is None:  # still in setup: rounds, turns and refreshes come after the start
        return [error("not-started", "game", N_("The game has not started yet: finish the setup first."))]
    found: list[Problem] = []
    if kind == "round":
        cards = tuple(card_from_json(c) for c in payload["cards"])
        if state.mode == "solo":
            slot = tuple(payload.get("slot") or ())
            if game.sequence is None or slot not in game.sequence.available():
                return [error("sequence-slot", "slot", N_("Choose one of the face-up cards of the sequence."))]
        new, found = ref.begin_round(state, cards, payload.get("moves"), _choices(payload))
        if not has_errors(found):
            game.round_opened, game.round_turns = None, {}
            if state.mode == "solo":
                _card, game.sequence = game.sequence.take(slot)
    elif kind == "start_cards":
        if state.round != 0 or state.start_rounds == 0 or game.placed is not None:
            return [error("no-start-round", "placed", N_("Start-round cards are placed once, before round 1."))]
        placed, choices = [card_from_json(c) for c in payload["placed"]], _choices(payload)
        _ratings, _marks, found = ref.placed_marks(state, placed, choices)  # an owner's choice is checked at once
        if has_errors(found):
            return found
        game.placed, game.placed_choices, game.picks = placed, choices, {}
        new = state
    elif kind == "pick":
        pick = (int(payload["pick"][0]), int(payload["pick"][1]))
        if game.placed is None or state.round != 0:
            return [error("no-pick", "pick", N_("There are no start-round cards to pick from now."))]
        n = len(game.placed)
        if len(set(pick)) != 2 or not all(0 <= k < n for k in pick):
            return [error("bad-pick", "pick", N_("Pick two different cards among the {n} placed."), n=n)]
        game.picks[seat] = pick
        new = state
        if len(game.picks) == len(state.players):
            new, found = ref.begin_start_rounds(state, game.placed, [game.picks[i] for i in range(len(state.players))],
                                                game.placed_choices)
            if has_errors(found):
                del game.picks[seat]
            else:
                game.round_turns = {}
    elif kind == "turn":
        new, found = ref.play_turn(state, seat, turn_from_json(payload))
    elif kind == "refresh":
        new, found = ref.refresh_hand(state, seat)
    elif kind == "start":  # London: a player's secret starting station and section
        new, found = startcards.choose_start(state, seat, str(payload["station"]), _sec(payload["section"]))
    elif kind == "reveal":
        new, found = startcards.reveal_start(state)
    elif kind in cities.ACTIONS:  # a city's own action (its folder registers it)
        new, found = cities.ACTIONS[kind](game, state, seat, payload)
        if new is None:
            return found
    elif kind == "close":
        new, found = ref.close_round(state, turns_required=game.setup.get("referee", True))
        if not has_errors(found) and new.cafe_card is not None:  # a cafe card sets the bonuses of its round only
            new = replace(new, cafe_card=None)
        if not has_errors(found):
            game.round_turns = {}
            if new.phase != "drawing":
                game.placed = None
    else:
        return [error("unknown-action", "kind", N_("Unknown action {kind}."), kind=repr(kind)[:40])]
    if not has_errors(found):
        game.state = new
    return found


def round_cafe(game: Played) -> str | None:
    """The cafe card revealed for the round being played or about to be played (None: not revealed yet)."""
    state = game.state
    if state is None or not state.cafe_card or state.phase == "over":
        return None
    number = state.round + 1 if state.phase == "selection" else state.round
    return state.cafe_card if game.cafe_round == number else None


def needs_goal_half(game: Played) -> list[int]:
    """The seats whose personal goal still waits to be placed on a half of the map (New York; else none)."""
    if game.state is None or not rules_for(game.board).personal_goal_half:
        return []
    return [i for i, p in enumerate(game.state.players) if p.personal_goal is not None and i not in game.goal_halves]


def _choices(payload: dict) -> list[int | None] | None:
    """Read the choice cards' chosen groups of a round or start-round action (None: no choice card)."""
    raw = payload.get("choices")
    if not isinstance(raw, list):
        return None
    return [int(v) if isinstance(v, int) and not isinstance(v, bool) else None for v in raw]


def _replay(game: Played) -> None:
    """Rebuild the state from the setup and the live actions, noting where each round began."""
    game.state = initial_state(game)
    game.sequence = placeholder_sequence() if game.state.mode == "solo" else None
    for action in game.actions:
        try:
            found = apply(game, action["kind"], action["seat"], action["payload"])
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            found = [error("bad-action", "log", str(exc))]
        if has_errors(found):
            game.problems.append(_("Action {seq} ({kind}) was skipped: {reasons}", seq=action["seq"],
                                   kind=action["kind"], reasons="; ".join(problem_line(p) for p in found)))
            continue
        _note(game, action)


def _note(game: Played, action: dict) -> None:
    """Remember which actions belong to the round being played (for undo)."""
    kind = action["kind"]
    if kind in ("round", "start_cards"):
        game.round_opened, game.round_turns = action["seq"], {}
    elif kind == "turn":
        game.round_turns[action["seat"]] = action["seq"]
    elif kind == "refresh":
        game.refreshes.add(action["seat"])
    elif kind == "close":
        game.round_opened = None if game.state.phase != "drawing" else action["seq"]


def _conflicts(c, token: str, base: int, seat: int | None) -> list[str]:
    """Return the kinds of the changes since `base` that concern an action of `seat` (None: the whole table)."""
    rows = c.execute(select(play_action.c.kind, play_action.c.seat)
                     .where(play_action.c.game_id == token,
                            (play_action.c.seq > base) | (play_action.c.dropped > base))).mappings().all()
    return [r["kind"] for r in rows if not (r["kind"] in SEAT_KINDS and seat is not None and r["seat"] != seat)]


class _Refused(Exception):
    """Leave a write transaction without changing anything, carrying the answer."""

    def __init__(self, answer):
        """Keep what the caller returns."""
        super().__init__("refused")
        self.answer = answer


def _claim_version(c, token: str, base_version: int, seat: int | None) -> int | None:
    """Take the next version of a game inside the transaction, or raise `Conflict`; None when there is no game.

    The version bump comes first, so the transaction holds the game's write lock before it reads
    anything: two phones acting at once take turns, and the second sees what the first changed.
    A `Conflict` raised here rolls the bump back with the rest.
    """
    if small_int(base_version) is None:
        raise Conflict(["unknown"])
    bumped = c.execute(update(play_game).where(play_game.c.id == token).values(version=play_game.c.version + 1))
    if bumped.rowcount != 1:
        return None
    current = c.execute(select(play_game.c.version).where(play_game.c.id == token)).scalar_one() - 1
    found = _conflicts(c, token, base_version, seat) if base_version != current else []
    if found or base_version > current:
        raise Conflict(found or ["unknown"])
    return current + 1


def record(token: str, base_version: int, kind: str, seat: int | None, payload: dict) -> tuple[int | None, list]:
    """Check an action against the replayed state and append it; return (new version, problems).

    Raises `Conflict` when a change that concerns this action happened after `base_version`.
    """
    try:
        with write() as c:
            version = _claim_version(c, token, base_version, seat)
            if version is None:
                raise _Refused((None, [error("no-game", "game", N_("There is no such game."))]))
            game = load(token)  # the committed log, which is this version's log minus this action
            problems = apply(game, kind, seat, payload)
            if has_errors(problems):
                raise _Refused((None, problems))
            c.execute(insert(play_action).values(game_id=token, seq=version, kind=kind, seat=seat,
                                                 payload=json.dumps(payload), created=_now()))
            registry.touch(GAME, token, c)
            return version, problems
    except _Refused as refused:
        return refused.answer
    except IntegrityError as exc:  # the same sequence number taken at the same moment: someone else won
        raise Conflict(["unknown"]) from exc


def drop(token: str, base_version: int, seq: int, seat: int | None) -> int | None:
    """Undo: mark one live action dropped; the replay then leaves it out. Raises `Conflict` as `record` does."""
    if small_int(seq) is None:
        return None
    try:
        with write() as c:
            version = _claim_version(c, token, base_version, seat)
            if version is None:
                raise _Refused(None)
            done = c.execute(update(play_action).where(play_action.c.game_id == token, play_action.c.seq == seq,
                                                       play_action.c.dropped.is_(None)).values(dropped=version))
            if done.rowcount != 1:
                raise _Refused(None)
            registry.touch(GAME, token, c)
            return version
    except _Refused as refused:
        return refused.answer


def cards_json(cards) -> list[dict]:
    """Write round cards for the log."""
    return [card_to_json(c) for c in cards]


def _held(c, token: str) -> set[int]:
    """The seats a phone holds (the core's claims), without saying which phone."""
    return set(c.execute(select(core_seat_hold.c.seat).where(core_seat_hold.c.game == GAME,
                                                             core_seat_hold.c.table_id == token)).scalars())


def _public_mark(version: int, started, table_id, kept: list[bool], event_mark: str) -> str:
    """Fold what every page may show of a game into one short mark: its version, whether it started and was
    scored, which seats kept a personal goal (not which card) and the table's log of claims and links."""
    return mark_of(version, int(bool(started)), 1 if table_id else 0, "".join("k" if k else "-" for k in kept),
                   event_mark)


def change_mark(token: str) -> str | None:
    """Return a short mark that changes whenever any page of the game would show something new; None if no game.

    Pages poll it (issue 13, U5): the game's version moves with every setup change and action; claims and new
    seat links move the table's log (`seats.event_mark`); a kept personal goal is folded in as "kept", never
    as which card (the mark is seen by every phone at the table).
    """
    if not isinstance(token, str) or not 10 <= len(token) <= 64:
        return None
    with read() as c:
        row = c.execute(select(play_game.c.version, play_game.c.started, play_game.c.table_id,
                               seats.event_count(GAME, token)).where(play_game.c.id == token)).first()
        if row is None:
            return None
        kept = [k is not None for k in c.execute(select(play_seat.c.kept).where(play_seat.c.game_id == token)
                                                 .order_by(play_seat.c.seat)).scalars()]
    return _public_mark(row[0], row[1], row[2], kept, seats.event_mark_of(row[3]))


def page_mark(game: Played) -> str:
    """The change mark of a loaded game, as `change_mark` would answer it for the same data."""
    return _public_mark(game.version, game.started, game.table_id, [s["kept"] is not None for s in game.seats],
                        seats.event_mark(GAME, game.id))


# ---- the two views of a game (secrets by construction) ----------------------------------------------------

def public_seats(game: Played) -> list[dict]:
    """Each seat as every phone may see it: name, whether a phone holds it, whether a personal goal is kept."""
    names = list(game.setup.get("names") or [])
    with read() as c:
        held = _held(c, game.id)
    return [{"seat": r["seat"], "name": names[r["seat"]], "claimed": r["seat"] in held, "kept": r["kept"] is not None}
            for r in game.seats if r["seat"] < len(names)]


def public_view(token: str) -> dict | None:
    """What the table link, shared pages, JSON and marks may show of a refereed game (no seat's secret)."""
    game = load(token)
    if game is None:
        return None
    s = game.setup
    view: dict[str, Any] = {
        "kind": "play", "id": game.id, "board": game.board.id, "mode": s.get("mode"), "level": s.get("level"),
        "rating_mode": s.get("rating_mode"), "referee": s.get("referee", True), "names": list(s.get("names") or []),
        "goals": s.get("goals") or [], "player_boards": s.get("player_boards") or [],
        "first_player": s.get("first_player"), "balance": s.get("balance") or [], "started": game.started,
        "version": game.version, "scored": bool(game.table_id), "seats": public_seats(game),
        "mark": page_mark(game)}
    state = game.state
    if state is not None:
        view.update(round=state.round, phase=state.phase,
                    players=[{"name": p.name, "played": p.played, "refreshed": p.hand_refreshed,
                              "start_chosen": p.start is not None if p.start_card is not None else None}
                             for p in state.players],
                    picked=sorted(game.picks), goal_half_placed=sorted(game.goal_halves))
    return view


def seat_view(token: str, seat: int) -> dict | None:
    """The public view plus one seat's secrets: its offered and kept personal goal, its starting subway card and
    section (London), its start-round pick and its goal half (New York). Only that seat's page shows these."""
    view = public_view(token)
    game = load(token) if view is not None else None
    if game is None or small_int(seat) is None or not 0 <= seat < len(view["names"]):
        return None
    row = next((r for r in game.seats if r["seat"] == seat), None)
    draw = the_draw_or_none(game.board, game.setup)
    offers = draw.personal_offers[seat] if draw and seat < len(draw.personal_offers) else []
    mine: dict[str, Any] = {"seat": seat, "token": row["token"] if row else None,
                            "offers": [[list(p) for p in card.at] for card in offers],
                            "kept": row["kept"] if row else None, "pick": game.picks.get(seat),
                            "goal_half": game.goal_halves.get(seat)}
    if game.state is not None:
        me = game.state.players[seat]
        mine.update(start_card=list(me.start_card) if me.start_card is not None else None,
                    start=[me.start[0], _sec_json(me.start[1])] if me.start is not None else None,
                    personal_goal=[list(p) for p in me.personal_goal] if me.personal_goal is not None else None)
    return {**view, "me": mine}


def delete_game(conn, token: str) -> None:
    """Remove a refereed game's rows (retention's purge; the core removes its own rows)."""
    for t, column in ((play_action, play_action.c.game_id), (play_seat, play_seat.c.game_id),
                      (play_game, play_game.c.id)):
        conn.execute(delete(t).where(column == token))
