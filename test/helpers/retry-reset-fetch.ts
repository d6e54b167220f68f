/**
 * Test setup (vitest `setupFiles`): fetch sends a body-less request to a loopback host once more when
 * the connection it went out on was closed under it, as an HTTP client retries an idempotent request
 * on a reused keep-alive connection (RFC 9112 §9.3.1).
 *
 * Why: most tests run the host in their own process. Node's server closes a keep-alive connection
 * idle for 5 s (`keepAliveTimeout`), and fetch keeps it in its pool until its own timer says otherwise.
 * A test that computes for more than 5 s without yielding (a lint of a whole OpenAPI document, a long
 * search check: on a busy machine) then sends its next request on that connection in the same turn,
 * before either timer has run; the server's timer runs next and closes it: `fetch failed`, ECONNRESET
 * (CI pinned to one busy core: openapi-lint.test.ts and search-quality.test.ts, once each).
 *
 * A host that really resets a request resets it again on the second try, so that still fails.
 */
/** Marks the wrapper: in a shared module graph (vitest.config.ts) this file runs before each test file, and wraps once. */
const RETRYING = Symbol.for("open-demand-publisher.retry-reset-fetch");
const originalFetch = globalThis.fetch;
const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);
/** How a closed reused connection shows in fetch's error cause: a reset, or a close before the answer. */
const CLOSED_UNDER_IT = new Set(["ECONNRESET", "EPIPE", "UND_ERR_SOCKET"]);

function urlOf(input: string | URL | Request): URL {
  return new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
}

function closedUnderIt(error: unknown): boolean {
  const cause = error instanceof TypeError ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === "string" && CLOSED_UNDER_IT.has(cause.code);
}

const retryingFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
  const bodyless = (init?.body ?? null) === null && !(input instanceof Request && input.body !== null);
  if (!bodyless || !LOOPBACK.has(urlOf(input).hostname)) return originalFetch(input, init);
  const again = input instanceof Request ? input.clone() : input;
  try {
    return await originalFetch(input, init);
  } catch (error) {
    if (!closedUnderIt(error) || init?.signal?.aborted === true) throw error;
    return originalFetch(again, init);
  }
};

if (!(RETRYING in originalFetch)) globalThis.fetch = Object.assign(retryingFetch, { [RETRYING]: true });
