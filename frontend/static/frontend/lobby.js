/* The lobby form follows the chosen game: as many seat rows as it seats, and only its options. */
"use strict";
(function () {
  const select = document.getElementById("game-select");
  if (!select) return;
  function follow() {
    const chosen = select.options[select.selectedIndex];
    const max = Number(chosen.dataset.max), slug = chosen.value;
    for (const row of document.querySelectorAll(".seat-row")) {
      const outside = Number(row.dataset.seat) >= max;
      row.hidden = outside;
      const kind = row.querySelector("select");
      if (outside) kind.value = "empty";
    }
    for (const option of document.querySelectorAll(".game-option")) {
      const other = option.dataset.game !== slug;
      option.hidden = other;
      if (other) option.querySelector("input").checked = false;
    }
  }
  select.addEventListener("change", follow);
  follow();
})();
