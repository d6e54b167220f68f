/**
 * The store checks a body read from disk against its manifest entry, once: a file replaced under it
 * (another build) is never served under the entry's length and ETag; its `onStale` store answers instead.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Manifest } from "../../build/output-format/manifest.ts";
import { etagOf } from "../../build/output-format/etag.ts";
import { createPrecomputedStore, type PrecomputedStore } from "../../build/serve/precomputed-store.ts";

const FILE = "responses/api/dataset/v1/brands/index.json";
const BODY = `{"meta":{"total":1},"data":[{"slug":"alpha-casino","name":"Alpha Casino"}],"pad":"${"x".repeat(2000)}"}`;
const PAGE_FILE = "methodology/index.html";
const PAGE = "<!doctype html><title>Methodology</title>";

let dir: string;
let manifest: Manifest;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "store-"));
  const brotli = brotliCompressSync(BODY);
  await mkdir(path.join(dir, path.dirname(FILE)), { recursive: true });
  await mkdir(path.join(dir, path.dirname(PAGE_FILE)), { recursive: true });
  await writeFile(path.join(dir, FILE), BODY);
  await writeFile(path.join(dir, `${FILE}.br`), brotli);
  await writeFile(path.join(dir, PAGE_FILE), PAGE);
  manifest = {
    generated_at: "2026-01-01T00:00:00Z",
    files: {
      [FILE]: {
        etag: etagOf(BODY),
        bytes: Buffer.byteLength(BODY),
        total: 1,
        encodings: { br: { etag: etagOf(brotli), bytes: brotli.length } },
      },
    },
    site: {
      "/methodology": {
        file: PAGE_FILE,
        type: "text/html; charset=utf-8",
        etag: etagOf(PAGE),
        bytes: Buffer.byteLength(PAGE),
      },
    },
  };
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A store standing for the build now in place: answers every file with `marker`. */
function successor(marker: string): PrecomputedStore {
  const body = Buffer.from(marker);
  return {
    has: () => true,
    get: async () => ({ etag: etagOf(body), bytes: body.length, body }),
    getSite: async () => ({
      file: PAGE_FILE,
      type: "text/html; charset=utf-8",
      etag: etagOf(body),
      bytes: body.length,
      body,
    }),
  };
}

describe("createPrecomputedStore", () => {
  it("serves a file whose bytes are the manifest's, without calling onStale", async () => {
    const onStale = vi.fn(async () => successor("next"));
    const store = createPrecomputedStore(dir, manifest, { onStale });
    const hit = await store.get(FILE);
    expect(hit?.body.toString()).toBe(BODY);
    expect(hit).toMatchObject({ etag: etagOf(BODY), bytes: Buffer.byteLength(BODY), total: 1 });
    expect((await store.get(FILE, "br"))?.contentEncoding).toBe("br");
    expect((await store.getSite("/methodology"))?.body.toString()).toBe(PAGE);
    expect(onStale).not.toHaveBeenCalled();
  });

  it.each([
    ["a different length", `${BODY} `],
    ["the same length and other bytes", BODY.replace("Alpha", "Omega")],
  ])("hands a file replaced on disk (%s) to onStale's store", async (_case, replaced) => {
    await writeFile(path.join(dir, FILE), replaced);
    const onStale = vi.fn(async () => successor("next build"));
    const store = createPrecomputedStore(dir, manifest, { onStale });
    const hit = await store.get(FILE);
    expect(hit?.body.toString()).toBe("next build");
    expect(onStale).toHaveBeenCalledTimes(1);
  });

  it("checks a compressed variant against the variant's own entry", async () => {
    await writeFile(path.join(dir, `${FILE}.br`), brotliCompressSync(`${BODY} `));
    const store = createPrecomputedStore(dir, manifest, { onStale: async () => successor("next build") });
    expect((await store.get(FILE, "br"))?.body.toString()).toBe("next build");
    // The body as it is was not replaced: still served.
    expect((await store.get(FILE))?.body.toString()).toBe(BODY);
  });

  it("hands a site file replaced or gone to onStale's store", async () => {
    await writeFile(path.join(dir, PAGE_FILE), `${PAGE}<p>new</p>`);
    const store = createPrecomputedStore(dir, manifest, { onStale: async () => successor("next page") });
    expect((await store.getSite("/methodology"))?.body.toString()).toBe("next page");
    await rm(path.join(dir, PAGE_FILE));
    expect((await store.getSite("/methodology"))?.body.toString()).toBe("next page");
  });

  it("answers undefined for a file gone or replaced when there is no store after it", async () => {
    await writeFile(path.join(dir, FILE), `${BODY} `);
    await rm(path.join(dir, PAGE_FILE));
    expect(await createPrecomputedStore(dir, manifest).get(FILE)).toBeUndefined();
    expect(
      await createPrecomputedStore(dir, manifest, { onStale: async () => undefined }).getSite("/methodology"),
    ).toBeUndefined();
  });

  it("keeps serving a body it already holds in memory, read and checked once", async () => {
    const onStale = vi.fn(async () => successor("next"));
    const store = createPrecomputedStore(dir, manifest, { onStale });
    const first = await store.get(FILE);
    await writeFile(path.join(dir, FILE), `${BODY} `);
    expect(await store.get(FILE)).toBe(first);
    expect(onStale).not.toHaveBeenCalled();
  });
});
