/**
 * A request to the host without a socket: the path and fetch-style init become a `HostRequest` for
 * `handleRequest`, and its answer a fetch `Response` (web-adapter.ts's `toWebResponse`), so a test reads
 * it as it would read fetch's. Only the socket layer's own tests (serve/node*, reliability/, the browser)
 * need a listening host; everything above it is the same function (issue 29).
 */
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { handleRequest, type HandlerDeps, type HostRequest } from "../../build/serve/handle-request.ts";
import { toWebResponse } from "../../build/serve/web-adapter.ts";

/** The client address of every in-process request, as a loopback client's. */
export const IN_PROCESS_CLIENT = "127.0.0.1";

/**
 * The HostRequest of a path as given (not normalised: `..` and `%2e` reach the handler as sent, unlike
 * fetch's) and the headers the host reads. A missing Accept-Encoding stays missing, which the host answers
 * with identity bytes.
 */
export function hostRequestOf(path: string, init: RequestInit = {}): HostRequest {
  const headers = new Headers(init.headers);
  const request: HostRequest = { method: init.method ?? "GET", url: path, clientAddress: IN_PROCESS_CLIENT };
  const ifNoneMatch = headers.get("if-none-match");
  if (ifNoneMatch !== null) request.ifNoneMatch = ifNoneMatch;
  const ifMatch = headers.get("if-match");
  if (ifMatch !== null) request.ifMatch = ifMatch;
  const acceptEncoding = headers.get("accept-encoding");
  if (acceptEncoding !== null) request.acceptEncoding = acceptEncoding;
  return request;
}

const DECODERS: Record<string, (body: Buffer) => Buffer> = { br: brotliDecompressSync, gzip: gunzipSync };

/**
 * Answers `path` in process. A coded body is decoded, headers kept, as fetch decodes one from a socket:
 * a test asking for gzip reads the same text either way.
 */
export async function requestInProcess(deps: HandlerDeps, path: string, init: RequestInit = {}): Promise<Response> {
  const response = await handleRequest(hostRequestOf(path, init), deps);
  const decode = DECODERS[response.headers["Content-Encoding"] ?? ""];
  // Only whole bodies are coded: a streamed export never is.
  if (decode !== undefined && (typeof response.body === "string" || Buffer.isBuffer(response.body))) {
    return toWebResponse({ ...response, body: decode(Buffer.from(response.body)) }, deps.logError);
  }
  return toWebResponse(response, deps.logError);
}
