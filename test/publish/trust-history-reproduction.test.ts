/**
 * The Trust Score history reproduced from the gzip NDJSON downloads alone, the way an outside analyst would
 * (#27): the formulas written out again from the methodology page, fed only by the files under /downloads/
 * and the snapshot date of datapackage.json (`created`).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, inject, it } from "vitest";

type Row = Record<string, any>;
type Files = Map<string, Row[]>;

/**
 * Every download of a build, as the NDJSON lines of its gzip file, and the snapshot date its data package
 * states: the files the global setup built (the committed sample and seeds-min), read as an analyst
 * downloads them rather than made again in this process.
 */
async function downloadsOf(dist: string): Promise<{ files: Files; snapshot: string }> {
  const downloads = path.join(dist, "downloads");
  const datapackage = JSON.parse(await readFile(path.join(downloads, "datapackage.json"), "utf8")) as {
    created: string;
    resources: { name: string; path: string }[];
  };
  const files: Files = new Map();
  for (const resource of datapackage.resources) {
    const text = gunzipSync(await readFile(path.join(downloads, resource.path))).toString("utf8");
    files.set(
      resource.name,
      text
        .split("\n")
        .filter((line) => line.length > 0)
        .map((line) => JSON.parse(line) as Row),
    );
  }
  return { files, snapshot: datapackage.created.slice(0, 10) };
}

// ---- The analyst's own code, from the methodology page ----
const WEIGHTS = {
  licensing: 0.25,
  reputation: 0.2,
  market_presence: 0.15,
  domain_health: 0.15,
  transparency: 0.15,
  payments: 0.1,
};
const COSTS: Row = {
  terms: { modified: 8, removed: 15, new: 4 },
  withdrawal: { modified: 8, removed: 15, new: 4 },
  responsible_gambling: { modified: 0, removed: 15, new: 0 },
};
const round1 = (value: number) => Math.round(Number((value * 10).toPrecision(12))) / 10;
const monthEnd = (period: string) =>
  new Date(Date.UTC(+period.slice(0, 4), +period.slice(5, 7), 0)).toISOString().slice(0, 10);
const monthIndex = (period: string) => +period.slice(0, 4) * 12 + +period.slice(5, 7);
const latest = <T extends Row>(rows: T[], dateField: string, date: string): T | undefined =>
  rows
    .filter((row) => row[dateField] <= date)
    .sort((a, b) => (a[dateField] < b[dateField] ? -1 : 1))
    .at(-1);

function reproduce(files: Files, snapshot: string, slug: string): Row[] {
  const all = (name: string) => files.get(name) ?? [];
  const brand = all("brands").find((row) => row.slug === slug)!;
  const tiers = new Map(all("regulators").map((row) => [row.code, row.tier]));
  const licenses = all("licenses").filter((row) => row.brand === slug);
  const primary = all("domains").find((row) => row.brand === slug && row.primary);
  // The record's undated values are observations at the snapshot (a check without date too); on a tie, the record.
  const reputations = [
    ...all("reputation-observations").filter((row) => row.brand === slug),
    ...(brand.reputation ? [{ ...brand.reputation, observed_at: snapshot, record: 1 }] : []),
  ];
  const payments = [
    ...all("payment-observations").filter((row) => row.brand === slug),
    {
      payment_methods: brand.payment_methods,
      withdrawal_days: brand.withdrawal_days,
      observed_at: snapshot,
      record: 1,
    },
  ];
  const checks = primary
    ? [
        ...all("domain-checks").filter((row) => row.domain === primary.domain),
        ...(primary.health
          ? [{ ...primary.health, checked_at: primary.health.checked_at ?? snapshot, record: 1 }]
          : []),
      ]
    : [];
  const watch = all("monitoring").find((row) => row.brand === slug);
  const alerts = all("tc-alerts").filter((row) => row.brand === slug);
  const volumes = new Map(
    all("demand")
      .filter((row) => row.brand === slug)
      .map((row) => [`${row.country}|${row.period}`, row.volume]),
  );
  const adis = all("index").filter((row) => row.brand === slug && row.metric === "adi");
  const periods = [...new Set(all("demand").map((row) => row.period as string))].sort();
  const tieLast = (rows: Row[], field: string, date: string) =>
    latest(
      rows.map((row) => ({ ...row, [field]: row[field] + (row.record ? "~" : "") })),
      field,
      `${date}~`,
    );

  let carried = new Map<string, { volume: number; adi: number }>();
  const presenceOf = (period: string): number[] | null => {
    const now = new Map<string, { volume: number; adi: number }>();
    for (const row of adis.filter((entry) => entry.period === period)) {
      const volume = volumes.get(`${row.country}|${period}`);
      const value = volume === null || row.value === null ? carried.get(row.country) : { volume, adi: row.value };
      if (value) now.set(row.country, value);
    }
    const tracked = adis.some((entry) => entry.period === period);
    carried = now;
    if (!tracked || now.size === 0) return null;
    return [...now.values()].filter((value) => value.volume > 0).map((value) => value.adi);
  };

  const score = (period: string, asOf: string, presence: number[] | null): Row => {
    const status = (license: Row) => {
      if (license.issued_at > asOf) return "not_issued";
      if (license.status !== "active" && (license.status_changed_at ?? snapshot) <= asOf) return license.status;
      if (license.expires_at !== null && license.expires_at <= asOf) return "expired";
      return "active";
    };
    const active = licenses.filter((license) => status(license) === "active");
    const penalties = licenses.filter((license) => ["suspended", "revoked"].includes(status(license))).length;
    const licensing =
      active.length === 0
        ? 0
        : Math.max(
            0,
            Math.min(
              100,
              ({ 1: 70, 2: 55, 3: 40 } as Row)[
                Math.min(...active.map((license) => tiers.get(license.regulator_code) ?? 3))
              ] +
                Math.min(30, 10 * (active.length - 1)) -
                15 * penalties,
            ),
          );
    const rep = tieLast(reputations, "observed_at", asOf);
    let reputation: number | null = null;
    if (rep && rep.review_rating !== null && rep.review_count !== null) {
      const ratingPart = (rep.review_rating / 5) * 100;
      const resolution =
        rep.complaints_total === null || rep.complaints_resolved === null
          ? null
          : rep.complaints_total > 0
            ? (Math.min(rep.complaints_resolved, rep.complaints_total) / rep.complaints_total) * 100
            : 100;
      const raw = resolution === null ? ratingPart : 0.7 * ratingPart + 0.3 * resolution;
      reputation = 50 + (raw - 50) * (Math.min(rep.review_count, 100) / 100);
    }
    const market_presence =
      presence === null
        ? null
        : presence.length === 0
          ? 0
          : (Math.min(presence.length, 10) / 10) * 50 + Math.max(...presence) / 2;
    const check = tieLast(checks, "checked_at", asOf);
    let domain_health: number | null = 0;
    if (primary) {
      const created = primary.whois?.created_at ?? null;
      if (!check || check.https === null || check.uptime_pct === null || created === null) domain_health = null;
      else
        domain_health =
          (check.https ? 30 : 0) +
          Math.max(0, Math.min(1, (check.uptime_pct - 95) / 5)) * 40 +
          Math.max(0, Math.min(1, Math.max(0, (Date.parse(asOf) - Date.parse(created)) / 86_400_000 / 365.25) / 10)) *
            30;
    }
    let transparency: number | null = null;
    if (watch) {
      const from = Math.max(monthIndex(period) - 11, monthIndex(watch.since.slice(0, 7)));
      const months = monthIndex(period) - from + 1;
      if (months >= 3) {
        const cost = alerts
          .filter(
            (alert) =>
              watch.pages.includes(alert.page_type) &&
              monthIndex(alert.detected_at.slice(0, 7)) >= from &&
              alert.detected_at.slice(0, 7) <= period &&
              alert.detected_at.slice(0, 10) >= watch.since,
          )
          .reduce((sum, alert) => sum + COSTS[alert.page_type][alert.change_type], 0);
        transparency = Math.max(0, Math.min(100, 100 - (cost * 36) / (watch.pages.length * months)));
      }
    }
    const pay = tieLast(payments, "observed_at", asOf);
    const payments_ =
      !pay || pay.payment_methods === null || pay.withdrawal_days === null
        ? null
        : (Math.min(pay.payment_methods.length, 10) / 10) * 70 +
          (pay.withdrawal_days <= 1 ? 30 : pay.withdrawal_days <= 3 ? 20 : pay.withdrawal_days <= 5 ? 10 : 0);
    const components: Row = {
      licensing,
      reputation,
      market_presence,
      domain_health,
      transparency,
      payments: payments_,
    };
    for (const name of Object.keys(components))
      if (components[name] !== null) components[name] = round1(components[name]);
    const known = (Object.keys(WEIGHTS) as (keyof typeof WEIGHTS)[]).filter((name) => components[name] !== null);
    const weight = known.reduce((sum, name) => sum + WEIGHTS[name], 0);
    const sum = known.reduce((total, name) => total + WEIGHTS[name] * components[name], 0);
    return { period, score: known.length === 0 ? null : round1(known.length === 6 ? sum : sum / weight), components };
  };
  return periods.map((period) =>
    score(period, monthEnd(period) < snapshot ? monthEnd(period) : snapshot, presenceOf(period)),
  );
}

const published = (files: Files, slug: string) =>
  (files.get("trust-history") ?? [])
    .filter((row) => row.brand === slug)
    .map(({ period, score, components }) => ({ period, score, components }));

describe("the Trust Score history, reproduced from the downloads alone (#27)", () => {
  it("seeds-min: every brand, every month", async () => {
    const { files, snapshot } = await downloadsOf(inject("seedsMinDist"));
    for (const brand of files.get("brands")!)
      expect(reproduce(files, snapshot, brand.slug)).toEqual(published(files, brand.slug));
  });

  describe("the committed sample", () => {
    let sample: { files: Files; snapshot: string };
    beforeAll(async () => {
      sample = await downloadsOf(inject("sampleDist"));
    });

    it("the methodology page's example brand, with every kind of dated input, and every 40th brand: all 24 months", () => {
      const { files, snapshot } = sample;
      const has = (name: string, field: string) => new Set(files.get(name)!.map((row) => row[field]));
      const [reputation, payments, watched] = [
        has("reputation-observations", "brand"),
        has("payment-observations", "brand"),
        has("monitoring", "brand"),
      ];
      const withDemand = has("demand", "brand");
      const slugs = files.get("brands")!.map((row) => row.slug as string);
      const example = slugs.find(
        (candidate) =>
          reputation.has(candidate) && payments.has(candidate) && watched.has(candidate) && withDemand.has(candidate),
      )!;
      for (const slug of [example, ...slugs.filter((_, index) => index % 40 === 0)]) {
        const history = published(files, slug);
        expect(history).toHaveLength(24);
        expect(reproduce(files, snapshot, slug), slug).toEqual(history);
      }
    });
  });
});
