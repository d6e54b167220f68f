/**
 * The open connections of one Node server and what each is doing: how many of its responses are still
 * being sent, its latest request, and a refusal waiting for the responses before it. The graceful close
 * reads the same state.
 * @module
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { Server as NetServer, type Socket } from "node:net";

/** How long a graceful close waits for in-flight responses before cutting them. */
export const SHUTDOWN_GRACE_MS = 10_000;

interface ConnectionState {
  /** Responses begun and not yet fully handed to the OS. */
  inFlight: number;
  /** The latest request, to tell a fault in its body (it is incomplete) from one in the next request's head. */
  latest?: IncomingMessage;
  /** A refusal waiting for the responses before it to be sent (see answerInTurn). */
  refusal?: () => void;
}

export class ConnectionTracker {
  private readonly open = new Map<Socket, ConnectionState>();

  constructor(private readonly server: Server) {}

  /** A new connection: tracked until it closes. */
  opened(socket: Socket): void {
    this.open.set(socket, { inFlight: 0 });
    socket.once("close", () => this.open.delete(socket));
  }

  /**
   * Counts a response as in flight until it is fully handed to the OS ('close' follows 'finish', or an
   * abort). Node's own closeIdleConnections counts a response as done once `end()` was called, which
   * would cut a large body still queued in memory; hence this count.
   */
  track(req: IncomingMessage, res: ServerResponse): void {
    const socket = req.socket;
    // Shutting down: answer what arrives on an open connection, then close it rather than keep it alive.
    if (!this.server.listening) res.setHeader("Connection", "close");
    const state = this.open.get(socket);
    if (state !== undefined) {
      state.inFlight += 1;
      state.latest = req;
    }
    res.once("close", () => {
      const now = this.open.get(socket);
      if (now === undefined) return;
      now.inFlight -= 1;
      if (now.inFlight !== 0) return;
      const refusal = now.refusal;
      now.refusal = undefined;
      if (refusal !== undefined) refusal();
      else if (!this.server.listening) socket.end();
    });
  }

  /** Whether the connection's latest request is still incomplete (its body not all received). */
  inBody(socket: Socket): boolean {
    return this.open.get(socket)?.latest?.complete === false;
  }

  /**
   * Answers a refused request once the connection's earlier requests are answered: pipelined after valid
   * requests (`GET /a` then garbage, in one write), its answer would otherwise end the connection before
   * theirs, which are lost (RFC 9112 §9.3.2: responses in the order of the requests). Only the first
   * refusal of a connection is answered: nothing after it can be parsed.
   */
  answerInTurn(socket: Socket, answer: () => void): void {
    const state = this.open.get(socket);
    if (state?.refusal !== undefined) return;
    if (state === undefined || state.inFlight === 0) return answer();
    state.refusal = answer;
  }

  /**
   * Stops the server gracefully: new connections are refused at once, idle keep-alive connections are
   * ended, each busy one is ended as soon as its last response has been sent, and after `graceMs`
   * whatever is left is cut. Resolves when every connection has closed.
   */
  closeGracefully(graceMs: number): Promise<void> {
    return new Promise((resolve) => {
      const deadline = setTimeout(() => {
        for (const socket of this.open.keys()) socket.destroy();
      }, graceMs);
      // net.Server's close, not http.Server's: since Node 19 the latter also runs closeIdleConnections,
      // which destroys sockets whose response called end() but still has megabytes queued.
      NetServer.prototype.close.call(this.server, () => {
        clearTimeout(deadline);
        resolve();
      });
      for (const [socket, state] of this.open) if (state.inFlight === 0) socket.end();
    });
  }
}
