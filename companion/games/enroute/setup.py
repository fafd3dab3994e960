"""Setup (§2), solo mode (§7) and team mode (§8): the walk-through as data and the digital draws.

- `setup_steps(options)` → the ordered `SetupStep`s a table follows for its
  options (`SetupOptions`: players, level, rating mode, mode normal/team/solo).
- `draw_setup(board, names, seed, options)` → `SetupDraw`: deterministic for a
  seed: shared goal cards A/B/C from the catalogue (full level), two personal
  goal offers per player (keep one), player boards (team: partners opposite
  get boards 1&3 and 2&4), the first active player, and in solo mode the card
  sequence and the 2-card hand. `seats(draw, kept)` turns the draw and the
  kept personal goals into `referee.Seat`s for `referee.new_game`.
- Data: `goal_catalogue()` (data/goal-cards.json), `personal_goal_cards(board)`
  (data/<board>-personal-goals.json), `solo_challenges()` (example table),
  `solo_cells(level)` (the cells a level can win).
- Solo: `SoloSequence` (10 cards in 4 rows; see its docstring for how the
  covering is read), `SoloCell`, `solo_result`, `solo_score` (PP and goals met
  from a scored solo game).
- Team: `TEAMS`, `team_totals`, `team_ranking` (tie: the smaller gap between
  partners wins, else shared).
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from .board import Board
from .cards import HAND_SIZE, SOLO_HAND_SIZE, RoundCard, Table, start_round_count
from .cityrules import DEFAULT, CityRules, rating_modes, rules_for
from .geometry import Point, section
from .goals import GoalCard, parse_goals
from .referee import Seat
from .rows import GOAL_DECKS, LEVELS

DATA = Path(__file__).with_name("data")
MODES = ("normal", "team", "solo")
TEAMS = ((0, 2), (1, 3))  # seats: partners sit opposite
PERSONAL_GOAL_OFFER = 2


@dataclass(frozen=True)
class SetupOptions:
    """What the table chose: number of players, game level, rating mode, and normal/team/solo."""

    players: int = 4
    level: str = "full"
    rating_mode: str = "standard"
    mode: str = "normal"


@dataclass(frozen=True)
class PersonalGoalCard:
    """A personal goal card: three intersections (card upright)."""

    id: str
    at: tuple[Point, Point, Point]


@dataclass(frozen=True)
class SetupStep:
    """One step of the walk-through: a stable key, a title and what to do."""

    key: str
    title: str
    text: str


@cache
def goal_catalogue(path: Path | None = None) -> tuple[tuple[str, GoalCard], ...]:
    """Return the example goal-card catalogue as (card id, card), checked by the game's own goal reader."""
    with open(path or DATA / "goal-cards.json", encoding="utf-8") as handle:
        doc = json.load(handle)
    raw = doc["cards"]
    found: list[tuple[str, GoalCard]] = []
    for item in raw:
        problems: list = []
        cards = parse_goals([{k: v for k, v in item.items() if k != "id"}], "cards", problems)
        if problems or not cards:
            raise ValueError(f"bad goal card {item.get('id')!r} in goal-cards.json: {problems}")
        found.append((item["id"], cards[0]))
    return tuple(found)


@cache
def _personal_goal_file(board_id: str) -> tuple[PersonalGoalCard, ...] | None:
    """Read data/<board>-personal-goals.json if it exists."""
    path = DATA / f"{board_id}-personal-goals.json"
    if not path.is_file():
        return None
    with open(path, encoding="utf-8") as handle:
        doc = json.load(handle)
    return tuple(PersonalGoalCard(c["id"], tuple(tuple(p) for p in c["at"])) for c in doc["cards"])


def personal_goal_cards(board: Board) -> tuple[PersonalGoalCard, ...]:
    """Return a board's 8 personal goal cards: its own file, else the training city's if they fit the map."""
    cards = _personal_goal_file(board.id) or _personal_goal_file("training-city") or ()
    fits = all(board.on_map(p) and board.neighbours(p) for card in cards for p in card.at)
    return cards if fits else ()


def draw_goals(rng: random.Random, rules: CityRules = DEFAULT,
               catalogue: tuple[tuple[str, GoalCard], ...] | None = None) -> list[GoalCard]:
    """Shuffle each goal deck separately and reveal its top card (A, B, C), with the city's special cards."""
    chosen = []
    for deck in GOAL_DECKS:
        pile = rules.goal_pile(deck, catalogue if catalogue is not None else goal_catalogue())
        rng.shuffle(pile)
        if pile:
            card_id, card = pile[0]
            chosen.append(rules.covered(card_id) or card)
    return chosen


@dataclass(frozen=True)
class SoloSequence:
    """The solo card sequence: 10 cards face down in 4 rows, the bottom row of 3 face up.

    The rules show the layout only in a picture. The companion's reading:
    rows from top to bottom hold 1, 3, 3 and 3 cards (10 in all); the three
    lower rows form three columns, each card overlapping the one above it, and
    the single top card sits above the middle column. A face-down card turns
    face up in upkeep once no card below it in its column remains, so after
    each round there is again a face-up card in that column (until it runs
    out). `rows[r][k]` is the card in row r (0 = top), column slot k.
    """

    rows: tuple[tuple[RoundCard | None, ...], ...]
    face_up: frozenset[tuple[int, int]]

    @classmethod
    def lay(cls, cards: Sequence[RoundCard]) -> SoloSequence:
        """Lay 10 cards in the 4 rows; the bottom row is face up."""
        if len(cards) != 10:
            raise ValueError("the solo sequence has 10 cards")
        rows = ((cards[0],), tuple(cards[1:4]), tuple(cards[4:7]), tuple(cards[7:10]))
        return cls(rows, frozenset((3, k) for k in range(3)))

    def _column(self, r: int, k: int) -> int:
        """Return the column a slot belongs to (the top card belongs to the middle column)."""
        return 1 if r == 0 else k

    def available(self) -> list[tuple[int, int]]:
        """Return the slots of the face-up cards still in the sequence."""
        return sorted(s for s in self.face_up if self.rows[s[0]][s[1]] is not None)

    def take(self, slot: tuple[int, int]) -> tuple[RoundCard, SoloSequence]:
        """Take a face-up card; then turn face up every card no longer covered (upkeep)."""
        if slot not in self.available():
            raise ValueError(f"slot {slot} holds no face-up card")
        r, k = slot
        card = self.rows[r][k]
        rows = [list(row) for row in self.rows]
        rows[r][k] = None
        face_up = set(self.face_up)
        for rr, row in enumerate(rows):
            for kk, c in enumerate(row):
                below = [rows[x][y] for x in range(rr + 1, 4) for y in range(len(rows[x]))
                         if self._column(x, y) == self._column(rr, kk)]
                if c is not None and not any(b is not None for b in below):
                    face_up.add((rr, kk))
        return card, SoloSequence(tuple(tuple(row) for row in rows), frozenset(face_up))

    def remaining(self) -> int:
        """Return how many cards are left (it counts the rounds still to play)."""
        return sum(1 for row in self.rows for c in row if c is not None)


@dataclass(frozen=True)
class SoloCell:
    """A cell of the city's challenge table: PP to reach, goal cards to meet, thematic tours to complete (Paris)."""

    pp: int
    goals: int
    tours: int = 0


def _read_challenges(path: Path) -> tuple[tuple[SoloCell, ...], ...]:
    """Read a challenge-table file (`enroute-solo-challenges/1`): rows of cells with pp, goals or tours."""
    with open(path, encoding="utf-8") as handle:
        doc = json.load(handle)
    if doc.get("format") != "enroute-solo-challenges/1":
        raise ValueError(f"{path.name} is not an enroute-solo-challenges/1 file")
    table = tuple(tuple(SoloCell(c["pp"], c.get("goals", 0), c.get("tours", 0)) for c in row) for row in doc["rows"])
    for cell in (cell for row in table for cell in row):  # facts are checked when loaded
        if not all(type(v) is int and v >= 0 for v in (cell.pp, cell.goals, cell.tours)):
            raise ValueError(f"bad challenge cell {cell!r} in {path.name}")
    return table


@cache
def _challenges(path: Path) -> tuple[tuple[SoloCell, ...], ...]:
    """Read and keep one challenge-table file."""
    return _read_challenges(path)


def solo_challenges(board: Board | None = None) -> list[list[SoloCell]]:
    """Return the city's challenge table (Paris: its own file), else the example table (data/solo-challenges.json).

    A table with the real card types its cell in.
    """
    own = rules_for(board).solo_challenges if board is not None else None
    return [list(row) for row in _challenges(own or DATA / "solo-challenges.json")]


def solo_cells(level: str, board: Board | None = None) -> list[tuple[int, int, SoloCell]]:
    """Return the (row, column, cell) a solo game at this level can win: cells needing goal cards only at full.

    Only the full game deals the shared goal cards (the solo setup shuffles them "as usual", seed ~l.657), so a
    simplified or intermediate solo game offers the cells that ask for no goal card (issue 13, R2).
    """
    return [(r, c, cell) for r, row in enumerate(solo_challenges(board)) for c, cell in enumerate(row)
            if level == "full" or cell.goals == 0]


def solo_result(total: int, goals_met: int, cell: SoloCell, tours_done: int = 0) -> bool:
    """Tell whether a solo game is won: the cell's PP reached, its goal cards met and its tours completed."""
    return total >= cell.pp and goals_met >= cell.goals and tours_done >= cell.tours


def tours_completed(board: Board, tour_ids: Sequence[str], walk: Sequence[Point] | None) -> int:
    """Count the revealed thematic tours whose final stage the final route completes (Paris solo's challenge).

    The route is the walk of intersections; a step that is not a road (a ride) reaches nothing. The same check
    brings a tour's remote landmark onto the route; a city without tours counts 0.
    """
    count = rules_for(board).tours_completed
    steps = list(walk or [])
    sections = [section(tuple(a), tuple(b)) for a, b in zip(steps, steps[1:]) if a != b]
    return count(board, tour_ids, sections) if count is not None else 0


def solo_score(scored: dict) -> tuple[int, int]:
    """Return (PP, goal cards met) of a solo player's `enroute-score/1` entry: goal cards give no PP, only a "+".

    The scorer awards a met card its PP (a lone player is always its winner),
    so a goal row above 0 marks a met card and its PP come off the total.
    """
    goal_rows = [v for k, v in scored.get("rows", {}).items() if k.startswith("goal_")]
    return (scored.get("total") or 0) - sum(goal_rows), sum(1 for v in goal_rows if v > 0)


def team_totals(totals: Sequence[int]) -> list[int]:
    """Return the two team scores (seats 1&3 and 2&4) from four players' totals."""
    if len(totals) != 4:
        raise ValueError("team mode is 2 against 2")
    return [sum(totals[i] for i in team) for team in TEAMS]


def team_ranking(totals: Sequence[int]) -> list[int]:
    """Return each team's rank (1 or 2; both 1 when shared): more PP, then the smaller gap between partners."""
    keys = [(sum(totals[i] for i in t), -abs(totals[t[0]] - totals[t[1]])) for t in TEAMS]
    return [1 + sum(1 for other in keys if other > key) for key in keys]


@dataclass
class SetupDraw:
    """The result of the digital setup draws for one seed."""

    seed: int
    options: SetupOptions
    names: list[str]
    player_boards: list[int]
    goals: list[GoalCard]
    personal_offers: list[list[PersonalGoalCard]]
    first_player: int
    table: Table | None = None
    sequence: SoloSequence | None = None
    start_cards: list[tuple[str, str] | None] | None = None  # London: each player's secret starting subway card
    hotspot_cards: tuple[str, ...] = ()  # New York: the hotspot card backs on top of decks A, B, C
    cafe_deck: tuple[str, ...] = ()  # New York: the shuffled cafe cards, top first


def draw_setup(board: Board, names: Sequence[str], seed: int = 0,
               options: SetupOptions | None = None, deck: Sequence[RoundCard] | None = None) -> SetupDraw:
    """Do every random step of the setup for a seed: boards, goals, personal goals, first player, cards."""
    options = options or SetupOptions(players=len(names))
    _check_options(board, names, options)
    rules = rules_for(board)
    rng = random.Random(seed)
    numbers = [pb.number for pb in board.player_boards]
    if options.mode == "team":
        # partners sit opposite (seats 0&2, 1&3) and hold boards 1&3 and 2&4
        pairs = [[1, 3], [2, 4]]
        rng.shuffle(pairs)
        for pair in pairs:
            rng.shuffle(pair)
        boards = [pairs[0][0], pairs[1][0], pairs[0][1], pairs[1][1]]
    else:
        rng.shuffle(numbers)
        boards = numbers[:len(names)]
    goals = draw_goals(rng, rules) if options.level == "full" else []
    offers: list[list[PersonalGoalCard]] = []
    if options.level != "simplified":
        pile = list(personal_goal_cards(board))
        rng.shuffle(pile)
        for i in range(len(names)):
            n = rules.personal_goal_offer  # New York: one card, no choice
            offers.append(pile[i * n:(i + 1) * n])
    else:
        offers = [[] for _ in names]
    first = rng.randrange(len(names))
    cards = list(deck) if deck is not None else rules.deck(board)
    solo = options.mode == "solo"
    split = rules.solo_decks if solo else None
    # Paris solo: the hand is drawn from the 24 global cards, the sequence laid from the 12 Paris cards
    hand_pile, sequence_pile = split(cards) if split is not None else (cards, [])
    table = Table.deal(hand_pile, len(names), rng, 0 if solo else HAND_SIZE)
    sequence = None
    if solo:  # the sequence is laid first (step 5), then the 2-card hand is drawn (step 6)
        if split is not None:  # its own deck: shuffled, 10 laid, the other cards back in the box unseen
            rng.shuffle(sequence_pile)
            sequence = SoloSequence.lay(sequence_pile[:10])
        else:
            sequence = SoloSequence.lay([table.deck.pop(0) for _ in range(10)])
        table.draw(table.hands[0], SOLO_HAND_SIZE)
    start: list[tuple[str, str] | None] | None = None
    if board.start_cards:  # London: shuffle the starting subway cards, one face down per player
        pile = list(board.start_cards)
        rng.shuffle(pile)
        start = [pile[i] if i < len(pile) else None for i in range(len(names))]
    # a city's own draws (New York's hotspot backs and cafe deck) come after every other step, so other cities'
    # seeds give the same games as before
    hot, cafes = rules.setup_draws(board, rng) if rules.setup_draws is not None else ((), ())
    return SetupDraw(seed, options, list(names), boards, goals, offers, first, table, sequence, start, hot, cafes)


def _check_options(board: Board, names: Sequence[str], options: SetupOptions) -> None:
    """Refuse impossible options with a clear ValueError (programming or form errors)."""
    if options.level not in LEVELS or options.mode not in MODES or options.rating_mode not in ("standard",
                                                                                               "advanced"):
        raise ValueError(f"unknown options {options!r}")
    rules = rules_for(board)
    allowed = rating_modes(board, options.mode)  # Paris: advanced, its solo game standard
    if options.rating_mode not in allowed or options.level not in rules.levels or options.mode not in rules.modes:
        raise ValueError(f"{board.name} is not played with {options.rating_mode} ratings, level {options.level} "
                         f"or mode {options.mode} (rating modes: {', '.join(allowed)})")
    n = len(names)
    if not 1 <= n <= len(board.player_boards):
        raise ValueError(f"{board.name} has {len(board.player_boards)} player boards; {n} players cannot each get one")
    if options.mode == "team" and (n != 4 or {pb.number for pb in board.player_boards} < {1, 2, 3, 4}):
        raise ValueError("team mode needs 4 players and player boards 1 to 4")
    if options.mode == "solo" and n != 1:
        raise ValueError("solo mode is for one player")


def seats(draw: SetupDraw, kept: Sequence[int] | None = None,
          balance: Sequence[Sequence[str]] | None = None) -> list[Seat]:
    """Build the referee's seats: kept[i] is the index (0 or 1) of the personal goal player i keeps."""
    found = []
    for i, name in enumerate(draw.names):
        offer = draw.personal_offers[i] if i < len(draw.personal_offers) else []
        pick = kept[i] if kept is not None else 0
        goal = offer[pick].at if offer and 0 <= pick < len(offer) else None
        sides = tuple(balance[i]) if balance is not None else ()
        start = draw.start_cards[i] if draw.start_cards else None
        found.append(Seat(name, draw.player_boards[i], sides, goal, start))
    return found


def setup_steps(options: SetupOptions, board: Board | None = None) -> list[SetupStep]:
    """Return the setup walk-through (§2, §7, §8) for the table's options, in order."""
    city = board.name if board is not None else "the city"
    solo, team = options.mode == "solo", options.mode == "team"
    steps = [SetupStep("city", "Choose the city",
                       f"Play {city}. First game: the fictional training city at the "
                       f"{options.level} level.")]
    text = "Put the city's round board in the middle."
    if options.rating_mode == "advanced":
        text += (" Advanced rating mode: mark every upgrade box with a purple corner (usually one per iconic "
                 "landmark).")
    steps.append(SetupStep("round-board", "Round board", text))
    steps.append(SetupStep("deck", "City deck",
                           "Shuffle the city's 12 tourist cards, the 18 global tourist cards and the 6 repeat "
                           "cards into the 36-card city deck."))
    if options.level == "full":
        steps.append(SetupStep("goals", "Goal cards",
                               "Shuffle goal decks A, B and C separately; the top card of each is a shared goal "
                               "(the companion can draw them)." + (" Solo: met goals count, not their PP." if solo
                                                                   else "")))
    if solo:
        steps.append(SetupStep("challenge", "Challenge table",
                               "Choose a cell of the city's challenge table: the PP to reach and the number of "
                               "goal cards to meet." + ("" if options.level == "full" else
                                                         " Without goal cards at this level, only the cells that "
                                                         "ask for no goal card can be won.")))
        steps.append(SetupStep("sequence", "Card sequence",
                               "Lay 10 cards from the deck face down in 4 rows (1, 3, 3, 3 from the top, the "
                               "lower three rows as columns of overlapping cards) and turn the bottom row of 3 "
                               "face up."))
    steps.append(SetupStep("player-boards", "Player boards",
                           "Deal the city's player boards at random, one each." +
                           (" Team mode: partners sit opposite and hold boards 1 and 3, and 2 and 4." if team
                            else "")))
    steps.append(SetupStep("hands", "Hands", f"Each player draws {SOLO_HAND_SIZE if solo else HAND_SIZE} cards."))
    if options.level != "simplified":
        one = board is not None and rules_for(board).personal_goal_offer == 1
        steps.append(SetupStep("personal-goals", "Personal goals",
                               "Shuffle the 8 personal goal cards; each player draws 1 and keeps it face down."
                               if one else "Shuffle the 8 personal goal cards; each player draws 2, keeps 1 face "
                               "down and puts the other back."))
    steps.append(SetupStep("balance", "Balance cards",
                           "A less experienced player may take a balance card and choose its side now: route "
                           "section or coordinate change (one use each)."))
    steps.append(SetupStep("markers", "Markers", "Each player takes the red, green, blue and purple markers."))
    if not solo:
        start = start_round_count(options.players, options.mode)
        extra = {1: " The game opens with 1 start round (each player places a card; everyone picks 2 of the 3).",
                 2: " The game opens with 2 start rounds (each player places a card; everyone picks 2 of the 4 "
                    "for round 1 and uses the other 2 in round 2)."}.get(start, "")
        steps.append(SetupStep("first-player", "First active player",
                               "The player who travelled most recently (or the companion's draw) takes the "
                               "reference card active side up." + extra))
    if options.level == "simplified":
        steps.append(SetupStep("no-cafes", "Simplified game",
                               "Ignore the cafe cups: no cafe bonuses in this game."))
    if board is not None:  # the city's changes (its rules module), after the common steps they change
        rules = rules_for(board)
        solo_notes = {n.key: n for n in rules.solo_setup_notes} if solo else {}
        notes = [solo_notes.pop(n.key, n) for n in rules.setup_notes] + list(solo_notes.values())
        for n in notes:  # a solo note replaces the city's note of the same key (Paris solo: a hand, a sequence)
            if n.key == "city-goals" and options.level != "full":
                continue
            # A note keyed like a common step replaces it there (Paris's decks, hands, markers); no text drops it.
            at = next((i for i, step in enumerate(steps) if step.key == n.key), None)
            if at is not None:
                steps[at:at + 1] = [SetupStep(n.key, n.title, n.text)] if n.text else []
            elif n.text:
                steps.append(SetupStep(n.key, n.title, n.text))
    return steps
