import { describe, expect, it } from "vitest";
import { ALL_FORMS, EXACT_FORMS, type MatchForms } from "../../build/search/word-matches.ts";
import { sampleContext } from "../helpers/sample-host.ts";
import { gainOf, LABELLED_QUERIES, measureQuality, ndcgAt, rankedIds, recallAt } from "./labelled-queries.ts";

async function ranker(forms: MatchForms): Promise<(q: string) => number[]> {
  const { context } = await sampleContext();
  return (q) => rankedIds(context.resumeSearch!, q, forms);
}

describe("recallAt and ndcgAt", () => {
  const gains = new Map([
    [1, 2],
    [2, 0],
    [3, 1],
    [4, 0],
  ]);
  it("count the relevant found in the first k, over at most k", () => {
    expect(recallAt([1, 2, 3, 4], gains, 2)).toBe(1 / 2); // 1 of min(2 relevant, 2)
    expect(recallAt([3, 1], gains, 50)).toBe(1);
    expect(recallAt([2, 4], gains, 50)).toBe(0);
  });

  it("discount each gain by log2(rank + 1), over the ideal order", () => {
    // Ideal: 2, 1 → 2 + 1 / log2 3 = 2.6309; ranked 3, 1: 1 + 2 / log2 3 = 2.2619.
    expect(ndcgAt([3, 1], gains, 10)).toBeCloseTo((1 + 2 / Math.log2(3)) / (2 + 1 / Math.log2(3)), 12);
    expect(ndcgAt([1, 3], gains, 10)).toBe(1);
    expect(ndcgAt([2, 4, 1], gains, 10)).toBeCloseTo(2 / 2 / (2 + 1 / Math.log2(3)), 12);
  });
});

describe("the labelled query set of the sample (issue 33)", () => {
  it("has at least 40 queries of every kind, each with relevant resumes", async () => {
    const { context } = await sampleContext();
    expect(LABELLED_QUERIES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(LABELLED_QUERIES.map((query) => query.kind))).toEqual(
      new Set(["inflected", "plural", "typo", "synonym"]),
    );
    for (const query of LABELLED_QUERIES)
      expect(
        context.dataset.resumes.some((resume) => gainOf(resume, query) > 0),
        query.q,
      ).toBe(true);
  });

  it("is answered better by word forms than by words as written (today's matcher), measured in one run", async () => {
    const { context } = await sampleContext();
    const exact = measureQuality(context.dataset.resumes, await ranker(EXACT_FORMS));
    const forms = measureQuality(context.dataset.resumes, await ranker(ALL_FORMS));
    expect(forms.recall50).toBeGreaterThan(exact.recall50);
    expect(forms.ndcg10).toBeGreaterThan(exact.ndcg10);
    // No query loses recall: forms only widen a search.
    forms.perQuery.forEach((row, i) => expect(row.recall50, row.q).toBeGreaterThanOrEqual(exact.perQuery[i]!.recall50));
    expect(forms.recall50).toBeGreaterThan(0.95); // 0.998 when written; 0.381 as written only
  });
});
