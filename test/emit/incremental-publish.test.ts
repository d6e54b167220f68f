import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fingerprintInputs } from "../../build/emit/build-inputs.ts";
import { compressOutputs } from "../../build/emit/compress-outputs.ts";
import type { OutputPlan } from "../../build/emit/plan-outputs.ts";
import { listFiles } from "../../build/emit/list-files.ts";
import { publishOutputs, readPreviousOutput } from "../../build/emit/publish-outputs.ts";
import { nodeWriter } from "../../build/emit/write-outputs.ts";
import { runBuild } from "../../build/run-build.ts";
import { SEEDS_MIN } from "../fixtures/seeds-invalid.ts";
import { hashTree } from "../fixtures/tree-hash.ts";
import { jsonBody, makePlan } from "./compress-fixtures.ts";

let parent: string;
beforeEach(async () => {
  parent = await mkdtemp(path.join(os.tmpdir(), "incremental-"));
});
afterEach(async () => {
  await rm(parent, { recursive: true, force: true });
});

const A = "responses/api/dataset/v1/brands/index.json";
const B = "responses/api/dataset/v1/brands/page=2.json";
const C = "responses/api/dataset/v1/brands/country=GB.json";

const plan = (b: string): OutputPlan => makePlan({ [A]: jsonBody(4000, "a"), [B]: b, [C]: "{}\n" }, [{ url: "/llms.txt", file: "llms.txt", type: "text/plain", body: jsonBody(2000, "llms") }]);

/** Builds the plan into `outDir` the way runBuild does: previous output read, variants reused, published. */
async function publish(outDir: string, next: OutputPlan, writer = nodeWriter) {
  const previous = await readPreviousOutput(outDir);
  return publishOutputs(outDir, await compressOutputs(next, previous), previous, writer);
}

const inode = async (file: string) => (await stat(file)).ino;

describe("publishOutputs", () => {
  it("writes everything into a new folder: 4 bodies, their 6 variants and the manifest", async () => {
    const out = path.join(parent, "dist");
    const report = await publish(out, plan(jsonBody(3000, "b")));
    expect(report).toMatchObject({ files: 11, written: 11, linked: 0, unchanged: false });
    expect(Object.keys(await hashTree(out))).toHaveLength(11);
  });

  it("rewrites no file when nothing changed: same inodes, same bytes, no temporary folder left", async () => {
    const out = path.join(parent, "dist");
    await publish(out, plan(jsonBody(3000, "b")));
    const before = await hashTree(out);
    const inodeBefore = await inode(path.join(out, `${A}.br`));
    const report = await publish(out, plan(jsonBody(3000, "b")));
    expect(report).toMatchObject({ files: 11, written: 0, linked: 0, unchanged: true });
    expect(await hashTree(out)).toEqual(before);
    expect(await inode(path.join(out, `${A}.br`))).toBe(inodeBefore);
    expect(await readdir(parent)).toEqual(["dist"]);
  });

  it("after a change, writes only the changed files, links the rest, and gives the tree a full write gives", async () => {
    const out = path.join(parent, "dist");
    await publish(out, plan(jsonBody(3000, "b")));
    const kept = await inode(path.join(out, `${A}.gz`));
    const report = await publish(out, plan(jsonBody(3000, "b-changed")));
    // B, its two variants and the manifest are new; A, C, llms.txt and their four variants are links.
    expect(report).toMatchObject({ files: 11, written: 4, linked: 7, unchanged: false });
    expect(await inode(path.join(out, `${A}.gz`))).toBe(kept);
    const fresh = path.join(parent, "fresh");
    await publish(fresh, plan(jsonBody(3000, "b-changed")));
    expect(await hashTree(out)).toEqual(await hashTree(fresh));
    expect((await readdir(parent)).sort()).toEqual(["dist", "fresh"]);
  });

  it("rewrites a tree that holds a file the plan does not have", async () => {
    const out = path.join(parent, "dist");
    await publish(out, plan(jsonBody(3000, "b")));
    await writeFile(path.join(out, "stray.json"), "{}");
    const report = await publish(out, plan(jsonBody(3000, "b")));
    expect(report.unchanged).toBe(false);
    expect(report.written + report.linked).toBe(11);
    expect(Object.keys(await hashTree(out))).not.toContain("stray.json");
  });

  it("writes the bytes (recompressing a reused variant) where the file system cannot link", async () => {
    const out = path.join(parent, "dist");
    await publish(out, plan(jsonBody(3000, "b")));
    const noLinks = { ...nodeWriter, link: async () => Promise.reject(new Error("EXDEV")) };
    const report = await publish(out, plan(jsonBody(3000, "b-changed")), noLinks);
    expect(report).toMatchObject({ written: 11, linked: 0 });
    const fresh = path.join(parent, "fresh");
    await publish(fresh, plan(jsonBody(3000, "b-changed")));
    expect(await hashTree(out)).toEqual(await hashTree(fresh));
  });
});

describe("runBuild over its own previous output", () => {
  const optionsFor = (seedsDir: string, outDir: string) => ({ seedsDir, outDir, baseUrl: "https://data.example.com", maxFiles: 20_000, dryRun: false });

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
    const seeds = path.join(parent, "seeds");
    await cp(SEEDS_MIN, seeds, { recursive: true });
    const out = path.join(parent, "dist");
    await runBuild(optionsFor(seeds, out));
    const resumes = path.join(seeds, "resumes", "resumes.ndjson");
    await writeFile(resumes, (await readFile(resumes, "utf8")).replace('"title":"', '"title":"Changed: '));
    const report = await runBuild(optionsFor(seeds, out));
    expect(report.publish?.unchanged).toBe(false);
    expect(report.publish!.linked).toBeGreaterThan(report.publish!.written);
    const fresh = path.join(parent, "fresh");
    await runBuild(optionsFor(seeds, fresh));
    expect(await hashTree(out)).toEqual(await hashTree(fresh));
  });

  it("does not trust an output that gained a file since it was recorded", async () => {
    const out = path.join(parent, "dist");
    await runBuild(optionsFor(SEEDS_MIN, out));
    const tree = await hashTree(out);
    await writeFile(path.join(out, "stray.json"), "{}");
    const again = await runBuild(optionsFor(SEEDS_MIN, out));
    expect(again.publish?.unchanged).toBe(false);
    expect(await hashTree(out)).toEqual(tree);
  });
});

describe("fingerprintInputs", () => {
  it("changes with any byte of the seeds and with the options, and only then", async () => {
    const seeds = path.join(parent, "seeds");
    await cp(SEEDS_MIN, seeds, { recursive: true });
    const base = await fingerprintInputs(seeds, { maxFiles: 1 });
    expect(await fingerprintInputs(seeds, { maxFiles: 1 })).toBe(base);
    expect(await fingerprintInputs(seeds, { maxFiles: 2 })).not.toBe(base);
    await writeFile(path.join(seeds, "meta", "meta.json"), `${await readFile(path.join(seeds, "meta", "meta.json"), "utf8")} `);
    expect(await fingerprintInputs(seeds, { maxFiles: 1 })).not.toBe(base);
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
