import { describe, expect, it } from "vitest";
import { transparencyComponent } from "../../build/compute/transparency.ts";
import type { TcAlert } from "../../build/load/schemas.ts";

type Alert = Pick<TcAlert, "page_type" | "change_type" | "detected_at">;
const alert = (change_type: Alert["change_type"], detected_at: string, page_type: Alert["page_type"] = "terms") => ({
  page_type,
  change_type,
  detected_at,
});
const FULL = { since: "2020-01-01", pages: ["terms", "withdrawal", "responsible_gambling"] as Alert["page_type"][] };

describe("transparencyComponent with every page watched all year (no scaling)", () => {
  it.each<[string, Alert[], number]>([
    ["no alert", [], 100],
    ["one modified page: 100 − 8", [alert("modified", "2024-11-05T10:00:00Z")], 92],
    [
      "new + removed: 100 − 4 − 15",
      [alert("new", "2024-12-02T08:30:00Z"), alert("removed", "2024-06-15T12:00:00Z")],
      81,
    ],
    ["the window's first month (2024-01) counts", [alert("removed", "2024-01-01T00:00:00Z")], 85],
    ["13 months back (2023-12) no longer counts", [alert("removed", "2023-12-31T23:59:59Z")], 100],
    ["an alert after the period does not count yet", [alert("modified", "2025-01-01T00:00:00Z")], 100],
    [
      "seven removed pages: 100 − 105 clamps at 0",
      Array.from({ length: 7 }, () => alert("removed", "2024-05-01T00:00:00Z")),
      0,
    ],
    // The month of an offset date-time is its UTC month.
    ["2024-01-01T02:00+02:00 is 2024-01-01T00:00Z, counts", [alert("removed", "2024-01-01T02:00:00+02:00")], 85],
    [
      "2024-01-01T01:00+02:00 is 2023-12-31T23:00Z, no longer counts",
      [alert("removed", "2024-01-01T01:00:00+02:00")],
      100,
    ],
  ])("period 2024-12, %s → %d", (_case, alerts, expected) => {
    expect(transparencyComponent(alerts, FULL, "2024-12")).toBe(expected);
  });
});

describe("transparencyComponent: publishing or updating a responsible-gambling page never lowers it (#27)", () => {
  it.each<Alert["change_type"]>(["new", "modified"])("a %s responsible-gambling page costs nothing", (change) => {
    const base = [alert("modified", "2024-10-01T00:00:00Z")];
    const withPage = [...base, alert(change, "2024-11-01T00:00:00Z", "responsible_gambling")];
    expect(transparencyComponent(base, FULL, "2024-12")).toBe(92);
    expect(transparencyComponent(withPage, FULL, "2024-12")).toBe(92);
  });

  it("removing one costs 15", () => {
    expect(
      transparencyComponent([alert("removed", "2024-11-01T00:00:00Z", "responsible_gambling")], FULL, "2024-12"),
    ).toBe(85);
  });
});

describe("transparencyComponent: normalised by how closely the brand is watched (#27)", () => {
  it("is unknown without a monitoring record", () => {
    expect(transparencyComponent([], undefined, "2024-12")).toBeNull();
  });

  it.each<[string, { since: string; pages: Alert["page_type"][] }, Alert[], number | null]>([
    // One page for 12 months: exposure 12 of 36 page-months, so each cost counts × 3: 100 − 8 × 3 = 76.
    [
      "terms only, all year, one modification",
      { since: "2023-01-01", pages: ["terms"] },
      [alert("modified", "2024-06-01T00:00:00Z")],
      76,
    ],
    // Two pages since 2024-07-15: months 2024-07 … 2024-12 = 6, exposure 12; costs 8 + 15 = 23 × 36 / 12 = 69 → 31.
    [
      "terms and withdrawal for 6 months, a modification and a removal",
      { since: "2024-07-15", pages: ["terms", "withdrawal"] },
      [alert("modified", "2024-08-01T00:00:00Z"), alert("removed", "2024-11-20T00:00:00Z", "withdrawal")],
      31,
    ],
    // Only watched pages count: the withdrawal alert is not on a watched page.
    [
      "an alert on a page not watched does not count",
      { since: "2023-01-01", pages: ["terms"] },
      [alert("removed", "2024-06-01T00:00:00Z", "withdrawal")],
      100,
    ],
    // Watched since 2024-11-01: 2 months in the window, fewer than 3 → unknown.
    ["watched for 2 months only: unknown", { since: "2024-11-01", pages: ["terms"] }, [], null],
    ["watched from after the period: unknown", { since: "2025-02-01", pages: ["terms"] }, [], null],
    // Since 2024-10-31: 2024-10 counts as a watched month (3 months); an alert of 2024-10-05 came before, not counted.
    [
      "an alert before since does not count",
      { since: "2024-10-31", pages: ["terms"] },
      [alert("removed", "2024-10-05T00:00:00Z")],
      100,
    ],
  ])("period 2024-12, %s → %s", (_case, monitoring, alerts, expected) => {
    expect(transparencyComponent(alerts, monitoring, "2024-12")).toBe(expected);
  });

  it("gives a big brand watched closely and a small one watched loosely the same score at the same rate", () => {
    // Big: 3 pages × 12 months, 6 modifications (one per 6 page-months). Small: 1 page × 6 months, 1 modification.
    const big = Array.from({ length: 6 }, (_, index) => alert("modified", `2024-0${index + 1}-10T00:00:00Z`));
    const small = [alert("modified", "2024-09-10T00:00:00Z")];
    // Big: 100 − 48 = 52. Small: 100 − 8 × 36 / 6 = 100 − 48 = 52.
    expect(transparencyComponent(big, FULL, "2024-12")).toBe(52);
    expect(transparencyComponent(small, { since: "2024-07-01", pages: ["terms"] }, "2024-12")).toBe(52);
  });
});
