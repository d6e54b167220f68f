/**
 * The host on the sample build for a test file. By default it answers in process (handleRequest, no
 * socket: see in-process-request.ts); `{ socket: true }` starts the real HTTP host on 127.0.0.1 (a free
 * port) instead, for the tests of the socket layer itself, and stops it after the file's tests.
 */
import { afterAll, beforeAll, inject } from "vitest";
import { ENDPOINTS } from "../../build/query/endpoints.ts";
import type { HandlerDeps } from "../../build/serve/handle-request.ts";
import { createLiveCache, DEFAULT_LIVE_CACHE_MB } from "../../build/serve/live-cache.ts";
import { loadHost, type LoadedHost } from "../../build/serve/load-host.ts";
import { createRateLimiter } from "../../build/serve/rate-limiter.ts";
import { startHost, type RunningHost } from "../../build/serve/start-host.ts";
import type { EngineContext } from "../../build/query/endpoint.ts";
import { requestInProcess } from "./in-process-request.ts";

export interface SampleHost {
  /** Base URL such as http://127.0.0.1:40123 (socket hosts only, set once beforeAll ran). */
  url: string;
  dist: string;
  /** The answer to a path as sent (in process: not normalised), as a fetch Response. */
  get(path: string, init?: RequestInit): Promise<Response>;
  /** The origin URLs of `fetch` name: the socket host's URL, or a name of no host in process. */
  origin: string;
  /** A fetch to this host (in process: any URL's path and query go to the handler), for clients that take one. */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
}

/** The origin of in-process requests: a reserved name (RFC 6761), never resolved. */
export const IN_PROCESS_ORIGIN = "http://sample-host.invalid";

export interface SampleHostOptions {
  /** Requests per minute per client and service; off (0) unless given. */
  rateLimit?: number;
  /** Whether X-Forwarded-For names the client (socket hosts only: in process every client is 127.0.0.1). */
  trustProxy?: boolean;
  /** A real HTTP host on a loopback port, for tests of the socket layer and clients that need a URL. */
  socket?: boolean;
}

/** Registers beforeAll/afterAll hooks that make the sample host for the file's tests. */
export function useSampleHost(options: SampleHostOptions = {}): SampleHost {
  if (options.socket === true) return useSocketHost(options);
  if (options.trustProxy === true)
    throw new Error(
      "trustProxy reads X-Forwarded-For from a socket request: use useSampleHost({ socket: true, trustProxy: true }).",
    );
  let deps: HandlerDeps | undefined;
  const handle: SampleHost = {
    get url(): string {
      throw new Error(
        "This sample host answers in process and has no URL: use useSampleHost({ socket: true }) for a test that needs one.",
      );
    },
    dist: "",
    origin: IN_PROCESS_ORIGIN,
    get: async (path, init) => {
      if (deps === undefined) throw new Error("The sample host is ready once beforeAll ran.");
      const response = await requestInProcess(deps, path, init);
      // fetch's Response names the URL it answered; clients read it (openapi-client-helpers.ts).
      return Object.defineProperty(response, "url", { value: `${IN_PROCESS_ORIGIN}${path}` });
    },
    fetch: (input, init) => {
      const request = new Request(input instanceof URL ? input.href : input, init);
      const url = new URL(request.url);
      return handle.get(`${url.pathname}${url.search}`, { method: request.method, headers: request.headers });
    },
  };
  beforeAll(async () => {
    handle.dist = inject("sampleDist");
    deps = await sampleDeps(handle.dist, options.rateLimit ?? 0);
  });
  return handle;
}

/** The handler's dependencies as start-host.ts makes them (one snapshot; a rebuild is not watched for). */
export async function sampleDeps(dist: string, rateLimit = 0): Promise<HandlerDeps> {
  const { context, store } = await loadedSample(dist);
  return {
    context,
    endpoints: ENDPOINTS,
    store,
    rateLimiter: createRateLimiter(rateLimit),
    liveCache: createLiveCache(DEFAULT_LIVE_CACHE_MB * 1024 * 1024),
    // As the socket host below: a test provoking a fault reads the 500, not a log.
    logError: () => {},
  };
}

function useSocketHost(options: SampleHostOptions): SampleHost {
  let host: RunningHost | undefined;
  const handle: SampleHost = {
    url: "",
    dist: "",
    get: (path, init) => fetch(`${handle.url}${path}`, identityUnlessAsked(init)),
    get origin() {
      return handle.url;
    },
    fetch: (input, init) => fetch(input, init),
  };
  beforeAll(async () => {
    handle.dist = inject("sampleDist");
    host = await startHost(
      {
        port: 0,
        host: "127.0.0.1",
        dist: handle.dist,
        rateLimit: options.rateLimit ?? 0,
        trustProxy: options.trustProxy ?? false,
      },
      () => {},
    );
    handle.url = host.url;
  });
  afterAll(async () => {
    await host?.close();
  });
  return handle;
}

/**
 * fetch asks for gzip and decodes it silently, which would hide the bytes that ETag and Content-Length
 * describe: tests get the identity bytes unless they ask for a coding (issue 5).
 */
function identityUnlessAsked(init: RequestInit = {}): RequestInit {
  const headers = new Headers(init.headers);
  if (!headers.has("accept-encoding")) headers.set("accept-encoding", "identity");
  return { ...init, headers };
}

let cachedLoad: Promise<LoadedHost> | undefined;

/** The sample build as the host loads it, once per test file (the engine context and the store share it). */
function loadedSample(dist: string): Promise<LoadedHost> {
  cachedLoad ??= loadHost(dist);
  return cachedLoad;
}

/** The engine context of the sample build, loaded once per test file (for engine-level tests). */
export async function sampleContext(): Promise<{ context: EngineContext; dist: string }> {
  const dist = inject("sampleDist");
  const { context } = await loadedSample(dist);
  return { context, dist };
}
