/* The header's rules search: its placeholder names an example question where the box has room
   for it, and is only "Ask the rules…" where it has not (a phone), so it is never cut off. */
"use strict";
(function () {
  const input = document.querySelector("header.site input[type=search][data-short-placeholder]");
  if (!input) return;
  const long = input.placeholder, short = input.dataset.shortPlaceholder;
  const ruler = document.createElement("canvas").getContext("2d");

  function fit() {
    const style = getComputedStyle(input);
    ruler.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    input.placeholder = ruler.measureText(long).width <= room ? long : short;
  }

  fit();
  window.addEventListener("resize", fit);
})();
