/**
 * A compression thread of the build (see early-compression.ts): gzip and brotli of each body it is
 * sent, with the settings it was started with (compress-body.ts's, passed in workerData), so its bytes
 * are those of compressBodySync. Plain JavaScript: a worker must start under tsx and under vitest alike.
 */
import { parentPort, workerData } from "node:worker_threads";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const { gzipLevel, brotliQuality, brotliMode } = workerData;

parentPort.on("message", ({ id, body }) => {
  const bytes = Buffer.from(body);
  const gzip = gzipSync(bytes, { level: gzipLevel });
  const br = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length, [constants.BROTLI_PARAM_MODE]: brotliMode },
  });
  parentPort.postMessage({ id, gzip, br });
});
