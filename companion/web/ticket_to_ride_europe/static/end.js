// Ticket to Ride: Europe: when the game ends (the claim log counts the last turn, or the host ends it), every
// phone that showed this table during play opens the score sheet by itself, once. The live script (core) has
// already reloaded the page because the table's mark moved; this page now says the game has ended. A page
// opened for the first time after the end stays where it is (a player correcting their entry is not moved).
(function () {
  "use strict";
  var box = document.getElementById("end-follow");
  var store = null;
  try { store = window.sessionStorage; } catch (e) { store = null; }
  if (!box || !store) { return; }
  var key = "ttr-europe-playing:" + box.dataset.table;
  if (box.dataset.ended !== "1") { store.setItem(key, "1"); return; }
  if (store.getItem(key) !== "1") { return; }
  store.removeItem(key);
  if (box.dataset.here !== "1") { window.location.replace(box.dataset.score); }
}());
