import { describe, expect, it } from "vitest";
import { describeBrand, type DescriptionFacts } from "../../build/compute/brand-description.ts";

// Issue 26, item 2: a description says a missing fact is unknown, never writes it as a bad value.
const facts = (licensesKnown: boolean): DescriptionFacts => ({
  brand: { name: "Omega Bet", founded_year: null, verticals: ["casino"], status: "active" },
  marketsWithDemand: [],
  activeRegulators: [],
  licensesKnown,
  trust: {
    period: "2026-10",
    score: null,
    grade: null,
    provisional: true,
    coverage: [],
    components: {
      licensing: null,
      reputation: null,
      market_presence: null,
      domain_health: null,
      transparency: null,
      payments: null,
    },
  } as unknown as DescriptionFacts["trust"],
});

describe("describeBrand with unknown facts", () => {
  it("says licenses are unknown where the data set has no register data, and none where it has", () => {
    expect(describeBrand(facts(false))).toBe(
      "Omega Bet is a casino brand, currently active. No search demand is measured for it. " +
        "Its licenses are unknown: the data set has no register data. " +
        "Its Trust Score 2.0 is unknown as of 2026-10: the data set has none of its inputs for it.",
    );
    expect(describeBrand(facts(true))).toContain("It holds no active license in the tracked registers.");
  });
});
