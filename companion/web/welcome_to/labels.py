"""Texts the Welcome To... pages choose at run time (effects, rows, plans, moves, end of game), for the catalogues."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...games.core.problems import N_
from ...games.welcome_to import Plan
from ..core.i18n import _

EFFECT_LABELS = {
    "surveyor": N_("Surveyor"),
    "real-estate": N_("Real estate"),
    "landscaper": N_("Landscaper"),
    "pool": N_("Pool"),
    "temp": N_("Temp agency"),
    "bis": N_("Bis"),
}
CARD_EFFECT_ORDER = tuple(EFFECT_LABELS)
ROW_LABELS = {
    "plans": N_("City plans"),
    "parks": N_("Parks"),
    "pools": N_("Pools"),
    "temps": N_("Temp agency"),
    "estates": N_("Estates"),
    "bis": N_("Bis"),
    "refusals": N_("Permit refusals"),
    "roundabouts": N_("Roundabouts"),
}
MODE_LABELS = {
    "standard": N_("Standard game"),
    "advanced": N_("Advanced rules (card drafting)"),
    "solo": N_("Solo game"),
}
PLAN_TEXTS = {
    "estate": N_("Completed estates of sizes {sizes}"),
    "full-street": N_("Every house of street {street} built"),
    "end-houses": N_("The first and last house of every street built"),
    "five-bis": N_("{count} bis houses on one street"),
    "seven-temps": N_("{count} temps hired"),
    "two-streets-parks": N_("All parks built on {count} streets"),
    "two-streets-pools": N_("All pools built on {count} streets"),
    "complete-street": N_("All parks, all pools and a roundabout on one street"),
    "street-parks-pools": N_("All parks and all pools of street {street} built"),
}
MOVE_TEXTS = {
    "number": N_("write {number} at street {street}, house {house}"),
    "refusal": N_("cross a permit refusal"),
    "bis": N_("write a bis at street {street}, house {house}"),
    "fence": N_("draw a fence right of street {street}, house {house}"),
    "pool": N_("build the pool at street {street}, house {house}"),
    "park": N_("cross a park on street {street}"),
    "estate": N_("raise the value of {size}-house estates"),
    "temp": N_("hire a temp"),
    "roundabout": N_("build a roundabout at street {street}, house {house}"),
    "plan": N_("claim plan {plan}"),
    "effect": N_("choose the {effect} card"),
    "next": N_("start the next round"),
    "solo-card": N_("note that the solo card came up"),
}
END_TEXTS = {
    "refusals": N_("{name} crossed a third permit refusal."),
    "plans": N_("{name} completed all three city plans."),
    "houses": N_("{name} built every house."),
}


def plan_text(plan: Plan) -> str:
    """What a plan card asks for, in the page's language."""
    street = plan.street + 1 if plan.street is not None else ""
    return _(PLAN_TEXTS.get(plan.kind, N_("Plan {plan}")), sizes=" + ".join(map(str, plan.sizes)), street=street,
             count=plan.count, plan=plan.id)


def effect_label(effect: str | None) -> str:
    """A card effect's name as on the card."""
    return _(EFFECT_LABELS[effect]) if effect in EFFECT_LABELS else ""


def move_text(entry: Mapping[str, Any]) -> str:
    """A log entry as the player would say it ("write 7 at street 1, house 3")."""
    kind = entry.get("kind")
    if kind not in MOVE_TEXTS:
        return ""
    params = {k: v + 1 if k in ("street", "house") and isinstance(v, int) else v for k, v in entry.items()}
    params["effect"] = effect_label(entry.get("effect"))
    params.setdefault("number", "?")
    return _(MOVE_TEXTS[kind], **{k: params.get(k, "?") for k in ("number", "street", "house", "size", "plan",
                                                                     "effect")})
