import path from "node:path";
import { describe, expect, it } from "vitest";
import { SeedValidationError } from "../../build/errors.ts";
import { loadSeeds } from "../../build/load/load-seeds.ts";
import { copySeeds, type SeedMutation } from "../fixtures/seeds-invalid.ts";

/** The error of loading a broken copy of seeds-min from the folder as `given` names it. */
async function loadError(
  mutations: SeedMutation[],
  given: (dir: string) => string = (dir) => dir,
): Promise<{ error: SeedValidationError; dir: string }> {
  const copy = await copySeeds(mutations);
  try {
    const error = await loadSeeds(given(copy.dir)).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    if (!(error instanceof SeedValidationError))
      throw new Error(`expected a SeedValidationError, got ${String(error)}`);
    return { error, dir: copy.dir };
  } finally {
    await copy.cleanup();
  }
}

const withoutStatus: SeedMutation = {
  file: "brands/brands.ndjson",
  change: (text) => text.replaceAll(/"status":"\w+",/g, ""),
};

describe("seed problems as a publisher reads them (issue 26)", () => {
  it("names files from the seeds folder as it was given, relative and with a trailing slash", async () => {
    const { error, dir } = await loadError([withoutStatus], (folder) => `${path.relative(process.cwd(), folder)}/`);
    const given = path.relative(process.cwd(), dir);
    expect(error.problems[0]?.file).toBe(`${given}/brands/brands.ndjson`);
    expect(error.message).toContain(`  - ${given}/brands/brands.ndjson › `);
  });

  it("says a problem found on every line of a file once, with the lines, and counts each", async () => {
    const { error, dir } = await loadError([withoutStatus]);
    const lines = error.message.split("\n");
    expect(lines[0]).toBe(`The seeds have ${error.problems.length} problem(s):`);
    expect(error.problems.length).toBeGreaterThanOrEqual(3);
    expect(lines).toContain(
      `  - ${dir}/brands/brands.ndjson › lines 1-${error.problems.length} › status: Missing field (expected one of active, dormant, closed)`,
    );
    expect(lines).toHaveLength(2);
  });

  it("suggests the brand a mistyped reference most likely meant", async () => {
    const { error } = await loadError([
      { file: "licenses/licenses.csv", change: (text) => text.replace(",alpha-casino,", ",alpha-casion,") },
    ]);
    expect(error.problems).toEqual([
      expect.objectContaining({
        field: "brand",
        message: 'Unknown brands key "alpha-casion" (did you mean "alpha-casino"?)',
      }),
    ]);
  });
});
