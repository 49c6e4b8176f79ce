// Monster Maker: each labyrinth as a path of cards in and out towards the treasure chest, a blocking monster, the
// battle with its dice, treasures face down, revealed or open, and your hand with each card's strength (3D+2).
import { html } from "../lib.js";
import { t } from "../i18n.js";
import { Card, Row, Token } from "../cards.js";
import { Zone, SeatPanel, ScoreTable, words } from "./common.js";
import { cardName } from "../carddata.js";

const DIE = "⚀⚁⚂⚃⚄⚅";

const cls = (c) => t("maker.class." + c);
const dice = (c) => `${c.dice}${t("maker.d")}${c.bonus ? "+" + c.bonus : ""}`;

/** A card's face: each monster kind has its own icon (its card id names it: game-icons.json). */
export function adventureFace(c, id) {
  if (!c) return { title: words(id), icon: "labyrinth", colour: "plain" };
  if (c.type === "labyrinth") return { title: t("maker.labyrinth"), value: c.distance, icon: "labyrinth", colour: "path" };
  if (c.type === "character") {
    return { title: c.name, icon: c.class, colour: "hero", value: dice(c), lines: [cls(c.class)] };
  }
  if (c.type === "monster") {
    return { title: c.name, value: c.strength, icon: c.id || "monster", colour: c.undead ? "undead" : "beast",
      lines: [c.undead ? t("maker.undead") : t("maker.monster")] };
  }
  return { title: c.name, icon: c.type, colour: "special" };
}
function adventureLabel(c, id) {
  if (!c) return words(id);
  if (c.type === "labyrinth") return `${t("maker.labyrinth")} ${c.distance}`;
  if (c.type === "character") return `${c.name}, ${cls(c.class)}, ${dice(c)}`;
  if (c.type === "monster") return t(c.undead ? "maker.monsterUndead" : "maker.monsterLabel", { name: c.name, n: c.strength });
  return c.name;
}
function treasureCard(tr, key, action, byId) {
  if (tr.hidden) {
    return html`<${Card} key=${key} cls="small" label=${t("maker.facedown")} action=${action}
      face=${{ back: true, icon: "treasure" }} />`;
  }
  const c = byId[tr.id] || {};
  const state = tr.open ? t("maker.open") : tr.face_up ? t("maker.revealed") : "";
  return html`<${Card} key=${key} cls=${`small ${tr.open ? "open" : ""}`} action=${action}
    label=${`${cardName({ byId }, tr.id, tr.name, words(tr.id))}, ${tr.value ?? c.value ?? ""} ${state}`}
    face=${{ title: cardName({ byId }, tr.id, tr.name, words(tr.id)), icon: "chest", colour: "gold", value: tr.value ?? c.value,
      lines: [state, c.bonus_classes ? `+${c.bonus} ${c.bonus_classes.map(cls).join("/")}` : ""].filter(Boolean) }} />`;
}

export function makerTable({ st, view: v, moves, nameOf, cards }) {
  const me = v.seat;
  const byId = cards.byId;
  const hand = [];
  for (const [id, n] of Object.entries(v.hand || {})) for (let i = 0; i < n; i++) hand.push([id, i]);
  const handActions = (id) => [...moves.with(`move:${id}`), ...moves.with(`place:${id}:`),
    ...moves.with(`discard:${id}`), ...moves.with(`keep:${id}`), ...moves.with(`add:${id}`),
    ...moves.with(`heal:${id}`), ...moves.with(`thief:${id}`)].filter((x, i, a) => a.indexOf(x) === i);
  const subLabel = (id) => {
    const p = id.split(":");
    if (p[0] === "place") return `→ ${nameOf(Number(p[2]))}`;
    return { move: t("maker.play"), discard: t("move.discard"), keep: t("move.keep"), add: t("maker.add"),
      heal: t("move.heal"), thief: t("move.reveal") }[p[0]] || p[0];
  };
  const b = v.battle;
  return html`<div class="maker">
    <p class="meta">${`${t("maker.round", { r: v.round, n: v.rounds })} · ${t("maker.draw", { n: v.draw_pile })} · ${
      t("maker.left", { n: v.treasure_pile })}`}${v.end_phase ? html` · <strong>${t("maker.end")}</strong>` : null}</p>
    <div class="seats-area">${v.seats.map((s) => html`<${SeatPanel} key=${s.seat} seat=${s.seat} st=${st}
        nameOf=${nameOf} extra=${html`<span class="tag">${t("table.handCount", { n: s.hand_size })}</span>
          ${s.exit_bonus ? html`<span class="tag lead">${t("maker.firstOut")}</span>` : null}
          ${(v.totals && v.rounds > 1) ? html`<span class="tag">${v.totals[s.seat]}</span>` : null}`}>
      <div class="path" role="group" aria-label=${`${nameOf(s.seat)}: ${s.entry} / ${v.chest_distance}`}>
        <div class="leg in"><span class="lbl">${t("maker.entry")} ${s.entry}/${v.chest_distance}</span>
          <${Row}>${s.entry_cards.map((c, i) => html`<${Card} key=${`p${s.seat}-in-${i}`} cls="tiny"
            label=${adventureLabel(byId[c], c)} face=${adventureFace(byId[c], c)} />`)}</${Row}></div>
        <div class="chest" role="img" aria-label=${t("maker.chest", { n: v.chest_distance })}>
          <${Token} icon="chest" count=${v.chest_distance} cls="small" label=${t("maker.chest", { n: v.chest_distance })} />
          <div class="meter"><div class="fill" style=${{ width: `${Math.min(100, (100 * s.entry) / v.chest_distance)}%` }}></div></div>
        </div>
        ${s.exit_needed !== null && s.exit_needed !== undefined ? html`<div class="leg out">
          <span class="lbl">${t("maker.exit")} ${s.exit}/${s.exit_needed}</span>
          <${Row}>${s.exit_cards.map((c, i) => html`<${Card} key=${`p${s.seat}-out-${i}`} cls="tiny"
            label=${adventureLabel(byId[c], c)} face=${adventureFace(byId[c], c)} />`)}</${Row}></div>` : null}
      </div>
      ${s.monster ? html`<div class="blocking"><span class="tag danger">${t("maker.blocking")}</span>
        <${Card} key=${`mon-${s.seat}`} cls="small" label=${t("maker.monsterLabel", { name: cardName(cards,
          s.monster.id, s.monster.name), n: s.monster.strength })}
          face=${adventureFace(byId[s.monster.id] || { type: "monster", name: s.monster.name,
            strength: s.monster.strength }, s.monster.id)} action=${s.seat === me ? moves.one("battle") : null} />
      </div>` : null}
      ${s.treasures.length ? html`<div class="treasures-row" role="group" aria-label=${t("maker.treasures")}>
        ${s.treasures.map((tr, i) => html`<div class="treasure-slot" key=${`t${s.seat}-${i}`}>
          ${treasureCard(tr, `t${s.seat}-${tr.id || i}`, null, byId)}
          ${s.seat === me && tr.id ? html`<div class="chips-col">${moves.chip("drop:" + tr.id, t("move.discard"))}
            ${moves.chip("relic:" + tr.id, t("maker.relic"))}${moves.chips(`equip:${tr.id}:`, (id) => `→ ${cardName(cards, id.split(":")[2], null, words(id.split(":")[2]))}`)}
          </div>` : null}</div>`)}</div>` : null}
      ${v.hands && v.hands[s.seat] ? html`<div class="seat-hand" role="group" data-hand-of=${s.seat}
          aria-label=${`${t("table.handOf", { name: nameOf(s.seat) })}`}><${Row}>${Object.entries(v.hands[s.seat])
        .flatMap(([id, n]) => Array.from({ length: n }, (_, i) => html`<${Card} key=${`oh${s.seat}-${id}-${i}`}
          cls="tiny" label=${adventureLabel(byId[id], id)} face=${adventureFace(byId[id], id)} />`))}</${Row}></div>`
        : null}
    </${SeatPanel}>`)}</div>
    ${b ? html`<${Zone} title=${t("maker.battle")} cls="battle">
      <${Row}>${(b.characters || []).map((c, i) => html`<${Card} key=${"bt-" + c + i} cls="small"
        label=${adventureLabel(byId[c], c)} face=${adventureFace(byId[c], c)} />`)}</${Row}>
      ${b.dice && b.dice.length ? html`<p class="dice rolling" aria-label=${`dice: ${b.dice.join(", ")}`}>
        ${b.dice.map((d) => html`<span class="die">${DIE[d - 1]}</span>`)}</p>` : null}
      <div class="chips-row">${moves.chip("fight", "⚄ " + t("move.fight"), "primary")}${moves.chip("cleric")}</div>
    </${Zone}>` : null}
    ${v.hand && hand.length ? html`<${Zone} title=${t("table.hand")} cls="hand">
      <div class="my-hand">${hand.map(([id, i]) => {
        const acts = i === 0 ? handActions(id) : [];
        const single = acts.length === 1 ? moves.props(acts[0]) : null;
        return html`<div class="hand-card" key=${`h-${id}-${i}`}>
          <${Card} key=${`h-${id}-${i}`} label=${adventureLabel(byId[id], id)} face=${adventureFace(byId[id], id)}
            action=${single} />
          ${acts.length > 1 ? html`<div class="chips-col">${acts.map((a) => moves.chip(a, subLabel(a)))}</div>`
            : null}</div>`;
      })}</div>
    </${Zone}>` : null}
  </div>`;
}

export function makerScoring({ st, names, cards }) {
  const r = st.result || {};
  const rounds = r.rounds || [];
  const last = rounds.length ? rounds[rounds.length - 1] : null;
  const rows = (r.scores || []).map((sc, i) => {
    const d = last ? last.detail.find((x) => x.seat === i) || {} : {};
    const tr = (d.treasures || []).map((x) => `${cardName(cards, x.id, null, words(x.id))} ${x.value}${x.dice && x.dice.length
      ? " (" + x.dice.map((k) => DIE[k - 1]).join("") + ")" : ""}`).join(", ");
    return { cls: (r.winners || []).includes(i) ? "win" : "",
      cells: [names[i], d.note ? t("end.maker.never") : tr || "—", d.exit_bonus ? `+${d.exit_bonus}` : "0", d.penalty ? `−${d.penalty}` : "0",
        String(sc)] };
  });
  return html`<${ScoreTable} head=${[t("end.player"), t("maker.treasures"), t("end.maker.first"), t("end.maker.penalty"),
    t("end.score")]} rows=${rows} explain=${t("end.explain.maker")} />`;
}

export function makerCards(cards) {
  const d = cards.data;
  return (d.adventure || []).map((c) => `${adventureLabel(c, c.id)} ×${c.count}`);
}
