/**
 * Name makers for fictional operators and game studios, e.g. "Lucky Velvet Casino", "Zorvabet",
 * "Quorix Studios". Most names lean on one invented word, which keeps them clear of real brands
 * and keeps slugs short (slugs repeat in every lobby, demand and license row).
 * @module
 */
import type { Rng } from "./prng.ts";
import { inventedWord } from "./words.ts";

const ADJECTIVES = [
  "Lucky",
  "Bright",
  "Silver",
  "Swift",
  "Merry",
  "Bold",
  "Noble",
  "Jolly",
  "Amber",
  "Cobalt",
  "Crimson",
  "Scarlet",
  "Misty",
  "Sunny",
  "Copper",
  "Polar",
  "Ivory",
  "Rapid",
  "Grand",
  "Hazel",
  "Velvet",
  "Quiet",
  "Brisk",
  "Mellow",
];
const NOUNS = [
  "Velvet",
  "Harbor",
  "Comet",
  "Lantern",
  "Meadow",
  "Orchid",
  "Quartz",
  "Maple",
  "Ember",
  "Willow",
  "Summit",
  "Nimbus",
  "Sable",
  "Topaz",
  "Cedar",
  "Arcadia",
  "Marlin",
  "Beacon",
  "Pebble",
  "Juniper",
  "Otter",
  "Heron",
  "Thistle",
  "Saffron",
  "Basalt",
  "Citrine",
  "Lagoon",
  "Canyon",
  "Prairie",
  "Walrus",
  "Parrot",
  "Kettle",
];
const CASINO_WORDS = ["Casino", "Spins", "Slots", "Palace", "Club", "Play", "Reels", "Vegas"];
const BET_WORDS = ["Bet", "Sport", "Bets", "Odds"];
const JOINED_ENDINGS = ["bet", "spin", "play", "win", "slots", "luck"];

/** Which product a brand leads with; it flavours the name. */
export type BrandFocus = "casino" | "sportsbook" | "poker" | "lottery";

/** A fictional operator name for a brand that leads with `focus`. */
export function brandName(rng: Rng, focus: BrandFocus): string {
  const word = () => inventedWord(rng, 2, rng.chance(0.7) ? 2 : 3);
  switch (focus) {
    case "sportsbook":
      return rng.weighted<() => string>([
        [() => `${word()}${rng.pick(["bet", "bet", "sport", "odds"])}`, 35],
        [() => `${word()} ${rng.pick(BET_WORDS)}`, 25],
        [() => word(), 20],
        [() => `${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)} ${rng.pick(BET_WORDS)}`, 10],
        [() => `${rng.pick(ADJECTIVES)} ${word()}`, 10],
      ])();
    case "poker":
      return rng.weighted<() => string>([
        [() => `${word()} Poker`, 60],
        [() => `${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)} Poker`, 40],
      ])();
    case "lottery":
      return rng.weighted<() => string>([
        [() => `${word()} Lotto`, 60],
        [() => `${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)} Lottery`, 40],
      ])();
    case "casino":
      return rng.weighted<() => string>([
        [() => word(), 25],
        [() => `${word()} ${rng.pick(CASINO_WORDS)}`, 25],
        [() => `${word()}${rng.pick(JOINED_ENDINGS)}`, 15],
        [() => `${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)}${rng.chance(0.5) ? " Casino" : ""}`, 20],
        [() => `${rng.pick(ADJECTIVES)} ${word()}`, 15],
      ])();
  }
}

const STUDIO_WORDS = ["Gaming", "Studios", "Games", "Labs", "Works", "Play"];
const STUDIO_ENDINGS = ["play", "soft", "games", "tech"];

/** A fictional game-studio name, e.g. "Quorix Studios" or "Tazzlesoft". */
export function studioName(rng: Rng): string {
  const word = inventedWord(rng, 2, rng.chance(0.75) ? 2 : 3);
  // Joined forms ("Tazzlesoft") read well only with short stems.
  return word.length > 6 || rng.chance(0.5)
    ? `${word} ${rng.pick(STUDIO_WORDS)}`
    : `${word}${rng.pick(STUDIO_ENDINGS)}`;
}

/** A fictional domain registrar or DNS host name for whois and DNS records. */
export const REGISTRARS: readonly string[] = [
  "Example Registrar",
  "Sample Names Inc.",
  "Demo Domains GmbH",
  "Placeholder Names",
  "Fictive Hosting BV",
  "Testnet Names OÜ",
  "Mock Domains SL",
];

/** Host stems for fictional DNS providers (name servers live under `<stem>.example`). */
export const DNS_HOSTS: readonly string[] = ["dnshost", "edgeshield", "nameforge", "cloudlane", "zonekeeper"];

/** Host stems for fictional mail providers (MX records live under `<stem>.example`). */
export const MAIL_HOSTS: readonly string[] = ["mailhost", "postbox", "inboxly", "sendgrove"];
