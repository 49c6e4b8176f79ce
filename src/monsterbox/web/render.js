// One renderer per game: draws a seat's view (the JSON the server sends) as HTML. Nothing here can show what the
// view does not hold, so a page never shows a hidden card.
"use strict";
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]));
// Every string of the view is escaped once, before any renderer reads it (deepEscape), so no text from the server
// (card names come from user-supplied card files) can become markup.
const deepEscape = (x) => typeof x === "string" ? esc(x) : Array.isArray(x) ? x.map(deepEscape)
  : x && typeof x === "object" ? Object.fromEntries(Object.entries(x).map(([k, v]) => [esc(k), deepEscape(v)])) : x;
const chip = (text, cls) => `<span class="chip ${esc(cls || "")}">${text}</span>`;
const who = (v, seat) => (seat === v.seat ? "You" : `Seat ${seat}`);

const RENDER = {
  inn(v) {
    const card = (c) => c.kind === "monster" ? chip(`${c.race} ${c.value} ☠${c.skulls}`, "race-" + c.race)
      : chip(`human ${c.range}` + (c.value ? ` = ${c.value}` : ""), "human");
    let h = `<p>Round ${v.round}/${v.rounds} · pool: ${v.pool.count} ${v.pool.kind || ""} · supply ${v.supply.gold} gold, ${v.supply.gem} gems</p>`;
    h += `<p>Tavern: ${v.tavern.map(card).join(" ")}</p><table><tr><th>seat</th><th>treasures</th><th>monsters</th><th>humans</th></tr>`;
    for (const s of v.seats) {
      const t = s.treasures ? `${s.treasures.gold} gold, ${s.treasures.gem} gems` : "hidden";
      h += `<tr><td>${who(v, s.seat)}${s.in_round ? "" : " (out)"}</td><td>${t}</td><td>${s.dungeon.monsters.map((m) => card(m) + (m.supported_with ? "+" + m.supported_with : "")).join(" ")}</td><td>${s.dungeon.humans.map(card).join(" ")}</td></tr>`;
    }
    return h + "</table>" + (v.hand ? `<p><b>Your hand:</b> ${v.hand.gold} gold, ${v.hand.gem} gems</p>` : "");
  },
  maker(v) {
    let h = `<p>Chest at ${v.chest_distance} · draw pile ${v.draw_pile} · treasures left ${v.treasure_pile}${v.end_phase ? " · <b>END PHASE</b>" : ""}</p>`;
    h += "<table><tr><th>seat</th><th>tile</th><th>enter</th><th>exit</th><th>monster</th><th>hand</th><th>treasures</th></tr>";
    for (const s of v.seats) {
      const tr = s.treasures.map((t) => t.hidden ? chip("face down") : chip(`${t.name} ${t.value}`, t.open ? "open" : "")).join(" ");
      h += `<tr><td>${who(v, s.seat)}${s.exit_bonus ? " ★" : ""}</td><td>${s.stage}</td><td>${s.entry}</td><td>${s.exit_needed === null ? "-" : s.exit + "/" + s.exit_needed}</td><td>${s.monster ? chip(s.monster.name + " " + s.monster.strength, "monster") : ""}</td><td>${s.hand_size}</td><td>${tr}</td></tr>`;
    }
    h += "</table>";
    if (v.battle) h += `<p>Battle: ${v.battle.characters.join(", ") || "(no one yet)"}</p>`;
    if (v.hand) h += `<p><b>Your hand:</b> ${Object.entries(v.hand).map(([k, n]) => chip(n > 1 ? `${k} ×${n}` : k)).join(" ")}</p>`;
    return h;
  },
  mansion(v) {
    const actor = (a) => chip(`${a.name} [${Object.entries(a.cost).map(([c, n]) => n + " " + c).join(", ")}]`, "col-" + a.colour);
    let h = `<p>Round ${v.round} · skulls on offer: ${Object.entries(v.audition_skulls).map(([c, n]) => n + " " + c).join(", ") || "none"}</p>`;
    h += `<p>Audition: ${v.audition.map(actor).join(" ")}</p>`;
    h += `<p>Tiles: ${v.tiles.map((t) => chip(`${t.tile}: ${t.tickets} tickets, ${t.skulls} skulls` + (t.taken_by !== null ? ` (seat ${t.taken_by})` : ""))).join(" ")}</p>`;
    h += "<table><tr><th>seat</th><th>sales</th><th>actors</th><th>chambers</th><th>rewards</th><th>reserved</th></tr>";
    for (const s of v.seats) {
      h += `<tr><td>${s.dummy ? "dummy" : who(v, s.seat)}</td><td>${s.sales_level ?? ""}</td><td>${s.actors.map((a) => chip(a.name, "col-" + a.colour)).join(" ")}</td><td>${(s.chambers || []).map((c) => c.type).join(", ")}</td><td>${(s.rewards || []).join(", ")}</td><td>${s.reserved_count ?? ""}</td></tr>`;
    }
    h += "</table>";
    const me = v.seat !== null ? v.seats[v.seat] : null;
    if (me && me.screen) h += `<p><b>Behind your screen:</b> ${Object.entries(me.screen.skulls).map(([c, n]) => n + " " + c).join(", ") || "no skulls"}; ${me.screen.tickets} tickets. Reserved: ${(me.reserved || []).map((a) => a.name).join(", ") || "none"}</p>`;
    return h;
  },
  monster(v) {
    const NAMES = { black: "Vampire", white: "Zombie", red: "Goblin", blue: "Werewolf", green: "Troll" };
    let h = `<p>Day ${v.day} · <b>villagers ${v.villagers}</b> · weapon deck ${v.weapon_deck}</p><table><tr><th>lair</th><th>monsters (top first)</th><th>killed</th><th>loot</th></tr>`;
    for (const l of v.lairs) {
      h += `<tr><td>${l.name}</td><td>${l.monsters.map((m) => chip(NAMES[m], "mon-" + m)).join(" ")}</td><td>${l.killed.map((m) => NAMES[m]).join(", ")}</td><td>${l.loot ? l.loot.name : ""}</td></tr>`;
    }
    h += `</table><p>Bank: ${v.bank.map((b) => chip(`${b.stack} ${b.count}` + (b.cubes.length ? ` ▪${b.cubes.length}` : ""))).join(" ")}</p>`;
    h += "<table><tr><th>seat</th><th>character</th><th>hand</th><th>armed</th><th>cubes</th><th>stored</th></tr>";
    for (const s of v.seats) {
      h += `<tr><td>${who(v, s.seat)}${s.leader ? " (leader)" : ""}${s.passed ? " (passed)" : ""}</td><td>${s.character ? s.character.name + (s.character.used ? " (used)" : "") : "?"}</td><td>${s.hand_size}</td><td>${s.armed || ""}</td><td>${s.cubes}</td><td>${s.stored_count}</td></tr>`;
    }
    h += "</table>";
    if (v.hand) h += `<p><b>Your hand:</b> ${Object.entries(v.hand).map(([k, n]) => chip(n > 1 ? `${k} ×${n}` : k)).join(" ") || "empty"}</p>`;
    return h;
  },
};

function renderView(game, view) { return RENDER[game] ? RENDER[game](deepEscape(view)) : ""; }
