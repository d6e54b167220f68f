/**
 * Clients that send slowly, in part or not at all: a raw connection that records what the host answers
 * and sees when the host closes it, bounded so that a connection the host holds fails the test instead
 * of stalling it.
 */
import net from "node:net";

export interface RawConnection {
  /** Writes bytes as given; nothing once the connection is closed. */
  write(text: string): void;
  /** Sends `text` one byte every `everyMs` until it is all sent or the connection closes. */
  trickle(text: string, everyMs: number): void;
  /** Stops reading (what the host sends stays queued) until `resume`. */
  pause(): void;
  resume(): void;
  /** Ends our side (FIN), still reading the answer. */
  halfClose(): void;
  /** Resolves with all the host sent once it has closed the connection; rejects if still open after `withinMs`. */
  closedByHost(withinMs: number): Promise<Buffer>;
}

/** Opens a connection to the host and resolves once it is established. */
export function openConnection(baseUrl: string): Promise<RawConnection> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(Number(url.port), url.hostname);
    const closed = new Promise<void>((done) => socket.once("close", () => done()));
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.once("connect", () => {
      // The host may close while we still send: what it answered is what the test looks at.
      socket.on("error", () => {});
      const write = (text: string) => void (socket.writable && socket.write(Buffer.from(text, "latin1")));
      resolve({
        write,
        trickle: (text, everyMs) => {
          let at = 0;
          const timer = setInterval(
            () => (at < text.length && socket.writable ? write(text[at++]!) : clearInterval(timer)),
            everyMs,
          );
          socket.once("close", () => clearInterval(timer));
        },
        pause: () => void socket.pause(),
        resume: () => void socket.resume(),
        halfClose: () => void socket.end(),
        closedByHost: (withinMs) =>
          new Promise<Buffer>((done, fail) => {
            const timer = setTimeout(() => {
              socket.destroy();
              fail(
                new Error(
                  `the host still held the connection after ${withinMs} ms, having sent ${JSON.stringify(Buffer.concat(chunks).toString("latin1").slice(0, 200))}`,
                ),
              );
            }, withinMs);
            void closed.then(() => {
              clearTimeout(timer);
              done(Buffer.concat(chunks));
            });
          }),
      });
    });
    socket.once("error", reject);
  });
}
