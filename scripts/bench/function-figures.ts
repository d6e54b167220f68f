/**
 * The Netlify function against Netlify's limits (issue 32): its bundle as Netlify zips it (the esbuild
 * bundle of scripts/functions/api.ts plus netlify.toml's included files), and an instance of it in a
 * process of its own (function-probe.mjs): cold start, resident memory after the broadest answers, the
 * largest answer.
 * @module
 */
import { build } from "esbuild";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { deflateRawSync } from "node:zlib";
import { runProcess } from "./processes.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const PROBE = path.join(import.meta.dirname, "function-probe.mjs");

/** Netlify's documented limits for a function. */
export const NETLIFY_LIMITS = {
  memoryBytes: 1024 * 2 ** 20,
  bufferedResponseBytes: 6 * 1000 * 1000,
  unzippedBundleBytes: 250 * 1000 * 1000,
  zippedBundleBytes: 50 * 1000 * 1000,
};

/**
 * The V8 heap an instance of 1024 MB can be given: 768 MiB leaves 256 MiB for what is not V8's old space
 * (the young generation, code, the engine files' bytes until decoded, Node itself, about 45 MiB idle).
 */
export const FUNCTION_HEAP_MIB = 768;

/** A zip entry's fixed overhead: local header (30) and central directory entry (46), plus its name twice. */
const ZIP_ENTRY_BYTES = 76;

/** The function's included files, as netlify.toml lists them (`dist/…`). */
export function includedFiles(toml = readFileSync(path.join(ROOT, "netlify.toml"), "utf8")): string[] {
  const list = /included_files\s*=\s*\[([^\]]*)\]/.exec(toml)?.[1] ?? "";
  return [...list.matchAll(/"([^"]+)"/g)].map((match) => match[1]!);
}

/** Unzipped and zipped bytes of named contents: deflate at level 9 per entry, as zip stores them, and each entry's headers. */
export function zipSizes(entries: readonly { name: string; bytes: Uint8Array }[]): {
  unzipped: number;
  zipped: number;
} {
  let unzipped = 0;
  let zipped = 22; // the end-of-central-directory record
  for (const { name, bytes } of entries) {
    unzipped += bytes.length;
    zipped +=
      Math.min(deflateRawSync(bytes, { level: 9 }).length, bytes.length) +
      ZIP_ENTRY_BYTES +
      2 * Buffer.byteLength(name);
  }
  return { unzipped, zipped };
}

/** The function's code as Netlify's esbuild bundler makes it (one module, its dependencies inside). */
export async function bundleFunction(): Promise<Uint8Array> {
  const bundle = await build({
    entryPoints: [path.join(ROOT, "scripts/functions/api.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    write: false,
    logLevel: "silent",
  });
  return bundle.outputFiles[0]!.contents;
}

export interface ProbeAnswer {
  path: string;
  status: number;
  bytes: number;
  rss: number;
}

/** What function-probe.mjs prints. */
export interface ProbeReport {
  coldStartMs: number;
  coldStartCpuMs: number;
  answers: ProbeAnswer[];
  peakRss: number;
}

export interface FunctionFigures {
  unzippedBytes: number;
  zippedBytes: number;
  coldStartMs: number;
  /** CPU time (user and system) of the process up to its first answer. */
  coldStartCpuMs: number;
  /** Resident memory after every answer, and the peak seen by the kernel. */
  rssAfterBytes: number;
  peakRssBytes: number;
  largest: { path: string; bytes: number };
  answers: ProbeAnswer[];
}

/** Runs the function's bundle over `distDir` in a child process (with a heap of `heapMib` when given) and reads what it reports. */
export async function probeFunction(code: Uint8Array, distDir: string, heapMib?: number): Promise<ProbeReport> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "function-bundle-"));
  try {
    const bundle = path.join(dir, "api.mjs");
    writeFileSync(bundle, code);
    const flags = heapMib === undefined ? [] : [`--max-old-space-size=${heapMib}`];
    const { stdout } = await runProcess(process.execPath, [...flags, PROBE, bundle], {
      env: { ...process.env, API_DIST: distDir },
    });
    return JSON.parse(stdout.trim().split("\n").at(-1)!) as ProbeReport;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every figure of the function over one built folder. */
export async function functionFigures(distDir: string, heapMib = FUNCTION_HEAP_MIB): Promise<FunctionFigures> {
  const code = await bundleFunction();
  const entries = [
    { name: "api.mjs", bytes: code },
    ...includedFiles().map((file) => ({
      name: file,
      bytes: readFileSync(path.join(distDir, file.replace(/^dist\//, ""))),
    })),
  ];
  const { unzipped, zipped } = zipSizes(entries);
  const probe = await probeFunction(code, distDir, heapMib);
  const largest = probe.answers.reduce((max, answer) => (answer.bytes > max.bytes ? answer : max), probe.answers[0]!);
  return {
    unzippedBytes: unzipped,
    zippedBytes: zipped,
    coldStartMs: probe.coldStartMs,
    coldStartCpuMs: probe.coldStartCpuMs,
    rssAfterBytes: probe.answers.at(-1)!.rss,
    peakRssBytes: probe.peakRss,
    largest: { path: largest.path, bytes: largest.bytes },
    answers: probe.answers,
  };
}
