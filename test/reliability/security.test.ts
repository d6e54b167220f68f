/**
 * Security audit findings, each pinned: work a request can make the host do is bounded, nothing not meant
 * to be public is served, and held connections cannot hold memory for ever. The broad fuzz of hostile
 * input is hostile-input.test.ts; this file keeps the specific cases found by the audit.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { MANIFEST_FILE, type Manifest } from "../../build/emit/plan-outputs.ts";
import { siteKey } from "../../build/emit/site-files.ts";
import { ENDPOINTS } from "../../build/query/endpoints.ts";
import { handleRequest, MAX_URL_BYTES, type HandlerDeps } from "../../build/serve/handle-request.ts";
import { createPrecomputedStore } from "../../build/serve/precomputed-store.ts";
import { sampleContext } from "../helpers/sample-host.ts";

let deps: HandlerDeps;
beforeAll(async () => {
  const { context, dist } = await sampleContext();
  const manifest = JSON.parse(readFileSync(path.join(dist, MANIFEST_FILE), "utf8")) as Manifest;
  deps = { context, endpoints: ENDPOINTS, store: createPrecomputedStore(dist, manifest) };
});

/** Rejects when a promise takes longer than `ms`: work that grows out of bounds fails the test rather than stalling it. */
function bounded<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not answered within ${ms} ms: ${what}`)), ms))]);
}

describe("CPU a request can cost", () => {
  // A run of slashes not at the end made the site lookup's /\/+$/ backtrack quadratically: some 100 ms
  // of CPU for one 8 KiB URL, so 200 of them took 20 s or more. Linear, they take a few milliseconds.
  const slashes = `${"/".repeat(MAX_URL_BYTES - 10)}x`;

  it("looks up a page under a long run of slashes in linear time, with the same key", async () => {
    expect(siteKey(`/methodology${"/".repeat(8_000)}`)).toBe("/methodology");
    const statuses = new Set<number>();
    const answerAll = async () => {
      for (let i = 0; i < 200; i++) {
        statuses.add((await handleRequest({ method: "GET", url: slashes, clientAddress: "audit" }, deps)).status);
        await new Promise(setImmediate); // lets the bound's timer fire: the work is synchronous
      }
    };
    await bounded(answerAll(), 5_000, "200 URLs of 8 KiB of slashes");
    expect([...statuses]).toEqual([404]);
  });
});
