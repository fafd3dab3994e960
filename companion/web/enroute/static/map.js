// Tapping on the sheet map. Progressive enhancement: the sheet lives in the form's JSON field
// (an enroute-sheet/1 draft) and is posted as is; this script only edits that JSON and repaints the
// SVG. Items it does not understand (from a pasted sheet) are left untouched, so nothing is lost.
(function () {
  "use strict";
  var wrap = document.getElementById("map-wrap");
  var form = document.getElementById("sheet-form");
  var field = document.getElementById("sheet-json");
  if (!wrap || !form || !field) { return; }
  var svg = wrap.querySelector("svg.map");
  var strings = JSON.parse(wrap.dataset.strings || "{}");
  var boards = JSON.parse(wrap.dataset.boards || "{}");
  var toast = document.getElementById("toast");
  var panel = document.getElementById("tourist-panel");
  var hint = document.getElementById("tool-hint");
  var boardSelect = document.getElementById("player_board");
  var toastTimer = null;
  var tool = "roads";
  var panelLoc = null;
  document.documentElement.classList.add("js");

  function say(text) {
    toast.textContent = text;
    toast.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(function () { toast.hidden = true; }, 3000);
  }

  var doc;
  try {
    doc = JSON.parse(field.value);
    if (!doc || typeof doc !== "object" || Array.isArray(doc)) { throw new Error("not an object"); }
  } catch (e) {
    // The text cannot be read (for example a bad paste): keep it as it is and do not tap over it.
    svg.classList.add("locked");
    say(strings.bad_json ? strings.bad_json.replace("{error}", e.message) : e.message);
    return;
  }

  function isPair(v) { return Array.isArray(v) && v.length === 2 && Number.isInteger(v[0]) && Number.isInteger(v[1]); }
  function same(a, b) { return isPair(a) && isPair(b) && a[0] === b[0] && a[1] === b[1]; }
  function before(a, b) { return a[0] < b[0] || (a[0] === b[0] && a[1] <= b[1]); }
  function secKey(a, b) { var p = before(a, b) ? [a, b] : [b, a]; return p[0].join(",") + "," + p[1].join(","); }
  function itemKey(raw) { return Array.isArray(raw) && raw.length === 2 && isPair(raw[0]) && isPair(raw[1]) ? secKey(raw[0], raw[1]) : null; }
  function nums(text) { return text.split(",").map(Number); }
  function list(key) { if (!Array.isArray(doc[key])) { doc[key] = []; } return doc[key]; }
  function routeMode() { var r = form.querySelector("input[name=route_mode]:checked"); return r ? r.value : "best"; }
  function setRouteMode(mode) { var r = form.querySelector("input[name=route_mode][value=" + mode + "]"); if (r) { r.checked = true; } }
  function walk() {
    var w = [];
    if (!Array.isArray(doc.final_route)) { return w; }
    for (var i = 0; i < doc.final_route.length && isPair(doc.final_route[i]); i++) { w.push(doc.final_route[i]); }
    return w;
  }
  function idKey(id) { return id.replace(/^[a-z]-/, "").replace(/-/g, ","); }

  function paint() {
    var drawn = {};
    list("sections").forEach(function (raw) { var k = itemKey(raw); if (k) { drawn[k] = true; } });
    var route = {};
    var w = routeMode() === "own" ? walk() : [];
    for (var i = 1; i < w.length; i++) { route[secKey(w[i - 1], w[i])] = true; }
    svg.querySelectorAll("line.sec").forEach(function (el) {
      var k = idKey(el.id);
      el.classList.toggle("drawn", !!drawn[k]);
      el.classList.toggle("route", !!route[k]);
    });
    var counts = {};
    list("tourists").forEach(function (item) {
      if (item && isPair(item.at)) { counts[item.at.join(",")] = item; }
    });
    svg.querySelectorAll("g.tg").forEach(function (g) {
      var item = counts[g.dataset.loc] || {};
      g.querySelectorAll("g.tt").forEach(function (tt) {
        var n = Number.isInteger(item[tt.dataset.colour]) ? item[tt.dataset.colour] : 0;
        tt.querySelector("text").textContent = n;
        tt.classList.toggle("zero", n <= 0);
      });
    });
    var cafes = {};
    list("cafes").forEach(function (item) { if (item && isPair(item.at)) { cafes[item.at.join(",")] = item.state; } });
    svg.querySelectorAll("g.cafe").forEach(function (g) {
      var st = cafes[idKey(g.id)];
      g.classList.toggle("circled", st === "used" || st === "unused");
      g.classList.toggle("used", st === "used");
    });
    var goal = {};
    (Array.isArray(doc.personal_goal) ? doc.personal_goal : []).forEach(function (p) { if (isPair(p)) { goal[p.join(",")] = true; } });
    var ends = {};
    if (w.length > 1) { ends[w[0].join(",")] = true; ends[w[w.length - 1].join(",")] = true; }
    svg.querySelectorAll("circle.goal").forEach(function (c) {
      var k = idKey(c.id);
      c.classList.toggle("on", !!goal[k]);
      c.classList.toggle("route-end", !!ends[k]);
    });
    if (panelLoc) { fillPanel(); }
    var text = JSON.stringify(doc);
    if (field.value !== text) {
      field.value = text;
      form.dispatchEvent(new CustomEvent("sheet-changed"));  // sheet-check.js rechecks the problems live
    }
  }

  function toggleSection(a, b) {
    var key = secKey(a, b);
    var secs = list("sections");
    for (var i = 0; i < secs.length; i++) {
      if (itemKey(secs[i]) === key) { secs.splice(i, 1); return; }
    }
    secs.push(before(a, b) ? [a, b] : [b, a]);
  }

  function extendRoute(a, b) {
    var key = secKey(a, b);
    var drawn = list("sections").some(function (raw) { return itemKey(raw) === key; });
    if (!drawn) { say(strings.route_not_drawn); return; }
    setRouteMode("own");
    var w = walk();
    if (w.length >= 2 && secKey(w[w.length - 2], w[w.length - 1]) === key) {
      w.pop();  // tapping the last section again undoes it
      if (w.length < 2) { w = []; }
    } else if (w.length === 0) {
      w = [a, b];
    } else if (same(w[w.length - 1], a)) {
      w.push(b);
    } else if (same(w[w.length - 1], b)) {
      w.push(a);
    } else if (w.length === 2 && (same(w[0], a) || same(w[0], b))) {
      w.reverse();  // the first tap could not know the direction yet
      w.push(same(w[w.length - 1], a) ? b : a);
    } else {
      say(strings.route_not_connected);
      return;
    }
    doc.final_route = w.length ? w : null;
  }

  function tourist(loc) {
    var items = list("tourists");
    for (var i = 0; i < items.length; i++) { if (items[i] && same(items[i].at, loc)) { return items[i]; } }
    return null;
  }

  function printed(loc) {
    var pb = boards[boardSelect ? boardSelect.value : ""] || boards[Object.keys(boards)[0]];
    return pb ? "(" + pb.columns[loc[0] - 1] + ", " + pb.rows[loc[1] - 1] + ")" : "(" + loc.join(", ") + ")";
  }

  function fillPanel() {
    var item = tourist(panelLoc) || {};
    document.getElementById("panel-title").textContent = (strings.tourists_at || "{where}").replace("{where}", printed(panelLoc));
    panel.querySelectorAll(".counts").forEach(function (row) {
      var n = Number.isInteger(item[row.dataset.colour]) ? item[row.dataset.colour] : 0;
      row.querySelectorAll("button[data-count]").forEach(function (b) {
        b.setAttribute("aria-pressed", Number(b.dataset.count) === n ? "true" : "false");
      });
      var more = row.querySelector("button[data-step]");
      more.textContent = n > 4 ? String(n) : "+";
      more.setAttribute("aria-pressed", n > 4 ? "true" : "false");
    });
  }

  // The panel covers the bottom of the screen (one tap per count, issue 13 U4): keep the tapped location above it.
  function openPanel(loc) {
    panelLoc = loc;
    svg.querySelectorAll("rect.cell.selected").forEach(function (el) { el.classList.remove("selected"); });
    var cell = document.getElementById("l-" + loc[0] + "-" + loc[1]);
    if (cell) { cell.classList.add("selected"); }
    panel.hidden = false;
    document.body.classList.add("panel-open");
    fillPanel();
    if (cell) {
      var box = cell.getBoundingClientRect();
      var free = window.innerHeight - panel.offsetHeight;
      var bar = document.querySelector(".toolbar");
      var top = bar ? bar.getBoundingClientRect().bottom : 0;
      if (box.bottom > free - 8) { window.scrollBy(0, box.bottom - free + 16); }
      else if (box.top < top) { window.scrollBy(0, box.top - top - 16); }
    }
  }

  function closePanel() {
    panelLoc = null;
    panel.hidden = true;
    document.body.classList.remove("panel-open");
    svg.querySelectorAll("rect.cell.selected").forEach(function (el) { el.classList.remove("selected"); });
  }

  function setCount(colour, n) {
    var items = list("tourists");
    var item = tourist(panelLoc);
    if (!item) { item = { at: panelLoc.slice() }; items.push(item); }
    if (n > 0) { item[colour] = Math.min(99, n); } else { delete item[colour]; }
    var left = Object.keys(item).filter(function (k) { return k !== "at"; });
    if (!left.length) { items.splice(items.indexOf(item), 1); }
  }

  function step(colour, delta) {
    var items = list("tourists");
    var item = tourist(panelLoc);
    if (!item) { item = { at: panelLoc.slice() }; items.push(item); }
    var n = Number.isInteger(item[colour]) ? item[colour] : 0;
    n = Math.max(0, Math.min(99, n + delta));
    if (n) { item[colour] = n; } else { delete item[colour]; }
    var left = Object.keys(item).filter(function (k) { return k !== "at"; });
    if (!left.length) { items.splice(items.indexOf(item), 1); }
  }

  function cycleCafe(at) {
    var items = list("cafes");
    for (var i = 0; i < items.length; i++) {
      if (items[i] && same(items[i].at, at)) {
        if (items[i].state === "unused") { items[i].state = "used"; } else { items.splice(i, 1); }
        return;
      }
    }
    items.push({ at: at, state: "unused" });
  }

  function toggleGoal(p) {
    var goal = Array.isArray(doc.personal_goal) ? doc.personal_goal : [];
    for (var i = 0; i < goal.length; i++) {
      if (same(goal[i], p)) { goal.splice(i, 1); doc.personal_goal = goal.length ? goal : null; return; }
    }
    if (goal.length >= 3) { say(strings.goal_full); return; }
    goal.push(p);
    doc.personal_goal = goal;
  }

  // Sliding a finger along roads draws each road whose middle it passes (or erases, when the first one was drawn):
  // a whole network in a few strokes instead of a tap per section (issue 13, U4). A tap still toggles one road.
  var stroke = null;
  var afterStroke = false;
  function roadAt(x, y) {
    var el = document.elementFromPoint(x, y);
    var hit = el && el.closest ? el.closest(".hits-roads .hit[data-sec]") : null;
    if (!hit || !svg.contains(hit)) { return null; }
    var m = svg.getScreenCTM();
    if (!m) { return null; }
    var p = svg.createSVGPoint();
    p.x = x; p.y = y;
    p = p.matrixTransform(m.inverse());
    var b = hit.getBBox();
    var reach = Math.max(b.width, b.height) * 0.3;  // near the road's middle, not at a crossing's tip
    var dx = p.x - (b.x + b.width / 2), dy = p.y - (b.y + b.height / 2);
    return dx * dx + dy * dy <= reach * reach ? hit.dataset.sec : null;
  }
  function strokeRoad(key) {
    if (!key || stroke.done[key]) { return; }
    var v = nums(key);
    var a = [v[0], v[1]], b = [v[2], v[3]];
    var drawn = list("sections").some(function (raw) { return itemKey(raw) === secKey(a, b); });
    if (stroke.erase === null) { stroke.erase = drawn; }
    if (drawn === stroke.erase) { toggleSection(a, b); }
    stroke.done[key] = true;
  }
  svg.addEventListener("pointerdown", function (event) {
    afterStroke = false;
    if (tool !== "roads" || !event.isPrimary) { return; }
    stroke = { start: roadAt(event.clientX, event.clientY), moved: false, done: {}, erase: null, id: event.pointerId };
  });
  svg.addEventListener("pointermove", function (event) {
    if (!stroke || event.pointerId !== stroke.id) { return; }
    var key = roadAt(event.clientX, event.clientY);
    if (!stroke.moved) {
      if (!key || key === stroke.start) { return; }
      stroke.moved = true;  // a second road: this is a stroke, the first road counts too
      strokeRoad(stroke.start);
    }
    strokeRoad(key);
    paint();
  });
  function endStroke(event) {
    if (!stroke || event.pointerId !== stroke.id) { return; }
    afterStroke = stroke.moved;
    stroke = null;
  }
  svg.addEventListener("pointerup", endStroke);
  svg.addEventListener("pointercancel", endStroke);

  svg.addEventListener("click", function (event) {
    if (afterStroke) { afterStroke = false; return; }  // the stroke has drawn its roads already
    var hit = event.target.closest(".hit");
    if (!hit) { return; }
    if (hit.dataset.sec) {
      var v = nums(hit.dataset.sec);
      var a = [v[0], v[1]], b = [v[2], v[3]];
      if (tool === "route") { extendRoute(a, b); } else { toggleSection(a, b); }
    } else if (hit.dataset.loc) {
      openPanel(nums(hit.dataset.loc));
    } else if (hit.dataset.pt && tool === "cafes") {
      cycleCafe(nums(hit.dataset.pt));
    } else if (hit.dataset.pt) {
      toggleGoal(nums(hit.dataset.pt));
    }
    paint();
  });

  panel.addEventListener("click", function (event) {
    var button = event.target.closest("button.count");
    if (!button || !panelLoc) { return; }
    var colour = button.closest(".counts").dataset.colour;
    if (button.dataset.step) { step(colour, Number(button.dataset.step)); }
    else { setCount(colour, Number(button.dataset.count)); }
    paint();
  });
  document.getElementById("panel-done").addEventListener("click", closePanel);

  function setTool(name) {
    tool = name;
    svg.dataset.mode = name;
    document.querySelectorAll(".toolbar .tool").forEach(function (b) {
      b.setAttribute("aria-pressed", b.dataset.tool === name ? "true" : "false");
    });
    hint.textContent = hint.dataset[name] || "";
    if (name !== "tourists") { closePanel(); }
    if (name === "route") { setRouteMode("own"); paint(); }
  }
  document.querySelectorAll(".toolbar .tool").forEach(function (b) {
    b.addEventListener("click", function () { setTool(b.dataset.tool); });
  });
  form.querySelectorAll("input[name=route_mode]").forEach(function (r) {
    r.addEventListener("change", function () { if (routeMode() === "own") { setTool("route"); } else { paint(); } });
  });
  document.getElementById("route-clear").addEventListener("click", function () { doc.final_route = null; paint(); });

  if (boardSelect) {
    boardSelect.addEventListener("change", function () {
      var pb = boards[boardSelect.value];
      if (!pb) { return; }
      doc.player_board = Number(boardSelect.value);
      svg.querySelectorAll("text.coord.col").forEach(function (t) { t.textContent = pb.columns[Number(t.dataset.index)]; });
      svg.querySelectorAll("text.coord.row").forEach(function (t) { t.textContent = pb.rows[Number(t.dataset.index)]; });
      paint();
    });
  }

  // A problem in the list shows its place on the map, scrolled clear of the sticky toolbar and save bar
  // (delegated: sheet-check.js replaces the list as the player taps).
  function showTarget(li) {
    var el = document.getElementById(li.dataset.target);
    if (!el) { return; }
    el.classList.remove("blink");
    void el.getBoundingClientRect();
    el.classList.add("blink");
    var bar = document.querySelector(".toolbar");
    var save = document.querySelector(".savebar");
    var top = bar ? Math.max(bar.getBoundingClientRect().bottom, 0) : 0;
    var bottom = window.innerHeight - (save ? save.offsetHeight : 0);
    var box = el.getBoundingClientRect();
    window.scrollBy({ top: box.top + box.height / 2 - (top + bottom) / 2, behavior: "instant" });
  }
  var problemsBox = document.getElementById("problems");
  if (problemsBox) {
    problemsBox.addEventListener("click", function (event) {
      var li = event.target.closest("li[data-target]");
      if (li) { showTarget(li); }
    });
    problemsBox.addEventListener("keydown", function (event) {
      var li = event.target.closest("li[data-target]");
      if (li && (event.key === "Enter" || event.key === " ")) { event.preventDefault(); showTarget(li); }
    });
    problemsBox.querySelectorAll("li[data-target]").forEach(function (li) { li.tabIndex = 0; });
  }

  // Editing the text by hand (no tapping) wins: re-read it when it changes.
  field.addEventListener("change", function () {
    try { var fresh = JSON.parse(field.value); if (fresh && typeof fresh === "object") { doc = fresh; paint(); } } catch (e) { /* keep the text */ }
  });

  paint();
}());
