import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { computeDataset, effectiveLicenseStatus } from "../../build/compute/compute-dataset.ts";
import { loadSeeds } from "../../build/load/load-seeds.ts";
import type { License } from "../../build/load/schemas.ts";
import { buildEngineIndex } from "../../build/query/engine-index.ts";
import type { EngineContext } from "../../build/query/endpoint.ts";
import { ENDPOINTS } from "../../build/query/endpoints.ts";
import { resolveQuery, runResolved } from "../../build/query/run-query.ts";
import { copySeeds } from "../fixtures/seeds-invalid.ts";

const license = (status: License["status"], expires_at: string | null, status_changed_at: string | null = null) => ({
  id: "L-1",
  brand: "a",
  regulator_code: "UKGC",
  license_number: "1",
  status,
  issued_at: "2020-01-01",
  expires_at,
  status_changed_at,
  verticals: null,
});

describe("effectiveLicenseStatus", () => {
  it("is expired for an active license whose expiry date is on or before the snapshot, keeping the register's value", () => {
    expect(effectiveLicenseStatus(license("active", "2025-01-01"), "2025-01-01")).toMatchObject({
      status: "expired",
      register_status: "active",
    });
    expect(effectiveLicenseStatus(license("active", "2024-06-30"), "2025-01-01")).toMatchObject({
      status: "expired",
      register_status: "active",
    });
  });

  it("keeps active while the expiry date is after the snapshot, or there is none", () => {
    expect(effectiveLicenseStatus(license("active", "2025-01-02"), "2025-01-01").status).toBe("active");
    expect(effectiveLicenseStatus(license("active", null), "2025-01-01").status).toBe("active");
  });

  it("keeps a revoked or suspended status whatever the expiry: the register's stronger word", () => {
    expect(effectiveLicenseStatus(license("revoked", "2024-01-01", "2023-01-01"), "2025-01-01")).toMatchObject({
      status: "revoked",
      register_status: "revoked",
    });
    expect(effectiveLicenseStatus(license("suspended", null), "2025-01-01").status).toBe("suspended");
  });
});

describe("an active license past its expiry date, published", () => {
  let context: EngineContext;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    // seeds-min's snapshot is 2025-01-01; L-2 is active in the register and now expired on 2024-12-31.
    const copy = await copySeeds([
      {
        file: "licenses/licenses.csv",
        change: (text) => text.replace("active,2020-06-01,2030-06-01,", "active,2020-06-01,2024-12-31,"),
      },
    ]);
    cleanup = copy.cleanup;
    const { seeds } = await loadSeeds(copy.dir);
    const dataset = computeDataset(seeds, { baseUrl: "https://data.example.com" });
    context = { dataset, index: buildEngineIndex(dataset) };
  });
  afterAll(() => cleanup());

  const body = (path: string, pairs: [string, string][] = []) =>
    runResolved(context, resolveQuery(ENDPOINTS, path, pairs)) as { body: { data: unknown } };

  it("is expired in /licenses, with register_status active, and found by status=expired", () => {
    const items = body("/api/dataset/v1/licenses").body.data as {
      id: string;
      status: string;
      register_status: string;
    }[];
    expect(items.find((item) => item.id === "L-2")).toMatchObject({ status: "expired", register_status: "active" });
    expect(items.find((item) => item.id === "L-1")).toMatchObject({ status: "active", register_status: "active" });
    const expired = body("/api/dataset/v1/licenses", [["status", "expired"]]).body.data as { id: string }[];
    expect(expired.map((item) => item.id)).toEqual(["L-2"]);
  });

  it("is expired on the brand card too, as its active count says", () => {
    const card = body("/api/dataset/v1/brands/alpha-casino").body.data as {
      licenses_count: number;
      licenses: { license_number: string; status: string; register_status: string }[];
    };
    expect(card.licenses.find((item) => item.license_number === "MGA/B2C/1")).toMatchObject({
      status: "expired",
      register_status: "active",
    });
    expect(card.licenses_count).toBe(card.licenses.filter((item) => item.status === "active").length);
  });
});
