/**
 * An answer computed on the fly, the same wherever it runs: on the request's thread (no pool) or in a
 * live worker (live-worker-main.ts). One function, so that a response's bytes never depend on the thread.
 * @module
 */
import type { EngineContext } from "../query/endpoint.ts";
import { renderAnswer, renderNdjsonLines, resultHeaders, runResolved, type ResolvedQuery } from "../query/run-query.ts";
import { encodeLive } from "./encode-live.ts";
import type { Representation } from "./response-headers.ts";

/** A live JSON answer, encoded and tagged for the request's Accept-Encoding. */
export interface LiveJson {
  kind: "json";
  contentType: string;
  representation: Representation;
}

/** A live export: its headers, and its lines produced as they are read. */
export interface LiveExport {
  kind: "ndjson";
  contentType: string;
  link?: string;
  total?: number;
  lines: Iterable<string>;
}

/** Runs the engine for a resolved query; throws its HttpError (a 404, result_too_large). */
export function computeLive(
  context: EngineContext,
  resolved: ResolvedQuery,
  acceptEncoding: string | undefined,
): LiveJson | LiveExport {
  const result = runResolved(context, resolved);
  const headers = resultHeaders(resolved, result);
  if (result.kind === "ndjson")
    return {
      kind: "ndjson",
      contentType: headers.contentType,
      link: headers.link,
      total: headers.totalCount,
      lines: renderNdjsonLines(result),
    };
  return {
    kind: "json",
    contentType: headers.contentType,
    representation: {
      ...encodeLive(renderAnswer(resolved.endpoint, result.body), acceptEncoding),
      link: headers.link,
      total: headers.totalCount,
    },
  };
}
