/**
 * The messages between the host's thread and its live workers (live-pool.ts, live-worker-main.ts).
 * Bodies travel as ArrayBuffers moved, not copied; a snapshot's engine files as SharedArrayBuffers, read
 * once by the host and shared by every worker.
 * @module
 */
import type { ErrorDetails } from "../errors.ts";

/** The engine files of one loaded build, in memory every thread reads. */
export interface SharedEngineFiles {
  dataset: SharedArrayBuffer;
  search: SharedArrayBuffer;
}

/** One query to answer: the request's path and query as received, and how to encode the answer. */
export interface LiveJobRequest {
  rawPath: string;
  rawQuery: string;
  acceptEncoding?: string;
  /** False for a HEAD, or an export answered 304 or 412: its headers only, no lines produced. */
  wantsBody: boolean;
}

/** Host → worker. */
export type ToWorker =
  | { type: "snapshot"; snapshot: number; files: SharedEngineFiles; warm: boolean }
  | { type: "drop"; snapshot: number }
  | { type: "job"; id: number; snapshot: number; request: LiveJobRequest }
  | { type: "pull"; id: number }
  | { type: "cancel"; id: number };

/** An HttpError as data: the host makes the same error of it. */
export interface ErrorData {
  status: number;
  code: string;
  message: string;
  details?: ErrorDetails;
  headers?: Record<string, string>;
}

/** Worker → host. */
export type FromWorker =
  | { type: "ready" }
  | {
      type: "json";
      id: number;
      contentType: string;
      body: ArrayBuffer;
      etag: string;
      contentEncoding?: string;
      vary?: boolean;
      link?: string;
      total?: number;
    }
  | {
      type: "stream";
      id: number;
      contentType: string;
      link?: string;
      total?: number;
      chunk?: ArrayBuffer;
      done: boolean;
    }
  | { type: "chunk"; id: number; chunk?: ArrayBuffer; done: boolean }
  | { type: "error"; id: number; error: ErrorData }
  | { type: "fault"; id: number; message: string; stack?: string };

/** Lines are sent in chunks of about this size: few messages, and the first line still leaves early. */
export const STREAM_CHUNK_BYTES = 64 * 1024;
