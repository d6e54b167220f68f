import { describe, expect, it } from "vitest";
import { checkSeedRules } from "../../build/load/check-seed-rules.ts";
import type { LocatedRecord } from "../../build/load/validate-records.ts";

const at = (location: string, value: Record<string, unknown>, file = "s/x"): LocatedRecord => ({
  file,
  location,
  value,
});

const license = (status: string, issued: string, changed: string | null) => ({
  id: "L",
  brand: "a",
  regulator_code: "R",
  status,
  issued_at: issued,
  expires_at: null,
  status_changed_at: changed,
});

describe("checkSeedRules: license status dates", () => {
  it.each([
    ["active without a change date", license("active", "2020-01-01", null), []],
    ["suspended with a change date after issue", license("suspended", "2020-01-01", "2021-01-01"), []],
    ["revoked on its issue day", license("revoked", "2020-01-01", "2020-01-01"), []],
    [
      "active with a change date",
      license("active", "2020-01-01", "2021-01-01"),
      ["status_changed_at: Must be empty while the status is active"],
    ],
    [
      "expired without a change date (a register export without it: allowed, #26)",
      license("expired", "2020-01-01", null),
      [],
    ],
    [
      "suspended before it was issued",
      license("suspended", "2020-01-01", "2019-12-31"),
      ["status_changed_at: Must not be before issued_at"],
    ],
  ])("%s", (_case, value, expected) => {
    const problems = checkSeedRules({ licenses: [at("line 2", value, "s/licenses/l.csv")] });
    expect(problems.map((problem) => `${problem.field}: ${problem.message}`)).toEqual(expected);
    for (const problem of problems) expect(problem).toMatchObject({ file: "s/licenses/l.csv", record: "line 2" });
  });
});

describe("checkSeedRules: resume contacts", () => {
  it.each([
    ["direct with contacts", "direct", { email: "a@example.com" }, []],
    ["none without contacts", "none", {}, []],
    ["none with contacts", "none", { telegram: "@abc" }, ["contacts: Must be empty when contact_quality is none"]],
    ["service without contacts", "service", {}, ["contacts: Required when contact_quality is service"]],
  ])("%s", (_case, quality, contacts, expected) => {
    const problems = checkSeedRules({
      resumes: [at("line 9", { id: 1, contact_quality: quality, contacts }, "s/resumes/r.ndjson")],
    });
    expect(problems.map((problem) => `${problem.field}: ${problem.message}`)).toEqual(expected);
    for (const problem of problems) expect(problem).toMatchObject({ file: "s/resumes/r.ndjson", record: "line 9" });
  });
});

describe("checkSeedRules: primary domains", () => {
  it("accepts exactly one primary domain per brand", () => {
    const domains = [
      at("line 1", { domain: "a.com", brand: "a", primary: true }),
      at("line 2", { domain: "a.net", brand: "a", primary: false }),
    ];
    expect(checkSeedRules({ domains })).toEqual([]);
  });

  it("reports a brand whose domains have no primary, on its first domain", () => {
    const domains = [
      at("line 1", { domain: "a.com", brand: "a", primary: true }),
      at("line 2", { domain: "b.com", brand: "b", primary: false }),
      at("line 3", { domain: "b.net", brand: "b", primary: false }),
    ];
    expect(checkSeedRules({ domains })).toEqual([
      { file: "s/x", record: "line 2", field: "primary", message: "Brand b has domains but none is primary" },
    ]);
  });

  it("reports every extra primary domain of a brand", () => {
    const domains = [
      at("line 1", { domain: "a.com", brand: "a", primary: true }),
      at("line 2", { domain: "a.net", brand: "a", primary: true }),
      at("line 3", { domain: "a.org", brand: "a", primary: true }),
    ];
    expect(checkSeedRules({ domains }).map((problem) => [problem.record, problem.field, problem.message])).toEqual([
      ["line 2", "primary", "Brand a has more than one primary domain"],
      ["line 3", "primary", "Brand a has more than one primary domain"],
    ]);
  });
});

describe("checkSeedRules", () => {
  it("collects problems of every rule at once", () => {
    const problems = checkSeedRules({
      licenses: [at("line 2", license("active", "2020-01-01", "2021-01-01"))],
      resumes: [at("line 3", { contact_quality: "none", contacts: { email: "a@example.com" } })],
      domains: [at("line 4", { domain: "b.com", brand: "b", primary: false })],
    });
    expect(problems.map((problem) => problem.record)).toEqual(["line 2", "line 3", "line 4"]);
  });
});

describe("checkSeedRules: dates that may fall on the same day", () => {
  it("accepts a domain that expires on the day it was created and a license that expires on its issue day", () => {
    const domains = [
      at("line 1", {
        domain: "a.com",
        brand: "a",
        primary: true,
        whois: { created_at: "2024-05-01", expires_at: "2024-05-01" },
      }),
    ];
    const licenses = [at("line 2", { ...license("active", "2024-05-01", null), expires_at: "2024-05-01" })];
    expect(checkSeedRules({ domains, licenses })).toEqual([]);
  });
});

describe("checkSeedRules: nothing after the snapshot", () => {
  const SNAPSHOT = { at: "2025-01-01T12:00:00Z", setBy: "meta.snapshot_at" };
  // One record a resource, each observed field one step after the snapshot (the next month, day or second).
  const after = {
    demand: [at("line 2", { brand: "a", country: "GB", period: "2025-02", volume: 1 }, "s/demand/d.csv")],
    groundTruth: [
      at(
        "line 3",
        { country: "GB", regulator_code: "UKGC", period: "2025-02", ggr: 1, currency: "GBP" },
        "s/ground-truth/g.csv",
      ),
    ],
    lobby: [
      at("line 4", { brand: "a", game: "g", country: "GB", observed_at: "2025-01-02", position: 1 }, "s/lobby/l.csv"),
    ],
    licenses: [at("line 5", { ...license("active", "2025-01-02", null) }, "s/licenses/l.csv")],
    domains: [
      at(
        "line 6",
        {
          domain: "a.com",
          brand: "a",
          primary: true,
          whois: { created_at: "2025-01-02", expires_at: "2026-01-01" },
          health: { checked_at: "2025-01-02" },
        },
        "s/domains/d.ndjson",
      ),
    ],
    tcAlerts: [at("line 7", { id: "T1", detected_at: "2025-01-01T12:00:01Z" }, "s/tc-alerts/t.ndjson")],
    resumes: [
      at(
        "line 8",
        {
          id: 1,
          contact_quality: "direct",
          contacts: { email: "a@example.com" },
          updated_at: "2025-01-01T14:00:01+02:00",
        },
        "s/resumes/r.ndjson",
      ),
    ],
  };

  it("names every observed field dated after the snapshot, with its file and record", () => {
    const problems = checkSeedRules(after, SNAPSHOT);
    expect(problems.map((problem) => `${problem.file} › ${problem.record} › ${problem.field}`)).toEqual([
      "s/demand/d.csv › line 2 › period",
      "s/ground-truth/g.csv › line 3 › period",
      "s/lobby/l.csv › line 4 › observed_at",
      "s/licenses/l.csv › line 5 › issued_at",
      "s/domains/d.ndjson › line 6 › whois.created_at",
      "s/domains/d.ndjson › line 6 › health.checked_at",
      "s/tc-alerts/t.ndjson › line 7 › detected_at",
      "s/resumes/r.ndjson › line 8 › updated_at",
    ]);
    expect(problems[0]?.message).toBe(
      "2025-02 is after the snapshot (meta.snapshot_at 2025-01-01T12:00:00Z): seeds record what was seen by then (raise meta.snapshot_at to a later time, or leave the record out)",
    );
  });

  it("names --snapshot-at as what to raise when the build set the snapshot", () => {
    const [problem] = checkSeedRules({ demand: after.demand }, { at: "2025-01-31T00:00:00Z", setBy: "--snapshot-at" });
    expect(problem?.message).toBe(
      "2025-02 is after the snapshot (--snapshot-at 2025-01-31T00:00:00Z): seeds record what was seen by then (raise --snapshot-at to a later time, or leave the record out)",
    );
  });

  it("accepts what was seen in the snapshot's own month, day or instant, earlier that day, or at a later local time that is the same instant", () => {
    const records = {
      demand: [at("line 2", { brand: "a", country: "GB", period: "2025-01", volume: 1 })],
      lobby: [at("line 4", { observed_at: "2025-01-01" })],
      tcAlerts: [at("line 7", { detected_at: "2025-01-01T00:00:00Z" }), at("line 8", { detected_at: SNAPSHOT.at })],
      resumes: [
        at("line 9", {
          id: 1,
          contact_quality: "direct",
          contacts: { email: "a@example.com" },
          updated_at: "2025-01-01T14:00:00+02:00",
        }),
      ],
    };
    expect(checkSeedRules(records, SNAPSHOT)).toEqual([]);
  });

  it("reads the snapshot's month and day in UTC: 01:00 on 1 January at +03:00 is still December", () => {
    const demand = [at("line 2", { brand: "a", country: "GB", period: "2025-01", volume: 1 })];
    expect(
      checkSeedRules({ demand }, { at: "2025-01-01T01:00:00+03:00", setBy: "meta.snapshot_at" }).map(
        (problem) => problem.field,
      ),
    ).toEqual(["period"]);
    expect(
      checkSeedRules(
        { demand: [at("line 2", { period: "2024-12" })] },
        { at: "2025-01-01T01:00:00+03:00", setBy: "meta.snapshot_at" },
      ),
    ).toEqual([]);
  });
});
