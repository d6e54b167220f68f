import { spawnSync } from "node:child_process";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from "vitest";
import type { CommanderError } from "commander";
import { createBuildCommand, refuseUnsafeOutDir } from "../build/cli.ts";
import { createSeedCommand } from "../build/sample/seed-command.ts";
import { createQueryCommand } from "../build/serve/query-command.ts";
import { copySeeds, INVALID_SEEDS, SEEDS_MIN } from "./fixtures/seeds-invalid.ts";
import { hashTree } from "./fixtures/tree-hash.ts";
import { restoreExitCodeAfterEach } from "./helpers/exit-code.ts";
import { expectRefused } from "./reliability/refused-seeds.ts";

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "cli-"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});
// Each test's exit status (the CLI's in-process runs set it) goes, and so does its spy on console.error.
restoreExitCodeAfterEach();
afterEach(() => {
  vi.restoreAllMocks();
});

/** Runs the build command in-process; returns what it logged and printed as errors. */
async function runCli(args: string[]): Promise<{ log: string[]; errors: string[]; commanderErrors: string[] }> {
  const log: string[] = [];
  const errors: string[] = [];
  const commanderErrors: string[] = [];
  vi.spyOn(console, "error").mockImplementation((...parts: unknown[]) => void errors.push(parts.join(" ")));
  const command = createBuildCommand((line) => log.push(line))
    .exitOverride()
    .configureOutput({ writeErr: (text) => void commanderErrors.push(text), writeOut: (text) => void log.push(text) });
  try {
    await command.parseAsync(args, { from: "user" });
  } catch (error) {
    commanderErrors.push(`thrown: ${(error as Error).message}`);
  }
  return { log, errors, commanderErrors };
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/** Every file under a folder, and their bytes. */
async function filesAndBytes(folder: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
}

/** The summary's way of writing a size. */
const kibText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MiB` : `${(bytes / 1024).toFixed(1)} KiB`;

/**
 * The dry run of seeds-min into root/dry, made once (issue 29): the dry-run test checks its summary, the
 * --max-files test reads the planned files of each endpoint from it.
 */
let seedsMinDryRun: ReturnType<typeof runCli> | undefined;
const dryRunOfSeedsMin = () =>
  (seedsMinDryRun ??= runCli(["--seeds", SEEDS_MIN, "--out", path.join(root, "dry"), "--dry-run"]));

/**
 * How `npm run <script>` starts each command line: query and serve (`npm start`) from their bundles
 * (scripts/run-bundled.mjs), seed through tsx (one case of seed and of query as a process; their others
 * run in process below).
 */
const SCRIPT_COMMAND: Record<string, string[]> = {
  seed: ["--import", "tsx", "scripts/seed.ts"],
  query: ["scripts/query.mjs"],
  serve: ["scripts/start.mjs"],
};

describe("build CLI", () => {
  it("builds seeds-min, reporting each stage and a closing summary", async () => {
    const out = path.join(root, "built");
    const { log, errors } = await runCli(["--seeds", SEEDS_MIN, "--out", out]);
    expect(errors).toEqual([]);
    expect(process.exitCode).toBeUndefined();
    expect(log).toContain("load …");
    expect(log.some((line) => /^load done in \d+ ms$/.test(line))).toBe(true);
    expect(log.some((line) => /^Read 18 seed files, 66 records, /.test(line))).toBe(true);
    expect(log.some((line) => /^dataset\.brands\s+12\s+0\s+\d+\.\d KiB$/.test(line))).toBe(true);
    expect(log.at(-1)).toMatch(
      new RegExp(
        `^Wrote \\d+ files, [\\d.]+ [KM]iB, to ${out.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} in \\d+\\.\\d\\d s \\(load \\d+ ms, `,
      ),
    );
    expect(await exists(path.join(out, "_engine/manifest.json"))).toBe(true);
    // No --base-url and no meta.base_url: the loopback default, said in the summary (#26).
    expect(log).toContainEqual(expect.stringMatching(/^Base URL http:\/\/127\.0\.0\.1:8080: the loopback default/));
    // The warnings, listed and written beside the output, never inside it.
    // seeds-min's verticals.ndjson (#27) has alpha-casino in NL, outside its markets: said, not refused.
    expect(log).toContain("Warnings (6; the build goes on):");
    expect(log).toContain(`The warnings are also in ${path.join(root, "build-report.json")}.`);
    const report = JSON.parse(await readFile(path.join(root, "build-report.json"), "utf8")) as {
      out: string;
      site: unknown;
      warnings: { code: string }[];
    };
    expect(report.out).toBe("built");
    expect(report.site).toEqual({ base_url: "http://127.0.0.1:8080", from: "default" });
    expect(report.warnings.map((warning) => warning.code)).toEqual([
      "demand_outside_markets",
      "few_records",
      "few_records",
      "few_records",
      "few_records",
      "few_records",
    ]);
    expect(await exists(path.join(out, "build-report.json"))).toBe(false);
    // The closing count is what lies in the folder, compressed variants and the build record included.
    const onDisk = await filesAndBytes(out);
    const [, files] = /^Wrote (\d+) files, [\d.]+ [KM]iB, /.exec(log.at(-1)!) ?? [];
    expect(Number(files)).toBe(onDisk.files);
    // Its size is the files' and variants' (the build record, which states it, is not counted in it).
    const recordBytes = (await stat(path.join(out, "_engine/build-inputs.json"))).size;
    expect(log.at(-1)).toContain(`Wrote ${onDisk.files} files, ${kibText(onDisk.bytes - recordBytes)}, `);
    const [, planned, variants] =
      /^Files: (\d+) planned, (\d+) compressed variants of them and the build record\.$/.exec(log.at(-2)!) ?? [];
    expect(Number(planned) + Number(variants) + 1).toBe(onDisk.files);
    expect(log).toContainEqual(expect.stringMatching(new RegExp(`^compressed \\(\\.br, \\.gz\\)\\s+${variants}\\s`)));
  });

  it("--dry-run writes nothing and prints the summary", async () => {
    const out = path.join(root, "dry");
    const { log } = await dryRunOfSeedsMin();
    expect(log).toContain("Warnings (6; the build goes on):");
    expect(log.filter((line) => line.startsWith("  - The demand shares"))).toHaveLength(3); // DE, GB, NL
    expect(log.at(-1)).toMatch(/^Would write \d+ files, [\d.]+ [KM]iB, to /);
    // A dry run compresses too: its count is the planned files and their variants (no build record).
    const [, planned, variants] =
      /^Files: (\d+) planned and (\d+) compressed variants of them\.$/.exec(log.at(-2)!) ?? [];
    expect(log.at(-1)).toMatch(new RegExp(`^Would write ${Number(planned) + Number(variants)} files, `));
    expect(await exists(out)).toBe(false);
    expect((await readdir(root)).filter((name) => name.startsWith(".dist-"))).toEqual([]);
  });

  it("--max-files cuts files by priority and shows the cut counts", async () => {
    const rowsOf = (log: string[]) =>
      new Map(
        log
          .filter((line) => /^[\w.]+\s+\d+\s+\d+\s+[\d.]+ [KM]iB$/.test(line))
          .map((line) => line.trim().split(/\s+/))
          .map((cells) => [cells[0]!, { planned: Number(cells[1]), cut: Number(cells[2]) }]),
      );
    const full = rowsOf((await dryRunOfSeedsMin()).log);
    // Engine and site files are always written and count against the budget; endpoint files are cut.
    const fixed = [...full]
      .filter(([id]) => !/^(dataset|resumes)\./.test(id))
      .reduce((sum, [, row]) => sum + row.planned, 0);
    const { log } = await runCli([
      "--seeds",
      SEEDS_MIN,
      "--out",
      path.join(root, "cut"),
      "--max-files",
      String(fixed + 7),
      "--dry-run",
    ]);
    const rows = rowsOf(log);
    const endpointRows = [...rows].filter(([id]) => /^(dataset|resumes)\./.test(id));
    expect(endpointRows.reduce((sum, [, row]) => sum + row.planned, 0)).toBe(7);
    // Nothing is lost: each endpoint's files are planned or cut (a cut count may include key-space
    // entries that would have been duplicates of a kept file, such as sort=name for /brands).
    for (const [id, row] of endpointRows)
      expect(row.planned + row.cut, id).toBeGreaterThanOrEqual(full.get(id)!.planned);
    // Default first pages have priority 0 and brand cards priority 1: every card is cut first.
    expect(rows.get("dataset.discovery")).toEqual({ planned: 1, cut: 0 });
    expect(rows.get("dataset.brands")?.planned).toBe(1);
    expect(rows.get("dataset.brand")).toEqual({ planned: 0, cut: 4 });
    expect(log.at(-2)).toMatch(new RegExp(`^Files: ${fixed + 7} planned and \\d+ compressed variants of them\\.$`));
  });

  it.each([
    [["--nope"], "unknown option '--nope'"],
    [["--max-files", "0"], "Expected a positive integer."],
    [["--max-files", "ten"], "Expected a positive integer."],
    [["--base-url", "not a url"], "Expected an absolute http or https URL"],
    [["--base-url", "localhost:8080"], "Expected an absolute http or https URL"], // parses, as scheme "localhost:"
    [["--base-url", "ftp://data.example.com"], "Expected an absolute http or https URL"],
    [["--base-url", "javascript:alert(1)"], "Expected an absolute http or https URL"],
    // The documents append their paths to it: these gave "http://x.com/?a=1/api/dataset/v1".
    [["--base-url", "http://x.com/?a=1"], "without a query or fragment"],
    [["--base-url", "http://x.com/?"], "without a query or fragment"],
    [["--base-url", "http://x.com#top"], "without a query or fragment"],
    [["--seeds"], "argument missing"],
  ])("refuses %j with a friendly error pointing to --help", async (args, message) => {
    const { commanderErrors } = await runCli(args);
    const text = commanderErrors.join("");
    expect(text).toContain(message);
    expect(text).toContain("(run with --help for the options)");
  });

  it.each([
    ["seed", ["--nope"], "unknown option '--nope'"],
    ["query", ["--nope", "/x"], "unknown option '--nope'"],
    ["serve", ["--nope"], "unknown option '--nope'"],
  ])("npm run %s refuses %j as build does: one message, the --help hint, exit 1", (script, args, message) => {
    const result = spawnSync(process.execPath, [...SCRIPT_COMMAND[script]!, ...args], { encoding: "utf8" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain("(run with --help for the options)");
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  // The seed and query commands' other refusals run in this process (a tsx child each cost about 1 s of
  // CPU, a bundled one 0.5 s, issue 29): commander, told not to exit, throws the error whose exit code the
  // process would end with.
  const IN_PROCESS_COMMAND = {
    seed: (printOut: () => undefined, printError: (text: string) => void) =>
      createSeedCommand({ log: printOut, error: printError }),
    query: (printOut: () => undefined, printError: (text: string) => void) =>
      createQueryCommand({ line: printOut, write: printOut, error: printError }),
  };
  it.each([
    ["seed", ["--scale", "x"], "scale must be a positive number"],
    // 160 providers × 0.003 rounds to none: the generator failed with "Cannot read properties of undefined".
    [
      "seed",
      ["--scale", "0.003", "--out", path.join(os.tmpdir(), "cli-seed-too-small")],
      "scale must be at least 0.003125",
    ],
    ["query", [], "missing required argument 'url'"],
  ] as const)(
    "npm run %s refuses %j as build does: one message, the --help hint, exit 1",
    async (script, args, message) => {
      const errors: string[] = [];
      const printError = (text: string) => void errors.push(text);
      const printOut = () => undefined; // what stdout would get: not what these cases check
      let status: number | undefined;
      try {
        await IN_PROCESS_COMMAND[script](printOut, printError)
          .exitOverride()
          .configureOutput({ writeErr: printError, writeOut: printOut })
          .parseAsync([...args], { from: "user" });
      } catch (error) {
        status = (error as CommanderError).exitCode;
      }
      const stderr = errors.join("");
      expect(status).toBe(1);
      expect(stderr).toContain(message);
      expect(stderr).toContain("(run with --help for the options)");
      expect(stderr).not.toMatch(/\n\s+at /);
    },
  );

  it.each([
    ["the seeds folder itself", (seeds: string) => seeds],
    ["the folder holding the seeds", (seeds: string) => path.dirname(seeds)],
    ["a folder inside the seeds", (seeds: string) => path.join(seeds, "dist")],
  ])("refuses --out at %s, and deletes nothing", async (_case, outOf) => {
    const copy = await copySeeds();
    try {
      const before = await hashTree(copy.dir);
      const { errors } = await runCli(["--seeds", copy.dir, "--out", outOf(copy.dir)]);
      expect(process.exitCode).toBe(1);
      expect(errors.join("\n")).toContain("Refusing --out");
      expect(await hashTree(copy.dir)).toEqual(before);
    } finally {
      await copy.cleanup();
    }
  });

  it.each([
    ["a folder of other files (sources, documents)", { "run-build.ts": "source", "notes/todo.txt": "keep me" }],
    ["a folder whose build lost its manifest", { "index.html": "<!doctype html>", "_engine/dataset.json": "{}" }],
  ])("refuses --out at %s, and deletes nothing", async (_case, files) => {
    const out = path.join(root, `foreign-${Object.keys(files).length}-${_case.length}`);
    for (const [name, body] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(out, name)), { recursive: true });
      await writeFile(path.join(out, name), body);
    }
    const before = await hashTree(out);
    const { errors } = await runCli(["--seeds", SEEDS_MIN, "--out", out]);
    expect(process.exitCode).toBe(1);
    expect(errors.join("\n")).toContain(
      `The output folder ${out} holds files but no _engine/manifest.json: it is not a build's output`,
    );
    expect(await hashTree(out)).toEqual(before);
  });

  // A dry run skipped these checks and printed "Would write 252 files … to <the file>", which the build then refused.
  it.each([
    [
      "a file",
      { "": "not a folder" },
      (out: string) => `The output folder ${out} is a file, not a folder: a build does not replace it.`,
    ],
    [
      "a folder of other files",
      { "notes/todo.txt": "keep me" },
      (out: string) => `The output folder ${out} holds files but no _engine/manifest.json: it is not a build's output`,
    ],
  ])(
    "--dry-run refuses --out at %s as the build does, rather than say it would write there",
    async (_case, files, message) => {
      const out = path.join(root, `dry-foreign-${_case.length}`);
      for (const [name, body] of Object.entries(files)) {
        await mkdir(path.dirname(path.join(out, name)), { recursive: true });
        await writeFile(path.join(out, name), body);
      }
      const { log, errors } = await runCli(["--seeds", SEEDS_MIN, "--out", out, "--dry-run"]);
      expect(process.exitCode).toBe(1);
      expect(errors.join("\n")).toContain(message(out));
      expect(log.filter((line) => line.startsWith("Would write"))).toEqual([]);
    },
  );

  it.each([
    [
      "a seeds folder that does not exist",
      (dir: string) => path.join(dir, "no-such-seeds"),
      "no-such-seeds to write the sample there.",
    ],
    [
      "a seeds folder that is a file",
      () => "README.md",
      "The seeds folder README.md is a file, not a folder of seed files.",
    ],
  ])("stops on %s with one sentence, before reading anything", async (_case, seedsOf, message) => {
    const { errors } = await runCli(["--seeds", seedsOf(root), "--out", path.join(root, "never")]);
    expect(process.exitCode).toBe(1);
    expect(errors[0]).toMatch(/^The seeds folder/);
    expect(errors[0]).toContain(message);
    expect(errors.join("\n").split("\n")).toHaveLength(2); // the sentence and "Nothing was written"
    expect(await exists(path.join(root, "never"))).toBe(false);
  });

  describe("with broken seeds", () => {
    let previous: string;
    let before: Record<string, string>;
    beforeAll(async () => {
      // A build's output to leave alone: seeds-min as the run's global setup built it (issue 29).
      previous = path.join(root, "previous");
      await cp(inject("seedsMinDist"), previous, { recursive: true, preserveTimestamps: true });
      before = await hashTree(previous);
    });

    // The loader's whole corpus, with the checks test/reliability/bad-seeds.test.ts makes of its own; that
    // file runs one of these cases (duplicate-key) as the real process, `node scripts/build.mjs` as `npm run
    // build` runs it, for the exit code and the output of the binary (issue 29: once, not here again).
    it.each(Object.entries(INVALID_SEEDS))(
      "%s: exit code 1, the problem printed, the previous output byte-identical",
      async (_kind, { mutations, expected }) => {
        const copy = await copySeeds(mutations);
        try {
          const { log, errors } = await runCli(["--seeds", copy.dir, "--out", previous]);
          const lines = (texts: string[]) => texts.map((text) => `${text}\n`).join("");
          const outcome = { code: process.exitCode, stdout: lines(log), stderr: lines(errors) };
          await expectRefused(expect, outcome, expected, { dir: previous, tree: before });
        } finally {
          await copy.cleanup();
        }
      },
    );
  });
});

describe("address, snapshot and --check (#26)", () => {
  const withMeta = (change: (meta: Record<string, unknown>) => void) => ({
    file: "meta/meta.json",
    change: (text: string) => {
      const meta = JSON.parse(text) as Record<string, unknown>;
      change(meta);
      return JSON.stringify(meta);
    },
  });

  it("publishes meta.base_url without --base-url, and --snapshot-at as generated_at", async () => {
    const copy = await copySeeds([withMeta((meta) => (meta.base_url = "https://open.example.org/"))]);
    try {
      // A folder where the report would go: the build still succeeds, and says so.
      await mkdir(path.join(root, "blocked", "build-report.json"), { recursive: true });
      const out = path.join(root, "blocked", "from-meta");
      const { log, errors } = await runCli([
        "--seeds",
        copy.dir,
        "--out",
        out,
        "--snapshot-at",
        "2025-01-15T00:00:00Z",
      ]);
      expect(errors).toEqual([]);
      expect(log).toContain("Base URL https://open.example.org (from meta.base_url).");
      expect(log).toContainEqual(
        expect.stringMatching(/^Warning: the build report could not be written \(.*build-report\.json: EISDIR/),
      );
      expect(process.exitCode).toBeUndefined();
      const discovery = JSON.parse(await readFile(path.join(out, "responses/api/dataset/v1/index.json"), "utf8")) as {
        base_url: string;
        generated_at: string;
      };
      expect(discovery.base_url).toBe("https://open.example.org/api/dataset/v1");
      expect(discovery.generated_at).toBe("2025-01-15T00:00:00Z");
    } finally {
      await copy.cleanup();
    }
  });

  it("refuses a meta.base_url with a query, naming the field", async () => {
    const copy = await copySeeds([withMeta((meta) => (meta.base_url = "https://open.example.org/?a=1"))]);
    try {
      const { errors } = await runCli(["--seeds", copy.dir, "--out", path.join(root, "never-meta")]);
      expect(process.exitCode).toBe(1);
      expect(errors.join("\n")).toContain("meta/meta.json › base_url: Expected the site's address without a query");
    } finally {
      await copy.cleanup();
    }
  });

  /** `--check` of seeds-min, with an --out that must stay absent. */
  const checkMin = (out: string, ...options: string[]) =>
    runCli(["--seeds", SEEDS_MIN, "--out", out, "--check", ...options]);

  it("--check prints every problem and warning, writes nothing, and exits 1 on a problem", async () => {
    const out = path.join(root, "checked");
    // seeds-min ends in 2024-12: a snapshot in mid-November puts 23 records after it (5 of them in the
    // trust observation and demand vertical files of #27).
    const { log } = await checkMin(out, "--snapshot-at", "2024-11-15T00:00:00Z");
    expect(process.exitCode).toBe(1);
    expect(log[0]).toMatch(/^Checked 18 seed files, 66 valid records, [\d.]+ KiB: 23 problems, 1 warning\.$/);
    // The problems, then the one warning (alpha-casino's demand in NL, outside its markets).
    const warningsAt = log.indexOf("Warnings (1; the build goes on):");
    expect(warningsAt).toBeGreaterThan(0);
    expect(log.slice(warningsAt + 1)).toContainEqual(expect.stringContaining("which is not among its markets"));
    const problems = log.slice(0, warningsAt).filter((line) => line.startsWith("  - "));
    expect(problems).toHaveLength(23);
    for (const line of problems)
      expect(line).toContain(
        "after the snapshot (--snapshot-at 2024-11-15T00:00:00Z): seeds record what was seen by then (raise --snapshot-at",
      );
    expect(await exists(out)).toBe(false);
  });

  it("--check on valid seeds lists the warnings and the address, exit code 0", async () => {
    const out = path.join(root, "checked-ok");
    const { log } = await checkMin(out, "--base-url", "https://x.example.com");
    expect(process.exitCode).toBeUndefined();
    expect(log[0]).toMatch(/: 0 problems, 6 warnings\.$/);
    expect(log).toContain("Warnings (6; the build goes on):");
    expect(log.at(-1)).toBe("Base URL https://x.example.com (from --base-url).");
    expect(await exists(out)).toBe(false);
  });

  it("refuses a --snapshot-at that is no date-time with a zone", async () => {
    const { commanderErrors } = await runCli(["--seeds", SEEDS_MIN, "--snapshot-at", "2025-01-15", "--check"]);
    expect(commanderErrors.join("")).toContain("Expected an ISO 8601 date-time with a zone");
  });
});

describe("refuseUnsafeOutDir", () => {
  const cwd = path.resolve("/work/site");
  it.each([
    [".", "seeds", "is the working folder or holds it"],
    ["..", "seeds", "is the working folder or holds it"],
    ["/", "seeds", "is the root of the file system"],
    ["seeds", "seeds", "is the seeds folder or holds it"],
    ["/data", "/data/seeds", "is the seeds folder or holds it"],
    ["/data/seeds", "/data/seeds", "is the seeds folder or holds it"],
    ["/data/seeds/out", "/data/seeds", "is inside the seeds folder"],
  ])("refuses --out %s with --seeds %s: it %s", (out, seeds, reason) => {
    expect(() => refuseUnsafeOutDir(out, seeds, cwd)).toThrow(`it ${reason}`);
  });

  it.each([
    ["dist", "seeds"],
    ["/tmp/dist", "seeds"],
    ["../other-site/dist", "seeds"],
    ["seeds-dist", "seeds"], // a sibling whose name starts like the seeds folder
    ["dist/sample", "seeds"],
  ])("accepts --out %s with --seeds %s", (out, seeds) => {
    expect(() => refuseUnsafeOutDir(out, seeds, cwd)).not.toThrow();
  });
});
