// New York's double map (issue 16): on a narrow screen the tap map shows one 6×6 half at a time, so a cell stays
// a finger wide. The server puts each half's viewBox on the SVG (data-halves: left;right;whole) and the labels
// (data-half-labels); this adds a switcher above the map. Taps keep working: only the viewBox changes.
(function () {
  "use strict";

  function init() {
    var svgs = document.querySelectorAll("svg.map[data-halves]");
    Array.prototype.forEach.call(svgs, function (svg) {
      var boxes = svg.dataset.halves.split(";");
      var labels = JSON.parse(svg.dataset.halfLabels || "[]");
      if (boxes.length !== 3 || labels.length !== 3) { return; }
      var bar = document.createElement("div");
      bar.className = "half-switch";
      bar.setAttribute("role", "group");
      var buttons = [];
      function show(k) {
        svg.setAttribute("viewBox", boxes[k]);
        svg.dataset.half = String(k);
        buttons.forEach(function (b, i) { b.setAttribute("aria-pressed", i === k ? "true" : "false"); });
      }
      labels.forEach(function (text, k) {
        var b = document.createElement("button");
        b.type = "button";
        b.className = "secondary half-" + k;
        b.textContent = text;
        b.addEventListener("click", function () { show(k); });
        buttons.push(b);
        bar.appendChild(b);
      });
      svg.parentNode.insertBefore(bar, svg);
      show(window.matchMedia("(max-width: 700px)").matches ? 0 : 2);
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
