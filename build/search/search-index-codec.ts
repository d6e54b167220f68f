/**
 * The index on disk (`dist/_engine/resume-search.json`): JSON with the numeric arrays as base64 of their
 * little-endian bytes and the terms as one newline-joined string, so the host decodes it in a few
 * milliseconds instead of re-indexing. Same index, same bytes. Format 2 adds the stem dictionary and the
 * synonym groups (issue 33).
 * @module
 */
import { z } from "zod";
import type { SearchIndex } from "./search-index.ts";

/** Bumped whenever the layout or the scoring changes, so a stale file is refused, not misread. */
export const SEARCH_INDEX_FORMAT = "search-index/2";

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

const fileSchema = z.strictObject({
  format: z.literal(SEARCH_INDEX_FORMAT),
  settings: z.strictObject({
    fields: z.array(z.strictObject({ name: z.string(), weight: z.number().positive() })).min(1),
    k1: z.number().positive(),
    b: z.number().min(0).max(1),
  }),
  document_count: z.int().min(0),
  term_count: z.int().min(0),
  posting_count: z.int().min(0),
  ids: z.string(),
  terms: z.string(),
  offsets: z.string(),
  docs: z.string(),
  impacts: z.string(),
  stem_count: z.int().min(0),
  stem_term_count: z.int().min(0),
  stem_keys: z.string(),
  stem_offsets: z.string(),
  stem_terms: z.string(),
  synonyms: z.array(z.array(z.string()).min(2)),
});

function encode(array: Uint32Array | Float32Array): string {
  const bytes = Buffer.from(array.buffer, array.byteOffset, array.byteLength);
  if (LITTLE_ENDIAN) return bytes.toString("base64");
  const copy = Buffer.from(bytes);
  copy.swap32();
  return copy.toString("base64");
}

function decodeBytes(text: string, count: number, what: string): Uint8Array {
  const bytes = Buffer.from(text, "base64");
  if (bytes.length !== count * 4)
    throw new Error(`Search index: ${what} has ${bytes.length} bytes, expected ${count * 4}.`);
  if (!LITTLE_ENDIAN) bytes.swap32();
  // Copied into a fresh, aligned buffer: Buffer.from may hand out a slice of a shared pool.
  return new Uint8Array(bytes);
}

/** Writes the index as its JSON file text (trailing newline). */
export function serializeSearchIndex(index: SearchIndex): string {
  const file: z.infer<typeof fileSchema> = {
    format: SEARCH_INDEX_FORMAT,
    settings: {
      fields: index.settings.fields.map(({ name, weight }) => ({ name, weight })),
      k1: index.settings.k1,
      b: index.settings.b,
    },
    document_count: index.ids.length,
    term_count: index.terms.length,
    posting_count: index.docs.length,
    ids: encode(index.ids),
    terms: index.terms.join("\n"),
    offsets: encode(index.offsets),
    docs: encode(index.docs),
    impacts: encode(index.impacts),
    stem_count: index.stems.keys.length,
    stem_term_count: index.stems.terms.length,
    stem_keys: index.stems.keys.join("\n"),
    stem_offsets: encode(index.stems.offsets),
    stem_terms: encode(index.stems.terms),
    synonyms: index.synonyms,
  };
  return `${JSON.stringify(file)}\n`;
}

/** Reads an index from its JSON file text; throws when the text is not a complete index of this format. */
export function parseSearchIndex(text: string): SearchIndex {
  const file = fileSchema.parse(JSON.parse(text));
  const terms = file.term_count === 0 ? [] : file.terms.split("\n");
  if (terms.length !== file.term_count)
    throw new Error(`Search index: ${terms.length} terms, expected ${file.term_count}.`);
  const offsets = new Uint32Array(decodeBytes(file.offsets, file.term_count + 1, "offsets").buffer);
  if (offsets[file.term_count] !== file.posting_count)
    throw new Error("Search index: the offsets do not end at the posting count.");
  const stemKeys = file.stem_count === 0 ? [] : file.stem_keys.split("\n");
  if (stemKeys.length !== file.stem_count)
    throw new Error(`Search index: ${stemKeys.length} stems, expected ${file.stem_count}.`);
  const stemOffsets = new Uint32Array(decodeBytes(file.stem_offsets, file.stem_count + 1, "stem offsets").buffer);
  if (stemOffsets[file.stem_count] !== file.stem_term_count)
    throw new Error("Search index: the stem offsets do not end at the stem term count.");
  const stemTerms = new Uint32Array(decodeBytes(file.stem_terms, file.stem_term_count, "stem terms").buffer);
  if (stemTerms.some((t) => t >= file.term_count))
    throw new Error("Search index: a stem names a term the index does not have.");
  return {
    settings: file.settings,
    ids: new Uint32Array(decodeBytes(file.ids, file.document_count, "ids").buffer),
    terms,
    offsets,
    docs: new Uint32Array(decodeBytes(file.docs, file.posting_count, "docs").buffer),
    impacts: new Float32Array(decodeBytes(file.impacts, file.posting_count, "impacts").buffer),
    stems: { keys: stemKeys, offsets: stemOffsets, terms: stemTerms },
    synonyms: file.synonyms,
  };
}
