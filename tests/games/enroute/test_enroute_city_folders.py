"""A city is a folder in every layer (issue 33): shared En Route modules name no city, and a seventh city plugs
into the engine, the web map, the refereed table and the printables by adding folders only."""

from __future__ import annotations

import argparse
import copy
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

ROOT = Path(__file__).resolve().parents[3]
LAYERS = ("companion/games/enroute", "companion/web/enroute", "printables/enroute")
ENGINE_CITIES = ROOT / "companion/games/enroute/cities"


def city_ids() -> list[str]:
    """Every engine city folder's id, with `_` and with `-` (the boards' `rules.city` spelling)."""
    names = sorted(p.name for p in ENGINE_CITIES.iterdir() if (p / "rules.py").exists())
    return sorted({n for name in names for n in (name, name.replace("_", "-"))})


def city_pattern() -> re.Pattern:
    """A city id standing alone or inside an identifier/file name (`_new_york_draws`, `paris-example`)."""
    return re.compile(r"(?<![A-Za-z0-9])(" + "|".join(map(re.escape, city_ids())) + r")(?![A-Za-z0-9])")


WEB_SUBPACKAGES = ("referee", "tables", "boards", "maps", "routes")
SHARED_WEB_FILES = ("companion/web/enroute/static", "templates/enroute")  # scripts, styles and templates


def shared_modules() -> list[Path]:
    """The Python modules of the three En Route layers outside their `cities/` folders."""
    return sorted(p for layer in LAYERS for p in (ROOT / layer).rglob("*.py")
                  if "cities" not in p.relative_to(ROOT / layer).parts)


def shared_web_files() -> list[Path]:
    """The game's shared static files (scripts, styles) and its templates."""
    return sorted(p for folder in SHARED_WEB_FILES for p in (ROOT / folder).rglob("*") if p.is_file())


def city_id_lines(paths: list[Path]) -> list[str]:
    """Every file name and line of `paths` that names a city id."""
    pattern = city_pattern()
    found = []
    for path in paths:
        rel = path.relative_to(ROOT).as_posix()
        if pattern.search(path.name):
            found.append(f"{rel}: file name")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line):
                found.append(f"{rel}:{number}: {line.strip()}")
    return found


def test_the_city_ids_are_the_six_world_cities():
    """The grep looks for what it should: the six world cities, in both spellings."""
    ids = city_ids()
    assert {"london", "rio", "cairo", "hong_kong", "hong-kong", "paris", "new_york", "new-york"} <= set(ids)


def test_the_pattern_catches_ids_in_names_and_not_in_words():
    """It finds `_new_york_draws`, `svg_paris`, "paris-example" and `from .new_york import x`; not "Paris" prose,
    "scenario" or "period"."""
    pattern = city_pattern()
    for text in ("def _new_york_draws(", "from . import svg_paris", '"paris-example"', "from .new_york import x",
                 "rio = 1", "hong-kong"):
        assert pattern.search(text), text
    for text in ("Paris: the diversity table", "a scenario", "the period", "New York's halves", "caironic"):
        assert not pattern.search(text), text


def test_shared_en_route_modules_name_no_city():
    """No shared module of the engine, the web (each of its sub-packages too) or the printables names a city id
    (file names included)."""
    modules = shared_modules()
    assert len(modules) > 60  # the three layers' shared modules are really read
    web = {p.relative_to(ROOT / "companion/web/enroute").parts[0] for p in modules
           if p.is_relative_to(ROOT / "companion/web/enroute")}
    assert set(WEB_SUBPACKAGES) <= web  # the web package's sub-packages are read
    assert city_id_lines(modules) == []


def test_shared_static_files_and_templates_name_no_city():
    """The game's shared scripts, styles and templates name no city id: a city's own script lives in its folder
    (`cities/<city>/static/`) and the pages ask the registry which scripts a board needs."""
    files = shared_web_files()
    assert {p.suffix for p in files} >= {".js", ".css", ".html"} and len(files) > 30
    assert city_id_lines(files) == []


def test_every_layer_has_a_folder_per_drawing_city():
    """New York and Paris draw in the web and the printables from their own folders there; Cairo and Hong Kong
    add their round notes on the web, London its starting section's pages."""
    folders = {layer: {p.name for p in (ROOT / layer).iterdir() if (p / "__init__.py").exists()}
               for layer in ("companion/web/enroute/cities", "printables/enroute/cities")}
    assert folders["companion/web/enroute/cities"] == {"cairo", "hong_kong", "london", "new_york", "paris"}
    assert folders["printables/enroute/cities"] == {"new_york", "paris"}


def duplicate_rows(repo: str) -> list[tuple[str, str]]:
    """The `duplicates` command's pairs over `repo` as (place, place) paths relative to it."""
    out = subprocess.run(["duplicates", "--repo", repo, "--most", "200", "--seconds", "120"], cwd=ROOT,
                         capture_output=True, text=True, timeout=180, check=True).stdout
    assert "incomplete:" not in out and re.match(r"(\d+ pairs? of places|no duplicates)", out), out
    return re.findall(r"^D\d+ (\S+?):\d+-\d+ ~ (\S+?):\d+-\d+", out, re.M)


@pytest.mark.skipif(shutil.which("duplicates") is None, reason="the `duplicates` command is not on this machine")
def test_no_two_cities_share_web_code():
    """`duplicates companion/web/enroute` pairs no place of one city's folder with another city's."""
    def city(path: str) -> str | None:
        parts = Path(path).parts
        return parts[1] if parts[0] == "cities" and len(parts) > 2 else None

    rows = duplicate_rows("companion/web/enroute")
    assert [(a, b) for a, b in rows if city(a) and city(b) and city(a) != city(b)] == []
    assert city("cities/paris/svg.py") == "paris" and city("cities/__init__.py") is None


# ---- the invented seventh city -------------------------------------------------------------------------------

CITY = "seventh_test_city"  # the folder name; the board's `rules.city` is "seventh-test-city"

ENGINE_RULES = '''
from companion.games.core.problems import N_
from companion.games.core.schema import Field
from companion.games.enroute.cityrules import CityRules, Note
from companion.games.enroute.features import FEATURE_TYPES, register
from companion.games.enroute.formats import Point

if "fountain" not in FEATURE_TYPES:
    register("fountain", N_("A fountain"), N_("Fountain: a place to meet"), at=(Point, Field(title=N_("Where"))))


def setup_draws(board, rng):
    """The seventh city's own draw: one fountain card per deck on top."""
    ids = [f.id for f in board.features_of("fountain")]
    return tuple(rng.choice(ids) for _ in "ABC"), ()


RULES = CityRules("seventh-test-city", setup_draws=setup_draws,
                  setup_notes=(Note("fountains", "Fountains", "Put a coin in each fountain."),))
'''

WEB_FOLDER = '''
from pathlib import Path

from companion.web.enroute.maps import svgfeatures as sf
from companion.web.enroute.cities import (
    CardField,
    register_action,
    register_card_field,
    register_marks,
    register_referee,
    register_round_notes,
    register_script,
    register_sheet_notes,
)


def _over(feature, ctx):
    x, y = sf.xy(feature.points[0])
    return [f'<circle class="seventh-fountain" cx="{x}" cy="{y}" r="7"/>']


def _wish(game, state, seat, payload):
    return state, []


sf.register("fountain", sf.Drawer(over=_over, symbol='<circle class="seventh-fountain" cx="14" cy="14" r="7"/>'))
register_marks(lambda board: ['<g class="seventh-mark"/>'] if board.features_of("fountain") else [])
register_action("seventh_wish", _wish)
register_round_notes(lambda state, player, cards, matches: ["Throw a coin in the fountain."])
register_referee(f"{__name__}.referee")
register_sheet_notes(features={"fountain": ("A coin in a fountain scores nothing.",)})
register_card_field(CardField(lambda cls, prefix, board: setattr(cls, f"{prefix}_coin", "a coin field"),
                              lambda form, prefix, board: {}, lambda *args: True))
register_script("seventh-fountains.js", Path(__file__).with_name("static"), ("sheet",),
                lambda board: bool(board.features_of("fountain")))
'''

SCRIPT = "// the seventh city's fountains\n"

REFEREE = """
from companion.web.enroute.referee import player


def wish(seat_token):
    return "wished"


def add_views(bp):
    bp.add_url_rule("/s/<seat_token>/wish", "wish", wish, methods=["POST"])


def tracker(game):
    return {"fountains": len(game.board.features_of("fountain"))}


def seat(game, number, ctx):
    return {"coin": f"{ctx['name']} throws a coin", "helper": player.seat_change.__name__}


def setup_step(game, key):
    return ("fountain form", None) if key == "city-goals" else None


def setup_extra(game, key, setup):
    return {"fountain_note": key}
"""

PRINT_FOLDER = '''
from printables.enroute.cities import Sheet, register_map, register_sheet

CALLS = []


def _draw(c, board, layout, loc):
    if board.features_of("fountain"):
        CALLS.append(board.id)


register_map(_draw)
register_sheet(Sheet("fountains", "the fountains alone", lambda board, paper="a4", lang="en": b"%PDF-seventh",
                     lambda board: f"the fountains of {board.name}"))
'''


def _folder(base: Path, files: dict[str, str]) -> str:
    """Write one city folder under `base` (a name with a `/` goes in a sub-folder); return `base` as a package
    path entry."""
    folder = base / CITY
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    return str(base)


def _board_doc() -> dict:
    """A board of the invented city: the London example's map with two fountains for its river, bridges, stations
    and starting cards (its roads stay as they are)."""
    doc = json.loads((ENGINE_CITIES / "london" / "london-example.json").read_text(encoding="utf-8"))
    doc = copy.deepcopy(doc)
    doc["id"], doc["name"] = "seventh-example", "Seventh City"
    doc["rules"] = {"city": "seventh-test-city", "rating_modes": ["standard", "advanced"]}
    doc["features"] = [{"type": "fountain", "id": "old-fountain", "at": [3, 3]},
                       {"type": "fountain", "id": "new-fountain", "at": [5, 1]}]
    doc["scoring"] = [r for r in doc["scoring"] if r["row"] not in ("bridges", "stations")]
    return doc


@pytest.fixture
def seventh(tmp_path, monkeypatch):
    """The seventh city's three folders on the layers' `cities` package paths; every registry restored after."""
    from companion.games.enroute import cities as engine_cities
    from companion.games.enroute import features
    from companion.web.enroute import cities as web_cities
    from companion.web.enroute.maps import svgfeatures
    from printables.enroute import cities as print_cities

    # the six cities registered first, so the registries restored after the test still hold them
    for name in (p.name for p in ENGINE_CITIES.iterdir() if (p / "rules.py").exists()):
        features.load_city_types(name)
    web_cities.load()
    print_cities.load()
    monkeypatch.setattr(engine_cities, "__path__",
                        [*engine_cities.__path__, _folder(tmp_path / "engine", {"__init__.py": "",
                                                                               "rules.py": ENGINE_RULES})])
    monkeypatch.setattr(web_cities, "__path__",
                        [*web_cities.__path__, _folder(tmp_path / "web", {"__init__.py": WEB_FOLDER,
                                                                         "static/seventh-fountains.js": SCRIPT,
                                                                         "referee.py": REFEREE})])
    monkeypatch.setattr(print_cities, "__path__",
                        [*print_cities.__path__, _folder(tmp_path / "print", {"__init__.py": PRINT_FOLDER})])
    monkeypatch.setattr(features, "FEATURE_TYPES", dict(features.FEATURE_TYPES))
    monkeypatch.setattr(svgfeatures, "DRAWERS", dict(svgfeatures.DRAWERS))
    for module, names in ((web_cities, ("MARKS", "VIEWS", "STYLES", "ACTIONS", "NOTES", "SCRIPTS", "REFEREES",
                                        "CARD_FIELDS", "TOOL_NOTES", "FEATURE_NOTES", "_loaded")),
                          (print_cities, ("FEATURES", "MAPS", "SHEETS", "_loaded"))):
        for name in names:
            monkeypatch.setattr(module, name, copy.copy(getattr(module, name)))
        monkeypatch.setattr(module, "_loaded", [])
    yield
    for name in [m for m in sys.modules if f".cities.{CITY}" in m]:
        del sys.modules[name]
    from companion.games.enroute.cityrules import _module_rules

    _module_rules.cache_clear()


def test_a_seventh_city_plugs_into_every_layer_by_its_folders(seventh):
    """Its board reads with its own feature type, its rules and setup draw apply, the tap map draws its feature
    and marks, the table knows its action, and the printables draw its page marks and offer its sheet."""
    from companion.games.enroute.board import parse_board
    from companion.games.enroute.cityrules import rules_for
    from companion.games.enroute.setup import draw_setup
    from companion.web.enroute import cities as web_cities
    from companion.web.enroute.maps.svgmap import MapState, render_map
    from printables.enroute import cities as print_cities
    from printables.enroute.cli import add_commands
    from printables.enroute.maps import maps_pdf

    board, problems = parse_board(_board_doc())
    assert board is not None, [p.message for p in problems]
    assert [f.type for f in board.features] == ["fountain", "fountain"]
    assert rules_for(board).id == "seventh-test-city"
    assert set(draw_setup(board, ["A", "B"], seed=3).hotspot_cards) <= {"old-fountain", "new-fountain"}
    assert len(draw_setup(board, ["A", "B"], seed=3).hotspot_cards) == 3

    assert CITY in web_cities.load()
    svg = str(render_map(board, board.player_boards[0], MapState(), interactive=False))
    assert svg.count('class="seventh-fountain"') == 2 and '<g class="seventh-mark"/>' in svg
    assert "seventh_wish" in web_cities.ACTIONS
    assert web_cities.scripts(board, "sheet") == ["seventh-fountains.js"] and not web_cities.scripts(board, "seat")
    assert web_cities.static_folder("seventh-fountains.js").parent.name == CITY
    assert web_cities.round_notes(SimpleNamespace(board=board), 0, (), []) == ["Throw a coin in the fountain."]

    assert web_cities.REFEREES[-1] == f"companion.web.enroute.cities.{CITY}.referee"
    game = SimpleNamespace(board=board)
    tracker, seat = web_cities.referee_hooks("tracker")[-1], web_cities.referee_hooks("seat")[-1]  # its own
    assert tracker(game) == {"fountains": 2} and seat(game, 0, {"name": "Ann"})["coin"] == "Ann throws a coin"
    assert web_cities.setup_step(game, "city-goals") == ("fountain form", None)
    assert web_cities.setup_step(game, "goals") is None
    assert web_cities.setup_extra(game, "start", {}) == {"fountain_note": "start"}

    cls = type("CardsForm", (), {})
    for card_field in web_cities.card_fields():
        card_field.add(cls, "c0", board)
    assert cls.c0_coin == "a coin field" and not hasattr(cls, "c0_symbol")  # no remote spaces on this board
    from companion.web.enroute.tables.city_sheet import city_notes

    assert {"key": "fountain", "text": "A coin in a fountain scores nothing."} in city_notes(board)

    assert CITY in print_cities.load()
    assert maps_pdf(board, player_boards=[1]).startswith(b"%PDF")
    assert sys.modules[f"printables.enroute.cities.{CITY}"].CALLS == ["seventh-example"]
    parser = argparse.ArgumentParser()
    add_commands(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["maps", "seventh-example", "--out", "x.pdf", "--fountains"])
    assert args.fountains is True and args.halves is False  # the six cities' sheets are still offered
    assert parser.parse_args(["maps", "new-york-example", "--out", "x.pdf", "--halves"]).halves is True


def test_the_seventh_city_is_gone_after_its_test():
    """The registries hold the six cities again and not the seventh (the fixture restored them)."""
    from companion.games.enroute.features import FEATURE_TYPES
    from companion.web.enroute import cities as web_cities
    from printables.enroute import cities as print_cities

    assert "fountain" not in FEATURE_TYPES and "hotspot_card" in FEATURE_TYPES
    assert "cafe" in web_cities.ACTIONS and "halves" in print_cities.SHEETS and print_cities.MAPS
    assert "seventh_wish" not in web_cities.ACTIONS and "fountains" not in print_cities.SHEETS
    assert [m.rsplit(".", 2)[1] for m in web_cities.REFEREES] == ["london", "new_york"]
    assert len(web_cities.CARD_FIELDS) == 1  # Cairo's remote space symbol
    assert "fountain" not in web_cities.FEATURE_NOTES and "dock" in web_cities.FEATURE_NOTES
    assert set(web_cities.TOOL_NOTES) == {"colour"}  # Paris's colour pen
    assert "seventh-fountains.js" not in web_cities.SCRIPTS and "ny-halves.js" in web_cities.SCRIPTS
    assert len(web_cities.NOTES) == 2  # Cairo's cards, Hong Kong's ferries and harbour


def test_a_city_adds_its_forms_views_to_the_referee_blueprint(seventh):
    """A city's referee module adds its views to the referee's blueprint under their own endpoint names (New York's
    cafe card and goal half, London's starting section and reveal keep theirs)."""
    from flask import Blueprint, Flask

    from companion.web.enroute import cities as web_cities

    bp = Blueprint("play", __name__, url_prefix="/play")
    web_cities.add_play_views(bp)
    app = Flask(__name__)
    app.register_blueprint(bp)
    rules = {r.endpoint: str(r) for r in app.url_map.iter_rules()}
    assert rules["play.wish"] == "/play/s/<seat_token>/wish"
    assert rules["play.cafe_card"] == "/play/<token>/cafe"
    assert rules["play.goal_half"] == "/play/s/<seat_token>/goal-half"
    assert rules["play.start_section"] == "/play/s/<seat_token>/start"
    assert rules["play.reveal"] == "/play/<token>/reveal"
