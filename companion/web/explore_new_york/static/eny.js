/* Explore New York sheet editor: tap the tile's map; the JSON field follows; the engine checks it live.
   No inline scripts (CSP): strings come from <script type="application/json"> blocks. */
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  var form = document.getElementById("sheet-form");
  var wrap = document.getElementById("map-wrap");
  var text = document.getElementById("sheet-json");
  if (!form || !wrap || !text) { return; }
  var svg = wrap.querySelector("svg");
  var strings = JSON.parse(document.getElementById("eny-strings").textContent);
  var okText = JSON.parse(document.getElementById("eny-ok").textContent);
  var sevText = JSON.parse(document.getElementById("eny-sev").textContent);
  var COLOURS = ["red", "green", "blue"];
  var draft;
  try { draft = JSON.parse(text.value); } catch (e) { draft = null; }
  if (!draft || typeof draft !== "object" || Array.isArray(draft)) { return; }

  function isPoint(p) { return Array.isArray(p) && p.length === 2 && p.every(Number.isInteger); }
  function pkey(p) { return p[0] + "," + p[1]; }
  function sorted(a, b) { return (a[0] < b[0] || (a[0] === b[0] && a[1] <= b[1])) ? [a, b] : [b, a]; }
  function skey(a, b) { var s = sorted(a, b); return s[0][0] + "-" + s[0][1] + "-" + s[1][0] + "-" + s[1][1]; }
  function parsePoint(t) { return t.split(",").map(Number); }

  // The map's roads: which intersections they join (from the hit areas' data).
  var roads = {};
  svg.querySelectorAll(".hit-road").forEach(function (el) {
    roads[skey(parsePoint(el.dataset.a), parsePoint(el.dataset.b))] = [parsePoint(el.dataset.a), parsePoint(el.dataset.b)];
  });

  // State from the draft (entries the map cannot show stay out; the problem list names them).
  var drawn = {};
  (Array.isArray(draft.sections) ? draft.sections : []).forEach(function (s) {
    if (Array.isArray(s) && s.length === 2 && isPoint(s[0]) && isPoint(s[1]) && roads[skey(s[0], s[1])]) {
      drawn[skey(s[0], s[1])] = sorted(s[0], s[1]);
    }
  });
  var tourists = {};
  (Array.isArray(draft.tourists) ? draft.tourists : []).forEach(function (t) {
    if (t && isPoint(t.at)) {
      var c = {}; COLOURS.forEach(function (k) { c[k] = Number.isInteger(t[k]) ? t[k] : 0; });
      tourists[pkey(t.at)] = c;
    }
  });
  var cafes = {};
  (Array.isArray(draft.cafes) ? draft.cafes : []).forEach(function (p) { if (isPoint(p)) { cafes[pkey(p)] = true; } });
  var route = Array.isArray(draft.final_route) ? draft.final_route.filter(isPoint) : null;

  function toDraft() {
    var out = {sections: Object.keys(drawn).map(function (k) { return drawn[k]; }), tourists: [], cafes: [],
               final_route: route};
    Object.keys(tourists).forEach(function (k) {
      var c = tourists[k];
      if (COLOURS.some(function (col) { return c[col] > 0; })) {
        var item = {at: parsePoint(k)};
        COLOURS.forEach(function (col) { if (c[col] > 0) { item[col] = c[col]; } });
        out.tourists.push(item);
      }
    });
    out.cafes = Object.keys(cafes).map(parsePoint);
    return out;
  }

  function routeKeys() {
    var keys = {};
    if (route) { for (var i = 1; i < route.length; i++) { keys[skey(route[i - 1], route[i])] = true; } }
    return keys;
  }

  function render(write) {
    var onRoute = routeKeys();
    Object.keys(roads).forEach(function (k) {
      var el = document.getElementById("s-" + k);
      if (el) { el.classList.toggle("drawn", !!drawn[k]); el.classList.toggle("route", !!onRoute[k]); }
    });
    svg.querySelectorAll(".slot").forEach(function (g) {
      var parts = g.id.split("-");
      var c = tourists[parts[1] + "," + parts[2]];
      var n = c ? c[parts[3]] : 0;
      g.classList.toggle("empty", !n);
      g.querySelector("text").textContent = String(n);
    });
    svg.querySelectorAll(".cafe").forEach(function (g) {
      var parts = g.id.split("-");
      g.classList.toggle("circled", !!cafes[parts[1] + "," + parts[2]]);
    });
    var start = svg.querySelector(".route-start");
    if (start) { start.remove(); }
    if (route && route.length) {
      var pt = document.getElementById("p-" + route[0][0] + "-" + route[0][1]);
      if (pt) {
        var dot = document.createElementNS("http://www.w3.org/2000/svg", "circle");
        dot.setAttribute("class", "route-start");
        dot.setAttribute("cx", pt.getAttribute("cx")); dot.setAttribute("cy", pt.getAttribute("cy"));
        dot.setAttribute("r", "6");
        svg.insertBefore(dot, svg.querySelector(".hit"));
      }
    }
    if (write) { text.value = JSON.stringify(toDraft()); }
  }

  var toast = document.getElementById("toast");
  var toastTimer = null;
  function say(message) {
    toast.textContent = message; toast.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(function () { toast.hidden = true; }, 2600);
  }

  // Live check: the engine on the server names every problem; nothing is saved.
  var live = document.getElementById("check-note");
  var list = document.getElementById("problem-list");
  var timer = null;
  var asked = 0;
  function showProblems(problems) {
    svg.querySelectorAll(".problem").forEach(function (el) { el.classList.remove("problem"); });
    list.textContent = "";
    if (!problems.length) {
      var p = document.createElement("p"); p.className = "ok"; p.textContent = okText; list.appendChild(p); return;
    }
    var ul = document.createElement("ul"); ul.className = "problems";
    problems.forEach(function (prob) {
      var li = document.createElement("li");
      li.className = "problem " + prob.severity;
      var sev = document.createElement("span"); sev.className = "sev"; sev.textContent = sevText[prob.severity] || prob.severity;
      li.appendChild(sev); li.appendChild(document.createTextNode(" " + prob.text));
      if (prob.target) {
        li.dataset.target = prob.target;
        var el = document.getElementById(prob.target);
        if (el) { el.classList.add("problem"); }
      }
      ul.appendChild(li);
    });
    list.appendChild(ul);
  }
  function check() {
    var mine = ++asked;
    live.textContent = strings.checking;
    fetch(form.dataset.check, {method: "POST", headers: {"Content-Type": "application/json"},
                               body: JSON.stringify(toDraft()), credentials: "same-origin"})
      .then(function (r) { return r.json(); })
      .then(function (body) {
        if (mine !== asked) { return; }
        showProblems(body.problems || []);
        live.textContent = (body.total === null || body.total === undefined) ? "" :
          strings.total.replace("{total}", body.total).replace("{best}", body.best);
      })
      .catch(function () { if (mine === asked) { live.textContent = strings.offline; } });
  }
  function changed() { render(true); clearTimeout(timer); timer = setTimeout(check, 350); }

  // Tools.
  var hint = document.getElementById("tool-hint");
  var panel = document.getElementById("tourist-panel");
  var selected = null;
  document.querySelectorAll(".tool").forEach(function (button) {
    button.addEventListener("click", function () {
      document.querySelectorAll(".tool").forEach(function (b) { b.setAttribute("aria-pressed", String(b === button)); });
      wrap.dataset.tool = button.dataset.tool;
      hint.textContent = hint.dataset[button.dataset.tool];
      closePanel();
      if (button.dataset.tool === "route" && route === null) { setMode("own"); }
    });
  });

  function setMode(mode) {
    var radio = form.querySelector('input[name="route_mode"][value="' + mode + '"]');
    if (radio) { radio.checked = true; }
    route = mode === "own" ? (route || []) : null;
    changed();
  }
  form.querySelectorAll('input[name="route_mode"]').forEach(function (radio) {
    radio.addEventListener("change", function () { setMode(radio.value); });
  });

  function closePanel() {
    panel.hidden = true;
    if (selected) { document.getElementById("d-" + selected.replace(",", "-")).classList.remove("selected"); }
    selected = null;
  }
  function openPanel(key, printed) {
    closePanel();
    selected = key;
    document.getElementById("d-" + key.replace(",", "-")).classList.add("selected");
    var xy = printed.split(",");
    document.getElementById("panel-title").textContent = strings.tourists_at.replace("{x}", xy[0]).replace("{y}", xy[1]);
    var c = tourists[key] || {red: 0, green: 0, blue: 0};
    COLOURS.forEach(function (col) { document.getElementById("count-" + col).textContent = String(c[col] || 0); });
    panel.hidden = false;
  }
  panel.querySelectorAll(".stepper .step").forEach(function (b) {
    b.addEventListener("click", function () {
      if (!selected) { return; }
      var col = b.closest(".stepper").dataset.colour;
      var c = tourists[selected] || (tourists[selected] = {red: 0, green: 0, blue: 0});
      c[col] = Math.max(0, Math.min(99, (c[col] || 0) + Number(b.dataset.step)));
      document.getElementById("count-" + col).textContent = String(c[col]);
      changed();
    });
  });
  document.getElementById("panel-done").addEventListener("click", closePanel);

  svg.addEventListener("click", function (event) {
    var el = event.target;
    if (el.classList.contains("hit-road")) {
      var k = el.dataset.id.slice(2);
      if (drawn[k]) { delete drawn[k]; } else { drawn[k] = roads[k]; }
      changed();
    } else if (el.classList.contains("hit-district")) {
      openPanel(el.dataset.at, el.dataset.printed);
    } else if (el.classList.contains("hit-cafe")) {
      var ck = el.dataset.at;
      if (cafes[ck]) { delete cafes[ck]; } else { cafes[ck] = true; }
      changed();
    } else if (el.classList.contains("hit-point")) {
      tapPoint(parsePoint(el.dataset.at));
    }
  });

  function tapPoint(p) {
    if (route === null) { route = []; }
    var last = route.length ? route[route.length - 1] : null;
    if (last && pkey(last) === pkey(p)) { route.pop(); changed(); return; }
    if (!last) { route.push(p); changed(); return; }
    var k = skey(last, p);
    if (!roads[k]) { say(strings.not_joined); return; }
    if (!drawn[k]) { say(strings.not_drawn); return; }
    if (routeKeys()[k]) { say(strings.used); return; }
    route.push(p);
    changed();
  }

  // A photo reading: the player hides or shows the photo under the map.
  var photoToggle = document.getElementById("eny-photo-toggle");
  if (photoToggle) {
    photoToggle.addEventListener("click", function () {
      var on = photoToggle.getAttribute("aria-pressed") !== "true";
      photoToggle.setAttribute("aria-pressed", on ? "true" : "false");
      svg.querySelectorAll(".photo-layer").forEach(function (img) { img.style.display = on ? "" : "none"; });
    });
  }

  render(false);
})();
