/**
 * The files of the shared-graph project run one after another in one worker process (vitest.config.ts):
 * whatever one of them changes process-wide, the next inherits. This reads each of them, and the test
 * helpers it imports, for the ways a file changes the process; such a file goes into ISOLATED_TESTS
 * (test-projects.ts) instead.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import fg from "fast-glob";
import { describe, expect, it } from "vitest";
import { ALL_TESTS, ISOLATED_TESTS } from "./test-projects.ts";

/** A change to the process, and the call that undoes it in the same file when there is one. */
interface StateRule {
  what: string;
  pattern: RegExp;
  undone?: RegExp;
}

const STATE_RULES: readonly StateRule[] = [
  { what: "mocks a module", pattern: /\bvi\.(mock|doMock)\(/ },
  { what: "stubs the environment or a global", pattern: /\bvi\.(stubEnv|stubGlobal)\(/ },
  {
    what: "writes process.env",
    pattern:
      /process\.env(\.\w+|\[[^\]]+\])\s*(=(?!=)|\?\?=|\|\|=)|delete\s+process\.env|Object\.assign\(\s*process\.env/,
  },
  { what: "changes the working folder", pattern: /process\.chdir\(/ },
  // Undone by exit-code.ts's helper, which puts each test's value back after it (exit-code.test.ts proves it).
  { what: "sets process.exitCode", pattern: /process\.exitCode\s*=(?!=)/, undone: /\brestoreExitCodeAfterEach\(\)/ },
  // A statement, not a parameter's default (`fetch: typeof globalThis.fetch = globalThis.fetch`).
  { what: "patches a global", pattern: /^\s*globalThis\.\w+\s*=(?!=)|Object\.defineProperty\(\s*globalThis\b/m },
  { what: "fakes timers", pattern: /\bvi\.useFakeTimers\(/, undone: /\bvi\.useRealTimers\(/ },
  { what: "spies on a function", pattern: /\bvi\.spyOn\(/, undone: /\bvi\.restoreAllMocks\(|\.mockRestore\(/ },
  {
    what: "listens to a process event",
    pattern: /\bprocess\.(on|once|addListener|prependListener)\(/,
    undone: /\bprocess\.(off|removeListener|removeAllListeners)\(/,
  },
];

/** The test helpers a file imports (relative imports under test/), and theirs. */
function withLocalImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(file, "utf8");
  for (const [, specifier] of source.matchAll(/\bfrom\s+"(\.{1,2}\/[^"]+\.(?:ts|mjs))"/g)) {
    const imported = path.join(path.dirname(file), specifier!).split(path.sep).join("/");
    if (imported.startsWith("test/")) withLocalImports(imported, seen);
  }
  return seen;
}

/** The ways `file` changes the process without undoing it, in words. */
function stateChanges(source: string): string[] {
  return STATE_RULES.filter((rule) => rule.pattern.test(source) && !(rule.undone?.test(source) ?? false)).map(
    (rule) => rule.what,
  );
}

const sharedFiles = fg.sync(ALL_TESTS, { ignore: [...ISOLATED_TESTS] }).sort();
/** This file, whose examples below would match every rule. */
const THIS_FILE = "test/helpers/shared-graph.test.ts";

describe("the shared-graph project", () => {
  it("holds most test files, and the isolated list names only files that exist", () => {
    expect(sharedFiles.length).toBeGreaterThan(150);
    for (const pattern of ISOLATED_TESTS) expect(fg.sync(pattern), pattern).not.toEqual([]);
  });

  it("has no file that changes the process for the files after it", () => {
    const found = sharedFiles
      .filter((file) => file !== THIS_FILE)
      .flatMap((file) =>
        [...withLocalImports(file)].flatMap((read) =>
          stateChanges(readFileSync(read, "utf8")).map(
            (what) => `${file}${read === file ? "" : ` (via ${read})`} ${what}`,
          ),
        ),
      );
    expect(found).toEqual([]);
  });

  it("recognises each change, and a change the same file undoes", () => {
    expect(stateChanges('vi.mock("node:fs/promises", () => ({}));')).toEqual(["mocks a module"]);
    expect(stateChanges("process.env.API_DIST = dist;")).toEqual(["writes process.env"]);
    expect(stateChanges('process.env["TZ"] ??= "UTC";')).toEqual(["writes process.env"]);
    expect(stateChanges("if (process.env.CI === undefined) return;")).toEqual([]);
    expect(stateChanges("process.exitCode = undefined;")).toEqual(["sets process.exitCode"]);
    expect(stateChanges("restoreExitCodeAfterEach(); process.exitCode = 1;")).toEqual([]);
    expect(stateChanges("afterEach(() => { process.exitCode = undefined; });")).toEqual(["sets process.exitCode"]);
    expect(stateChanges("expect(process.exitCode).toBe(1);")).toEqual([]);
    expect(stateChanges("globalThis.fetch = retrying;")).toEqual(["patches a global"]);
    expect(stateChanges("function get(fetch: typeof globalThis.fetch = globalThis.fetch) {}")).toEqual([]);
    expect(stateChanges("vi.useFakeTimers();")).toEqual(["fakes timers"]);
    expect(stateChanges("vi.useFakeTimers(); afterEach(() => vi.useRealTimers());")).toEqual([]);
    expect(stateChanges('process.on("unhandledRejection", f);')).toEqual(["listens to a process event"]);
    expect(stateChanges('process.on("unhandledRejection", f); process.off("unhandledRejection", f);')).toEqual([]);
    expect(stateChanges('vi.spyOn(console, "error");')).toEqual(["spies on a function"]);
    expect(stateChanges("process.chdir(dir);")).toEqual(["changes the working folder"]);
  });
});
