import { beforeAll, describe, expect, it } from "vitest";
import type { EngineContext, Endpoint } from "../../build/query/endpoint.ts";
import { ENDPOINTS } from "../../build/query/endpoints.ts";
import { etagOf } from "../../build/output-format/etag.ts";
import { handleRequest, type HandlerDeps, type HostRequest } from "../../build/serve/handle-request.ts";
import { EMPTY_STORE, type PrecomputedStore } from "../../build/serve/precomputed-store.ts";
import { createLiveCache } from "../../build/serve/live-cache.ts";
import { createRateLimiter } from "../../build/serve/rate-limiter.ts";
import type { HostResponse } from "../../build/serve/response-headers.ts";
import { minContext } from "../fixtures/min-context.ts";

let context: EngineContext;
beforeAll(async () => {
  context = await minContext();
});

const deps = (extra: Partial<HandlerDeps> = {}): HandlerDeps => ({
  context,
  endpoints: ENDPOINTS,
  store: EMPTY_STORE,
  ...extra,
});
const request = (url: string, extra: Partial<HostRequest> = {}): HostRequest => ({
  method: "GET",
  url,
  clientAddress: "192.0.2.1",
  ...extra,
});
const text = (response: HostResponse): string =>
  response.body === undefined
    ? ""
    : typeof response.body === "string" || Buffer.isBuffer(response.body)
      ? response.body.toString()
      : [...(response.body as Iterable<string>)].join("");
const json = (response: HostResponse) => JSON.parse(text(response)) as Record<string, unknown>;

const CORS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers":
    "ETag, Link, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, X-Total-Count",
};

describe("handleRequest (live engine, EMPTY_STORE)", () => {
  it("answers a list with the envelope, its headers and a strong ETag of the body", async () => {
    const response = await handleRequest(request("/api/dataset/v1/brands?per_page=2"), deps());
    const body = text(response);
    expect(response.status).toBe(200);
    expect(response.headers).toEqual({
      ...CORS,
      "Content-Type": "application/json; charset=utf-8",
      Link: '</api/dataset/v1/brands?per_page=2>; rel="first", </api/dataset/v1/brands?page=2&per_page=2>; rel="next", </api/dataset/v1/brands?page=2&per_page=2>; rel="last"',
      "X-Total-Count": "4",
      ETag: etagOf(body),
      "Cache-Control": "public, max-age=300",
      "Content-Length": String(Buffer.byteLength(body)),
    });
    expect(body.endsWith("}\n")).toBe(true);
    expect(json(response).data).toEqual([
      {
        slug: "alpha-casino",
        name: "Alpha Casino",
        licenses_count: 2,
        trust_score: expect.any(Number),
        trust_grade: expect.any(String),
        trust_provisional: false,
        status: "active",
      },
      {
        slug: "beta-bet",
        name: "Beta Bet",
        licenses_count: 1,
        trust_score: expect.any(Number),
        trust_grade: expect.any(String),
        trust_provisional: false,
        status: "active",
      },
    ]);
  });

  it("answers HEAD with the GET's status and headers and no body", async () => {
    const get = await handleRequest(request("/api/dataset/v1/brands/alpha-casino"), deps());
    const head = await handleRequest(request("/api/dataset/v1/brands/alpha-casino", { method: "HEAD" }), deps());
    expect(head.status).toBe(200);
    expect(head.headers).toEqual(get.headers);
    expect(head.body).toBeUndefined();
  });

  it.each([["/api/dataset/v1/nope"], ["/api/dataset/v1/brands?page=0"], ["/api/dataset/v1/brands/ghost"]])(
    "answers HEAD of an error (%s) with its headers and no body",
    async (url) => {
      const get = await handleRequest(request(url), deps());
      const head = await handleRequest(request(url, { method: "head" }), deps());
      expect(head.status).toBe(get.status);
      expect(head.headers).toEqual(get.headers);
      expect(head.body).toBeUndefined();
    },
  );

  it("answers 304 with the same ETag and Cache-Control, CORS, and no body", async () => {
    // The licenses list of the fixture is over COMPRESS_MIN_BYTES (the trust scores, about 1 KB before, no
    // longer are), so its 200 varies by coding, and so does its 304: RFC 9110 §15.4.5 has a 304 carry the
    // Cache-Control, ETag and Vary the 200 would.
    const first = await handleRequest(request("/api/dataset/v1/licenses"), deps());
    const etag = first.headers.ETag!;
    expect(first.headers.Vary).toBe("Accept-Encoding");
    const again = await handleRequest(
      request("/api/dataset/v1/licenses", { ifNoneMatch: `W/"nope", ${etag}` }),
      deps(),
    );
    expect(again).toEqual({
      status: 304,
      headers: { ...CORS, ETag: etag, "Cache-Control": "public, max-age=300", Vary: "Accept-Encoding" },
    });
  });

  it("answers OPTIONS on any path with 204 and the preflight headers", async () => {
    const response = await handleRequest(request("/anything/at/all", { method: "OPTIONS" }), deps());
    expect(response.status).toBe(204);
    expect(response.body).toBeUndefined();
    expect(response.headers).toMatchObject({
      ...CORS,
      "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
      Allow: "GET, HEAD, OPTIONS",
    });
  });

  it.each([["POST"], ["PUT"], ["DELETE"], ["PATCH"], ["TRACE"], ["BREW"]])(
    "refuses %s with 405, Allow and no-store",
    async (method) => {
      const response = await handleRequest(request("/api/dataset/v1/brands", { method }), deps());
      expect(response.status).toBe(405);
      expect(response.headers).toMatchObject({
        ...CORS,
        Allow: "GET, HEAD, OPTIONS",
        "Cache-Control": "no-store",
        "Content-Type": "application/json; charset=utf-8",
      });
      expect(json(response)).toMatchObject({ error: "method_not_allowed", status: 405 });
    },
  );

  it("refuses a URL over 8 KiB with 414 request_too_large", async () => {
    const response = await handleRequest(request(`/api/dataset/v1/brands?q=${"a".repeat(8200)}`), deps());
    expect(response.status).toBe(414);
    expect(json(response)).toEqual({
      error: "request_too_large",
      message: "The URL is longer than 8192 bytes.",
      status: 414,
    });
  });

  it("serves a URL of exactly 8 KiB and refuses one byte more (the contract's limit is a URL over 8 KiB)", async () => {
    const path = "/api/dataset/v1/brands?";
    const url = (bytes: number) => `${path}${"&".repeat(bytes - path.length)}`; // empty query parts: the plain brand list
    expect(url(8192)).toHaveLength(8192);
    expect((await handleRequest(request(url(8192)), deps())).status).toBe(200);
    expect((await handleRequest(request(url(8193)), deps())).status).toBe(414);
  });

  it("answers a fault of ours with a bare 500 internal_error, and logs the error itself", async () => {
    const broken: Endpoint = {
      id: "test.broken",
      service: "dataset",
      path: "/broken",
      summary: "",
      format: "json",
      params: [],
      run: () => {
        throw new TypeError("Cannot read properties of undefined (reading 'x') at /work/main/build/x.ts:1:1");
      },
    };
    const logged: unknown[] = [];
    const response = await handleRequest(
      request("/api/dataset/v1/broken"),
      deps({ endpoints: [broken], logError: (error) => logged.push(error) }),
    );
    expect(response.status).toBe(500);
    expect(json(response)).toEqual({
      error: "internal_error",
      message: "Internal error: the server failed to answer this request. It has been logged.",
      status: 500,
    });
    expect(text(response)).not.toMatch(/TypeError|\/work\/|\.ts/);
    expect(response.headers["Cache-Control"]).toBe("no-store");
    expect(logged).toHaveLength(1);
  });

  it("serves the precomputed file of the canonical query when the store has it", async () => {
    const body = Buffer.from('{"from":"the store"}\n');
    const asked: string[] = [];
    const store: PrecomputedStore = {
      has: (file) => file === "responses/api/dataset/v1/brands/country=GB.json",
      get: async (file) => {
        asked.push(file);
        return { etag: '"stored"', bytes: body.length, link: '<x>; rel="first"', total: 7, body };
      },
      getSite: async () => undefined,
    };
    // Any spelling of the same query finds the same file.
    const response = await handleRequest(
      request("/api/dataset/v1/brands?country=uk&page=1&sort=name&order=asc"),
      deps({ store }),
    );
    expect(text(response)).toBe('{"from":"the store"}\n');
    expect(response.headers).toMatchObject({
      ETag: '"stored"',
      Link: '<x>; rel="first"',
      "X-Total-Count": "7",
      "Content-Length": String(body.length),
    });
    expect(asked).toEqual(["responses/api/dataset/v1/brands/country=GB.json"]);
  });

  it("remembers which file a URL resolved to, so a repeat skips resolving, except for URLs over 512 bytes (memory)", async () => {
    const body = Buffer.from("{}\n");
    let lookups = 0;
    const store: PrecomputedStore = {
      has: (file) => {
        lookups += 1;
        return file === "responses/api/dataset/v1/brands/country=GB.json";
      },
      get: async () => ({ etag: '"stored"', bytes: body.length, body }),
      getSite: async () => undefined,
    };
    const handler = deps({ store });
    const short = "/api/dataset/v1/brands?country=GB";
    const long = `${short}${"&country=GB".repeat(60)}`; // the same query, 693 bytes
    for (const url of [short, short, long, long])
      expect((await handleRequest(request(url), handler)).headers.ETag).toBe('"stored"');
    expect(lookups).toBe(3); // the short URL once, the long one each time
  });

  it("falls back to the engine when the store lists a file it cannot read", async () => {
    const store: PrecomputedStore = { has: () => true, get: async () => undefined, getSite: async () => undefined };
    const live = await handleRequest(request("/api/dataset/v1/brands"), deps());
    const fallback = await handleRequest(request("/api/dataset/v1/brands"), deps({ store }));
    expect(text(fallback)).toBe(text(live));
  });
});

describe("handleRequest with a rate limit", () => {
  it("puts RateLimit-* headers on every response, errors, 304 and 405 included, and 429 after the limit", async () => {
    const limited = deps({ rateLimiter: createRateLimiter(4, () => 0) });
    const ok = await handleRequest(request("/api/dataset/v1/brands"), limited);
    const notModified = await handleRequest(
      request("/api/dataset/v1/brands", { ifNoneMatch: ok.headers.ETag! }),
      limited,
    );
    const notFound = await handleRequest(request("/api/dataset/v1/nope"), limited);
    const notAllowed = await handleRequest(request("/api/dataset/v1/brands", { method: "POST" }), limited);
    const tooMany = await handleRequest(request("/api/dataset/v1/brands"), limited);
    expect(
      [ok, notModified, notFound, notAllowed, tooMany].map((response) => [
        response.status,
        response.headers["RateLimit-Limit"],
        response.headers["RateLimit-Remaining"],
        response.headers["RateLimit-Reset"],
      ]),
    ).toEqual([
      [200, "4", "3", "60"],
      [304, "4", "2", "60"],
      [404, "4", "1", "60"],
      [405, "4", "0", "60"],
      [429, "4", "0", "60"],
    ]);
    expect(tooMany.headers["Retry-After"]).toBe("60");
    expect(json(tooMany)).toEqual({
      error: "rate_limited",
      message: expect.stringContaining("60"),
      status: 429,
      details: { retry_after: 60 },
    });
  });

  it("shows the limit on a preflight without spending it", async () => {
    const limited = deps({ rateLimiter: createRateLimiter(2, () => 0) });
    const preflight = await handleRequest(request("/api/dataset/v1/brands", { method: "OPTIONS" }), limited);
    expect(preflight.headers).toMatchObject({ "RateLimit-Limit": "2", "RateLimit-Remaining": "2" });
    expect((await handleRequest(request("/api/dataset/v1/brands"), limited)).headers["RateLimit-Remaining"]).toBe("1");
  });

  it.each([["/api/%64ataset/v1/trust-scores"], ["//api//dataset/v1/"], ["/api/dataset/v1/%62rands"]])(
    "counts %s in the dataset's bucket, however the path is spelled",
    async (path) => {
      const limited = deps({ rateLimiter: createRateLimiter(1, () => 0) });
      expect((await handleRequest(request("/api/dataset/v1/brands"), limited)).status).toBe(200);
      expect((await handleRequest(request(path), limited)).status).toBe(429);
    },
  );

  it("counts the two services and each client separately", async () => {
    const limited = deps({ rateLimiter: createRateLimiter(1, () => 0) });
    expect((await handleRequest(request("/api/dataset/v1/brands"), limited)).status).toBe(200);
    expect((await handleRequest(request("/api/dataset/v1/trust-scores"), limited)).status).toBe(429);
    expect((await handleRequest(request("/resume/api/v1/"), limited)).status).toBe(200);
    expect(
      (await handleRequest(request("/api/dataset/v1/brands", { clientAddress: "192.0.2.2" }), limited)).status,
    ).toBe(200);
  });
});

describe("handleRequest with a live cache", () => {
  const same = (a: HostResponse, b: HostResponse) => {
    expect(a.status).toBe(b.status);
    expect(a.headers).toEqual(b.headers);
    expect(Buffer.from(text(a)).equals(Buffer.from(text(b)))).toBe(true);
  };

  it("answers a repeated live query from memory with the engine's bytes and headers; equivalent spellings share one entry", async () => {
    const liveCache = createLiveCache(1024 * 1024)!;
    const uncached = await handleRequest(request("/api/dataset/v1/brands?per_page=2&sort=name"), deps());
    const first = await handleRequest(request("/api/dataset/v1/brands?per_page=2&sort=name"), deps({ liveCache }));
    expect(liveCache.size).toBe(1);
    const again = await handleRequest(request("/api/dataset/v1/brands?sort=NAME&per_page=02"), deps({ liveCache }));
    expect(liveCache.size).toBe(1);
    same(first, uncached);
    same(again, uncached);
    // The kept answer is what was served: a later request gets the same body object, not a recomputation.
    expect(again.body).toBe(first.body);
  });

  it("keeps one entry per coding sent, each as the engine would send it", async () => {
    const liveCache = createLiveCache(1024 * 1024)!;
    const url = "/resume/api/v1/resumes?per_page=5"; // large enough to be compressed
    for (const acceptEncoding of ["gzip", "br", undefined, "gzip;q=0.5, br"]) {
      const cached = await handleRequest(request(url, { acceptEncoding }), deps({ liveCache }));
      const fresh = await handleRequest(request(url, { acceptEncoding }), deps());
      same(cached, fresh);
    }
    expect(liveCache.size).toBe(3); // gzip, br, identity
  });

  it("answers If-None-Match from a kept answer with a 304", async () => {
    const liveCache = createLiveCache(1024 * 1024)!;
    const first = await handleRequest(request("/api/dataset/v1/brands?per_page=3"), deps({ liveCache }));
    const conditional = await handleRequest(
      request("/api/dataset/v1/brands?per_page=3", { ifNoneMatch: first.headers.ETag }),
      deps({ liveCache }),
    );
    expect(conditional.status).toBe(304);
    expect(conditional.body).toBeUndefined();
  });

  it("keeps neither errors nor streamed exports", async () => {
    const liveCache = createLiveCache(1024 * 1024)!;
    expect((await handleRequest(request("/api/dataset/v1/brands?per_page=0"), deps({ liveCache }))).status).toBe(400);
    expect((await handleRequest(request("/api/dataset/v1/brands/no-such-brand"), deps({ liveCache }))).status).toBe(
      404,
    );
    const exported = await handleRequest(request("/resume/api/v1/resumes/export?per_page=2"), deps({ liveCache }));
    expect(exported.status).toBe(200);
    expect(text(exported).split("\n").filter(Boolean)).toHaveLength(2);
    expect(liveCache.size).toBe(0);
  });

  it("a HEAD after a GET leaves the kept body whole", async () => {
    const liveCache = createLiveCache(1024 * 1024)!;
    const url = "/api/dataset/v1/brands?per_page=4";
    await handleRequest(request(url, { method: "HEAD" }), deps({ liveCache }));
    const get = await handleRequest(request(url), deps({ liveCache }));
    same(get, await handleRequest(request(url), deps()));
  });
});
