/**
 * The emit threads' own contract, below the sink: work still queued when they stop is rejected, not left
 * pending (a build awaiting it would never end).
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startEmitThreads } from "../../build/emit/emit-threads.ts";
import { BuildError } from "../../build/errors.ts";
import { compressBodySync } from "../../build/output-format/compress-body.ts";
import { etagOf } from "../../build/output-format/etag.ts";
import { jsonBody } from "./compress-fixtures.ts";

let parent: string;
beforeEach(async () => {
  parent = await mkdtemp(path.join(os.tmpdir(), "emit-threads-"));
});
afterEach(async () => {
  await rm(parent, { recursive: true, force: true });
});

it("rejects the work still queued when the threads are stopped", async () => {
  const threads = startEmitThreads(parent, 1);
  // Many large bodies to compress: the thread is still busy with the first when it is stopped.
  const emitted = Array.from({ length: 20 }, (_, i) =>
    threads.emit({ path: `${i}.json`, body: jsonBody(2_000_000, String(i)), compress: true }),
  );
  const outcomes = Promise.allSettled(emitted);
  await threads.close();
  const rejected = (await outcomes).filter((outcome) => outcome.status === "rejected");
  expect(rejected.length).toBeGreaterThan(0);
  expect(String((rejected[0] as PromiseRejectedResult).reason)).toMatch(
    /^Error: Internal error: an emit thread failed: /,
  );
});

describe("a body whose variants this output already has (request.copy)", () => {
  it("writes the earlier variant's bytes when they still have its ETag, and compresses anew when they do not", async () => {
    const threads = startEmitThreads(parent, 1);
    try {
      const body = jsonBody(4000);
      const earlier = path.join(parent, "earlier.json.br");
      // Not what brotli makes of the body: a copy is told from a new compression by its bytes.
      const marker = Buffer.from("the earlier variant's bytes");
      await writeFile(earlier, marker);
      const copied = await threads.emit({
        path: "copied.json",
        body,
        compress: true,
        copy: { br: { file: earlier, etag: etagOf(marker) } },
      });
      expect(await readFile(path.join(parent, "copied.json.br"))).toEqual(marker);
      expect(copied.variants.br).toEqual({ etag: etagOf(marker), bytes: marker.length });
      // gzip had no earlier variant: compressed as usual.
      expect((await readFile(path.join(parent, "copied.json.gz"))).equals(compressBodySync("gzip", body))).toBe(true);
      expect(copied.written).toBe(3);

      const remade = await threads.emit({
        path: "remade.json",
        body,
        compress: true,
        copy: { br: { file: earlier, etag: '"not-its-tag"' } },
      });
      const br = compressBodySync("br", body);
      expect((await readFile(path.join(parent, "remade.json.br"))).equals(br)).toBe(true);
      expect(remade.variants.br).toEqual({ etag: etagOf(br), bytes: br.length });
    } finally {
      await threads.close();
    }
  });
});

describe("a thread that dies (exit code 7 on its first file)", () => {
  const CRASHING = new URL("./crashing-emit-worker.mjs", import.meta.url);
  const FAILED = /^Error: Internal error: an emit thread failed: it exited with code 7$/;

  it("fails the work sent to it, and any work sent after, at once: nothing is left pending for a build to await", async () => {
    const threads = startEmitThreads(parent, 2, CRASHING);
    try {
      const first = threads.emit({ path: "a.json", body: "a", compress: false });
      await expect(first).rejects.toThrow(/an emit thread failed/);
      await expect(first.catch(String)).resolves.toMatch(FAILED);
      // Both threads: the dead one would never answer, and the pool may pick either.
      const later = await Promise.allSettled(
        [1, 2, 3, 4].map((i) => threads.emit({ path: `${i}.json`, body: String(i), compress: false })),
      );
      expect(later.map((outcome) => outcome.status)).toEqual(["rejected", "rejected", "rejected", "rejected"]);
      expect(String((later[3] as PromiseRejectedResult).reason)).toMatch(FAILED);
    } finally {
      await threads.close();
    }
  });

  it("releases a producer held back by the pace with the failure, so that the plan stops rather than waits", async () => {
    const threads = startEmitThreads(parent, 1, CRASHING);
    try {
      const sent = threads.emit({ path: "a.json", body: "x".repeat(1024), compress: false });
      sent.catch(() => {});
      // Over the bound: held until the thread answers, which it never will.
      await expect(threads.drained(0)).rejects.toThrow(/an emit thread failed: it exited with code 7/);
      await expect(threads.drained(1024 * 1024)).rejects.toThrow(/an emit thread failed/);
    } finally {
      await threads.close();
    }
  });
});

describe("a file that cannot be written", () => {
  it("fails with the file and the folder named (a full disk's message names neither), then fails later work and the pace at once", async () => {
    // A folder where the file should be: the write fails as a refused one does.
    await mkdir(path.join(parent, "taken.json"));
    const threads = startEmitThreads(parent, 2);
    try {
      const failed = threads.emit({ path: "taken.json", body: "{}", compress: false });
      await expect(failed).rejects.toBeInstanceOf(BuildError);
      await expect(failed).rejects.toThrow(`Could not write taken.json into ${parent}: EISDIR`);
      // The build cannot complete: the plan stops at its next pace rather than render and send the rest.
      await expect(threads.drained(1024 * 1024)).rejects.toThrow("Could not write taken.json");
      await expect(threads.emit({ path: "later.json", body: "{}", compress: false })).rejects.toThrow(
        "Could not write taken.json",
      );
    } finally {
      await threads.close();
    }
  });
});
