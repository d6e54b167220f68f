/**
 * The web-standard entry (Request → Response) the Netlify Function uses: status, headers, streaming, HEAD.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { EngineContext } from "../../build/query/endpoint.ts";
import { ENDPOINTS } from "../../build/query/endpoints.ts";
import { etagOf } from "../../build/output-format/etag.ts";
import type { HandlerDeps } from "../../build/serve/handle-request.ts";
import { EMPTY_STORE } from "../../build/serve/precomputed-store.ts";
import { createWebHandler, streamLines, toHostRequest, toWebResponse } from "../../build/serve/web-adapter.ts";
import { minContext } from "../fixtures/min-context.ts";
import { FAILING_EXPORT } from "../helpers/failing-export.ts";
import { UNSENDABLE_SITE_STORE } from "../helpers/unsendable-store.ts";

let context: EngineContext;
beforeAll(async () => {
  context = await minContext();
});

const deps = async (): Promise<HandlerDeps> => ({ context, endpoints: ENDPOINTS, store: EMPTY_STORE });
const get = (path: string, init?: RequestInit) =>
  createWebHandler(deps)(new Request(`https://data.example.com${path}`, init), { clientAddress: "192.0.2.7" });

describe("toHostRequest", () => {
  it("keeps the method, the path and query as sent (percent-encoded), If-None-Match, If-Match and the client address", () => {
    const request = new Request("https://data.example.com/api/dataset/v1/brands?country=G%42&q=a+b", {
      headers: { "If-None-Match": 'W/"x"', "If-Match": '"y"' },
    });
    expect(toHostRequest(request, { clientAddress: "192.0.2.7" })).toEqual({
      method: "GET",
      url: "/api/dataset/v1/brands?country=G%42&q=a+b",
      ifNoneMatch: 'W/"x"',
      ifMatch: '"y"',
      clientAddress: "192.0.2.7",
    });
  });

  it("keeps Accept-Encoding, so that the answer is coded as the Node host codes it", () => {
    const request = new Request("https://data.example.com/x", { headers: { "Accept-Encoding": "gzip;q=0.5, br" } });
    expect(toHostRequest(request)).toMatchObject({ acceptEncoding: "gzip;q=0.5, br" });
  });

  it("leaves If-None-Match and If-Match out when absent and names an unknown client", () => {
    expect(toHostRequest(new Request("https://data.example.com/x", { method: "HEAD" }))).toEqual({
      method: "HEAD",
      url: "/x",
      clientAddress: "unknown",
    });
  });
});

describe("createWebHandler", () => {
  it("answers a list with its status, body and every contract header", async () => {
    const response = await get("/api/dataset/v1/brands?per_page=2");
    const body = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-expose-headers")).toContain("X-Total-Count");
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    expect(response.headers.get("etag")).toBe(etagOf(body));
    expect(response.headers.get("x-total-count")).toBe("4");
    expect(response.headers.get("link")).toContain('rel="next"');
    expect(response.headers.get("content-length")).toBe(String(Buffer.byteLength(body)));
  });

  it.each([
    ["an unknown parameter", "/api/dataset/v1/brands?nope=1", 400, "unknown_parameter"],
    ["an unknown slug", "/api/dataset/v1/brands/no-such-brand", 404, "brand_not_found"],
    ["an unknown path", "/nothing", 404, "not_found"],
  ])("answers %s with the contract's JSON error", async (_, path, status, code) => {
    const response = await get(path);
    expect(response.status).toBe(status);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(((await response.json()) as { error: string }).error).toBe(code);
  });

  it("answers HEAD with the GET headers and no body", async () => {
    const [head, full] = [await get("/api/dataset/v1/brands", { method: "HEAD" }), await get("/api/dataset/v1/brands")];
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(full.headers.get("content-length"));
    expect(head.headers.get("etag")).toBe(full.headers.get("etag"));
    expect(await head.text()).toBe("");
  });

  it("answers If-None-Match with 304 and no body, and a preflight with 204", async () => {
    const etag = (await get("/api/dataset/v1/brands")).headers.get("etag")!;
    const cached = await get("/api/dataset/v1/brands", { headers: { "If-None-Match": etag } });
    expect(cached.status).toBe(304);
    expect(await cached.text()).toBe("");
    const preflight = await get("/api/dataset/v1/brands", { method: "OPTIONS" });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });

  it("streams an export as NDJSON, with the page's Link and total and no ETag", async () => {
    const response = await get("/resume/api/v1/resumes/export?per_page=2");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/x-ndjson; charset=utf-8");
    expect(response.headers.get("etag")).toBeNull();
    expect(response.headers.get("x-total-count")).not.toBeNull();
    const lines = (await response.text()).trimEnd().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines.every((line) => typeof (JSON.parse(line) as { id: unknown }).id === "number")).toBe(true);
  });

  it("cuts a stream whose producer fails, and reports the fault to the deps' logError, not to the client (as the Node host does)", async () => {
    const failing = FAILING_EXPORT;
    const logged: unknown[] = [];
    const handler = createWebHandler(async () => ({
      context,
      endpoints: [failing, ...ENDPOINTS],
      store: EMPTY_STORE,
      logError: (error) => logged.push(error),
    }));
    const response = await handler(new Request("https://data.example.com/resume/api/v1/boom"));
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
    expect(logged).toHaveLength(1);
    expect(String(logged[0])).toContain("producer failed");
  });

  it("answers the contract's 500 when the engine's data cannot be loaded, and logs the cause", async () => {
    const logged: unknown[] = [];
    const handler = createWebHandler(
      () => Promise.reject(new Error("/secret/path missing")),
      (error) => logged.push(error),
    );
    const response = await handler(new Request("https://data.example.com/api/dataset/v1/"));
    const body = await response.text();
    expect(response.status).toBe(500);
    expect(JSON.parse(body)).toMatchObject({ error: "internal_error", status: 500 });
    expect(body).not.toContain("secret");
    expect(logged).toHaveLength(1);
  });

  it("answers the contract's 500, and logs the cause, when an answer cannot be made into a Response (a header fetch refuses)", async () => {
    const logged: unknown[] = [];
    const handler = createWebHandler(async () => ({
      context,
      endpoints: ENDPOINTS,
      store: UNSENDABLE_SITE_STORE,
      logError: (error) => logged.push(error),
    }));
    const response = await handler(new Request("https://data.example.com/index.html"));
    const body = await response.text();
    expect(response.status).toBe(500);
    expect(JSON.parse(body)).toMatchObject({ error: "internal_error", status: 500 });
    expect(response.headers.get("x-injected")).toBeNull();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toBeInstanceOf(TypeError);
  });
});

describe("toWebResponse and streamLines", () => {
  it("sends a Buffer body byte for byte", async () => {
    const response = toWebResponse({
      status: 200,
      headers: { "Content-Type": "application/gzip" },
      body: Buffer.from([0x1f, 0x8b, 0, 255]),
    });
    expect([...new Uint8Array(await response.arrayBuffer())]).toEqual([0x1f, 0x8b, 0, 255]);
  });

  it("produces lines only as they are read, and stops producing when the reader cancels", async () => {
    const produced: number[] = [];
    let closed = false;
    function* lines(): Generator<string> {
      try {
        for (let i = 1; i <= 1000; i += 1) {
          produced.push(i);
          yield `${i}\n`;
        }
      } finally {
        closed = true;
      }
    }
    const reader = streamLines(lines()).getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("1\n");
    expect(produced.length).toBeLessThan(5);
    await reader.cancel();
    expect(closed).toBe(true);
    expect(produced.length).toBeLessThan(5);
  });

  it("streams a live worker's chunks (an async iterable of bytes) as they are, and closes it when cancelled", async () => {
    let closed = false;
    async function* chunks(): AsyncGenerator<Buffer> {
      try {
        yield Buffer.from('{"id":1}\n');
        yield Buffer.from('{"id":2}\n');
        yield Buffer.from('{"id":3}\n');
      } finally {
        closed = true;
      }
    }
    expect(await new Response(streamLines(chunks())).text()).toBe('{"id":1}\n{"id":2}\n{"id":3}\n');
    closed = false;
    const reader = streamLines(chunks()).getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('{"id":1}\n');
    expect(closed).toBe(false);
    await reader.cancel();
    expect(closed).toBe(true);
  });
});
