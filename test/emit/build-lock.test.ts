/**
 * One build at a time per output folder: a second build fails at once with a message naming the first,
 * a killed build's lock is taken over, and a build releases only its own lock.
 */
import { spawnSync } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, inject, it } from "vitest";
import { acquireBuildLock, lockFileOf } from "../../build/emit/build-lock.ts";
import { processStartTicks } from "../../build/shared/process-start.ts";
import { BuildError } from "../../build/errors.ts";
import { BUILD_REPORT_FILE, runBuild } from "../../build/run-build.ts";
import { SEEDS_MIN } from "../fixtures/seeds-invalid.ts";
import { hashTree } from "../fixtures/tree-hash.ts";
import { copySeedsMinBuild } from "../helpers/seeds-min-build.ts";

let parent: string;
let out: string;
beforeEach(async () => {
  parent = await mkdtemp(path.join(os.tmpdir(), "build-lock-"));
  out = path.join(parent, "dist");
});
afterEach(async () => {
  await rm(parent, { recursive: true, force: true });
});

/** The pid of a process that has exited (and been reaped). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "console.log(process.pid)"], { encoding: "utf8" });
  return Number(child.stdout.trim());
}

const record = (pid: number, host = os.hostname()) =>
  `${JSON.stringify({ pid, host, started: "2026-01-01T00:00:00.000Z" })}\n`;

describe("acquireBuildLock", () => {
  it("holds the folder for one build: a second one is refused with the holder named, and may go once it is released", async () => {
    const lock = await acquireBuildLock(out);
    expect(lock.file).toBe(path.join(parent, ".dist-lock-dist"));
    expect(JSON.parse(await readFile(lock.file, "utf8"))).toMatchObject({ pid: process.pid, host: os.hostname() });
    const refused = acquireBuildLock(out);
    await expect(refused).rejects.toBeInstanceOf(BuildError);
    await expect(refused).rejects.toThrow(`Another build (process ${process.pid} on ${os.hostname()}`);
    await expect(refused).rejects.toThrow(`If no build is running, remove ${lock.file}.`);
    await lock.release();
    expect(await readdir(parent)).toEqual([]);
    const again = await acquireBuildLock(out);
    await again.release();
  });

  it("keeps the locks of two output folders apart", async () => {
    const one = await acquireBuildLock(out);
    const other = await acquireBuildLock(path.join(parent, "dist-staging"));
    expect(other.file).not.toBe(one.file);
    await Promise.all([one.release(), other.release()]);
  });

  it.each([
    ["of a process that is gone (a killed build)", () => record(deadPid())],
    ["that cannot be read as a lock", () => "{not json"],
    ["that is JSON but no lock (null)", () => "null\n"],
    [
      "that is JSON but names no process",
      () => `${JSON.stringify({ pid: "1", host: os.hostname(), started: "2026-01-01T00:00:00.000Z" })}\n`,
    ],
  ])("takes over a lock %s", async (_case, held) => {
    await writeFile(lockFileOf(out), held());
    const lock = await acquireBuildLock(out);
    expect(JSON.parse(await readFile(lock.file, "utf8")).pid).toBe(process.pid);
    await lock.release();
  });

  it("removes the drafts of killed builds once it holds the lock, and leaves a running build's", async () => {
    const dead = `${lockFileOf(out)}.${deadPid()}-abc123`;
    const running = `${lockFileOf(out)}.${process.pid}-def456`;
    await writeFile(dead, record(0));
    await writeFile(running, record(process.pid));
    const lock = await acquireBuildLock(out);
    expect((await readdir(parent)).sort()).toEqual([path.basename(lock.file), path.basename(running)].sort());
    await lock.release();
  });

  it("records its process's start, and takes over a lock whose process id another process has since taken (after a reboot, say)", async () => {
    const own = processStartTicks(process.pid)!;
    // This process runs, but it did not start when the lock's writer did: it only has the same id now.
    await writeFile(
      lockFileOf(out),
      `${JSON.stringify({ pid: process.pid, host: os.hostname(), started: "2026-01-01T00:00:00.000Z", startTicks: own - 1 })}\n`,
    );
    const lock = await acquireBuildLock(out);
    expect(JSON.parse(await readFile(lock.file, "utf8"))).toMatchObject({ pid: process.pid, startTicks: own });
    await lock.release();
  });

  it("refuses a lock whose process runs and started when the lock says, or which records no start (an older lock)", async () => {
    const own = processStartTicks(process.pid)!;
    for (const held of [{ startTicks: own }, {}]) {
      await writeFile(
        lockFileOf(out),
        `${JSON.stringify({ pid: process.pid, host: os.hostname(), started: "2026-01-01T00:00:00.000Z", ...held })}\n`,
      );
      await expect(acquireBuildLock(out)).rejects.toThrow(new RegExp(`Another build \\(process ${process.pid} on `));
    }
  });

  it("does not take a lock written on another machine, whose process it cannot check", async () => {
    await writeFile(lockFileOf(out), record(deadPid(), `not-${os.hostname()}`));
    await expect(acquireBuildLock(out)).rejects.toThrow(/Another build \(process \d+ on not-/);
  });

  it("releases only its own lock", async () => {
    const lock = await acquireBuildLock(out);
    const someoneElse = record(deadPid());
    await writeFile(lock.file, someoneElse);
    await lock.release();
    expect(await readFile(lock.file, "utf8")).toBe(someoneElse);
  });
});

describe("runBuild under the lock", () => {
  const optionsFor = (outDir: string) => ({
    seedsDir: SEEDS_MIN,
    outDir,
    baseUrl: "https://data.example.com",
    maxFiles: 20_000,
    dryRun: false,
  });

  it("lets one of two builds started together into one folder run, refuses the other at once, and leaves no lock", async () => {
    const results = await Promise.allSettled([runBuild(optionsFor(out)), runBuild(optionsFor(out))]);
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(BuildError);
    expect(String(refused.reason)).toMatch(/Another build/);
    // The build report sits beside dist/ (#26); no lock folder is left.
    expect((await readdir(parent)).sort()).toEqual([BUILD_REPORT_FILE, "dist"]);
    // The tree a full build of the same inputs gives: the run's seeds-min build (global setup, these options).
    expect(await hashTree(out)).toEqual(await hashTree(inject("seedsMinDist")));
  });

  it("refuses a rebuild that would change nothing while another build holds the folder, instead of reporting it unchanged", async () => {
    await copySeedsMinBuild(out, { withReport: true }); // these options' build, as the global setup made it
    const before = await hashTree(out);
    const lock = await acquireBuildLock(out); // another build, writing the folder
    const refused = runBuild(optionsFor(out));
    await expect(refused).rejects.toBeInstanceOf(BuildError);
    await expect(refused).rejects.toThrow(/Another build/);
    await lock.release();
    await expect(runBuild(optionsFor(out))).resolves.toMatchObject({ publish: { unchanged: true, written: 0 } });
    expect(await hashTree(out)).toEqual(before);
    expect((await readdir(parent)).sort()).toEqual([BUILD_REPORT_FILE, "dist"]); // no lock left behind by either
  });

  it("takes no lock for a dry run", async () => {
    const lock = await acquireBuildLock(out);
    await expect(runBuild({ ...optionsFor(out), dryRun: true })).resolves.toMatchObject({ dryRun: true });
    await lock.release();
  });
});
