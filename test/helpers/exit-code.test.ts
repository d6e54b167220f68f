import { afterAll, describe, expect, it } from "vitest";
import { restoreExitCodeAfterEach } from "./exit-code.ts";

const atStart = process.exitCode;

describe("restoreExitCodeAfterEach", () => {
  restoreExitCodeAfterEach();
  // In either order (--sequence.shuffle): each test starts with the value the file started with.
  it("lets a test set an exit code", () => {
    expect(process.exitCode).toBe(atStart);
    process.exitCode = 3;
    expect(process.exitCode).toBe(3);
  });

  it("puts the value before the test back after it", () => {
    expect(process.exitCode).toBe(atStart);
    process.exitCode = 1;
  });
});

afterAll(() => {
  expect(process.exitCode).toBe(atStart);
});
