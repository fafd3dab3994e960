// Ticket to Ride: Europe, the seat's record page: type a city to find a ticket (either end, accents ignored).
// No rule lives here: the engine checks the ticked tickets when they are sent.
(function () {
  "use strict";
  var search = document.getElementById("dealt-search");
  if (!search) { return; }
  function plain(text) { return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase(); }
  search.addEventListener("input", function () {
    var words = plain(search.value).split(/\s+/).filter(Boolean);
    document.querySelectorAll("#dealt-list li[data-search]").forEach(function (li) {
      var text = plain(li.getAttribute("data-search"));
      var ticked = li.querySelector("input").checked;
      li.hidden = !ticked && !words.every(function (w) { return text.indexOf(w) >= 0; });
    });
  });
}());
