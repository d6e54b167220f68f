/**
 * A short generated description of a brand, written from its figures only (no invented claims).
 * @module
 */
import type { Brand } from "../load/schemas.ts";
import type { TrustHistoryEntry } from "./dataset.ts";
import { TRUST_COMPONENTS } from "../response-schemas/vocabularies.ts";

export interface DescriptionFacts {
  brand: Pick<Brand, "name" | "founded_year" | "verticals" | "status">;
  marketsWithDemand: readonly string[];
  activeRegulators: readonly string[];
  /** False when the data set has no license at all: a brand's licenses are then unknown, not none. */
  licensesKnown: boolean;
  trust: TrustHistoryEntry;
}

/** Composes the description from facts, in a fixed sentence order. */
export function describeBrand(facts: DescriptionFacts): string {
  const { brand, marketsWithDemand, activeRegulators, licensesKnown, trust } = facts;
  const sentences = [
    // An unknown founding year is left out, never written as "null".
    `${brand.name} is a ${joinList(brand.verticals)} brand${brand.founded_year === null ? "" : ` founded in ${brand.founded_year}`}, currently ${brand.status}.`,
    marketsWithDemand.length > 0
      ? `It has measured search demand in ${marketsWithDemand.length} market${marketsWithDemand.length === 1 ? "" : "s"} (${joinList(marketsShown(marketsWithDemand))}).`
      : "No search demand is measured for it.",
    activeRegulators.length > 0
      ? `It holds active licenses from ${joinList(activeRegulators)}.`
      : licensesKnown
        ? "It holds no active license in the tracked registers."
        : "Its licenses are unknown: the data set has no register data.",
    trustSentence(trust),
  ];
  return sentences.join(" ");
}

/** The score, saying when its grade is provisional; no figure when nothing of the score is known. */
function trustSentence(trust: TrustHistoryEntry): string {
  if (trust.score === null)
    return `Its Trust Score 2.0 is unknown as of ${trust.period}: the data set has none of its inputs for it.`;
  const grade = trust.provisional
    ? `provisional grade ${trust.grade}, resting on ${trust.coverage.length} of ${TRUST_COMPONENTS.length} components`
    : `grade ${trust.grade}`;
  return `Its Trust Score 2.0 is ${trust.score} (${grade}) as of ${trust.period}.`;
}

/** The first five markets, then "others" in the sixth place: one list, so it reads "GB, IT and others". */
function marketsShown(markets: readonly string[]): readonly string[] {
  return markets.length > 5 ? [...markets.slice(0, 5), "others"] : markets;
}

function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}
