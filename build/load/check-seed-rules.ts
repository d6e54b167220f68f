/**
 * Rules that span fields or records, beyond what one schema can say.
 * @module
 */
import { lastMonthOf } from "../shared/ggr-periods.ts";
import { checkGgrPeriodOverlaps } from "./check-ggr-periods.ts";
import { utcDateOf } from "../shared/utc-date.ts";
import type { SeedProblem } from "../errors.ts";
import type { LocatedRecord } from "./validate-records.ts";

type Records = Partial<Record<string, LocatedRecord[]>>;

/** The snapshot time and what set it (`meta.snapshot_at` or `--snapshot-at`), for the message that says what to raise. */
export interface SnapshotSetting {
  at: string;
  setBy: string;
}

/**
 * Checks the cross-field rules of the seed format; returns every violation. With the snapshot time
 * (absent when meta itself is invalid and no --snapshot-at was given), also that nothing is dated after it.
 */
export function checkSeedRules(records: Records, snapshot?: SnapshotSetting): SeedProblem[] {
  return [
    ...SEED_RULES.flatMap((rule) => rule.check(records[rule.resource] ?? [], records)),
    ...(snapshot === undefined ? [] : checkNothingAfterSnapshot(records, snapshot)),
  ];
}

/** A rule between the fields or records of one resource, in words for the seed reference and as its check. */
export interface SeedRule {
  resource: string;
  rule: string;
  /** Checks the resource's records; `all` holds every resource, for rules that look across two. */
  check: (records: LocatedRecord[], all: Records) => SeedProblem[];
}

/** Every cross-field and cross-record rule but the snapshot's (OBSERVED_FIELDS), in the order problems are listed. */
export const SEED_RULES: readonly SeedRule[] = [
  {
    resource: "licenses",
    rule: "`status_changed_at` is empty while `status` is active and not before `issued_at`; `expires_at` is not before `issued_at`. A non-active license without `status_changed_at` takes that status from its issue date, so it never counts as active for lack of a date",
    check: checkLicenseStatusDates,
  },
  {
    resource: "resumes",
    rule: "`contacts` is empty exactly when `contact_quality` is none",
    check: checkResumeContacts,
  },
  {
    resource: "domains",
    rule: "a brand with domains has exactly one `primary` domain",
    check: checkPrimaryDomains,
  },
  {
    resource: "brands",
    rule: "`reputation.complaints_resolved` is not more than `reputation.complaints_total`",
    check: checkComplaints,
  },
  { resource: "domains", rule: "`whois.expires_at` is not before `whois.created_at`", check: checkDomainDates },
  {
    resource: "groundTruth",
    rule: "one currency per country and regulator: a switch midway would read as a jump in revenue",
    check: checkOneCurrency,
  },
  {
    resource: "groundTruth",
    rule: "periods of one series (country, regulator, vertical) do not overlap: a quarter beside one of its months would count that month twice",
    check: checkGgrPeriodOverlaps,
  },
  {
    resource: "tcAlerts",
    rule: "an alert of a brand with a monitoring record is on a watched page and not before the record's `since`",
    check: (alerts, all) => checkMonitoredAlerts(all.monitoring ?? [], alerts),
  },
];

/**
 * Fields that record what was seen or counted, which cannot be later than the snapshot: a demand month
 * after it would become every brand's "current" month (and expire licenses in its Trust Score). How each
 * is compared: a month with the snapshot's UTC month, a date with its UTC date, a date-time as an instant.
 */
export const OBSERVED_FIELDS: readonly {
  resource: string;
  field: string;
  kind: "month" | "period" | "date" | "instant";
}[] = [
  { resource: "demand", field: "period", kind: "month" },
  { resource: "groundTruth", field: "period", kind: "period" },
  { resource: "lobby", field: "observed_at", kind: "date" },
  { resource: "licenses", field: "issued_at", kind: "date" },
  { resource: "domains", field: "whois.created_at", kind: "date" },
  { resource: "domains", field: "health.checked_at", kind: "date" },
  { resource: "tcAlerts", field: "detected_at", kind: "instant" },
  { resource: "reputationObservations", field: "observed_at", kind: "date" },
  { resource: "paymentObservations", field: "observed_at", kind: "date" },
  { resource: "domainChecks", field: "checked_at", kind: "date" },
  { resource: "monitoring", field: "since", kind: "date" },
  { resource: "resumes", field: "updated_at", kind: "instant" },
];

function checkNothingAfterSnapshot(records: Records, { at: snapshotAt, setBy }: SnapshotSetting): SeedProblem[] {
  const snapshotDate = utcDateOf(snapshotAt);
  const limits = { month: snapshotDate.slice(0, 7), date: snapshotDate, instant: Date.parse(snapshotAt) };
  const problems: SeedProblem[] = [];
  for (const { resource, field, kind } of OBSERVED_FIELDS) {
    for (const record of records[resource] ?? []) {
      const value = field
        .split(".")
        .reduce<unknown>((at, name) => (at as Record<string, unknown> | undefined)?.[name], record.value);
      if (typeof value !== "string") continue;
      // A reporting period (quarter, half-year, year) is after the snapshot when its last month is.
      const after =
        kind === "instant"
          ? Date.parse(value) > limits.instant
          : kind === "period"
            ? lastMonthOf(value) > limits.month
            : value > limits[kind];
      if (after)
        problems.push(
          problemAt(
            record,
            field,
            `${value} is after the snapshot (${setBy} ${snapshotAt}): seeds record what was seen by then (raise ${setBy} to a later time, or leave the record out)`,
          ),
        );
    }
  }
  return problems;
}

function checkComplaints(brands: LocatedRecord[]): SeedProblem[] {
  return brands.flatMap((record) => {
    const { complaints_total: total, complaints_resolved: resolved } = (record.value.reputation ?? {}) as {
      complaints_total?: number | null;
      complaints_resolved?: number | null;
    };
    return total != null && resolved != null && resolved > total
      ? [
          problemAt(
            record,
            "reputation.complaints_resolved",
            `Must not be more than complaints_total (${resolved} > ${total})`,
          ),
        ]
      : [];
  });
}

function checkDomainDates(domains: LocatedRecord[]): SeedProblem[] {
  return domains.flatMap((record) => {
    const { created_at: created, expires_at: expires } = (record.value.whois ?? {}) as {
      created_at?: string | null;
      expires_at?: string | null;
    };
    return created != null && expires != null && expires < created
      ? [problemAt(record, "whois.expires_at", `Must not be before whois.created_at (${created})`)]
      : [];
  });
}

/** A market's revenue series is in one currency: a switch midway would be read as a jump in revenue. */
function checkOneCurrency(rows: LocatedRecord[]): SeedProblem[] {
  const first = new Map<string, string>();
  const problems: SeedProblem[] = [];
  for (const record of rows) {
    const series = `${String(record.value.country)} ${String(record.value.regulator_code)}`;
    const currency = String(record.value.currency);
    const seen = first.get(series);
    if (seen === undefined) first.set(series, currency);
    else if (seen !== currency)
      problems.push(
        problemAt(
          record,
          "currency",
          `The ${series} series is in ${seen} elsewhere: one currency per country and regulator`,
        ),
      );
  }
  return problems;
}

/**
 * A monitored brand's alerts must come from what was watched: transparency divides them by the pages and
 * months of its monitoring record (#27), so an alert on an unwatched page or before `since` would be
 * counted against exposure that does not include it.
 */
function checkMonitoredAlerts(monitoring: LocatedRecord[], alerts: LocatedRecord[]): SeedProblem[] {
  const byBrand = new Map(monitoring.map((record) => [String(record.value.brand), record]));
  return alerts.flatMap((record) => {
    const watch = byBrand.get(String(record.value.brand));
    if (watch === undefined) return [];
    const { since, pages } = watch.value as { since: string; pages: string[] };
    const where = `${watch.file} ${watch.location}`;
    const page = String(record.value.page_type);
    if (!pages.includes(page))
      return [
        problemAt(
          record,
          "page_type",
          `The brand's monitoring record (${where}) does not watch ${page} pages: add it to its pages, or leave the alert out`,
        ),
      ];
    const detected = String(record.value.detected_at);
    return utcDateOf(detected) < since
      ? [
          problemAt(
            record,
            "detected_at",
            `Before the brand's monitoring started (since ${since}, ${where}): move since back, or leave the alert out`,
          ),
        ]
      : [];
  });
}

function problemAt(record: LocatedRecord, field: string, message: string): SeedProblem {
  return { file: record.file, record: record.location, field, message };
}

function checkLicenseStatusDates(licenses: LocatedRecord[]): SeedProblem[] {
  const problems: SeedProblem[] = [];
  for (const record of licenses) {
    const { status, status_changed_at: changedAt, issued_at: issuedAt } = record.value as Record<string, string | null>;
    if (status === "active" && changedAt !== null)
      problems.push(problemAt(record, "status_changed_at", "Must be empty while the status is active"));
    // A non-active status without its date is allowed (register exports often lack it): licenseStatusOn applies it from issue.
    if (changedAt && issuedAt && changedAt < issuedAt)
      problems.push(problemAt(record, "status_changed_at", "Must not be before issued_at"));
    const expiresAt = record.value.expires_at as string | null;
    if (expiresAt && issuedAt && expiresAt < issuedAt)
      problems.push(problemAt(record, "expires_at", `Must not be before issued_at (${issuedAt})`));
  }
  return problems;
}

function checkResumeContacts(resumes: LocatedRecord[]): SeedProblem[] {
  const problems: SeedProblem[] = [];
  for (const record of resumes) {
    const hasContacts = Object.keys(record.value.contacts as object).length > 0;
    const quality = record.value.contact_quality;
    if (quality === "none" && hasContacts)
      problems.push(problemAt(record, "contacts", "Must be empty when contact_quality is none"));
    if (quality !== "none" && !hasContacts)
      problems.push(problemAt(record, "contacts", `Required when contact_quality is ${String(quality)}`));
  }
  return problems;
}

function checkPrimaryDomains(domains: LocatedRecord[]): SeedProblem[] {
  const primaries = new Map<string, LocatedRecord[]>();
  for (const record of domains) {
    const brand = String(record.value.brand);
    if (!primaries.has(brand)) primaries.set(brand, []);
    if (record.value.primary === true) primaries.get(brand)?.push(record);
  }
  const problems: SeedProblem[] = [];
  for (const [brand, list] of primaries) {
    const first = domains.find((record) => record.value.brand === brand);
    if (list.length === 0 && first)
      problems.push(problemAt(first, "primary", `Brand ${brand} has domains but none is primary`));
    for (const extra of list.slice(1))
      problems.push(problemAt(extra, "primary", `Brand ${brand} has more than one primary domain`));
  }
  return problems;
}
