"""The sheet constants and city plans: loaded into frozen dataclasses and checked at load time."""

from __future__ import annotations

import dataclasses
import json
import shutil
from pathlib import Path

import pytest

from companion.games.welcome_to.data import DATA, PLANS, RULES, DataError, load_plans, load_rules

SHARED = Path(__file__).resolve().parents[4] / "shared" / "data" / "welcome-to"


def test_sheet_constants():
    """Streets of 10, 11 and 12 houses, 9 printed pools, the tracks' lengths as printed."""
    assert RULES.street_sizes == (10, 11, 12)
    assert len(RULES.pool_positions) == 9 and all(len(RULES.pools_of(s)) == 3 for s in range(3))
    assert [RULES.park_boxes(s) for s in range(3)] == [3, 4, 5]
    assert [RULES.estate_boxes(n) for n in range(1, 7)] == [1, 2, 3, 4, 4, 4]
    assert (RULES.max_bis, RULES.max_refusals, RULES.max_roundabouts, RULES.temp_boxes) == (9, 3, 2, 11)


def test_plans():
    """28 plans, ids 1 to 28 by row: 18 basic estate plans, 10 advanced ones, all three stacks in each."""
    assert sorted(PLANS) == list(range(1, 29))
    assert [p.id for p in PLANS.values() if not p.advanced] == list(range(1, 19))
    assert all(p.kind == "estate" and p.sizes for p in PLANS.values() if not p.advanced)
    assert {p.stack for p in PLANS.values() if p.advanced} == {1, 2}
    assert PLANS[14].sizes == (1, 4, 5) and (PLANS[14].first_points, PLANS[14].later_points) == (13, 7)
    assert (PLANS[19].street, PLANS[20].street, PLANS[27].street, PLANS[28].street) == (2, 0, 2, 1)
    assert (PLANS[21].count, PLANS[22].count, PLANS[24].count, PLANS[26].count) == (5, 7, 2, 2)


def test_frozen():
    """Loaded facts cannot be changed by accident."""
    with pytest.raises(dataclasses.FrozenInstanceError):
        RULES.street_sizes = (1, 2, 3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        PLANS[1].first_points = 99


@pytest.mark.skipif(not SHARED.is_dir(), reason="the shared data folder is not beside the repository")
@pytest.mark.parametrize("name", ["sheet.json", "plans.csv"])
def test_copies_match_the_shared_data(name):
    """The package's copies are the shared game data, unchanged."""
    assert (DATA / name).read_bytes() == (SHARED / name).read_bytes()


def broken_sheet(tmp_path, change) -> Path:
    """A copy of sheet.json with one change applied."""
    raw = json.loads((DATA / "sheet.json").read_text())
    change(raw)
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(raw))
    return path


@pytest.mark.parametrize("change", [
    lambda r: r.update(pool_positions=[*r["pool_positions"], [0, 10]]),
    lambda r: r.update(pool_positions=[*r["pool_positions"], [0, 2]]),
    lambda r: r.update(pool_track=[1, *r["pool_track"][1:]]),
    lambda r: r.update(pool_track=r["pool_track"][:-1]),
    lambda r: r["park_tracks"].pop(),
    lambda r: r["park_tracks"][0].reverse(),
    lambda r: r["estate_value_tracks"].pop("6"),
    lambda r: r["temp_agency"].update(points_by_rank=[1, 4, 7]),
    lambda r: r["penalties"].update(bis_track=[0, 1, "3"]),
    lambda r: r.update(street_sizes=[10, 0, 12]),
], ids=["pool-off-sheet", "pool-twice", "pool-track-not-0", "pool-track-short", "two-park-tracks",
        "park-track-falls", "no-6-estates", "temp-points-rise", "bis-track-text", "street-of-0"])
def test_broken_sheet_constants_fail_at_load(tmp_path, change):
    """Each broken assumption is caught when the file is read."""
    with pytest.raises(DataError):
        load_rules(broken_sheet(tmp_path, change))


@pytest.mark.parametrize("row", ["basic,1,8,4,estate,1-7", "basic,1,8,4,estate,3-1", "basic,1,8,4,castle,x",
                                 "basic,4,8,4,estate,1", "basic,1,4,8,estate,1",
                                 "advanced,1,8,4,full-street,all houses on street 4 built",
                                 "advanced,1,6,3,seven-temps,some temps hired"])
def test_broken_plans_fail_at_load(tmp_path, row):
    """Plans with impossible sizes, kinds, stacks, points, streets or counts are refused at load."""
    path = tmp_path / "plans.csv"
    shutil.copy(DATA / "plans.csv", path)
    with path.open("a") as handle:
        handle.write(row + "\n")
    with pytest.raises(DataError):
        load_plans(RULES, path)
