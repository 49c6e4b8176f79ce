// Following the play: cards that move between renders glide from where they were (FLIP: First, Last, Invert, Play),
// and cards that were not on the table before are highlighted. Off when the user prefers reduced motion.
const reduced = () => window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

let before = new Map();

/** Call just before the table re-renders. */
export function snapshot(root) {
  before = new Map();
  if (!root) return;
  for (const el of root.querySelectorAll("[data-key]")) before.set(el.dataset.key, el.getBoundingClientRect());
}

/** Call right after the table re-rendered. */
export function play(root) {
  if (!root || reduced() || !before.size) return;
  for (const el of root.querySelectorAll("[data-key]")) {
    const was = before.get(el.dataset.key);
    if (!was) { el.classList.remove("fresh"); void el.offsetWidth; el.classList.add("fresh"); continue; }
    const now = el.getBoundingClientRect();
    const dx = was.left - now.left, dy = was.top - now.top;
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
    el.style.transition = "none";
    el.style.transform = `translate(${dx}px, ${dy}px)`;
    requestAnimationFrame(() => {
      el.style.transition = "transform 0.45s ease";
      el.style.transform = "";
    });
  }
}
