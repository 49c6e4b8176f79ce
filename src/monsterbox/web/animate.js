// Following the play: cards that move between renders glide from where they were (FLIP: First, Last, Invert, Play),
// and cards that were not on the table before are highlighted (the last move, marked). Off when the user prefers
// reduced motion.
const reduced = () => window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

let before = new Map();

/** Call just before the table re-renders. */
export function snapshot(root) {
  before = new Map();
  if (!root) return;
  for (const el of root.querySelectorAll("[data-key]")) before.set(el.dataset.key, el.getBoundingClientRect());
}

/** Call right after the table re-rendered; ms: how long a card glides. */
export function play(root, ms = 450) {
  if (!root || !before.size) return;
  const fresh = [];
  for (const el of root.querySelectorAll("[data-key]")) {
    const was = before.get(el.dataset.key);
    el.classList.remove("fresh");
    if (!was) { fresh.push(el); continue; }
    if (reduced()) continue;
    const now = el.getBoundingClientRect();
    const dx = was.left - now.left, dy = was.top - now.top;
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
    el.style.transition = "none";
    el.style.transform = `translate(${dx}px, ${dy}px)`;
    requestAnimationFrame(() => {
      el.style.transition = `transform ${ms}ms ease`;
      el.style.transform = "";
    });
  }
  // the cards the last move brought stay marked until the next move (a ring, not only a flash)
  if (fresh.length && fresh.length < 12) for (const el of fresh) { void el.offsetWidth; el.classList.add("fresh"); }
  before = new Map();
}
