"""The world cities' round rules as pure functions the referee calls (seed ~l.780–1138).

Each is driven by the board's data (features, tracks) or its city's rules
object, never by the city's name:

- `open_cards`: the round cards' iconic symbols, choice cards ("OR" groups:
  the chooser picks one; a group whose tracks are all at the top, or a
  coordinate track whose space for the card's coordinate is already marked,
  forces another open group) and coordinate tracks (Rio's statue: the used
  card's coordinate marks its space, never twice);
- `route_tourists`: Cairo cards send their tourists to the remote space of
  their symbol (Cairo + repeat: the repeat's tourists to the location; two
  Cairo cards: all to the spaces and the location is crossed out);
- `ferry_at`, `harbour_sections`: Hong Kong's ferries and harbour crossings.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.problems import N_, Problem, error
from .board import COLOURS, Board
from .cards import REPEAT_TOURISTS, RoundCard, apply_symbols
from .features import Feature
from .geometry import Location, Section


def _can_raise(board: Board, ratings: dict[str, int], marks: dict[str, tuple[int, ...]], group: Sequence[str],
               coordinate: int) -> bool:
    """Tell whether a choice group can still be upgraded: a count track below its top, or a free statue space."""
    for track_id in group:
        coord = board.coordinate_track(track_id)
        if coord is not None:
            if coordinate in coord.spaces and coordinate not in marks.get(track_id, ()):
                return True
            continue
        track = board.rating_track(track_id)
        if track is not None and ratings.get(track_id, 0) < len(track) - 1:
            return True
    return False


def _group_name(board: Board, group: Sequence[str]) -> str:
    """Name a choice group by its landmarks' names (a shared track by the first landmark using it)."""
    names = []
    for track_id in group:
        lm = next((x for x in board.landmarks if x.track == track_id), None)
        feature = next((f for f in board.features if f.param("rating") == track_id), None)
        names.append(lm.name if lm else (feature.name or feature.id) if feature else track_id)
    return " + ".join(names)


def open_cards(board: Board, ratings: dict[str, int], marks: dict[str, tuple[int, ...]],
               cards: Sequence[RoundCard], choices: Sequence[int | None] | None, moves: Sequence[str] | None,
               mode: str, start_round: bool = False,
               path: str = "cards") -> tuple[dict[str, int], dict[str, tuple[int, ...]], list[Problem]]:
    """Apply the cards' symbols in order; `choices[i]` is the chosen group of card i when it shows "OR"."""
    problems: list[Problem] = []
    if choices is not None and not isinstance(choices, (list, tuple)):
        choices = ()  # not a list: every choice card then asks for its choice
    spaces = {f.param("symbol") for f in board.features_of("remote_space")}
    new_marks = {k: tuple(v) for k, v in marks.items()}
    pending = dict(ratings)  # the ratings as if every queued symbol went up (for "a maxed track forces the other")
    symbols: list[str] = []

    def queue(track_id: str, coordinate: int) -> None:
        """Queue a count-track symbol, or mark a coordinate track's space (once)."""
        coord = board.coordinate_track(track_id)
        if coord is not None:
            if coordinate in coord.spaces and coordinate not in new_marks.get(track_id, ()):
                new_marks[track_id] = tuple(sorted((*new_marks.get(track_id, ()), coordinate)))
            return
        symbols.append(track_id)
        pending[track_id] = pending.get(track_id, 0) + 1

    for i, card in enumerate(cards):
        where = f"{path}[{i}]"
        if card.symbol is not None and card.symbol not in spaces:
            problems.append(error("unknown-symbol", where,
                                  N_("Card {n} shows the symbol {symbol}, but {board} has no remote space with it."),
                                  n=i + 1, symbol=card.symbol, board=board.name))
        for track_id in card.iconic:
            queue(track_id, card.coordinate)
        if not card.options:
            continue
        pick = choices[i] if choices is not None and i < len(choices) else None
        options = " OR ".join(f"{k}: {_group_name(board, g)}" for k, g in enumerate(card.options))
        if not isinstance(pick, int) or isinstance(pick, bool) or not 0 <= pick < len(card.options):
            problems.append(error("choose-option", f"choices[{i}]",
                                  N_("Card {n} shows a choice: choose one of {options}."), n=i + 1, options=options))
            continue
        group = card.options[pick]
        others = [k for k, g in enumerate(card.options)
                  if k != pick and _can_raise(board, pending, new_marks, g, card.coordinate)]
        if not _can_raise(board, pending, new_marks, group, card.coordinate) and others:
            other = " or ".join(_group_name(board, card.options[k]) for k in others)
            if any(board.coordinate_track(t) is not None for t in group):
                problems.append(error("statue-space-marked", f"choices[{i}]",
                                      N_("The space {coordinate} of {name} is already marked: a coordinate marks it "
                                         "only once. Choose {other} instead."),
                                      coordinate=card.coordinate, name=_group_name(board, group), other=other))
            else:
                problems.append(error("choice-maxed", f"choices[{i}]",
                                      N_("{name} is already at the top of its rating track, so the choice card "
                                         "upgrades {other} instead."), name=_group_name(board, group), other=other))
            continue
        for track_id in group:
            queue(track_id, card.coordinate)
    if problems:
        return dict(ratings), dict(marks), problems
    new, found = apply_symbols(board, ratings, symbols, moves, mode, start_round)
    if found:
        return dict(ratings), dict(marks), found
    return new, new_marks, []


def allowed_choices(board: Board, ratings: dict[str, int], marks: dict[str, tuple[int, ...]],
                    cards: Sequence[RoundCard], earlier: Sequence[int | None]) -> list[int]:
    """Return the groups card `len(earlier)` may choose after the earlier cards' choices (pages, simulator)."""
    i = len(earlier)
    card = cards[i]
    return [k for k in range(len(card.options))
            if not open_cards(board, ratings, marks, cards[:i + 1], [*earlier, k], None, "standard")[2]]


def round_symbols(board: Board, cards: Sequence[RoundCard], choices: Sequence[int | None] | None) -> list[str]:
    """Return the count-track symbols the cards adjust, in order, with the choice cards' chosen groups."""
    found = []
    for i, card in enumerate(cards):
        group = list(card.iconic)
        pick = choices[i] if choices is not None and i < len(choices) else None
        if card.options and isinstance(pick, int) and 0 <= pick < len(card.options):
            group += card.options[pick]
        found += [t for t in group if board.coordinate_track(t) is None]
    return found


def space_for(board: Board, symbol: str) -> Feature | None:
    """Return the remote tourist space showing a symbol."""
    return next((f for f in board.features_of("remote_space") if f.param("symbol") == symbol), None)


def route_tourists(board: Board, cards: Sequence[RoundCard],
                   base: dict[str, int]) -> tuple[dict[str, int], dict[str, dict[str, int]], bool]:
    """Split the round's tourists: (for the location, per remote space, location crossed out).

    `base` is what the location gets without Cairo cards (`cards.round_tourists`).
    """
    symbolled = [c for c in cards if c.symbol is not None and not c.repeat]
    if not symbolled:
        return base, {}, False
    remote: dict[str, dict[str, int]] = {}
    for card in symbolled:
        space = space_for(board, card.symbol)
        if space is None:
            continue
        counts = remote.setdefault(space.id, {})
        for colour, n in card.tourists:
            counts[colour] = counts.get(colour, 0) + n
    others = [c for c in cards if c not in symbolled]
    if not others:
        return {}, remote, True
    if others[0].repeat:  # the repeat card's two tourists (of the Cairo card's type) go to the location
        shown = [colour for colour, _ in symbolled[0].tourists]
        return ({shown[0]: REPEAT_TOURISTS} if shown else {}), remote, False
    counts = {}
    for colour, n in others[0].tourists:
        counts[colour] = counts.get(colour, 0) + n
    return {c: counts[c] for c in COLOURS if counts.get(c)}, remote, False


def add_remote(held: dict[str, dict[str, int]], more: dict[str, dict[str, int]]) -> dict[str, dict[str, int]]:
    """Return the remote spaces' tourists with more added (new dicts, nothing mutated)."""
    out = {k: dict(v) for k, v in held.items()}
    for key, counts in more.items():
        into = out.setdefault(key, {})
        for colour, n in counts.items():
            into[colour] = into.get(colour, 0) + n
    return out


def ferry_at(board: Board, location: Location) -> Feature | None:
    """Return the ferry at a location, if any."""
    return next((f for f in board.features_of("ferry") if f.locations and f.locations[0] == location), None)


def waterfront(ferry: Feature) -> tuple[Location, ...]:
    """Return the waterfront locations a ferry can carry tourists to."""
    return tuple(tuple(loc) for loc in ferry.param("waterfront", ()))


def harbour_sections(board: Board) -> frozenset[Section]:
    """Return the harbour crossings (sea routes) of a board."""
    return frozenset(sec for f in board.features_of("harbour") for sec in f.sections)
