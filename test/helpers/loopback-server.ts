/**
 * A test's own host server on 127.0.0.1: started on a free port, and stopped with its connections
 * (a held or never-read response would otherwise keep `close` waiting).
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

/** Listens on a free loopback port; resolves with the server's base URL. */
export async function listenOnLoopback(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Stops the server, cutting the connections still open. */
export function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
