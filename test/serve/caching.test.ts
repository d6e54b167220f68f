import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { useSampleHost } from "../helpers/sample-host.ts";

const host = useSampleHost();

async function fetchTagged(path: string, headers: Record<string, string> = {}) {
  const response = await host.get(path, { headers });
  return { response, body: await response.text(), etag: response.headers.get("etag") ?? "" };
}

describe("ETag (contract §1, Caching)", () => {
  it.each([
    ["/api/dataset/v1/brands"],
    ["/api/dataset/v1/brands?q=amber"],
    ["/api/dataset/v1/brands/amber-braika"],
    ["/api/dataset/v1/"],
  ])("%s: a strong ETag computed from the body bytes, and Cache-Control public, max-age=300", async (path) => {
    const { response, body, etag } = await fetchTagged(path);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/); // strong: no W/ prefix
    expect(etag).toBe(`"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`);
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
  });

  it("gives identical bytes the identical ETag, whether precomputed or computed on the fly", async () => {
    const precomputed = await fetchTagged("/api/dataset/v1/brands?country=GB");
    const live = await fetchTagged("/api/dataset/v1/brands?country=uk&page=1&per_page=50&order=asc&sort=name");
    expect(live.body).toBe(precomputed.body);
    expect(live.etag).toBe(precomputed.etag);
    const again = await fetchTagged("/api/dataset/v1/brands?country=GB");
    expect(again.etag).toBe(precomputed.etag);
  });

  it("gives different bytes different ETags", async () => {
    const one = await fetchTagged("/api/dataset/v1/brands?page=1");
    const two = await fetchTagged("/api/dataset/v1/brands?page=2");
    expect(two.etag).not.toBe(one.etag);
  });
});

describe("If-None-Match (contract §1, Caching)", () => {
  const paths = ["/api/dataset/v1/brands", "/api/dataset/v1/brands?q=amber%20casino"];

  it.each(paths)(
    "%s: 304 for the current ETag in every form, with an empty body and the same ETag and Cache-Control",
    async (path) => {
      const { etag } = await fetchTagged(path);
      for (const header of [etag, `"other", ${etag}`, `${etag},"other"`, `W/${etag}`, `W/"other", W/${etag}`, "*"]) {
        const { response, body } = await fetchTagged(path, { "If-None-Match": header });
        expect(response.status, header).toBe(304);
        expect(body).toBe("");
        expect(response.headers.get("etag")).toBe(etag);
        expect(response.headers.get("cache-control")).toBe("public, max-age=300");
      }
    },
  );

  it.each(paths)("%s: 200 with the body for another ETag", async (path) => {
    const { etag, body } = await fetchTagged(path);
    for (const header of [
      '"other"',
      `W/"other", "${etag.slice(1, -2)}"`,
      etag.toLowerCase() === etag ? '"x"' : etag.toLowerCase(),
    ]) {
      const again = await fetchTagged(path, { "If-None-Match": header });
      expect(again.response.status, header).toBe(200);
      expect(again.body).toBe(body);
    }
  });

  it("answers If-None-Match: * on an export computed on the fly (which has no ETag) with 304, and a listed tag with the export", async () => {
    const path = "/resume/api/v1/resumes/export?q=seo&per_page=3";
    const star = await fetchTagged(path, { "If-None-Match": "*" });
    expect([
      star.response.status,
      star.body,
      star.response.headers.get("etag"),
      star.response.headers.get("cache-control"),
    ]).toEqual([304, "", null, "public, max-age=300"]);
    const tagged = await fetchTagged(path, { "If-None-Match": '"other", W/"x"' });
    expect(tagged.response.status).toBe(200);
    expect(tagged.body.trim().split("\n")).toHaveLength(3);
  });

  it("never turns an error into a 304", async () => {
    const response = await host.get("/api/dataset/v1/brands/no-such-brand", { headers: { "If-None-Match": "*" } });
    expect(response.status).toBe(404);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("etag")).toBeNull();
    await response.arrayBuffer();
  });
});

/** RFC 9110 §13.1.1 and §13.2.2: an origin server must evaluate If-Match, first, with the strong comparison. */
describe("If-Match (RFC 9110 §13.1.1)", () => {
  const paths = ["/api/dataset/v1/brands", "/api/dataset/v1/brands?q=amber%20casino", "/llms.txt"];

  it.each(paths)(
    "%s: the answer as without it when it holds the current ETag, in a list, or *, or is empty",
    async (path) => {
      const { etag, body } = await fetchTagged(path);
      for (const header of [etag, `"other", ${etag}`, "*", ""]) {
        const again = await fetchTagged(path, { "If-Match": header });
        expect(again.response.status, header).toBe(200);
        expect(again.body).toBe(body);
      }
    },
  );

  it.each(paths)("%s: 412 precondition_failed for another ETag or the weak form of the current one", async (path) => {
    const { etag } = await fetchTagged(path);
    for (const header of ['"other"', `W/${etag}`, `W/"other", W/${etag}`]) {
      for (const method of ["GET", "HEAD"]) {
        const response = await host.get(path, { method, headers: { "If-Match": header } });
        const text = await response.text();
        expect(response.status, `${method} ${header}`).toBe(412);
        expect(response.headers.get("cache-control")).toBe("no-store");
        expect(response.headers.get("access-control-allow-origin")).toBe("*");
        expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
        expect(response.headers.get("etag")).toBeNull();
        if (method === "GET") expect(JSON.parse(text)).toMatchObject({ error: "precondition_failed", status: 412 });
        else expect(text).toBe("");
      }
    }
  });

  it("is evaluated before If-None-Match, and only where the answer would be a success", async () => {
    const { etag } = await fetchTagged("/api/dataset/v1/brands");
    expect(
      (await host.get("/api/dataset/v1/brands", { headers: { "If-Match": '"other"', "If-None-Match": etag } })).status,
    ).toBe(412);
    expect(
      (await host.get("/api/dataset/v1/brands", { headers: { "If-Match": etag, "If-None-Match": etag } })).status,
    ).toBe(304);
    const missing = await host.get("/api/dataset/v1/brands/no-such-brand", { headers: { "If-Match": '"other"' } });
    expect(missing.status).toBe(404);
    await missing.arrayBuffer();
  });

  it("matches an export computed on the fly (which has no ETag) with * only", async () => {
    const path = "/resume/api/v1/resumes/export?q=seo&per_page=3";
    const star = await fetchTagged(path, { "If-Match": "*" });
    expect(star.response.status).toBe(200);
    expect(star.body.trim().split("\n")).toHaveLength(3);
    expect((await fetchTagged(path, { "If-Match": '"other"' })).response.status).toBe(412);
  });
});
