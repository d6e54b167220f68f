/**
 * Fictional operator brands: names, markets, reputation, apps, social reach and payments.
 * Each brand carries a hidden `size` (Pareto, so a few brands are huge and most are small);
 * domains, licenses, lobbies, demand and alerts all scale with it, which keeps the families coherent.
 * @module
 */
import type { Brand } from "../load/schemas.ts";
import { type BrandFocus, brandName } from "./brand-names.ts";
import { MARKETS, MARKET_BY_CODE, type Region } from "./countries.ts";
import { clamp, type Rng, round } from "./prng.ts";
import { uniqueName } from "./words.ts";

/** A brand record plus the hidden traits the other generators read. */
export interface BrandPlan {
  brand: Brand;
  /** Relative popularity, ≥ 1; drives search demand, reviews, backlinks and how often it shows up elsewhere. */
  size: number;
  region: Region;
}

/** Brands at scale 1; the count is multiplied by the scale. */
export const BRANDS_PER_SCALE = 810;

const REGION_WEIGHTS: readonly (readonly [Region, number])[] = [
  ["west", 35],
  ["nordics", 15],
  ["east", 15],
  ["americas", 15],
  ["apac", 10],
  ["africa_me", 10],
];

const NETWORKS = ["facebook", "instagram", "x", "telegram", "youtube", "tiktok"] as const;

// [method, base probability]; the list order is the order methods are written in.
const PAYMENTS: readonly (readonly [string, number])[] = [
  ["visa", 0.95],
  ["mastercard", 0.9],
  ["maestro", 0.25],
  ["bank_transfer", 0.6],
  ["skrill", 0.55],
  ["neteller", 0.5],
  ["paypal", 0.2],
  ["paysafecard", 0.4],
  ["trustly", 0.2],
  ["apple_pay", 0.3],
  ["google_pay", 0.25],
  ["muchbetter", 0.15],
  ["mifinity", 0.12],
  ["jeton", 0.1],
  ["interac", 0],
  ["pix", 0],
  ["bitcoin", 0.25],
  ["ethereum", 0.15],
  ["usdt", 0.15],
];

/** Market-specific payment methods: a brand serving the market usually offers them. */
const LOCAL_PAYMENTS: Readonly<Record<string, string>> = {
  CA: "interac",
  BR: "pix",
  SE: "trustly",
  FI: "trustly",
  NO: "trustly",
};

function pickFocus(rng: Rng): BrandFocus {
  return rng.weighted<BrandFocus>([
    ["casino", 62],
    ["sportsbook", 30],
    ["poker", 5],
    ["lottery", 3],
  ]);
}

function verticalsFor(rng: Rng, focus: BrandFocus): Brand["verticals"] {
  const set = new Set<BrandFocus>([focus]);
  if (focus !== "casino" && rng.chance(focus === "sportsbook" ? 0.65 : 0.4)) set.add("casino");
  if (focus !== "sportsbook" && rng.chance(focus === "casino" ? 0.3 : 0.2)) set.add("sportsbook");
  if (focus !== "poker" && rng.chance(0.08)) set.add("poker");
  if (focus !== "lottery" && rng.chance(0.04)) set.add("lottery");
  return (["casino", "sportsbook", "poker", "lottery"] as const).filter((v) => set.has(v));
}

function marketsFor(rng: Rng, region: Region, count: number): string[] {
  const weights = MARKETS.map(
    (m) => m.size * (m.region === region ? 5 : 1) * (m.country.active ? 1 : 0.2) * (m.demand ? 1 : 0.4),
  );
  return rng
    .weightedSample(
      MARKETS.map((m) => m.country.code),
      weights,
      count,
    )
    .sort();
}

function appRating(rng: Rng, size: number, base: number): { rating: number; reviews: number } {
  return {
    rating: round(clamp(rng.normal(base, 0.4), 1.5, 4.9), 1),
    reviews: Math.round(size * rng.logNormal(150, 0.9)),
  };
}

function brandRecord(rng: Rng, slug: string, name: string, focus: BrandFocus, size: number, markets: string[]): Brand {
  const status = rng.weighted<Brand["status"]>([
    ["active", 85],
    ["dormant", 9],
    ["closed", 6],
  ]);
  const ageCap = size > 60 ? 15 : 28;
  const founded_year = 2025 - Math.floor(Math.pow(rng.next(), 1.3) * ageCap) - (size > 60 ? 5 : 0);
  const review_rating = round(clamp(rng.normal(status === "active" ? 3.7 : 2.9, 0.7), 1, 4.9), 1);
  const review_count = Math.round(size * rng.logNormal(90, 0.7));
  const complaints_total = Math.round(review_count * rng.float(0.01, 0.06) * (5.2 - review_rating));
  const appChance = clamp(0.2 + 0.3 * Math.log10(size), 0.2, 0.95);
  const base = review_rating * 0.4 + 2.6;
  const social: Record<string, number> = {};
  for (const network of NETWORKS) {
    const p = network === "telegram" ? 0.35 : network === "facebook" || network === "instagram" ? 0.7 : 0.4;
    if (rng.chance(p * clamp(0.5 + Math.log10(size) / 2, 0.5, 1)))
      social[network] = Math.round(size * rng.logNormal(600, 1));
  }
  const crypto = rng.chance(0.15);
  const payment_methods = PAYMENTS.filter(([method, p]) => {
    if (markets.some((m) => LOCAL_PAYMENTS[m] === method)) return rng.chance(0.85);
    const boost = crypto && ["bitcoin", "ethereum", "usdt"].includes(method) ? 0.95 : p;
    return rng.chance(boost);
  }).map(([method]) => method);
  if (payment_methods.length === 0) payment_methods.push("visa");
  const strict =
    markets.filter((m) => MARKET_BY_CODE.get(m)?.country.trust_tier === 1).length / Math.max(1, markets.length);
  const rg = (p: number) => rng.chance(clamp(p + strict * 0.4, 0, 0.99));
  return {
    slug,
    name,
    status,
    founded_year,
    verticals: verticalsFor(rng, focus),
    markets,
    reputation: {
      review_rating,
      review_count,
      complaints_total,
      complaints_resolved: Math.round(complaints_total * rng.float(0.45, 0.97)),
    },
    app_stores: {
      ios: rng.chance(appChance) ? appRating(rng, size, base) : null,
      android: rng.chance(appChance * 0.9) ? appRating(rng, size, base - 0.2) : null,
    },
    social,
    payment_methods,
    withdrawal_days: crypto ? round(rng.float(0, 1), 1) : round(clamp(rng.logNormal(2.2, 0.6), 0.1, 21), 1),
    responsible_gambling: { self_exclusion: rg(0.6), deposit_limits: rg(0.55), reality_check: rg(0.3) },
  };
}

/** Generates `BRANDS_PER_SCALE × scale` brands with unique slugs, in generation order. */
export function generateBrands(rng: Rng, scale: number): BrandPlan[] {
  const used = new Set<string>();
  const plans: BrandPlan[] = [];
  const count = Math.round(BRANDS_PER_SCALE * scale);
  for (let i = 0; i < count; i++) {
    const focus = pickFocus(rng);
    const { name, slug } = uniqueName(() => brandName(rng, focus), used);
    const region = rng.weighted(REGION_WEIGHTS);
    // Power law with a floor of two: even small operators take a neighbouring market or two.
    const marketCount = 1 + rng.powerLawInt(1, 44, 1.6);
    // Size grows with reach, with a log-normal spread so reach alone does not fix popularity.
    const size = round(Math.max(1, Math.pow(marketCount, 1.1) * rng.logNormal(1.5, 1.1)), 3);
    const markets = marketsFor(rng, region, marketCount);
    plans.push({ brand: brandRecord(rng, slug, name, focus, size, markets), size, region });
  }
  return plans;
}
