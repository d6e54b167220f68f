/**
 * Validates located raw records against a resource's zod schema, and checks keys and references.
 * Every problem is collected; nothing stops at the first.
 * @module
 */
import type { z } from "zod";
import type { SeedProblem } from "../errors.ts";
import { issueMessage } from "./issue-message.ts";
import { didYouMean } from "./near-miss.ts";
import type { RawRecord } from "./read-result.ts";
import type { SeedResource } from "./seed-resources.ts";

/** A valid record and where it was read. */
export interface LocatedRecord {
  file: string;
  location: string;
  value: Record<string, unknown>;
}

/** Parses each record with the schema; invalid records become problems naming their field. */
export function validateRecords(
  file: string,
  records: RawRecord[],
  schema: z.ZodType,
): { valid: LocatedRecord[]; problems: SeedProblem[] } {
  const valid: LocatedRecord[] = [];
  const problems: SeedProblem[] = [];
  for (const record of records) {
    // reportInput: each issue carries the value it is about, echoed in the message (a trailing space in a slug).
    const result = schema.safeParse(record.value, { reportInput: true });
    if (result.success) {
      valid.push({ file, location: record.location, value: result.data as Record<string, unknown> });
      continue;
    }
    for (const issue of result.error.issues) {
      if (record.reported?.includes(String(issue.path[0]))) continue; // the reader already named this cell
      problems.push(...issueProblems(file, record.location, issue));
    }
  }
  return { valid, problems };
}

/** One problem per issue; zod reports several unrecognized keys as one issue on their parent, so name each key. */
function issueProblems(file: string, location: string, issue: z.core.$ZodIssue): SeedProblem[] {
  if (issue.code === "unrecognized_keys") {
    return issue.keys.map((key) => ({
      file,
      record: location,
      field: formatFieldPath([...issue.path, key]),
      message: `Unrecognized key ${JSON.stringify(key)}`,
    }));
  }
  return [{ file, record: location, field: formatFieldPath(issue.path), message: issueMessage(issue) }];
}

/** A field's path as the problems name it: `health.uptime_pct`, `markets[2]`. */
export function formatFieldPath(path: readonly PropertyKey[]): string | undefined {
  if (path.length === 0) return undefined;
  return path
    .map((part, i) => (typeof part === "number" ? `[${part}]` : `${i === 0 ? "" : "."}${String(part)}`))
    .join("");
}

/** The key of a record as one string, e.g. `gb|2025-01`. */
export function recordKey(value: Record<string, unknown>, fields: readonly string[]): string {
  return fields.map((field) => String(value[field])).join("|");
}

/** Reports every record whose key was already used, naming the first occurrence. */
export function findDuplicateKeys(resource: SeedResource, records: LocatedRecord[]): SeedProblem[] {
  const firstSeen = new Map<string, LocatedRecord>();
  const problems: SeedProblem[] = [];
  for (const record of records) {
    const key = recordKey(record.value, resource.key);
    const first = firstSeen.get(key);
    if (first === undefined) {
      firstSeen.set(key, record);
      continue;
    }
    problems.push({
      file: record.file,
      record: record.location,
      field: resource.key.join("+"),
      // In the same file the line is enough, and a copy of many rows groups into one problem (lines 12-40).
      message: `Duplicate key ${JSON.stringify(key)}, first seen at ${first.file === record.file ? first.location : `${first.file} › ${first.location}`}`,
    });
  }
  return problems;
}

/**
 * Reports every reference to a key that the referenced resource does not have. `keysOf` gives
 * undefined for a resource whose keys are unknown (a file of it could not be read): those go unchecked.
 */
export function findDanglingReferences(
  resource: SeedResource,
  records: LocatedRecord[],
  keysOf: (name: SeedResource["name"]) => ReadonlySet<string> | undefined,
): SeedProblem[] {
  const problems: SeedProblem[] = [];
  for (const reference of resource.references) {
    const known = keysOf(reference.resource);
    if (known === undefined) continue;
    for (const record of records) {
      const raw = record.value[reference.field];
      const values = reference.many ? (raw as unknown[]) : [raw];
      values.forEach((value, index) => {
        if (known.has(String(value))) return;
        problems.push({
          file: record.file,
          record: record.location,
          field: reference.many ? `${reference.field}[${index}]` : reference.field,
          message: `Unknown ${reference.resource} key ${JSON.stringify(value)}${didYouMean(String(value), known)}`,
        });
      });
    }
  }
  return problems;
}
