/**
 * One HTTP/1.1 exchange over a raw socket, byte for byte as given (paths and headers that fetch and
 * http.request refuse to send), bounded by a timeout so that a hang fails the test instead of stalling it.
 */
import net from "node:net";
import type { AnyResponse } from "./contract-response.ts";

export interface RawRequest {
  method?: string;
  /** The request target exactly as sent (may hold bytes no client library would send). */
  target: string;
  /** Header lines, repeated names allowed. */
  headers?: [string, string][];
}

/** Sends the request with `Connection: close` and reads the whole answer; rejects after `timeoutMs`. */
export function rawRequest(baseUrl: string, request: RawRequest, timeoutMs = 10_000): Promise<AnyResponse> {
  const url = new URL(baseUrl);
  const lines = [
    `${request.method ?? "GET"} ${request.target} HTTP/1.1`,
    `Host: ${url.host}`,
    "Connection: close",
    ...(request.headers ?? []).map(([name, value]) => `${name}: ${value}`),
  ];
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(Number(url.port), url.hostname, () =>
      socket.write(Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1")),
    );
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete answer within ${timeoutMs} ms to ${request.target.slice(0, 200)}`));
    }, timeoutMs);
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", (error: NodeJS.ErrnoException) => {
      // The server may close while we still write a huge request: what it answered still counts.
      if (error.code !== "ECONNRESET" && error.code !== "EPIPE") reject(error);
    });
    socket.on("close", () => {
      clearTimeout(timer);
      try {
        resolve(parseResponse(Buffer.concat(chunks)));
      } catch (error) {
        reject(error);
      }
    });
  });
}

/** Splits a raw answer into status, headers (lower-case names, repeats joined) and the body, de-chunked. */
export function parseResponse(bytes: Buffer): AnyResponse {
  const end = bytes.indexOf("\r\n\r\n");
  if (end < 0) throw new Error(`not an HTTP answer: ${JSON.stringify(bytes.toString("latin1").slice(0, 200))}`);
  const [statusLine = "", ...lines] = bytes.subarray(0, end).toString("latin1").split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  const raw = bytes.subarray(end + 4);
  return {
    status: Number(statusLine.split(" ")[1]),
    headers,
    body: headers["transfer-encoding"] === "chunked" ? dechunk(raw) : raw,
  };
}

/** Splits answers sent one after another on a connection (each with a Content-Length), in the order sent. */
export function parseResponses(bytes: Buffer): AnyResponse[] {
  const responses: AnyResponse[] = [];
  let rest = bytes;
  while (rest.length > 0) {
    const headEnd = rest.indexOf("\r\n\r\n");
    const length = /\r\ncontent-length: *(\d+)/i.exec(
      rest.subarray(0, headEnd < 0 ? 0 : headEnd).toString("latin1"),
    )?.[1];
    if (length === undefined)
      throw new Error(`not an answer with a Content-Length: ${JSON.stringify(rest.toString("latin1").slice(0, 200))}`);
    const end = headEnd + 4 + Number(length);
    responses.push(parseResponse(rest.subarray(0, end)));
    rest = rest.subarray(end);
  }
  return responses;
}

function dechunk(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = raw.indexOf("\r\n", at);
    if (lineEnd < 0) throw new Error("chunked body cut short");
    const size = Number.parseInt(raw.subarray(at, lineEnd).toString("latin1"), 16);
    if (size === 0) return Buffer.concat(parts);
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}
