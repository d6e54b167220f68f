/**
 * The contract test of the dataset service: every precomputed file under responses/api/dataset/
 * holds exactly the bytes the engine computes for the same query.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Manifest } from "../../build/output-format/manifest.ts";
import { MANIFEST_FILE } from "../../build/output-format/manifest.ts";
import { ENDPOINTS } from "../../build/query/endpoints.ts";
import { renderAll, resolveForEndpoint, resultHeaders, runResolved } from "../../build/query/run-query.ts";
import { etagOf } from "../../build/output-format/etag.ts";
import { sampleContext } from "../helpers/sample-host.ts";

const PREFIX = "responses/api/dataset/";

describe("precomputed dataset files", () => {
  it("each equal, byte for byte, what the engine answers for its query", async () => {
    const { context, dist } = await sampleContext();
    const manifest = JSON.parse(await readFile(path.join(dist, MANIFEST_FILE), "utf8")) as Manifest;
    const files = Object.keys(manifest.files).filter((file) => file.startsWith(PREFIX));
    const checked = new Set<string>();
    const mismatches: string[] = [];
    for (const endpoint of ENDPOINTS.filter((candidate) => candidate.service === "dataset")) {
      const entries = endpoint.keySpace ? [...endpoint.keySpace(context)] : [{ pathParams: {}, pairs: [] as [string, string][] }];
      for (const entry of entries) {
        const resolved = resolveForEndpoint(endpoint, entry.pathParams, entry.pairs);
        if (resolved.filePath === undefined || manifest.files[resolved.filePath] === undefined || checked.has(resolved.filePath)) continue;
        checked.add(resolved.filePath);
        const result = runResolved(context, resolved);
        const live = renderAll(resolved.endpoint, result);
        const onDisk = await readFile(path.join(dist, resolved.filePath), "utf8");
        const headers = resultHeaders(resolved, result);
        const recorded = manifest.files[resolved.filePath]!;
        if (live !== onDisk || etagOf(live) !== recorded.etag || headers.link !== recorded.link || headers.totalCount !== recorded.total) mismatches.push(resolved.filePath);
      }
    }
    expect(mismatches).toEqual([]);
    // Every file was reached from the key space: none is stale or orphaned.
    expect(files.filter((file) => !checked.has(file))).toEqual([]);
    expect(checked.size).toBe(files.length);
    expect(files.length).toBeGreaterThan(5000);
  });
});
