/**
 * `--engine-only` (issue 32): a build that writes what the Netlify function and the host's live answers
 * read, and nothing else, so that the function's bench and tests need not build the site. Its engine files
 * are a full build's, byte for byte (test/golden/seeds-min.json), and the function over it answers with a
 * full build's bytes.
 */
import { createHash } from "node:crypto";
import { cp, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBuildCommand } from "../../build/cli.ts";
import { ENDPOINTS } from "../../build/query/endpoints.ts";
import { runBuild, type BuildReport } from "../../build/run-build.ts";
import { loadFunctionDeps } from "../../build/serve/netlify-function-deps.ts";
import { createWebHandler } from "../../build/serve/web-adapter.ts";
import { describeTree, type GoldenTree } from "../helpers/golden-tree.ts";

const SEEDS = "test/fixtures/seeds-min";
const BASE_URL = "http://127.0.0.1:8080";

let root: string;
let out: string;
let report: BuildReport;
let golden: GoldenTree;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "engine-only-"));
  out = path.join(root, "dist");
  report = await runBuild({
    seedsDir: SEEDS,
    outDir: out,
    baseUrl: BASE_URL,
    maxFiles: 20_000,
    dryRun: false,
    engineOnly: true,
  });
  golden = JSON.parse(await readFile("test/golden/seeds-min.json", "utf8")) as GoldenTree;
});

afterAll(async () => {
  if (root !== undefined) await rm(root, { recursive: true, force: true });
});

describe("runBuild with engineOnly", () => {
  it("writes the engine's files and the routing, and no page, download or response", async () => {
    expect((await readdir(out, { recursive: true })).sort()).toEqual([
      "_engine",
      "_engine/build-inputs.json",
      "_engine/dataset.json",
      "_engine/manifest.json",
      "_engine/resume-search.json",
      "_headers",
      "_redirects",
    ]);
    expect(report.stages.pages).toBeUndefined();
    expect(report.release).toBeUndefined();
    const manifest = JSON.parse(await readFile(path.join(out, "_engine/manifest.json"), "utf8")) as {
      files: object;
      site: object;
    };
    expect(manifest.files).toEqual({});
    expect(manifest.site).toEqual({});
  });

  it("writes the dataset and the search index a full build writes, byte for byte", async () => {
    const built = await describeTree(out);
    for (const file of ["_engine/dataset.json", "_engine/resume-search.json"])
      expect(built.files[file]?.sha256, file).toBe(golden.files[file]?.sha256);
  });

  it("is what the Netlify function needs: it answers with a full build's bytes", async () => {
    const handler = createWebHandler(loadFunctionDeps(() => out, ENDPOINTS));
    const answers: [string, string][] = [
      ["/api/dataset/v1/brands", "responses/api/dataset/v1/brands/index.json"],
      ["/api/dataset/v1/trending", "responses/api/dataset/v1/trending/index.json"],
      ["/resume/api/v1/resumes?has_contacts=1", "responses/resume/api/v1/resumes/has_contacts=1.json"],
    ];
    for (const [url, file] of answers) {
      const response = await handler(new Request(`https://function.example${url}`), {});
      expect(response.status, url).toBe(200);
      const sha256 = createHash("sha256")
        .update(Buffer.from(await response.arrayBuffer()))
        .digest("hex");
      expect(sha256, url).toBe(golden.files[file]?.sha256);
    }
  });

  it("is not taken for a full build of the same seeds: a full build into its folder writes the site", async () => {
    // A copy of the engine-only build, so that the other tests read `out` as built whatever the order.
    const own = path.join(root, "rebuilt-dist");
    await cp(out, own, { recursive: true });
    const full = await runBuild({ seedsDir: SEEDS, outDir: own, baseUrl: BASE_URL, maxFiles: 20_000, dryRun: false });
    expect(full.publish?.unchanged).toBe(false);
    expect(full.stages.pages).toBeGreaterThanOrEqual(0);
    expect((await describeTree(own)).files["responses/api/dataset/v1/brands/index.json"]?.sha256).toBe(
      golden.files["responses/api/dataset/v1/brands/index.json"]?.sha256,
    );
  });
});

describe("npm run build -- --engine-only", () => {
  it("passes the option to the build: the same engine files, and no response or page", async () => {
    const cliOut = path.join(root, "cli-dist");
    const log: string[] = [];
    await createBuildCommand((line) => log.push(line)).parseAsync(
      ["--seeds", SEEDS, "--out", cliOut, "--base-url", BASE_URL, "--engine-only"],
      { from: "user" },
    );
    expect(log.some((line) => line.startsWith("Wrote 6 files"))).toBe(true);
    expect((await readdir(cliOut)).sort()).toEqual(["_engine", "_headers", "_redirects"]);
    const built = await describeTree(cliOut);
    expect(built.files["_engine/dataset.json"]?.sha256).toBe(golden.files["_engine/dataset.json"]?.sha256);
  });
});
