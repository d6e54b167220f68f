import { mkdir, readdir, rename, rm, stat, symlink, truncate, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SeedValidationError, formatSeedProblem, shellArg } from "../../build/errors.ts";
import { loadSeeds, MAX_SEED_FILE_BYTES, seedCommandFor } from "../../build/load/load-seeds.ts";
import { copySeeds, INVALID_SEEDS, SEEDS_MIN, type SeedMutation } from "../fixtures/seeds-invalid.ts";

async function loadError(mutations: readonly SeedMutation[]): Promise<SeedValidationError> {
  const copy = await copySeeds(mutations);
  try {
    await loadSeeds(copy.dir);
  } catch (error) {
    // Files are named from the folder as given (an absolute temporary one); the cases name them from its parent.
    if (error instanceof SeedValidationError)
      return new SeedValidationError(
        error.problems.map((problem) => ({
          ...problem,
          file: problem.file.replace(`${path.dirname(copy.dir)}/`, ""),
          message: problem.message.replaceAll(`${path.dirname(copy.dir)}/`, ""),
        })),
      );
    throw error;
  } finally {
    await copy.cleanup();
  }
  throw new Error("loadSeeds accepted a broken seed set");
}

describe("formatSeedProblem", () => {
  // Before, they were printed as they are: `Unrecognized key "name"` beside `name: expected string`.
  it("writes characters a terminal shows as nothing or as a space as escapes, in every part", () => {
    const problem = {
      file: "seeds/providers/p\u00a0.json",
      record: "record 0",
      field: "name\u200b",
      message: 'Unrecognized key "name\u200b" \ufeff{ \u{e0001}',
    };
    expect(formatSeedProblem(problem)).toBe(
      'seeds/providers/p\\u00a0.json › record 0 › name\\u200b: Unrecognized key "name\\u200b" \\ufeff{ \\u{e0001}',
    );
    expect(formatSeedProblem({ file: "seeds/a b.csv", record: "line 2", message: "Casíno – “x” Руковожу ✓" })).toBe(
      "seeds/a b.csv › line 2: Casíno – “x” Руковожу ✓",
    );
  });
});

describe("loadSeeds", () => {
  it("refuses a seed file too large to be read as one string, without reading it, naming its size", async () => {
    const copy = await copySeeds();
    try {
      // Sparse: no disk is used. Before, its 512 MiB were read and then reported as "not valid UTF-8".
      const huge = path.join(copy.dir, "brands", "huge.ndjson");
      await writeFile(huge, "");
      await truncate(huge, MAX_SEED_FILE_BYTES + 1);
      const error = await loadSeeds(copy.dir).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect((error as SeedValidationError).problems.map(formatSeedProblem)).toEqual([
        `${copy.dir}/brands/huge.ndjson: The file is ${MAX_SEED_FILE_BYTES + 1} bytes, over the ${MAX_SEED_FILE_BYTES} one seed file may hold: split its records over several files in the same folder`,
      ]);
    } finally {
      await copy.cleanup();
    }
  });

  it("loads the minimal fixture: every resource, with counts", async () => {
    const { seeds, stats } = await loadSeeds(SEEDS_MIN);
    expect(stats).toMatchObject({ files: 18, records: 66 });
    expect(seeds.meta.snapshot_at).toBe("2025-01-01T00:00:00Z");
    expect(
      Object.fromEntries(
        Object.entries(seeds)
          .filter(([name]) => name !== "meta")
          .map(([name, list]) => [name, (list as unknown[]).length]),
      ),
    ).toEqual({
      countries: 3,
      regulators: 2,
      brands: 4,
      domains: 5,
      licenses: 5,
      providers: 2,
      games: 4,
      lobby: 5,
      demand: 18, // 12 in monthly-demand.csv, 6 by vertical in verticals.ndjson (#27)
      groundTruth: 3,
      tcAlerts: 3,
      reputationObservations: 2,
      paymentObservations: 2,
      domainChecks: 2,
      monitoring: 2,
      resumes: 4,
      searchSynonyms: 0,
    }); // the fixture has no synonyms folder: it is optional
  });

  // Any folder may hold CSV (seeds/README.md). Before, only the sample's CSV resources typed their cells, so a
  // countries.csv was refused as "trust_tier: expected number, received string" on every line.
  it("reads the flat resources written as CSV as it reads their JSON, numbers and booleans typed", async () => {
    const { seeds: expected } = await loadSeeds(SEEDS_MIN);
    const asCsv = (file: string) => ({ file, change: () => null });
    const copy = await copySeeds(
      ["countries/countries.json", "regulators/regulators.json", "providers/providers.json"].map(asCsv),
    );
    try {
      const write = (file: string, records: object[]) => {
        const columns = Object.keys(records[0]!);
        const lines = [
          columns.join(","),
          ...records.map((record) =>
            columns
              .map((column) => {
                const value = (record as Record<string, unknown>)[column];
                return value === null ? "" : String(value); // an empty cell is null (a regulator's verticals, #27)
              })
              .join(","),
          ),
        ];
        return writeFile(path.join(copy.dir, file), `${lines.join("\n")}\n`);
      };
      await write("countries/countries.csv", expected.countries);
      await write("regulators/regulators.csv", expected.regulators);
      await write("providers/providers.csv", expected.providers);
      const { seeds } = await loadSeeds(copy.dir);
      expect({ countries: seeds.countries, regulators: seeds.regulators, providers: seeds.providers }).toEqual({
        countries: expected.countries,
        regulators: expected.regulators,
        providers: expected.providers,
      });
    } finally {
      await copy.cleanup();
    }
  });

  // Before, a missing folder was "No seed file (*.json, *.ndjson or *.csv) in this folder", as if it were there.
  it.each([
    [
      "misspelt",
      "tc_alerts",
      "tc-alerts",
      "The folder is missing: LABEL/tc_alerts/ is not read, the folder names are fixed (rename it tc-alerts/)",
    ],
    [
      "named as the resource is in the code",
      "groundTruth",
      "ground-truth",
      "The folder is missing: LABEL/groundTruth/ is not read, the folder names are fixed (rename it ground-truth/)",
    ],
    [
      "in the singular",
      "brand",
      "brands",
      "The folder is missing: LABEL/brand/ is not read, the folder names are fixed (rename it brands/)",
    ],
    [
      "gone",
      undefined,
      "countries",
      "The folder is missing: this resource is required, with at least one seed file (*.json, *.ndjson or *.csv)",
    ],
  ])("says a resource folder %s is missing, naming a folder spelt like it", async (_case, renamed, dir, message) => {
    const copy = await copySeeds();
    try {
      if (renamed === undefined) await rm(path.join(copy.dir, dir), { recursive: true });
      else await rename(path.join(copy.dir, dir), path.join(copy.dir, renamed));
      const error = await loadSeeds(copy.dir).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      const label = copy.dir;
      expect((error as SeedValidationError).problems.filter((problem) => problem.file === `${label}/${dir}/`)).toEqual([
        { file: `${label}/${dir}/`, message: message.replace("LABEL", label) },
      ]);
    } finally {
      await copy.cleanup();
    }
  });

  it("counts the bytes of every file it read", async () => {
    const files = (await readdir(SEEDS_MIN, { recursive: true, withFileTypes: true })).filter((entry) =>
      entry.isFile(),
    );
    const sizes = await Promise.all(files.map((entry) => stat(path.join(entry.parentPath, entry.name))));
    const { stats } = await loadSeeds(SEEDS_MIN);
    expect(files).toHaveLength(18);
    expect(stats.bytes).toBe(sizes.reduce((sum, size) => sum + size.size, 0));
  });

  it("types CSV cells (null for empty nullable cells, numbers for numeric columns)", async () => {
    const { seeds } = await loadSeeds(SEEDS_MIN);
    expect(seeds.licenses.find((license) => license.id === "L-1")).toMatchObject({
      expires_at: null,
      status_changed_at: null,
    });
    // monthly-demand.csv has no vertical column: its rows are of all the brand's verticals (#27)
    expect(seeds.demand[0]).toEqual({
      brand: "alpha-casino",
      country: "GB",
      period: "2024-10",
      vertical: null,
      volume: 3000,
    });
    expect(seeds.groundTruth[0]?.ggr).toBe(1200000.5);
  });

  it.each(Object.entries(INVALID_SEEDS))(
    "rejects %s with a SeedValidationError naming file, record and field",
    async (_kind, { mutations, expected }) => {
      const error = await loadError(mutations);
      const match = error.problems.find(
        (problem) =>
          problem.file === expected.file && problem.record === expected.record && problem.field === expected.field,
      );
      expect(
        match,
        `no problem at ${expected.file} › ${expected.record} › ${expected.field} in:\n${error.message}`,
      ).toBeDefined();
      expect(match?.message).toContain(expected.message);
      // The thrown message lists the located problem as the publisher reads it.
      expect(error.message).toContain(formatSeedProblem(match!));
      expect(error.name).toBe("SeedValidationError");
    },
  );

  it("lists every problem of a set with several broken files, not only the first", async () => {
    const kinds = [
      "invalid-field-value",
      "unknown-field",
      "malformed-json-line",
      "dangling-reference-license-brand",
      "duplicate-key",
      "resume-contacts-rule",
    ] as const;
    const error = await loadError(kinds.flatMap((kind) => INVALID_SEEDS[kind]!.mutations));
    for (const kind of kinds) {
      const { expected } = INVALID_SEEDS[kind]!;
      expect(
        error.problems.some(
          (problem) =>
            problem.file === expected.file && problem.record === expected.record && problem.field === expected.field,
        ),
        kind,
      ).toBe(true);
    }
    expect(error.message).toMatch(/^The seeds have \d+ problem\(s\):\n/);
    expect(error.message.split("\n").filter((line) => line.startsWith("  - "))).toHaveLength(error.problems.length);
  });

  it.each([
    ["an invalid brand record", "invalid-field-value"],
    ["a country record missing a field", "missing-field"],
    ["a provider record with an unknown field", "unknown-field"],
    ["a regulators file that cannot be parsed", "malformed-json-array"],
    ["a missing countries folder", "missing-resource-folder"],
  ])("reports %s once, without calling every reference to it dangling", async (_case, kind) => {
    const error = await loadError(INVALID_SEEDS[kind]!.mutations);
    expect(error.problems).toHaveLength(1);
  });

  it.each([
    [
      "a brand whose key field is written with a capital (Slug)",
      [
        {
          file: "brands/brands.ndjson",
          change: (text: string) => text.replace('{"slug":"alpha-casino"', '{"Slug":"alpha-casino"'),
        },
      ],
      [
        "seeds/brands/brands.ndjson › line 1 › slug: Missing field (expected text)",
        'seeds/brands/brands.ndjson › line 1 › Slug: Unrecognized key "Slug"',
      ],
    ],
    [
      "an .ndjson file of brands written as a JSON array on one line",
      [{ file: "brands/brands.ndjson", change: (text: string) => `[${text.trim().split("\n").join(",")}]\n` }],
      [
        "seeds/brands/brands.ndjson › line 1: A JSON array: an .ndjson file holds one record per line (name the file .json, or write one record per line)",
      ],
    ],
    [
      "an .ndjson file of brands written as a JSON array with one record per line",
      [{ file: "brands/brands.ndjson", change: (text: string) => `[${text.trim().split("\n").join(",\n")}]\n` }],
      [
        "seeds/brands/brands.ndjson › line 1: A JSON array: an .ndjson file holds one record per line (name the file .json, or write one record per line)",
      ],
    ],
  ])("reports %s without calling every reference to its brands dangling", async (_case, mutations, expected) => {
    const error = await loadError(mutations);
    expect(error.problems.map(formatSeedProblem).map((line) => line.replace(/^[^/]+\//, "seeds/"))).toEqual(expected);
  });

  // Files are named from the seeds folder as given (here the temporary folder, which loadError takes off).
  it("never puts a stack trace or an absolute path other than the seeds folder given in the message", async () => {
    const error = await loadError(INVALID_SEEDS["missing-meta"]!.mutations);
    expect(error.message).not.toMatch(/\bat .*\(|\/tmp\/|seeds-case-/);
  });
});

describe("loadSeeds and files that are not seed files", () => {
  it("names a misnamed seed file in a resource folder instead of leaving its records out, and leaves hidden files and READMEs alone", async () => {
    const copy = await copySeeds();
    try {
      await writeFile(path.join(copy.dir, "brands", "more-brands.jsonl"), '{"slug":"x"}\n');
      await writeFile(path.join(copy.dir, "brands", "extra.JSON"), "[]");
      await writeFile(path.join(copy.dir, "brands", ".DS_Store"), "x");
      await writeFile(path.join(copy.dir, "games", "README.md"), "# games\n");
      const error = await loadSeeds(copy.dir).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(SeedValidationError);
      const problems = (error as SeedValidationError).problems.map(formatSeedProblem);
      const label = copy.dir;
      expect(problems).toEqual([
        `${label}/brands/extra.JSON: Not a seed file: seed files end in .json, .ndjson or .csv (rename it, or move it out of the seeds folder)`,
        `${label}/brands/more-brands.jsonl: Not a seed file: seed files end in .json, .ndjson or .csv (rename it, or move it out of the seeds folder)`,
      ]);
    } finally {
      await copy.cleanup();
    }
  });

  it("names the misnamed file of a folder that has nothing else, without also saying the folder has no seed file", async () => {
    const copy = await copySeeds([{ file: "providers/providers.json", change: () => null }]);
    try {
      await writeFile(path.join(copy.dir, "providers", "providers.jsonl"), '{"slug":"x"}\n');
      const error = await loadSeeds(copy.dir).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      const label = copy.dir;
      expect(
        (error as SeedValidationError).problems
          .filter((problem) => problem.file.startsWith(`${label}/providers/`))
          .map(formatSeedProblem),
      ).toEqual([
        `${label}/providers/providers.jsonl: Not a seed file: seed files end in .json, .ndjson or .csv (rename it, or move it out of the seeds folder)`,
      ]);
    } finally {
      await copy.cleanup();
    }
  });

  it("names a resource folder that cannot be listed (a file in its place, a link to itself), and a meta folder that is a file, in sentences", async () => {
    const copy = await copySeeds([
      { file: "brands/brands.ndjson", change: () => null },
      { file: "games/games.ndjson", change: () => null },
      { file: "meta/meta.json", change: () => null },
    ]);
    try {
      await rm(path.join(copy.dir, "brands"), { recursive: true });
      await writeFile(path.join(copy.dir, "brands"), '{"slug":"x"}\n');
      await rm(path.join(copy.dir, "games"), { recursive: true });
      await symlink("games", path.join(copy.dir, "games"));
      await rm(path.join(copy.dir, "meta"), { recursive: true });
      await writeFile(path.join(copy.dir, "meta"), "{}");
      const error = await loadSeeds(copy.dir).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      const label = copy.dir;
      expect(error).toBeInstanceOf(SeedValidationError);
      expect((error as SeedValidationError).problems.map(formatSeedProblem)).toEqual([
        `${label}/meta/meta.json: The file cannot be read (meta is a file, not a folder)`,
        `${label}/brands/: The folder cannot be read (a file, not a folder)`,
        `${label}/games/: The folder cannot be read (a symbolic link loop)`,
      ]);
    } finally {
      await copy.cleanup();
    }
  });

  it("names a subfolder of a resource folder (its files would not be read) and a seed file that is a broken link", async () => {
    const copy = await copySeeds();
    try {
      await mkdir(path.join(copy.dir, "tc-alerts", "2025"));
      await writeFile(path.join(copy.dir, "tc-alerts", "2025", "more.ndjson"), "");
      await symlink(path.join(copy.dir, "nowhere.ndjson"), path.join(copy.dir, "brands", "gone.ndjson"));
      const error = await loadSeeds(copy.dir).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      const label = copy.dir;
      expect((error as SeedValidationError).problems.map(formatSeedProblem)).toEqual([
        `${label}/brands/gone.ndjson: The file cannot be read: not a regular file (a broken or looping symbolic link, a pipe)`,
        `${label}/tc-alerts/2025/: A subfolder: seed files are read from tc-alerts/ itself, not below it (move its files up)`,
      ]);
    } finally {
      await copy.cleanup();
    }
  });

  it("follows symbolic links to seed files and resource folders, as to any file", async () => {
    const copy = await copySeeds();
    try {
      const { seeds: plain } = await loadSeeds(copy.dir);
      const outside = `${copy.dir}-outside`;
      await rename(path.join(copy.dir, "tc-alerts"), outside);
      await symlink(outside, path.join(copy.dir, "tc-alerts"));
      const gamesFile = `${copy.dir}-games.txt`;
      await rename(path.join(copy.dir, "games", "games.ndjson"), gamesFile);
      await symlink(gamesFile, path.join(copy.dir, "games", "games.ndjson"));
      try {
        const { seeds: linked } = await loadSeeds(copy.dir);
        expect(linked.tcAlerts).toEqual(plain.tcAlerts);
        expect(linked.games).toEqual(plain.games);
        expect(linked.games.length).toBeGreaterThan(0);
      } finally {
        await rm(outside, { recursive: true });
        await rm(gamesFile);
      }
    } finally {
      await copy.cleanup();
    }
  });
});

describe("seedCommandFor", () => {
  it("writes the committed sample's folder with npm run seed, any other with its --out, quoted for a shell", () => {
    expect(seedCommandFor("seeds")).toBe("npm run seed");
    expect(seedCommandFor(path.resolve("seeds"))).toBe("npm run seed");
    expect(seedCommandFor("/tmp/seeds-4")).toBe("npm run seed -- --out /tmp/seeds-4");
    expect(seedCommandFor("my seeds")).toBe("npm run seed -- --out 'my seeds'");
  });
});

describe("shellArg", () => {
  it.each([
    ["dist", "dist"],
    ["/tmp/a-b_c.d/e@1+2=3:4,5%", "/tmp/a-b_c.d/e@1+2=3:4,5%"],
    ["my site", "'my site'"],
    ["it's", "'it'\\''s'"],
    ["$HOME", "'$HOME'"],
    ["", "''"],
  ])("%j → %s", (text, quoted) => {
    expect(shellArg(text)).toBe(quoted);
  });
});
