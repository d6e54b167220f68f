/**
 * What a build of a broken seed set must end with, however the build command ran (a child process or in
 * this process, its output captured): shared by bad-seeds.test.ts and cli.test.ts, which run the loader's
 * corpus between them, each case once (issue 29).
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import type { ExpectStatic } from "vitest";
import type { InvalidSeedCase } from "../fixtures/seeds-invalid.ts";
import { hashTree } from "../fixtures/tree-hash.ts";

/** What a run of the build's command line ended with: its exit code and its two streams. */
export interface Outcome {
  code: number | string | null | undefined;
  stdout: string;
  stderr: string;
}

/** The output the refused build was pointed at, and its tree before (hashTree). */
export interface PreviousOutput {
  dir: string;
  tree: Record<string, string>;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Exit code 1; the problem named by file, record and field with its message; the closing sentence; no
 * stack trace and nothing written; the previous output byte-identical and nothing left beside it.
 */
export async function expectRefused(
  expect: ExpectStatic,
  result: Outcome,
  expected: InvalidSeedCase["expected"],
  previous: PreviousOutput,
): Promise<void> {
  expect(result.code).toBe(1);
  const location = [expected.file, expected.record, expected.field].filter(Boolean).join(" › ");
  expect(result.stderr).toMatch(/^The seeds have \d+ problem/m);
  expect(result.stderr).not.toContain("SeedValidationError");
  expect(result.stderr).toMatch(new RegExp(`${escape(location)}: [^\\n]*${escape(expected.message)}`));
  expect(result.stderr).toContain("Nothing was written; the previous output is unchanged.");
  expect(result.stderr).not.toMatch(/\n\s+at |node_modules/); // no stack trace
  expect(result.stdout).not.toMatch(/^Wrote /m);
  expect(await hashTree(previous.dir)).toEqual(previous.tree);
  expect((await readdir(path.dirname(previous.dir))).filter((entry) => entry.startsWith(".dist-"))).toEqual([]);
}
