import { describe, expect, it } from "vitest";
import { TRUST_WEIGHTS } from "../../build/compute/trust-score.ts";
import { trustComponentRules } from "../../build/publish/trust-rules.ts";

// The numbers below are read by hand from build/compute/trust-score.ts; the rules text evaluates the
// component functions to find them, so a change there changes the page and fails here until reviewed.
describe("trustComponentRules", () => {
  const rules = trustComponentRules();

  it("describes every weighted component", () => {
    expect(Object.keys(rules)).toEqual(Object.keys(TRUST_WEIGHTS));
  });

  it.each([
    [
      "licensing",
      [
        "tier 1: 70, tier 2: 55, tier 3: 40",
        "+10 for each further active license up to +30",
        "−15 for each suspended or revoked",
      ],
    ],
    [
      "reputation",
      ["70% the review rating", "30% the share of complaints resolved", "fewer than 100 reviews", "pulled toward 50"],
    ],
    [
      "market_presence",
      [
        "Up to 50 points",
        "(10 or more give all 50)",
        "0.5 × its highest adi",
        "unknown in a month without any demand row",
      ],
    ],
    [
      "domain_health",
      ["HTTPS gives 30 points", "uptime above 95% gives up to 40", "age gives up to 30 (10 years or more"],
    ],
    [
      "transparency",
      [
        "unknown without one, or with fewer than 3 watched months",
        "in the 12 months up to the period (8 per modified, 15 per removed and 4 per new terms or withdrawal page",
        "0 for publishing or updating one",
        "× 36 ÷ (pages watched × months watched in the window)",
      ],
    ],
    [
      "payments",
      ["Up to 70 points", "(10 or more give all 70)", "30 within 1 day, 20 within 3 days, 10 within 5 days"],
    ],
  ] as const)("states the %s rule with the code's numbers", (component, fragments) => {
    for (const fragment of fragments) expect(rules[component]).toContain(fragment);
  });
});
