/**
 * `expect(actual, label).toEqual(expected)`, quicker on large plain data (issue 29): vitest's deep equality
 * takes seconds on the sample's downloads (100,000 rows and more). A plain walk that is stricter than
 * toEqual (plain objects with the same keys, arrays of the same length, Object.is on everything else)
 * accepts equal JSON-like values at once; whatever it does not accept goes to toEqual, which decides and
 * explains the difference. So the check is exactly toEqual's.
 */
import { expect } from "vitest";

export function expectToEqual(actual: unknown, expected: unknown, label?: string): void {
  if (plainlyEqual(actual, expected)) return;
  expect(actual, label).toEqual(expected);
}

/**
 * `expect(actual, label).toBe(expected)`, made only when Object.is fails: the same check and message,
 * without an expect's cost per comparison in loops over thousands of requests (issue 29).
 */
export function expectToBe(actual: unknown, expected: unknown, label?: string): void {
  if (Object.is(actual, expected)) return;
  expect(actual, label).toBe(expected);
}

/** True only where toEqual would be true too: never looser, sometimes stricter (key order aside). */
export function plainlyEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    // No holes and no properties beside the items, on either side.
    if (!Array.isArray(b) || a.length !== b.length || !onlyItems(a) || !onlyItems(b)) return false;
    for (let i = 0; i < a.length; i += 1) if (!plainlyEqual(a[i], b[i])) return false;
    return true;
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) if (!Object.hasOwn(b, key) || !plainlyEqual(a[key], b[key])) return false;
  return true;
}

function onlyItems(array: unknown[]): boolean {
  return Object.keys(array).length === array.length && Object.getOwnPropertySymbols(array).length === 0;
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const prototype = Object.getPrototypeOf(value);
  return (
    (prototype === Object.prototype || prototype === null) &&
    !Array.isArray(value) &&
    Object.getOwnPropertySymbols(value).length === 0
  );
}
