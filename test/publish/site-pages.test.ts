/**
 * The pages and llms.txt over real HTTP on the sample build: served at their public paths, with
 * their types and caching headers, from the files the build wrote.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { useSampleHost } from "../helpers/sample-host.ts";

const host = useSampleHost();

describe("site pages on the sample host", () => {
  it.each([
    ["/", "index.html", "text/html; charset=utf-8"],
    ["/methodology", "methodology/index.html", "text/html; charset=utf-8"],
    ["/methodology/", "methodology/index.html", "text/html; charset=utf-8"],
    ["/llms.txt", "llms.txt", "text/plain; charset=utf-8"],
  ])("GET %s serves dist/%s as %s with a strong ETag", async (urlPath, file, type) => {
    const response = await host.get(urlPath, { headers: { "accept-encoding": "identity" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(type);
    expect(response.headers.get("etag")).toMatch(/^"[\w-]{22}"$/);
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    expect(await response.text()).toBe(await readFile(path.join(host.dist, file), "utf8"));
  });

  it("answers HEAD / with the page's headers and no body", async () => {
    const response = await host.get("/", { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await response.text()).toBe("");
  });

  it("links /llms.txt and /methodology from the discovery documents, which the site serves", async () => {
    for (const discovery of ["/api/dataset/v1/", "/resume/api/v1/"]) {
      const document = (await (await host.get(discovery)).json()) as { llms_txt: string; methodology: string };
      for (const address of [document.llms_txt, document.methodology]) expect((await host.get(new URL(address).pathname)).status).toBe(200);
    }
  });
});
