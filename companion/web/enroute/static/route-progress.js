/* The score sheet's route search running in the background: poll its status, move the progress bar,
   and load the score sheet when the search is done. The server writes every text (page language). */
(function () {
  "use strict";
  const box = document.getElementById("route-progress");
  if (!box || !box.dataset.statusUrl) return;
  const bar = document.getElementById("route-progress-bar");
  const text = document.getElementById("route-progress-text");
  let wait = 700;

  async function poll() {
    try {
      const response = await fetch(box.dataset.statusUrl, { headers: { "Accept": "application/json" },
                                                            credentials: "same-origin", cache: "no-store" });
      if (response.ok) {
        const status = await response.json();
        if (text && status.text) text.textContent = status.text;
        if (bar) bar.value = Math.round(100 * (status.progress || 0));
        if (status.ready || status.failed) { window.location.reload(); return; }
        wait = 1000;
      } else {
        wait = Math.min(10000, wait * 2);
      }
    } catch (e) {
      wait = Math.min(10000, wait * 2);  // offline for a moment: try again later
    }
    window.setTimeout(poll, wait);
  }
  window.setTimeout(poll, wait);
})();
