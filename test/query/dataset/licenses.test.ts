import { beforeAll, describe, expect, it } from "vitest";
import { useSampleHost } from "../../helpers/sample-host.ts";
import { allPages, expectError, getJson, isOrdered } from "./http.ts";

interface License {
  id: string;
  brand: string;
  regulator_code: string;
  jurisdiction: string;
  license_number: string;
  status: string;
  issued_at: string;
}

const host = useSampleHost();
let all: License[];

beforeAll(async () => {
  all = (await allPages(host, "/licenses")) as License[];
});

describe("GET /licenses", () => {
  it("pages every license by id, 50 per page by default, with the contract's fields", async () => {
    const { status, body, headers } = await getJson(host, "/licenses");
    expect(status).toBe(200);
    expect(body.meta).toMatchObject({ page: 1, per_page: 50, total: all.length, pages: Math.ceil(all.length / 50) });
    expect(body.data).toHaveLength(50);
    expect(Object.keys(body.data[0]).slice(0, 7)).toEqual([
      "id",
      "brand",
      "regulator_code",
      "jurisdiction",
      "license_number",
      "status",
      "issued_at",
    ]);
    expect(isOrdered(all, (a, b) => (a.id < b.id ? -1 : 1))).toBe(true);
    expect(new Set(all.map((license) => license.id)).size).toBe(all.length);
    expect(headers.get("link")).toContain('rel="next"');
    expect(headers.get("x-total-count")).toBe(String(all.length));
  });

  it.each([
    ["regulator_code", (l: License) => l.regulator_code],
    ["jurisdiction", (l: License) => l.jurisdiction],
    ["status", (l: License) => l.status],
    ["brand", (l: License) => l.brand],
  ])("filters by %s, matching exactly the licenses with that value", async (name, field) => {
    const value = field(all[7]!);
    const expected = all.filter((license) => field(license) === value).map((license) => license.id);
    const { body } = await getJson(host, `/licenses?${name}=${encodeURIComponent(value.toLowerCase())}&per_page=100`);
    expect(body.meta.total).toBe(expected.length);
    expect(body.data.map((license: License) => license.id)).toEqual(expected.slice(0, 100));
  });

  it("takes comma lists (any of them), combines parameters with AND, and reads UK as GB", async () => {
    const either = await getJson(host, "/licenses?status=suspended,revoked");
    expect(either.body.meta.total).toBe(all.filter((l) => l.status === "suspended" || l.status === "revoked").length);
    const both = await getJson(host, "/licenses?jurisdiction=UK&status=active");
    expect(both.body.meta.total).toBe(all.filter((l) => l.jurisdiction === "GB" && l.status === "active").length);
    expect(both.body.meta.total).toBeGreaterThan(0);
  });

  it("matches nothing for an unknown value of an open vocabulary", async () => {
    const { status, body } = await getJson(host, "/licenses?regulator_code=NOPE");
    expect(status).toBe(200);
    expect(body.meta).toMatchObject({ total: 0, pages: 0 });
    expect(body.data).toEqual([]);
  });

  it("answers a page past the end with an empty list", async () => {
    const { status, body } = await getJson(host, `/licenses?page=${Math.ceil(all.length / 50) + 1}`);
    expect(status).toBe(200);
    expect(body.data).toEqual([]);
  });

  it.each([
    ["/licenses?status=pending", 400, "invalid_parameter", "status"],
    ["/licenses?per_page=101", 400, "invalid_parameter", "per_page"],
    ["/licenses?per_page=0", 400, "invalid_parameter", "per_page"],
    ["/licenses?page=0", 400, "invalid_parameter", "page"],
    ["/licenses?page=two", 400, "invalid_parameter", "page"],
    ["/licenses?sort=id", 400, "unknown_parameter", "sort"],
    ["/licenses?Status=active", 400, "unknown_parameter", "Status"],
    ["/licenses?limit=10", 400, "unknown_parameter", "limit"],
  ])("%s → %d %s", async (path, status, code, parameter) => {
    await expectError(host, path, status, code, parameter);
  });
});

describe("GET /regulators", () => {
  it("lists every regulator by code with licenses and brands counted from the licenses", async () => {
    const { status, body } = await getJson(host, "/regulators");
    expect(status).toBe(200);
    expect(body.meta.page).toBeUndefined();
    expect(isOrdered(body.data, (a: { code: string }, b: { code: string }) => (a.code < b.code ? -1 : 1))).toBe(true);
    for (const regulator of body.data) {
      expect(Object.keys(regulator).slice(0, 5)).toEqual([
        "code",
        "name",
        "jurisdiction",
        "licenses_count",
        "brands_count",
      ]);
      const held = all.filter((license) => license.regulator_code === regulator.code);
      expect([regulator.code, regulator.licenses_count, regulator.brands_count]).toEqual([
        regulator.code,
        held.length,
        new Set(held.map((l) => l.brand)).size,
      ]);
    }
    expect(
      body.data.reduce((sum: number, regulator: { licenses_count: number }) => sum + regulator.licenses_count, 0),
    ).toBe(all.length);
  });

  it.each([
    ["/regulators?page=1", "page"],
    ["/regulators?per_page=10", "per_page"],
    ["/regulators?code=UKGC", "code"],
  ])("%s → 400 unknown_parameter", async (path, parameter) => {
    await expectError(host, path, 400, "unknown_parameter", parameter);
  });
});
