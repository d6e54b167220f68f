/**
 * Netlify's routing of one request over a built dist/, with Netlify's own packages: the redirect and
 * headers parsers read netlify.toml and the generated _redirects/_headers, and netlify-redirector (the
 * matcher the Netlify CLI runs) picks the rule. Around the matcher, the steps the CLI takes
 * (netlify-cli 26, src/utils/proxy.ts serveRedirect): a static file at the request path wins over a rule
 * unless the rule is forced; a rewrite to /.netlify/functions/ runs the function; a rewrite to a missing
 * file is a plain 404.
 */
import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { parseAllHeaders } from "@netlify/headers-parser";
import { parseAllRedirects } from "@netlify/redirect-parser";

export type NetlifyRoute =
  | { kind: "function" }
  | { kind: "static"; file: string; viaRule: boolean }
  | { kind: "not_found" };

interface RedirectMatch {
  to?: string;
  force?: boolean;
  force404?: boolean;
}
interface Matcher {
  match(request: {
    scheme: string;
    host: string;
    path: string;
    query: string;
    getHeader: (name: string) => string;
    getCookie: (name: string) => string;
  }): RedirectMatch | null;
}
interface Redirector {
  parseJSON(rules: string, options: Record<string, unknown>): Promise<Matcher>;
}
const redirector = createRequire(import.meta.url)("netlify-redirector") as Redirector;

/** A rule as the matcher takes it: the CLI renames `from` to `origin` and `query` to `params` (src/utils/redirects.ts). */
type MatcherRule = Record<string, unknown> & { origin: string };

export interface NetlifyRouter {
  /** The route of a URL (path and query, as a client sends it). */
  route(url: string): Promise<NetlifyRoute>;
  /** The same, with one matcher over every rule (slow: about 0.1 s a request with ten thousand rules). */
  routeWithFullMatcher(url: string): Promise<NetlifyRoute>;
  /** Header rules matching a served path, in order, as the CLI applies them (later rules override). */
  headerRules(servedPath: string): Record<string, string>[];
  rules: number;
}

/** Loads the real configuration of a built site: `configPath` (netlify.toml) and `dist`'s _redirects and _headers. */
export async function loadNetlifyRouter(configPath: string, dist: string): Promise<NetlifyRouter> {
  const parsed = await parseAllRedirects({
    redirectsFiles: [path.join(dist, "_redirects")],
    netlifyConfigPath: configPath,
    configRedirects: [],
    minimal: false,
  });
  if (parsed.errors.length > 0)
    throw new Error(`_redirects: ${parsed.errors.map((error) => error.message).join("; ")}`);
  const rules = (parsed.redirects as unknown as Record<string, unknown>[]).map(toMatcherRule);
  const headers = await parseAllHeaders({
    headersFiles: [path.join(dist, "_headers")],
    netlifyConfigPath: configPath,
    configHeaders: [],
    minimal: false,
  });
  if (headers.errors.length > 0)
    throw new Error(`_headers: ${headers.errors.map((error) => error.message).join("; ")}`);

  const shardFor = shardedMatchers(rules);
  const files = filesUnder(dist);
  const headerRules = headerLookup(headers.headers as HeaderRule[]);
  let full: Promise<Matcher> | undefined;
  const fullMatcher = () => (full ??= redirector.parseJSON(JSON.stringify(rules), {}));

  return {
    route: async (url) => routeWith(await shardFor(decodedPathOf(url), queryOf(url)), url, files),
    routeWithFullMatcher: async (url) => routeWith(await fullMatcher(), url, files),
    headerRules,
    rules: rules.length,
  };
}

/**
 * The matcher scans its rules one by one (about 6 µs a rule, and far more for a whole-query condition:
 * the matcher builds its regex on every match), so a request is matched against a matcher over the rules
 * that can match its path: every rule with a splat or a placeholder, and the rules whose path is the
 * request's, in rule order. A rule on another exact path cannot match, whatever the query. Of the rules on
 * the request's own path, those whose whole-query pattern (redirect-rules.ts) the query cannot match are
 * left out too (see `mayMatchQuery`: `/api/dataset/v1/index` has about a hundred). routeWithFullMatcher
 * cross-checks this against one matcher over every rule.
 *
 * Compiling a matcher costs about as much as matching dozens of exact rules on other paths (which fail on
 * the path before any query is read), and nearly every card has a path of its own: so the exact paths are
 * cut, in rule order, into blocks of up to BLOCK_RULES rules, and a request's matcher holds the rules of
 * its path's whole block, less the own-path rules its query cannot match. The rules added are on other
 * exact paths and cannot match, so the first match is the one over the path's own rules; one matcher then
 * serves every parameterless request of the block (issue 29: a third of the test's matcher compiles).
 */
function shardedMatchers(rules: readonly MatcherRule[]): (decodedPath: string, query: string) => Promise<Matcher> {
  const wildcard = (rule: MatcherRule) => rule.origin.includes("*") || rule.origin.includes("/:");
  const wildcards: number[] = [];
  const onPath = new Map<string, number[]>();
  rules.forEach((rule, index) => {
    if (wildcard(rule)) wildcards.push(index);
    else onPath.set(pathKey(rule.origin), [...(onPath.get(pathKey(rule.origin)) ?? []), index]);
  });
  const blockOf = exactPathBlocks(onPath);
  const shards = new Map<string, Promise<Matcher>>();
  return (decodedPath, query) => {
    const key = pathKey(decodedPath);
    const block = blockOf.get(key);
    const own = onPath.get(key) ?? [];
    const unmatchable = new Set(own.filter((index) => !mayMatchQuery(rules[index]!, query)));
    const candidates = [...wildcards, ...(block?.rules ?? [])].filter((index) => !unmatchable.has(index));
    candidates.sort((a, b) => a - b);
    const shardKey = `${block?.id ?? ""}:${[...unmatchable].join(",")}`;
    let shard = shards.get(shardKey);
    if (shard === undefined) {
      shard = redirector.parseJSON(JSON.stringify(candidates.map((index) => rules[index]!)), {});
      shards.set(shardKey, shard);
    }
    return shard;
  };
}

/**
 * The most rules of one block of exact paths (a path with more rules is a block of its own). Each rule
 * scanned still costs the matcher's calls back into JS for the request; of 1, 4, 8, 16, 32 and 64, 8 cost
 * least over the sample's precomputed URLs (issue 29).
 */
const BLOCK_RULES = 8;

/** Exact paths in the order of their rules, cut into blocks of up to BLOCK_RULES rules: each path's block. */
function exactPathBlocks(onPath: ReadonlyMap<string, number[]>): Map<string, { id: number; rules: number[] }> {
  const blockOf = new Map<string, { id: number; rules: number[] }>();
  let block = { id: 0, rules: [] as number[] };
  for (const [key, indices] of onPath) {
    if (block.rules.length > 0 && block.rules.length + indices.length > BLOCK_RULES)
      block = { id: block.id + 1, rules: [] };
    block.rules.push(...indices);
    blockOf.set(key, block);
  }
  return blockOf;
}

/** A condition named `^#|^QUERY$|#` (redirect-rules.ts) whose QUERY is literals, `|`, groups and `\x3d` only. */
const WHOLE_QUERY = /^\^#\|\^((?:[\w.,&|()-]|\\x3d)+)\$\|#$/;

/**
 * Whether a rule may match a raw query string. Only whole-query conditions are judged, and only for a
 * query the matcher cannot read otherwise (no `%` or `+`, which it might decode): the QUERY pattern is
 * tested case-insensitively, so a rule is left out only where no reading of the query could match it.
 */
function mayMatchQuery(rule: MatcherRule, query: string): boolean {
  if (/[%+]/.test(query)) return true;
  const pattern = wholeQueryPattern(rule);
  return pattern === undefined || pattern.test(query);
}

const wholeQueryPatterns = new WeakMap<MatcherRule, RegExp | undefined>();

/** The rule's whole-query pattern (case-insensitive), compiled once; undefined for any other rule. */
function wholeQueryPattern(rule: MatcherRule): RegExp | undefined {
  if (!wholeQueryPatterns.has(rule)) {
    const names = Object.keys((rule.params ?? {}) as Record<string, unknown>);
    const whole = names.length === 1 ? WHOLE_QUERY.exec(names[0]!) : null;
    wholeQueryPatterns.set(rule, whole === null ? undefined : new RegExp(`^(?:${whole[1]!})$`, "i"));
  }
  return wholeQueryPatterns.get(rule);
}

interface HeaderRule {
  for: string;
  forRegExp: RegExp;
  values: Record<string, string>;
}

/** Header rules for one exact path are found by that path; the others (splats, placeholders) by their pattern. */
function headerLookup(list: readonly HeaderRule[]): (servedPath: string) => Record<string, string>[] {
  const exact = new Map<string, number[]>();
  list.forEach((rule, index) => {
    if (!/[*:]/.test(rule.for)) exact.set(headerKey(rule.for), [...(exact.get(headerKey(rule.for)) ?? []), index]);
  });
  const patterns = list.flatMap((rule, index) => (/[*:]/.test(rule.for) ? [index] : []));
  return (servedPath) =>
    [...patterns, ...(exact.get(headerKey(servedPath)) ?? [])]
      .sort((a, b) => a - b)
      .map((index) => list[index]!)
      .filter((rule) => rule.forRegExp.test(servedPath))
      .map((rule) => rule.values);
}

function toMatcherRule(redirect: Record<string, unknown>): MatcherRule {
  const { from, query, conditions, ...rest } = redirect;
  return { ...rest, origin: String(from), params: query, conditions: conditions ?? {} };
}

/** Header rules match case-insensitively, with or without a trailing slash (headers-parser for_regexp.ts). */
function headerKey(forPath: string): string {
  return pathKey(forPath).toLowerCase();
}

/** Netlify matches rule paths with or without a trailing slash. */
function pathKey(rulePath: string): string {
  return rulePath.length > 1 ? rulePath.replace(/\/$/, "") : rulePath;
}

/** The query string as a client sends it, without its `?`. */
function queryOf(url: string): string {
  return new URL(url, "http://127.0.0.1").search.slice(1);
}

function decodedPathOf(url: string): string {
  return decodeURIComponent(new URL(url, "http://127.0.0.1").pathname);
}

async function routeWith(matcher: Matcher, url: string, files: ReadonlySet<string>): Promise<NetlifyRoute> {
  const parsed = new URL(url, "http://127.0.0.1");
  const decodedPath = decodeURIComponent(parsed.pathname);
  const match = matcher.match({
    scheme: "http",
    host: "127.0.0.1",
    path: decodedPath,
    query: parsed.search.slice(1),
    getHeader: () => "",
    getCookie: () => "",
  });
  const staticFile = staticFileAt(files, decodedPath);
  if (match === null)
    return staticFile === undefined ? { kind: "not_found" } : { kind: "static", file: staticFile, viaRule: false };
  if (match.force404 === true) return { kind: "not_found" };
  if (staticFile !== undefined && match.force !== true) return { kind: "static", file: staticFile, viaRule: false };
  const destination = new URL(match.to ?? "/", "http://127.0.0.1");
  if (destination.pathname.startsWith("/.netlify/functions/")) return { kind: "function" };
  const target = staticFileAt(files, destination.pathname);
  return target === undefined ? { kind: "not_found" } : { kind: "static", file: target, viaRule: true };
}

/**
 * Every regular file under `dist`, as a path relative to it with `/`: the static lookup reads this list
 * rather than the disk (tens of thousands of lookups; a built dist/ does not change under the tests).
 */
function filesUnder(dist: string): Set<string> {
  return new Set(
    readdirSync(dist, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dist, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")),
  );
}

/** The CLI's static lookup (proxy.ts getStatic): the path, then `.html`, `.htm`, `/index.html`, `/index.htm`. */
export function staticFileAt(files: ReadonlySet<string>, decodedPath: string): string | undefined {
  const alternatives = [decodedPath];
  if (decodedPath.endsWith("/")) {
    if (decodedPath !== "/") alternatives.push(`${decodedPath.slice(0, -1)}.html`, `${decodedPath.slice(0, -1)}.htm`);
    alternatives.push(`${decodedPath}index.html`, `${decodedPath}index.htm`);
  } else if (!/\.(html?|png|jpg|js|css|svg|gif|ico|woff|woff2)$/.test(decodedPath)) {
    alternatives.push(
      `${decodedPath}.html`,
      `${decodedPath}.htm`,
      `${decodedPath}/index.html`,
      `${decodedPath}/index.htm`,
    );
  }
  for (const alternative of alternatives) {
    // Resolved as path.resolve does on the disk (`.` and `..` segments, `//`, a trailing `/` dropped), and
    // nothing outside the folder: a path that starts `//` is absolute once its first `/` is cut, one with
    // too many `..` climbs out.
    const relative = alternative.slice(1);
    const file = path.posix.normalize(relative).replace(/(.)\/+$/, "$1");
    if (path.posix.isAbsolute(relative) || file === ".." || file.startsWith("../")) continue;
    if (files.has(file)) return file;
  }
  return undefined;
}
