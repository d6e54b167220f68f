/**
 * The size limit of one JSON answer, the same on every host (issue 32): an answer whose bytes would pass
 * it is a 400 `result_too_large` pointing to a narrower query or the bulk download, from the build (which
 * then writes no file), the Node host and the Netlify function alike, since all three render through here.
 * @module
 */
import { HttpError } from "../errors.ts";
import type { Endpoint } from "./endpoint.ts";

/**
 * The most bytes one JSON answer may have, before compression (its trailing newline included). Netlify
 * carries at most 6 MB in a buffered response, headers and the platform's framing included; 4 MB stays
 * under it even when the body travels base64-encoded (4/3 larger), so a client that sends no
 * Accept-Encoding is served too.
 */
export const MAX_ANSWER_BYTES = 4_000_000;

/** Where every file of the dataset can be downloaded at once, for an endpoint that names no file of its own. */
export const DOWNLOADS_PAGE_PATH = "/downloads/";

/** Parameters that page or order an answer, not narrow it. */
const NOT_NARROWING = new Set(["page", "per_page", "limit", "sort", "order"]);

/** The 400 of an answer over MAX_ANSWER_BYTES: the endpoint's narrowing parameters and its bulk download. */
export function resultTooLarge(endpoint: Endpoint): HttpError {
  const narrowWith = endpoint.params.map((spec) => spec.name).filter((name) => !NOT_NARROWING.has(name));
  const download = endpoint.download ?? DOWNLOADS_PAGE_PATH;
  const narrow =
    narrowWith.length > 0
      ? `Narrow the query (${narrowWith.map((name) => `'${name}'`).join(", ")}), or download`
      : "Download";
  return new HttpError(
    400,
    "result_too_large",
    `The answer would be more than ${MAX_ANSWER_BYTES.toLocaleString("en-US")} bytes, the limit of one JSON answer. ${narrow} every record at once: ${download}.`,
    { limit_bytes: MAX_ANSWER_BYTES, narrow_with: narrowWith, download },
  );
}

/**
 * A running count of an answer's items, for an endpoint that makes many: throws resultTooLarge as soon as
 * their JSON alone passes the limit, before the rest are made. Characters are counted, never more than
 * bytes, so it only refuses what the exact check after rendering would refuse too.
 */
export function answerBudget(endpoint: Endpoint): (itemJson: string) => void {
  let chars = 0;
  return (itemJson) => {
    chars += itemJson.length + 1;
    if (chars > MAX_ANSWER_BYTES) throw resultTooLarge(endpoint);
  };
}
