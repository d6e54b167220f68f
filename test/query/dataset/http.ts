/**
 * Helpers for the dataset endpoint tests: JSON over HTTP from the sample host, and error-case tables.
 */
import { expect } from "vitest";
import type { SampleHost } from "../../helpers/sample-host.ts";

export const BASE = "/api/dataset/v1";

/** A decoded answer; bodies are loosely typed on purpose, since the tests check their shape. */
export interface JsonAnswer {
  status: number;
  headers: Headers;
  body: any;
}

/** GETs a path under the dataset base and decodes the JSON body. */
export async function getJson(host: SampleHost, path: string): Promise<JsonAnswer> {
  const response = await host.get(`${BASE}${path}`);
  return { status: response.status, headers: response.headers, body: await response.json() };
}

/** Asserts a contract error: status, code, and (when given) the parameter named in details. */
export async function expectError(
  host: SampleHost,
  path: string,
  status: number,
  code: string,
  parameter?: string,
): Promise<JsonAnswer> {
  const answer = await getJson(host, path);
  expect(answer.status, path).toBe(status);
  expect(answer.body.error, path).toBe(code);
  expect(answer.body.status).toBe(status);
  expect(typeof answer.body.message).toBe("string");
  if (parameter !== undefined) expect(answer.body.details?.parameter).toBe(parameter);
  expect(answer.headers.get("cache-control")).toBe("no-store");
  return answer;
}

/** Fetches every page of a paginated list (per_page 100) and returns all items. */
export async function allPages(host: SampleHost, path: string): Promise<unknown[]> {
  const separator = path.includes("?") ? "&" : "?";
  const first = await getJson(host, `${path}${separator}per_page=100`);
  const items: unknown[] = [...first.body.data];
  for (let page = 2; page <= first.body.meta.pages; page += 1)
    items.push(...(await getJson(host, `${path}${separator}per_page=100&page=${page}`)).body.data);
  return items;
}

/** True when the list is ordered by `compare` (each pair in order). */
export function isOrdered<T>(items: readonly T[], compare: (a: T, b: T) => number): boolean {
  return items.every((item, i) => i === 0 || compare(items[i - 1]!, item) <= 0);
}
