/**
 * What becomes of a request target on its way to the Netlify Function: the platform hands the function a
 * fetch `Request`, whose URL the WHATWG URL parser has already normalised (https is a "special" scheme).
 * Written out rule by rule, independently of `new URL`, so that a test can state exactly which
 * normalisations the function's answers inherit (README, Netlify, known differences).
 */

/** Every byte of `char` in UTF-8, percent-encoded. */
const encodeBytes = (char: string): string =>
  [...Buffer.from(char, "utf8")].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`).join("");

/** A character the parser percent-encodes in a path segment (WHATWG path percent-encode set, and non-ASCII). */
const PATH_ENCODED = /[\x00-\x1f "#<>?`{}\x7f-\u{10ffff}]/gu;
/** In the query of a special scheme (WHATWG special-query percent-encode set, and non-ASCII); `#` ends the query. */
const QUERY_ENCODED = /[\x00-\x1f "<>'\x7f-\u{10ffff}]/gu;

/** `text` with each code point of `set` (a global, Unicode-aware pattern) percent-encoded: one pass, no array of characters. */
const encodeSet = (text: string, set: RegExp): string => text.replace(set, encodeBytes);

const isSingleDot = (segment: string): boolean => segment === "." || segment.toLowerCase() === "%2e";
const isDoubleDot = (segment: string): boolean => ["..", ".%2e", "%2e.", "%2e%2e"].includes(segment.toLowerCase());

/**
 * The path and query the function sees for an origin-form `target` (`/path?query#fragment`):
 * - leading and trailing C0 controls and spaces are dropped, and every tab, CR and LF anywhere;
 * - the fragment (from the first `#`) is dropped;
 * - in the path, `\` is a `/`; dot segments (`.`, `..`, also spelled `%2e`, `%2E`, `.%2e` …) are resolved,
 *   never above the root, and a last one leaves a trailing `/`; `%2F` and `%5C` stay as they are;
 * - space, `"`, `<`, `>`, `` ` ``, `{`, `}`, controls and non-ASCII are percent-encoded in the path; space, `"`,
 *   `'`, `<`, `>`, controls and non-ASCII in the query; other escapes, valid or not (`%zz`), are kept as sent;
 * - an empty query (`/x?`) is dropped.
 * @example platformTarget("/api/dataset/v1/x/%2e%2e/brands?q=it's#top") // "/api/dataset/v1/brands?q=it%27s"
 */
export function platformTarget(target: string): string {
  const trimmed = target.replace(/^[\x00-\x20]+|[\x00-\x20]+$/g, "").replace(/[\t\n\r]/g, "");
  const hashAt = trimmed.indexOf("#");
  const noFragment = hashAt < 0 ? trimmed : trimmed.slice(0, hashAt);
  const queryAt = noFragment.indexOf("?");
  const rawPath = queryAt < 0 ? noFragment : noFragment.slice(0, queryAt);
  const query = queryAt < 0 ? "" : noFragment.slice(queryAt + 1);
  const segments = rawPath.replace(/\\/g, "/").split("/").slice(1);
  const path: string[] = [];
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1;
    if (isDoubleDot(segment)) {
      path.pop();
      if (last) path.push("");
    } else if (isSingleDot(segment)) {
      if (last) path.push("");
    } else path.push(encodeSet(segment, PATH_ENCODED));
  });
  return `/${path.join("/")}${query === "" ? "" : `?${encodeSet(query, QUERY_ENCODED)}`}`;
}
