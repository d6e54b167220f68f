/**
 * The Node `http` server over handleRequest, wired from its parts: connections tracked for the graceful
 * close (connection-tracker.ts), the request adapter (node-request.ts), bodies sent with backpressure
 * (send-body.ts), and parser-level refusals answered as contract JSON (parser-refusals.ts).
 * @module
 */
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { HttpError } from "../errors.ts";
import { internalError } from "../shared/host-errors.ts";
import { ConnectionTracker, SHUTDOWN_GRACE_MS } from "./connection-tracker.ts";
import { handleRequest, refusedRequestRateHeaders, type HandlerDeps } from "./handle-request.ts";
import { clientAddress, hostRequestOf } from "./node-request.ts";
import {
  announcesBody,
  clientErrorOf,
  hostFieldProblem,
  refusedRequestText,
  refusedTarget,
  type ParserError,
} from "./parser-refusals.ts";
import { errorResponse } from "./response-headers.ts";
import { sendBody, writeRawResponse } from "./send-body.ts";

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

/** Each server's connections (see connection-tracker.ts), for closeGracefully. */
const trackers = new WeakMap<Server, ConnectionTracker>();

/**
 * Creates (but does not start) the HTTP server; stop it with `closeGracefully`. `depsOf` may be a function
 * giving each request the dependencies in place when it starts (host-snapshots.ts).
 */
export function createHostServer(depsOf: HandlerDeps | (() => HandlerDeps), options: ServerOptions): Server {
  const currentDeps = typeof depsOf === "function" ? depsOf : () => depsOf;
  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    tracker.track(req, res);
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
  const tracker = new ConnectionTracker(server);
  trackers.set(server, tracker);
  server.on("connection", (socket: Socket) => tracker.opened(socket));
  // `Expect: 100-continue`: no request here has a body to wait for, so the answer comes at once, final.
  // Node's own handling writes "100 Continue" into a pipelined response still waiting its turn, inside
  // that response's bytes. A request that does announce a body is answered and its connection closed,
  // as the body it holds back will not be read.
  server.on("checkContinue", (req: IncomingMessage, res: ServerResponse) => {
    if (announcesBody(req.headers)) res.setHeader("Connection", "close");
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
    tracker.answerInTurn(
      socket,
      tracker.inBody(socket) ? () => socket.destroy() : () => answerClientError(error, socket, currentDeps()),
    );
  });
  return server;
}

/** A CONNECT request: the handler's answer (a 405, counted by the rate limit like any other method), then the connection closes. */
function answerConnect(req: IncomingMessage, socket: Socket, deps: HandlerDeps, options: ServerOptions): void {
  socket.on("error", () => socket.destroy());
  handleRequest(
    { method: req.method ?? "CONNECT", url: req.url ?? "/", clientAddress: clientAddress(req, options) },
    deps,
  )
    .then((response) =>
      writeRawResponse(
        socket,
        response.status,
        STATUS_CODES[response.status] ?? "Error",
        response.headers,
        typeof response.body === "string" || Buffer.isBuffer(response.body) ? response.body : "",
      ),
    )
    .catch((error: unknown) => {
      deps.logError?.(error);
      socket.destroy();
    });
}

/**
 * Stops the server gracefully: new connections are refused at once, idle keep-alive connections are
 * ended, each busy one is ended as soon as its last response has been sent, and after `graceMs`
 * whatever is left is cut. Resolves when every connection has closed.
 */
export function closeGracefully(server: Server, graceMs: number = SHUTDOWN_GRACE_MS): Promise<void> {
  return (trackers.get(server) ?? new ConnectionTracker(server)).closeGracefully(graceMs);
}

function sendInternalError(req: IncomingMessage, res: ServerResponse): void {
  const failed = errorResponse(internalError());
  // The reason phrase named: the writeHead that threw already set its own ("OK"), which Node would keep.
  res.writeHead(failed.status, STATUS_CODES[failed.status], failed.headers);
  res.end(req.method === "HEAD" ? undefined : failed.body);
}

async function serve(
  req: IncomingMessage,
  res: ServerResponse,
  deps: HandlerDeps,
  options: ServerOptions,
): Promise<void> {
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

/** Requests the parser refuses: still JSON with CORS and the rate-limit headers, then the connection closes. */
function answerClientError(error: NodeJS.ErrnoException & ParserError, socket: Socket, deps: HandlerDeps): void {
  if (!socket.writable || error.code === "ECONNRESET") return void socket.destroy();
  const refused = refusedRequestText(error);
  const [status, reason, httpError] = clientErrorOf(error, refused);
  const response = errorResponse(httpError);
  Object.assign(
    response.headers,
    refusedRequestRateHeaders(deps, refusedTarget(refused), socket.remoteAddress ?? "unknown"),
  );
  writeRawResponse(socket, status, reason, response.headers, String(response.body));
}
