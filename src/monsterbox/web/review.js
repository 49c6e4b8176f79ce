// The review of a finished game for one seat (GET /api/games/{id}/review?seat=k, computed by the server in the
// background): the estimated win chance at each of the seat's decisions drawn as an SVG curve, the flagged moves
// (a tier: inaccuracy, mistake, blunder) marked and listed with why, and the player's accuracy; a point or a flagged
// move jumps the replay to the position of that decision. The same numbers as `monsterbox review`.
import { html, useState, useEffect, useRef } from "./lib.js";
import { api } from "./api.js";
import { t, pct, num } from "./i18n.js";

const W = 640, H = 190, L = 40, R = 12, TOP = 12, B = 26;
const TIER_KEYS = { blunder: "review.blunder", mistake: "review.mistakeTier", inaccuracy: "review.inaccuracy" };
const tierName = (k) => t(TIER_KEYS[k] || "review.mistake");

export function ReviewPanel({ id, final, names, step, seat, onStep }) {
  const [who, setWho] = useState(seat === "all" ? "0" : seat);
  const [state, setState] = useState({});  // seat -> {data?, progress?, error?}
  const timer = useRef(null);
  const alive = useRef(true);
  useEffect(() => () => { alive.current = false; clearTimeout(timer.current); }, []);
  useEffect(() => { if (seat !== "all") setWho(seat); }, [seat]);

  async function ask(k) {
    try {
      const r = await api(`/api/games/${encodeURIComponent(id)}/review?seat=${k}`);
      if (!alive.current) return;
      if (r.status === "computing") {
        setState((s) => Object.assign({}, s, { [k]: { progress: r } }));
        timer.current = setTimeout(() => ask(k), 700);
      } else {
        setState((s) => Object.assign({}, s, { [k]: { data: r } }));
      }
    } catch (e) {
      if (alive.current) setState((s) => Object.assign({}, s, { [k]: { error: e.message } }));
    }
  }

  const cur = state[who] || {};
  const name = names[Number(who)];
  return html`<section class="review" id="review" aria-labelledby="review-title">
    <h2 id="review-title">${t("review.title")}</h2>
    <div class="review-bar">
      <label>${t("review.seat")} <select id="review-seat" value=${who}
        onChange=${(e) => setWho(e.currentTarget.value)}>
        ${names.map((nm, i) => html`<option value=${String(i)}>${nm}</option>`)}</select></label>
      <button type="button" id="review-start" disabled=${!!(cur.progress || cur.data)}
        onClick=${() => { setState((s) => Object.assign({}, s, { [who]: { progress: { done: 0, total: 0 } } }));
          ask(who); }}>${t("review.start", { name })}</button>
      ${cur.progress ? html`<span class="hint" role="status">${t("review.computing",
        { done: cur.progress.done, total: cur.progress.total || "…" })}</span>` : null}
    </div>
    ${cur.error ? html`<p class="error" role="alert">${cur.error}</p>` : null}
    ${cur.data ? html`<${Curve} r=${cur.data} n=${final.version} step=${step} name=${name} onStep=${onStep} />` : null}
  </section>`;
}

function Curve({ r, n, step, name, onStep }) {
  const x = (i) => L + ((W - L - R) * i) / Math.max(1, n);
  const y = (p) => TOP + (1 - p) * (H - TOP - B);
  const ds = r.decisions;
  const line = ds.map((d) => `${x(d.index).toFixed(1)},${y(d.before).toFixed(1)}`).join(" ");
  const what = r.cooperative ? t("review.team") : t("review.chance");
  const bad = ds.filter((d) => d.flagged);
  const tiers = Object.entries(r.tiers || {}).map(([k, v]) => `${tierName(k)} ${v}`).join(", ");
  const pick = (d) => ({ onClick: () => onStep(d.index),
    onKeyDown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); onStep(d.index); } } });
  const label = (d) => `${t("review.move", { k: d.index + 1 })}${t("punct.colon")}${d.played_text} (${pct(d.after)})${d.flagged
    ? ` – ${tierName(d.tier)}, ${t("review.better", { best: d.best_text, p: pct(d.before) })}` : ""}`;
  return html`<div class="review-body">
    <p class="hint">${t("review.about", { what, name, samples: r.samples })}</p>
    <svg class="review-curve" id="review-curve" viewBox=${`0 0 ${W} ${H}`} role="group"
        aria-label=${t("review.curve", { what, name })}>
      ${[0, 0.5, 1].map((p) => html`<g key=${"g" + p}><line class="grid" x1=${L} x2=${W - R} y1=${y(p)} y2=${y(p)} />
        <text class="axis" x=${L - 5} y=${y(p) + 4} text-anchor="end">${pct(p)}</text></g>`)}
      <text class="axis" x=${L} y=${H - 6}>${t("review.move", { k: 1 })}</text>
      <text class="axis" x=${W - R} y=${H - 6} text-anchor="end">${t("review.move", { k: n })}</text>
      <line class="now" x1=${x(step)} x2=${x(step)} y1=${TOP} y2=${H - B} />
      ${ds.length > 1 ? html`<polyline class="best" points=${line} />` : null}
      ${ds.map((d) => html`<g key=${"d" + d.index} class=${`pt ${d.flagged ? "mistake" : ""}`} tabindex="0"
          role="button" data-step=${d.index} aria-label=${label(d)} ...${pick(d)}>
        <title>${label(d)}</title>
        <circle cx=${x(d.index)} cy=${y(d.after)} r=${d.flagged ? 6 : 4} />
        ${d.flagged ? html`<path d=${`M${x(d.index) - 4},${y(d.after) - 4}l8,8m0,-8l-8,8`} />` : null}
      </g>`)}
    </svg>
    <p class="legend"><span class="lg-best">— ${t("review.best")}</span> <span class="lg-played">● ${t("review.played")}</span>
      <span class="lg-mistake">✕ ${t("review.mistake")}</span></p>
    ${r.accuracy != null ? html`<p id="review-accuracy">${t("review.accuracy", { name, a: num(r.accuracy), tiers })}</p>`
      : null}
    <h3>${t("review.mistakes", { n: bad.length })}</h3>
    ${bad.length ? html`<ol class="mistakes" id="mistakes">${bad.map((d) => html`<li key=${"m" + d.index}
        data-tier=${d.tier}>
        <button type="button" class="link" data-step=${d.index} onClick=${() => onStep(d.index)}>
          ${t("review.move", { k: d.index + 1 })}</button>
        <strong>${tierName(d.tier)}</strong>${t("punct.colon")}${d.played_text} (${pct(d.after)}) – ${d.why}</li>`)}
      </ol>` : html`<p class="hint">${t("review.none", { p: pct(r.least) })}</p>`}
  </div>`;
}
