/**
 * The pages and llms.txt over real HTTP on the sample build: served at their public paths, with
 * their types and caching headers, from the files the build wrote.
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ARCHIVE_FILE } from "../../build/publish/download-archive.ts";
import { useSampleHost } from "../helpers/sample-host.ts";

const host = useSampleHost();

describe("site pages on the sample host", () => {
  it.each([
    ["/", "index.html", "text/html; charset=utf-8"],
    ["/methodology/", "methodology/index.html", "text/html; charset=utf-8"],
    ["/llms.txt", "llms.txt", "text/plain; charset=utf-8"],
    ["/downloads/", "downloads/index.html", "text/html; charset=utf-8"],
    ["/downloads/index.html", "downloads/index.html", "text/html; charset=utf-8"], // the file's own path, as a static host serves it
    ["/index.html", "index.html", "text/html; charset=utf-8"],
  ])("GET %s serves dist/%s as %s with a strong ETag", async (urlPath, file, type) => {
    const response = await host.get(urlPath, { headers: { "accept-encoding": "identity" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(type);
    expect(response.headers.get("etag")).toMatch(/^"[\w-]{22}"$/);
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    expect(await response.text()).toBe(await readFile(path.join(host.dist, file), "utf8"));
  });

  it("says on /downloads/, as on /, that the sample is synthetic", async () => {
    for (const page of ["/", "/downloads/"])
      expect(await (await host.get(page)).text(), page).toContain(
        '<p class="notice" id="synthetic"><strong>Synthetic sample.</strong>',
      );
  });

  it("lists every download on /downloads/ with the size and SHA-256 of the file served", async () => {
    const page = await (await host.get("/downloads/")).text();
    const rows = [
      ...page.matchAll(
        /<a href="([^"]+)" download>.*?title="(\d+) bytes".*?<code class="hash" id="[^"]+">([0-9a-f]{64})<\/code>/g,
      ),
    ];
    // One row per file: every resource in each of its formats (gzip NDJSON, CSV, Parquet), and the archive of all.
    const dataPackage = (await (await host.get("/downloads/datapackage.json")).json()) as {
      resources: { formats: { path: string }[] }[];
    };
    const paths = dataPackage.resources.flatMap((resource) => resource.formats.map((format) => format.path));
    expect(rows.map(([, href]) => href!.split("/").at(-1)).sort()).toEqual([...paths, ARCHIVE_FILE].sort());
    for (const [, href, bytes, sha256] of rows) {
      const file = Buffer.from(
        await (await host.get(href!, { headers: { "accept-encoding": "identity" } })).arrayBuffer(),
      );
      expect([file.length, createHash("sha256").update(file).digest("hex")]).toEqual([Number(bytes), sha256]);
    }
  });

  it("answers HEAD / with the page's headers and no body", async () => {
    const response = await host.get("/", { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await response.text()).toBe("");
  });

  it.each(["/methodology", "/downloads"])(
    "GET %s, a page without its trailing slash, is a 301 to its canonical address (issue 28)",
    async (urlPath) => {
      const response = await host.get(`${urlPath}?x=1`, { redirect: "manual" });
      expect(response.status).toBe(301);
      expect(response.headers.get("location")).toBe(`${urlPath}/?x=1`);
    },
  );

  it("links /llms.txt and /methodology from the discovery documents, which the site serves", async () => {
    for (const discovery of ["/api/dataset/v1/", "/resume/api/v1/"]) {
      const document = (await (await host.get(discovery)).json()) as { llms_txt: string; methodology: string };
      for (const address of [document.llms_txt, document.methodology])
        expect((await host.get(new URL(address).pathname)).status).toBe(200);
    }
  });
});
