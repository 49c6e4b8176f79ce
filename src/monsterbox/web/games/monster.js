// Monster (cooperative): the villager counter, the lairs as stacks (top first) with their loot, the bank's stacks
// with their cubes, today's crises and bounties, each player's character, items, armed and stored weapons, and the
// hand (yours face up).
import { html } from "../lib.js";
import { t } from "../i18n.js";
import { Card, Row, Token } from "../cards.js";
import { Zone, SeatPanel, ScoreTable, words } from "./common.js";
import { cardName } from "../carddata.js";

// the monster of each colour, and the weapon that kills it (names from the card file, in the page's language)
const COLOURS = ["black", "white", "red", "blue", "green"];
export const MONSTER = new Proxy({}, { get: (_, c) => (COLOURS.includes(c) ? t("monster.of." + c) : undefined) });
const WEAPON_COLOUR = { stake: "black", holy_water: "white", net: "red", silver_bullet: "blue", torch: "green" };
let CARDS = null;  // the card data the table was drawn with (names)

function monsterCard(colour, key, label, cls) {
  return html`<${Card} key=${key} cls=${cls || "small"} label=${label || MONSTER[colour]}
    face=${{ title: MONSTER[colour], icon: colour, colour, letter: MONSTER[colour][0] }} />`;
}
function weaponFace(w) {
  const colour = WEAPON_COLOUR[w] || "plain";
  return { title: cardName(CARDS, w, null, words(w)), icon: w, colour, letter: (MONSTER[colour] || "?")[0],
    lines: [t("monster.kills", { m: MONSTER[colour] || "?" })] };
}
function weaponCard(w, key, action, cls) {
  return html`<${Card} key=${key} cls=${cls || ""} label=${`${weaponFace(w).title} (${weaponFace(w).lines[0]})`}
    face=${weaponFace(w)} action=${action} />`;
}
const named = (x, fallback) => cardName(CARDS, x && x.id, x && x.name, fallback);
function lootLine(l) { return t("monster.loot", { name: named(l), n: l.villagers }); }

export function monsterTable({ st, view: v, moves, nameOf, cards }) {
  CARDS = cards;
  const me = v.seat;
  const mine = me !== null && me !== undefined ? v.seats[me] : null;
  const hand = [];
  for (const [w, n] of Object.entries(v.hand || {})) for (let i = 0; i < n; i++) hand.push([w, i]);
  return html`<div class="monster">
    <div class="mon-head">
      <div class="villagers" role="img" aria-label=${`${t("monster.villagers")}: ${v.villagers}`}>
        <${Token} icon="villagers" count=${v.villagers} cls="big" label=${t("monster.villagers")} />
        <span class="lbl">${t("monster.villagers")}</span></div>
      <p class="meta">${t("monster.day", { d: v.day })} · ${t("monster.deck", { n: v.weapon_deck })}
        ${v.elite ? ` · ${t("opt.elite")}` : ""}${v.unreliable_weaponry ? ` · ${t("opt.unreliable_weaponry")}` : ""}</p>
      ${(v.crises_today || []).length ? html`<div class="crises"><span class="lbl">${t("monster.crises")}</span>
        ${v.crises_today.map((c, i) => html`<${Card} key=${"c" + i} cls="small" label=${named(c, words(c.id || c))}
          face=${{ title: named(c, words(c.id || c)), icon: "crisis", colour: "crisis" }} />`)}</div>` : null}
      ${(v.bounties || []).length ? html`<div class="bounties"><span class="lbl">${t("monster.bounties")}</span>
        ${v.bounties.map((b, i) => html`<${Card} key=${"b" + i} cls="small" label=${named(b, words(b.id || b))}
          face=${{ title: named(b, words(b.id || b)), icon: "bounty", colour: "loot" }} />`)}</div>` : null}
    </div>
    <${Zone} title=${t("monster.lairs")} cls="lairs">
      <div class="lair-grid">${v.lairs.map((l) => html`<div key=${l.lair} class=${`lair ${l.disturbed ? "disturbed"
          : ""}`} role="group" aria-label=${cardName(cards, l.lair, l.name)} data-lair=${l.lair}>
        <h4>${cardName(cards, l.lair, l.name)}${l.crisis_rule ? html` <span class="tag">${t("monster.crisis")}</span>`
          : null} ${moves.chip("lair:" + l.lair, "▶", "pick")}</h4>
        ${l.monsters.length ? html`<div class="stack" role="group" aria-label=${t("monster.stack")}>
          ${monsterCard(l.monsters[0], `${l.lair}-${l.monsters.length}`, `${MONSTER[l.monsters[0]]} (${t("monster.top")})`,
            "small top")}
          ${l.monsters.length > 1 ? html`<div class="under" role="group" aria-label=${t("monster.under")}>
            ${l.monsters.slice(1).map((m, i) => monsterCard(m, `${l.lair}-${l.monsters.length - 1 - i}`,
              `${MONSTER[m]} (${i + 2})`, "tiny"))}</div>` : null}</div>` : null}
        <div class="chips-row">${moves.chips(`kill:${l.lair}:`, (id) => `⚔ ${weaponFace(id.split(":")[2]).title}`)}
          ${moves.chip("three:" + l.lair, "⚔ ×3")}</div>
        ${l.killed.length ? html`<p class="killed">${t("monster.killed")}: ${l.killed.map((k) => MONSTER[k])
          .join(", ")}</p>` : null}
        ${l.loot ? html`<div class="loot"><${Card} cls="tiny" key=${"loot" + l.loot.id} label=${lootLine(l.loot)}
          face=${{ title: named(l.loot), icon: l.loot.kind === "bounty" ? "bounty" : l.loot.kind, colour: "loot",
            value: l.loot.villagers }} /><span>${lootLine(l.loot)}</span></div>` : null}
      </div>`)}</div>
      <div class="chips-row">${moves.chip("loot:take")}${moves.chip("loot:villagers")}</div>
    </${Zone}>
    <${Zone} title=${t("monster.bank")} cls="bank">
      <${Row}>${v.bank.map((b) => html`<div class="bank-stack" key=${b.stack}>
        ${weaponCard(b.top || b.stack, "bank-" + b.stack, moves.one("weapon:" + b.stack) || moves.one("bank:" + b.stack),
          "small")}
        <span class="count">×${b.count}</span>
        ${b.cubes.length ? html`<span class="cubes" aria-label=${`${b.cubes.length} ${t("monster.cubes")}`}>
          ${b.cubes.map((c) => html`<span class=${`cube seat-${c}`} title=${nameOf(c)}>■</span>`)}</span>` : null}
        ${moves.chip("cube:" + b.stack, "+■")}
      </div>`)}</${Row}>
    </${Zone}>
    <div class="seats-area">${v.seats.map((s) => html`<${SeatPanel} key=${s.seat} seat=${s.seat} st=${st}
        nameOf=${nameOf} extra=${html`${s.leader ? html`<span class="tag lead">${t("monster.leader")}</span>` : null}
          ${s.passed ? html`<span class="tag">${t("monster.passed")}</span>` : null}`}>
      <div class="kit">
        ${s.character ? html`<${Card} cls=${`small ${s.character.used ? "used" : ""}`}
          label=${`${named(s.character)}${s.character.used ? ` (${t("monster.used")})` : ""}`}
          face=${{ title: named(s.character), icon: "character", colour: "character",
            lines: s.character.used ? [t("monster.used")] : [] }}
          action=${s.seat === me ? moves.one("ability") : null} />` : null}
        ${s.armed ? html`<div class="armed"><span class="lbl">${t("monster.armed")}</span>
          ${weaponCard(s.armed, `armed-${s.seat}`, null, "small")}</div>` : null}
        ${(s.items || []).map((it) => html`<${Card} cls="small" label=${named(it, words(it.id || it))}
          face=${{ title: named(it, words(it.id || it)), icon: "item", colour: "loot" }}
          action=${s.seat === me ? moves.one("item:" + (it.id || it)) : null} />`)}
        <div class="counts">
          <${Token} icon="cube" count=${s.cubes} cls="small" label=${`${s.cubes} ${t("monster.cubes")}`} />
          <span class="tag">${t("table.handCount", { n: s.hand_size })}</span>
          ${s.stored_count ? html`<span class="tag">${t("monster.stored")}: ${s.stored_count}</span>` : null}
        </div>
      </div>
      ${s.seat === me ? html`<div class="my-hand" role="group" aria-label=${t("table.hand")}>
        ${hand.map(([w, i]) => html`<div class="hand-card" key=${`h-${w}-${i}`}>
          ${weaponCard(w, `hand-${w}-${i}`, i === 0 && moves.with(`arm:${w}`).length + moves.with(`discard:${w}`)
            .length + moves.with(`cube-back:${w}`).length === 1 ? moves.one(`arm:${w}`) || moves.one(`discard:${w}`)
            : null)}
          ${i === 0 ? html`<div class="chips-col">${moves.chip(`arm:${w}`, t("monster.armed"))}
            ${moves.chip(`discard:${w}`, t("move.discard"))}</div>` : null}
        </div>`)}</div>` : null}
      ${v.hands && v.hands[s.seat] ? html`<div class="seat-hand" role="group" data-hand-of=${s.seat}
          aria-label=${t("table.handOf", { name: nameOf(s.seat) })}><${Row}>${Object.entries(v.hands[s.seat])
        .flatMap(([w, n]) => Array.from({ length: n }, (_, i) => weaponCard(w, `oh${s.seat}-${w}-${i}`, null,
          "tiny")))}</${Row}></div>` : null}
    </${SeatPanel}>`)}</div>
  </div>`;
}

export function monsterScoring({ st }) {
  const r = st.result || {};
  const villagers = r.villagers ?? st.view.villagers;
  const days = r.days ?? st.view.day;
  return html`<${ScoreTable} head=${[t("end.figure"), t("end.value")]} rows=${[
    { cells: [t("end.monster.villagers"), villagers > 0 ? t("end.monster.left", { n: villagers })
      : t("end.monster.short", { n: -villagers })] },
    { cells: [t("end.monster.days"), t("end.monster.dayN", { n: days })] },
  ]} explain=${t("end.explain.monster")} />`;
}

export function monsterCards(cards) {
  const d = cards.data;
  return [
    ...(d.weapon || []).map((w) => `${w.name}: ${t("monster.kills", { m: MONSTER[w.colour] || w.monster })}`),
    ...(d.character || []).map((c) => c.name),
  ];
}
