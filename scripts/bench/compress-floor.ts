/**
 * The compression floor, for information beside the write floor (issue 7): the time the build's own emit
 * threads take to merely compress the bodies it stored variants of, with its settings (compress-body.ts),
 * writing nothing. The issue asks for compressed forms made at build time; this is what making them costs
 * on this machine, so that the report can show how much of the build's "3× the write floor" budget that
 * work takes on its own, before a single response is rendered.
 * @module
 */
import { ENCODING_SUFFIX } from "../../build/output-format/compress-body.ts";
import { startEmitThreads } from "../../build/emit/emit-threads.ts";

interface TreeFile {
  relative: string;
  body: Buffer;
}

export interface CompressFloor {
  ms: number;
  /** Bodies compressed, each in every coding, and their bytes. */
  bodies: number;
  bytes: number;
}

/**
 * The files of a built tree that have a compressed variant beside them: the bodies the build compressed
 * (a body whose every variant came out larger than itself has none and is left out, a few at most).
 */
export function compressedBodies<T extends TreeFile>(tree: readonly T[]): T[] {
  const names = new Set(tree.map((file) => file.relative));
  const suffixes = Object.values(ENCODING_SUFFIX);
  return tree.filter((file) => suffixes.some((suffix) => names.has(`${file.relative}${suffix}`)));
}

/**
 * The files a build would leave with no compressed variants: the tree without every file that is a variant
 * of another file in it (`a.json.br` beside `a.json`). A `.gz` with nothing beside it, a download, stays.
 */
export function withoutVariants<T extends TreeFile>(tree: readonly T[]): T[] {
  const names = new Set(tree.map((file) => file.relative));
  const suffixes = Object.values(ENCODING_SUFFIX);
  return tree.filter(
    (file) =>
      !suffixes.some((suffix) => file.relative.endsWith(suffix) && names.has(file.relative.slice(0, -suffix.length))),
  );
}

/**
 * Milliseconds for the build's emit threads (one per core, as a build starts them) to compress `bodies`
 * in every coding, from the first body sent to the last answer; the threads are started and warmed by one
 * small body first, as they are long before the plan's first file in a build.
 */
export async function compressFloorMs(bodies: readonly TreeFile[], threads?: number): Promise<CompressFloor> {
  const emitter = startEmitThreads(undefined, threads);
  try {
    await emitter.emit({ path: "warm-up.json", body: "{}".padEnd(2048, " "), compress: true });
    // As text, as the plan hands bodies over: encoded into buffers of their own and moved to a thread.
    const texts = bodies.map((file) => ({ path: file.relative, text: file.body.toString("utf8") }));
    const started = performance.now();
    await Promise.all(texts.map(({ path, text }) => emitter.emit({ path, body: text, compress: true })));
    const ms = performance.now() - started;
    return { ms, bodies: bodies.length, bytes: bodies.reduce((sum, file) => sum + file.body.byteLength, 0) };
  } finally {
    await emitter.close();
  }
}
