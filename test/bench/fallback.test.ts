/**
 * The json-server comparisons ask both servers the same question: same filters, same page size (our
 * default, 50), same order. The pages themselves are compared live by the bench (assertSamePages).
 */
import { describe, expect, it } from "vitest";
import { ENDPOINTS } from "../../build/query/endpoints.ts";
import { fallbackCases, pageKeys } from "../../scripts/bench/http-figures.ts";

const params = (url: string) => new URLSearchParams(url.slice(url.indexOf("?") + 1));

describe("fallbackCases", () => {
  const cases = fallbackCases();

  it("pairs each of our URLs with one json-server URL of the same page size and page", () => {
    for (const test of cases) {
      expect(test.reference).toHaveLength(test.ours.length);
      for (const [i, ours] of test.ours.entries()) {
        const theirs = params(test.reference[i]!);
        expect(theirs.get("_limit")).toBe("50");
        expect(theirs.get("_page")).toBe(params(ours).get("page") ?? "1");
        expect(params(ours).get("per_page")).toBeNull();
      }
    }
    // 50 is our default page size for both lists.
    for (const id of ["dataset.brands", "resumes.list"]) {
      const perPage = ENDPOINTS.find((endpoint) => endpoint.id === id)?.params.find((spec) => spec.name === "per_page");
      expect(perPage !== undefined && "default" in perPage ? perPage.default : undefined, id).toBe(50);
    }
  });

  it("filters resumes on the same fields and sorts them by date, newest first, as ours does by default", () => {
    const filtered = cases.find((test) => test.name.startsWith("filtered page of resumes"))!;
    expect(filtered).toMatchObject({ live: true, samePage: true });
    for (const [i, ours] of filtered.ours.entries()) {
      const theirs = params(filtered.reference[i]!);
      expect(theirs.get("role")).toBe(params(ours).get("role"));
      expect(theirs.get("seniority")).toBe(params(ours).get("seniority"));
      expect([theirs.get("_sort"), theirs.get("_order")]).toEqual(["updated_at", "desc"]);
    }
  });

  it("searches the full records with the same words, sorted by date", () => {
    const search = cases.find((test) => test.name.startsWith("full-text q"))!;
    expect(search.samePage).toBe(false);
    for (const [i, ours] of search.ours.entries()) {
      const theirs = params(search.reference[i]!);
      expect(search.reference[i]!.startsWith("/resumes?")).toBe(true);
      expect(theirs.get("q")).toBe(params(ours).get("q"));
      expect([theirs.get("_sort"), theirs.get("_order")]).toEqual(["updated_at", "desc"]);
    }
  });
});

describe("pageKeys", () => {
  it("reads ids or slugs from our envelope and from json-server's bare array, in order", () => {
    expect(pageKeys({ meta: {}, data: [{ id: 3 }, { id: 1 }] })).toEqual(["3", "1"]);
    expect(pageKeys([{ slug: "b" }, { slug: "a" }])).toEqual(["b", "a"]);
    expect(() => pageKeys({ error: "x" })).toThrow(/not a list/);
  });
});
