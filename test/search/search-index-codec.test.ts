import { describe, expect, it } from "vitest";
import { parseSearchIndex, SEARCH_INDEX_FORMAT, serializeSearchIndex } from "../../build/search/search-index-codec.ts";
import { buildSearchIndex } from "../../build/search/search-index.ts";
import { searchIndex } from "../../build/search/search-query.ts";
import { TINY_SETTINGS, tinyIndex } from "./tiny-corpus.ts";

describe("serializeSearchIndex / parseSearchIndex", () => {
  const index = tinyIndex();
  const text = serializeSearchIndex(index);

  it("round-trips every array and setting exactly", () => {
    const back = parseSearchIndex(text);
    expect(back.settings).toEqual(index.settings);
    expect(back.terms).toEqual(index.terms);
    expect([...back.ids]).toEqual([...index.ids]);
    expect([...back.offsets]).toEqual([...index.offsets]);
    expect([...back.docs]).toEqual([...index.docs]);
    expect([...back.impacts]).toEqual([...index.impacts]);
  });

  it("answers queries the same after loading", () => {
    const back = parseSearchIndex(text);
    for (const query of ["fox", "red fo", "s"]) expect(searchIndex(back, query)).toEqual(searchIndex(index, query));
  });

  it("writes the same bytes for the same documents, as compact JSON with a trailing newline", () => {
    expect(serializeSearchIndex(tinyIndex())).toBe(text);
    expect(text.endsWith("}\n")).toBe(true);
    expect(JSON.parse(text).format).toBe(SEARCH_INDEX_FORMAT);
  });

  it("round-trips an empty index", () => {
    const empty = buildSearchIndex([], TINY_SETTINGS);
    const back = parseSearchIndex(serializeSearchIndex(empty));
    expect(back.terms).toEqual([]);
    expect(back.offsets.length).toBe(1);
    expect(searchIndex(back, "fox").positions.length).toBe(0);
  });

  it.each([
    ["another format", (file: Record<string, unknown>) => ({ ...file, format: "search-index/0" })],
    ["a truncated posting array", (file: Record<string, unknown>) => ({ ...file, docs: String(file.docs).slice(0, 4) })],
    ["a missing term", (file: Record<string, unknown>) => ({ ...file, terms: String(file.terms).split("\n").slice(1).join("\n") })],
    ["offsets that do not end at the posting count", (file: Record<string, unknown>) => ({ ...file, posting_count: Number(file.posting_count) - 1 })],
  ])("refuses %s", (_, damage) => {
    expect(() => parseSearchIndex(JSON.stringify(damage(JSON.parse(text))))).toThrow();
  });
});
