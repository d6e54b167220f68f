import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { recoverInterruptedBuild, refuseForeignOutput, stageOutput } from "../../build/emit/publish-atomically.ts";
import { killedSwapLeftBehind, swapUnderway } from "../../build/output-format/output-folder.ts";
import { processStartTicks } from "../../build/shared/process-start.ts";
import { BuildError } from "../../build/errors.ts";

let parent: string;
let out: string;

beforeEach(async () => {
  parent = await mkdtemp(path.join(os.tmpdir(), "publish-"));
  out = path.join(parent, "dist");
});
afterEach(async () => {
  await rm(parent, { recursive: true, force: true });
});

async function writeTree(dir: string, files: Record<string, string>): Promise<void> {
  for (const [name, body] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), body);
  }
}

/** Every file under dir (relative path → text). */
async function readTree(dir: string): Promise<Record<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files: Record<string, string> = {};
  for (const entry of entries.filter((item) => item.isFile())) {
    const full = path.join(entry.parentPath, entry.name);
    files[path.relative(dir, full)] = await readFile(full, "utf8");
  }
  return files;
}

/** Writes a tree into a staging folder beside `target` and swaps it in, as a build does. */
async function publish(target: string, files: Record<string, string>): Promise<void> {
  const staged = await stageOutput(target);
  await writeTree(staged.dir, files);
  await staged.commit();
}

describe("stageOutput", () => {
  it("makes the published folder with the process's umask like any folder (not private to its owner, as mkdtemp would)", async () => {
    const previous = process.umask(0o022);
    try {
      await publish(out, { "a.json": "1" });
      expect((await stat(out)).mode & 0o777).toBe(0o755);
      process.umask(0o027);
      await publish(out, { "a.json": "2" });
      expect((await stat(out)).mode & 0o777).toBe(0o750);
    } finally {
      process.umask(previous);
    }
  });

  it("publishes into a folder that did not exist, leaving no temporary folder", async () => {
    await publish(out, { "a.json": "1" });
    expect(await readTree(out)).toEqual({ "a.json": "1" });
    expect(await readdir(parent)).toEqual(["dist"]);
  });

  it("replaces the previous tree as a whole (no file of the old tree survives)", async () => {
    await writeTree(out, { "old.json": "old", "sub/keep.json": "old" });
    await publish(out, { "new.json": "new", "sub/other.json": "new" });
    expect(await readTree(out)).toEqual({ "new.json": "new", [path.join("sub", "other.json")]: "new" });
    expect(await readdir(parent)).toEqual(["dist"]);
  });

  it("leaves the previous tree untouched and removes its temporary folder when a half-written tree is discarded", async () => {
    await writeTree(out, { "index.json": "previous", "sub/x.json": "previous" });
    const before = await readTree(out);
    const staged = await stageOutput(out);
    await writeTree(staged.dir, { "index.json": "half-written" });
    expect((await readdir(parent)).length).toBe(2);
    await staged.discard();
    expect(await readTree(out)).toEqual(before);
    expect(await readdir(parent)).toEqual(["dist"]);
  });

  it("first puts back the tree a killed swap left aside and removes a killed build's temporary folder", async () => {
    await writeTree(path.join(parent, ".dist-old-dist-1700000000000-41"), { "index.json": "previous" });
    await writeTree(path.join(parent, ".dist-tmp-dist-Ab12Cd"), { "index.json": "half" });
    const staged = await stageOutput(out);
    expect(await readTree(out)).toEqual({ "index.json": "previous" });
    expect((await readdir(parent)).sort()).toEqual(["dist", path.basename(staged.dir)].sort());
    expect(await readdir(staged.dir)).toEqual([]);
    await staged.discard();
  });

  it("creates missing parent folders of the target", async () => {
    const deep = path.join(parent, "a", "b", "dist");
    await publish(deep, { "x.json": "x" });
    expect(await readTree(deep)).toEqual({ "x.json": "x" });
  });

  it("hands the previous tree, renamed as a temporary folder, to removePrevious and resolves with it, the new tree in place", async () => {
    await writeTree(out, { "old.json": "old", "sub/keep.json": "old" });
    const handed: { name: string; files: Record<string, string> }[] = [];
    // A remover that leaves the tree in place: the commit must not wait for a removal of its own.
    const staged = await stageOutput(out, {
      removePrevious: async (tree) => void handed.push({ name: path.basename(tree), files: await readTree(tree) }),
    });
    await writeTree(staged.dir, { "new.json": "new" });
    await staged.commit();
    expect(await readTree(out)).toEqual({ "new.json": "new" });
    expect(handed).toEqual([
      {
        name: expect.stringMatching(/^\.dist-tmp-dist-[A-Za-z0-9]{6}$/),
        files: { "old.json": "old", [path.join("sub", "keep.json")]: "old" },
      },
    ]);
    // Never under its set-aside name, which recovery would put back in place of a missing output.
    expect((await readdir(parent)).sort()).toEqual([handed[0]!.name, "dist"].sort());
  });

  it("calls no removePrevious when there was no previous tree", async () => {
    const handed: string[] = [];
    const staged = await stageOutput(out, { removePrevious: async (tree) => void handed.push(tree) });
    await staged.commit();
    expect(handed).toEqual([]);
  });

  it("a previous tree still being removed in the background is removed, never put back, by the next build's recovery", async () => {
    await writeTree(path.join(parent, ".dist-tmp-dist-Zz99Yy"), { "cards/1/index.json": "half removed" });
    expect(await killedSwapLeftBehind(out)).toBe(false);
    await recoverInterruptedBuild(out);
    expect(await readdir(parent)).toEqual([]);
  });
});

describe("recoverInterruptedBuild", () => {
  it("puts back the tree a killed swap left aside when the target is missing, and removes temporary folders", async () => {
    await writeTree(path.join(parent, ".dist-old-dist-1700000000000-41"), { "index.json": "previous" });
    await writeTree(path.join(parent, ".dist-tmp-dist-Ab12Cd"), { "index.json": "half" });
    await recoverInterruptedBuild(out);
    expect(await readTree(out)).toEqual({ "index.json": "previous" });
    expect((await readdir(parent)).sort()).toEqual(["dist"]);
  });

  it("puts back the most recent of several set-aside trees", async () => {
    await writeTree(path.join(parent, ".dist-old-dist-1700000000999-7"), { "index.json": "newer" });
    await writeTree(path.join(parent, ".dist-old-dist-1700000000000-123456"), { "index.json": "older" });
    await recoverInterruptedBuild(out);
    expect(await readTree(out)).toEqual({ "index.json": "newer" });
    expect(await readdir(parent)).toEqual(["dist"]);
  });

  it("keeps the current target and drops leftovers when the target exists", async () => {
    await writeTree(out, { "index.json": "current" });
    await writeTree(path.join(parent, ".dist-old-dist-1700000000000-41"), { "index.json": "stale" });
    await recoverInterruptedBuild(out);
    expect(await readTree(out)).toEqual({ "index.json": "current" });
    expect(await readdir(parent)).toEqual(["dist"]);
  });

  it("leaves alone the leftovers of another target whose name starts the same", async () => {
    // `dist-1700000000000-41`'s set-aside tree, and a folder whose name only holds a leftover's.
    const other = [
      ".dist-old-dist-staging-1700000000000-41",
      ".dist-tmp-dist-staging-Xy12Zz",
      ".dist-old-dist-1700000000000-41-1700000000001-5",
      "keep.dist-old-dist-1700000000000-41",
    ];
    for (const name of other) await writeTree(path.join(parent, name), { "index.json": name });
    await recoverInterruptedBuild(out);
    expect((await readdir(parent)).sort()).toEqual(other.sort());
  });

  it("does nothing when there is nothing to recover", async () => {
    await recoverInterruptedBuild(out);
    expect(await readdir(parent)).toEqual([]);
  });
});

describe("swapUnderway", () => {
  /** A process id no process has (above Linux's largest pid_max). */
  const GONE = 2 ** 22 + 1;

  it("is true between a running build's two renames: the target absent, the previous tree set aside by it", async () => {
    await writeTree(path.join(parent, `.dist-old-dist-${Date.now()}-${process.pid}`), { "index.json": "previous" });
    expect(await swapUnderway(out)).toBe(true);
  });

  it("is false once the new tree is in place, for a tree a killed build left aside, for another target's, and with nothing there", async () => {
    expect(await swapUnderway(out)).toBe(false);
    await writeTree(path.join(parent, `.dist-old-dist-${Date.now()}-${GONE}`), {
      "index.json": "left by a killed build",
    });
    await writeTree(path.join(parent, `.dist-old-dist-staging-${Date.now()}-${process.pid}`), {
      "index.json": "another target's",
    });
    expect(await swapUnderway(out)).toBe(false);
    await writeTree(path.join(parent, `.dist-old-dist-${Date.now()}-${process.pid}`), { "index.json": "previous" });
    await writeTree(out, { "index.json": "new" });
    expect(await swapUnderway(out)).toBe(false);
  });
});

describe("killedSwapLeftBehind", () => {
  const GONE = 2 ** 22 + 1;

  it("is true when the target is absent and a build no longer running set the previous tree aside", async () => {
    await writeTree(path.join(parent, `.dist-old-dist-${Date.now()}-${GONE}`), {
      "index.json": "left by a killed build",
    });
    expect(await killedSwapLeftBehind(out)).toBe(true);
  });

  it("is false inside a running build's swap, with the target in place, for another target's tree, and with nothing there", async () => {
    expect(await killedSwapLeftBehind(out)).toBe(false);
    await writeTree(path.join(parent, `.dist-old-dist-staging-${Date.now()}-${GONE}`), {
      "index.json": "another target's",
    });
    await writeTree(path.join(parent, `.dist-old-dist-${Date.now()}-${process.pid}`), {
      "index.json": "a running build's",
    });
    expect(await killedSwapLeftBehind(out)).toBe(false);
    await writeTree(path.join(parent, `.dist-old-dist-${Date.now()}-${GONE}`), {
      "index.json": "left by a killed build",
    });
    await writeTree(out, { "index.json": "in place" });
    expect(await killedSwapLeftBehind(out)).toBe(false);
  });
});

describe("a tree set aside that names its process's start (Linux)", () => {
  const own = () => processStartTicks(process.pid)!;

  it("belongs to a swap under way while that process runs with that start", async () => {
    await writeTree(path.join(parent, `.dist-old-dist-${Date.now()}-${process.pid}-${own()}`), {
      "index.json": "previous",
    });
    expect(await swapUnderway(out)).toBe(true);
    expect(await killedSwapLeftBehind(out)).toBe(false);
  });

  it("was left by a killed build when its process id has been taken since by a process that started at another time, and recovery puts it back", async () => {
    await writeTree(path.join(parent, `.dist-old-dist-${Date.now()}-${process.pid}-${own() - 1}`), {
      "index.json": "previous",
    });
    expect(await swapUnderway(out)).toBe(false);
    expect(await killedSwapLeftBehind(out)).toBe(true);
    await recoverInterruptedBuild(out);
    expect(await readTree(out)).toEqual({ "index.json": "previous" });
    expect(await readdir(parent)).toEqual(["dist"]);
  });
});

describe("refuseForeignOutput", () => {
  const MARKER = "_engine/manifest.json";

  it.each<[string, Record<string, string>]>([
    ["a folder that does not exist", {}],
    ["a build's output", { [MARKER]: "{}", "index.html": "x" }],
  ])("lets a build replace %s", async (_case, files) => {
    await writeTree(out, files);
    await expect(refuseForeignOutput(out, MARKER)).resolves.toBeUndefined();
  });

  it("lets a build replace an empty folder", async () => {
    await mkdir(out);
    await expect(refuseForeignOutput(out, MARKER)).resolves.toBeUndefined();
  });

  it("refuses a folder with files but no build's manifest (the sources, a home folder), naming the marker", async () => {
    await writeTree(out, { "run-build.ts": "source", "notes/todo.txt": "keep me" });
    const refused = refuseForeignOutput(out, MARKER);
    await expect(refused).rejects.toBeInstanceOf(BuildError);
    await expect(refused).rejects.toThrow(
      `The output folder ${out} holds files but no ${MARKER}: it is not a build's output`,
    );
    expect(await readTree(out)).toEqual({ "run-build.ts": "source", "notes/todo.txt": "keep me" });
  });

  it("refuses a folder that cannot be made, a file standing on its path", async () => {
    await writeFile(out, "a file");
    await expect(refuseForeignOutput(path.join(out, "sub", "dist"), MARKER)).rejects.toThrow(
      `The output folder ${path.join(out, "sub", "dist")} cannot be made: ${out} is a file.`,
    );
    await expect(refuseForeignOutput(path.join(parent, "new", "deeper", "dist"), MARKER)).resolves.toBeUndefined(); // missing folders are made
  });

  it("refuses a file", async () => {
    await writeFile(out, "a file");
    await expect(refuseForeignOutput(out, MARKER)).rejects.toThrow(`The output folder ${out} is a file, not a folder`);
    expect(await readFile(out, "utf8")).toBe("a file");
  });
});
