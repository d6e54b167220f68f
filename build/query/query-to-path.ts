/**
 * The one mapping from a canonical query to its file under dist/. The build names files with it
 * and the host finds them with it, so the two cannot drift apart.
 * @module
 */
import type { Endpoint } from "./endpoint.ts";

/** Precomputed responses live under this folder of dist/, never at a public URL path. */
export const RESPONSES_DIR = "responses";

const SAFE = /^[A-Za-z0-9_.:-]+$/;

/**
 * `responses/<public path>/index.json` for the default query, `responses/<public path>/<k=v,k=v>.json`
 * otherwise; undefined when a value has characters that a file name should not carry
 * (such queries are always answered by the engine).
 * @example queryToPath(brands, "/api/dataset/v1/brands", [["country","GB"],["page","2"]]) // "responses/api/dataset/v1/brands/country=GB,page=2.json"
 */
export function queryToPath(
  endpoint: Endpoint,
  publicPath: string,
  pairs: readonly [string, string][],
): string | undefined {
  const segments = publicPath.split("/").filter((segment) => segment !== "");
  if (!segments.every((segment) => SAFE.test(segment) && segment !== "." && segment !== "..")) return undefined;
  if (!pairs.every(([name, value]) => SAFE.test(name) && SAFE.test(value))) return undefined;
  const extension = endpoint.format === "ndjson" ? "ndjson" : "json";
  const file =
    pairs.length === 0
      ? `index.${extension}`
      : `${pairs.map(([name, value]) => `${name}=${value}`).join(",")}.${extension}`;
  return [RESPONSES_DIR, ...segments, file].join("/");
}
