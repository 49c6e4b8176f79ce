// One module per game's table; this maps game ids to their table, scoring and card reference.
import { innTable, innScoring, innCards } from "./inn.js";
import { monsterTable, monsterScoring, monsterCards } from "./monster.js";
import { mansionTable, mansionScoring, mansionCards } from "./mansion.js";
import { makerTable, makerScoring, makerCards } from "./maker.js";

export const GAMES = { inn: innTable, monster: monsterTable, mansion: mansionTable, maker: makerTable };
export const SCORING = { inn: innScoring, monster: monsterScoring, mansion: mansionScoring, maker: makerScoring };
export const CARD_TEXT = { inn: innCards, monster: monsterCards, mansion: mansionCards, maker: makerCards };
