/**
 * Small hand-made plans for the compression and incremental-publish tests.
 */
import { MANIFEST_FILE, serializeManifest, type Manifest, type OutputFile, type OutputPlan } from "../../build/emit/plan-outputs.ts";
import { etagOf } from "../../build/serve/etag.ts";

/** A JSON body of about `bytes` bytes that compresses well; `seed` changes its bytes. */
export function jsonBody(bytes: number, seed = "x"): string {
  const items = Array.from({ length: Math.ceil(bytes / 40) }, (_, i) => ({ id: i, name: `${seed}-item-${i}` }));
  return `${JSON.stringify({ meta: { source: "test" }, data: items })}\n`;
}

/** A plan like planOutputs makes: responses in the manifest, site files by URL, the manifest file last. */
export function makePlan(responses: Record<string, string>, site: { url: string; file: string; type: string; body: string | Buffer }[] = []): OutputPlan {
  const manifest: Manifest = { generated_at: "2025-01-01T00:00:00Z", files: {}, site: {} };
  const files: OutputFile[] = [];
  for (const entry of site) {
    files.push({ path: entry.file, body: entry.body, group: "site" });
    manifest.site[entry.url] = { file: entry.file, type: entry.type, etag: etagOf(entry.body), bytes: Buffer.byteLength(entry.body) };
  }
  for (const [path, body] of Object.entries(responses)) {
    files.push({ path, body, group: "dataset.brands" });
    manifest.files[path] = { etag: etagOf(body), bytes: Buffer.byteLength(body) };
  }
  files.push({ path: MANIFEST_FILE, body: serializeManifest(manifest), group: "engine" });
  return { files, manifest, endpoints: [] };
}
