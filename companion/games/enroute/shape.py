"""Read a document's shape with its pydantic model, in En Route's words, and keep what is usable.

The models in `formats.py` declare every key and type. `read_shape` validates a
value against one; a valid document costs one pydantic call. When it fails,
each pydantic error becomes a problem through `core.schema.problems_of`, then
two En Route touches:

- a type marked `coded("bad-section", N_("..."))` is wrong as a whole: every
  error inside it (a pair's second number, a printed order's third item) is
  one problem at the marked value, with that code and template (the innermost
  marker wins, and nothing inside a value that is wrong as a whole is reported
  again); `coded(code)` without a template only gives the generic message a
  code players know;
- every message names the value as the model's titles do (`A tourist entry`).

Then the rule checks still need the usable rest (a player's other sections,
the board's other landmarks): the items and keys that hold errors are dropped,
and the rest is validated again. `Shape.items` gives each kept item with its
index in the document, so rule problems keep the document's paths.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Annotated, Any, Generic, TypeVar

from pydantic import BaseModel, RootModel, ValidationError

from ..core.problems import N_, Msg, Problem, error
from ..core.schema import join_path, problems_of, show

T = TypeVar("T")
Loc = tuple[str | int, ...]
UNKNOWN_KEY = N_("{what} cannot have the key {key}; the allowed keys are {allowed}.")
MISSING_KEY = N_("{what} must have the key {key}.")
_ROUNDS = 4  # prunings after the first: dropping an item can empty a list that must not be empty
_NONE: Mapping[Any, Any] = MappingProxyType({})


@dataclass(frozen=True)
class Code:
    """A marker in a model's `Annotated[...]`: the code (and maybe template) of problems with this value."""

    code: str
    template: Msg | None = None
    params: tuple[tuple[str, Any], ...] = ()


def coded(code: str, template: Msg | None = None, **params: Any) -> Code:
    """Mark a type: its problems get `code`; with a template, one problem for the whole value."""
    return Code(code, template, tuple(params.items()))


class Shape(Generic[T]):
    """A document read by its model: the usable value (None: nothing usable) and every shape problem.

    A plain class with slots: every document read builds one, and a frozen dataclass costs more.
    """

    __slots__ = ("kept", "left_out", "problems", "sizes", "value")

    def __init__(self, value: T | None, problems: list[Problem], kept: Mapping[Loc, tuple[int, ...]] = _NONE,
                 left_out: frozenset[Loc] = frozenset(), sizes: Mapping[Loc, int] = _NONE):
        """Keep the value, its problems, and where the document's items went (when some were left out)."""
        self.value = value
        self.problems = problems
        self.kept = kept  # list -> the document's indices it kept
        self.left_out = left_out  # items and keys dropped or replaced because they hold errors
        self.sizes = sizes  # the document's length of each list with dropped items

    def items(self, loc: Loc, values: Iterable[Any]) -> Iterator[tuple[int, Any]]:
        """Pair each item of the list at `loc` with its index in the document."""
        indices = self.kept.get(loc)
        return zip(indices, values, strict=False) if indices is not None else enumerate(values)

    def size(self, loc: Loc, values: Iterable[Any]) -> int:
        """Return how many items the list at `loc` has in the document (some may have been dropped)."""
        return self.sizes.get(loc, len(list(values)))

    def changed(self, loc: Loc) -> bool:
        """Tell whether the value at `loc` is not the document's own: left out, replaced, or items dropped.

        A rule about the whole value (a list must not be empty, a key is missing)
        would only repeat its shape problem then.
        """
        return loc in self.left_out or loc in self.kept

    def replaced(self, loc: Loc) -> bool:
        """Tell whether the document's value at `loc` was left out or replaced for its errors."""
        return loc in self.left_out


# ---- the model's types along an error's location ------------------------------------------------

@dataclass(frozen=True)
class _Node:
    """One step into a model: the bare type there, its markers, its title, what kind of container it is."""

    bare: Any
    codes: tuple[Code, ...]
    title: str | None
    kind: str  # "model", "list", "tuple", "dict" or ""
    required: bool = True


def _unwrap(annotation: Any) -> tuple[Any, list[Any]]:
    """Remove Annotated and Optional layers, collecting their metadata."""
    meta: list[Any] = []
    while True:
        origin = typing.get_origin(annotation)
        if origin is Annotated:
            base, *extra = typing.get_args(annotation)
            meta.extend(extra)
            annotation = base
        elif origin in (typing.Union, types.UnionType):
            args = [a for a in typing.get_args(annotation) if a is not type(None)]
            if len(args) != 1:
                return annotation, meta
            annotation = args[0]
        elif isinstance(annotation, type) and issubclass(annotation, RootModel):
            annotation = annotation.model_fields["root"].annotation
        else:
            return annotation, meta


def _node(annotation: Any, meta: Iterable[Any] = (), title: str | None = None, required: bool = True) -> _Node:
    """Describe a type found in a model."""
    bare, inner = _unwrap(annotation)
    meta = [*meta, *inner]
    if title is None:
        title = next((getattr(m, "title", None) for m in reversed(meta) if getattr(m, "title", None)), None)
    origin = typing.get_origin(bare)
    if isinstance(bare, type) and issubclass(bare, BaseModel):
        kind = "model"
        title = title or bare.model_config.get("title")
    else:
        kind = {list: "list", tuple: "tuple", dict: "dict"}.get(origin, "")
    codes = tuple(m for m in meta if isinstance(m, Code))
    return _Node(bare, codes, title, kind, required)


def _child(node: _Node, key: str | int) -> _Node | None:
    """Step from a container into one of its keys or items."""
    if node.kind == "model":
        info = node.bare.model_fields.get(key) if isinstance(key, str) else None
        return _node(info.annotation, info.metadata, info.title, info.is_required()) if info else None
    args = typing.get_args(node.bare)
    if node.kind == "list" and args:
        return _node(args[0])
    if node.kind == "tuple" and args and isinstance(key, int):
        if len(args) == 2 and args[1] is Ellipsis:
            return _node(args[0])
        return _node(args[key]) if 0 <= key < len(args) else None
    if node.kind == "dict" and len(args) == 2:
        return _node(args[0] if key == "[key]" else args[1])
    return None


def _walk(root: _Node, loc: Loc) -> list[_Node]:
    """Return the node at each prefix of a location (shorter when the location leaves the model)."""
    nodes = [root]
    for key in loc:
        nxt = _child(nodes[-1], key)
        if nxt is None:
            break
        nodes.append(nxt)
    return nodes


def _name(nodes: list[_Node], depth: int) -> str:
    """Name the value at a depth as players do: the nearest title on the way there."""
    for node in reversed(nodes[:depth + 1]):
        if node.title:
            return node.title
    return N_("The document")


def _value_at(doc: Any, loc: Loc) -> Any:
    """Return the document's value at a location (None when it is not there)."""
    for key in loc:
        if isinstance(doc, dict) and isinstance(key, str):
            doc = doc.get(key)
        elif isinstance(doc, list) and isinstance(key, int) and 0 <= key < len(doc):
            doc = doc[key]
        else:
            return None
    return doc


def _full_path(path: str, loc: Loc) -> str:
    """Extend a path with every key of a location."""
    for key in loc:
        path = join_path(path, key)
    return path


# ---- one pydantic error: where it belongs, and its problem ---------------------------------------

@dataclass(frozen=True)
class _Finding:
    """One error placed: the value it is about (its unit), the nodes on the way, the marker that applies."""

    unit: Loc
    nodes: list[_Node]
    code: Code | None
    depth: int  # depth of the marker (or of the unit)
    extra: bool  # an unknown key
    key: bool = False  # a mapping's key is at fault, not its value


def _place(root: _Node, item: Mapping[str, Any]) -> _Finding:
    """Decide which value an error is about and which marker names it."""
    loc: Loc = tuple(item["loc"])
    kind = item["type"]
    key = bool(loc) and loc[-1] == "[key]"
    if key:  # a bad key of a mapping: the key is the value at fault
        loc = loc[:-1]
        nodes = _walk(root, loc[:-1])
        if len(nodes) == len(loc):
            key_node = _child(nodes[-1], "[key]")
            nodes = [*nodes, key_node] if key_node else nodes
    else:
        if kind == "missing" and loc and isinstance(loc[-1], int):  # a pair with one number: the pair is wrong
            loc, kind = loc[:-1], "short"
        nodes = _walk(root, loc)
    extra = kind == "extra_forbidden"
    own = len(loc) if extra or kind == "missing" else len(nodes)  # a missing or unknown key: its container decides
    for depth in range(min(own, len(nodes)) - 1, -1, -1):
        if nodes[depth].codes:
            marker = nodes[depth].codes[0]
            unit = loc[:depth] if marker.template is not None else loc
            return _Finding(unit, nodes, marker, depth, extra, key and unit == loc)
    return _Finding(loc, nodes, None, len(loc), extra, key)


def _problem(found: _Finding, generic: Problem, doc: Any, path: str) -> Problem:
    """Build the problem of one placed error."""
    marker = found.code
    if marker is not None and marker.template is not None:
        value = found.unit[-1] if found.key else _value_at(doc, found.unit)
        key = found.unit[-1] if found.unit and isinstance(found.unit[-1], str) else ""  # a mapping's key, as data
        return error(marker.code, _full_path(path, found.unit), marker.template,
                     **{"what": _name(found.nodes, found.depth), "value": show(value), "key": key,
                        **dict(marker.params)})
    code = marker.code if marker is not None else generic.code
    container = len(found.unit) - 1
    if found.extra:
        node = found.nodes[container] if container < len(found.nodes) else None
        allowed = ", ".join(node.bare.model_fields) if node is not None and node.kind == "model" else ""
        return error(code, generic.path, UNKNOWN_KEY, what=_name(found.nodes, container),
                     key=show(found.unit[-1]), allowed=allowed)
    if generic.code == "missing-key":
        return error(code, generic.path, MISSING_KEY, what=_name(found.nodes, container), key=show(found.unit[-1]))
    params = {**generic.params, "what": _name(found.nodes, len(found.nodes) - 1)}
    return error(code, generic.path, Msg(generic.template or generic.message), **params)


# ---- what is left usable -------------------------------------------------------------------------

def _action(found: _Finding, placeholders: Mapping[str, Any]) -> tuple[str, Loc, Any] | None:
    """Decide how to leave out a value with an error: drop it, replace it, or give up (None)."""
    unit, nodes = found.unit, found.nodes
    if found.extra:
        return ("drop", unit, None)
    for depth in range(len(unit), 0, -1):
        if depth - 1 >= len(nodes):
            continue
        parent = nodes[depth - 1]
        if parent.kind in ("list", "dict"):
            return ("drop", unit[:depth], None)
        if parent.kind != "model":
            continue
        child = nodes[depth] if depth < len(nodes) else None
        if child is None or not child.required:  # an optional key: as if it were absent
            return ("drop", unit[:depth], None)
        if depth == 1 and unit[0] in placeholders:  # a required key of the document itself
            return ("set", unit[:1], placeholders[unit[0]])
        if child.kind in ("list", "dict"):  # a required list or mapping: as if it were empty
            return ("set", unit[:depth], [] if child.kind == "list" else {})
    return None


def _rebuild(doc: Any, drops: set[Loc], sets: dict[Loc, Any]) -> tuple[Any, dict[Loc, tuple[int, ...]],
                                                                       dict[Loc, int]]:
    """Copy the document without the dropped items and with the replaced keys; note the kept indices."""
    touched = {loc[:n] for loc in (*drops, *sets) for n in range(len(loc))}
    kept: dict[Loc, tuple[int, ...]] = {}
    sizes: dict[Loc, int] = {}

    def build(node: Any, loc: Loc) -> Any:
        """Rebuild one value; untouched values are shared, not copied."""
        if loc in sets:
            return sets[loc]
        if loc not in touched:
            return node
        if isinstance(node, dict):
            new = {k: build(v, (*loc, k)) for k, v in node.items() if (*loc, k) not in drops}
            for (k,) in (s[len(loc):] for s in sets if len(s) == len(loc) + 1 and s[:len(loc)] == loc):
                new[k] = sets[(*loc, k)]
            return new
        if isinstance(node, list):
            indices = tuple(i for i in range(len(node)) if (*loc, i) not in drops)
            kept[loc] = indices
            sizes[loc] = len(node)
            return [build(node[i], (*loc, i)) for i in indices]
        return node

    return build(doc, ()), kept, sizes


def _original(loc: Loc, kept: Mapping[Loc, tuple[int, ...]]) -> Loc:
    """Map a location in a rebuilt document back to the document's own indices."""
    out: list[str | int] = []
    for key in loc:
        indices = kept.get(tuple(out)) if isinstance(key, int) else None
        out.append(indices[key] if indices is not None and 0 <= key < len(indices) else key)
    return tuple(out)


# ---- reading -------------------------------------------------------------------------------------

@cache
def _root(model: type[BaseModel]) -> _Node:
    """Return the root node of a model (a `RootModel` stands for the list or mapping it holds), built once."""
    return _node(model, title=model.model_config.get("title"))


def read_shape(model: type[BaseModel], value: Any, path: str = "",
               placeholders: Mapping[str, Any] | None = None) -> Shape:
    """Read a value with a document model: its usable part and every shape problem under `path`.

    `placeholders` stand in for required keys of the document that are missing
    or wrong, so the rest can still be checked (they are never scored: the
    problem is reported).
    """
    validate = model.model_validate
    try:
        return Shape(validate(value), [])
    except ValidationError as exc:
        items = exc.errors(include_url=False)
        generic = problems_of(exc, model, path)
    root = _root(model)
    placed = [(_place(root, item), base) for item, base in zip(items, generic, strict=False)]
    wholes = {f.unit for f, _ in placed if f.code is not None and f.code.template is not None}
    problems: dict[tuple[str, str], Problem] = {}
    for finding, base in placed:
        if any(len(finding.unit) > len(u) and finding.unit[:len(u)] == u for u in wholes):
            continue  # inside a value that is wrong as a whole (a section of three points): said once
        problem = _problem(finding, base, value, path)
        problems.setdefault((problem.code, problem.path), problem)
    found = list(problems.values())
    drops: set[Loc] = set()
    sets: dict[Loc, Any] = {}
    usable = _plan(root, items, {}, placeholders or {}, drops, sets)
    kept: dict[Loc, tuple[int, ...]] = {}
    for _ in range(_ROUNDS):
        if not usable:
            return Shape(None, found)
        rebuilt, kept, sizes = _rebuild(value, drops, sets)
        try:
            return Shape(validate(rebuilt), found, kept, frozenset(drops | sets.keys()), sizes)
        except ValidationError as exc:
            before = (len(drops), len(sets))
            usable = _plan(root, exc.errors(include_url=False), kept, placeholders or {}, drops, sets)
            usable = usable and (len(drops), len(sets)) != before
    return Shape(None, found)


def _plan(root: _Node, items: list[Any], kept: Mapping[Loc, tuple[int, ...]], placeholders: Mapping[str, Any],
          drops: set[Loc], sets: dict[Loc, Any]) -> bool:
    """Add the drops and replacements that leave out every error; False when nothing usable is left."""
    for item in items:
        found = _place(root, {**item, "loc": _original(tuple(item["loc"]), kept)})
        action = _action(found, placeholders)
        if action is None:
            return False
        kind, loc, replacement = action
        if kind == "drop":
            drops.add(loc)
        else:
            sets[loc] = replacement
    return True
