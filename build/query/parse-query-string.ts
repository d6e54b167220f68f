/**
 * Splits a raw query string into decoded name/value pairs, strictly: a malformed
 * percent-encoding is an error (URLSearchParams would silently keep it).
 * @module
 */
import { HttpError } from "../errors.ts";

export type QueryPairs = [name: string, value: string][];

/** Decodes one query component (`+` is a space); throws a 400 `bad_request` on malformed encoding. */
export function decodeComponent(text: string): string {
  return decodePercent(text.replace(/\+/g, " "), text);
}

/** Decodes one path segment: `+` is a plus sign there (form encoding applies to queries only). */
export function decodePathSegment(text: string): string {
  return decodePercent(text, text);
}

function decodePercent(text: string, original: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new HttpError(400, "bad_request", "The request has a malformed percent-encoding.", {
      value: original.slice(0, 200),
    });
  }
}

/**
 * Parses `a=1&b=2` (without the leading `?`) into pairs, in order.
 * @example parseQueryString("country=gb&page=2") // [["country","gb"],["page","2"]]
 */
export function parseQueryString(query: string): QueryPairs {
  if (query === "") return [];
  const pairs: QueryPairs = [];
  for (const part of query.split("&")) {
    if (part === "") continue;
    const equals = part.indexOf("=");
    const name = decodeComponent(equals < 0 ? part : part.slice(0, equals));
    const value = equals < 0 ? "" : decodeComponent(part.slice(equals + 1));
    pairs.push([name, value]);
  }
  return pairs;
}
