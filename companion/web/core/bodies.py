"""Form-body checks: an address that takes a form answers a clear 400 to any other body, never a crash.

Flask-WTF reads a JSON object as form data, and views expect text in every field (a number has no
`.strip()`). So outside `/api/` a POST, PUT, PATCH or DELETE that carries a body must send a form
(`application/x-www-form-urlencoded` or `multipart/form-data`), unless its view is marked
`accepts_json` (the live checks the pages send as JSON). A JSON body to such a view must be an object
that can be read (not nested too deeply for the parser). Flask-WTF also hands an uploaded file to any field
of its name, so a file is taken only under the name of a file field some form declares. The API reads and
explains its own bodies. A NUL character is dropped from every form field (`CleanRequest`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from flask import Flask, Request, abort, current_app, request
from werkzeug.exceptions import RequestEntityTooLarge

from .i18n import _
from .security import loads

FORM_TYPES = frozenset({"application/x-www-form-urlencoded", "multipart/form-data"})
METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
MARK = "companion_accepts_json"

View = TypeVar("View", bound=Callable)


def accepts_json(view: View) -> View:
    """Mark a view that reads a JSON body on purpose (its page sends one with `fetch`)."""
    setattr(view, MARK, True)
    return view


def _has_body() -> bool:
    """Tell whether the request carries a body (a declared length, or bytes sent without one)."""
    if request.content_length is not None:
        return request.content_length > 0
    return bool(request.get_data(cache=True))


def file_fields() -> frozenset[str]:
    """The names of the file fields the app's forms declare (a file sent under any other name is no form's)."""
    from flask_wtf import FlaskForm
    from wtforms import FileField
    from wtforms.fields.core import UnboundField

    names, todo = set(), [FlaskForm]
    while todo:
        form = todo.pop()
        todo.extend(form.__subclasses__())
        names.update(value.kwargs.get("name") or attr for attr, value in vars(form).items()
                     if isinstance(value, UnboundField) and issubclass(value.field_class, FileField))
    return frozenset(names)


def _forms_only():
    """Refuse a body that is not a form on a form route, and an unreadable JSON body on a JSON one."""
    if request.method not in METHODS or request.path.startswith("/api/") or request.routing_exception:
        return
    if request.mimetype in FORM_TYPES:
        try:
            files = request.files if request.mimetype == "multipart/form-data" else {}
        except RequestEntityTooLarge:  # over the form limit: the view reads it under its own (a photo page) or
            return  # answers 413 itself when it reads the body; nothing was read here
        strays = sorted(set(files) - file_fields())
        if strays:
            abort(400, description=_("Send a form: the field {field} takes text, not a file.",
                                         field=repr(strays[0][:40])))
        return
    view = current_app.view_functions.get(request.endpoint or "")
    if view is not None and getattr(view, MARK, False):
        if request.is_json and _has_body():
            value, problem = loads(request.get_data(cache=True))
            if problem and "nested too deeply" in problem:
                abort(400, description=problem)
            if problem is None and not isinstance(value, dict):
                abort(400, description=_("Send a JSON object: this JSON body is not an object."))
        return
    if _has_body():
        if request.mimetype:
            abort(400, description=_("Send a form: this address takes form fields, not {kind}.",
                                     kind=request.mimetype))
        abort(400, description=_("Send a form: this address takes form fields, not a body without a content type."))


class CleanRequest(Request):
    """A request whose form fields never hold a NUL character: no player types one, a browser never sends one, and
    PostgreSQL cannot store one in text, so a field carrying one would be a 500 there. It is dropped from names
    and values alike (the rest of what was typed stays)."""

    def _load_form_data(self) -> None:
        super()._load_form_data()
        form = self.__dict__.get("form")
        if form and any("\x00" in key or "\x00" in value for key, value in form.items(multi=True)):
            self.__dict__["form"] = self.parameter_storage_class(
                [(key.replace("\x00", ""), value.replace("\x00", "")) for key, value in form.items(multi=True)])


def init_app(app: Flask) -> None:
    """Check every request's body before any form or view reads it; drop NUL characters from form fields."""
    app.request_class = CleanRequest
    app.before_request(_forms_only)
