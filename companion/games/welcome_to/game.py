"""A whole `welcome-to-game/1` document: mode, variant, plans in play and every player's sheet, all checked."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.engine import NotAGameDocument
from ..core.problems import N_, Problem, error, warning
from ..core.schema import show
from .checks import check_sheet
from .data import PLANS, RULES, Plan, Rules
from .document import GAME_FORMAT, GameDoc, ReadSheet, raw_name, read_model, read_sheet
from .plans import check_claims
from .roundlog import check_round_logs
from .sheet import Sheet

PLANS_IN_PLAY = 3


@dataclass
class Player:
    """One player as read: the name to show, the sheet (None if unreadable) and the player's own problems."""

    name: str | None
    read: ReadSheet
    problems: list[Problem] = field(default_factory=list)

    @property
    def sheet(self) -> Sheet:
        """The sheet as read (fields that could not be read are left empty)."""
        return self.read.sheet


@dataclass
class Game:
    """A game as read: what could be understood, and every problem found."""

    mode: str
    intermediate: bool
    in_play: tuple[int, ...] | None  # None when the plans in play could not be read
    players: list[Player]
    problems: list[Problem] = field(default_factory=list)  # problems of the game itself (not of one player)

    @property
    def solo(self) -> bool:
        """Tell whether this is a solo game."""
        return self.mode == "solo"

    def player_problems(self, index: int) -> list[Problem]:
        """The game's own problems followed by one player's."""
        return self.problems + self.players[index].problems


def _plans_in_play(ids: list[int], intermediate: bool, plans: dict[int, Plan]) -> tuple[tuple[int, ...],
                                                                                         list[Problem]]:
    """Check the plan cards in play: known ids, no repeats, advanced plans only with the intermediate rules."""
    problems, kept = [], []
    for k, plan_id in enumerate(ids):
        path = f"plans[{k}]"
        if k >= PLANS_IN_PLAY:
            problems.append(error("too-many-plans", path, N_(
                "A game has {count} city plans in play; plan {plan} is one too many."), count=PLANS_IN_PLAY,
                plan=plan_id))
        elif plan_id not in plans:
            problems.append(error("unknown-plan", path, N_("Plan ids run from 1 to {last}, not {plan}."),
                                  last=max(plans), plan=plan_id))
        elif plan_id in kept:
            problems.append(error("plan-twice", path, N_("Plan {plan} is in play twice."), plan=plan_id))
        else:
            if plans[plan_id].advanced and not intermediate:
                problems.append(error("plan-needs-intermediate", path, N_(
                    "Plan {plan} is an advanced plan (ids {first} to {last}); it is only used with the intermediate "
                    "rules (\"intermediate\": true)."), plan=plan_id,
                    first=min(p.id for p in plans.values() if p.advanced), last=max(plans)))
            kept.append(plan_id)
    if len(ids) < PLANS_IN_PLAY:
        problems.append(warning("plan-count", "plans", N_("A game has {count} city plans in play, not {found}."),
                                count=PLANS_IN_PLAY, found=len(ids)))
    return tuple(kept), problems


def _claims(player: Player, in_play: tuple[int, ...] | None, plans: dict[int, Plan]) -> list[Problem]:
    """Check a player's claimed plans: in play, once each, met by the sheet, all together."""
    problems, valid, where = [], [], []
    seen: set[int] = set()
    for k, claim in enumerate(player.sheet.claims):
        path = f"plans[{k}]"
        if in_play is not None and claim.plan not in in_play:
            shown = ", ".join(map(str, in_play)) or "-"
            problems.append(error("plan-not-in-play", path, N_(
                "Plan {plan} is not in play; the plans in play are {shown}."), plan=claim.plan, shown=shown))
        elif claim.plan in seen:
            problems.append(error("plan-claimed-twice", path, N_(
                "Plan {plan} is claimed twice; a player scores each plan once."), plan=claim.plan))
        elif claim.plan in plans:
            valid.append(plans[claim.plan])
            where.append(k)
        seen.add(claim.plan)
    # at most 3 claims reach the search; it looks houses up by their printed places, so streets of the printed sizes
    if not {"streets", "street_sizes"} & player.read.unknown and in_play is not None:
        problems += [p.within("plans") for p in check_claims(player.sheet, valid, where)]
    return sorted(problems, key=lambda p: int(p.path[len("plans["):].split("]")[0]))  # claim by claim


def _table(game: Game) -> None:
    """Checks across players: one player in solo, names, plans claimed 'later' that nobody claimed first."""
    if game.solo:
        for i in range(1, len(game.players)):
            game.players[i].problems.insert(0, error("solo-extra-player", f"players[{i}]", N_(
                "A solo game has one player; this is player {n}."), n=i + 1))
    seen: dict[str, int] = {}
    for i, player in enumerate(game.players):
        if player.name is None:
            continue
        if player.name.casefold() in seen:
            player.problems.append(warning("duplicate-player", f"players[{i}].player", N_(
                "{name} is also the name of player {other}; the score sheet will be hard to read."),
                name=player.name, other=seen[player.name.casefold()] + 1))
        seen.setdefault(player.name.casefold(), i)
    if game.solo:
        return  # the solo card flips every plan; "later" needs nobody's "first"
    claimed_first = {c.plan for p in game.players for c in p.sheet.claims if c.first}
    for i, player in enumerate(game.players):
        for k, claim in enumerate(player.sheet.claims):
            if not claim.first and claim.plan not in claimed_first and (game.in_play is None
                                                                       or claim.plan in game.in_play):
                player.problems.append(warning("plan-later-without-first", f"players[{i}].plans[{k}]", N_(
                    "Plan {plan} is claimed on its later side, but nobody claimed it first; the first player(s) to "
                    "meet a plan score its first side."), plan=claim.plan))


def read_game(doc: Any, rules: Rules = RULES, plans: dict[int, Plan] = PLANS) -> Game:
    """Read and check a whole game document; raise `NotAGameDocument` when it is not one at all."""
    if not isinstance(doc, dict):
        raise NotAGameDocument(f"A {GAME_FORMAT} document is a JSON object, not {show(doc)}.")
    if doc.get("format") != GAME_FORMAT:
        raise NotAGameDocument(f"Expected \"format\": \"{GAME_FORMAT}\", found {show(doc.get('format'))}.")
    if not isinstance(doc.get("players"), list) or not doc["players"]:
        raise NotAGameDocument("A game document needs \"players\": a non-empty list of player sheets.")
    head, bad, problems = read_model(GameDoc, doc, "", {"mode": "standard", "intermediate": True, "plans": []})
    assert isinstance(head, GameDoc)  # every field has a stand-in
    in_play: tuple[int, ...] | None = None
    if "plans" not in bad:
        in_play, found = _plans_in_play(head.plans, head.intermediate, plans)
        problems += found
    game = Game(head.mode, head.intermediate, in_play, [], problems)
    for i, raw in enumerate(doc["players"]):
        read = read_sheet(raw, rules)
        player = Player(raw_name(raw), read, [p.within(f"players[{i}]") for p in read.problems])
        own = check_sheet(read.sheet, read.unknown, head.intermediate) + _claims(player, in_play, plans)
        player.problems += [p.within(f"players[{i}]") for p in own]
        game.players.append(player)
    _table(game)
    check_round_logs(doc, game)
    return game
