import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatSeedProblem, SeedValidationError } from "../../build/errors.ts";
import { loadSeeds } from "../../build/load/load-seeds.ts";
import { copySeeds } from "../fixtures/seeds-invalid.ts";

/** Loads the minimal fixture with a synonyms file of this text (none when undefined). */
async function loadWithSynonyms(text: string | undefined) {
  const copy = await copySeeds();
  try {
    if (text !== undefined) {
      await mkdir(path.join(copy.dir, "search-synonyms"));
      await writeFile(path.join(copy.dir, "search-synonyms", "synonyms.json"), text);
    }
    return { label: copy.dir, result: await loadSeeds(copy.dir).catch((error: unknown) => error) };
  } finally {
    await copy.cleanup();
  }
}

describe("the search-synonyms seed folder (issue 33)", () => {
  it("is optional: without it there are no synonyms", async () => {
    const { result } = await loadWithSynonyms(undefined);
    expect((result as Awaited<ReturnType<typeof loadSeeds>>).seeds.searchSynonyms).toEqual([]);
  });

  it("loads groups of phrases", async () => {
    const { result } = await loadWithSynonyms(JSON.stringify([{ phrases: ["медиабайер", "media buyer"] }]));
    expect((result as Awaited<ReturnType<typeof loadSeeds>>).seeds.searchSynonyms).toEqual([
      { phrases: ["медиабайер", "media buyer"] },
    ]);
  });

  it("names the file, record and field of each bad group", async () => {
    const groups = [
      { phrases: ["seo"] },
      { phrases: ["SEO", "seo"] },
      { phrases: ["тимлид", "--"] },
      { words: ["a", "b"] },
    ];
    const { label, result } = await loadWithSynonyms(JSON.stringify(groups));
    expect(result).toBeInstanceOf(SeedValidationError);
    const lines = (result as SeedValidationError).problems.map(formatSeedProblem);
    const file = `${label}/search-synonyms/synonyms.json`;
    expect(lines).toEqual([
      `${file} › record 0 › phrases: Expected at least two words or phrases that mean the same`,
      `${file} › record 1 › phrases: Lists the same phrase more than once (case and accents aside)`,
      `${file} › record 2 › phrases[1]: Expected a word or phrase with a letter or digit, got "--"`,
      expect.stringMatching(new RegExp(`^${file} › record 3`)),
      expect.stringMatching(new RegExp(`^${file} › record 3`)),
    ]);
  });
});
