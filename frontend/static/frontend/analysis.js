/* The replay's analysis in words and numbers, with no page in it (replay.js draws; the tests
   run this file under node): the chart's value axis. */
"use strict";
(function (root, make) {
  const made = make();
  if (typeof module === "object" && module.exports) module.exports = made;
  else root.GothamAnalysis = made;
})(typeof window === "undefined" ? globalThis : window, function () {
  /* A value from 0 to 1 (a seat's winning chances) as the percentage the notes give. */
  function percent(value) {
    return `${Math.round(Number(value) * 100)}%`;
  }

  /* The chart's value axis: where each grid line sits (0 to 1) and its label, in percent. */
  function axisTicks() {
    return [0, 0.5, 1].map((value) => ({ value, label: percent(value) }));
  }

  return { percent, axisTicks };
});
