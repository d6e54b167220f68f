/**
 * Starts the real HTTP host on the sample build (127.0.0.1, a free port) and stops it after the file's tests.
 */
import { afterAll, beforeAll, inject } from "vitest";
import { loadHost } from "../../build/serve/load-host.ts";
import { startHost, type RunningHost } from "../../build/serve/start-host.ts";
import type { EngineContext } from "../../build/query/endpoint.ts";

export interface SampleHost {
  /** Base URL such as http://127.0.0.1:40123 (set once beforeAll ran). */
  url: string;
  dist: string;
  get(path: string, init?: RequestInit): Promise<Response>;
}

/** Registers beforeAll/afterAll hooks that run a host on the sample build; rate limit off unless given. */
export function useSampleHost(options: { rateLimit?: number; trustProxy?: boolean } = {}): SampleHost {
  let host: RunningHost | undefined;
  const handle: SampleHost = {
    url: "",
    dist: "",
    get: (path, init) => fetch(`${handle.url}${path}`, identityUnlessAsked(init)),
  };
  beforeAll(async () => {
    handle.dist = inject("sampleDist");
    host = await startHost({ port: 0, host: "127.0.0.1", dist: handle.dist, rateLimit: options.rateLimit ?? 0, trustProxy: options.trustProxy ?? false }, () => {});
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

let cachedContext: Promise<{ context: EngineContext; dist: string }> | undefined;

/** The engine context of the sample build, loaded once per test file (for engine-level tests). */
export function sampleContext(): Promise<{ context: EngineContext; dist: string }> {
  const dist = inject("sampleDist");
  cachedContext ??= loadHost(dist).then(({ context }) => ({ context, dist }));
  return cachedContext;
}
