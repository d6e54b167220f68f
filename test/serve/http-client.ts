/**
 * Requests that fetch cannot send: raw paths (fetch normalises `..` and `%2e%2e`), huge headers, and
 * bytes that are not HTTP at all.
 */
import http from "node:http";
import net from "node:net";

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Sends one request with the path exactly as given. */
export function requestRaw(
  baseUrl: string,
  options: { method?: string; path: string; headers?: Record<string, string> },
): Promise<RawResponse> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: options.method ?? "GET",
        path: options.path,
        headers: { connection: "close", ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/** Writes bytes on a fresh connection (in chunks, with a pause between them) and reads everything until the server closes. */
export function exchange(baseUrl: string, chunks: readonly string[]): Promise<string> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, async () => {
      for (const chunk of chunks) {
        if (socket.destroyed) break;
        socket.write(chunk);
        await new Promise((done) => setTimeout(done, 20));
      }
    });
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (data: string) => (received += data));
    socket.on("close", () => resolve(received));
    socket.on("error", (error: NodeJS.ErrnoException) =>
      error.code === "ECONNRESET" || error.code === "EPIPE" ? resolve(received) : reject(error),
    );
  });
}

/** Splits a raw HTTP/1.1 response into status, lower-cased headers and body (no chunked decoding). */
export function parseRawResponse(text: string): RawResponse {
  const end = text.indexOf("\r\n\r\n");
  const [statusLine = "", ...lines] = text.slice(0, end).split("\r\n");
  const headers: http.IncomingHttpHeaders = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(" ")[1]), headers, body: text.slice(end + 4) };
}
