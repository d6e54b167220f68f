import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { planOutputs } from "../../build/emit/plan-outputs.ts";
import { pageFile, siteKey, type SiteProducer } from "../../build/emit/site-files.ts";
import { writeOutputs } from "../../build/emit/write-outputs.ts";
import { ENDPOINTS } from "../../build/query/endpoints.ts";
import { handleRequest } from "../../build/serve/handle-request.ts";
import { createPrecomputedStore } from "../../build/serve/precomputed-store.ts";
import { etagOf } from "../../build/serve/etag.ts";
import { sampleContext } from "../helpers/sample-host.ts";

const llms: SiteProducer = () => [
  { urlPath: "/llms.txt", file: "llms.txt", contentType: "text/plain; charset=utf-8", body: "# guide\n" },
  { urlPath: "/methodology", file: pageFile("/methodology"), contentType: "text/html; charset=utf-8", body: "<!doctype html><title>m</title>\n" },
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
    const { context } = await sampleContext();
    const plan = await planOutputs(context, ENDPOINTS, { maxFiles: 10, siteProducers: [llms] });
    expect(plan.manifest.site["/llms.txt"]).toEqual({ file: "llms.txt", type: "text/plain; charset=utf-8", etag: etagOf("# guide\n"), bytes: 8 });
    // 10 files at most: 2 site files + 3 engine files leave 5 responses.
    expect(plan.files).toHaveLength(10);

    dir = await mkdtemp(path.join(os.tmpdir(), "site-files-"));
    await writeOutputs(dir, plan.files);
    const store = createPrecomputedStore(dir, plan.manifest);
    const deps = { context, endpoints: ENDPOINTS, store };
    const page = await handleRequest({ method: "GET", url: "/methodology/?utm=x", clientAddress: "t" }, deps);
    expect(page.status).toBe(200);
    expect(page.headers["Content-Type"]).toBe("text/html; charset=utf-8");
    expect(String(page.body)).toBe("<!doctype html><title>m</title>\n");
    const again = await handleRequest({ method: "GET", url: "/llms.txt", clientAddress: "t", ifNoneMatch: etagOf("# guide\n") }, deps);
    expect(again.status).toBe(304);
    const missing = await handleRequest({ method: "GET", url: "/nothing.txt", clientAddress: "t" }, deps);
    expect(missing.status).toBe(404);
  });

  it("lists a file whose bytes come later in producer order, counts it at once, and records the bytes it resolves to", async () => {
    const { context } = await sampleContext();
    const late: SiteProducer = () => [{ urlPath: "/late.txt", file: "late.txt", contentType: "text/plain", body: new Promise((resolve) => setTimeout(() => resolve("late\n"), 30)) }];
    const plan = await planOutputs(context, ENDPOINTS, { maxFiles: 10, siteProducers: [late, llms] });
    expect(Object.keys(plan.manifest.site)).toEqual(["/late.txt", "/llms.txt", "/methodology"]);
    expect(plan.manifest.site["/late.txt"]).toEqual({ file: "late.txt", type: "text/plain", etag: etagOf("late\n"), bytes: 5 });
    expect(plan.files[0]).toEqual({ path: "late.txt", body: "late\n", group: "site" });
    // 3 site files + 3 engine files leave 4 responses.
    expect(plan.files).toHaveLength(10);
  });

  it("fails the plan with the error of a body that could not be made", async () => {
    const { context } = await sampleContext();
    const broken: SiteProducer = () => [{ urlPath: "/broken.txt", file: "broken.txt", contentType: "text/plain", body: Promise.reject(new Error("the renderer broke")) }];
    await expect(planOutputs(context, ENDPOINTS, { maxFiles: 10, siteProducers: [broken] })).rejects.toThrow("the renderer broke");
  });

  it("refuses two site files at the same path", async () => {
    const { context } = await sampleContext();
    await expect(planOutputs(context, ENDPOINTS, { maxFiles: 10, siteProducers: [llms, llms] })).rejects.toThrow(/two site files/);
  });
});
