// Ask the rules (issue 26): the answers arrive under the question box, which on the score
// sheet and the live table sits low on a phone's screen, so the answer landed below the
// fold. Bring the first answer from the rules (or the "nothing answers" note) into view,
// scrolling no more than needed, so the player reads it without scrolling.
document.body.addEventListener("htmx:afterSwap", (event) => {
  const box = event.detail.target;
  if (!box || !box.classList || !box.classList.contains("ask-answers")) return;
  const first = box.querySelector(".answer:not(.ruling)") || box.querySelector(".answer, .note");
  if (first) first.scrollIntoView({ block: "nearest" });
});
