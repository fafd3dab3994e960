"""Cairo's printed map for the photo reader: tourists written in the remote tourist spaces' boxes (`remote`) and
locations crossed out with an × when two Cairo cards sent every tourist to the spaces (`crossed`).

Both come with the `remote_space` feature type: any board with remote tourist spaces gets them.
"""

from __future__ import annotations

from companion.games.core.problems import N_

from ...citymarks import box_tourists, describe_crossed, draft_crossed, read_crossed
from .. import MarkReader, register

REMOTE_DOUBT = N_("Check the tourists in {name}: read as {counts} (confidence {sure}).")


def _space_areas(board, layout) -> dict:
    """The box printed beside each remote space's meeting point (the printables' own box)."""
    from printables.enroute.city_features import box_rect

    out = {}
    for space in board.features_of("remote_space"):
        left, bottom, w, h = box_rect(layout, tuple(space.param("meeting")))
        out[space.id] = (left, bottom + h, w, h)
    return out


def _read_remote(ink, geo, board, decisions):
    """The "box" tourist readings of the remote spaces become `remote` decisions."""
    return [d for d in decisions if not (d.kind == "box" and d.key.startswith("remote:"))] + box_tourists(
        decisions, "remote", "remote")


def _draft_remote(decisions, draft, board) -> None:
    """`remote`: {space id: {colour: n}} for the spaces holding tourists."""
    remote = {d.key: dict(d.value) for d in decisions if d.kind == "remote" and d.value}
    if remote:
        draft["remote"] = remote


def _describe_remote(decision, board, fmt) -> str:
    """The check text of a remote space."""
    feature = next((f for f in board.features_of("remote_space") if f.id == decision.key), None)
    name = (feature.name if feature is not None else None) or decision.key
    return fmt.t(REMOTE_DOUBT, name=name, counts=fmt.counts(decision.value), sure=fmt.sure(decision))


register(MarkReader("remote", "remote_space", _read_remote, _draft_remote, _describe_remote,
                    lambda d, board: ("feature", d.key), _space_areas))


register(MarkReader("crossed", "remote_space", read_crossed, draft_crossed, describe_crossed,
                    lambda d, board: ("location", d.key)))
