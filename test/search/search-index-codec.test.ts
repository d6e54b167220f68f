import { describe, expect, it } from "vitest";
import { parseSearchIndex, SEARCH_INDEX_FORMAT, serializeSearchIndex } from "../../build/search/search-index-codec.ts";
import { buildSearchIndex } from "../../build/search/search-index.ts";
import { searchIndex } from "../../build/search/search-query.ts";
import { TINY_SETTINGS, tinyIndex } from "./tiny-corpus.ts";

/** The offsets array (base64 of little-endian uint32) with its last entry one higher. */
function lastOffsetPlusOne(base64: string): string {
  const bytes = Buffer.from(base64, "base64");
  bytes.writeUInt32LE(bytes.readUInt32LE(bytes.length - 4) + 1, bytes.length - 4);
  return bytes.toString("base64");
}

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
    [
      "a truncated posting array",
      (file: Record<string, unknown>) => ({ ...file, docs: String(file.docs).slice(0, 4) }),
    ],
    [
      "a missing term",
      (file: Record<string, unknown>) => ({ ...file, terms: String(file.terms).split("\n").slice(1).join("\n") }),
    ],
    [
      "offsets that do not end at the posting count",
      (file: Record<string, unknown>) => ({ ...file, posting_count: Number(file.posting_count) - 1 }),
    ],
    [
      "a posting array with bytes to spare",
      (file: Record<string, unknown>) => ({
        ...file,
        docs: Buffer.concat([Buffer.from(String(file.docs), "base64"), Buffer.alloc(4)]).toString("base64"),
      }),
    ],
    [
      "a last offset past the postings, with every array of the right length",
      (file: Record<string, unknown>) => ({ ...file, offsets: lastOffsetPlusOne(String(file.offsets)) }),
    ],
    [
      "a length normalisation b over 1",
      (file: Record<string, unknown>) => ({ ...file, settings: { ...(file.settings as object), b: 1.5 } }),
    ],
  ])("refuses %s", (_, damage) => {
    expect(() => parseSearchIndex(JSON.stringify(damage(JSON.parse(text))))).toThrow();
  });
});
