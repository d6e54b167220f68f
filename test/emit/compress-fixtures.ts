/**
 * Small hand-made plans for the output tests, and the build's way of writing a plan.
 */
import { wantsVariants } from "../../build/output-format/compress-body.ts";
import { completeOutput, createOutputSink, type SinkReport } from "../../build/emit/output-sink.ts";
import { planOutputs, type OutputFile, type OutputPlan } from "../../build/emit/plan-outputs.ts";
import { MANIFEST_FILE, type Manifest } from "../../build/output-format/manifest.ts";
import type { PreviousOutput } from "../../build/emit/previous-output.ts";
import type { EngineContext, Endpoint } from "../../build/query/endpoint.ts";
import { etagOf } from "../../build/output-format/etag.ts";

/** A JSON body of about `bytes` bytes that compresses well; `seed` changes its bytes. */
export function jsonBody(bytes: number, seed = "x"): string {
  const items = Array.from({ length: Math.ceil(bytes / 40) }, (_, i) => ({ id: i, name: `${seed}-item-${i}` }));
  return `${JSON.stringify({ meta: { source: "test" }, data: items })}\n`;
}

/** A plan like planOutputs makes: responses in the manifest, site files by URL, the manifest file last. */
export function makePlan(
  responses: Record<string, string>,
  site: { url: string; file: string; type: string; body: string | Buffer }[] = [],
): OutputPlan {
  const manifest: Manifest = { generated_at: "2025-01-01T00:00:00Z", files: {}, site: {} };
  const files: OutputFile[] = [];
  for (const entry of site) {
    files.push({ path: entry.file, body: entry.body, group: "site" });
    manifest.site[entry.url] = {
      file: entry.file,
      type: entry.type,
      etag: etagOf(entry.body),
      bytes: Buffer.byteLength(entry.body),
    };
  }
  for (const [path, body] of Object.entries(responses)) {
    files.push({ path, body, group: "dataset.brands" });
    manifest.files[path] = { etag: etagOf(body), bytes: Buffer.byteLength(body) };
  }
  files.push({ path: MANIFEST_FILE, body: "", group: "engine" }); // written by completeOutput
  return { files, manifest, endpoints: [] };
}

/**
 * Writes a hand-made plan into `root` (undefined: compress only) as the build does, against an optional
 * previous output; every described file of a compressible type and size gets variants.
 */
export async function emitPlan(
  root: string | undefined,
  plan: OutputPlan,
  previous?: PreviousOutput,
  threads = 1,
): Promise<SinkReport> {
  const sink = createOutputSink(root, previous, threads);
  try {
    const site = new Map(Object.values(plan.manifest.site).map((entry) => [entry.file, entry]));
    for (const file of plan.files) {
      const response = plan.manifest.files[file.path];
      const entry = response ?? site.get(file.path);
      if (entry === undefined) continue;
      const type = response === undefined ? site.get(file.path)!.type : "application/json";
      sink.addDescribed(file, entry, wantsVariants(type, entry.bytes));
    }
    await completeOutput(sink, plan);
    return await sink.settled();
  } finally {
    await sink.close();
  }
}

/** Plans with planOutputs and writes the plan into `root` as the build does (without swapping it in place of anything). */
export async function planAndWrite(
  root: string,
  context: EngineContext,
  endpoints: readonly Endpoint[],
  options: Omit<Parameters<typeof planOutputs>[2], "onFile" | "pace">,
): Promise<OutputPlan> {
  const sink = createOutputSink(root, undefined, 1);
  try {
    const plan = await planOutputs(context, endpoints, { ...options, onFile: sink.addDescribed, pace: sink.paced });
    await completeOutput(sink, plan);
    return plan;
  } finally {
    await sink.close();
  }
}
