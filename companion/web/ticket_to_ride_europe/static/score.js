// Score sheet: tapping a completed ticket lights its path on that player's map (tap again to clear).
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  document.querySelectorAll(".player-card").forEach(function (card) {
    var map = card.querySelector("svg.ttr-map");
    if (!map) { return; }
    card.addEventListener("click", function (event) {
      var ticket = event.target.closest("li[data-routes]");
      if (!ticket) { return; }
      var on = !ticket.classList.contains("lit");
      card.querySelectorAll("li.lit").forEach(function (li) { li.classList.remove("lit"); });
      map.querySelectorAll(".rt.path").forEach(function (g) { g.classList.remove("path"); });
      if (!on) { return; }
      ticket.classList.add("lit");
      ticket.getAttribute("data-routes").split(" ").forEach(function (id) {
        var g = map.querySelector('.rt[data-route="' + id + '"]');
        if (g) { g.classList.add("path", "shown"); }
      });
    });
  });
}());
