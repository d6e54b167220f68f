import { cp, mkdir, mkdtemp, readFile, rename, rm, stat, symlink, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import { afterAll, afterEach, beforeEach, describe, expect, inject, it } from "vitest";
import { BUILD_CODE, codeFiles, fingerprintInputs, type CodeInputs } from "../../build/emit/build-inputs.ts";
import { listFiles } from "../../build/emit/list-files.ts";
import { runBuild } from "../../build/run-build.ts";
import { etagOf } from "../../build/output-format/etag.ts";
import { SEEDS_MIN } from "../fixtures/seeds-invalid.ts";
import { SEEDS_MIN_BASE_URL } from "../helpers/global-setup.ts";
import { copySeedsMinBuild } from "../helpers/seeds-min-build.ts";
import { hashTree } from "../fixtures/tree-hash.ts";

let parent: string;
beforeEach(async () => {
  parent = await mkdtemp(path.join(os.tmpdir(), "incremental-"));
});
afterEach(async () => {
  await rm(parent, { recursive: true, force: true });
});

const optionsFor = (seedsDir: string, outDir: string) => ({
  seedsDir,
  outDir,
  baseUrl: SEEDS_MIN_BASE_URL,
  maxFiles: 20_000,
  dryRun: false,
});

/** Edits one resume's title. */
async function changeOneResume(seeds: string): Promise<void> {
  const resumes = path.join(seeds, "resumes", "resumes.ndjson");
  await writeFile(resumes, (await readFile(resumes, "utf8")).replace('"title":"', '"title":"Changed: '));
}

/**
 * seeds-min with `changeOneResume` applied (never written to after) and the tree its full build gives:
 * made once for the file, on first use, for the tests that rebuild over seeds-min's output after that
 * change (issue 29). Their rebuilds read these same seeds, as the build record names the seeds' folder.
 */
let changedFull: Promise<{ seeds: string; tree: Record<string, string> }> | undefined;
let changedFullDir: string | undefined;
function changedSeedsAndFullBuild(): Promise<{ seeds: string; tree: Record<string, string> }> {
  changedFull ??= (async () => {
    changedFullDir = await mkdtemp(path.join(os.tmpdir(), "incremental-changed-"));
    const seeds = path.join(changedFullDir, "seeds");
    await cp(SEEDS_MIN, seeds, { recursive: true });
    await changeOneResume(seeds);
    const fresh = path.join(changedFullDir, "fresh");
    await runBuild(optionsFor(seeds, fresh));
    return { seeds, tree: await hashTree(fresh) };
  })();
  return changedFull;
}
afterAll(async () => {
  if (changedFullDir) await rm(changedFullDir, { recursive: true, force: true });
});

/**
 * A copy of seeds-min under the test's folder and its build in `dist` (a copy of the run's seeds-min
 * build, made with these options; the rebuilds under test are real runs), for a test to change the seeds.
 */
async function builtCopy() {
  const seeds = path.join(parent, "seeds");
  await cp(SEEDS_MIN, seeds, { recursive: true });
  const out = path.join(parent, "dist");
  await copySeedsMinBuild(out);
  return { seeds, out };
}

describe("runBuild over its own previous output", () => {
  it("recognises the same seeds, options and code, and rewrites nothing", async () => {
    const out = path.join(parent, "dist");
    const first = await runBuild(optionsFor(SEEDS_MIN, out));
    const tree = await hashTree(out);
    const second = await runBuild(optionsFor(SEEDS_MIN, out));
    expect(first.publish).toMatchObject({ unchanged: false, linked: 0 });
    expect(second.publish).toMatchObject({ unchanged: true, written: 0, linked: 0, files: first.publish!.files });
    expect(Object.keys(second.stages)).toEqual(["inputs"]);
    expect({ ...second, stages: {}, publish: undefined }).toEqual({ ...first, stages: {}, publish: undefined });
    expect(await hashTree(out)).toEqual(tree);
  });

  it("after one seed change, rewrites only what changed and gives the tree a full build gives", async () => {
    const out = path.join(parent, "dist");
    await copySeedsMinBuild(out);
    const changed = await changedSeedsAndFullBuild();
    const report = await runBuild(optionsFor(changed.seeds, out));
    expect(report.publish?.unchanged).toBe(false);
    expect(report.publish!.linked).toBeGreaterThan(report.publish!.written);
    expect(await hashTree(out)).toEqual(changed.tree);
  });

  it("gives every file the mode a full build gives under the rebuild's umask, not the previous output's", async () => {
    const modes = async (dir: string) =>
      Object.fromEntries(
        await Promise.all(
          (await listFiles(dir)).map(
            async (file) => [file, ((await stat(path.join(dir, file))).mode & 0o7777).toString(8)] as const,
          ),
        ),
      );
    const out = path.join(parent, "dist");
    const umask = process.umask(0o077);
    try {
      await runBuild({ ...optionsFor(SEEDS_MIN, out), baseUrl: "https://other.example.com" }); // private files: 0600
      process.umask(0o022);
      await runBuild(optionsFor(SEEDS_MIN, out));
    } finally {
      process.umask(umask);
    }
    // The full build: the run's seeds-min build (global setup, these options), made under this process's
    // umask, rather than a third build of its own (issue 29). Every file has the mode that umask gives new
    // files (0644 under the usual 022); the rebuild's, under 022, are 0644, file for file.
    const fresh = inject("seedsMinDist");
    const freshModes = await modes(fresh);
    expect(new Set(Object.values(freshModes))).toEqual(new Set([(0o666 & ~umask).toString(8)]));
    expect(await modes(out)).toEqual(Object.fromEntries(Object.keys(freshModes).map((file) => [file, "644"])));
    expect(await hashTree(out)).toEqual(await hashTree(fresh));
  });

  it("does not trust an output that gained a file since it was recorded", async () => {
    const out = path.join(parent, "dist");
    await copySeedsMinBuild(out);
    const tree = await hashTree(out);
    await writeFile(path.join(out, "stray.json"), "{}");
    const again = await runBuild(optionsFor(SEEDS_MIN, out));
    expect(again.publish?.unchanged).toBe(false);
    expect(await hashTree(out)).toEqual(tree);
  });
});

describe("runBuild over a damaged previous output", () => {
  /** A response large enough to have compressed variants. */
  const RESPONSE = "responses/resume/api/v1/resumes/index.json";

  /** A build of seeds-min and its tree. */
  async function built(out: string) {
    await copySeedsMinBuild(out);
    return hashTree(out);
  }

  it.each<[string, (out: string) => Promise<void>]>([
    ["a page edited in place", (out) => writeFile(path.join(out, "index.html"), "garbage")],
    [
      "a response shortened",
      async (out) =>
        writeFile(path.join(out, RESPONSE), (await readFile(path.join(out, RESPONSE), "utf8")).slice(0, -10)),
    ],
    ["a compressed variant replaced", (out) => writeFile(path.join(out, "index.html.br"), "not brotli")],
    [
      "a response's variant edited to the same size",
      async (out) =>
        writeFile(
          path.join(out, `${RESPONSE}.gz`),
          Buffer.alloc((await readFile(path.join(out, `${RESPONSE}.gz`))).length),
        ),
    ],
    ["a response removed", (out) => rm(path.join(out, RESPONSE))],
    [
      "a response shortened, its modification time put back (a copy that keeps times: cp -p, rsync -t)",
      async (out) => {
        const file = path.join(out, RESPONSE);
        const { atime, mtime } = await stat(file);
        await writeFile(file, (await readFile(file, "utf8")).slice(0, -10));
        await utimes(file, atime, mtime);
      },
    ],
    ["an engine file edited", (out) => writeFile(path.join(out, "_engine/dataset.json"), "{}")],
  ])("rewrites %s: the rebuild gives the tree a full build gives", async (_case, damage) => {
    const out = path.join(parent, "dist");
    const tree = await built(out);
    await damage(out);
    const report = await runBuild(optionsFor(SEEDS_MIN, out));
    expect(report.publish?.unchanged).toBe(false);
    expect(report.publish!.written).toBeGreaterThanOrEqual(1);
    expect(await hashTree(out)).toEqual(tree);
  });

  it("does not keep the variants of an output compressed otherwise (another Node, zlib or brotli, other settings): the rebuild gives the tree a full build gives", async () => {
    const out = path.join(parent, "dist");
    const tree = await built(out);
    // What another brotli makes of the same body: other, valid bytes, recorded in the manifest as a build records its own.
    const other = brotliCompressSync(await readFile(path.join(out, RESPONSE)), {
      params: { [constants.BROTLI_PARAM_QUALITY]: 1 },
    });
    await writeFile(path.join(out, `${RESPONSE}.br`), other);
    const manifestFile = path.join(out, "_engine/manifest.json");
    const manifest = JSON.parse(await readFile(manifestFile, "utf8")) as {
      files: Record<string, { encodings: Record<string, unknown> }>;
    };
    expect(manifest.files[RESPONSE]?.encodings.br).toBeDefined();
    manifest.files[RESPONSE]!.encodings.br = { etag: etagOf(other), bytes: other.length };
    await writeFile(manifestFile, `${JSON.stringify(manifest)}\n`);
    const recordFile = path.join(out, "_engine/build-inputs.json");
    await writeFile(
      recordFile,
      `${JSON.stringify({ ...JSON.parse(await readFile(recordFile, "utf8")), compressors: "another brotli" })}\n`,
    );
    await runBuild(optionsFor(SEEDS_MIN, out));
    expect(await hashTree(out)).toEqual(tree);
  });

  it("links only files that are intact when the seeds changed too, and rewrites a damaged one", async () => {
    const out = path.join(parent, "dist");
    await copySeedsMinBuild(out);
    await writeFile(path.join(out, "index.html"), "garbage");
    await writeFile(
      path.join(out, `${RESPONSE}.gz`),
      Buffer.alloc((await readFile(path.join(out, `${RESPONSE}.gz`))).length),
    ); // same size, other bytes
    const changed = await changedSeedsAndFullBuild();
    await runBuild(optionsFor(changed.seeds, out));
    expect(await hashTree(out)).toEqual(changed.tree);
  });
});

describe("a rebuild after something the loader refuses unread was added to the seeds", () => {
  // The loader names these without reading them; a rebuild that kept the output in place would not load at all.
  it.each([
    ["a misnamed seed file", "brands/new-brands.jsonl", (file: string) => writeFile(file, "{}\n")],
    [
      "a subfolder",
      "brands/2026/",
      (file: string) => mkdir(file).then(() => writeFile(path.join(file, "new.ndjson"), "{}\n")),
    ],
    [
      "a broken symbolic link",
      "brands/extra.ndjson",
      (file: string) => symlink(path.join(parent, "nowhere.ndjson"), file),
    ],
  ])("refuses %s, as a first build would, and leaves dist/ as it was", async (_kind, added, add) => {
    const { seeds, out } = await builtCopy();
    const before = await hashTree(out);
    await add(path.join(seeds, added));
    await expect(runBuild(optionsFor(seeds, out))).rejects.toThrow(`seeds/${added}: `);
    expect(await hashTree(out)).toEqual(before);
  });
});

describe("fingerprintInputs", () => {
  it("changes with any byte of the seeds and with the options, and only then", async () => {
    const seeds = path.join(parent, "seeds");
    await cp(SEEDS_MIN, seeds, { recursive: true });
    const base = await fingerprintInputs(seeds, { maxFiles: 1 });
    expect(await fingerprintInputs(seeds, { maxFiles: 1 })).toBe(base);
    expect(await fingerprintInputs(seeds, { maxFiles: 2 })).not.toBe(base);
    await writeFile(
      path.join(seeds, "meta", "meta.json"),
      `${await readFile(path.join(seeds, "meta", "meta.json"), "utf8")} `,
    );
    expect(await fingerprintInputs(seeds, { maxFiles: 1 })).not.toBe(base);
  });

  it("reads seed folders and files behind symbolic links, as the loader does", async () => {
    const seeds = path.join(parent, "seeds-linked");
    const outside = path.join(parent, "alerts-outside");
    await cp(SEEDS_MIN, seeds, { recursive: true });
    await rename(path.join(seeds, "tc-alerts"), outside);
    await symlink(outside, path.join(seeds, "tc-alerts"));
    const base = await fingerprintInputs(seeds, { maxFiles: 1 });
    const alerts = path.join(outside, "tc-alerts.ndjson");
    await writeFile(alerts, (await readFile(alerts, "utf8")).replace("Bonus wagering", "Bonus Wagering"));
    expect(await fingerprintInputs(seeds, { maxFiles: 1 })).not.toBe(base);
  });
});

describe("fingerprintInputs of the build's code", () => {
  /** A stand-in for build/ and package-lock.json. */
  async function codeCopy(): Promise<CodeInputs> {
    const code = { dir: path.join(parent, "code", "build"), lockFile: path.join(parent, "code", "package-lock.json") };
    await mkdir(path.join(code.dir, "emit"), { recursive: true });
    await writeFile(path.join(code.dir, "emit", "a.ts"), "export const A = 1;\n");
    await writeFile(code.lockFile, '{"lockfileVersion":3}\n');
    return code;
  }

  it("is the build's own code (build/ and package-lock.json) by default", async () => {
    expect(BUILD_CODE.dir).toBe(path.resolve("build"));
    expect(BUILD_CODE.lockFile).toBe(path.resolve("package-lock.json"));
    expect(await fingerprintInputs(SEEDS_MIN, { maxFiles: 1 })).toBe(
      await fingerprintInputs(SEEDS_MIN, { maxFiles: 1 }, BUILD_CODE),
    );
  });

  it("changes with a byte of the code, a file added to it, and the lock file; a hidden file changes nothing", async () => {
    const code = await codeCopy();
    const fingerprint = () => fingerprintInputs(SEEDS_MIN, { maxFiles: 1 }, code);
    const base = await fingerprint();
    expect(await fingerprint()).toBe(base);
    await writeFile(path.join(code.dir, "emit", ".a.ts.swp"), "editor state");
    expect(await fingerprint()).toBe(base);
    await writeFile(path.join(code.dir, "emit", "a.ts"), "export const A = 2;\n");
    const edited = await fingerprint();
    expect(edited).not.toBe(base);
    await writeFile(path.join(code.dir, "b.ts"), "");
    const added = await fingerprint();
    expect(added).not.toBe(edited);
    await writeFile(code.lockFile, '{"lockfileVersion":3,"packages":{}}\n');
    const relocked = await fingerprint();
    expect(relocked).not.toBe(added);
    await rm(code.lockFile);
    expect(await fingerprint()).not.toBe(relocked); // no lock file (a checkout without one) is a state of its own
  });
});

describe("codeFiles", () => {
  it("lists the code the fingerprint reads, without hidden files and folders (a .DS_Store, an editor's swap file), as the loader skips them in seeds", async () => {
    for (const file of ["a.ts", "publish/b.mjs", "publish/.DS_Store", ".swp/c.ts", "publish/.b.mjs.swp"]) {
      await mkdir(path.dirname(path.join(parent, "code", file)), { recursive: true });
      await writeFile(path.join(parent, "code", file), "x");
    }
    expect(await codeFiles(path.join(parent, "code"))).toEqual(["a.ts", "publish/b.mjs"]);
  });
});

describe("listFiles", () => {
  it("lists every file of a tree, relative and sorted, and nothing for a folder that does not exist", async () => {
    for (const file of ["b/z.json", "a.json", "b/c/d.json", "b/a.json.gz"]) {
      await mkdir(path.dirname(path.join(parent, "tree", file)), { recursive: true });
      await writeFile(path.join(parent, "tree", file), "x");
    }
    await mkdir(path.join(parent, "tree", "empty"));
    expect(await listFiles(path.join(parent, "tree"))).toEqual(["a.json", "b/a.json.gz", "b/c/d.json", "b/z.json"]);
    expect(await listFiles(path.join(parent, "missing"))).toEqual([]);
  });
});
