// Monster (cooperative): the villager counter, the lairs as stacks (top first) with their loot, the bank's stacks
// with their cubes, today's crises and bounties, each player's character, items, armed and stored weapons, and the
// hand (yours face up).
import { html } from "../lib.js";
import { t } from "../i18n.js";
import { Card, Row, Token } from "../cards.js";
import { Zone, SeatPanel, ScoreTable, words } from "./common.js";

export const MONSTER = { black: "Vampire", white: "Zombie", red: "Goblin", blue: "Werewolf", green: "Troll" };
const WEAPON = { stake: ["Stake", "black"], holy_water: ["Holy Water", "white"], net: ["Net", "red"],
  silver_bullet: ["Silver Bullet", "blue"], torch: ["Torch", "green"] };

function monsterCard(colour, key, label, cls) {
  return html`<${Card} key=${key} cls=${cls || "small"} label=${label || MONSTER[colour]}
    face=${{ title: MONSTER[colour], icon: colour, colour, letter: MONSTER[colour][0] }} />`;
}
function weaponFace(w) {
  const [name, colour] = WEAPON[w] || [words(w), "plain"];
  return { title: name, icon: w, colour, letter: (MONSTER[colour] || "?")[0], lines: [`kills ${MONSTER[colour] || "?"}`] };
}
function weaponCard(w, key, action, cls) {
  return html`<${Card} key=${key} cls=${cls || ""} label=${`${weaponFace(w).title} (${weaponFace(w).lines[0]})`}
    face=${weaponFace(w)} action=${action} />`;
}
function lootLine(l) { return `${l.name}: ${l.villagers} villagers`; }

export function monsterTable({ st, view: v, moves, nameOf }) {
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
        ${v.elite ? " · elite" : ""}${v.unreliable_weaponry ? " · unreliable weaponry" : ""}</p>
      ${(v.crises_today || []).length ? html`<div class="crises"><span class="lbl">${t("monster.crises")}</span>
        ${v.crises_today.map((c, i) => html`<${Card} key=${"c" + i} cls="small" label=${c.name || words(c.id || c)}
          face=${{ title: c.name || words(c.id || c), icon: "crisis", colour: "crisis",
            lines: [c.kind || ""] }} />`)}</div>` : null}
      ${(v.bounties || []).length ? html`<div class="bounties"><span class="lbl">${t("monster.bounties")}</span>
        ${v.bounties.map((b, i) => html`<${Card} key=${"b" + i} cls="small" label=${b.name || words(b.id || b)}
          face=${{ title: b.name || words(b.id || b), icon: "bounty", colour: "loot" }} />`)}</div>` : null}
    </div>
    <${Zone} title=${t("monster.lairs")} cls="lairs">
      <div class="lair-grid">${v.lairs.map((l) => html`<div key=${l.lair} class=${`lair ${l.disturbed ? "disturbed"
          : ""}`} role="group" aria-label=${l.name} data-lair=${l.lair}>
        <h4>${l.name}${l.crisis_rule ? html` <span class="tag">crisis</span>` : null}
          ${moves.chip("lair:" + l.lair, "▶", "pick")}</h4>
        <div class=${`stack ${l.monsters.length > 4 ? "crowded" : ""}`}>${l.monsters.map((m, i) => monsterCard(m, `${l.lair}-${l.monsters.length - i}`,
          `${MONSTER[m]}${i === 0 ? " (top)" : ""}`, i === 0 ? "small top" : "small under"))}</div>
        <div class="chips-row">${moves.chips(`kill:${l.lair}:`, (id) => `⚔ ${weaponFace(id.split(":")[2]).title}`)}
          ${moves.chip("three:" + l.lair, "⚔ ×3")}</div>
        ${l.killed.length ? html`<p class="killed">${t("monster.killed")}: ${l.killed.map((k) => MONSTER[k])
          .join(", ")}</p>` : null}
        ${l.loot ? html`<div class="loot"><${Card} cls="tiny" key=${"loot" + l.loot.id} label=${lootLine(l.loot)}
          face=${{ title: l.loot.name, icon: l.loot.kind === "bounty" ? "bounty" : l.loot.kind, colour: "loot",
            value: l.loot.villagers }} /><span>${l.loot.name}</span></div>` : null}
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
          label=${`${s.character.name}${s.character.used ? " (used)" : ""}`}
          face=${{ title: s.character.name, icon: "character", colour: "character",
            lines: [words(s.character.effect)] }} action=${s.seat === me ? moves.one("ability") : null} />` : null}
        ${s.armed ? html`<div class="armed"><span class="lbl">${t("monster.armed")}</span>
          ${weaponCard(s.armed, `armed-${s.seat}`, null, "small")}</div>` : null}
        ${(s.items || []).map((it) => html`<${Card} cls="small" label=${it.name || words(it.id || it)}
          face=${{ title: it.name || words(it.id || it), icon: "item", colour: "loot" }}
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

export function monsterScoring({ st, names }) {
  const r = st.result || {};
  return html`<${ScoreTable} head=${["", ""]} rows=${[
    { cells: [t("monster.villagers"), String(r.villagers ?? st.view.villagers)] },
    { cells: [t("monster.day", { d: "" }).trim(), String(r.days ?? st.view.day)] },
  ]} />`;
}

/** Monster's card list: none here. Every card's effect in words, in the player's language, is in the card reference
 * of the rules page (/api/rules/monster, from the card file: ``games/monster/help.py``), which the help panel shows;
 * the effect ids of the card file ("bank weapon") are not words a player can read. */
export function monsterCards() {
  return [];
}
