/**
 * Name makers for fictional casino games: slot titles from theme vocabularies ("Frozen Scarab
 * Deluxe"), table and live titles ("Cobalt Baccarat"), crash and instant games. A blocklist of
 * well-known real titles keeps the generic word combinations from reproducing one, or a variant of one.
 * @module
 */
import type { Rng } from "./prng.ts";
import { slugify } from "./words.ts";

/** Theme key → nouns that evoke it. Keys are written to `themes`. */
export const THEME_NOUNS: Readonly<Record<string, readonly string[]>> = {
  egypt: ["Pharaoh", "Scarab", "Pyramid", "Sphinx", "Nile", "Obelisk", "Papyrus"],
  fruits: ["Cherries", "Melons", "Lemons", "Sevens", "Plums", "Grapes", "Berries"],
  animals: ["Buffalo", "Panda", "Tiger", "Eagle", "Rhino", "Gorilla", "Lynx", "Bison", "Moose", "Jaguar"],
  mythology: ["Titan", "Valkyrie", "Phoenix", "Kraken", "Minotaur", "Oracle", "Cyclops", "Griffin"],
  adventure: ["Expedition", "Temple", "Compass", "Explorer", "Jungle", "Relic", "Caravan"],
  fantasy: ["Wizard", "Fairy", "Unicorn", "Goblin", "Castle", "Dragon", "Sorceress", "Elixir"],
  space: ["Galaxy", "Nebula", "Comet", "Rocket", "Asteroid", "Orbit", "Quasar"],
  candy: ["Candy", "Gummies", "Lollipops", "Toffee", "Cupcakes", "Marshmallow"],
  western: ["Bandit", "Sheriff", "Saloon", "Outlaw", "Canyon", "Stagecoach", "Prospector"],
  asian: ["Lotus", "Koi", "Jade", "Lantern", "Bamboo", "Pagoda", "Tiger Crane"],
  irish: ["Leprechaun", "Clover", "Rainbow", "Shamrock", "Pot o' Coins"],
  ocean: ["Pearl", "Reef", "Shark", "Mermaid", "Lighthouse", "Octopus", "Tides"],
  horror: ["Vampire", "Crypt", "Zombie", "Haunted Manor", "Werewolf", "Raven"],
  pirates: ["Pirate", "Galleon", "Doubloons", "Parrot", "Buccaneer", "Cutlass"],
  vikings: ["Viking", "Longship", "Rune", "Fjord", "Shieldmaiden", "Mjolnir"],
  aztec: ["Aztec", "Jaguar Warrior", "Sun Stone", "Quetzal", "Serpent"],
  gems: ["Gems", "Diamonds", "Rubies", "Sapphires", "Crystals", "Emeralds"],
  music: ["Rockstar", "Disco", "Groove", "Bassline", "Jukebox", "Encore"],
  sports: ["Striker", "Goalkeeper", "Champion", "Derby", "Penalty", "Slam Dunk"],
  classic: ["Bars", "Bells", "Hot Sevens", "Fortune Wheel", "Reels", "Triple Bar"],
};

/** Every theme key. */
export const THEMES: readonly string[] = Object.keys(THEME_NOUNS);

const ADJECTIVES = [
  "Golden",
  "Wild",
  "Mystic",
  "Blazing",
  "Frozen",
  "Crystal",
  "Royal",
  "Electric",
  "Ancient",
  "Hidden",
  "Neon",
  "Cosmic",
  "Savage",
  "Emerald",
  "Thunder",
  "Silver",
  "Lost",
  "Magic",
  "Fiery",
  "Jolly",
  "Shadow",
  "Velvet",
  "Midnight",
  "Stormy",
  "Lucky",
  "Radiant",
  "Rusty",
  "Sacred",
  "Secret",
  "Glowing",
  "Roaring",
  "Dancing",
];
const SUFFIXES = [
  "Deluxe",
  "Rising",
  "Hold and Win",
  "Xtreme",
  "Riches",
  "Fortune",
  "Rush",
  "Blitz",
  "Strike",
  "Link",
  "Reloaded",
  "Unleashed",
  "Trail",
  "Vault",
];
const PLACES = [
  "Nile",
  "North",
  "Deep",
  "Gods",
  "Jungle",
  "Stars",
  "Seas",
  "Storm",
  "Ancients",
  "Dragon",
  "Sun",
  "Moon",
  "Desert",
  "Abyss",
];
const TABLE_GAMES = [
  "Blackjack",
  "Roulette",
  "Baccarat",
  "Poker",
  "Sic Bo",
  "Craps",
  "Dragon Dice",
  "Andar Bahar",
  "Teen Patti",
];
const CRASH_WORDS = ["Crash", "Ascent", "Flight", "Climb", "Launch", "Skyline"];
const INSTANT_WORDS = ["Scratch", "Plinko", "Mines", "Dice", "Keno", "Hi-Lo", "Tower"];

/**
 * Well-known real titles (as slugs). A title equal to one of these has always been followed by a
 * suffix draw ("… Deluxe"); the draw stays, so that the games' stream, and so every other game, is
 * unchanged, but the suffixed title still names the real one and is replaced after the fact.
 */
const REAL_TITLES = new Set([
  "starburst",
  "book-of-dead",
  "gonzos-quest",
  "sweet-bonanza",
  "big-bass-bonanza",
  "gates-of-olympus",
  "wolf-gold",
  "dead-or-alive",
  "mega-moolah",
  "fire-joker",
  "buffalo-king",
  "reactoonz",
  "legacy-of-dead",
  "rise-of-olympus",
  "crazy-time",
  "lightning-roulette",
  "aviator",
  "spaceman",
  "jetx",
  "money-train",
  "jammin-jars",
  "extra-chilli",
  "white-rabbit",
  "razor-shark",
  "sugar-rush",
  "fruit-party",
  "wild-west-gold",
  "great-rhino",
  "mustang-gold",
  "gold-rush",
  "divine-fortune",
  "twin-spin",
  "dragon-tiger",
  "dream-catcher",
  "mega-ball",
  "gems-bonanza",
  "golden-goddess",
  "cleopatra",
  "eye-of-horus",
  "fishin-frenzy",
  "rainbow-riches",
  "thunderstruck",
  "immortal-romance",
  "tombstone",
  "mental",
  "fire-in-the-hole",
  "wild-toro",
  "narcos",
  "fortune-tiger",
  "golden-tiger",
  "wild-bandit",
  "mystic-fortune",
  "golden-pharaoh",
  "wild-buffalo",
  "royal-panda",
  "lucky-leprechaun",
  "jade-dragon",
  "mystic-dragon",
  "golden-dragon",
  "magic-castle",
  "wild-pearl",
  "blazing-sevens",
  "hot-sevens",
  "golden-galleon",
  "lost-relic",
  "lost-relics",
  "silver-lion",
  "thunder-cash",
  "shadow-order",
  "viking-runecraft",
  "secret-of-the-stones",
  "pirates-charm",
  "wild-rockstar",
  "emerald-isle",
  "crystal-queen",
  "cosmic-fortune",
  "golden-gems",
]);

/** More real titles the vocabulary spells, found since: a title equal to or containing one is replaced after the fact. */
const MORE_REAL_TITLES = [
  "buffalo-blitz",
  "buffalo-rising",
  "dragon-link",
  "lightning-link",
  "tiger-rush",
  "candy-blitz",
  "golden-sevens",
  "bamboo-rush",
  "frozen-diamonds",
  "leprechaun-riches",
];

/** Real titles made of the sample's own vocabulary ("Hot Sevens" is a classic-theme noun): only the title itself is real. */
const GENERIC_TITLES = new Set(["hot-sevens"]);

/** True when a freshly drawn title equals one of `REAL_TITLES`, and so is followed by a suffix draw. */
export function drawsSuffix(name: string): boolean {
  return REAL_TITLES.has(slugify(name));
}

/** True when the title is a known real game title or contains one as whole words ("Crystal Rainbow Riches"). */
export function isRealTitle(name: string): boolean {
  const slug = slugify(name);
  if (REAL_TITLES.has(slug)) return true;
  const words = `-${slug}-`;
  for (const title of [...REAL_TITLES, ...MORE_REAL_TITLES])
    if (!GENERIC_TITLES.has(title) && words.includes(`-${title}-`)) return true;
  return false;
}

function nounFor(rng: Rng, theme: string): string {
  return rng.pick(THEME_NOUNS[theme] ?? ["Reels"]);
}

/** A slot title built from the theme's nouns and the game's features (Megaways titles say so). */
export function slotName(rng: Rng, theme: string, features: readonly string[]): string {
  const noun = nounFor(rng, theme);
  const base = rng.weighted<() => string>([
    [() => `${rng.pick(ADJECTIVES)} ${noun}`, 40],
    [() => `${noun} ${rng.pick(SUFFIXES)}`, 25],
    [() => `${rng.pick(ADJECTIVES)} ${noun} ${rng.pick(SUFFIXES)}`, 20],
    [() => `${noun} of the ${rng.pick(PLACES)}`, 8],
    [() => `${noun} & ${rng.pick((THEME_NOUNS[theme] ?? []).filter((n) => n !== noun).concat("Friends"))}`, 7],
  ])();
  if (features.includes("megaways") && rng.chance(0.7)) return `${base} Megaways`;
  if (features.includes("jackpot") && rng.chance(0.3)) return `${base} Jackpot`;
  return base;
}

/** A title for a non-slot game kind (live, table, crash, instant, bingo). */
export function otherGameName(rng: Rng, kind: string, theme: string): string {
  switch (kind) {
    case "live":
      return `${rng.pick(ADJECTIVES)} ${rng.pick(TABLE_GAMES)}${rng.chance(0.3) ? " Live" : ""}`;
    case "table":
      return rng.chance(0.5)
        ? `${rng.pick(ADJECTIVES)} ${rng.pick(TABLE_GAMES)}`
        : `${nounFor(rng, theme)} ${rng.pick(TABLE_GAMES)}`;
    case "crash":
      return `${nounFor(rng, theme)} ${rng.pick(CRASH_WORDS)}`;
    case "instant":
      return `${rng.pick(ADJECTIVES)} ${rng.pick(INSTANT_WORDS)}`;
    default:
      return `${nounFor(rng, theme)} Bingo ${rng.pick(["75", "90", "30"])}`;
  }
}
