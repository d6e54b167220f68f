import { describe, expect, it } from "vitest";
import type { EngineContext } from "../../build/query/endpoint.ts";
import { baseMeta, envelope, paginate } from "../../build/query/envelope.ts";

const context = {
  dataset: {
    meta: {
      snapshot_at: "2025-01-01T00:00:00Z",
      dataset: { source: "Dataset source", license: "CC BY 4.0", attribution: "https://data.example.com/" },
      resumes: { source: "Resume source", license: "CC BY 4.0", attribution: "https://data.example.com/resume/" },
    },
  },
} as unknown as EngineContext;

describe("envelope", () => {
  it("starts meta with source, license, attribution and generated_at of the service, then extras, then pagination", () => {
    const body = envelope(context, "dataset", [1, 2], { sort: "name" }, { page: 1, per_page: 2, total: 3, pages: 2 });
    expect(body).toEqual({
      meta: {
        source: "Dataset source",
        license: "CC BY 4.0",
        attribution: "https://data.example.com/",
        generated_at: "2025-01-01T00:00:00Z",
        sort: "name",
        page: 1,
        per_page: 2,
        total: 3,
        pages: 2,
      },
      data: [1, 2],
    });
    expect(Object.keys(body.meta)).toEqual([
      "source",
      "license",
      "attribution",
      "generated_at",
      "sort",
      "page",
      "per_page",
      "total",
      "pages",
    ]);
  });

  it("uses the resume service's own source and attribution", () => {
    expect(baseMeta(context, "resumes")).toEqual({
      source: "Resume source",
      license: "CC BY 4.0",
      attribution: "https://data.example.com/resume/",
      generated_at: "2025-01-01T00:00:00Z",
    });
  });
});

describe("paginate", () => {
  const items = ["a", "b", "c", "d", "e"];
  it.each<[number, number, string[], number]>([
    [1, 2, ["a", "b"], 3],
    [3, 2, ["e"], 3], // ceil(5 / 2)
    [4, 2, [], 3], // past the end: empty, still 200
    [1, 5, items, 1],
    [1, 100, items, 1],
  ])("page %d of %d per page", (page, perPage, expected, pages) => {
    expect(paginate(items, page, perPage)).toEqual({
      items: expected,
      pagination: { page, per_page: perPage, total: 5, pages },
    });
  });

  it("has 0 pages when nothing matches", () => {
    expect(paginate([], 1, 50).pagination).toEqual({ page: 1, per_page: 50, total: 0, pages: 0 });
  });
});
