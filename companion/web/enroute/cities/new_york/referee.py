"""New York's pages of a refereed game, plugged into the referee through `cities.register_referee`: the cafe
card the tracker reveals before each round (`/play/<token>/cafe`), the hotspot backs of the setup's city-goals
step, the personal goal's half on a player's page (`/play/s/<seat>/goal-half`), and the hotspot roads both pages
name. Everything is drawn from the board's features (`cafe_card`, `hotspot_card`, `dock`) and the city's rules
(`personal_goal_half`), so a board without them gets nothing from here.
"""

from __future__ import annotations

from flask import flash, redirect, request, url_for
from flask_wtf import FlaskForm
from wtforms import HiddenField, RadioField, SelectField

from .....games.core.problems import N_
from .....games.enroute import referee as ref
from .....games.enroute.board import Board
from ....core.i18n import _, lazy
from ...labels import join_list
from ...maps.svgmap import section_id
from ...referee import forms as pf
from ...referee import player, rounds, store
from ...referee.common import _form_message, _names
from ...referee.view import section_label, tourists_text

# ---- forms ------------------------------------------------------------------------------------------------------


class CafeForm(FlaskForm):
    """Reveal the round's cafe card: the companion's next card of the shuffled deck, or the table's."""

    card = SelectField(lazy("Cafe card"), choices=[], validate_choice=False)
    version = HiddenField()


class HalfForm(FlaskForm):
    """The half of the map the personal goal card's intersections go on."""

    half = RadioField(lazy("Half of the map"), choices=pf.options([("0", lazy("Left half")),
                                                                   ("1", lazy("Right half"))]),
                      validate_choice=False)
    version = HiddenField()


def hotspot_form(decks: dict[str, list[tuple[str, str]]]):
    """The hotspot card backs on top of each goal deck, drawn by the companion or the table's (one choice per deck
    that has backs)."""

    class HotspotForm(FlaskForm):
        """Draw or table; the table's back per deck."""

        source = RadioField(_("Hotspot cards"), choices=pf.options([("draw", _("The companion draws them")),
                                                                     ("table", _("We use the table's cards"))]),
                            validate_choice=False)
        version = HiddenField()

    for deck, cards in decks.items():
        setattr(HotspotForm, f"hot_{deck}", SelectField(_("Hotspot back on deck {deck}", deck=deck),
                                                        choices=pf.options([(pf.NONE, "–"), *cards]),
                                                        validate_choice=False))
    form = HotspotForm()
    form.decks = list(decks)
    return form


# ---- what the pages say (drawn from the board's features) --------------------------------------------------------

def cafe_card_label(board: Board, card_id: str | None) -> str:
    """Name a cafe card by what it gives every cafe this round ("" for none)."""
    card = board.feature("cafe_card", card_id) if card_id else None
    if card is None:
        return ""
    bonus = card.param("bonus")
    if bonus == "tourists":
        counts = dict(card.param("tourists") or ())
        return _("new tourists: {tourists}", tourists=tourists_text(counts))
    if bonus == "ticket":
        dock = board.feature("dock", card.param("dock"))
        return _("a Statue of Liberty ticket from {dock}", dock=(dock.name or dock.id) if dock else card.param("dock"))
    texts = {"section": N_("one route section anywhere"), "coordinate": N_("one coordinate change"),
             "pp": N_("8 PP at the end")}
    return _(texts[bonus]) if bonus in texts else str(bonus)


def cafe_cards(board: Board) -> list[tuple[str, str]]:
    """The board's cafe cards as (id, label) choices (none on a board without cafe cards)."""
    return [(f.id, cafe_card_label(board, f.id)) for f in board.features_of("cafe_card")]


def hotspot_roads(state: ref.GameState, player: int | None = None) -> list[str]:
    """Name the game's hotspot roads (a player's printed coordinates on their own page, else the map's grid)."""
    return [section_label(state, player, sec) if player is not None else _("road {a}–{b}", a=list(sec[0]),
                                                                             b=list(sec[1]))
            for sec in sorted(state.hotspots)]


def hotspot_card_label(board: Board, card_id: str) -> str:
    """Name a hotspot card back: its deck and roads (grid intersections)."""
    card = board.feature("hotspot_card", card_id)
    if card is None:
        return card_id
    roads = join_list(_("road {a}–{b}", a=list(a), b=list(b)) for a, b in card.sections)
    return _("deck {deck}: {roads}", deck=card.param("deck"), roads=roads)


def hotspot_css(state: ref.GameState, map_id: str = "map") -> str:
    """CSS that stripes the game's hotspot roads red on a player's map (double roads: two section allowances)."""
    if not state.hotspots:
        return ""
    ids = ", ".join(f"#{map_id} #{section_id(sec)}" for sec in sorted(state.hotspots))
    return f"{ids} {{ stroke: #c62828; stroke-width: 7; stroke-dasharray: 3 3; opacity: 1; }}"


# ---- the setup walk-through ---------------------------------------------------------------------------------------

def setup_step(game: store.Played, key: str):
    """The city-goals step of a board with hotspot backs: the companion's draw or the table's backs."""
    if key != "city-goals" or not game.board.features_of("hotspot_card"):
        return None
    backs = game.board.features_of("hotspot_card")
    decks = {d: [(f.id, hotspot_card_label(game.board, f.id)) for f in backs if f.param("deck") == d]
             for d in sorted({f.param("deck") for f in backs})}
    form = hotspot_form(decks)
    entered = game.setup.get("hotspot_cards") or []
    if request.method == "GET":
        form.source.data = "table" if entered else "draw"
        for cid in entered:
            card = game.board.feature("hotspot_card", cid)
            if card is not None:
                form[f"hot_{card.param('deck')}"].data = cid

    def apply(f, setup):
        """Save the table's backs (one per deck, each of its deck), or go back to the companion's draw."""
        if f.source.data != "table":
            setup.pop("hotspot_cards", None)
            return None, {}
        chosen = []
        for deck, cards in decks.items():
            cid = f[f"hot_{deck}"].data or ""
            if cid not in dict(cards):
                f[f"hot_{deck}"].errors = [_("Deck {deck}: choose the hotspot back on top.", deck=deck)]
                return f[f"hot_{deck}"].errors[0], {}
            chosen.append(cid)
        setup["hotspot_cards"] = chosen
        return None, {}
    return form, apply


def setup_extra(game: store.Played, key: str, setup: dict) -> dict:
    """The hotspot backs of this game (city-goals step) and the cafe deck (the start step)."""
    extra: dict = {}
    if key == "city-goals" and game.board.features_of("hotspot_card"):
        extra["hotspots"] = [hotspot_card_label(game.board, cid) for cid in store.hotspot_cards(game.board, setup)]
    if key == "start" and game.board.features_of("cafe_card"):
        extra["cafe_cards"] = [label for _cid, label in cafe_cards(game.board)]
    return extra


# ---- the tracker: the round's cafe card -------------------------------------------------------------------------

def _cafe_form(game: store.Played):
    """The tracker's cafe-card form (boards with cafe cards, cafes in play): the next card drawn or the table's."""
    if not game.board.features_of("cafe_card") or not game.state.cafes_in_play():
        return None
    form = CafeForm(data={"version": str(game.version)})
    top = store.next_cafe_card(game)
    form.card.choices = pf.options([("", _("the companion's next card ({card})",
                                            card=cafe_card_label(game.board, top)) if top else "–"),
                                    *cafe_cards(game.board)])
    return form


def tracker(game: store.Played) -> dict:
    """The tracker's cafe card (its form before the round), the hotspot roads and who still places a goal half."""
    state = game.state
    due = state.phase != "over" and not any(p.played for p in state.players) and store.round_cafe(game) is None
    waiting = store.needs_goal_half(game) if state.phase == "over" else []
    return {"cafe": _cafe_form(game) if state.phase == "selection" or due else None,
            "cafe_card": cafe_card_label(game.board, store.round_cafe(game)), "cafe_revealed": len(game.cafe_cards),
            "hotspots": hotspot_roads(state), "goal_halves": join_list(_names(game)[i] for i in waiting)}


def cafe_card(token: str):
    """Reveal the round's cafe card before the round: it sets every cafe's bonus this round."""
    game = rounds._started(token)
    form = _cafe_form(game) or CafeForm()
    if not form.validate_on_submit():
        flash(_form_message(form), "error")
        return rounds._render_tracker(game, status=400)
    card = form.card.data or store.next_cafe_card(game) or ""
    refused = rounds._record(game, form, "cafe", None, {"card": card[:80]})
    if refused:
        message, found, status = refused
        flash(message, "error")
        return rounds._render_tracker(store.load(token), status=status, problems=rounds._problems(found))
    return redirect(url_for("enroute.play.tracker", token=token))


# ---- a player's page: hotspots, the round's cafe card, the personal goal's half -----------------------------------

def seat(game: store.Played, number: int, ctx: dict) -> dict:
    """A player's hotspot roads (striped on the map), the round's cafe card, and the goal-half form at the end."""
    state = game.state
    extra = {"highlight": ctx.get("highlight", "") + hotspot_css(state), "hotspots": hotspot_roads(state, number),
             "cafe_card": cafe_card_label(game.board, store.round_cafe(game))}
    extra["cafe_pending"] = bool(game.board.features_of("cafe_card")) and state.cafes_in_play() \
        and not extra["cafe_card"] and "brief" in ctx
    if state.phase == "over" and number in store.needs_goal_half(game):
        extra["half"] = HalfForm(data={"version": str(game.version)})
    elif number in game.goal_halves:
        extra["half_placed"] = _("Your personal goal is on the right half of the map.") if game.goal_halves[number] \
            else _("Your personal goal is on the left half of the map.")
    return extra


def goal_half(seat_token: str):
    """Place the personal goal's intersections on the left or right half (secret until scoring)."""
    game, number = player._seat(seat_token)
    form = HalfForm()
    if not form.validate_on_submit() or form.half.data not in ("0", "1"):
        flash(_form_message(form, _("Choose the left or the right half.")), "error")
        return player._render_seat(game, number, seat_token, status=400)
    return player.seat_change(game, number, seat_token, form, "goal_half", {"half": int(form.half.data)},
                              _("Your personal goal is placed; it stays secret until scoring."))


def add_views(bp) -> None:
    """The cafe card's and the goal half's views, at the URLs and endpoint names they always had."""
    bp.add_url_rule("/<token>/cafe", "cafe_card", cafe_card, methods=["POST"])
    bp.add_url_rule("/s/<seat_token>/goal-half", "goal_half", goal_half, methods=["POST"])
