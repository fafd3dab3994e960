"""What the pages show of a table: every seat replayed, the score so far, the plans' sides and the sheet's layout.

Nothing here writes: `load_state` reads the table's seats, replays each one
(`live.replay`) and scores the whole table through the engine, so the phone,
the table page and the score sheet all show the same numbers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ...games.core.problems import Problem
from ...games.welcome_to import PLANS, RULES, score_document
from ...games.welcome_to.data import ESTATE_SIZES
from ...games.welcome_to.sheet import BIS, NUMBER, ROUNDABOUT
from ..core.i18n import _, problem_text
from . import rounds, store
from .labels import CARD_EFFECT_ORDER, END_TEXTS, ROW_LABELS, effect_label, move_text, plan_text
from .live import (
    Live,
    Settings,
    check_entry,
    earliest_claims,
    end_reasons,
    first_side,
    game_json,
    replay,
    settings_of,
    with_round_log,
)


@dataclass
class TableState:
    """A table as read now: settings, seats (rows), each seat's live sheet and the score document."""

    table: dict
    settings: Settings
    seats: list[dict]
    lives: list[Live]
    score: dict = field(default_factory=dict)

    @property
    def names(self) -> list[str]:
        """The players' names in seat order."""
        return [s["name"] for s in self.seats]

    def doc(self, with_log: bool = False) -> dict:
        """The whole table as a `welcome-to-game/1` document (downloads add the rounds and each round log)."""
        doc = game_json(self.settings, self.names, self.lives)
        return with_round_log(doc, self.settings, self.lives) if with_log else doc

    def index(self, token: str) -> int:
        """The position of a seat (by its token)."""
        return next(i for i, s in enumerate(self.seats) if s["token"] == token)


def load_state(table: dict) -> TableState:
    """Read every seat of a table, replay it and score the table."""
    settings = settings_of(table)
    seats = store.get_seats(table["id"])
    lives = [replay(s["name"], s["base"], s["log"], settings, i) for i, s in enumerate(seats)]
    state = TableState(table, settings, seats, lives)
    state.score = score_document(state.doc()) if seats else {"players": []}
    return state


def _track(values: tuple[int, ...], crossed: int) -> dict:
    """A track's boxes (index 0 is the printed start value) and how many are crossed."""
    return {"boxes": list(values[1:]), "crossed": crossed, "start": values[0], "full": crossed >= len(values) - 1}


def streets_view(live: Live) -> list[dict]:
    """The three streets as lines of houses, with fences, pools, estates and the houses plans took."""
    sheet = live.sheet
    in_estate = {(e.street, h): e.size for e in sheet.estates() for h in range(e.start, e.end + 1)}
    pools = set(sheet.pools)
    streets = []
    for s, row in enumerate(sheet.streets):
        cells = []
        for h, house in enumerate(row):
            label = "" if house.kind not in (NUMBER, BIS, ROUNDABOUT) else (
                "R" if house.kind == ROUNDABOUT else f"{house.number}{'b' if house.kind == BIS else ''}")
            cells.append({"s": s, "h": h, "label": label, "kind": house.kind,
                          "pool": "built" if (s, h) in pools else ("printed" if (s, h) in RULES.pool_positions
                                                                    else None),
                          "fence": sheet.has_fence(s, h), "last": h == len(row) - 1,
                          "estate": in_estate.get((s, h)), "plan": (s, h) in sheet.plan_houses,
                          "now": live.turn.written == (s, h)})
        lines = [cells]  # one line per street, as on the printed sheet (it scrolls sideways on a phone)
        streets.append({"index": s, "lines": lines, "size": len(row),
                        "parks": _track(RULES.park_tracks[s], sheet.parks[s])})
    return streets


def tracks_view(live: Live) -> dict:
    """The columns beside the streets: pools, temps, estate values, bis, refusals, roundabouts."""
    sheet = live.sheet
    return {
        "pools": _track(RULES.pool_track, len(set(sheet.pools))),
        "temps": {"boxes": list(range(1, RULES.temp_boxes + 1)), "crossed": sheet.temps,
                  "full": sheet.temps >= RULES.temp_boxes},
        "estates": [{"size": n, **_track(RULES.estate_track(n), sheet.estate_values[n - 1])} for n in ESTATE_SIZES],
        "bis": _track(RULES.bis_track, sheet.bis_count),
        "refusals": _track(RULES.refusal_track, sheet.refusals),
        "roundabouts": _track(RULES.roundabout_track, sheet.roundabout_count),
    }


def flipped(plan_id: int, live: Live, state: TableState) -> bool:
    """Tell whether a plan shows its later side to this player now (someone claimed it in an earlier round)."""
    if state.settings.solo:
        return live.solo_card is not None
    earliest = earliest_claims(state.lives).get(plan_id)
    return earliest is not None and earliest < live.round


def plans_view(live: Live, state: TableState) -> list[dict]:
    """The plans in play: what each asks, its points, who claimed it on which side, and whether I may claim it now."""
    earliest = earliest_claims(state.lives)
    cards = []
    for plan_id in state.settings.plans:
        plan = PLANS[plan_id]
        mine = next((c for c in live.claims if c.plan == plan_id), None)
        others = [{"name": name, "first": first_side(c, other, earliest, state.settings)}
                  for name, other in zip(state.names, state.lives) if other is not live
                  for c in other.claims if c.plan == plan_id]
        refused = check_entry(live, {"kind": "plan", "plan": plan_id}, state.settings) if mine is None else []
        cards.append({"id": plan_id, "stack": plan.stack, "text": plan_text(plan), "first_points": plan.first_points,
                      "later_points": plan.later_points, "advanced": plan.advanced,
                      "mine": None if mine is None else {"first": first_side(mine, live, earliest, state.settings),
                                                         "round": mine.round},
                      "others": others, "flipped": flipped(plan_id, live, state),
                      "can_claim": mine is None and not refused,
                      "why_not": problem_text(refused[0]) if refused else ""})
    return cards


def round_view(live: Live, settings: Settings) -> dict:
    """The round being played: the card's effect, where the number went, what the effect may still do."""
    turn = live.turn
    written = turn.written
    effect = turn.effect
    open_effect = bool(written and effect and not turn.effect_used)
    return {"number": live.round, "effect": effect, "effect_label": effect_label(effect), "written": written,
            "written_text": _("street {street}, house {house}", street=written[0] + 1, house=written[1] + 1)
            if written else "", "refused": turn.refused, "effect_used": turn.effect_used,
            "open_effect": effect if open_effect else None, "done": live.number_done,
            "pool_here": bool(written and written in RULES.pool_positions),
            "solo": settings.solo, "solo_card": live.solo_card, "intermediate": settings.intermediate,
            "card_number": turn.number, "joined": settings.starts.get(live.seat) if live.seat is not None else None,
            **offer_view(live, settings)}


def offer_view(live: Live, settings: Settings) -> dict:
    """The table's offer for this seat's round: the cards and the pairs it may take (none: not dealt)."""
    offer = settings.offer_for(live.seat, live.round)
    if offer is None:
        return {"offer": None, "offer_pairs": [], "waits": settings.waits(live.seat, live.round)}
    shown = [{"number": c.number, "effect": c.effect, "label": effect_label(c.effect)} for c in offer.shown]
    seen: set = set()
    pairs = []
    for p in offer.pairs:
        if (p.number, p.effect) not in seen:
            seen.add((p.number, p.effect))
            pairs.append({"number": p.number, "effect": p.effect, "label": effect_label(p.effect),
                          "chosen": live.turn.number == p.number and live.turn.effect == p.effect})
    return {"offer": {"kind": offer.mode, "shown": shown}, "offer_pairs": pairs, "waits": False}


def hand_entry(live: Live, state: TableState) -> dict | None:
    """Advanced with physical cards: the form where this seat taps in its own three cards for its round (None when
    the table does not play so, or the round's number is written: the hand no longer changes)."""
    if state.settings.mode != "advanced" or live.number_done or rounds.is_advanced(state.table.get("deck")):
        return None
    offer = state.settings.offer_for(live.seat, live.round)
    cards = [{"number": c.number, "effect": c.effect} for c in offer.shown] if offer else []
    return {"round": live.round, "cards": cards, "effects": [(e, effect_label(e)) for e in CARD_EFFECT_ORDER]}


def score_entry(state: TableState, index: int) -> dict:
    """One player's entry of the score document (rows, total, rank, problems)."""
    players = state.score.get("players", [])
    return players[index] if index < len(players) else {}


def _place(path: str) -> str:
    """Where a problem is, in the sheet's words ("Player 2 · Round 5", "Player 2 · street 1, house 4"), from its
    document path."""
    parts = []
    player = re.match(r"players\[(\d+)\]", path or "")
    if player:
        parts.append(_("Player {n}", n=int(player.group(1)) + 1))
    logged = re.search(r"\.log\[(\d+)\]", path or "")
    if logged:
        parts.append(_("Round {n}", n=int(logged.group(1)) + 1))
    house = re.search(r"streets\[(\d+)\]\[(\d+)\]", path or "")
    if house:
        parts.append(_("street {street}, house {house}", street=int(house.group(1)) + 1,
                       house=int(house.group(2)) + 1))
    return " · ".join(parts)


def problem_lines(problems: list[dict]) -> list[dict]:
    """Problems (score-document items, or engine problems under "problem") as lines in the page's language, each
    led by where it is in the table's words (never the document's path)."""
    return [{"severity": p["severity"], "text": problem_text(p.get("problem", p), _place(p.get("path", "")))}
            for p in problems]


def end_news(state: TableState) -> list[str]:
    """The end conditions met at the table, one line each (empty while the game goes on)."""
    return [_(END_TEXTS[reason], name=name) for name, live in zip(state.names, state.lives)
            for reason in end_reasons(live, state.settings)]


def reshuffle_askers(state: TableState) -> list[int]:
    """The seats asked whether to reshuffle the stacks: those who completed a plan in the earliest round anyone did
    (an imported first claim counts as round 0), while the question is open (several: whoever answers first)."""
    if not rounds.reshuffle_open(state.table.get("deck")):
        return []
    when = {i: [c.round if c.round is not None else 0 for c in live.claims if c.round is not None or c.first]
            for i, live in enumerate(state.lives)}
    earliest = min((r for found in when.values() for r in found), default=None)
    return [] if earliest is None else [i for i, found in when.items() if earliest in found]


def sheet_context(state: TableState, index: int) -> dict[str, Any]:
    """Everything the seat page and its sheet fragment need."""
    live = state.lives[index]
    entry = score_entry(state, index)
    last = move_text(live.log[-1]) if live.log else ""
    return {"live": live, "streets": streets_view(live), "tracks": tracks_view(live),
            "plans": plans_view(live, state), "round": round_view(live, state.settings), "score": entry,
            "score_problems": problem_lines(entry.get("problems", [])), "last_move": last, "news": end_news(state),
            "dropped": [problem_text(p) for p in live.dropped], "row_labels": ROW_LABELS,
            "table_rows": status_rows(state), "reshuffle_ask": index in reshuffle_askers(state),
            "hand_entry": hand_entry(live, state)}


def status_rows(state: TableState) -> list[dict]:
    """Each seat's line on the table page: round, houses built, refusals, plans, total so far."""
    rows = []
    for i, (seat, live) in enumerate(zip(state.seats, state.lives)):
        built = sum(1 for _s, _h, house in live.sheet.positions() if house.built)
        entry = score_entry(state, i)
        rows.append({"seat": seat["seat"], "name": seat["name"], "round": live.round,
                     "built": built, "houses": sum(RULES.street_sizes), "refusals": live.sheet.refusals,
                     "claims": len(live.claims), "total": entry.get("total"), "version": seat["version"],
                     "updated": seat["updated"], "problems": len(entry.get("problems", []))})
    return rows


def problems_of(items: list[Problem]) -> list[dict]:
    """Engine problems as lines in the page's language, each with the path it concerns."""
    return problem_lines([p.to_json() | {"problem": p} for p in items])
