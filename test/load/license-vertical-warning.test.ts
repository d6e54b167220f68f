import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findSeedWarnings, formatWarning } from "../../build/load/seed-warnings.ts";
import type { LocatedRecord } from "../../build/load/validate-records.ts";
import { verticalSchema } from "../../build/load/verticals.ts";
import { checkSeeds } from "../../build/run-build.ts";
import { SEEDS_EXPORTS } from "../fixtures/exports-build.ts";

// Issue 26: a license naming a vertical its regulator does not license is narrowed; the build now says so.
const at = (file: string, location: string, value: Record<string, unknown>): LocatedRecord => ({
  file,
  location,
  value,
});
const regulator = (code: string, verticals: string[] | null) => at("s/regulators/r.csv", "line 2", { code, verticals });
const license = (location: string, regulatorCode: string, verticals: string[] | null) =>
  at("s/licenses/l.csv", location, { id: `L-${location}`, regulator_code: regulatorCode, verticals, status: "active" });

/** Appends a `verticals` column to a spreadsheet CSV (CRLF), filled on the one row that starts with `rowStart`. */
async function addVerticalsColumn(file: string, rowStart: string, verticals: string): Promise<void> {
  const lines = (await readFile(file, "utf8")).split("\r\n");
  const cell = (line: string, at: number) => (at === 0 ? "verticals" : line.startsWith(rowStart) ? verticals : "");
  await writeFile(file, lines.map((line, at) => (line === "" ? line : `${line},${cell(line, at)}`)).join("\r\n"));
}

describe("license_vertical_not_licensed", () => {
  it("warns of a license's verticals outside its regulator's, and of no other license", () => {
    const warnings = findSeedWarnings(
      {
        regulators: [regulator("KSA", ["casino", "sportsbook"]), regulator("ANY", null)],
        licenses: [
          license("line 2", "KSA", ["casino", "poker"]), // poker is not KSA's
          license("line 3", "KSA", ["casino"]),
          license("line 4", "KSA", null), // lists none: every vertical KSA licenses
          license("line 5", "ANY", ["lottery"]), // a regulator listing none licenses all
          license("line 6", "KSA", ["lottery"]),
        ],
      },
      "2025-01-01",
    );
    expect(warnings.map(formatWarning)).toEqual([
      "s/licenses/l.csv › line 2 › verticals: License L-line 2 names poker, which its regulator KSA does not license (it licenses casino, sportsbook): the license is counted for casino only",
      "s/licenses/l.csv › line 6 › verticals: License L-line 6 names lottery, which its regulator KSA does not license (it licenses casino, sportsbook): the license is counted for no vertical only",
    ]);
  });

  const roots: string[] = [];
  afterAll(async () => {
    for (const root of roots) await rm(root, { recursive: true, force: true });
  });

  it("lists it among the build's warnings for seeds read from CSV (betting read as sportsbook)", async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), "license-vertical-"));
    roots.push(root);
    const seeds = path.join(root, "seeds");
    await cp(SEEDS_EXPORTS, seeds, { recursive: true });
    await addVerticalsColumn(path.join(seeds, "regulators", "regulators.csv"), "SGA,", "lottery|betting");
    await addVerticalsColumn(path.join(seeds, "licenses", "licenses.csv"), "SGA-19-02,", "betting|casino");
    const { problems, warnings } = await checkSeeds(seeds);
    expect(problems).toEqual([]);
    expect(warnings.filter((warning) => warning.code === "license_vertical_not_licensed").map(formatWarning)).toEqual([
      expect.stringMatching(
        /licenses\.csv › line \d+ › verticals: License SGA-19-02 names casino, which its regulator SGA does not license \(it licenses lottery, sportsbook\): the license is counted for sportsbook only$/,
      ),
    ]);
  });
});

describe("vertical spellings", () => {
  it("reads only its own aliases, not an object's inherited keys", () => {
    expect(verticalSchema.parse("betting")).toBe("sportsbook");
    const result = verticalSchema.safeParse("constructor", { reportInput: true });
    expect(result.success).toBe(false);
    // Before, `in` found Object's constructor and passed the function on as the value.
    expect(result.error?.issues[0]).toMatchObject({ input: "constructor" });
  });
});
