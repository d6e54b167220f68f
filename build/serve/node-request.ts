/**
 * The request adapter of the Node host: the host's view (HostRequest) of a request Node's parser accepted.
 * @module
 */
import type { IncomingHttpHeaders } from "node:http";
import type { HostRequest } from "./handle-request.ts";

/** What of a parsed request the host reads (an IncomingMessage has it). */
export interface ParsedRequest {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
  socket: { remoteAddress?: string };
}

/** The host's view of a request Node's parser accepted: the target exactly as received (still percent-encoded). */
export function hostRequestOf(req: ParsedRequest, options: { trustProxy: boolean }): HostRequest {
  return {
    method: req.method ?? "GET",
    url: req.url ?? "/",
    ifNoneMatch: headerText(req.headers["if-none-match"]),
    ifMatch: headerText(req.headers["if-match"]),
    accept: headerText(req.headers.accept),
    acceptEncoding: headerText(req.headers["accept-encoding"]),
    range: headerText(req.headers.range),
    ifRange: headerText(req.headers["if-range"]),
    clientAddress: clientAddress(req, options),
  };
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(", ") : value;
}

/**
 * Behind a trusted proxy, the last X-Forwarded-For entry: the address the proxy itself saw. A proxy that
 * appends (nginx's $proxy_add_x_forwarded_for) keeps whatever the client sent before it, so an earlier
 * entry is the client's own word and would let it pick its rate-limit count.
 */
export function clientAddress(req: ParsedRequest, options: { trustProxy: boolean }): string {
  if (options.trustProxy) {
    const forwarded = headerText(req.headers["x-forwarded-for"])?.split(",").at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  return req.socket.remoteAddress ?? "unknown";
}
