/**
 * Clients that read slowly or not at all: a response held after its first chunk, and a raw socket
 * that takes a few bytes per tick. They keep a response in flight for as long as a test needs.
 */
import http from "node:http";
import net from "node:net";

export interface HeldResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Resumes reading; resolves with the whole body, rejects if the connection is cut before its end. */
  finish(): Promise<Buffer>;
}

/** GETs `path` on its own connection and stops reading after the first chunk of the body. */
export function holdResponse(
  baseUrl: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<HeldResponse> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path, agent: false, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.once("data", (chunk: Buffer) => {
        res.pause();
        chunks.push(chunk);
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          finish: () =>
            new Promise<Buffer>((done, fail) => {
              res.on("data", (more: Buffer) => chunks.push(more));
              res.on("end", () => done(Buffer.concat(chunks)));
              res.on("close", () =>
                res.complete
                  ? undefined
                  : fail(new Error(`connection cut after ${Buffer.concat(chunks).length} bytes`)),
              );
              res.resume();
            }),
        });
      });
    });
    req.on("error", reject); // ignored once the response came: finish() and closed report the rest
    req.end();
  });
}

export interface SlowReader {
  /** Bytes read so far. */
  received(): number;
  /** True while the connection is open (the server has not closed or cut it). */
  open(): boolean;
  /** Stops reading and closes the socket. */
  stop(): void;
}

/** A raw socket that sends one GET and then reads `bytesPerTick` bytes every `tickMs` milliseconds. */
export function slowReader(baseUrl: string, path: string, bytesPerTick = 64, tickMs = 100): Promise<SlowReader> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    let received = 0;
    const socket = net.connect(Number(url.port), url.hostname, () => {
      socket.pause();
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`);
      const timer = setInterval(() => {
        const chunk = socket.read(bytesPerTick) as Buffer | null;
        if (chunk !== null) received += chunk.length;
      }, tickMs);
      socket.on("close", () => clearInterval(timer));
      let closed = false;
      socket.on("close", () => (closed = true));
      resolve({ received: () => received, open: () => !closed, stop: () => (clearInterval(timer), socket.destroy()) });
    });
    socket.on("error", reject);
  });
}

/** Resolves with the error code of a fresh connection attempt (`ECONNREFUSED` when nothing listens), or "connected". */
export function tryConnect(baseUrl: string): Promise<string> {
  const url = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = net.connect(Number(url.port), url.hostname, () => {
      socket.destroy();
      resolve("connected");
    });
    socket.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
  });
}
