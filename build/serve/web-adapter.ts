/**
 * The web-standard entry over handleRequest: a fetch `Request` in, a `Response` out. The Netlify
 * Function uses it; the Node host keeps its own thin adapter (node-server.ts) over the same handleRequest.
 * @module
 */
import { handleRequest, type HandlerDeps, type HostRequest } from "./handle-request.ts";
import { internalError } from "../shared/host-errors.ts";
import { errorResponse, type HostResponse } from "./response-headers.ts";

export interface WebRequestOptions {
  /** The client's address as the platform reports it (Netlify: `context.ip`). */
  clientAddress?: string;
}

/** A `Request → Response` function; `deps` is awaited on every call, so a caller can load it lazily once. */
export type WebHandler = (request: Request, options?: WebRequestOptions) => Promise<Response>;

/**
 * Makes the web handler over the engine's dependencies (a promise, so they load once per instance).
 * If they cannot be loaded, or the answer cannot be made into a Response, the answer is the contract's 500
 * and the cause goes to `logError`, not the client.
 */
export function createWebHandler(
  deps: () => Promise<HandlerDeps>,
  logError: (error: unknown) => void = console.error,
): WebHandler {
  return async (request, options = {}) => {
    let loaded: HandlerDeps;
    try {
      loaded = await deps();
    } catch (error) {
      logError(error);
      return toWebResponse(errorResponse(internalError()));
    }
    const log = loaded.logError ?? logError;
    // handleRequest answers its own faults; this catches what is left (a header value fetch's Headers
    // refuses), so that the platform never shows its own error page or a stack instead of the contract's 500.
    try {
      return toWebResponse(await handleRequest(toHostRequest(request, options), loaded), log);
    } catch (error) {
      log(error);
      return toWebResponse(errorResponse(internalError()));
    }
  };
}

/**
 * The host's view of a fetch Request: method, path and query as sent (still percent-encoded), If-None-Match,
 * If-Match, Accept-Encoding, client. With Accept-Encoding the answer is coded as the Node host codes it, with
 * the ETag of its own bytes: the same bytes from either host, and no CDN compressing a body under a strong
 * ETag that names the uncompressed one (a body already coded is passed on as it is).
 */
export function toHostRequest(request: Request, options: WebRequestOptions = {}): HostRequest {
  const url = new URL(request.url);
  const host: HostRequest = {
    method: request.method,
    url: `${url.pathname}${url.search}`,
    clientAddress: options.clientAddress ?? "unknown",
  };
  const ifNoneMatch = request.headers.get("if-none-match");
  if (ifNoneMatch !== null) host.ifNoneMatch = ifNoneMatch;
  const ifMatch = request.headers.get("if-match");
  if (ifMatch !== null) host.ifMatch = ifMatch;
  const accept = request.headers.get("accept");
  if (accept !== null) host.accept = accept;
  const acceptEncoding = request.headers.get("accept-encoding");
  if (acceptEncoding !== null) host.acceptEncoding = acceptEncoding;
  return host;
}

/**
 * The fetch Response of a host response; an iterable body (an export) is streamed line by line as it is
 * produced, and a producer failing mid-way goes to `logError` (see streamLines).
 */
export function toWebResponse(response: HostResponse, logError?: (error: unknown) => void): Response {
  const headers = new Headers(response.headers);
  const body = response.body;
  if (body === undefined) return new Response(null, { status: response.status, headers });
  if (typeof body === "string") return new Response(body, { status: response.status, headers });
  if (Buffer.isBuffer(body))
    return new Response(new Uint8Array(body.buffer, body.byteOffset, body.byteLength), {
      status: response.status,
      headers,
    });
  return new Response(streamLines(body, logError), { status: response.status, headers });
}

/**
 * A pull stream over lazily produced lines (or a live worker's chunks): each read produces one more chunk, so the first line leaves
 * before the last is computed, and a client that goes away stops the production (the iterator is closed).
 * A producer that fails after the headers left is a fault of ours: reported to `logError`, as the Node
 * host reports it, and the stream is cut, so the client sees an incomplete body, never the cause.
 */
export function streamLines(
  lines: Iterable<string> | AsyncIterable<Buffer>,
  logError?: (error: unknown) => void,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let iterator: Iterator<string> | AsyncIterator<Buffer> | undefined;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let next: IteratorResult<string | Buffer>;
      try {
        iterator ??= Symbol.asyncIterator in lines ? lines[Symbol.asyncIterator]() : lines[Symbol.iterator]();
        next = await iterator.next();
      } catch (error) {
        logError?.(error);
        return controller.error(new Error("The export failed while it was being sent."));
      }
      if (next.done === true) controller.close();
      else
        controller.enqueue(
          typeof next.value === "string"
            ? encoder.encode(next.value)
            : new Uint8Array(next.value.buffer, next.value.byteOffset, next.value.byteLength),
        );
    },
    cancel() {
      iterator?.return?.();
    },
  });
}
