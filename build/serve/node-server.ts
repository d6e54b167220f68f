/**
 * The Node `http` adapter over handleRequest: streams bodies with backpressure, stops producing
 * when a client goes away, and answers parser-level failures as contract JSON.
 * @module
 */
import { createServer, STATUS_CODES, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { Server as NetServer, type Socket } from "node:net";
import { HttpError } from "../errors.ts";
import { handleRequest, methodNotAllowed, refusedRequestRateHeaders, type HandlerDeps, type HostRequest } from "./handle-request.ts";
import { internalError, MAX_URL_BYTES, urlTooLong } from "../query/host-errors.ts";
import { errorResponse, type HostResponse } from "./response-headers.ts";

export interface ServerOptions {
  /** Read the client address from X-Forwarded-For's last entry (only behind a trusted proxy). */
  trustProxy: boolean;
  /** A connection on which nothing is read or written for this long is closed. @default IDLE_TIMEOUT_MS */
  idleTimeoutMs?: number;
  /** A request whose headers have not all come this long after its first byte is answered 408. @default HEADERS_TIMEOUT_MS */
  headersTimeoutMs?: number;
  /** A request not received in full (a body included) this long after its first byte is cut. @default REQUEST_TIMEOUT_MS */
  requestTimeoutMs?: number;
  /** How often the two limits above are checked: a request is cut up to this long after its limit. @default TIMEOUT_CHECK_MS */
  connectionsCheckingIntervalMs?: number;
}

/**
 * How long a connection may make no progress (nginx's send_timeout): a client that stops reading would
 * otherwise hold its answer in memory for ever, and many such clients, each asking for another large
 * live answer, run the host out of memory.
 */
export const IDLE_TIMEOUT_MS = 60_000;

/**
 * How long a request's headers may take to come (Node's default is 60 s). Each byte is progress to the idle
 * limit, so without this a client trickling its headers (slowloris) would hold a connection for ever; a
 * request here is its headers alone, at most 16 KiB, seconds on the slowest link, so 30 s leaves a wide margin.
 */
export const HEADERS_TIMEOUT_MS = 30_000;

/**
 * How long a whole request may take to come (Node's default is 300 s). No request body is read here (one
 * sent is discarded as it comes), so a client holding one back holds its connection no longer than headers.
 */
export const REQUEST_TIMEOUT_MS = 30_000;

/**
 * How often Node checks the two limits above (its default is 30 s, which doubles them at worst). Each check
 * walks only the connections in the middle of a request, so checking every 2 s costs next to nothing.
 */
export const TIMEOUT_CHECK_MS = 2_000;

/**
 * Bodies are written in slices of this size, each handed to the socket once the one before has drained:
 * a write that completes is the progress the idle limit counts, so a client reading slowly but steadily
 * (a slice a minute, about 1.1 KB/s, or more) is never cut, however long the whole answer takes.
 */
const WRITE_SLICE_BYTES = 64 * 1024;

/** Per server: each open connection and how many of its responses are still being sent. */
const connections = new WeakMap<Server, Map<Socket, number>>();

/** Each connection's latest request, to tell a fault in its body (it is incomplete) from one in the next request's head. */
const latestRequests = new WeakMap<Socket, IncomingMessage>();

/** A connection's refusal waiting for the responses before it to be sent (see answerInTurn). */
const refusalsWaiting = new WeakMap<Socket, () => void>();

/**
 * Creates (but does not start) the HTTP server; stop it with `closeGracefully`. `depsOf` may be a function
 * giving each request the dependencies in place when it starts (host-snapshots.ts).
 */
export function createHostServer(depsOf: HandlerDeps | (() => HandlerDeps), options: ServerOptions): Server {
  const open = new Map<Socket, number>();
  const currentDeps = typeof depsOf === "function" ? depsOf : () => depsOf;
  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    trackResponse(server, open, req.socket, res);
    latestRequests.set(req.socket, req);
    const deps = currentDeps();
    serve(req, res, deps, options).catch((error: unknown) => {
      deps.logError?.(error);
      // Before the headers left (a header value writeHead refuses): the contract's 500, as the web adapter answers.
      if (!res.headersSent) return sendInternalError(req, res);
      // A streamed export whose producer failed after the headers left: the only honest signal left
      // is to cut the connection (the client sees an incomplete body), never to crash the process.
      res.destroy();
    });
  };
  // Node's own check of the Host header answers a bare 400 (no JSON, no CORS): serve() makes the same check.
  const server = createServer(
    {
      maxHeaderSize: 16 * 1024,
      requireHostHeader: false,
      headersTimeout: options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS,
      requestTimeout: options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: options.connectionsCheckingIntervalMs ?? TIMEOUT_CHECK_MS,
    },
    onRequest,
  );
  // With no 'timeout' listener, Node destroys a socket idle this long (Node's own default is never).
  server.setTimeout(options.idleTimeoutMs ?? IDLE_TIMEOUT_MS);
  connections.set(server, open);
  server.on("connection", (socket: Socket) => {
    open.set(socket, 0);
    socket.once("close", () => open.delete(socket));
  });
  // `Expect: 100-continue`: no request here has a body to wait for, so the answer comes at once, final.
  // Node's own handling writes "100 Continue" into a pipelined response still waiting its turn, inside
  // that response's bytes. A request that does announce a body is answered and its connection closed,
  // as the body it holds back will not be read.
  server.on("checkContinue", (req: IncomingMessage, res: ServerResponse) => {
    if (announcesBody(req)) res.setHeader("Connection", "close");
    onRequest(req, res);
  });
  // Any other expectation is ignored (RFC 9110 §10.1.1 allows it), rather than Node's bare 417 without JSON or CORS.
  server.on("checkExpectation", onRequest);
  // CONNECT leaves Node's HTTP parser: answered here with the contract's 405, as any method but GET, HEAD and OPTIONS.
  server.on("connect", (req: IncomingMessage, socket: Socket) => answerConnect(req, socket, currentDeps(), options));
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => {
    // A request answered at its headers whose body (read by no one) never ended or turned out malformed:
    // an answer now would be read by the client as that of its next request, so the connection is only
    // closed, after the answer.
    const inBody = latestRequests.get(socket)?.complete === false;
    answerInTurn(open, socket, inBody ? () => socket.destroy() : () => answerClientError(error, socket, currentDeps()));
  });
  return server;
}

/** Whether a request announces a body (a length above 0, or chunks). */
function announcesBody(req: IncomingMessage): boolean {
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
}

/** A CONNECT request: the handler's answer (a 405, counted by the rate limit like any other method), then the connection closes. */
function answerConnect(req: IncomingMessage, socket: Socket, deps: HandlerDeps, options: ServerOptions): void {
  socket.on("error", () => socket.destroy());
  handleRequest({ method: req.method ?? "CONNECT", url: req.url ?? "/", clientAddress: clientAddress(req, options) }, deps)
    .then((response) => writeRawResponse(socket, response.status, STATUS_CODES[response.status] ?? "Error", response.headers, typeof response.body === "string" || Buffer.isBuffer(response.body) ? response.body : ""))
    .catch((error: unknown) => {
      deps.logError?.(error);
      socket.destroy();
    });
}

/** Writes a whole response on a socket no longer driven by Node's HTTP server, and closes it. */
function writeRawResponse(socket: Socket, status: number, reason: string, headers: Record<string, string>, body: string | Buffer): void {
  if (!socket.writable) return void socket.destroy();
  const head = [`HTTP/1.1 ${status} ${reason}`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`), `Date: ${new Date().toUTCString()}`, "Connection: close"];
  socket.end(Buffer.concat([Buffer.from(`${head.join("\r\n")}\r\n\r\n`, "latin1"), Buffer.isBuffer(body) ? body : Buffer.from(body)]));
}

/**
 * Counts a response as in flight until it is fully handed to the OS ('close' follows 'finish', or an
 * abort). Node's own closeIdleConnections counts a response as done once `end()` was called, which
 * would cut a large body still queued in memory; hence this count.
 */
function trackResponse(server: Server, open: Map<Socket, number>, socket: Socket, res: ServerResponse): void {
  // Shutting down: answer what arrives on an open connection, then close it rather than keep it alive.
  if (!server.listening) res.setHeader("Connection", "close");
  open.set(socket, (open.get(socket) ?? 0) + 1);
  res.once("close", () => {
    const left = (open.get(socket) ?? 1) - 1;
    if (open.has(socket)) open.set(socket, left);
    if (left !== 0) return;
    const refusal = refusalsWaiting.get(socket);
    refusalsWaiting.delete(socket);
    if (refusal !== undefined) refusal();
    else if (!server.listening) socket.end();
  });
}

/**
 * Answers a refused request once the connection's earlier requests are answered: pipelined after valid
 * requests (`GET /a` then garbage, in one write), its answer would otherwise end the connection before
 * theirs, which are lost (RFC 9112 §9.3.2: responses in the order of the requests). Only the first
 * refusal of a connection is answered: nothing after it can be parsed.
 */
function answerInTurn(open: Map<Socket, number>, socket: Socket, answer: () => void): void {
  if (refusalsWaiting.has(socket)) return;
  if ((open.get(socket) ?? 0) === 0) return answer();
  refusalsWaiting.set(socket, answer);
}

/** How long a graceful close waits for in-flight responses before cutting them. */
export const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Stops the server gracefully: new connections are refused at once, idle keep-alive connections are
 * ended, each busy one is ended as soon as its last response has been sent, and after `graceMs`
 * whatever is left is cut. Resolves when every connection has closed.
 */
export function closeGracefully(server: Server, graceMs: number = SHUTDOWN_GRACE_MS): Promise<void> {
  const open = connections.get(server) ?? new Map<Socket, number>();
  return new Promise((resolve) => {
    const deadline = setTimeout(() => {
      for (const socket of open.keys()) socket.destroy();
    }, graceMs);
    // net.Server's close, not http.Server's: since Node 19 the latter also runs closeIdleConnections,
    // which destroys sockets whose response called end() but still has megabytes queued.
    NetServer.prototype.close.call(server, () => {
      clearTimeout(deadline);
      resolve();
    });
    for (const [socket, inFlight] of open) if (inFlight === 0) socket.end();
  });
}

function sendInternalError(req: IncomingMessage, res: ServerResponse): void {
  const failed = errorResponse(internalError());
  // The reason phrase named: the writeHead that threw already set its own ("OK"), which Node would keep.
  res.writeHead(failed.status, STATUS_CODES[failed.status], failed.headers);
  res.end(req.method === "HEAD" ? undefined : failed.body);
}

async function serve(req: IncomingMessage, res: ServerResponse, deps: HandlerDeps, options: ServerOptions): Promise<void> {
  const hostProblem = hostFieldProblem(req);
  if (hostProblem !== undefined) {
    // RFC 9112 §3.2: a 400, here as contract JSON with CORS.
    const refused = errorResponse(new HttpError(400, "bad_request", hostProblem));
    Object.assign(refused.headers, refusedRequestRateHeaders(deps, req.url ?? "/", clientAddress(req, options)));
    res.writeHead(refused.status, refused.headers);
    return void res.end(req.method === "HEAD" ? undefined : refused.body);
  }
  const response = await handleRequest(hostRequestOf(req, options), deps);
  res.writeHead(response.status, response.headers);
  await sendBody(res, response.body);
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
function hostFieldProblem(req: Pick<IncomingMessage, "httpVersionMajor" | "httpVersionMinor" | "rawHeaders">): string | undefined {
  const values: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i]!.toLowerCase() === "host") values.push(req.rawHeaders[i + 1]!);
  if (values.length === 0) return req.httpVersionMajor === 1 && req.httpVersionMinor >= 1 ? "An HTTP/1.1 request needs a Host header." : undefined;
  if (values.length > 1) return "A request may carry only one Host header.";
  return HOST_VALUE.test(values[0]!) ? undefined : "The Host header is not a valid host[:port].";
}

async function sendBody(res: ServerResponse, body: HostResponse["body"]): Promise<void> {
  if (body === undefined) return void res.end();
  // A long string (a live answer with the live cache off) is sliced as bytes; a UTF-16 unit is 3 bytes at most.
  const whole = typeof body === "string" && body.length > WRITE_SLICE_BYTES / 3 ? Buffer.from(body) : body;
  if (typeof whole === "string" || (Buffer.isBuffer(whole) && whole.length <= WRITE_SLICE_BYTES)) return void res.end(whole);
  let closed = false;
  res.on("close", () => {
    closed = true;
  });
  for (const chunk of Buffer.isBuffer(whole) ? slices(whole) : whole) {
    if (closed) return; // the client left: stop producing lines
    if (!res.write(chunk)) await drainedOrClosed(res);
  }
  if (!closed) res.end();
}

/** A body's consecutive slices of WRITE_SLICE_BYTES, as views of its memory (nothing is copied). */
function* slices(body: Buffer): Generator<Buffer> {
  for (let start = 0; start < body.length; start += WRITE_SLICE_BYTES) yield body.subarray(start, start + WRITE_SLICE_BYTES);
}

/** Waits for room in the buffer (or the end of the response), leaving no listener behind for the next wait. */
function drainedOrClosed(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.once("drain", done);
    res.once("close", done);
  });
}

/** What of a parsed request the host reads (an IncomingMessage has it). */
export interface ParsedRequest {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
  socket: { remoteAddress?: string };
}

/** The host's view of a request Node's parser accepted: the target exactly as received (still percent-encoded). */
export function hostRequestOf(req: ParsedRequest, options: ServerOptions): HostRequest {
  return { method: req.method ?? "GET", url: req.url ?? "/", ifNoneMatch: headerText(req.headers["if-none-match"]), ifMatch: headerText(req.headers["if-match"]), accept: headerText(req.headers.accept), acceptEncoding: headerText(req.headers["accept-encoding"]), clientAddress: clientAddress(req, options) };
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(", ") : value;
}

/**
 * Behind a trusted proxy, the last X-Forwarded-For entry: the address the proxy itself saw. A proxy that
 * appends (nginx's $proxy_add_x_forwarded_for) keeps whatever the client sent before it, so an earlier
 * entry is the client's own word and would let it pick its rate-limit count.
 */
function clientAddress(req: ParsedRequest, options: ServerOptions): string {
  if (options.trustProxy) {
    const forwarded = headerText(req.headers["x-forwarded-for"])?.split(",").at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  return req.socket.remoteAddress ?? "unknown";
}

/** Requests the parser refuses: still JSON with CORS and the rate-limit headers, then the connection closes. */
function answerClientError(error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket, deps: HandlerDeps): void {
  if (!socket.writable || error.code === "ECONNRESET") return void socket.destroy();
  const refused = refusedRequestText(error);
  const [status, reason, httpError] = clientErrorOf(error, refused);
  const response = errorResponse(httpError);
  // The target as far as the parser's chunk shows it: enough to tell the service.
  const target = /^\S+ (\S+)/.exec(refused)?.[1] ?? "/";
  Object.assign(response.headers, refusedRequestRateHeaders(deps, target, socket.remoteAddress ?? "unknown"));
  writeRawResponse(socket, status, reason, response.headers, String(response.body));
}

/**
 * The refused request as far as the parser's chunk holds it: from the end of the last complete header
 * block before where the parser stopped. The chunk may begin with earlier requests of the connection
 * (pipelined), which are not it.
 */
function refusedRequestText(error: NodeJS.ErrnoException & { rawPacket?: Buffer; bytesParsed?: number }): string {
  const packet = error.rawPacket?.toString("latin1") ?? "";
  const stoppedAt = Math.min(error.bytesParsed ?? 0, packet.length);
  const previousEnd = stoppedAt < 4 ? -1 : packet.lastIndexOf("\r\n\r\n", stoppedAt - 4);
  return previousEnd < 0 ? packet : packet.slice(previousEnd + 4);
}

/** The status line and contract error for a request the parser refused (`refused`: its text, see refusedRequestText). */
function clientErrorOf(error: NodeJS.ErrnoException & { rawPacket?: Buffer }, refused: string): [number, string, HttpError] {
  // A method Node's parser does not know, in an otherwise well-formed request line (`FOO /x HTTP/1.1`),
  // is still a readable request: the contract's 405. Anything else there (`HELLO THERE`) stays a 400.
  const requestLine = error.code === "HPE_INVALID_METHOD" ? /^([!#$%&'*+.^_`|~\w-]{1,20}) \S+ HTTP\/\d\.\d\r?\n/.exec(refused) : null;
  if (requestLine !== null) return [405, "Method Not Allowed", methodNotAllowed(requestLine[1]!)];
  // Node's headersTimeout or requestTimeout: RFC 9110 §15.5.9, not a request that could not be parsed.
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") return [408, "Request Timeout", new HttpError(408, "request_timeout", "The request did not arrive in full in time.")];
  if (error.code !== "HPE_HEADER_OVERFLOW") return [400, "Bad Request", new HttpError(400, "bad_request", "The request could not be parsed as HTTP.")];
  if (urlOverflowed(error.rawPacket)) return [414, "URI Too Long", urlTooLong()];
  return [431, "Request Header Fields Too Large", new HttpError(431, "request_too_large", "The request headers are too large.")];
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
