"""Round logs: a finished sheet checked against the construction cards it came from (format in ROUNDLOG.md).

A `welcome-to-game/1` document may carry the table's rounds (`rounds`: the three pairs of a standard round, the
three cards of a solo round) and, per player, the round log (`log`: per round the pair taken, the cards of an
advanced hand, and the marks made). `check_round_logs` replays each log from a blank sheet through the same
checks as live play (`deck.check_offer_move`, `moves.check_move`): the number on offer, ±1/±2 only with the temp
agency, the effect of the chosen pair, a permit refused only when nothing on offer fits; then the sheet the log
builds must be the sheet written, and each claim's side must be the one the table's rounds give (plans met in
the same round by several players all score first; solo: first only before the solo card).

The first error of a log stops its replay (the rest would only repeat it); its sheet is then not compared.
A document with no log at all is not checked against the cards (`has_round_log` tells; pages say so).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.problems import N_, Problem, error, warning
from ..core.schema import show
from .deck import COMPOSITION, Offer, check_choice, check_offer_move
from .document import sheet_to_json
from .moves import KINDS, Move, Table, Turn, apply_move, check_move
from .sheet import Sheet

ROUND_KEYS = {"standard": {"pairs"}, "advanced": set(), "solo": {"cards", "solo_card"}}
ENTRY_KEYS = {"standard": {"take", "moves"}, "advanced": {"take", "cards", "moves"}, "solo": {"take", "moves"}}
MOVE_KEYS = {"kind", "street", "house", "number", "size", "plan"}
COMPARED = {"streets": N_("the streets"), "fences": N_("the fences"), "pools": N_("the pools"),
            "parks": N_("the parks"), "estate_values": N_("the estate values"), "temps": N_("the temps"),
            "refusals": N_("the permit refusals")}


@dataclass
class Replayed:
    """One player's log as replayed: the sheet built, the plans claimed with their rounds, and whether it ran to
    its end (no error)."""

    sheet: Sheet
    claims: list[tuple[int, int]] = field(default_factory=list)  # (plan, round)
    complete: bool = True
    rounds: int = 0


def has_round_log(doc: Any) -> bool:
    """Tell whether a game document (or one player object) carries a round log."""
    if not isinstance(doc, dict):
        return False
    players = doc.get("players") if "players" in doc else [doc]
    return isinstance(players, list) and any(isinstance(p, dict) and p.get("log") is not None for p in players)


def _card(value: Any, path: str) -> tuple[tuple[int, str] | None, list[Problem]]:
    """One card or pair: [number 1..15, effect]."""
    if (isinstance(value, list) and len(value) == 2 and type(value[0]) is int and 1 <= value[0] <= 15
            and isinstance(value[1], str) and value[1] in COMPOSITION):
        return (value[0], value[1]), []
    return None, [error("bad-card", path, N_(
        "A card is written [number 1 to 15, effect], the effect one of {effects}; not {value}."),
        effects=", ".join(COMPOSITION), value=show(value))]


def _three(value: Any, path: str) -> tuple[list[tuple[int, str]] | None, list[Problem]]:
    """Three cards or pairs."""
    if not isinstance(value, list) or len(value) != 3:
        return None, [error("bad-round", path, N_("A round shows three cards or pairs, not {value}."),
                            value=show(value))]
    found, problems = [], []
    for k, item in enumerate(value):
        pair, bad = _card(item, f"{path}[{k}]")
        problems += bad
        found.append(pair)
    return (None, problems) if problems else (found, [])


def _unknown_keys(raw: dict, allowed: set[str], path: str) -> list[Problem]:
    return [error("unknown-key", f"{path}.{key}" if path else str(key), N_(
        "{key} is not a key here; the keys are {keys}."), key=show(key), keys=", ".join(sorted(allowed)))
        for key in raw if key not in allowed]


def read_rounds(raw: Any, mode: str) -> tuple[dict[int, Offer], int | None, list[Problem]]:
    """The table's rounds: round number -> offer, the round the solo card came up, and the problems."""
    offers: dict[int, Offer] = {}
    solo_round = None
    if raw is None:
        return offers, solo_round, []
    if not isinstance(raw, list):
        return offers, solo_round, [error("not-a-list", "rounds", N_("\"rounds\" is a list of rounds, not {value}."),
                                          value=show(raw))]
    problems: list[Problem] = []
    key = "pairs" if mode != "solo" else "cards"
    for k, item in enumerate(raw):
        path = f"rounds[{k}]"
        if mode == "advanced":
            problems.append(error("rounds-in-advanced", "rounds", N_(
                "In the advanced game each player's log holds that player's hand (\"cards\"); the table has no "
                "rounds.")))
            break
        if not isinstance(item, dict):
            problems.append(error("not-an-object", path, N_("A round is an object with \"{key}\", not {value}."),
                                  key=key, value=show(item)))
            continue
        problems += _unknown_keys(item, ROUND_KEYS[mode], path)
        if key not in item:
            problems.append(error("missing-key", path, N_("Round {round} needs \"{key}\"."), round=k + 1, key=key))
            continue
        three, bad = _three(item[key], f"{path}.{key}")
        problems += bad
        if three is not None:
            offers[k + 1] = Offer.entered(three) if key == "pairs" else Offer.from_cards(three)
        if item.get("solo_card") is True and solo_round is None:
            solo_round = k + 1
    return offers, solo_round, problems


def _move(raw: Any, path: str) -> tuple[Move | None, list[Problem]]:
    """One mark of a round: `{"kind": ..., "street", "house", "number", "size", "plan"}` (0-based places)."""
    if not isinstance(raw, dict) or raw.get("kind") not in KINDS:
        return None, [error("bad-move", path, N_("A move is an object whose \"kind\" is one of {kinds}; not {value}."),
                            kinds=", ".join(KINDS), value=show(raw))]
    problems = _unknown_keys(raw, MOVE_KEYS, path)
    for key in MOVE_KEYS - {"kind"}:
        if key in raw and type(raw[key]) is not int:
            problems.append(error("bad-number", f"{path}.{key}", N_("{key} is a whole number, not {value}."),
                                  key=key, value=show(raw[key])))
    if problems:
        return None, problems
    return Move(raw["kind"], raw.get("street"), raw.get("house"), number=raw.get("number"), size=raw.get("size"),
                plan=raw.get("plan")), []


def _round(sheet: Sheet, entry: dict, offer: Offer, table: Table, round_: int, path: str,
           claims: list[tuple[int, int]]) -> tuple[Sheet, list[Problem]]:
    """Replay one round of a log; stop at its first error."""
    turn = Turn()
    if entry.get("take") is not None:
        pair, bad = _card(entry["take"], f"{path}.take")
        if bad:
            return sheet, bad
        refused = check_choice(offer, *pair)
        if refused:
            return sheet, [p.within(f"{path}.take") for p in refused]
        turn = Turn(*pair)
    moves = entry.get("moves", [])
    if not isinstance(moves, list):
        return sheet, [error("not-a-list", f"{path}.moves", N_("\"moves\" is a list of moves, not {value}."),
                             value=show(moves))]
    for j, raw in enumerate(moves):
        where = f"{path}.moves[{j}]"
        move, bad = _move(raw, where)
        if move is None:
            return sheet, bad
        if move.kind in ("plan", "roundabout"):
            found = check_move(sheet, move, turn, table)
        elif turn.effect is None and move.kind != "refusal":
            found = [error("take-missing", "", N_(
                "Round {round} writes a number or uses an effect without saying which pair it took (\"take\")."),
                round=round_)]
        else:
            found = check_offer_move(sheet, offer, move, turn, table)
        if found:
            return sheet, [p.within(where) for p in found]
        sheet, after = apply_move(sheet, move, turn)
        turn = after or turn
        if move.kind == "plan":
            claims.append((move.plan, round_))
    if turn.written is None and not turn.refused:
        return sheet, [error("round-not-played", path, N_(
            "Round {round} has no number written and no permit refused."), round=round_)]
    return sheet, []


def replay_log(raw: Any, mode: str, offers: dict[int, Offer], table: Table, rules, name: str
               ) -> tuple[Replayed, list[Problem]]:
    """Replay one player's log from a blank sheet (paths relative to the player)."""
    done = Replayed(Sheet.blank(name, rules))
    if not isinstance(raw, list):
        done.complete = False
        return done, [error("not-a-list", "log", N_("\"log\" is a list of rounds, not {value}."), value=show(raw))]
    for k, entry in enumerate(raw):
        path, round_ = f"log[{k}]", k + 1
        if not isinstance(entry, dict):
            done.complete = False
            return done, [error("not-an-object", path, N_("A round of the log is an object, not {value}."),
                                value=show(entry))]
        bad = _unknown_keys(entry, ENTRY_KEYS[mode], path)
        offer = offers.get(round_)
        if mode == "advanced":
            three, found = _three(entry.get("cards"), f"{path}.cards")
            bad += found
            offer = Offer.from_cards(three) if three is not None else None
        elif offer is None and not bad:
            bad.append(error("round-not-dealt", path, N_(
                "Round {round} of the log has no cards: the document's \"rounds\" lists {count}."), round=round_,
                count=len(offers)))
        if bad or offer is None:
            done.complete = False
            return done, bad
        done.sheet, found = _round(done.sheet, entry, offer, table, round_, path, done.claims)
        if found:
            done.complete = False
            return done, found
        done.rounds = round_
    return done, []


def _compare(built: Sheet, shown: Sheet) -> list[Problem]:
    """Where the sheet the log builds differs from the sheet written."""
    problems = []
    for s, (a, b) in enumerate(zip(built.streets, shown.streets)):
        for h, (x, y) in enumerate(zip(a, b)):
            if x != y:
                problems.append(error("log-differs", f"streets[{s}][{h}]", N_(
                    "Street {street}, house {house}: the round log writes {built}, the sheet shows {shown}."),
                    street=s + 1, house=h + 1, built=show(x.to_json()), shown=show(y.to_json())))
    a, b = sheet_to_json(built), sheet_to_json(shown)
    a["pools"], b["pools"] = sorted(a["pools"]), sorted(b["pools"])
    for key, what in COMPARED.items():
        if key != "streets" and a[key] != b[key]:
            problems.append(error("log-differs", key, N_(
                "The round log builds {what} as {built}, but the sheet shows {shown}."), what=what,
                built=show(a[key]), shown=show(b[key])))
    return problems


def _sides(game, done: dict[int, Replayed], solo_round: int | None) -> None:
    """Each claim's side against the rounds: first when nobody claimed it in an earlier round (solo: before the
    solo card); the plans the log claims are the plans the sheet lists."""
    earliest: dict[int, int] = {}
    for replayed in done.values():
        for plan, when in replayed.claims:
            earliest[plan] = min(when, earliest.get(plan, when))
    for i, replayed in done.items():
        player = game.players[i]
        rounds = dict(replayed.claims)
        listed = [c.plan for c in player.sheet.claims]
        if sorted(listed) != sorted(rounds):
            player.problems.append(error("log-differs", f"players[{i}].plans", N_(
                "The round log claims plans {built}, but the sheet lists {shown}."),
                built=show(sorted(rounds)), shown=show(sorted(listed))))
            continue
        for k, claim in enumerate(player.sheet.claims):
            when = rounds[claim.plan]
            path = f"players[{i}].plans[{k}]"
            if game.solo:
                first = solo_round is None or when < solo_round
                if claim.first != first:
                    player.problems.append(error("log-first-side", path, N_(
                        "Plan {plan} was met in round {round}, before the solo card came up: it scores its first "
                        "side (\"first\": true).") if first else N_(
                        "Plan {plan} was met in round {round}, after the solo card came up (round {solo}): it scores "
                        "its later side (\"first\": false)."), plan=claim.plan, round=when, solo=solo_round))
            elif claim.first != (when == earliest[claim.plan]):
                player.problems.append(error("log-first-side", path, N_(
                    "Plan {plan} was met in round {round} and nobody met it earlier: it scores its first side "
                    "(\"first\": true), as for everyone who met it in that round.") if when == earliest[claim.plan]
                    else N_("Plan {plan} was met in round {round}, but it was first met in round {earlier}: it scores "
                            "its later side (\"first\": false)."), plan=claim.plan, round=when,
                    earlier=earliest[claim.plan]))


def check_round_logs(doc: dict, game) -> None:
    """Check every player's round log against the table's rounds; problems go to the game and its players."""
    raw_players = doc.get("players", [])
    logs = {i: p.get("log") for i, p in enumerate(raw_players) if isinstance(p, dict) and p.get("log") is not None}
    if not logs and doc.get("rounds") is None:
        return
    offers, solo_round, problems = read_rounds(doc.get("rounds"), game.mode)
    game.problems += problems
    table = Table(intermediate=game.intermediate, plans=game.in_play)
    done: dict[int, Replayed] = {}
    for i, player in enumerate(game.players):
        if i not in logs:
            player.problems.append(warning("no-round-log", f"players[{i}]", N_(
                "This sheet has no round log: its numbers and effects were not checked against the cards.")))
            continue
        replayed, found = replay_log(logs[i], game.mode, offers, table, player.sheet.rules, player.sheet.player)
        player.problems += [p.within(f"players[{i}]") for p in found]
        if replayed.complete and not ({"streets", "street_sizes"} & player.read.unknown):
            player.problems += [p.within(f"players[{i}]") for p in _compare(replayed.sheet, player.sheet)]
            done[i] = replayed
    if len(done) == len(game.players) and not problems:
        _sides(game, done, solo_round)
