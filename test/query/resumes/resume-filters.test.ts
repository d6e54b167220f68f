import { describe, expect, it } from "vitest";
import type { Dataset } from "../../../build/compute/dataset.ts";
import type { EngineContext } from "../../../build/query/endpoint.ts";
import { resumesEndpoint } from "../../../build/query/resumes/resumes.ts";
import { resolveForEndpoint, runResolved } from "../../../build/query/run-query.ts";
import { makeResume } from "./make-resume.ts";

// Times finer than a millisecond, as a database export with microseconds writes them: Date.parse
// reads only the milliseconds, so 1, 2 and 3 fall in the same one and differ only past it.
const RESUMES = [
  makeResume({ id: 1, updated_at: "2025-01-01T00:00:00.000900Z" }),
  makeResume({ id: 2, updated_at: "2025-01-01T00:00:00.0005Z" }),
  makeResume({ id: 3, updated_at: "2025-01-01T03:00:00+03:00" }),
  makeResume({ id: 4, updated_at: "2025-01-01T00:00:00.001Z" }),
  makeResume({ id: 5, updated_at: "2024-12-31T23:59:59.999Z" }),
];
const meta = { source: "s", license: "l", attribution: "https://example.com/", name: "n", description: "d" };
const context = {
  dataset: {
    resumes: RESUMES,
    meta: { snapshot_at: "2025-02-01T00:00:00Z", resumes: meta, dataset: meta },
  } as unknown as Dataset,
} as EngineContext;

function listIds(query: string): number[] {
  const pairs = [...new URLSearchParams(query)];
  const result = runResolved(context, resolveForEndpoint(resumesEndpoint, {}, pairs));
  if (result.kind !== "json") throw new Error("expected JSON");
  return (result.body as { data: { id: number }[] }).data.map((item) => item.id);
}

describe("since and until with times finer than a millisecond", () => {
  it.each<[string, number[]]>([
    // At or after 00:00:00.0005: 2 (exactly), 1 (.0009) and 4 (.001); not 3 (.0000).
    ["since=2025-01-01T00:00:00.0005Z", [4, 1, 2]],
    ["until=2025-01-01T00:00:00.0005Z", [3, 5]],
    ["since=2025-01-01T00:00:00.0009Z", [4, 1]],
    ["since=2025-01-01T00:00:00.00090001Z", [4]],
    ["since=2025-01-01T00:00:00.0001Z&until=2025-01-01T00:00:00.00091Z", [1, 2]],
    ["since=2025-01-01T03:00:00.0005%2B03:00&until=2025-01-01T00:00:00.0009Z", [2]],
    // A whole millisecond still reads as before.
    ["since=2025-01-01T00:00:00Z&until=2025-01-01T00:00:00.001Z", [1, 2, 3]],
  ])("%s keeps %j", (query, expected) => {
    expect(listIds(query)).toEqual(expected);
  });

  it("sorts by the exact instant, not by its millisecond", () => {
    expect(listIds("")).toEqual([4, 1, 2, 3, 5]);
    expect(listIds("order=asc")).toEqual([5, 3, 2, 1, 4]);
  });
});
