// Coloured routes (Paris): each drawn section has a colour, kept in the sheet's "colours" list (one per item of
// "sections", same order). A pen of red, green or blue next to the "Colour" tool gives new sections their colour;
// with that tool, tapping a drawn section paints it with the pen. Like map-features.js it only edits the sheet's
// JSON field and sends "change" so map.js re-reads it; it never removes what it does not understand.
(function () {
  "use strict";
  var PENS = ["red", "green", "blue"];

  function init() {
    var box = document.getElementById("city-marks");
    var wrap = document.getElementById("map-wrap");
    var form = document.getElementById("sheet-form");
    var field = document.getElementById("sheet-json");
    var button = document.querySelector('.toolbar .tool[data-tool="colour"]');
    if (!box || !wrap || !form || !field || !button) { return; }
    var svg = wrap.querySelector("svg.map");
    var strings = JSON.parse(box.dataset.strings || "{}");
    var toast = document.getElementById("toast");
    var pen = "red";
    var known = {};  // section key -> colour, as last seen

    function isPair(v) { return Array.isArray(v) && v.length === 2 && Number.isInteger(v[0]) && Number.isInteger(v[1]); }
    function key(raw) {
      if (!Array.isArray(raw) || raw.length !== 2 || !isPair(raw[0]) || !isPair(raw[1])) { return null; }
      var a = raw[0], b = raw[1];
      var first = a[0] < b[0] || (a[0] === b[0] && a[1] <= b[1]);
      return (first ? a.concat(b) : b.concat(a)).join(",");
    }
    function read() {
      try {
        var doc = JSON.parse(field.value);
        return doc && typeof doc === "object" && !Array.isArray(doc) ? doc : null;
      } catch (e) { return null; }
    }
    function say(text) {
      if (!toast || !text) { return; }
      toast.textContent = text;
      toast.hidden = false;
      setTimeout(function () { toast.hidden = true; }, 3000);
    }

    // Give every section a colour: the one it had, else the pen's; the list follows the sections' order.
    function align(doc) {
      var secs = Array.isArray(doc.sections) ? doc.sections : [];
      var given = Array.isArray(doc.colours) && doc.colours.length === secs.length ? doc.colours : null;
      var out = secs.map(function (raw, i) {
        var k = key(raw);
        if (given && PENS.indexOf(given[i]) >= 0) { return given[i]; }
        return (k && known[k]) || pen;
      });
      known = {};  // an erased section forgets its colour: drawn again, it takes the pen's
      secs.forEach(function (raw, i) { var k = key(raw); if (k) { known[k] = out[i]; } });
      var changed = JSON.stringify(out) !== JSON.stringify(doc.colours);
      doc.colours = out;
      return changed;
    }
    function paint(doc) {
      var colour = {};
      (doc.sections || []).forEach(function (raw, i) { var k = key(raw); if (k) { colour[k] = doc.colours[i]; } });
      svg.querySelectorAll("line.sec").forEach(function (el) {
        var k = el.id.replace(/^[a-z]-/, "").replace(/-/g, ",");
        PENS.forEach(function (c) { el.classList.toggle("pc-" + c, colour[k] === c); });
      });
    }
    function write(doc) {
      field.value = JSON.stringify(doc);
      field.dispatchEvent(new Event("change"));
      form.dispatchEvent(new CustomEvent("sheet-changed"));
    }
    function sync() {
      var doc = read();
      if (!doc) { return; }
      if (align(doc)) { write(doc); }
      paint(doc);
    }

    var chips = document.createElement("span");
    chips.className = "pen";
    chips.setAttribute("role", "group");
    chips.setAttribute("aria-label", strings.pen_label || "");
    PENS.forEach(function (c) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "pen-" + c;
      b.dataset.pen = c;
      b.textContent = strings["pen_" + c] || c;
      b.setAttribute("aria-pressed", c === pen ? "true" : "false");
      b.addEventListener("click", function () {
        pen = c;
        chips.querySelectorAll("button").forEach(function (o) {
          o.setAttribute("aria-pressed", o.dataset.pen === pen ? "true" : "false");
        });
      });
      chips.appendChild(b);
    });
    button.insertAdjacentElement("afterend", chips);

    // In the colour tool a tap paints a drawn section; it never draws or erases (map.js does not see the tap).
    wrap.addEventListener("click", function (event) {
      if (svg.dataset.mode !== "colour") { return; }
      var hit = event.target.closest ? event.target.closest(".hits-roads .hit[data-sec]") : null;
      if (!hit) { return; }
      event.stopPropagation();
      var doc = read();
      if (!doc) { return; }
      var wanted = hit.dataset.sec;
      var secs = Array.isArray(doc.sections) ? doc.sections : [];
      align(doc);
      var i = secs.findIndex(function (raw) { return key(raw) === wanted; });
      if (i < 0) { say(strings.colour_not_drawn); return; }
      doc.colours[i] = pen;
      known[wanted] = pen;
      write(doc);
      paint(doc);
    }, true);
    form.addEventListener("sheet-changed", sync);
    field.addEventListener("change", function () { var doc = read(); if (doc && Array.isArray(doc.colours)) { paint(doc); } });
    sync();
  }

  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", init); } else { init(); }
}());
