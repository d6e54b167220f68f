/**
 * A live worker (issue 30): answers the queries the host computes on the fly, off the host's thread. It
 * holds each build's dataset and search index, parsed once from the bytes the host shares with it, and
 * hands back answers already encoded and tagged, as bytes moved rather than copied; an export's lines
 * are produced a chunk at a time, as the host asks for them. Started by live-worker.mjs.
 * @module
 */
import { parentPort } from "node:worker_threads";
import { parseDatasetFile } from "../output-format/dataset-file.ts";
import { encodeOwned } from "../output-format/owned-bytes.ts";
import { HttpError } from "../errors.ts";
import { buildEngineIndex } from "../query/engine-index.ts";
import type { EngineContext } from "../query/endpoint.ts";
import { ENDPOINTS } from "../query/endpoints.ts";
import { parseQueryString } from "../query/parse-query-string.ts";
import { resolveQuery } from "../query/run-query.ts";
import { parseSearchIndex } from "../search/search-index-codec.ts";
import { computeLive } from "./live-answer.ts";
import {
  STREAM_CHUNK_BYTES,
  type FromWorker,
  type LiveJobRequest,
  type SharedEngineFiles,
  type ToWorker,
} from "./live-protocol.ts";

const port = parentPort!;
const post = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

/** Each build the host has shared, parsed the first time it is used (or warmed at once). */
const snapshots = new Map<number, { files: SharedEngineFiles; context?: EngineContext }>();
/** Exports being sent: their lines, produced as the host pulls them. */
const streams = new Map<number, Iterator<string>>();

function contextOf(snapshot: number): EngineContext {
  const held = snapshots.get(snapshot);
  if (held === undefined) throw new Error(`Internal error: live worker has no snapshot ${snapshot}`);
  if (held.context === undefined) {
    const dataset = parseDatasetFile(Buffer.from(held.files.dataset));
    const resumeSearch = parseSearchIndex(Buffer.from(held.files.search).toString("utf8"));
    held.context = { dataset, index: buildEngineIndex(dataset), resumeSearch };
  }
  return held.context;
}

/** Parses every member of the dataset now, so that the first live answer does not pay for it. */
function warm(snapshot: number): void {
  const { dataset } = contextOf(snapshot);
  for (const key of Object.keys(dataset)) void (dataset as unknown as Record<string, unknown>)[key];
}

/** Bytes in an ArrayBuffer of their own, to be moved to the host. */
function owned(bytes: string | Buffer): ArrayBuffer {
  if (typeof bytes === "string") return encodeOwned(bytes).buffer;
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer)
    return bytes.buffer;
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return copy.buffer;
}

/** The next chunk of an export's lines (at least one line), or undefined when it is done. */
function nextChunk(lines: Iterator<string>): { chunk?: ArrayBuffer; done: boolean } {
  const parts: string[] = [];
  let size = 0;
  while (size < STREAM_CHUNK_BYTES) {
    const next = lines.next();
    if (next.done === true) return { chunk: parts.length === 0 ? undefined : owned(parts.join("")), done: true };
    parts.push(next.value);
    size += next.value.length;
  }
  return { chunk: owned(parts.join("")), done: false };
}

function answer(id: number, snapshot: number, request: LiveJobRequest): void {
  const resolved = resolveQuery(ENDPOINTS, request.rawPath, parseQueryString(request.rawQuery));
  const live = computeLive(contextOf(snapshot), resolved, request.acceptEncoding);
  if (live.kind === "json") {
    const { representation } = live;
    const body = owned(representation.body);
    const { etag, contentEncoding, vary, link, total } = representation;
    return post({ type: "json", id, contentType: live.contentType, body, etag, contentEncoding, vary, link, total }, [
      body,
    ]);
  }
  const head = { type: "stream" as const, id, contentType: live.contentType, link: live.link, total: live.total };
  if (!request.wantsBody) return post({ ...head, done: true });
  const lines = live.lines[Symbol.iterator]();
  const first = nextChunk(lines);
  if (!first.done) streams.set(id, lines);
  post({ ...head, ...first }, first.chunk === undefined ? [] : [first.chunk]);
}

function fail(id: number, error: unknown): void {
  streams.delete(id);
  if (error instanceof HttpError)
    return post({
      type: "error",
      id,
      error: {
        status: error.status,
        code: error.code,
        message: error.message,
        details: error.details,
        headers: error.headers,
      },
    });
  const fault = error instanceof Error ? error : new Error(String(error));
  post({ type: "fault", id, message: fault.message, stack: fault.stack });
}

port.on("message", (message: ToWorker) => {
  switch (message.type) {
    case "snapshot":
      snapshots.set(message.snapshot, { files: message.files });
      if (message.warm) warm(message.snapshot);
      return;
    case "drop":
      snapshots.delete(message.snapshot);
      return;
    case "job":
      try {
        answer(message.id, message.snapshot, message.request);
      } catch (error) {
        fail(message.id, error);
      }
      return;
    case "pull": {
      const lines = streams.get(message.id);
      if (lines === undefined) return;
      try {
        const next = nextChunk(lines);
        if (next.done) streams.delete(message.id);
        post({ type: "chunk", id: message.id, ...next }, next.chunk === undefined ? [] : [next.chunk]);
      } catch (error) {
        fail(message.id, error);
      }
      return;
    }
    case "cancel":
      streams.get(message.id)?.return?.();
      streams.delete(message.id);
      return;
  }
});

post({ type: "ready" });
