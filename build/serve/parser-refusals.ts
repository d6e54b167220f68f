/**
 * What the Node host refuses at the HTTP parser's level, as pure functions of what the parser hands over:
 * a Host field that makes a request a 400, and the status and contract error of a request the parser
 * itself could not read (its `clientError`). The server (node-server.ts) only writes their answers.
 * @module
 */
import { HttpError } from "../errors.ts";
import { MAX_URL_BYTES, urlTooLong } from "../shared/host-errors.ts";
import { methodNotAllowed } from "./handle-request.ts";

/** What of a parser error is read: Node's code, the chunk it was parsing and how far it got. */
export interface ParserError {
  code?: string;
  rawPacket?: Buffer;
  bytesParsed?: number;
}

/** Whether a request announces a body (a length above 0, or chunks). */
export function announcesBody(headers: { "transfer-encoding"?: string; "content-length"?: string }): boolean {
  return headers["transfer-encoding"] !== undefined || Number(headers["content-length"] ?? 0) > 0;
}

/**
 * A Host field's value: `host[:port]` (RFC 9110 §7.2), host being an IP literal in brackets or a
 * registered name (RFC 3986 §3.2.2; empty when the target has no authority). No user info, path or space.
 */
const HOST_VALUE = /^(?:\[[0-9A-Za-z:._~!$&'()*+,;=%-]+\]|[0-9A-Za-z._~!$&'()*+,;=%-]*)(?::[0-9]*)?$/;

/**
 * Why the request's Host field makes it a 400 (RFC 9112 §3.2), or undefined: an HTTP/1.1 request
 * without one, or any request with more than one Host line or with a value that is not `host[:port]`.
 * Node keeps only the first of several Host lines, so they are counted in the raw headers.
 */
export function hostFieldProblem(req: {
  httpVersionMajor: number;
  httpVersionMinor: number;
  rawHeaders: readonly string[];
}): string | undefined {
  const values: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2)
    if (req.rawHeaders[i]!.toLowerCase() === "host") values.push(req.rawHeaders[i + 1]!);
  if (values.length === 0)
    return req.httpVersionMajor === 1 && req.httpVersionMinor >= 1
      ? "An HTTP/1.1 request needs a Host header."
      : undefined;
  if (values.length > 1) return "A request may carry only one Host header.";
  return HOST_VALUE.test(values[0]!) ? undefined : "The Host header is not a valid host[:port].";
}

/**
 * The refused request as far as the parser's chunk holds it: from the end of the last complete header
 * block before where the parser stopped. The chunk may begin with earlier requests of the connection
 * (pipelined), which are not it.
 */
export function refusedRequestText(error: ParserError): string {
  const packet = error.rawPacket?.toString("latin1") ?? "";
  const stoppedAt = Math.min(error.bytesParsed ?? 0, packet.length);
  const previousEnd = stoppedAt < 4 ? -1 : packet.lastIndexOf("\r\n\r\n", stoppedAt - 4);
  return previousEnd < 0 ? packet : packet.slice(previousEnd + 4);
}

/** The target of a refused request as far as its text shows it: enough to tell the service. */
export function refusedTarget(refused: string): string {
  return /^\S+ (\S+)/.exec(refused)?.[1] ?? "/";
}

/** The status line and contract error for a request the parser refused (`refused`: its text, see refusedRequestText). */
export function clientErrorOf(error: ParserError, refused: string): [number, string, HttpError] {
  // A method Node's parser does not know, in an otherwise well-formed request line (`FOO /x HTTP/1.1`),
  // is still a readable request: the contract's 405. Anything else there (`HELLO THERE`) stays a 400.
  const requestLine =
    error.code === "HPE_INVALID_METHOD" ? /^([!#$%&'*+.^_`|~\w-]{1,20}) \S+ HTTP\/\d\.\d\r?\n/.exec(refused) : null;
  if (requestLine !== null) return [405, "Method Not Allowed", methodNotAllowed(requestLine[1]!)];
  // Node's headersTimeout or requestTimeout: RFC 9110 §15.5.9, not a request that could not be parsed.
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT")
    return [
      408,
      "Request Timeout",
      new HttpError(408, "request_timeout", "The request did not arrive in full in time."),
    ];
  if (error.code !== "HPE_HEADER_OVERFLOW")
    return [400, "Bad Request", new HttpError(400, "bad_request", "The request could not be parsed as HTTP.")];
  if (urlOverflowed(error.rawPacket)) return [414, "URI Too Long", urlTooLong()];
  return [
    431,
    "Request Header Fields Too Large",
    new HttpError(431, "request_too_large", "The request headers are too large."),
  ];
}

/**
 * Whether the parser's size limit was hit inside the request line (a URL too long: 414) rather than in
 * the headers (431). The parser hands over only the chunk it was reading: the request line's start
 * (`GET /…`) longer than the URL limit, or the tail of a request line split across chunks (`…aaa HTTP/1.1`).
 */
export function urlOverflowed(packet: Buffer | undefined): boolean {
  if (packet === undefined) return false;
  const text = packet.toString("latin1");
  const end = text.indexOf("\r\n");
  const line = end < 0 ? text : text.slice(0, end);
  const startsRequest = /^[A-Za-z]+ \S/.test(line);
  const endsRequestLine = end >= 0 && / HTTP\/\d\.\d$/.test(line);
  return startsRequest ? line.length > MAX_URL_BYTES : endsRequestLine;
}
