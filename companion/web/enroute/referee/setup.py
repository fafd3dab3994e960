"""Refereed games: the setup walk-through, the round tracker, each player's turn page, and the end.

Pages: `/play/new` and `/play/<game>/setup/<step>` (one step per screen),
`/play/<game>` (round tracker, the table's shared screen) and `/play/s/<seat>`
(a player's own secret page: personal goals, round brief, turn entry). Every
change is a POST with a CSRF token and the version the page showed, followed
by a redirect; a refused change re-renders the page with what was entered and
the engine's problems in the player's terms.
"""

from __future__ import annotations

import secrets

from flask import abort, flash, g, redirect, render_template, request, url_for

from ....games.core.problems import N_
from ....games.enroute import referee as ref
from ....games.enroute.board import board_to_json
from ....games.enroute.cityrules import rating_modes, rules_for
from ....games.enroute.goals import goal_to_json
from ....games.enroute.setup import goal_catalogue, setup_steps, solo_cells, solo_challenges
from ...core import db as core_db
from ...core import limits
from ...core.i18n import _, data_name
from ...core.qr import qr_response
from ...core.security import small_int
from ...core.tables import host as core_host
from ...core.tables import seats
from ...core.tables.names import duplicate_names
from .. import cities
from ..boards import store as board_store
from ..labels import join_list, label
from . import forms as pf
from . import pairs, store, view
from .common import _form_message, _game, _names, _version, bp, conflict_message, is_host

PRE_STEPS = ("mode", "level", "rating", "players")


def step_keys(game: store.Played) -> list[str]:
    """Return the walk-through's steps for the game's options, in order."""
    return list(PRE_STEPS) + [s.key for s in setup_steps(game.options(), game.board)] + ["start"]


@bp.route("/new", methods=["GET", "POST"])
@limits.creates_table
def new():
    """Step 1: choose the city, normal/solo/team and the turn-by-turn referee; this creates the game."""
    boards = board_store.available_boards()
    form = pf.ModeForm()
    form.board.choices = pf.options((b.id, data_name(b.name)) for b in boards)
    if request.method == "POST":
        if form.validate_on_submit() and form.mode.data in dict(pf.MODES):
            board = next((b for b in boards if b.id == form.board.data), boards[0])
            setup = {"mode": form.mode.data, "referee": bool(form.referee.data), "level": "full",
                     "rating_mode": _first_rating(board, form.mode.data), "names": [],
                     "seed": new_seed(),
                     "goals_source": "draw", "goals": [], "balance": [], "player_boards": [], "first_player": 0,
                     "challenge": None}
            token = store.create_game(board.id, board_to_json(board), setup)
            seats.make_host(store.GAME, token)  # this phone hosts the game (and the core registers it)
            core_db.new_table_code("enroute", url_for("enroute.play.tracker", token=token), f"{board.name} · referee")
            return redirect(url_for("enroute.play.setup", token=token, key="level"))
        flash(_form_message(form), "error")
        return render_template("enroute/play/new.html", form=form), 400
    return render_template("enroute/play/new.html", form=form)


def new_seed() -> int:
    """The seed of a new game's digital draws (boards, first player, goal cards, personal goals)."""
    return secrets.randbelow(2 ** 31)


def _first_rating(board, mode: str) -> str:
    """The rating mode a new game starts with: standard when the city allows it in this mode (Paris: advanced)."""
    allowed = rating_modes(board, mode)
    return "standard" if "standard" in allowed else allowed[0]


def _refresh_draw(game: store.Played, setup: dict, names_changed: bool) -> None:
    """Redo the digital draws that depend on the options (boards, first player, goals) for the game's seed."""
    if names_changed:
        setup["balance"] = [[] for _name in setup["names"]]
    try:
        draw = store.the_draw(game.board, setup)
    except ValueError:
        return  # an impossible combination (e.g. team with 3 names) is explained on the players and start steps
    setup["player_boards"] = list(draw.player_boards)
    setup["first_player"] = draw.first_player
    if setup.get("goals_source", "draw") == "draw":
        setup["goals"] = [goal_to_json(c) for c in draw.goals]


@bp.route("/<token>/setup/<key>", methods=["GET", "POST"])
def setup(token: str, key: str):
    """Show one setup step (what to do at the table, and the companion's draw or choice) and save it."""
    game = _game(token)
    g.play_game = game  # the draws in the step functions need the board
    keys = step_keys(game)
    if key not in keys:
        abort(404, description=_("There is no setup step {key} for this game.", key=repr(key)[:40]))
    if game.started and request.method == "POST":
        flash(_("The game has started; its setup can no longer change."), "error")
        return redirect(url_for("enroute.play.tracker", token=token))
    index = keys.index(key)
    form, apply = _step_form(game, key)
    status = 200
    if request.method == "POST":
        if key == "start":
            return _start(game, form)
        if key == "personal-goals":
            if not form.validate_on_submit():
                flash(_form_message(form), "error")
                return redirect(url_for("enroute.play.setup", token=token, key=key))
            waiting = [game.setup["names"][s["seat"]] for s in game.seats if s["kept"] is None]
            if waiting:
                flash(_("Waiting for {names} to keep a personal goal on their own phone.", names=join_list(waiting)),
                      "error")
                return redirect(url_for("enroute.play.setup", token=token, key=key))
            return redirect(url_for("enroute.play.setup", token=token, key=keys[index + 1]))
        if form is not None and form.validate_on_submit():
            setup = dict(game.setup)
            message, flags = apply(form, setup) if apply else (None, {})
            if message is None:
                saved = store.save_setup(token, _version(form), setup, **flags)
                if saved is not None:
                    nxt = step_keys(store.load(token))
                    after = nxt[nxt.index(key) + 1] if key in nxt else nxt[0]
                    return redirect(url_for("enroute.play.setup", token=token, key=after))
                message = conflict_message(["setup"])
                status = 409
            else:
                status = 422
            flash(message, "error")
        else:
            flash(_form_message(form) if form is not None else _("Nothing to save here."), "error")
            status = 400
    elif form is not None:
        form.version.data = str(game.version)
    steps = {s.key: s for s in setup_steps(game.options(), game.board)}
    step = steps.get(key)
    titles = {k: view.step_title(k, steps.get(k)) for k in keys}
    text = view.step_text(step, game.options(), game.board) if step is not None else ""
    return render_template("enroute/play/setup.html", game=game, key=key, keys=keys, index=index, form=form,
                           host=is_host(game.id),
                           step=step, title=titles[key], text=text, titles=titles, extra=_step_extra(game, key),
                           action=pf.ActionForm(), mark=store.page_mark(game), hold=status != 200,
                           events=seats.events(store.GAME, game.id)), status


def _step_form(game: store.Played, key: str):
    """Return the form of a step (or None) and the function that writes it into the setup."""
    s, names = game.setup, _names(game)
    if key == "mode":
        form = pf.ModeForm()
        del form.board
        if request.method == "GET":
            form.mode.data, form.referee.data = s["mode"], s.get("referee", True)

        modes = rules_for(game.board).modes
        form.mode.choices = [c for c in form.mode.choices if c.value in modes]

        def apply(f, setup):
            """Save the mode (one the city allows) and the referee switch."""
            if f.mode.data not in dict(pf.MODES) or f.mode.data not in modes:
                return _("Choose normal, solo or team."), {}
            changed = setup["mode"] != f.mode.data
            setup["mode"], setup["referee"] = f.mode.data, bool(f.referee.data)
            allowed = rating_modes(game.board, setup["mode"])  # Paris: advanced, its solo game standard
            if setup.get("rating_mode") not in allowed:
                setup["rating_mode"] = allowed[0]
            _refresh_draw(game, setup, False)
            return None, {"offers_changed": changed}
        return form, apply
    if key == "level":
        form = pf.LevelForm(data={"level": s["level"]} if request.method == "GET" else None)

        levels = rules_for(game.board).levels
        form.level.choices = [c for c in form.level.choices if c.value in levels]

        def apply(f, setup):
            """Save the level (one the city allows)."""
            if f.level.data not in pf.LEVEL_TEXT or f.level.data not in levels:
                return _("Choose a level."), {}
            changed = setup["level"] != f.level.data
            setup["level"] = f.level.data
            _refresh_draw(game, setup, False)
            return None, {"offers_changed": changed}
        return form, apply
    if key == "rating":
        form = pf.RatingForm(data={"rating_mode": s["rating_mode"]} if request.method == "GET" else None)
        allowed = rating_modes(game.board, s["mode"])  # Rio: standard only; Paris: advanced, its solo standard
        form.rating_mode.choices = [c for c in form.rating_mode.choices if c.value in allowed]
        form.rating_mode.validate_choice = False  # a mode the city forbids is explained by `apply`

        def apply(f, setup):
            """Save the rating mode (one the city allows)."""
            if f.rating_mode.data not in pf.RATING_TEXT:
                return _("Choose standard or advanced."), {}
            if f.rating_mode.data not in allowed:
                f.rating_mode.errors = [_("{city} allows only: {modes}.", city=game.board.name,
                                          modes=join_list(label(f"rating_title_{m}", m) for m in allowed))]
                return f.rating_mode.errors[0], {}
            setup["rating_mode"] = f.rating_mode.data
            return None, {}
        return form, apply
    if key == "players":
        form = pf.PlayersForm(data={f"name_{i}": n for i, n in enumerate(names)} if request.method == "GET" else None)
        return form, _apply_players
    if key == "goals":
        form = pf.goals_form(city_goals(game.board))
        if request.method == "GET":
            form.source.data = s.get("goals_source", "draw")
            by_deck = {c.get("deck"): c for c in s.get("goals") or []}
            for deck in "ABC":
                form[f"deck_{deck}"].data = next((cid for cid, c in city_goals(game.board)
                                                  if goal_to_json(_covered(game.board, cid, c)) == by_deck.get(deck)),
                                                 "")
        return form, _apply_goals
    if key == "challenge":
        form = pf.ChallengeForm()
        form.cell.choices = pf.options((f"{r}-{c}", view.cell_label(cell))
                                       for r, c, cell in solo_cells(s["level"], game.board))
        if request.method == "GET" and s.get("challenge"):
            form.cell.data = "-".join(map(str, s["challenge"]))

        def apply(f, setup):
            """Save the chosen challenge cell."""
            if f.cell.data not in {c.value for c in f.cell.choices}:
                return _("Choose a cell of the challenge table."), {}
            setup["challenge"] = [int(v) for v in f.cell.data.split("-")]
            return None, {}
        return form, apply
    if key == "player-boards":
        numbers = [(str(pb.number), _("board {n}", n=pb.number)) for pb in game.board.player_boards]
        form = pf.seats_form(names, numbers, N_("{name}: player board"))
        if request.method == "GET":
            for i, n in enumerate(s.get("player_boards") or []):
                if i < len(names):
                    form[f"seat_{i}_0"].data = str(n)
        return form, _apply_boards
    if key == "balance":
        sides = [("", _("none"))] + [(side, label(f"balance_{side}")) for side in ref.BALANCE_SIDES]
        form = pf.seats_form(names, sides, N_("{name}: balance card {k}"), fields=2)
        if request.method == "GET":
            for i, cards in enumerate(s.get("balance") or []):
                for k, side in enumerate(cards[:2]):
                    if i < len(names):
                        form[f"seat_{i}_{k}"].data = side

        def apply(f, setup):
            """Save each player's balance cards and sides."""
            setup["balance"] = [[f[f"seat_{i}_{k}"].data for k in range(2)
                                 if f[f"seat_{i}_{k}"].data in ref.BALANCE_SIDES] for i in range(len(names))]
            return None, {}
        return form, apply
    if key == "first-player":
        form = pf.FirstForm()
        form.first.choices = pf.options((str(i), n) for i, n in enumerate(names))
        if request.method == "GET":
            form.first.data = str(s.get("first_player", 0))

        def apply(f, setup):
            """Save the first active player."""
            raw = f.first.data or ""
            if not raw.isdigit() or int(raw) >= len(names):
                return _("Choose one of the players."), {}
            setup["first_player"] = int(raw)
            return None, {}
        return form, apply
    if pairs.is_tour_step(game.board, key):  # Paris: the thematic tour revealed per bonus area
        cls = type("ToursForm", (pf.ActionForm,), {})
        pairs.add_tour_fields(cls, game.board, s)
        form = cls()

        def apply(f, setup):
            """Save the revealed tours."""
            chosen, message = pairs.read_tours(f, game.board)
            if chosen is None:
                return message, {}
            setup["tours"] = chosen
            return None, {}
        return form, apply
    if key in ("start", "personal-goals"):
        return pf.ActionForm(), None
    return cities.setup_step(game, key) or (None, None)


def _apply_players(form, setup: dict):
    """Check and save the names for the mode (solo 1, team 4, normal 2–4)."""
    names = form.names()
    mode = setup["mode"]
    wanted = {"solo": (1, 1), "team": (4, 4)}.get(mode, (2, 4))
    if not wanted[0] <= len(names) <= wanted[1]:
        need = {"solo": _("This game needs one player."),
                "team": _("This game needs four players (partners sit opposite: 1 & 3 against 2 & 4).")}.get(
            mode, _("This game needs two to four players."))
        form.name_0.errors = [need]
        return need, {}
    if any(len(n) > 40 for n in names):
        return _("A name has at most 40 characters."), {}
    repeated = duplicate_names(names)
    if repeated:  # case and spacing do not tell two players apart (core names)
        fields = [f for f in (form.name_0, form.name_1, form.name_2, form.name_3) if (f.data or "").strip()]
        for later, earlier in repeated:
            fields[later].errors = [_("{name} is already a player.", name=names[earlier])]
        return _("Two players have the same name; tell them apart."), {}
    changed = names != setup.get("names")
    setup["names"] = names
    _refresh_draw(g.play_game, setup, changed)
    return None, {"names_changed": changed}


def _apply_goals(form, setup: dict):
    """Save the goal cards: the companion's draw, or the cards the table recorded."""
    setup["goals_source"] = form.source.data if form.source.data in ("draw", "table") else "draw"
    if setup["goals_source"] == "draw":
        _refresh_draw(g.play_game, setup, False)
        return None, {}
    board = g.play_game.board
    by_id = dict(city_goals(board))
    cards = []
    for deck in "ABC":
        cid = form[f"deck_{deck}"].data or ""
        if cid and (cid not in by_id or by_id[cid].deck != deck):
            return _("Goal {deck}: choose one of the listed cards.", deck=deck), {}
        if cid:
            cards.append(goal_to_json(_covered(board, cid, by_id[cid])))
    setup["goals"] = cards
    return None, {}


def city_goals(board) -> list[tuple[str, object]]:
    """Return the (id, card) goal cards a city's table can draw: the catalogue with the city's added or replacing
    special cards (`CityRules.goal_pile`, decks A, B and C)."""
    return rules_for(board).goal_cards(goal_catalogue())


def _covered(board, card_id: str, card):
    """Return the card that counts when `card_id` is drawn: a city's special card put on top of it (Rio), or itself."""
    return rules_for(board).covered(card_id) or card


def _apply_boards(form, setup: dict):
    """Save the player boards the table dealt (each board once; team: partners opposite hold 1 & 3 or 2 & 4)."""
    chosen = [small_int(form[f"seat_{i}_0"].data) for i in range(len(setup["names"]))]
    if None in chosen or len(set(chosen)) != len(chosen):
        return _("Each player gets a different player board."), {}
    if setup["mode"] == "team" and {chosen[0], chosen[2]} not in ({1, 3}, {2, 4}):
        return _("Team game: partners sit opposite and hold boards 1 and 3, or 2 and 4."), {}
    setup["player_boards"] = chosen
    return None, {}


def _step_extra(game: store.Played, key: str) -> dict:
    """Return what a step shows besides its form: the draw, seat links, the solo sequence, a summary."""
    s = game.setup
    extra: dict = {"names": _names(game)}
    if pairs.is_tour_step(game.board, key) or (key == "start" and game.board.features_of("tour")):
        extra["tours"] = pairs.tour_names(game.board, s)
        extra["tour_step"] = key != "start"
    if key in ("goals", "start", "city-goals"):
        extra["goals"] = s.get("goals") or []
        rules = rules_for(game.board)
        cover = rules.covered(rules.covers) if rules.covers else None
        extra["cover"] = _("{city}'s special goal card {card} goes on top of {covered} when that card is drawn "
                           "(it counts instead).", city=game.board.name, card=cover.name,
                           covered=dict(goal_catalogue()).get(rules.covers).name
                           if rules.covers in dict(goal_catalogue()) else rules.covers) if cover else ""
        extra["special"] = [c.name for _cid, c in rules.special_goals] if rules.goal_mode in ("add", "replace") else []
    extra.update(cities.setup_extra(game, key, s))  # a city's own setup texts (say its hotspot backs)
    if key == "personal-goals":
        extra["code"] = table_code(game)
        extra["seats"] = store.public_seats(game)  # names, held, kept or not: never which card
    if key == "start":
        extra["problems"] = _start_problems(game)
        extra["boards"] = s.get("player_boards") or []
        extra["balance"] = [join_list(label(f"balance_{side}", side) for side in cards)
                            for cards in s.get("balance") or []]
        cell = s.get("challenge")
        extra["challenge"] = solo_challenges(game.board)[cell[0]][cell[1]] if cell else None
        extra["challenge_text"] = view.cell_label(extra["challenge"]) if cell else ""
    return extra


def table_code(game: store.Played) -> str | None:
    """The eight-letter code other phones type to reach this game (None when it has none)."""
    found = core_db.code_for_path(url_for("enroute.play.tracker", token=game.id))
    return found["code"] if found else None


@bp.get("/<token>/qr.png")
def qr(token: str):
    """The QR code of the game's round tracker (players open it to tap "This is me")."""
    game = _game(token)
    return qr_response("enroute.play.tracker", token=game.id)


def _start_problems(game: store.Played) -> list[str]:
    """List what still stops the game from starting."""
    s, problems = game.setup, []
    names = _names(game)
    if not names:
        problems.append(_("Enter the players' names."))
        return problems
    try:
        store.the_draw(game.board, s)
    except ValueError as exc:
        problems.append(_draw_problem(game, names, exc))
        return problems
    if s["level"] != "simplified":
        waiting = [names[r["seat"]] for r in game.seats if r["kept"] is None and r["seat"] < len(names)]
        if waiting:
            problems.append(_("Waiting for {names} to keep a personal goal.", names=join_list(waiting)))
    if s["mode"] == "solo" and not s.get("challenge"):
        problems.append(_("Choose a cell of the challenge table."))
    elif s["mode"] == "solo" and tuple(s["challenge"]) not in {(r, c) for r, c, _cell in solo_cells(s["level"],
                                                                                                 game.board)}:
        # the level was changed after the cell was chosen: its goal cards would never be dealt (issue 13, R2)
        problems.append(_("The chosen cell asks for goal cards, which only the full game deals: choose a cell "
                          "without goal cards or play the full game."))
    return problems


def _draw_problem(game: store.Played, names: list[str], exc: ValueError) -> str:
    """Say why the options cannot be dealt (the engine's reasons, in the page's language)."""
    mode, boards = game.setup["mode"], len(game.board.player_boards)
    if mode == "team" and len(names) != 4:
        return _("This game needs four players (partners sit opposite: 1 & 3 against 2 & 4).")
    if mode == "solo" and len(names) != 1:
        return _("This game needs one player.")
    if len(names) > boards:
        return _("{city} has {boards} player boards; {n} players cannot each get one.", city=game.board.name,
                 boards=boards, n=len(names))
    if mode == "team":
        return _("A team game needs player boards 1 to 4.")
    return _("The setup cannot start a game: {error}", error=str(exc))


def _start(game: store.Played, form):
    """Start the game: every setup choice is fixed and the first round can be entered."""
    if not form.validate_on_submit():
        flash(_form_message(form), "error")
        return redirect(url_for("enroute.play.setup", token=game.id, key="start"))
    problems = _start_problems(game)
    if not problems:
        try:
            store.initial_state(game)
        except (ValueError, IndexError, KeyError) as exc:
            problems.append(_("The setup cannot start a game: {error}", error=str(exc)))
    if problems:
        for p in problems:
            flash(p, "error")
        return redirect(url_for("enroute.play.setup", token=game.id, key="start"))
    if store.start(game.id, _version(form)) is None:
        flash(conflict_message(["setup"]), "error")
        return redirect(url_for("enroute.play.setup", token=game.id, key="start"))
    return redirect(url_for("enroute.play.tracker", token=game.id))


# ---- seats ---------------------------------------------------------------------------------------

def _back(token: str, game) -> str:
    """Where a seat action returns: the setup step it came from, else the tracker."""
    back = request.form.get("back") or ""
    if back in PRE_STEPS or back in step_keys(game):
        return url_for("enroute.play.setup", token=token, key=back)
    return url_for("enroute.play.tracker", token=token)


@bp.post("/<token>/seats/<int:seat>/claim")
@limits.claims_seat
def claim(token: str, seat: int):
    """"This is me": a free seat goes to the phone that asks first (its secret page); a held seat is refused.

    The core's one claim policy (`core.tables.seats`): from the table link a held seat never moves; only its
    own link or the host's new link moves it, and the table's log says so.
    """
    game = _game(token)
    form = pf.ActionForm()
    if not form.validate_on_submit():
        flash(_form_message(form), "error")
        return redirect(_back(token, game))
    if small_int(seat) is None or seat >= len(_names(game)):
        abort(404, description=_("There is no such seat."))
    row = next((r for r in game.seats if r["seat"] == seat), None)
    if row is None or not seats.claim(store.GAME, game.id, seat, _names(game)[seat], by_link=False).ok:
        flash(_("{name}'s seat is taken already. If that was not you, the game's host can give the seat a new link.",
                name=_names(game)[seat]), "error")
        return redirect(_back(token, game))
    return redirect(url_for("enroute.play.seat", seat_token=row["token"]))


@bp.post("/<token>/seats/<int:seat>/new-link")
def new_link(token: str, seat: int):
    """The host gives a seat a new secret link (for a lost phone); the old link stops working, the seat is free
    for the next "This is me", and the table's log shows it to everyone."""
    game = _game(token)
    form = pf.ActionForm()
    if not form.validate_on_submit():
        flash(_form_message(form), "error")
    elif not is_host(game.id):
        core_host.refuse()  # the core answers first (TableSpec.host_actions); this stays as a second check
    elif small_int(seat) is None or seat >= len(_names(game)) or not store.reissue_seat(game.id, seat):
        abort(404, description=_("There is no such seat."))
    else:
        seats.reissued(store.GAME, game.id, seat, _names(game)[seat])
        flash(_("{name} has a new link; the old one no longer works. {name} taps “This is me” again.",
                name=_names(game)[seat]), "ok")
    back = request.form.get("back") or ""
    if back in PRE_STEPS or back in step_keys(game):
        return redirect(url_for("enroute.play.setup", token=token, key=back))
    return redirect(url_for("enroute.play.tracker", token=token))
