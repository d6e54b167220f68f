/**
 * What an endpoint is: a path, a parameter table, cross-parameter rules, a pure run function,
 * and the part of its key space that the build precomputes.
 * @module
 */
import type { ReleaseInputs } from "../compute/releases.ts";
import type { Dataset } from "../compute/dataset.ts";
import type { ParamSpec, Params } from "./param-spec.ts";
import type { QueryPairs } from "./parse-query-string.ts";
import type { EngineIndex } from "./engine-index.ts";
import type { SearchIndex } from "../search/search-index.ts";
import type { z } from "zod";

export type ServiceName = "dataset" | "resumes";

/** What the engine needs: the dataset, its lookup tables and the resume full-text index. */
export interface EngineContext {
  dataset: Dataset;
  index: EngineIndex;
  /**
   * The full-text index of `dataset.resumes`, built by the build and loaded by the host from
   * `dist/_engine/resume-search.json`. Optional so that a context made in memory still works: the
   * resume endpoints then index once per dataset (see `resumeSearchOf`).
   */
  resumeSearch?: SearchIndex;
  /**
   * True in a host, which answers on demand: items made for an answer are not kept for the life of the
   * data (the build, which lists each many times, keeps them), so that memory does not grow with every
   * distinct query (issue 32).
   */
  onDemand?: boolean;
  /** Earlier releases of the downloads, read by the build from the previous output or `--archive` (issue 34); the host has none. */
  releases?: ReleaseInputs;
}

export interface Pagination {
  page: number;
  per_page: number;
  total: number;
  pages: number;
}

/** A JSON answer: the body object, and pagination for the Link and X-Total-Count headers. */
export interface JsonResult {
  kind: "json";
  body: unknown;
  pagination?: Pagination;
}

/** An NDJSON export: records produced lazily, one per line, so the host can stream them. */
export interface NdjsonResult {
  kind: "ndjson";
  lines: () => Iterable<unknown>;
  pagination: Pagination;
}

export type QueryResult = JsonResult | NdjsonResult;

/** One concrete query: path parameters plus normalised query parameters. */
export interface QueryInput {
  pathParams: Record<string, string>;
  params: Params;
}

export interface Endpoint {
  /** Unique id, e.g. `dataset.brands`. */
  id: string;
  service: ServiceName;
  /** Path under the service base, with `{name}` segments, e.g. `/brands/{slug}`. */
  path: string;
  summary: string;
  params: readonly ParamSpec[];
  /** `json` (enveloped or a document) or `ndjson` (an export). */
  format: "json" | "ndjson";
  /** The zod schema of a 200 body (of one line for `ndjson`): the OpenAPI document is generated from it, and the tests parse every precomputed answer with it. */
  response?: z.ZodType;
  /** Checks rules across parameters (conflicts, requirements); throws an HttpError. */
  validate?: (params: Params, raw: ReadonlySet<string>) => void;
  /** The bulk download holding every record this endpoint lists, named by its `result_too_large` (answer-size.ts); absent: the downloads page. */
  download?: string;
  /** Parameters merged into others before the canonical key (e.g. `limit` into `per_page`). */
  aliases?: Record<string, string>;
  run: (context: EngineContext, input: QueryInput) => QueryResult;
  /**
   * The queries the build writes as files, as raw requests (they go through the same parser as
   * live requests). Absent: only the parameterless query, for a path without `{slots}`.
   */
  keySpace?: (context: EngineContext) => Iterable<KeySpaceEntry>;
  /**
   * What the OpenAPI document may show of a 200 body, where that is less than the body: a resume card's
   * examples carry no contact that lists may not show (issue 31). Absent: the body as it is.
   */
  publicExample?: (context: EngineContext, body: unknown) => unknown;
}

/** One precomputed query, before parsing: path parameters and raw query pairs. */
export interface KeySpaceEntry {
  pathParams: Record<string, string>;
  pairs: QueryPairs;
  /** Lower numbers are kept first when the file budget is short. */
  priority: number;
}
