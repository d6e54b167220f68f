import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { planOutputs, type OnPlannedFile } from "../../build/emit/plan-outputs.ts";
import { MANIFEST_FILE, serializeManifest } from "../../build/output-format/manifest.ts";
import { pageFile, siteKey, type SiteProducer } from "../../build/output-format/site-files.ts";
import { ENDPOINTS } from "../../build/query/endpoints.ts";
import { handleRequest } from "../../build/serve/handle-request.ts";
import { createPrecomputedStore } from "../../build/serve/precomputed-store.ts";
import { etagOf } from "../../build/output-format/etag.ts";
import { emitPlan, planAndWrite } from "../emit/compress-fixtures.ts";
import { minContext } from "../fixtures/min-context.ts";
import { sampleContext } from "../helpers/sample-host.ts";

const llms: SiteProducer = () => [
  { urlPath: "/llms.txt", file: "llms.txt", contentType: "text/plain; charset=utf-8", body: "# guide\n" },
  {
    urlPath: "/methodology",
    file: pageFile("/methodology"),
    contentType: "text/html; charset=utf-8",
    body: "<!doctype html><title>m</title>\n",
  },
];

describe("pageFile and siteKey", () => {
  it.each([
    ["/", "index.html"],
    ["/methodology", "methodology/index.html"],
    ["/api/dataset/v1/docs/", "api/dataset/v1/docs/index.html"],
  ])("maps the page %s to the file %s", (urlPath, file) => {
    expect(pageFile(urlPath)).toBe(file);
  });

  it.each([
    ["/", "/"],
    ["", "/"],
    ["/methodology/", "/methodology"],
    ["/llms.txt", "/llms.txt"],
    ["/methodology//", "/methodology"],
    ["/downloads/index.html", "/downloads"],
    ["/index.html", "/"],
    ["/methodology/index.html/", "/methodology/index.html"], // only a trailing file name is a page's own
    ["//", "/"],
  ])("normalises the request path %s to %s", (raw, key) => {
    expect(siteKey(raw)).toBe(key);
  });
});

describe("site files through plan, write, store and handler", () => {
  let dir: string | undefined;
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("lists each site file in the manifest, counts it in the budget, and serves it at its public path", async () => {
    const context = await minContext();
    dir = await mkdtemp(path.join(os.tmpdir(), "site-files-"));
    const plan = await planAndWrite(dir, context, ENDPOINTS, { maxFiles: 10, siteProducers: [llms] });
    expect(plan.manifest.site["/llms.txt"]).toEqual({
      file: "llms.txt",
      type: "text/plain; charset=utf-8",
      etag: etagOf("# guide\n"),
      bytes: 8,
    });
    // 10 files at most: 2 site files + 3 engine files leave 5 responses.
    expect(plan.files).toHaveLength(10);

    const store = createPrecomputedStore(dir, plan.manifest);
    const deps = { context, endpoints: ENDPOINTS, store };
    const page = await handleRequest({ method: "GET", url: "/methodology/?utm=x", clientAddress: "t" }, deps);
    expect(page.status).toBe(200);
    expect(page.headers["Content-Type"]).toBe("text/html; charset=utf-8");
    expect(String(page.body)).toBe("<!doctype html><title>m</title>\n");
    const again = await handleRequest(
      { method: "GET", url: "/llms.txt", clientAddress: "t", ifNoneMatch: etagOf("# guide\n") },
      deps,
    );
    expect(again.status).toBe(304);
    const missing = await handleRequest({ method: "GET", url: "/nothing.txt", clientAddress: "t" }, deps);
    expect(missing.status).toBe(404);
  });

  it("lists a file whose bytes come later in producer order, counts it at once, and records the bytes it resolves to", async () => {
    const context = await minContext();
    const late: SiteProducer = () => [
      {
        urlPath: "/late.txt",
        file: "late.txt",
        contentType: "text/plain",
        body: new Promise((resolve) => setTimeout(() => resolve("late\n"), 30)),
      },
    ];
    const plan = await planOutputs(context, ENDPOINTS, { maxFiles: 10, siteProducers: [late, llms] });
    expect(Object.keys(plan.manifest.site)).toEqual(["/late.txt", "/llms.txt", "/methodology"]);
    expect(plan.manifest.site["/late.txt"]).toEqual({
      file: "late.txt",
      type: "text/plain",
      etag: etagOf("late\n"),
      bytes: 5,
    });
    expect(plan.files[0]).toEqual({ path: "late.txt", body: "late\n", group: "site" });
    // 3 site files + 3 engine files leave 4 responses.
    expect(plan.files).toHaveLength(10);
  });

  it("fails the plan with the error of a body that could not be made", async () => {
    const context = await minContext();
    const broken: SiteProducer = () => [
      {
        urlPath: "/broken.txt",
        file: "broken.txt",
        contentType: "text/plain",
        body: Promise.reject(new Error("the renderer broke")),
      },
    ];
    await expect(planOutputs(context, ENDPOINTS, { maxFiles: 10, siteProducers: [broken] })).rejects.toThrow(
      "the renderer broke",
    );
  });

  it("fails with the first fault when a producer throws after an earlier one's body is under way, and the later rejection of that body goes unhandled nowhere", async () => {
    const context = await minContext();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      const slowBroken: SiteProducer = () => [
        {
          urlPath: "/slow.txt",
          file: "slow.txt",
          contentType: "text/plain",
          body: new Promise((_, reject) => setTimeout(() => reject(new Error("the renderer broke late")), 20)),
        },
      ];
      const throwing: SiteProducer = () => {
        throw new Error("the downloads could not be listed");
      };
      await expect(
        planOutputs(context, ENDPOINTS, { maxFiles: 10, siteProducers: [slowBroken, throwing] }),
      ).rejects.toThrow("the downloads could not be listed");
      await new Promise((resolve) => setTimeout(resolve, 100)); // past the late rejection
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });

  it("hands each file to the build as its bytes are final, asking for variants of large compressible files that shadow no other", async () => {
    const { context } = await sampleContext();
    const text = "x".repeat(3000);
    const site: SiteProducer = () => [
      { urlPath: "/guide.txt", file: "guide.txt", contentType: "text/plain; charset=utf-8", body: text },
      { urlPath: "/small.txt", file: "small.txt", contentType: "text/plain", body: "tiny\n" },
      {
        urlPath: "/downloads/a.ndjson.gz",
        file: "downloads/a.ndjson.gz",
        contentType: "application/gzip",
        body: Buffer.from(text),
      },
      {
        urlPath: "/downloads/b.ndjson",
        file: "downloads/b.ndjson",
        contentType: "application/x-ndjson",
        body: Promise.resolve(text),
      },
      {
        urlPath: "/downloads/b.ndjson.gz",
        file: "downloads/b.ndjson.gz",
        contentType: "application/gzip",
        body: Buffer.from(`${text}more`),
      },
    ];
    const handed: [string, boolean, string][] = [];
    const onFile: OnPlannedFile = (file, entry, compress) => handed.push([file.path, compress, entry.etag]);
    const plan = await planOutputs(context, ENDPOINTS, { maxFiles: 12, siteProducers: [site], onFile });
    const flags = Object.fromEntries(handed.map(([file, compress]) => [file, compress]));
    expect(flags).toMatchObject({
      "guide.txt": true,
      "small.txt": false,
      "downloads/a.ndjson.gz": false,
      "downloads/b.ndjson": false,
      "downloads/b.ndjson.gz": false,
    });
    // Every response too, each once, with the entry it has in the manifest.
    const responses = handed.filter(([file]) => file.startsWith("responses/"));
    expect(responses.map(([file, , etag]) => [file, etag])).toEqual(
      Object.entries(plan.manifest.files).map(([file, entry]) => [file, entry.etag]),
    );
    expect(responses.every(([file, compress]) => compress === plan.manifest.files[file]!.bytes >= 1024)).toBe(true);
    expect(handed.find(([file]) => file === "downloads/b.ndjson")![2]).toBe(etagOf(text));
  });

  it("lets a slow consumer pace the rendering: the plan waits on it as it goes", async () => {
    const { context } = await sampleContext();
    let waits = 0;
    const pace = () => new Promise<void>((resolve) => setTimeout(() => resolve(void (waits += 1)), 1));
    // Over a thousand responses of the sample: far more rendering than one slice between yields.
    const plan = await planOutputs(context, ENDPOINTS, { maxFiles: 1_100, pace });
    expect(plan.files.length).toBeGreaterThan(1000);
    expect(waits).toBeGreaterThan(0);
  });

  it("lists the manifest without a body, which completeOutput then serialises once, with the variants", async () => {
    const context = await minContext();
    const plan = await planOutputs(context, ENDPOINTS, { maxFiles: 10, siteProducers: [llms] });
    const manifest = plan.files.find((file) => file.path === MANIFEST_FILE)!;
    expect(manifest.body).toBe("");
    await emitPlan(undefined, plan); // as the build completes its output (a dry run: nothing written)
    expect(manifest.body).toBe(serializeManifest(plan.manifest));
    expect(manifest.body).toContain('"encodings"');
  });

  it("refuses two site files at the same path", async () => {
    const context = await minContext();
    await expect(planOutputs(context, ENDPOINTS, { maxFiles: 10, siteProducers: [llms, llms] })).rejects.toThrow(
      /two site files/,
    );
  });
});
