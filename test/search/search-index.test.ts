import { describe, expect, it } from "vitest";
import { bm25fImpact, idf } from "../../build/search/search-index.ts";
import { TINY_IMPACTS, TINY_SETTINGS, tinyIndex } from "./tiny-corpus.ts";

describe("idf", () => {
  it.each([
    [3, 2, TINY_IMPACTS.idf],
    [3, 1, Math.log(1 + 2.5 / 1.5)],
    [10, 10, Math.log(1 + 0.5 / 10.5)],
  ])("of %i documents with the term in %i is %f", (count, frequency, expected) => {
    expect(idf(count, frequency)).toBeCloseTo(expected, 12);
  });

  it("is never negative, even for a term in every document", () => {
    expect(idf(5, 5)).toBeGreaterThan(0);
  });
});

describe("bm25fImpact", () => {
  it("weights and length-normalises each field before one saturation (hand-computed)", () => {
    expect(bm25fImpact(TINY_SETTINGS, TINY_IMPACTS.idf, [1, 1], [2, 3], [4 / 3, 7 / 3])).toBeCloseTo(
      TINY_IMPACTS.foxInFirst,
      12,
    );
    expect(bm25fImpact(TINY_SETTINGS, TINY_IMPACTS.idf, [0, 2], [1, 3], [4 / 3, 7 / 3])).toBeCloseTo(
      TINY_IMPACTS.redInSecond,
      12,
    );
  });

  it("is zero for a term the document does not have", () => {
    expect(bm25fImpact(TINY_SETTINGS, 1, [0, 0], [2, 3], [1, 1])).toBe(0);
  });
});

describe("buildSearchIndex", () => {
  const index = tinyIndex();

  it("keeps the document ids in the given order", () => {
    expect([...index.ids]).toEqual([10, 20, 30]);
  });

  it("has a sorted dictionary of folded terms", () => {
    expect(index.terms).toEqual(["blue", "fox", "jumps", "quiet", "red", "sky", "the"]);
  });

  it("stores each term's postings by ascending document position", () => {
    const postings = (term: string) => {
      const t = index.terms.indexOf(term);
      return [...index.docs.slice(index.offsets[t], index.offsets[t + 1])];
    };
    expect(postings("fox")).toEqual([0, 2]);
    expect(postings("red")).toEqual([0, 1]);
    expect(postings("sky")).toEqual([1]);
    expect(index.offsets[index.terms.length]).toBe(index.docs.length);
  });

  it("precomputes the BM25F impact of each posting (hand-computed, float32)", () => {
    const fox = index.offsets[index.terms.indexOf("fox")]!;
    const red = index.offsets[index.terms.indexOf("red")]!;
    expect(index.impacts[fox]).toBeCloseTo(TINY_IMPACTS.foxInFirst, 6);
    expect(index.impacts[fox + 1]).toBeCloseTo(TINY_IMPACTS.foxInThird, 6);
    expect(index.impacts[red]).toBeCloseTo(TINY_IMPACTS.redInFirst, 6);
    expect(index.impacts[red + 1]).toBeCloseTo(TINY_IMPACTS.redInSecond, 6);
  });
});
