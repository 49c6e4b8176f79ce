// Monster Mansion: the audition (actors with their costs, the skulls on offer), the turn-order tiles, every line of
// actors with its chambers and rewards, the Sales Level, and your screen (skulls, tickets, reserved actors).
import { html } from "../lib.js";
import { t } from "../i18n.js";
import { Card, Row, Token } from "../cards.js";
import { Zone, SeatPanel, ScoreTable, words, cap } from "./common.js";
import { cardName } from "../carddata.js";

let CARDS = null;  // the card data the table was drawn with (names in the page's language)
const colourWord = (c) => t("colour." + c);
const actorName = (a) => cardName(CARDS, a.id, a.name);

const LETTER = { red: "R", green: "G", blue: "B", yellow: "Y", purple: "P", grey: "·", orange: "O" };

function costText(cost) { return Object.entries(cost || {}).map(([c, n]) => `${n}${LETTER[c] || c}`).join(" "); }
function actorLabel(a) {
  return t("mansion.actorLabel", { name: actorName(a), colour: colourWord(a.colour), cost: Object.entries(a.cost || {})
    .map(([c, n]) => `${n} ${colourWord(c)}`).join(", ") });
}
function actorCard(a, key, action, cls) {
  return html`<${Card} key=${key} cls=${cls || ""} label=${actorLabel(a)} action=${action}
    face=${{ title: actorName(a).replace(/^The /, ""), icon: a.type, colour: a.colour, letter: LETTER[a.colour],
      lines: [costText(a.cost)] }} />`;
}
function Skull({ colour, n, action, label }) {
  return html`<${Token} icon="skull" count=${n} cls=${`skull-tok c-${colour}`} action=${action}
    label=${label || t("mansion.skulls", { n, colour: colourWord(colour) })} />`;
}
/** The Sales Level's parts that the view shows: the mansion's 1, 3 per reward, the rest from the actors. */
function salesBreakdown(s) {
  if (s.dummy) return `${t("mansion.sales")}: ${s.sales_level}`;
  const rewards = (s.rewards || []).length;
  const actors = s.sales_level - 1 - 3 * rewards;
  return `${t("mansion.sales")} ${s.sales_level} = 1 (${t("mansion.mansion")}) + ${3 * rewards} (${rewards} × 3, `
    + `${t("mansion.rewards")}) + ${actors} (${t("mansion.actors")})`;
}
const typeName = (type) => t("mansion.type." + type) === "mansion.type." + type ? words(type) : t("mansion.type." + type);
const chamberName = (c) => `${typeName(c.type)}${c.pair && c.pair.length ? ` (${c.pair.map(colourWord).join(" + ")})`
  : ""}`;

export function mansionTable({ st, view: v, moves, nameOf, cards }) {
  CARDS = cards;
  const me = v.seat;
  const mine = me !== null && me !== undefined ? v.seats[me] : null;
  const screen = mine && mine.screen;
  const seatName = (s) => (s.dummy ? t("mansion.dummy") : nameOf(s.seat));
  return html`<div class="mansion">
    <div class="mansion-top">
      <${Zone} title=${t("mansion.audition")} cls="audition">
        <p class="meta">${t("mansion.round", { r: v.round })} · ${t("mansion.bag", { n: v.skull_bag })}</p>
        <${Row}>${v.audition.map((a) => html`<div class="actor-slot" key=${a.id}>
          ${actorCard(a, "a-" + a.id, null)}
          <div class="chips-row">${moves.chip("cast:" + a.id, t("mansion.cast"))}${moves.chip("reserve:" + a.id,
            t("mansion.reserve"))}${moves.chip("dummy:" + a.id, "→ " + t("mansion.dummy"))}</div></div>`)}</${Row}>
        <div class="skull-offer" role="group" aria-label=${t("mansion.offer")}>
          ${Object.entries(v.audition_skulls).map(([c, n]) => html`<${Skull} key=${c} colour=${c} n=${n}
            action=${moves.one("take:" + c)} />`)}
          ${v.skulls_to_take ? html`<span class="tag">×${v.skulls_to_take}</span>` : null}
        </div>
      </${Zone}>
      <${Zone} title=${t("mansion.tiles")} cls="tiles">
        ${v.tiles.map((tl) => {
          const act = moves.one("tile:" + tl.tile);
          const inner = html`<span class="tile-n">${tl.tile}</span>
            <span>${tl.tickets} ${t("mansion.tickets")}</span><span>${tl.skulls} ☠</span>
            ${tl.taken_by !== null && tl.taken_by !== undefined ? html`<span class="who">${tl.taken_by >= 0
              && tl.taken_by < v.seats.length ? seatName(v.seats[tl.taken_by]) : ""}</span>` : null}`;
          return act ? html`<button type="button" class="tile playable" ...${act}>${inner}<span
            class="sr-only">: ${act.title}</span></button>`
            : html`<div class="tile" role="img" aria-label=${t("mansion.tile", { n: tl.tile, tickets: tl.tickets,
              skulls: tl.skulls })}>${inner}</div>`;
        })}
      </${Zone}>
    </div>
    <div class="seats-area">${v.seats.map((s) => html`<${SeatPanel} key=${s.seat} seat=${s.seat} st=${st}
        nameOf=${() => seatName(s)} extra=${html`${s.sales_level !== null && s.sales_level !== undefined
          ? html`<span class="tag sales" title=${salesBreakdown(s)}>${`${t("mansion.sales")} ${s.sales_level}`}</span>`
          : null}${s.starting_player ? html`<span class="tag lead">${t("mansion.first")}</span>` : null}
          ${moves.chip("give:" + s.seat, "+1 " + t("mansion.ticket"))}`}>
      <div class="line" role=${s.actors.length ? "list" : "group"} aria-label=${t("mansion.actors")}>
        ${s.actors.map((a) => html`<div role="listitem" class="line-card">${actorCard(a, "a-" + a.id, null, "small")}
          </div>`)}
        ${s.actors.length ? null : html`<span class="hint">—</span>`}
      </div>
      <div class="extras">
        ${(s.chambers || []).map((c) => html`<span class="chamber tag" key=${c.id}>${chamberName(c)}</span>`)}
        ${(s.rewards || []).map((r) => html`<span class="reward tag" key=${r}>${typeName(r.replace(/_\d+$/, ""))}</span>`)}
        ${s.reserved_count ? html`<span class="tag">${t("mansion.reserved")}: ${s.reserved_count}</span>` : null}
      </div>
      ${s.screen && s.seat !== me ? html`<div class="seat-screen" data-screen-of=${s.seat} role="group"
          aria-label=${t("mansion.screenOf", { name: seatName(s) })}>
        <${Token} icon="ticket" count=${s.screen.tickets} cls="small" label=${`${s.screen.tickets} ${t("mansion.tickets")}`} />
        ${Object.entries(s.screen.skulls).map(([c, n]) => html`<${Skull} key=${c} colour=${c} n=${n} />`)}
        ${(s.reserved || []).map((a) => actorCard(a, "r-" + a.id, null, "tiny"))}
      </div>` : null}
    </${SeatPanel}>`)}</div>
    ${screen ? html`<${Zone} title=${t("mansion.screen")} cls="screen">
      <div class="screen-row">
        <${Token} icon="ticket" count=${screen.tickets} cls="big" label=${`${screen.tickets} ${t("mansion.tickets")}`} />
        ${Object.entries(screen.skulls).map(([c, n]) => html`<${Skull} key=${c} colour=${c} n=${n} />`)}
      </div>
      ${(mine.reserved || []).length ? html`<div class="reserved"><span class="lbl">${t("mansion.reserved")}</span>
        <${Row}>${mine.reserved.map((a) => html`<div class="actor-slot">${actorCard(a, "r-" + a.id,
          moves.with("cast:" + a.id).length === 1 ? moves.one("cast:" + a.id) : null, "small")}</div>`)}</${Row}>
      </div>` : null}
    </${Zone}>` : null}
    <div class="mansion-bottom">
      <${Zone} title=${t("mansion.chambers")} cls="chambers">
        <div class="chips-row">${(v.chambers_left || []).map((c) => moves.chip("chamber:" + c,
          `${typeName(c.replace(/_\d+$/, ""))} ${c.replace(/^.*_/, "")}`)
          || html`<span class="tag">${typeName(c.replace(/_\d+$/, ""))} ${c.replace(/^.*_/, "")}</span>`)}</div>
      </${Zone}>
      <${Zone} title=${t("mansion.skullDiscard")} cls="skull-discard">
        ${Object.entries(v.skull_discard || {}).map(([c, n]) => html`<${Skull} key=${c} colour=${c} n=${n} />`)}
        ${moves.chips("costume:", (id) => `${t("mansion.type.costume")} : ${id.slice(8).split("+").map(colourWord)
          .join(" + ")}`)}
      </${Zone}>
      ${(v.actor_discard || []).length ? html`<${Zone} title=${t("mansion.discard")} cls="actor-discard">
        <${Row}>${v.actor_discard.slice(-6).map((a) => actorCard(a, "d-" + a.id, moves.one("mummy:" + a.id),
          "tiny"))}</${Row}></${Zone}>` : null}
    </div>
  </div>`;
}

export function mansionScoring({ st, names }) {
  const r = st.result || {};
  const v = st.view;
  const rows = (r.scores || []).map((sc, i) => ({
    cls: (r.winners || []).includes(i) ? "win" : "",
    cells: [names[i], String(r.sales_levels ? r.sales_levels[i] : ""), String(r.tickets_left ? r.tickets_left[i] : ""),
      String(((v.seats[i] || {}).rewards || []).length), String(sc)],
  }));
  return html`<${ScoreTable} head=${[t("end.player"), t("mansion.sales"), t("end.mansion.left"),
    t("mansion.rewards"), t("end.score")]} rows=${rows} explain=${t("end.explain.mansion")} />`;
}

export function mansionCards(cards) {
  const d = cards.data;
  return (d.actor || []).map((a) => `${a.name}: ${Object.entries(a.cost).map(([c, n]) => `${n} ${colourWord(c)}`)
    .join(", ")}`);
}
