"""A seeded fuzzer over every route of `app.url_map` (uniquely named so folders never import each other's helpers).

`harvest(app, client)` walks the site as a phone would: it opens pages, submits every form it meets once with
the page's own values (so every game starts a table through its own start form, seats are claimed, games
set up), and keeps every address, id and form field it saw. `fuzz(app, client, world, n, seed)` then sends
`n` requests: every rule in turn with real ids (of this table or another game's), long ids, NUL, huge
numbers and unicode; the methods the rule allows and some it does not; bodies empty, forms with the page's
own fields holding junk, JSON objects with numbers, lists and null where text belongs, JSON arrays,
broken and deep JSON, other content types and multipart uploads. It returns every answer of 500 or more.
"""

from __future__ import annotations

import json
import random
import re
from collections import defaultdict
from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import quote, urlsplit

from werkzeug.exceptions import HTTPException
from werkzeug.routing import IntegerConverter

METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]
NAMES = ["Ana", "Ben", "Chloé", "Dai"]
JUNK_TEXT = ["", " ", "0", "-1", "1.5", "9" * 30, str(2 ** 63), "\x00", "a\x00b", "ü日本🂡", "x" * 5000,
             "<script>", "null", "[]", "{}", "true", "%00", "../../etc/passwd", "R", "7b", "Zürich"]
JUNK_IDS = ["x", "a" * 300, "\x00", "a\x00", "9" * 40, str(2 ** 64), "-1", "ü日本", "..", "%2F", "A-B_c", " "]
JUNK_JSON = [5, -1, 1.5, 10 ** 30, True, None, [], [1, "a"], {}, {"a": [None]}, "x" * 3000, "\x00", [[[[]]]]]


class _Page(HTMLParser):
    """Collect a page's links and its forms (action, method, fields with their shown values)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[str] = []
        self.forms: list[dict] = []
        self._form: dict | None = None
        self._select: str | None = None
        self._textarea: str | None = None

    def handle_starttag(self, tag, attrs):
        a = {k: (v or "") for k, v in attrs}
        for key in ("href", "src", "action", "data-check", "data-check-url", "data-edit-url", "data-status-url",
                    "data-fragment-url"):
            if a.get(key, "").startswith("/"):
                self.links.append(a[key])
        if tag == "form":
            self._form = {"action": a.get("action", ""), "method": a.get("method", "get").upper(), "fields": {},
                          "choices": defaultdict(list), "submits": []}
            self.forms.append(self._form)
        if self._form is None:
            return
        fields, name = self._form["fields"], a.get("name")
        kind = a.get("type", "submit" if tag == "button" else "text")
        if tag in ("button", "input") and kind == "submit":
            self._form["submits"].append((name or "", a.get("value", "")))
        elif tag == "input" and name:
            self._form["choices"][name].append(a.get("value", "on"))
            if kind in ("radio", "checkbox"):
                if "checked" in a or (kind == "radio" and name not in fields):
                    fields[name] = a.get("value", "on")
            elif kind != "file":
                fields[name] = a.get("value", "")
        elif tag == "select" and name:
            self._select = name
        elif tag == "option" and self._select:
            value = a.get("value", "")
            self._form["choices"][self._select].append(value)
            if "selected" in a or self._select not in fields:
                fields[self._select] = value
        elif tag == "textarea" and name:
            self._textarea = name
            fields[name] = ""

    def handle_data(self, data):
        if self._form is not None and self._textarea:
            self._form["fields"][self._textarea] += data

    def handle_endtag(self, tag):
        if tag == "form":
            self._form = None
        elif tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None


@dataclass
class World:
    """What the walk found: ids by argument name, and form fields by endpoint."""

    ids: dict[str, dict] = field(default_factory=lambda: defaultdict(dict))  # name -> values, in the walk's order
    args: dict[str, list[dict]] = field(default_factory=lambda: defaultdict(list))  # endpoint -> argument sets
    forms: dict[str, list[dict]] = field(default_factory=lambda: defaultdict(list))
    pages: set[str] = field(default_factory=set)
    created: list[str] = field(default_factory=list)

    def add(self, endpoint: str, args: dict) -> None:
        """Keep one address's arguments."""
        for name, value in args.items():
            self.ids[name][str(value)] = True
        if args and args not in self.args[endpoint]:
            self.args[endpoint].append(args)


def _match(app, path: str):
    """The endpoint and arguments of a local path, or None."""
    try:
        return app.url_map.bind("localhost").match(path, method="GET")
    except HTTPException:
        try:
            return app.url_map.bind("localhost").match(path, method="POST")
        except HTTPException:
            return None


def _filled(form: dict, rng: random.Random | None = None) -> dict:
    """The form's own values, with the empty name fields given names (so a start form makes a table), sent by
    its main button (one without a name, else its last) or, given `rng`, by any of its buttons."""
    data, names = dict(form["fields"]), iter(NAMES)
    for key, value in data.items():
        if not value and re.search(r"name", key) and "csrf" not in key:
            data[key] = next(names, "")
    submits = form["submits"]
    if submits:
        nameless = [s for s in submits if not s[0]]
        name, value = rng.choice(submits) if rng else (nameless or submits)[-1]
        if name:
            data[name] = value
    return data


def harvest(app, client, max_pages: int = 160) -> World:
    """Walk the site from the home page: open pages, submit each kind of form once; keep ids and forms."""
    world = World()
    queue, seen, submitted = ["/"], set(), {}
    while queue and len(seen) < max_pages:
        path = queue.pop(0)
        if path in seen or path.startswith("/static/") or urlsplit(path).path.endswith((".png", ".pdf", ".js")):
            continue
        seen.add(path)
        response = client.get(path)
        if response.status_code != 200 or "html" not in (response.mimetype or ""):
            continue
        world.pages.add(path)
        page = _Page()
        page.feed(response.get_data(as_text=True))
        for link in page.links:
            found = _match(app, urlsplit(link).path)
            if found is not None:
                world.add(*found)
                if link not in seen and not link.startswith("/static/"):
                    queue.append(link)
        for form in page.forms:
            action = urlsplit(form["action"] or path).path
            found = _match(app, action)
            if found is None:
                continue
            endpoint, args = found
            world.add(endpoint, args)
            world.forms[endpoint].append(form)
            if form["method"] != "POST" or action in submitted or sum(e == endpoint for e in submitted.values()) >= 8:
                continue
            submitted[action] = endpoint
            answer = client.post(action, data=_filled(form))
            if answer.status_code in (302, 303) and answer.headers.get("Location", "").startswith("/"):
                target = answer.headers["Location"]
                if endpoint.endswith(".new"):
                    world.created.append(target)
                if _match(app, target) is not None:
                    world.add(*_match(app, target))
                seen.discard(target)  # the form changed it: open it again
                queue.insert(0, target)
    return world


def _arg(rng: random.Random, world: World, name: str, converter) -> str:
    """One path argument: a real id (any table's), or junk."""
    real = list(world.ids.get(name, ()))
    others = [v for values in world.ids.values() for v in values]
    roll = rng.random()
    if real and roll < 0.5:
        return rng.choice(real)
    if others and roll < 0.65:
        return rng.choice(others)
    if isinstance(converter, IntegerConverter) and roll < 0.85:
        return rng.choice(["0", "1", "3", "99", "9" * 30, str(2 ** 31), str(2 ** 63)])
    return rng.choice(JUNK_IDS)


def _url(rng: random.Random, world: World, rule) -> str:
    """The rule's address with arguments filled in (a real set, one changed, or any), sometimes a junk query."""
    names = set(rule.arguments)
    group = rule.endpoint.rsplit(".", 1)[0]
    sets = (world.args.get(rule.endpoint)
            or [a for e, found in world.args.items() if e.rsplit(".", 1)[0] == group for a in found if set(a) == names]
            or [a for found in world.args.values() for a in found if set(a) == names])
    if sets and rng.random() < 0.6:
        values = {k: str(v) for k, v in rng.choice(sets).items()}
        if rng.random() < 0.3:
            key = rng.choice(sorted(names))
            values[key] = _arg(rng, world, key, rule._converters[key])
    else:
        values = {n: _arg(rng, world, n, rule._converters[n]) for n in sorted(names)}
    parts = [quote(values[data], safe="-_.~") if dynamic else data for dynamic, data in rule._trace]
    url = "".join(parts).split("|", 1)[-1]
    if rng.random() < 0.25:
        key = rng.choice(["code", "seat", "version", "lang", "player", "n", "q", "page"])
        url += "?" + key + "=" + quote(rng.choice(JUNK_TEXT), safe="")
    return url


def _junk_fields(rng: random.Random, world: World, endpoint: str) -> dict:
    """The endpoint's own form (when the walk saw one) with some fields junk, or junk fields."""
    forms = world.forms.get(endpoint)
    if forms:
        form = rng.choice(forms)
        data = _filled(form, rng)
        keys = sorted(set(data) | set(form["choices"]))
        for key in rng.sample(keys, min(len(keys), rng.randint(0, 4))):
            if key == "csrf_token" and rng.random() < 0.7:
                continue
            choices = form["choices"].get(key)
            data[key] = rng.choice(choices) if choices and rng.random() < 0.4 else rng.choice(JUNK_TEXT)
        if rng.random() < 0.2:
            data.pop(rng.choice(keys), None) if keys else None
        return data
    return {rng.choice(["name", "version", "seat", "text", "code", "csrf_token", "x"]): rng.choice(JUNK_TEXT)
            for _ in range(rng.randint(0, 4))}


def _body(rng: random.Random, world: World, endpoint: str) -> dict:
    """Keyword arguments of the test client for one body."""
    kind = rng.randrange(10)
    fields = _junk_fields(rng, world, endpoint)
    if kind <= 3:
        return {"data": fields}
    if kind == 4:
        return {}
    if kind == 5:
        return {"json": {k: rng.choice(JUNK_JSON) for k in fields} or {"a": rng.choice(JUNK_JSON)}}
    if kind == 6:
        return {"data": rng.choice(['[1, 2]', "3", '"text"', "null", "{", "{\"a\": ", "[" * 5000, "\xff\xfe",
                                    json.dumps([fields])]), "content_type": "application/json"}
    if kind == 7:
        return {"data": "&".join(f"{k}={v}" for k, v in fields.items()),
                "content_type": rng.choice(["text/plain", "application/xml", "application/octet-stream", "",
                                            "application/x-www-form-urlencoded; charset=latin-1"])}
    if kind == 8:
        import io

        upload = (io.BytesIO(rng.choice([b"", b"\x00" * 100, b"{\"a\": 1}", b"\x89PNG\r\n\x1a\n" + b"x" * 50])),
                  rng.choice(["a.json", "photo.jpg", "x"]))
        name = rng.choice(["file", "photo", "upload", "document", "text", *sorted(fields)])
        return {"data": {**fields, name: upload}, "content_type": "multipart/form-data"}
    return {"data": {k: v * rng.choice([1, 2]) for k, v in fields.items()} | {"\x00": "\x00"}}


def fuzz(app, client, world: World, requests: int, seed: int = 27) -> tuple[list[str], dict]:
    """Send `requests` requests; return the failures (one line each) and counts by status."""
    rng = random.Random(seed)
    rules = sorted((r for r in app.url_map.iter_rules() if r.endpoint != "static"), key=lambda r: r.rule)
    failures, statuses = [], defaultdict(int)
    for i in range(requests):
        rule = rules[i % len(rules)] if i < len(rules) * 2 else rng.choice(rules)
        url = _url(rng, world, rule)
        allowed = sorted(rule.methods - {"HEAD", "OPTIONS"})
        method = rng.choice(allowed) if rng.random() < 0.85 else rng.choice(METHODS)
        kwargs = {} if method in ("GET", "HEAD", "OPTIONS") else _body(rng, world, rule.endpoint)
        if rng.random() < 0.3:
            kwargs["headers"] = {"Accept": rng.choice(["application/json", "text/html", "*/*", "image/png"])}
        response = client.open(url, method=method, **kwargs)
        statuses[response.status_code] += 1
        if response.status_code >= 500:
            shown = {k: (v if k != "data" or not isinstance(v, dict) else
                         {f: (x if not isinstance(x, tuple) else "<file>") for f, x in v.items()})
                     for k, v in kwargs.items()}
            failures.append(f"{response.status_code} {method} {url} {str(shown)[:300]}")
    return failures, dict(statuses)
