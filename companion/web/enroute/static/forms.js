// Start-a-table form niceties; the form works the same without them.
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  // Changing the city or the language re-draws the form for it (the no-JS page has a button for this).
  document.querySelectorAll(".autosubmit select").forEach(function (select) {
    select.addEventListener("change", function () {
      var button = document.querySelector("button[name=change_board]");
      if (button) { button.click(); }
    });
  });
  // Show a goal card's description fields only when the table describes the card itself.
  document.querySelectorAll(".goal").forEach(function (goal) {
    var choice = goal.querySelector(".goal-choice select");
    var describe = goal.querySelector(".describe");
    function update() { describe.hidden = choice.value !== "describe" && !goal.querySelector(".describe .has-error"); }
    choice.addEventListener("change", update);
    update();
  });
}());
