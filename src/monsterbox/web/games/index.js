// One module per game's table; this maps game ids to their table, scoring and card reference.
import { innTable, innScoring, innCards, innCreatureName } from "./inn.js";
import { t } from "../i18n.js";
import { words } from "./common.js";
import { monsterTable, monsterScoring, monsterCards } from "./monster.js";
import { mansionTable, mansionScoring, mansionCards } from "./mansion.js";
import { makerTable, makerScoring, makerCards } from "./maker.js";

export const GAMES = { inn: innTable, monster: monsterTable, mansion: mansionTable, maker: makerTable };
export const SCORING = { inn: innScoring, monster: monsterScoring, mansion: mansionScoring, maker: makerScoring };
export const CARD_TEXT = { inn: innCards, monster: monsterCards, mansion: mansionCards, maker: makerCards };

/** What a decision is about, named for the prompt (the page's own prompt, when the server sends none). */
export const OBJECT = {
  inn: (st, cards) => {
    const c = st.view && st.view.tavern && st.view.tavern[0];
    if (!c) return "";
    return c.kind === "monster" ? innCreatureName(c) : `${t("inn.human")} (${c.range})`;
  },
  mansion: (st, cards) => {
    const p = (st.view && st.view.paying_for) || {};
    const id = p.actor || p.chamber;
    if (!id) return "";
    const c = cards.byId[id];
    return c && c.name ? c.name : words(id.replace(/_\d+$/, ""));
  },
};
