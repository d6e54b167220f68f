/**
 * Sending a response body on a Node socket: in slices with backpressure, stopping when the client goes
 * away; and a whole response written on a socket Node's HTTP server no longer drives.
 * @module
 */
import type { ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { HostResponse } from "./response-headers.ts";

/**
 * Bodies are written in slices of this size, each handed to the socket once the one before has drained:
 * a write that completes is the progress the idle limit counts, so a client reading slowly but steadily
 * (a slice a minute, about 1.1 KB/s, or more) is never cut, however long the whole answer takes.
 */
export const WRITE_SLICE_BYTES = 64 * 1024;

/** Sends `body` and ends the response; resolves once it is all handed over, or the client left. */
export async function sendBody(res: ServerResponse, body: HostResponse["body"]): Promise<void> {
  if (body === undefined) return void res.end();
  // A long string (a live answer with the live cache off) is sliced as bytes; a UTF-16 unit is 3 bytes at most.
  const whole = typeof body === "string" && body.length > WRITE_SLICE_BYTES / 3 ? Buffer.from(body) : body;
  if (typeof whole === "string" || (Buffer.isBuffer(whole) && whole.length <= WRITE_SLICE_BYTES))
    return void res.end(whole);
  let closed = false;
  res.on("close", () => {
    closed = true;
  });
  const chunks = Buffer.isBuffer(whole) ? slices(whole) : whole;
  if (Symbol.asyncIterator in chunks) {
    // A live worker's export: leaving the loop early cancels it (the iterator's return()).
    for await (const chunk of chunks) {
      if (closed) return;
      if (!res.write(chunk)) await drainedOrClosed(res);
    }
  } else {
    for (const chunk of chunks) {
      if (closed) return; // the client left: stop producing lines
      if (!res.write(chunk)) await drainedOrClosed(res);
    }
  }
  if (!closed) res.end();
}

/** A body's consecutive slices of WRITE_SLICE_BYTES, as views of its memory (nothing is copied). */
function* slices(body: Buffer): Generator<Buffer> {
  for (let start = 0; start < body.length; start += WRITE_SLICE_BYTES)
    yield body.subarray(start, start + WRITE_SLICE_BYTES);
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

/** Writes a whole response on a socket no longer driven by Node's HTTP server, and closes it. */
export function writeRawResponse(
  socket: Socket,
  status: number,
  reason: string,
  headers: Record<string, string>,
  body: string | Buffer,
): void {
  if (!socket.writable) return void socket.destroy();
  const head = [
    `HTTP/1.1 ${status} ${reason}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    `Date: ${new Date().toUTCString()}`,
    "Connection: close",
  ];
  socket.end(
    Buffer.concat([
      Buffer.from(`${head.join("\r\n")}\r\n\r\n`, "latin1"),
      Buffer.isBuffer(body) ? body : Buffer.from(body),
    ]),
  );
}
