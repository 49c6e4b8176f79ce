// What the seat to play is deciding, in one line: the server's `decision` (a stable id per game) and `prompt` (in the
// request's language) when it sends them; otherwise the page works it out from the legal moves (the same kinds, a
// line of its own words), so every decision is named either way.
import { t } from "./i18n.js";

// the kinds a game's legal moves show, in order of precedence: [kind, the move id prefixes that mean it]
const KINDS = {
  inn: [["bid", ["stay:", "drop", "exchange"]], ["human_bonus", ["bonus:"]], ["support", ["support:"]]],
  monster: [["leader", ["player:"]], ["lair", ["lair:"]], ["draft", ["weapon:"]], ["bank", ["bank:"]],
    ["arm", ["arm:"]], ["action", ["kill:", "three:", "pass", "ability", "cube:", "store", "discard:"]]],
  mansion: [["payment", ["pay:"]], ["skulls", ["take:"]], ["dummy_skull", ["dummy-skull:"]], ["tile", ["tile:"]],
    ["dummy_actor", ["dummy:"]], ["give_ticket", ["give:"]],
    ["casting", ["cast:", "reserve:", "chamber:", "costume:", "mummy:", "swamp", "end"]]],
  maker: [["trap_keep", ["keep:", "thief"]], ["heal", ["heal:"]], ["battle_add", ["add:", "cleric", "relic:", "equip:"]],
    ["fight", ["fight"]], ["hand_limit", ["done"]], ["drop_treasure", ["drop:"]],
    ["turn", ["move:", "place:", "battle", "room", "diversion", "discard"]]],
};

/** The decision kind the legal moves show (the page's own reading), or "". */
export function kindFromMoves(game, legal) {
  const ids = (legal || []).map((a) => a.id);
  for (const [kind, prefixes] of KINDS[game] || []) {
    if (ids.some((id) => prefixes.some((p) => (p.endsWith(":") ? id.startsWith(p) : id === p || id.startsWith(p + ":"))))) {
      return kind;
    }
  }
  return ids.length ? "choice" : "";
}

/**
 * {kind, prompt, mine}: what the table is deciding now. kind is "" when it is not this seat's turn (the data-decision
 * contract); prompt always says something: the seat's decision, or whom the table waits for, or that it is over.
 */
export function decisionOf(st, mySeat, names, object) {
  const mine = !st.over && mySeat !== null && st.to_play === mySeat;
  if (st.over) return { kind: "", prompt: t("table.over"), mine: false };
  if (typeof st.decision === "string" && st.prompt) {
    return { kind: mine ? st.decision : "", prompt: st.prompt, mine };
  }
  if (!mine) {
    const who = st.to_play !== null && st.to_play !== undefined ? names[st.to_play] : null;
    return { kind: "", prompt: who ? t("table.toPlay", { name: who }) : "", mine };
  }
  const kind = typeof st.decision === "string" && st.decision ? st.decision : kindFromMoves(st.game, st.legal);
  const key = `decide.${st.game}.${kind}`;
  const said = t(key, { object: object || "" });
  return { kind, prompt: said === key ? t("table.yourTurn") : said, mine };
}
