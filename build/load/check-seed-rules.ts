/**
 * Rules that span fields or records, beyond what one schema can say.
 * @module
 */
import type { SeedProblem } from "../errors.ts";
import type { LocatedRecord } from "./validate-records.ts";

type Records = Partial<Record<string, LocatedRecord[]>>;

/** Checks the cross-field rules of the seed format; returns every violation. */
export function checkSeedRules(records: Records): SeedProblem[] {
  return [...checkLicenseStatusDates(records.licenses ?? []), ...checkResumeContacts(records.resumes ?? []), ...checkPrimaryDomains(records.domains ?? [])];
}

function problemAt(record: LocatedRecord, field: string, message: string): SeedProblem {
  return { file: record.file, record: record.location, field, message };
}

function checkLicenseStatusDates(licenses: LocatedRecord[]): SeedProblem[] {
  const problems: SeedProblem[] = [];
  for (const record of licenses) {
    const { status, status_changed_at: changedAt, issued_at: issuedAt } = record.value as Record<string, string | null>;
    if (status === "active" && changedAt !== null) problems.push(problemAt(record, "status_changed_at", "Must be empty while the status is active"));
    if (status !== "active" && changedAt === null) problems.push(problemAt(record, "status_changed_at", `Required when the status is ${status}`));
    if (changedAt && issuedAt && changedAt < issuedAt) problems.push(problemAt(record, "status_changed_at", "Must not be before issued_at"));
  }
  return problems;
}

function checkResumeContacts(resumes: LocatedRecord[]): SeedProblem[] {
  const problems: SeedProblem[] = [];
  for (const record of resumes) {
    const hasContacts = Object.keys(record.value.contacts as object).length > 0;
    const quality = record.value.contact_quality;
    if (quality === "none" && hasContacts) problems.push(problemAt(record, "contacts", "Must be empty when contact_quality is none"));
    if (quality !== "none" && !hasContacts) problems.push(problemAt(record, "contacts", `Required when contact_quality is ${String(quality)}`));
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
    if (list.length === 0 && first) problems.push(problemAt(first, "primary", `Brand ${brand} has domains but none is primary`));
    for (const extra of list.slice(1)) problems.push(problemAt(extra, "primary", `Brand ${brand} has more than one primary domain`));
  }
  return problems;
}
