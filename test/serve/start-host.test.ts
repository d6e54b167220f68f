/**
 * startHost's listen failures reach `npm start` as one sentence saying what to do, not as Node's
 * `Error: listen EADDRINUSE …`.
 */
import { appendFile, cp, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, inject, vi } from "vitest";
import { MANIFEST_FILE } from "../../build/output-format/manifest.ts";
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
    const error = await startHost(
      { port, host: "127.0.0.1", dist: inject("sampleDist"), rateLimit: 0, trustProxy: false },
      () => {},
    ).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(BuildError);
    expect(formatErrorChain(error)).toBe(
      `Port ${port} on 127.0.0.1 is already in use (another host?): stop it, or choose another port with --port or PORT.`,
    );
  });

  it("refuses an address this machine does not have, naming --host", async () => {
    const error = await startHost(
      { port: 0, host: "192.0.2.1", dist: inject("sampleDist"), rateLimit: 0, trustProxy: false },
      () => {},
    ).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(formatErrorChain(error)).toMatch(
      /^Cannot listen on 192\.0\.2\.1: no such address on this machine\. Choose another with --host or HOST/,
    );
  });
});

describe("startHost's own log", () => {
  // npm start logs with the default: a rebuild it could not take in printed a BuildError's stack trace
  // (the bundle's lines), and nothing said the host went on serving the build it held.
  it("says a rebuild it cannot take in as the CLI says errors, without a stack trace, and that it keeps the build it serves", async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), "start-host-log-"));
    const dist = path.join(root, "dist");
    // seeds-min as the global setup built it (a copy: this test damages it).
    await cp(inject("seedsMinDist"), dist, { recursive: true });
    const logged: string[] = [];
    const spy = vi
      .spyOn(console, "error")
      .mockImplementation((...parts: unknown[]) => void logged.push(parts.map(String).join(" ")));
    const host = await startHost({
      port: 0,
      host: "127.0.0.1",
      dist,
      rateLimit: 0,
      trustProxy: false,
      reloadPollMs: 20,
    });
    try {
      // A half-written output: another manifest, an unreadable dataset.
      await writeFile(path.join(dist, "_engine", "dataset.json"), "{\n");
      await appendFile(path.join(dist, MANIFEST_FILE), " ");
      await vi.waitFor(() => expect(logged).not.toEqual([]), { timeout: 10_000 });
      const file = path.join(dist, "_engine", "dataset.json");
      expect(logged[0]).toBe(
        [
          `Cannot read ${file}: run \`npm run build -- --out ${dist}\` again.`,
          "  1. caused by Error: the closing brace is missing",
          "Still serving the build loaded before.",
        ].join("\n"),
      );
      expect((await fetch(`${host.url}/api/dataset/v1/brands`)).status).toBe(200);
    } finally {
      spy.mockRestore();
      await host.close();
      await rm(root, { recursive: true, force: true });
    }
  });
});
