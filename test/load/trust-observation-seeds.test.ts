import path from "node:path";
import { describe, expect, it } from "vitest";
import { SeedValidationError, formatSeedProblem } from "../../build/errors.ts";
import { loadSeeds } from "../../build/load/load-seeds.ts";
import { copySeeds, type SeedMutation } from "../fixtures/seeds-invalid.ts";

// The optional trust-observation resources of #27 (docs/seed-format-design.md §5), on copies of seeds-min.
const MONITORING = "monitoring/monitoring.csv";
const REPUTATION = "reputation-observations/reputation-observations.ndjson";
const PAYMENTS = "payment-observations/payment-observations.json";
const CHECKS = "domain-checks/domain-checks.csv";

async function problemsOf(mutations: readonly SeedMutation[]): Promise<string[]> {
  const copy = await copySeeds(mutations);
  try {
    await loadSeeds(copy.dir);
    return [];
  } catch (error) {
    if (!(error instanceof SeedValidationError)) throw error;
    // The problems name the copy's files by their full path (…/seeds/monitoring/…): keep them from seeds/ on.
    const folder = `${path.dirname(copy.dir)}${path.sep}`;
    return error.problems.map((problem) => formatSeedProblem(problem).replaceAll(folder, ""));
  } finally {
    await copy.cleanup();
  }
}

const replace = (file: string, from: string, to: string): SeedMutation => ({
  file,
  change: (text) => text.replace(from, to),
});
const append = (file: string, line: string): SeedMutation => ({ file, change: (text) => `${text}${line}\n` });

describe("loadSeeds: dated trust observations and monitoring (#27)", () => {
  it("loads them from JSON, NDJSON and CSV, typed like the brand and domain records", async () => {
    const copy = await copySeeds();
    try {
      const { seeds } = await loadSeeds(copy.dir);
      expect(seeds.monitoring).toEqual([
        { brand: "alpha-casino", since: "2024-01-01", pages: ["terms", "withdrawal", "responsible_gambling"] },
        { brand: "beta-bet", since: "2024-09-01", pages: ["terms", "withdrawal"] },
      ]);
      expect(seeds.domainChecks[0]).toEqual({
        domain: "alpha-casino.example.com",
        checked_at: "2024-10-30",
        https: true,
        status_code: 200,
        uptime_pct: 99,
        response_ms: 190,
      });
      expect(seeds.paymentObservations[1]).toEqual({
        brand: "beta-bet",
        observed_at: "2024-12-10",
        payment_methods: ["visa", "bank_transfer"],
        withdrawal_days: 3,
      });
    } finally {
      await copy.cleanup();
    }
  });

  it("takes a missing folder as no records, not as an error", async () => {
    const copy = await copySeeds(
      [MONITORING, REPUTATION, PAYMENTS, CHECKS].map((file) => ({ file, change: () => null })),
    );
    try {
      const { seeds } = await loadSeeds(copy.dir);
      expect([seeds.monitoring, seeds.reputationObservations, seeds.paymentObservations, seeds.domainChecks]).toEqual([
        [],
        [],
        [],
        [],
      ]);
    } finally {
      await copy.cleanup();
    }
  });

  it.each<[string, SeedMutation[], string[]]>([
    [
      "two observations of one brand on one day",
      [append(REPUTATION, '{"brand":"beta-bet","observed_at":"2024-11-15","review_rating":4,"review_count":50}')],
      ["seeds/reputation-observations/reputation-observations.ndjson › line 3 › brand+observed_at: Duplicate key"],
    ],
    [
      "a check of a domain that is not in domains/",
      [append(CHECKS, "nowhere.example.com,2024-10-01,true,200,99,100")],
      ["seeds/domain-checks/domain-checks.csv › line 4 › domain"],
    ],
    [
      "a monitoring record of an unknown brand",
      [append(MONITORING, "omega-bet,2024-01-01,terms")],
      ["seeds/monitoring/monitoring.csv › line 4 › brand"],
    ],
    [
      "an alert on a page the brand's monitoring does not watch",
      [replace(MONITORING, "beta-bet,2024-09-01,terms|withdrawal", "beta-bet,2024-09-01,terms")],
      [
        "seeds/tc-alerts/tc-alerts.ndjson › line 2 › page_type: The brand's monitoring record (seeds/monitoring/monitoring.csv line 3) does not watch withdrawal pages",
      ],
    ],
    [
      "an alert before the brand's monitoring started",
      [replace(MONITORING, "beta-bet,2024-09-01", "beta-bet,2024-12-05")],
      [
        "seeds/tc-alerts/tc-alerts.ndjson › line 2 › detected_at: Before the brand's monitoring started (since 2024-12-05",
      ],
    ],
    [
      "an observation after the snapshot",
      [replace(PAYMENTS, '"observed_at": "2024-12-10"', '"observed_at": "2025-01-02"')],
      [
        "seeds/payment-observations/payment-observations.json › record 1 › observed_at: 2025-01-02 is after the snapshot",
      ],
    ],
    [
      "a monitoring record watching no page",
      [replace(MONITORING, "beta-bet,2024-09-01,terms|withdrawal", "beta-bet,2024-09-01,[]")],
      ["seeds/monitoring/monitoring.csv › line 3 › pages"],
    ],
  ])("refuses %s, naming file, record and field", async (_case, mutations, expected) => {
    const problems = await problemsOf(mutations);
    for (const fragment of expected) expect(problems.some((problem) => problem.startsWith(fragment))).toBe(true);
  });
});
