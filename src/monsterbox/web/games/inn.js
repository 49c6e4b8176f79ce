// Monster Inn: the tavern row (the creature being bid for raised), the pool, the supply, and each dungeon as
// monster-over-human pairs (supports on their monsters); treasures in hand as counts, hidden ones as such.
import { html } from "../lib.js";
import { t } from "../i18n.js";
import { Card, Row, Token } from "../cards.js";
import { Zone, SeatPanel, ScoreTable, cap } from "./common.js";

const RACE_LETTER = { goblins: "G", orcs: "O", trolls: "T", undead: "U", kobolds: "K" };
const KIND = { gold: "gold", gem: "gem" };

const race = (r) => t("race." + r);
const kindWord = (k) => t("treasure." + k);
const count = (k, n) => t("count." + k, { n });
export function innCreatureName(c) { return `${race(c.race)} ${c.value}`; }
export function monsterFace(c) {
  return { title: race(c.race), value: c.value, icon: c.race, colour: c.colour, letter: RACE_LETTER[c.race],
    skulls: c.skulls };
}
export function monsterLabel(c) { return `${race(c.race)} ${c.value}, ${t("card.skulls", { n: c.skulls })}`; }

function humanCard(hm, key, revealed, cls) {
  if (hm.value !== undefined && hm.id) {
    return html`<${Card} key=${key} cls=${revealed ? "turned" : ""} label=${`${t("inn.human")} ${hm.value} (${hm.range})`}
      face=${{ title: t("inn.human"), value: hm.value, icon: "human", colour: "human", skulls: hm.skulls,
        corner: hm.range }} />`;
  }
  return html`<${Card} key=${key} cls=${cls || ""} label=${t("inn.facedown", { range: hm.range })}
    face=${{ back: true, icon: "human", backText: hm.range }} />`;
}

export function innTable({ st, view: v, moves, nameOf }) {
  const me = v.seat;
  const poolKind = v.pool.kind;
  const bidOn = v.tavern[0];
  return html`<div class="inn">
    <div class="inn-center">
      <${Zone} title=${t("inn.tavern")} cls="tavern">
        <p class="meta">${t("inn.round", { r: v.round, n: v.rounds })} · ${t("inn.draw", { n: v.draw_pile })}</p>
        <${Row} label=${t("inn.tavern")}>${v.tavern.map((c, i) => (c.kind === "monster"
          ? html`<${Card} key=${"m" + c.id} cls=${i === 0 ? "raised" : ""}
            label=${(i === 0 ? t("inn.bidding") + ": " : "") + monsterLabel(c)} face=${monsterFace(c)} />`
          : humanCard(c, "tav" + i, false, i === 0 ? "raised" : "")))}</${Row}>
      </${Zone}>
      <${Zone} title=${t("inn.pool")} cls="pool">
        <div class="pool-tokens">
          <${Token} icon=${poolKind || "gold"} count=${v.pool.count} cls="big"
            label=${`${t("inn.pool")}: ${poolKind ? count(poolKind, v.pool.count) : v.pool.count}`} />
          ${["gold", "gem"].map((k) => moves.has("stay:" + k) ? html`<${Token} icon=${k} count="+1" cls="stay"
            label=${t("inn.pool")} action=${moves.props("stay:" + k)} />` : null)}
        </div>
        <div class="chips-row">${moves.chip("drop", null, "danger")}${moves.chip("exchange")}</div>
      </${Zone}>
      <${Zone} title=${t("inn.supply")} cls="supply">
        ${["gold", "gem"].map((k) => html`<${Token} icon=${k} count=${v.supply[k]}
          label=${`${t("inn.supply")}: ${count(k, v.supply[k])}`} action=${moves.one("bonus:" + k)} />`)}
      </${Zone}>
      ${v.hand ? html`<${Zone} title=${t("inn.hand")} cls="hand">
        ${["gold", "gem"].map((k) => html`<${Token} icon=${k} count=${v.hand[k]}
          label=${`${t("inn.hand")}: ${count(k, v.hand[k])}`} />`)}</${Zone}>` : null}
    </div>
    <div class="seats-area">${v.seats.map((s) => html`<${SeatPanel} key=${s.seat} seat=${s.seat} st=${st}
        nameOf=${nameOf} cls=${s.in_round ? "" : "out"} extra=${html`
          ${s.in_round ? null : html`<span class="tag">${t("inn.out")}</span>`}
          ${s.treasures ? html`<span class="treasures">${["gold", "gem"].map((k) => html`<${Token} icon=${k}
            count=${s.treasures[k]} cls="small" label=${count(k, s.treasures[k])} />`)}</span>`
            : html`<span class="tag">${t("inn.hidden")}</span>`}`}>
      <div class="dungeon" role="list" aria-label=${t("inn.dungeon")}>
        ${s.dungeon.monsters.map((m, i) => html`<div class="pair" role="listitem" key=${m.id}>
          <${Card} key=${"m" + m.id} label=${monsterLabel(m) + (m.supported_with ? `, ${t("inn.supported", { kind: kindWord(m.supported_with) })}`
            : "")} face=${monsterFace(m)} cls="small" />
          ${m.supported_with ? html`<${Token} icon=${m.supported_with} count="" cls="support"
            label=${t("inn.supported", { kind: kindWord(m.supported_with) })} />` : null}
          ${s.seat === me ? moves.chips(`support:${m.id}:`, (id) => `+1 ${kindWord(KIND[id.split(":")[2]])}`) : null}
          ${s.dungeon.humans[i] ? humanCard(s.dungeon.humans[i], `h${s.seat}-${i}`, false, "small") : null}
        </div>`)}
        ${s.dungeon.humans.slice(s.dungeon.monsters.length).map((h, i) => html`<div class="pair" role="listitem">
          ${humanCard(h, `hx${s.seat}-${i}`, false, "small")}</div>`)}
      </div>
    </${SeatPanel}>`)}</div>
  </div>`;
}

export function innScoring({ st, names }) {
  const r = st.result || {};
  const rows = (r.breakdown || []).map((b) => ({
    cls: (r.winners || []).includes(b.seat) ? "win" : "",
    cells: [names[b.seat], html`<div class="pairs-mini">${b.pairs.map((p) => html`<span class="pm">
      ${p.monster ? html`<${Card} label=${monsterLabel(p.monster)} face=${monsterFace(p.monster)} cls="tiny" />`
        : null}
      ${p.human && p.human.id ? html`<${Card} cls="tiny turned" label=${`${t("inn.human")} ${p.human.value}`}
        face=${{ title: t("inn.human"), value: p.human.value, icon: "human", colour: "human", skulls: p.human.skulls }} />`
        : html`<${Card} cls="tiny" label=${t("inn.facedown", { range: p.human ? p.human.range : "" })}
        face=${{ back: true, icon: "human", backText: p.human ? p.human.range : "" }} />`}
      <span class="pts">${p.points > 0 ? "+" : ""}${p.points}</span>
    </span>`)}</div>`, String((r.treasures || [])[b.seat] ?? ""), String(r.scores[b.seat])],
  }));
  return html`<${ScoreTable} head=${[t("end.player"), t("end.breakdown"), t("end.treasures"), t("end.score")]} rows=${rows}
    explain=${t("end.explain.inn")} />`;
}

export function innCards(cards) {
  return (cards.data.creature || []).map((c) => (c.kind === "monster"
    ? `${race(c.race)} ${c.value}: ${t("card.skulls", { n: c.skulls })}`
    : `${t("inn.human")} ${c.value}: ${t("card.skulls", { n: c.skulls })}`));
}
