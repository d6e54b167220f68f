/**
 * The Node `http` adapter over handleRequest: streams bodies with backpressure, stops producing
 * when a client goes away, and answers parser-level failures as contract JSON.
 * @module
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { HttpError } from "../errors.ts";
import { handleRequest, type HandlerDeps } from "./handle-request.ts";
import { errorResponse, type HostResponse } from "./response-headers.ts";

export interface ServerOptions {
  /** Read the client address from X-Forwarded-For (only behind a trusted proxy). */
  trustProxy: boolean;
}

/** Creates (but does not start) the HTTP server. */
export function createHostServer(deps: HandlerDeps, options: ServerOptions): Server {
  const server = createServer({ maxHeaderSize: 16 * 1024 }, (req, res) => {
    void serve(req, res, deps, options);
  });
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => answerClientError(error, socket));
  return server;
}

async function serve(req: IncomingMessage, res: ServerResponse, deps: HandlerDeps, options: ServerOptions): Promise<void> {
  const response = await handleRequest(
    { method: req.method ?? "GET", url: req.url ?? "/", ifNoneMatch: headerText(req.headers["if-none-match"]), clientAddress: clientAddress(req, options) },
    deps,
  );
  res.writeHead(response.status, response.headers);
  await sendBody(res, response.body);
}

async function sendBody(res: ServerResponse, body: HostResponse["body"]): Promise<void> {
  if (body === undefined) return void res.end();
  if (typeof body === "string" || Buffer.isBuffer(body)) return void res.end(body);
  let closed = false;
  res.on("close", () => {
    closed = true;
  });
  for (const chunk of body) {
    if (closed) return; // the client left: stop producing lines
    if (!res.write(chunk)) await new Promise<void>((resolve) => { res.once("drain", resolve); res.once("close", resolve); });
  }
  if (!closed) res.end();
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(", ") : value;
}

function clientAddress(req: IncomingMessage, options: ServerOptions): string {
  if (options.trustProxy) {
    const forwarded = headerText(req.headers["x-forwarded-for"])?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  return req.socket.remoteAddress ?? "unknown";
}

/** Requests the parser refuses: still JSON with CORS, then the connection closes. */
function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (!socket.writable || error.code === "ECONNRESET") return void socket.destroy();
  const tooLarge = error.code === "HPE_HEADER_OVERFLOW";
  const httpError = tooLarge
    ? new HttpError(431, "request_too_large", "The request headers are too large.")
    : new HttpError(400, "bad_request", "The request could not be parsed as HTTP.");
  const response = errorResponse(httpError);
  const body = String(response.body);
  const head = [`HTTP/1.1 ${response.status} ${tooLarge ? "Request Header Fields Too Large" : "Bad Request"}`, ...Object.entries(response.headers).map(([name, value]) => `${name}: ${value}`), "Connection: close"];
  socket.end(`${head.join("\r\n")}\r\n\r\n${body}`);
}
