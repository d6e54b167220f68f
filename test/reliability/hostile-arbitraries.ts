/**
 * Hostile request targets for every endpoint: malicious values and names, written on the wire as an
 * attacker would (raw percent-encoding tricks are not re-encoded).
 */
import fc from "fast-check";
import type { Endpoint } from "../../build/query/endpoint.ts";
import { endpointPath } from "../../build/query/routes.ts";
import { SERVICE_BASES } from "../../build/query/services.ts";
import { slotNames } from "./request-vocabulary.ts";

/** Percent-encoding and path tricks, as raw text of the request target. */
export const ENCODING_TRICKS = [
  "%00",
  "%2e%2e",
  "%2E%2E%2F",
  "%2F",
  "%5C",
  "%252e%252e%252f",
  "%25",
  "%ED%A0%80",
  "%C3%28",
  "%C0%AE%C0%AE",
  "%FF%FE",
  "%",
  "%z",
  "%zz",
  "%E0%A4",
  "..",
  "../..",
  "..%2f..%2f..%2fetc%2fpasswd",
  "%2e%2e%2f%2e%2e%2fcanary.txt",
  "....//",
  "%0d%0aSet-Cookie:%20x=1",
  "%u002e",
  "%EF%BC%8E%EF%BC%8E",
];

/** Numbers and things that look like them. */
export const NUMBER_TRICKS = [
  "0",
  "-1",
  "-0",
  "1.5",
  "1e3",
  "1E3",
  "NaN",
  "Infinity",
  "-Infinity",
  "0x1f",
  "99999999999999999999999",
  "9007199254740993",
  "1_000",
  "%201",
  "1%20",
  "%EF%BC%91",
  "+1",
  "1,2",
  "2147483648",
];

/** Names an object lookup might trip over, and other odd keys. */
export const KEY_TRICKS = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "%5B%5D",
  "a%5Bb%5D",
  "*",
  "null",
  "undefined",
  "true",
];

/** Percent-encodes every UTF-8 byte of a string (lone surrogates become U+FFFD, as on the wire). */
export function encodeAll(text: string): string {
  return [...Buffer.from(text, "utf8")].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`).join("");
}

/** The code points fast-check's `"binary"` string unit draws from: all but the surrogates. */
const SURROGATES = 0xe000 - 0xd800;

/**
 * fast-check's `"binary"` string unit, drawn and shrunk the same (the same `nat` mapped to the same code
 * points), with an unmapper that computes a code point's index: fast-check's own builds a map of all
 * 1.1 million code points the first time a string is made from it, 3.5 s of CPU in each process (issue 29).
 */
const BINARY_UNIT = fc.nat({ max: 0x10ffff - SURROGATES }).map(
  (index) => String.fromCodePoint(index < 0xd800 ? index : index + SURROGATES),
  (value) => {
    const point = typeof value === "string" ? value.codePointAt(0) : undefined;
    if (point === undefined || String.fromCodePoint(point) !== value || (point >= 0xd800 && point < 0xe000))
      throw new Error(`Not one code point of the binary unit: ${String(value)}`);
    return point < 0xd800 ? point : point - SURROGATES;
  },
);

/** Up to `maxLength` code points, drawn as `fc.string` with the `"binary"` unit draws them. */
const binaryString = (maxLength: number): fc.Arbitrary<string> => fc.string({ unit: BINARY_UNIT, maxLength });

/** A hostile raw value (already as sent). */
export function hostileValue(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...ENCODING_TRICKS, ...NUMBER_TRICKS, ...KEY_TRICKS),
    binaryString(12).map(encodeAll),
    fc.integer({ min: 1, max: 2_000 }).map((length) => "9".repeat(length)),
    fc.integer({ min: 190, max: 2_600 }).map((length) => "a".repeat(length)), // around the text and key length limits
    fc
      .array(fc.constantFrom(...ENCODING_TRICKS, ...KEY_TRICKS, "gb", "uk", "seo"), { minLength: 2, maxLength: 40 })
      .map((items) => items.join(",")),
  );
}

/** A parameter name: one of `names` (an endpoint's own), in other cases, or odd. */
function hostileName(names: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...(names.length > 0 ? names : ["page"])) },
    fc.constantFrom(...KEY_TRICKS, "", "PAGE", "page%00", "pa%67e", "%00"),
    binaryString(6).map(encodeAll),
  );
}

/** A query of hostile pairs, some names repeated many times, some without `=`; `names`: the parameters the path takes. */
function hostileQuery(names: readonly string[]): fc.Arbitrary<string> {
  const pair = fc.tuple(hostileName(names), hostileValue(), fc.constantFrom("=", "==", "", "=&"));
  const repeated = fc
    .tuple(hostileName(names), hostileValue(), fc.integer({ min: 2, max: 300 }))
    .map(([name, value, times]) => Array.from({ length: times }, () => `${name}=${value}`).join("&"));
  return fc
    .array(
      fc.oneof(
        pair.map(([name, value, equals]) => `${name}${equals}${equals === "" ? "" : value}`),
        repeated,
      ),
      { maxLength: 5 },
    )
    .map((parts) => parts.join("&"));
}

/**
 * The endpoint's path with real slot values (`known`, per slot) when it has slots and they are known:
 * otherwise every fuzzed query of a card would end in a 404 and its successes (codings, preconditions) go untried.
 */
function ownPath(endpoint: Endpoint, known: Record<string, readonly string[]>): fc.Arbitrary<string> {
  const slots = slotNames(endpoint);
  if (slots.length === 0 || !slots.every((slot) => (known[slot]?.length ?? 0) > 0))
    return fc.constant(`${SERVICE_BASES[endpoint.service]}${endpoint.path}`);
  return fc
    .record(Object.fromEntries(slots.map((slot) => [slot, fc.constantFrom(...known[slot]!)])))
    .map((values) => endpointPath(endpoint, values));
}

/** A path: the endpoint's own (real slot values when known), with hostile slot values, or its base with hostile segments. */
function hostilePath(endpoint: Endpoint, known: Record<string, readonly string[]>): fc.Arbitrary<string> {
  const base = SERVICE_BASES[endpoint.service];
  const segment = fc.oneof(
    fc.constantFrom(...ENCODING_TRICKS, ...KEY_TRICKS, ...NUMBER_TRICKS),
    binaryString(8).map(encodeAll),
  );
  const slotted = fc.array(segment, { minLength: 1, maxLength: 3 }).map((values) => {
    let at = 0;
    return `${base}${endpoint.path.replace(/\{\w+\}/g, () => values[at++ % values.length]!)}`;
  });
  const appended = fc
    .array(segment, { minLength: 1, maxLength: 4 })
    .map((segments) => `${base}${endpoint.path}/${segments.join("/")}`);
  return fc.oneof(
    { weight: 3, arbitrary: ownPath(endpoint, known) },
    slotted,
    appended,
    fc.constantFrom(`${base}${endpoint.path}/`, `${base}//${endpoint.path}`, `${base}${endpoint.path}%2F`),
  );
}

/** Sometimes the absolute form (`GET http://host/path`, RFC 9112 §3.2.2), which a proxy-minded client sends. */
const absolutePrefix = fc.oneof(
  { weight: 7, arbitrary: fc.constant("") },
  { weight: 1, arbitrary: fc.constantFrom("http://example.org", "HTTPS://127.0.0.1:1", "http://a@b:c@x") },
);

/**
 * A hostile request target for `endpoint`: path, and a query most of the time. `known`: real values of
 * its path slots (e.g. `{ slug: ["acme"] }`), used for its own path.
 */
export function hostileTarget(endpoint: Endpoint, known: Record<string, readonly string[]> = {}): fc.Arbitrary<string> {
  return fc
    .tuple(
      absolutePrefix,
      hostilePath(endpoint, known),
      fc.option(hostileQuery(endpoint.params.map((spec) => spec.name)), { freq: 5 }),
    )
    .map(([prefix, path, query]) => `${prefix}${query === null ? path : `${path}?${query}`}`);
}

/**
 * A hostile request target for a site file (a page, an asset, a download, e.g. `/llms.txt`): its path
 * as it is or re-spelled (`/index.html`, slashes, an encoded character), or with hostile segments, and a query.
 */
export function hostileSiteTarget(paths: readonly string[]): fc.Arbitrary<string> {
  const segment = fc.oneof(fc.constantFrom(...ENCODING_TRICKS, ...KEY_TRICKS), binaryString(8).map(encodeAll));
  const suffix = fc.oneof(
    { weight: 3, arbitrary: fc.constant("") },
    fc.constantFrom("/", "//", "/index.html", "%2F", "/.", "/..", "/%2e%2e", "index.html"),
    fc.array(segment, { minLength: 1, maxLength: 3 }).map((segments) => `/${segments.join("/")}`),
  );
  const spelled = fc
    .constantFrom(...paths)
    .chain((path) => fc.constantFrom(path, `/${path}`, path.replace(/\.([a-z]+)$/, "%2E$1"), path.toUpperCase()));
  return fc
    .tuple(
      absolutePrefix,
      spelled,
      suffix,
      fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, hostileQuery(["page"])),
    ) // a site file ignores the query
    .map(([prefix, path, tail, query]) => `${prefix}${path}${tail}${query === null ? "" : `?${query}`}`);
}

/** The request headers the handler reads; absent ones are not sent. */
export interface FuzzHeaders {
  ifNoneMatch?: string;
  ifMatch?: string;
  acceptEncoding?: string;
}

/** Mostly GET and HEAD, in any letter case; sometimes the preflight or a method the contract refuses (405). */
export const hostileMethod = fc.oneof(
  { weight: 8, arbitrary: fc.mixedCase(fc.constantFrom("GET", "HEAD")) },
  { weight: 2, arbitrary: fc.constantFrom("OPTIONS", "POST", "PUT", "DELETE", "PATCH", "TRACE", "") },
);

/** A header value as a client or an attacker may send it (well-formed, odd, or any text), or null for none (half the time). */
const headerValue = (...usual: string[]) =>
  fc.option(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...usual) }, fc.string({ maxLength: 40 })), { freq: 2 });

/** If-None-Match, If-Match and Accept-Encoding, each absent half the time. */
export const hostileHeaders: fc.Arbitrary<FuzzHeaders> = fc
  .record({
    ifNoneMatch: headerValue('"x"', "*", 'W/"x", "y"', "", ",,,", '"'.repeat(500)),
    ifMatch: headerValue('"x"', "*", 'W/"x"', "", ", *", '"'.repeat(500)),
    acceptEncoding: headerValue(
      "br",
      "gzip",
      "x-gzip",
      "*",
      "identity;q=0",
      "*;q=0",
      "br;q=1.0001, gzip;q=.5",
      "gzip;q=0, br;q=0, identity;q=0",
      ";;;,,,=",
      "x-coding, ".repeat(500),
    ),
  })
  .map((headers) => Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== null)) as FuzzHeaders);
