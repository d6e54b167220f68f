/**
 * Content negotiation on Accept-Encoding (RFC 9110 §12.5.3): which of a body's stored codings to send.
 * @module
 */
import { ENCODINGS, type Encoding } from "../output-format/compress-body.ts";

/** What to send: one of the stored codings, or the body as it is. */
export type Chosen = Encoding | "identity";

/** Below any q a client can write (the smallest is 0.001): a coding it did not name. */
const UNNAMED_IDENTITY_Q = 0.0001;

const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/** Distinct headers remembered: clients send a handful of spellings, so parsing is paid once per spelling. */
const CACHE_LIMIT = 1000;
const cache = new Map<string, Chosen>();

/** The q-value of every coding the header names (lower-case; `x-gzip` is gzip); malformed members are ignored. */
export function parseAcceptEncoding(header: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const member of header.split(",")) {
    const [rawName = "", ...params] = member.split(";");
    let name = rawName.trim().toLowerCase();
    if (name === "") continue;
    if (name === "x-gzip") name = "gzip";
    let q = 1;
    let valid = true;
    for (const param of params) {
      const [key = "", value = ""] = param.split("=").map((part) => part.trim());
      if (key.toLowerCase() !== "q") continue;
      if (QVALUE.test(value)) q = Number(value);
      else valid = false;
    }
    // A coding named twice keeps its highest weight.
    if (valid) weights.set(name, Math.max(q, weights.get(name) ?? 0));
  }
  return weights;
}

/**
 * Picks the coding to send among those `available` for a body. No header means no stated preference:
 * the body as it is, as every static host does. Otherwise the highest q-value wins, br before gzip before
 * identity at equal q; identity counts as acceptable below every named coding unless `identity;q=0` (or
 * `*;q=0` without identity) refuses it. When nothing acceptable is available, the body is sent as it is
 * (RFC 7231 §5.3.4: a response without content coding rather than an error).
 * @example chooseEncoding("gzip, deflate, br", ["br", "gzip"]) // "br"
 * @example chooseEncoding("br;q=0.5, gzip", ["br", "gzip"]) // "gzip"
 */
export function chooseEncoding(header: string | undefined, available: readonly Encoding[]): Chosen {
  if (header === undefined || available.length === 0) return "identity";
  const key = `${available.join(",")}|${header}`;
  const known = cache.get(key);
  if (known !== undefined) return known;
  const chosen = choose(parseAcceptEncoding(header), available);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, chosen);
  return chosen;
}

function choose(weights: Map<string, number>, available: readonly Encoding[]): Chosen {
  const star = weights.get("*");
  let best: Chosen = "identity";
  let bestQ = weights.get("identity") ?? star ?? UNNAMED_IDENTITY_Q;
  // ENCODINGS is in preference order: a later coding must be strictly better to win.
  for (const encoding of [...ENCODINGS].reverse()) {
    if (!available.includes(encoding)) continue;
    const q = weights.get(encoding) ?? star ?? 0;
    if (q > 0 && q >= bestQ) {
      best = encoding;
      bestQ = q;
    }
  }
  return best;
}
