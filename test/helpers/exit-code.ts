/**
 * For a test file that runs a command in process and reads the exit status it sets (`process.exitCode`):
 * each test's value is put back after it, so that the file can share a worker with the files after it
 * (shared-graph.test.ts accepts a file that writes process.exitCode and calls this; issue 29).
 */
import { afterEach, beforeEach } from "vitest";

/** Saves process.exitCode before each test of the file and restores it after the test, however it ended. */
export function restoreExitCodeAfterEach(): void {
  let before: typeof process.exitCode;
  beforeEach(() => {
    before = process.exitCode;
  });
  afterEach(() => {
    process.exitCode = before;
  });
}
