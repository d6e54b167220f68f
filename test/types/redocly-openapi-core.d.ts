/**
 * The part of @redocly/openapi-core's types that test/publish/openapi-lint.test.ts uses, in place of the
 * package's own (tsconfig.json `paths`; the test still runs the real package). Its declarations pull in
 * about 270 more declaration files (its config as a 78,000-line JSON schema typed by json-schema-to-ts,
 * graphql's types), and checking a call to `createConfig` against them was about a sixth of the
 * type-check's time (issue 29). Signatures copied from @redocly/openapi-core 2.64.0 (lib/config/load.d.ts,
 * lib/lint.d.ts, lib/walk.d.ts), narrowed to what the test passes.
 */

/** A resolved Redocly config (opaque here: the test only hands it back to `lintFromString`). */
export interface Config {
  readonly __redoclyConfig: unique symbol;
}

export type ProblemSeverity = "error" | "warn";

export type LocationObject =
  | { source: unknown; reportOnKey?: boolean; pointer: string }
  | { source: unknown; reportOnKey?: boolean; pointer: undefined; start: Loc; end?: Loc };

export interface Loc {
  line: number;
  col: number;
}

export interface NormalizedProblem {
  message: string;
  ruleId: string;
  severity: ProblemSeverity;
  location: LocationObject[];
  from?: LocationObject;
  suggest: string[];
  ignored?: boolean;
  reference?: string;
}

export declare function createConfig(config?: string | { extends?: string[] }): Promise<Config>;

export declare function lintFromString(opts: {
  source: string;
  absoluteRef?: string;
  config: Config;
}): Promise<NormalizedProblem[]>;
