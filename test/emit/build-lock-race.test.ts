/**
 * The build lock at the moments another build acts between two of its steps, made certain by a file
 * system whose reads and links are steered by the test.
 */
import { spawnSync } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { acquireBuildLock, lockFileOf } from "../../build/emit/build-lock.ts";

/** Set by a test: runs after the next read of the lock file (another build acting right then), or replaces the next link or write. */
const steer = vi.hoisted(() => ({
  afterRead: undefined as (() => Promise<void>) | undefined,
  link: undefined as (() => Promise<void>) | undefined,
  writeFile: undefined as ((file: string) => Promise<void>) | undefined,
  lock: "",
}));
vi.mock("node:fs/promises", async (importOriginal) => {
  const original = await importOriginal<typeof import("node:fs/promises")>();
  return {
    ...original,
    readFile: (async (...args: Parameters<typeof original.readFile>) => {
      const result = await original.readFile(...args);
      if (args[0] === steer.lock && steer.afterRead !== undefined) {
        const act = steer.afterRead;
        steer.afterRead = undefined;
        await act();
      }
      return result;
    }) as typeof original.readFile,
    writeFile: (async (...args: Parameters<typeof original.writeFile>) => {
      const replaced = steer.writeFile;
      steer.writeFile = undefined;
      return replaced === undefined ? original.writeFile(...args) : replaced(String(args[0]));
    }) as typeof original.writeFile,
    link: async (...args: Parameters<typeof original.link>) => {
      const replaced = steer.link;
      steer.link = undefined;
      return replaced === undefined ? original.link(...args) : replaced();
    },
  };
});

let parent: string;
let out: string;
beforeEach(async () => {
  parent = await mkdtemp(path.join(os.tmpdir(), "build-lock-race-"));
  out = path.join(parent, "dist");
  steer.lock = lockFileOf(out);
});
afterEach(async () => {
  steer.afterRead = undefined;
  steer.link = undefined;
  steer.writeFile = undefined;
  await rm(parent, { recursive: true, force: true });
});

function deadPid(): number {
  return Number(spawnSync(process.execPath, ["-e", "console.log(process.pid)"], { encoding: "utf8" }).stdout.trim());
}

/** The error a promise rejects with; fails the test if it resolves. */
const rejectionOf = (promise: Promise<unknown>): Promise<Error> =>
  promise.then(
    () => expect.fail("resolved"),
    (error: unknown) => error as Error,
  );

const record = (pid: number, started: string) => `${JSON.stringify({ pid, host: os.hostname(), started })}\n`;

it("leaves alone the lock another build took over a killed build's between this build's read of it and its removal", async () => {
  await writeFile(steer.lock, record(deadPid(), "2026-01-01T00:00:00.000Z"));
  const taken = record(process.pid, "2026-01-01T00:00:01.000Z");
  steer.afterRead = () => writeFile(steer.lock, taken);
  await expect(acquireBuildLock(out)).rejects.toThrow(
    `Another build (process ${process.pid} on ${os.hostname()}, started 2026-01-01T00:00:01.000Z)`,
  );
  expect(await readFile(steer.lock, "utf8")).toBe(taken);
});

it("reports a lock that cannot be linked into place with its cause, not as another build starting", async () => {
  steer.link = () =>
    Promise.reject(Object.assign(new Error("EPERM: operation not permitted, link"), { code: "EPERM" }));
  const failure = rejectionOf(acquireBuildLock(out));
  expect((await failure).message).toBe(`Could not write the build lock ${steer.lock}`);
  expect(String((await failure).cause)).toBe("Error: EPERM: operation not permitted, link");
  expect(await readdir(parent)).toEqual([]); // its draft removed
});

it("removes the draft that a full disk made but could not write, and names the lock", async () => {
  // As a write(2) refused with ENOSPC does: the file is made, its bytes are not.
  steer.writeFile = async (file) => {
    await writeFile(file, "");
    throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
  };
  const failure = rejectionOf(acquireBuildLock(out));
  expect((await failure).message).toBe(`Could not write the build lock ${steer.lock}`);
  expect(String((await failure).cause)).toBe("Error: ENOSPC: no space left on device, write");
  expect(await readdir(parent)).toEqual([]);
});
