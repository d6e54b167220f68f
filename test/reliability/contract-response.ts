/**
 * What every answer must look like (contract §1): a well-formed error with the contract's codes, or a
 * valid success; CORS on both; never a 500, a stack trace or a file path.
 */
import { brotliDecompressSync, gunzipSync } from "node:zlib";

/** Each error code of the contract and the statuses it may carry. */
export const ERROR_STATUSES: Readonly<Record<string, readonly number[]>> = {
  invalid_parameter: [400],
  unknown_parameter: [400],
  missing_parameter: [400],
  result_too_large: [400],
  bad_request: [400],
  brand_not_found: [404],
  provider_not_found: [404],
  game_not_found: [404],
  resume_not_found: [404],
  not_found: [404],
  method_not_allowed: [405],
  // Not in the contract's table, which is silent on If-Match: RFC 9110 §13.1.1 (README, decisions).
  precondition_failed: [412],
  // Not in the contract's table either: a request not received in full in time, RFC 9110 §15.5.9 (README, HTTP edges).
  request_timeout: [408],
  rate_limited: [429],
  request_too_large: [414, 431],
  // A Range past the end of a download file (issue 28; not in the contract's table, RFC 9110 §15.5.17).
  range_not_satisfiable: [416],
  // A live answer the host's queue cannot take on (issue 30).
  service_unavailable: [503],
};

export interface AnyResponse {
  status: number;
  /** Header names in any case. */
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

const lower = (headers: AnyResponse["headers"]) =>
  Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name.toLowerCase(),
      Array.isArray(value) ? value.join(", ") : value,
    ]),
  );

/** Problems of an error answer: its body shape, code, status and headers. */
function errorProblems(status: number, headers: Record<string, string | undefined>, text: string): string[] {
  const problems: string[] = [];
  if (headers["content-type"] !== "application/json; charset=utf-8")
    problems.push(`error Content-Type ${headers["content-type"]}`);
  if (headers["cache-control"] !== "no-store") problems.push(`error Cache-Control ${headers["cache-control"]}`);
  if (text.length > 4_096) problems.push(`error body of ${text.length} characters (echoes the input?)`);
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return [...problems, `error body is not JSON: ${text.slice(0, 200)}`];
  }
  const keys = Object.keys(body).join(",");
  if (keys !== "error,message,status" && keys !== "error,message,status,details") problems.push(`error keys ${keys}`);
  if (!(ERROR_STATUSES[String(body.error)] ?? []).includes(status) || body.status !== status)
    problems.push(`error ${String(body.error)} with status ${status} (body says ${String(body.status)})`);
  if (typeof body.message !== "string" || body.message === "") problems.push("error without a message");
  if (
    body.details !== undefined &&
    (typeof body.details !== "object" || body.details === null || Array.isArray(body.details))
  )
    problems.push("details is not an object");
  if (/\/work\/|node_modules|\n\s+at |\.ts:\d+/.test(text))
    problems.push(`error leaks internals: ${text.slice(0, 300)}`);
  return problems;
}

/** Problems of a success: Content-Type, caching, and a body that parses. */
function successProblems(
  status: number,
  headers: Record<string, string | undefined>,
  body: Buffer,
  untagged: boolean,
): string[] {
  if (status === 304)
    return body.length === 0 && (headers.etag !== undefined || untagged) ? [] : ["304 with a body or without an ETag"];
  const problems: string[] = [];
  if (headers["cache-control"] !== "public, max-age=300")
    problems.push(`success Cache-Control ${headers["cache-control"]}`);
  const type = headers["content-type"] ?? "";
  const coding = headers["content-encoding"];
  let text: string;
  try {
    text = (coding === "br" ? brotliDecompressSync(body) : coding === "gzip" ? gunzipSync(body) : body).toString(
      "utf8",
    );
  } catch {
    return [...problems, `a ${coding} body that does not decode`];
  }
  if (coding !== undefined && !["br", "gzip"].includes(coding)) problems.push(`Content-Encoding ${coding}`);
  try {
    if (type === "application/json; charset=utf-8") JSON.parse(text);
    else if (type === "application/x-ndjson; charset=utf-8")
      for (const line of text.split("\n").filter((line) => line !== "")) JSON.parse(line);
    else if (
      !/^(text\/|image\/(png|svg\+xml)$|application\/(gzip|octet-stream|xml|javascript|vnd\.apache\.parquet$))/.test(
        type,
      )
    )
      problems.push(`success Content-Type ${type}`);
  } catch {
    problems.push(`success body does not parse as ${type}`);
  }
  return problems;
}

/**
 * Everything wrong with a response (empty when it is a contract error or a valid success). HEAD: pass
 * `head`. `untagged`: the same request's 200 carries no ETag (an export computed on the fly, streamed),
 * so its 304 (`If-None-Match: *`) has none either (RFC 9110 §15.4.5; contract, caching).
 */
export function contractProblems(
  response: AnyResponse,
  options: { head?: boolean; untagged?: boolean } = {},
): string[] {
  const headers = lower(response.headers);
  const problems: string[] = [];
  if (headers["access-control-allow-origin"] !== "*") problems.push("no Access-Control-Allow-Origin: *");
  if (!headers["access-control-expose-headers"]?.includes("ETag")) problems.push("no Access-Control-Expose-Headers");
  // A site page asked without its trailing slash moves to its one address (issue 28), on this host.
  if (response.status === 301)
    return /^\/[^/]/.test(headers.location ?? "")
      ? problems
      : [...problems, `301 to ${headers.location ?? "nowhere"}, not a path of this host`];
  if (![200, 204, 304, 400, 404, 405, 408, 412, 414, 429, 431].includes(response.status))
    return [...problems, `status ${response.status}`];
  if (options.head === true || response.status === 204) return problems;
  return [
    ...problems,
    ...(response.status >= 400
      ? errorProblems(response.status, headers, response.body.toString("utf8"))
      : successProblems(response.status, headers, response.body, options.untagged === true)),
  ];
}
