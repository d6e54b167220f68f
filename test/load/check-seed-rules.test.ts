import { describe, expect, it } from "vitest";
import { checkSeedRules } from "../../build/load/check-seed-rules.ts";
import type { LocatedRecord } from "../../build/load/validate-records.ts";

const at = (location: string, value: Record<string, unknown>, file = "s/x"): LocatedRecord => ({ file, location, value });

const license = (status: string, issued: string, changed: string | null) => ({ id: "L", brand: "a", regulator_code: "R", status, issued_at: issued, expires_at: null, status_changed_at: changed });

describe("checkSeedRules: license status dates", () => {
  it.each([
    ["active without a change date", license("active", "2020-01-01", null), []],
    ["suspended with a change date after issue", license("suspended", "2020-01-01", "2021-01-01"), []],
    ["revoked on its issue day", license("revoked", "2020-01-01", "2020-01-01"), []],
    ["active with a change date", license("active", "2020-01-01", "2021-01-01"), ["status_changed_at: Must be empty while the status is active"]],
    ["expired without a change date", license("expired", "2020-01-01", null), ["status_changed_at: Required when the status is expired"]],
    ["suspended before it was issued", license("suspended", "2020-01-01", "2019-12-31"), ["status_changed_at: Must not be before issued_at"]],
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
    const problems = checkSeedRules({ resumes: [at("line 9", { id: 1, contact_quality: quality, contacts }, "s/resumes/r.ndjson")] });
    expect(problems.map((problem) => `${problem.field}: ${problem.message}`)).toEqual(expected);
    for (const problem of problems) expect(problem).toMatchObject({ file: "s/resumes/r.ndjson", record: "line 9" });
  });
});

describe("checkSeedRules: primary domains", () => {
  it("accepts exactly one primary domain per brand", () => {
    const domains = [at("line 1", { domain: "a.com", brand: "a", primary: true }), at("line 2", { domain: "a.net", brand: "a", primary: false })];
    expect(checkSeedRules({ domains })).toEqual([]);
  });

  it("reports a brand whose domains have no primary, on its first domain", () => {
    const domains = [at("line 1", { domain: "a.com", brand: "a", primary: true }), at("line 2", { domain: "b.com", brand: "b", primary: false }), at("line 3", { domain: "b.net", brand: "b", primary: false })];
    expect(checkSeedRules({ domains })).toEqual([{ file: "s/x", record: "line 2", field: "primary", message: "Brand b has domains but none is primary" }]);
  });

  it("reports every extra primary domain of a brand", () => {
    const domains = [at("line 1", { domain: "a.com", brand: "a", primary: true }), at("line 2", { domain: "a.net", brand: "a", primary: true }), at("line 3", { domain: "a.org", brand: "a", primary: true })];
    expect(checkSeedRules({ domains }).map((problem) => problem.record)).toEqual(["line 2", "line 3"]);
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
