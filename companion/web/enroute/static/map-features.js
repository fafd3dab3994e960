// What a city board adds to tapping a sheet (issue 14): a vehicle ride joining two route segments, tourists in
// remote spaces, crossed-out (×) locations. Like map.js it only edits the sheet's JSON field: it reads the field,
// changes it, and sends a "change" event so map.js re-reads it (map.js stays the owner of everything else).
// It starts after every deferred script (map.js included), so its handlers run after map.js's.
(function () {
  "use strict";

  function init() {
    var box = document.getElementById("city-marks");
    var wrap = document.getElementById("map-wrap");
    var form = document.getElementById("sheet-form");
    var field = document.getElementById("sheet-json");
    if (!box || !wrap || !form || !field) { return; }
    var svg = wrap.querySelector("svg.map");
    var hint = document.getElementById("tool-hint");
    var toast = document.getElementById("toast");
    var strings = JSON.parse(box.dataset.strings || "{}");
    var rides = JSON.parse(box.dataset.rides || "[]");
    var panel = document.getElementById("remote-panel");
    var rideStart = null;
    var space = null;
    var timer = null;

    function say(text) {
      if (!toast || !text) { return; }
      toast.textContent = text;
      toast.hidden = false;
      clearTimeout(timer);
      timer = setTimeout(function () { toast.hidden = true; }, 3500);
    }
    function read() {
      try {
        var doc = JSON.parse(field.value);
        return doc && typeof doc === "object" && !Array.isArray(doc) ? doc : null;
      } catch (e) { return null; }
    }
    function write(doc) {
      field.value = JSON.stringify(doc);
      field.dispatchEvent(new Event("change"));  // map.js re-reads the sheet
      form.dispatchEvent(new CustomEvent("sheet-changed"));  // a live check, where the page has one
      paint();
    }
    function isPair(v) { return Array.isArray(v) && v.length === 2 && Number.isInteger(v[0]) && Number.isInteger(v[1]); }
    function same(a, b) { return isPair(a) && isPair(b) && a[0] === b[0] && a[1] === b[1]; }
    function has(list, p) { return list.some(function (q) { return same(q, p); }); }
    function nums(text) { return text.split(",").map(Number); }
    function isRoad(a, b) {
      var p = (a[0] < b[0] || (a[0] === b[0] && a[1] <= b[1])) ? [a, b] : [b, a];
      return !!document.getElementById("s-" + p[0].join("-") + "-" + p[1].join("-"));
    }
    function walk(doc) {
      var w = [];
      var r = Array.isArray(doc.final_route) ? doc.final_route : [];
      for (var i = 0; i < r.length && isPair(r[i]); i++) { w.push(r[i]); }
      return w;
    }
    function ownRoute() {
      var r = form.querySelector("input[name=route_mode]:checked");
      return r && r.value === "own";
    }
    function rideAllowed(a, b) {
      return rides.some(function (v) {
        if (v.by === "stations") { return has(v.stops, a) && has(v.stops, b) && !same(a, b); }
        return (has(v.a, a) && has(v.b, b)) || (has(v.b, a) && has(v.a, b));
      });
    }
    function rideIndex(w) {
      for (var i = 1; i < w.length; i++) { if (!isRoad(w[i - 1], w[i])) { return i; } }
      return -1;
    }

    // ---- painting what this script owns: the ride line, the × marks, the remote counts ----
    function paint() {
      var doc = read();
      if (!doc) { return; }
      var layer = svg.querySelector("g.rides");
      if (layer) {
        while (layer.firstChild) { layer.removeChild(layer.firstChild); }
        var w = ownRoute() ? walk(doc) : [];
        for (var i = 1; i < w.length; i++) {
          if (isRoad(w[i - 1], w[i])) { continue; }
          var a = document.getElementById("p-" + w[i - 1].join("-"));
          var b = document.getElementById("p-" + w[i].join("-"));
          if (!a || !b) { continue; }
          var line = document.createElementNS("http://www.w3.org/2000/svg", "line");
          line.setAttribute("class", "ride");
          line.setAttribute("x1", a.getAttribute("cx")); line.setAttribute("y1", a.getAttribute("cy"));
          line.setAttribute("x2", b.getAttribute("cx")); line.setAttribute("y2", b.getAttribute("cy"));
          layer.appendChild(line);
        }
      }
      svg.querySelectorAll("circle.goal.ride-start").forEach(function (c) { c.classList.remove("ride-start"); });
      if (rideStart) {
        var start = document.getElementById("p-" + rideStart.join("-"));
        if (start) { start.classList.add("ride-start"); }
      }
      var crossed = Array.isArray(doc.crossed) ? doc.crossed : [];
      svg.querySelectorAll("path.xloc").forEach(function (x) { x.classList.toggle("on", has(crossed, nums(x.dataset.loc))); });
      var remote = doc.remote && typeof doc.remote === "object" ? doc.remote : {};
      svg.querySelectorAll("g.ft-remote").forEach(function (g) {
        var counts = remote[g.dataset.remote] || {};
        g.querySelectorAll("text.rc").forEach(function (t) {
          var n = Number.isInteger(counts[t.dataset.colour]) ? counts[t.dataset.colour] : 0;
          t.textContent = n;
          t.classList.toggle("zero", n <= 0);
        });
      });
      if (space && panel) { fillPanel(doc); }
    }

    // ---- the ride: tap where the first segment ends, then where the second begins ----
    function tapRide(p) {
      var doc = read();
      if (!doc) { return; }
      var w = walk(doc);
      var at = rideIndex(w);
      if (at > 0 && at === w.length - 1 && same(w[at], p)) {  // the ride's end again: undo the ride
        w.pop();
        doc.final_route = w;
        rideStart = null;
        write(doc);
        say(strings.ride_removed);
        return;
      }
      if (w.length < 2 || !ownRoute()) { say(strings.ride_first); return; }
      if (at > 0) { say(strings.ride_second); return; }
      if (!rideStart) {
        if (!same(w[w.length - 1], p)) { say(strings.ride_from_end); return; }
        rideStart = p;
        paint();
        say(strings.ride_pick_end);
        return;
      }
      if (same(rideStart, p)) { rideStart = null; paint(); return; }
      if (!rideAllowed(rideStart, p)) { say(strings.ride_not_allowed); return; }
      w.push(p);
      doc.final_route = w;
      rideStart = null;
      write(doc);
      say(strings.ride_added);
    }

    // ---- crossed-out locations ----
    function tapCross(loc) {
      var doc = read();
      if (!doc) { return; }
      var crossed = Array.isArray(doc.crossed) ? doc.crossed : [];
      var i = crossed.findIndex(function (q) { return same(q, loc); });
      if (i >= 0) {
        crossed.splice(i, 1);
      } else {
        var tourists = Array.isArray(doc.tourists) ? doc.tourists : [];
        if (tourists.some(function (t) { return t && same(t.at, loc); })) { say(strings.cross_has_tourists); return; }
        crossed.push(loc);
      }
      if (crossed.length) { doc.crossed = crossed; } else { delete doc.crossed; }
      write(doc);
    }

    // ---- remote tourist spaces ----
    function fillPanel(doc) {
      var g = svg.querySelector('g.ft-remote[data-remote="' + space + '"]');
      var name = g && g.querySelector("title") ? g.querySelector("title").textContent : space;
      document.getElementById("remote-title").textContent = (strings.remote_title || "{name}").replace("{name}", name);
      var counts = doc.remote && doc.remote[space] ? doc.remote[space] : {};
      panel.querySelectorAll(".stepper").forEach(function (row) {
        var n = counts[row.dataset.colour];
        row.querySelector("output").textContent = Number.isInteger(n) ? n : 0;
      });
    }
    function openPanel(id) {
      space = id;
      panel.hidden = false;
      paint();
    }
    function closePanel() {
      space = null;
      if (panel) { panel.hidden = true; }
    }
    if (panel) {
      panel.addEventListener("click", function (event) {
        var button = event.target.closest("button.step");
        if (!button || !space) { return; }
        var doc = read();
        if (!doc) { return; }
        if (!doc.remote || typeof doc.remote !== "object" || Array.isArray(doc.remote)) { doc.remote = {}; }
        var counts = doc.remote[space] && typeof doc.remote[space] === "object" ? doc.remote[space] : {};
        var colour = button.closest(".stepper").dataset.colour;
        var n = Number.isInteger(counts[colour]) ? counts[colour] : 0;
        n = Math.max(0, Math.min(99, n + Number(button.dataset.step)));
        if (n) { counts[colour] = n; } else { delete counts[colour]; }
        if (Object.keys(counts).length) { doc.remote[space] = counts; } else { delete doc.remote[space]; }
        if (!Object.keys(doc.remote).length) { delete doc.remote; }
        write(doc);
      });
      document.getElementById("remote-done").addEventListener("click", closePanel);
    }

    svg.addEventListener("click", function (event) {
      var hit = event.target.closest(".hit");
      if (!hit) { return; }
      if (hit.dataset.ride && svg.dataset.mode === "ride") { tapRide(nums(hit.dataset.ride)); }
      else if (hit.dataset.xloc && svg.dataset.mode === "crossed") { tapCross(nums(hit.dataset.xloc)); }
      else if (hit.dataset.remote && svg.dataset.mode === "remote") { openPanel(hit.dataset.remote); }
    });

    // The tools are buttons of map.js's toolbar: it switches the map's mode; the hint comes from each button.
    document.querySelectorAll(".toolbar .tool").forEach(function (b) {
      if (b.dataset.hint && hint) { hint.dataset[b.dataset.tool] = b.dataset.hint; }
      b.addEventListener("click", function () {
        if (b.dataset.tool !== "remote") { closePanel(); }
        if (b.dataset.tool !== "ride") { rideStart = null; }
        paint();
      });
    });
    // Whatever map.js changed (route taps, the route choice, a hand edit) is repainted here too.
    document.addEventListener("click", function () { setTimeout(paint, 0); });
    field.addEventListener("change", function () { setTimeout(paint, 0); });
    form.addEventListener("change", function () { setTimeout(paint, 0); });
    paint();
  }

  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", init); } else { init(); }
}());
