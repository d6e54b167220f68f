import { createHash } from "node:crypto";
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COMPRESS_MIN_BYTES, compressBodySync } from "../../build/output-format/compress-body.ts";
import { completeOutput, createOutputSink, ensureWithin } from "../../build/emit/output-sink.ts";
import { MANIFEST_FILE, type Manifest } from "../../build/output-format/manifest.ts";
import { readPreviousOutput } from "../../build/emit/previous-output.ts";
import { BuildError } from "../../build/errors.ts";
import { etagOf } from "../../build/output-format/etag.ts";
import { hashTree } from "../fixtures/tree-hash.ts";
import { emitPlan, jsonBody, makePlan } from "./compress-fixtures.ts";

const BIG = "responses/api/dataset/v1/brands/index.json";
const OTHER = "responses/api/dataset/v1/brands/page=2.json";
const SMALL = "responses/api/dataset/v1/brands/country=GB.json";

let parent: string;
beforeEach(async () => {
  parent = await mkdtemp(path.join(os.tmpdir(), "output-sink-"));
});
afterEach(async () => {
  await rm(parent, { recursive: true, force: true });
});

const inode = async (file: string) => (await stat(file)).ino;
const manifestIn = async (dir: string) => JSON.parse(await readFile(path.join(dir, MANIFEST_FILE), "utf8")) as Manifest;

describe("ensureWithin", () => {
  const ROOT = path.resolve("/srv/out");
  it.each([
    ["index.json", path.join(ROOT, "index.json")],
    ["responses/api/dataset/v1/brands/index.json", path.join(ROOT, "responses/api/dataset/v1/brands/index.json")],
    ["a/../b.json", path.join(ROOT, "b.json")], // stays inside once resolved
    ["responses/q=...json", path.join(ROOT, "responses/q=...json")], // dots inside a name are not a parent reference
  ])("resolves %s inside the folder", (relative, expected) => {
    expect(ensureWithin(ROOT, relative)).toBe(expected);
  });

  it.each([["../x"], ["../out-evil/x.json"], ["a/../../x"], ["/etc/passwd"], [""], ["."]])(
    "refuses %j with an internal BuildError",
    (relative) => {
      expect(() => ensureWithin(ROOT, relative)).toThrow(BuildError);
      expect(() => ensureWithin(ROOT, relative)).toThrow(/^Internal error: output path escapes the output folder/);
    },
  );
});

describe("createOutputSink", () => {
  it("writes every file, and .br and .gz of a large body with the bytes of compressBodySync, listed with the ETags of their own bytes", async () => {
    const out = path.join(parent, "out");
    const big = jsonBody(4000);
    const plan = makePlan({ [BIG]: big, [SMALL]: jsonBody(COMPRESS_MIN_BYTES / 4) });
    const report = await emitPlan(out, plan);
    const br = await readFile(path.join(out, `${BIG}.br`));
    const gz = await readFile(path.join(out, `${BIG}.gz`));
    expect(br.equals(compressBodySync("br", big))).toBe(true);
    expect(gz.equals(compressBodySync("gzip", big))).toBe(true);
    expect(await readFile(path.join(out, BIG), "utf8")).toBe(big);
    const manifest = await manifestIn(out);
    expect(manifest.files[BIG]!.encodings).toEqual({
      br: { etag: etagOf(br), bytes: br.length },
      gzip: { etag: etagOf(gz), bytes: gz.length },
    });
    expect(manifest.files[SMALL]!.encodings).toBeUndefined();
    expect(manifest).toEqual(plan.manifest);
    expect(Object.keys(await hashTree(out))).toEqual([MANIFEST_FILE, SMALL, BIG, `${BIG}.br`, `${BIG}.gz`].sort());
    expect(report).toEqual({ written: 5, linked: 0, variants: { files: 2, bytes: br.length + gz.length } });
  });

  it("gives the same bytes on two threads as on the calling thread, Unicode included", async () => {
    const out = path.join(parent, "out");
    const bodies = [
      jsonBody(5000),
      `${JSON.stringify({ text: "Медиабайер, «Ünïcödé» — 東京 ".repeat(200) })}\n`,
      jsonBody(2 * COMPRESS_MIN_BYTES, "third"),
    ];
    const plan = makePlan(Object.fromEntries(bodies.map((body, i) => [`responses/x/${i}.json`, body])));
    await emitPlan(out, plan, undefined, 2);
    for (const [i, body] of bodies.entries()) {
      expect((await readFile(path.join(out, `responses/x/${i}.json.br`))).equals(compressBodySync("br", body))).toBe(
        true,
      );
      expect((await readFile(path.join(out, `responses/x/${i}.json.gz`))).equals(compressBodySync("gzip", body))).toBe(
        true,
      );
      expect(await readFile(path.join(out, `responses/x/${i}.json`), "utf8")).toBe(body);
    }
  });

  it("keeps a variant only when it is smaller than the body", async () => {
    const out = path.join(parent, "out");
    // Hash output does not compress: both codings come out larger than the body.
    const noise = Buffer.concat(Array.from({ length: 128 }, (_, i) => createHash("sha256").update(String(i)).digest()));
    const plan = makePlan({}, [{ url: "/noise.txt", file: "noise.txt", type: "text/plain", body: noise }]);
    const report = await emitPlan(out, plan);
    expect(plan.manifest.site["/noise.txt"]!.encodings).toBeUndefined();
    expect(Object.keys(await hashTree(out))).toEqual([MANIFEST_FILE, "noise.txt"]);
    expect(report.variants).toEqual({ files: 0, bytes: 0 });
  });

  it("gives a body that comes twice (a release's copy of a download) the same variants at both paths, each a file of its own", async () => {
    const out = path.join(parent, "out");
    const body = jsonBody(6000);
    const copy = "downloads/2025-01-01/brands.csv";
    const plan = makePlan({ [BIG]: body, [OTHER]: jsonBody(6000, "other") }, [
      { url: "/downloads/brands.csv", file: "downloads/brands.csv", type: "text/csv", body },
      { url: "/downloads/2025-01-01/brands.csv", file: copy, type: "text/csv", body },
    ]);
    const report = await emitPlan(out, plan, undefined, 2);
    const br = compressBodySync("br", body);
    const gz = compressBodySync("gzip", body);
    const variants = { br: { etag: etagOf(br), bytes: br.length }, gzip: { etag: etagOf(gz), bytes: gz.length } };
    for (const file of [BIG, "downloads/brands.csv", copy]) {
      expect((await readFile(path.join(out, `${file}.br`))).equals(br), file).toBe(true);
      expect((await readFile(path.join(out, `${file}.gz`))).equals(gz), file).toBe(true);
    }
    expect(plan.manifest.files[BIG]!.encodings).toEqual(variants);
    expect(plan.manifest.site["/downloads/brands.csv"]!.encodings).toEqual(variants);
    expect(plan.manifest.site["/downloads/2025-01-01/brands.csv"]!.encodings).toEqual(variants);
    // Copies, not links: every file of a new output is written (the same count as before the copying).
    expect(await inode(path.join(out, `${copy}.br`))).not.toBe(await inode(path.join(out, `${BIG}.br`)));
    expect(report.written).toBe(4 * 3 + 1);
    expect(report.linked).toBe(0);
    expect(report.variants.files).toBe(8);
  });

  it("on a dry run (no folder) compresses for the summary and writes nothing", async () => {
    const plan = makePlan({ [BIG]: jsonBody(4000) });
    const report = await emitPlan(undefined, plan);
    expect(report.written).toBe(0);
    expect(report.variants.files).toBe(2);
    expect(plan.manifest.files[BIG]!.encodings?.br?.bytes).toBe(compressBodySync("br", jsonBody(4000)).length);
    expect(await readdir(parent)).toEqual([]);
  });

  it("refuses a path that escapes the folder or comes twice, before writing it", async () => {
    const out = path.join(parent, "out");
    const sink = createOutputSink(out, undefined, 1);
    try {
      expect(() => sink.addPlain({ path: "../escape.json", body: "x", group: "x" })).toThrow(
        /output path escapes the output folder/,
      );
      sink.addPlain({ path: "ok.json", body: "y", group: "x" });
      expect(() => sink.addPlain({ path: "ok.json", body: "z", group: "x" })).toThrow(/ok.json emitted twice/);
      await sink.settled();
    } finally {
      await sink.close();
    }
    expect(await readdir(parent)).toEqual(["out"]);
    expect(await hashTree(out)).toEqual({ "ok.json": createHash("sha256").update("y").digest("hex") });
  });

  it("copies the variants of a body an output it published holds, checked: a variant edited since is made anew", async () => {
    const body = jsonBody(6000, "published");
    const write = async (out: string) => {
      const plan = makePlan({ [BIG]: body });
      const sink = createOutputSink(out, undefined, 1);
      try {
        sink.addDescribed(plan.files[0]!, plan.manifest.files[BIG]!, true);
        await completeOutput(sink, plan);
        sink.published(out);
        return { report: await sink.settled(), manifest: plan.manifest };
      } finally {
        await sink.close();
      }
    };
    const variantsIn = async (out: string) => [
      await readFile(path.join(out, `${BIG}.br`)),
      await readFile(path.join(out, `${BIG}.gz`)),
    ];
    const expected = [compressBodySync("br", body), compressBodySync("gzip", body)];
    const first = await write(path.join(parent, "first"));
    const second = await write(path.join(parent, "second"));
    expect(await variantsIn(path.join(parent, "second"))).toEqual(expected);
    expect(second).toEqual(first);
    // The copy source is now the second output: its brotli variant damaged, the third build compresses again.
    const damaged = path.join(parent, "second", `${BIG}.br`);
    await writeFile(damaged, Buffer.alloc(expected[0]!.length));
    const third = await write(path.join(parent, "third"));
    expect(await variantsIn(path.join(parent, "third"))).toEqual(expected);
    expect(third).toEqual(first);
  });

  it("holds the producer back while too many bytes are queued for the threads, and lets it go once they caught up", async () => {
    const out = path.join(parent, "out");
    const sink = createOutputSink(out, undefined, 1);
    try {
      const body = "x".repeat(40 * 1024 * 1024);
      sink.addPlain({ path: "a.json", body, group: "x" });
      sink.addPlain({ path: "b.json", body, group: "x" });
      // 80 MiB queued: held until the thread has written at least one of them.
      const first = await Promise.race([
        sink.paced().then(() => "released"),
        new Promise((resolve) => setImmediate(() => resolve("held"))),
      ]);
      expect(first).toBe("held");
      await sink.paced();
      await sink.settled();
      await expect(
        Promise.race([
          sink.paced().then(() => "released"),
          new Promise((resolve) => setImmediate(() => resolve("held"))),
        ]),
      ).resolves.toBe("released");
    } finally {
      await sink.close();
    }
    expect((await stat(path.join(out, "b.json"))).size).toBe(40 * 1024 * 1024);
  });

  it("writes exactly the bytes of a body that is a view into a larger buffer", async () => {
    const out = path.join(parent, "out");
    const sink = createOutputSink(out, undefined, 1);
    try {
      const whole = Buffer.from(`prefix-${jsonBody(2000)}-suffix`);
      const body = whole.subarray(7, whole.length - 7);
      sink.addPlain({ path: "view.json", body, group: "x" });
      await sink.settled();
      expect((await readFile(path.join(out, "view.json"))).equals(body)).toBe(true);
    } finally {
      await sink.close();
    }
  });

  it("rejects, naming the file and the folder, when a file cannot be written", async () => {
    const blocker = path.join(parent, "a-file");
    await writeFile(blocker, "not a folder");
    const sink = createOutputSink(blocker, undefined, 1);
    try {
      sink.addPlain({ path: "x/y.json", body: "{}", group: "x" });
      await expect(sink.settled()).rejects.toThrow(`Could not write x/y.json into ${blocker}: ENOTDIR`);
    } finally {
      await sink.close();
    }
  });
});

describe("createOutputSink over a previous output", () => {
  /** The previous output as a build of these compressors records it (emitPlan writes no build record). */
  const madeHere = async (dir: string) => ({ ...(await readPreviousOutput(dir))!, sameCompressors: true });
  const plan = (b: string) =>
    makePlan({ [BIG]: jsonBody(4000, "a"), [OTHER]: b, [SMALL]: "{}\n" }, [
      { url: "/llms.txt", file: "llms.txt", type: "text/plain", body: jsonBody(2000, "llms") },
    ]);

  it("links unchanged files and their variants, writes and compresses only what changed, and gives the tree a full write gives", async () => {
    const previousDir = path.join(parent, "previous");
    await emitPlan(previousDir, plan(jsonBody(3000, "b")));
    const previous = await madeHere(previousDir);
    const out = path.join(parent, "next");
    const report = await emitPlan(out, plan(jsonBody(3000, "b-changed")), previous);
    // OTHER, its two variants and the manifest are new; BIG, SMALL, llms.txt and their four variants are links.
    expect(report).toMatchObject({ written: 4, linked: 7, variants: { files: 6 } });
    for (const file of [BIG, `${BIG}.gz`, `${BIG}.br`, "llms.txt.br", SMALL])
      expect(await inode(path.join(out, file))).toBe(await inode(path.join(previousDir, file)));
    expect(await inode(path.join(out, `${OTHER}.br`))).not.toBe(await inode(path.join(previousDir, `${OTHER}.br`)));
    const fresh = path.join(parent, "fresh");
    await emitPlan(fresh, plan(jsonBody(3000, "b-changed")));
    expect(await hashTree(out)).toEqual(await hashTree(fresh));
  });

  it("links unchanged files but makes every variant anew when the previous output does not record this build's compressors", async () => {
    const previousDir = path.join(parent, "previous");
    await emitPlan(previousDir, plan(jsonBody(3000, "b")));
    const previous = (await readPreviousOutput(previousDir))!;
    expect(previous.sameCompressors).toBe(false); // emitPlan records no build
    const out = path.join(parent, "next");
    const report = await emitPlan(out, plan(jsonBody(3000, "b-changed")), previous);
    // BIG, SMALL and llms.txt are links; the six variants, OTHER and the manifest are written.
    expect(report).toMatchObject({ written: 8, linked: 3, variants: { files: 6 } });
    expect(await inode(path.join(out, BIG))).toBe(await inode(path.join(previousDir, BIG)));
    expect(await inode(path.join(out, `${BIG}.br`))).not.toBe(await inode(path.join(previousDir, `${BIG}.br`)));
  });

  it("links unchanged files where the output folder's mode does not tell a new file's (a file system of fixed modes: CIFS, WSL's /mnt/c)", async () => {
    const previousDir = path.join(parent, "previous");
    await emitPlan(previousDir, plan(jsonBody(3000, "b")));
    const previous = await madeHere(previousDir);
    const out = path.join(parent, "next");
    await mkdir(out);
    await chmod(out, 0o711); // & 0o666 is 0600; a file written in it still gets 0666 less the umask
    const report = await emitPlan(out, plan(jsonBody(3000, "b-changed")), previous);
    expect(report).toMatchObject({ written: 4, linked: 7 });
    expect(await inode(path.join(out, BIG))).toBe(await inode(path.join(previousDir, BIG)));
    expect((await readdir(out)).filter((name) => name.startsWith(".mode-probe"))).toEqual([]);
  });

  it("keeps no variant of an unchanged body that is now to get none (its variant's name is a planned file)", async () => {
    const previousDir = path.join(parent, "previous");
    await emitPlan(previousDir, plan(jsonBody(3000, "b")));
    expect(
      (await readdir(path.join(previousDir, path.dirname(BIG)))).filter((name) => name.startsWith("index.json.")),
    ).toHaveLength(2);
    const out = path.join(parent, "next");
    const sink = createOutputSink(out, await madeHere(previousDir), 1);
    const body = jsonBody(4000, "a");
    const entry = { etag: etagOf(body), bytes: Buffer.byteLength(body) };
    try {
      sink.addDescribed({ path: BIG, body, group: "x" }, entry, false);
      expect(await sink.settled()).toEqual({ written: 0, linked: 1, variants: { files: 0, bytes: 0 } });
    } finally {
      await sink.close();
    }
    expect(entry).toEqual({ etag: etagOf(body), bytes: Buffer.byteLength(body) });
    expect(Object.keys(await hashTree(out))).toEqual([BIG]);
  });

  it("writes the bytes (recompressing a kept variant) where a previous file cannot be linked", async () => {
    const previousDir = path.join(parent, "previous");
    await emitPlan(previousDir, plan(jsonBody(3000, "b")));
    const previous = await madeHere(previousDir);
    // The previous tree is gone but its manifest was read: every link fails.
    await rm(previousDir, { recursive: true });
    const out = path.join(parent, "next");
    const report = await emitPlan(out, plan(jsonBody(3000, "b-changed")), previous);
    expect(report).toMatchObject({ written: 11, linked: 0 });
    const fresh = path.join(parent, "fresh");
    await emitPlan(fresh, plan(jsonBody(3000, "b-changed")));
    expect(await hashTree(out)).toEqual(await hashTree(fresh));
  });
});
