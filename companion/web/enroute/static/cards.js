// The round-card picker (issue 13, U6): the host taps what the revealed card shows — its coordinate, the
// repeat symbol, its tourists (one type per card, as printed), its iconic symbols — and this script fills
// the card's drop-downs, which stay the way in without JavaScript. The server checks the form as before.
(function () {
  "use strict";
  var pickers = document.querySelectorAll(".picker[data-prefix]");
  if (!pickers.length) { return; }
  document.documentElement.classList.add("js");
  var MOVES = { up: "↑", down: "↓", stay: "=", or: "OR" };

  pickers.forEach(function (picker) {
    var prefix = picker.dataset.prefix;
    var form = picker.closest("form");
    function field(name) { return form.querySelector("[name='" + prefix + "_" + name + "']"); }
    function has(sel, value) { return Array.prototype.some.call(sel.options, function (o) { return o.value === value; }); }
    var colours = Array.prototype.map.call(picker.querySelectorAll(".tourists"), function (row) {
      return row.querySelector("[data-colour]").dataset.colour;
    });

    function paint() {
      var coord = field("coord"), repeat = field("repeat");
      picker.querySelectorAll("[data-coord]").forEach(function (b) {
        b.setAttribute("aria-pressed", coord && coord.value === b.dataset.coord ? "true" : "false");
      });
      picker.querySelector("[data-repeat]").setAttribute("aria-pressed", repeat && repeat.checked ? "true" : "false");
      picker.querySelectorAll("[data-colour]").forEach(function (b) {
        var sel = field(b.dataset.colour);
        b.setAttribute("aria-pressed", sel && sel.value === b.dataset.count ? "true" : "false");
      });
      picker.querySelectorAll("[data-icon]").forEach(function (b) {
        var sel = field("icon_" + b.dataset.icon);
        var move = sel ? sel.value : "";
        b.setAttribute("aria-pressed", move ? "true" : "false");
        b.querySelector(".move").textContent = MOVES[move] || "";
      });
    }

    function clearSymbols() {
      colours.forEach(function (c) { var sel = field(c); if (sel) { sel.value = "0"; } });
      picker.querySelectorAll("[data-icon]").forEach(function (b) {
        var sel = field("icon_" + b.dataset.icon);
        if (sel) { sel.value = ""; }
      });
    }

    picker.addEventListener("click", function (event) {
      var b = event.target.closest("button.pick");
      if (!b) { return; }
      var repeat = field("repeat");
      if (b.dataset.coord) {
        field("coord").value = b.dataset.coord;
      } else if (b.dataset.repeat) {
        repeat.checked = !repeat.checked;
        if (repeat.checked) { clearSymbols(); }  // a repeat card shows no tourists and no symbol
      } else if (b.dataset.colour) {
        var sel = field(b.dataset.colour);
        var again = sel.value === b.dataset.count;
        colours.forEach(function (c) { var other = field(c); if (other) { other.value = "0"; } });  // one type
        sel.value = again ? "0" : b.dataset.count;
        if (repeat) { repeat.checked = false; }
      } else if (b.dataset.icon) {
        var icon = field("icon_" + b.dataset.icon);
        var order = ["", "up", "or", "down", "stay"].filter(function (v) { return has(icon, v); });
        icon.value = order[(order.indexOf(icon.value) + 1) % order.length];
        if (icon.value && repeat) { repeat.checked = false; }
      }
      paint();
    });
    form.addEventListener("change", paint);
    paint();
    var details = picker.parentNode.querySelector("details.card-fields");
    if (details) { details.open = false; }  // the picker does it; the drop-downs stay one tap away
  });
}());
