import { describe, expect, it } from "vitest";
import { describeBrand, type DescriptionFacts } from "../../build/compute/brand-description.ts";

const brand = {
  name: "Omega Bet",
  founded_year: 2019,
  verticals: ["casino"],
  status: "active",
} as DescriptionFacts["brand"];
const trust = {
  period: "2026-10",
  score: 72.4,
  grade: "B",
  provisional: false,
  coverage: ["licensing", "reputation", "market_presence", "domain_health", "transparency", "payments"],
  components: { licensing: 0, reputation: 0, market_presence: 0, domain_health: 0, transparency: 0, payments: 0 },
} as const;
const facts = (overrides: Partial<DescriptionFacts>): DescriptionFacts => ({
  brand,
  marketsWithDemand: [],
  activeRegulators: [],
  licensesKnown: true,
  trust: trust as unknown as DescriptionFacts["trust"],
  ...overrides,
});
/** The description's second sentence, the one about markets. */
const marketsSentence = (text: string): string => text.split(". ")[1]!;

describe("describeBrand", () => {
  it("writes the four sentences in a fixed order", () => {
    expect(
      describeBrand(
        facts({
          brand: { ...brand, verticals: ["casino", "sportsbook", "poker"] },
          marketsWithDemand: ["DE", "GB"],
          activeRegulators: ["MGA"],
        }),
      ),
    ).toBe(
      "Omega Bet is a casino, sportsbook and poker brand founded in 2019, currently active. " +
        "It has measured search demand in 2 markets (DE and GB). " +
        "It holds active licenses from MGA. " +
        "Its Trust Score 2.0 is 72.4 (grade B) as of 2026-10.",
    );
  });

  it.each<[string, string[], string]>([
    ["one market: singular, its name alone", ["GB"], "It has measured search demand in 1 market (GB)"],
    ["two markets: joined with and", ["DE", "GB"], "It has measured search demand in 2 markets (DE and GB)"],
    [
      "five markets: all named",
      ["AT", "DE", "ES", "GB", "IT"],
      "It has measured search demand in 5 markets (AT, DE, ES, GB and IT)",
    ],
    [
      "six markets: the first five, and others",
      ["AT", "DE", "ES", "GB", "IT", "NL"],
      "It has measured search demand in 6 markets (AT, DE, ES, GB, IT and others)",
    ],
    ["no market", [], "No search demand is measured for it"],
  ])("%s", (_case, markets, sentence) => {
    expect(marketsSentence(describeBrand(facts({ marketsWithDemand: markets })))).toBe(sentence);
  });

  it("names one regulator alone, several joined, and says so when there is none", () => {
    expect(describeBrand(facts({ activeRegulators: ["UKGC"] }))).toContain(" It holds active licenses from UKGC. ");
    expect(describeBrand(facts({ activeRegulators: ["MGA", "SGA", "UKGC"] }))).toContain(
      " It holds active licenses from MGA, SGA and UKGC. ",
    );
    expect(describeBrand(facts({}))).toContain(" It holds no active license in the tracked registers. ");
  });
});
