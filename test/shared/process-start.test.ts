/**
 * A process's start in clock ticks since boot (build/emit/process-start.ts), which tells a build that
 * wrote a lock from another process that later got the same id. Linux, where the tests run.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, symlink } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { processStartTicks, recordedProcessRuns, sameProcessAsRecorded } from "../../build/shared/process-start.ts";

/** Clock ticks since boot now (USER_HZ is 100 on Linux). */
async function uptimeTicks(): Promise<number> {
  return Math.round(Number((await readFile("/proc/uptime", "utf8")).split(" ")[0]) * 100);
}

describe("processStartTicks", () => {
  it("reads this process's start, before now", async () => {
    const ticks = processStartTicks(process.pid);
    expect(Number.isSafeInteger(ticks)).toBe(true);
    expect(ticks!).toBeGreaterThan(0);
    expect(ticks!).toBeLessThanOrEqual(await uptimeTicks());
  });

  it("reads a process whose command name holds spaces and parentheses (the fields follow the last one)", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "process-start-"));
    const strange = path.join(dir, "a) 1 2 (b");
    await symlink("/bin/sleep", strange);
    const child = spawn(strange, ["30"], { stdio: "ignore" });
    try {
      await new Promise((resolve) => child.once("spawn", resolve));
      expect(await readFile(`/proc/${child.pid}/comm`, "utf8")).toBe("a) 1 2 (b\n");
      const ticks = processStartTicks(child.pid!);
      // Started just now: later than this process, within a minute of now (a busy machine may be slow to read it).
      expect(ticks!).toBeGreaterThanOrEqual(processStartTicks(process.pid)!);
      expect(Math.abs(ticks! - (await uptimeTicks()))).toBeLessThan(6000);
    } finally {
      child.kill("SIGKILL");
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("gives undefined for a process that is gone", () => {
    const gone = Number(
      spawnSync(process.execPath, ["-e", "console.log(process.pid)"], { encoding: "utf8" }).stdout.trim(),
    );
    expect(processStartTicks(gone)).toBeUndefined();
  });
});

describe("sameProcessAsRecorded", () => {
  it("is false only when both starts are known and differ", () => {
    const own = processStartTicks(process.pid)!;
    expect(sameProcessAsRecorded(process.pid, own)).toBe(true);
    expect(sameProcessAsRecorded(process.pid, own + 1)).toBe(false);
    expect(sameProcessAsRecorded(process.pid, undefined)).toBe(true); // a record from before, or from a system that does not tell
  });
});

describe("recordedProcessRuns", () => {
  it("is true for a live process that started when recorded, or with no start recorded; false for a gone one or another start", () => {
    const own = processStartTicks(process.pid)!;
    const gone = Number(
      spawnSync(process.execPath, ["-e", "console.log(process.pid)"], { encoding: "utf8" }).stdout.trim(),
    );
    expect(recordedProcessRuns(process.pid, own)).toBe(true);
    expect(recordedProcessRuns(process.pid, undefined)).toBe(true);
    expect(recordedProcessRuns(process.pid, own + 1)).toBe(false);
    expect(recordedProcessRuns(gone, undefined)).toBe(false);
  });
});
