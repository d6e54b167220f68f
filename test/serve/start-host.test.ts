/**
 * startHost's listen failures reach `npm start` as one sentence saying what to do, not as Node's
 * `Error: listen EADDRINUSE …`.
 */
import { createServer, type Server } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { BuildError, formatErrorChain } from "../../build/errors.ts";
import { startHost } from "../../build/serve/start-host.ts";

describe("startHost", () => {
  let taken: Server;
  let port = 0;

  beforeAll(async () => {
    taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    port = (taken.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => taken.close(resolve));
  });

  it("refuses a port in use with one line naming the port and the way out", async () => {
    const error = await startHost({ port, host: "127.0.0.1", dist: inject("sampleDist"), rateLimit: 0, trustProxy: false }, () => {}).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(BuildError);
    expect(formatErrorChain(error)).toBe(`Port ${port} on 127.0.0.1 is already in use (another host?): stop it, or choose another port with --port or PORT.`);
  });

  it("refuses an address this machine does not have, naming --host", async () => {
    const error = await startHost({ port: 0, host: "192.0.2.1", dist: inject("sampleDist"), rateLimit: 0, trustProxy: false }, () => {}).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(formatErrorChain(error)).toMatch(/^Cannot listen on 192\.0\.2\.1: no such address on this machine\. Choose another with --host or HOST/);
  });
});
