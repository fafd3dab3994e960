"""Flask-WTF forms of the Welcome To... pages (CSRF on every POST); fields are read by hand so every message
comes from the catalogues in the phone's language and no typed value ever raises."""

from __future__ import annotations

import secrets

from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import BooleanField, FieldList, HiddenField, StringField, TextAreaField

from ...games.core.problems import N_
from ...games.welcome_to import PLANS
from ..core.i18n import _
from ..core.security import small_int
from ..core.tables.names import duplicate_names
from .labels import plan_text
from .live import FIELDS, KINDS, MODES

NAME_LENGTH = 40
STACKS = (1, 2, 3)
OTHERS = 5  # the start form's seats for the other players (more join from the table page)
MAX_IMPORT = 256 * 1024


def csrf_failed(form: FlaskForm) -> bool:
    """Tell whether a form was refused for its CSRF token (missing, expired or from elsewhere)."""
    token = getattr(form, "csrf_token", None)
    return bool(token is not None and token.errors)


def clean_name(text: str | None) -> tuple[str, str | None]:
    """A player's name as typed (spaces trimmed), and why it cannot be used (None when it can)."""
    name = " ".join((text or "").split())
    if not name:
        return name, _("Type a name, so the score sheet can tell the players apart.")
    if len(name) > NAME_LENGTH:
        return name, _("A name has at most {most} characters.", most=NAME_LENGTH)
    return name, None


def same_name(earlier: str) -> str:
    """Why a name is refused: it is the same as an earlier player's (case and spaces do not count)."""
    return _("{name} is already at this table: give each player a different name.", name=earlier)


def stack_choices(stack: int, intermediate: bool = True) -> list[tuple[str, str]]:
    """The plans of one stack (n°1, n°2, n°3) to choose from, advanced ones marked."""
    found = []
    for plan in sorted(PLANS.values(), key=lambda p: p.id):
        if plan.stack == stack and (intermediate or not plan.advanced):
            mark = " · " + _("intermediate") if plan.advanced else ""
            found.append((str(plan.id), f"{plan.id}: {plan_text(plan)} ({plan.first_points}/{plan.later_points})"
                          + mark))
    return found


def draw_plans(intermediate: bool) -> list[int]:
    """Draw one plan from each stack, as at the table (advanced plans only with the intermediate rules)."""
    rng = secrets.SystemRandom()
    return [rng.choice([p.id for p in PLANS.values() if p.stack == stack and (intermediate or not p.advanced)])
            for stack in STACKS]


class NewTableForm(FlaskForm):
    """Start a table: mode, intermediate rules, the three plans (drawn or chosen), and who joins with this phone."""

    mode = HiddenField(default="standard")
    intermediate = BooleanField(default=False)
    plans_source = HiddenField(default="draw")
    plan_1 = HiddenField()
    plan_2 = HiddenField()
    plan_3 = HiddenField()
    name = StringField(render_kw={"maxlength": NAME_LENGTH, "autocomplete": "off"})
    others = FieldList(StringField(render_kw={"maxlength": NAME_LENGTH, "autocomplete": "off"}),
                       min_entries=OTHERS, max_entries=OTHERS)

    def read(self) -> tuple[dict | None, dict[str, str]]:
        """The table's settings and the name to join with, or the field errors (field -> message)."""
        errors: dict[str, str] = {}
        mode = self.mode.data if self.mode.data in MODES else None
        if mode is None:
            errors["mode"] = _("Choose standard, advanced or solo.")
        intermediate = bool(self.intermediate.data)
        source = self.plans_source.data
        plans: list[int] = []
        if source == "choose":
            for stack in STACKS:
                value = small_int(getattr(self, f"plan_{stack}").data)
                plan = PLANS.get(value) if value is not None else None
                if plan is None or plan.stack != stack:
                    errors[f"plan_{stack}"] = _("Choose a plan of stack n°{stack}.", stack=stack)
                elif plan.advanced and not intermediate:
                    errors[f"plan_{stack}"] = _(
                        "Plan {plan} belongs to the intermediate rules: tick them, or choose another plan.",
                        plan=plan.id)
                else:
                    plans.append(plan.id)
        elif source != "draw":
            errors["plans_source"] = _("Let the companion draw the plans, or choose them.")
        name = ""
        if (self.name.data or "").strip():
            name, problem = clean_name(self.name.data)
            if problem:
                errors["name"] = problem
        if mode == "solo" and not name and "name" not in errors:
            errors["name"] = _("A solo game needs its player's name.")
        others: list[tuple[str, str]] = []  # (field name, name) of the other players typed
        for k, entry in enumerate(self.others.entries):
            if (entry.data or "").strip():
                other, problem = clean_name(entry.data)
                if problem:
                    errors[f"others-{k}"] = problem
                others.append((f"others-{k}", other))
        if others and mode == "solo":
            errors[others[0][0]] = _("A solo game has one player.")
        typed = [("name", name), *others]
        for later, earlier in duplicate_names([n for _f, n in typed]):
            errors.setdefault(typed[later][0], same_name(typed[earlier][1]))
        if errors:
            return None, errors
        return {"mode": mode, "intermediate": intermediate, "plans": plans or draw_plans(intermediate),
                "name": name, "others": [n for _f, n in others]}, {}


class JoinForm(FlaskForm):
    """Take a seat at a table with a name."""

    name = StringField(render_kw={"maxlength": NAME_LENGTH, "autocomplete": "off"})


class ButtonForm(FlaskForm):
    """A button on the table page ("This is me", the host's "Move to another phone"): its CSRF token only."""


class ActionForm(FlaskForm):
    """A button that changes a seat (undo): only the version the page showed."""

    version = HiddenField()


class MoveForm(FlaskForm):
    """One move on the sheet; streets and houses are counted from 1 as players do."""

    version = HiddenField()
    kind = StringField()
    street = StringField(render_kw={"inputmode": "numeric"})
    house = StringField(render_kw={"inputmode": "numeric"})
    number = StringField(render_kw={"inputmode": "numeric"})
    size = StringField(render_kw={"inputmode": "numeric"})
    plan = StringField(render_kw={"inputmode": "numeric"})
    effect = StringField()

    def entry(self) -> tuple[dict | None, str | None]:
        """The log entry this form asks for (0-based positions), or a message naming the field that is wrong."""
        kind = (self.kind.data or "").strip()
        if kind not in KINDS:
            return None, _("Choose what to do (write a number, draw a fence, …).")
        entry: dict = {"kind": kind}
        for key in FIELDS:
            raw = (getattr(self, key).data or "").strip()
            if not raw:
                continue
            if key == "effect":
                entry[key] = raw[:20]
                continue
            value = small_int(raw)
            if value is None or value > 99:
                return None, _("{field} must be a whole number, not {value}.", field=_(FIELD_NAMES[key]),
                               value=raw[:20])
            entry[key] = value - 1 if key in ("street", "house") else value
        return entry, None


FIELD_NAMES = {"street": N_("The street"), "house": N_("The house"), "number": N_("The number"),
               "size": N_("The estate size"), "plan": N_("The plan")}


class ImportForm(FlaskForm):
    """A finished sheet or game pasted or uploaded as JSON."""

    version = HiddenField()
    text = TextAreaField(render_kw={"rows": 6, "spellcheck": "false"})
    upload = FileField()

    def document_text(self) -> str:
        """The uploaded file's text, else the pasted text."""
        upload = self.upload.data
        if upload is not None and getattr(upload, "filename", ""):
            return upload.read(MAX_IMPORT + 1)[:MAX_IMPORT].decode("utf-8", errors="replace")
        return self.text.data or ""
