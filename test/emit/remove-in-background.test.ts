import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { removeInBackground } from "../../build/emit/remove-in-background.ts";

let parent: string;

beforeEach(async () => {
  parent = await mkdtemp(path.join(os.tmpdir(), "remove-bg-"));
});
afterEach(async () => {
  await rm(parent, { recursive: true, force: true });
});

/** A tree of `folders` folders with two files each, like a build's cards. */
async function makeTree(dir: string, folders: number): Promise<void> {
  for (let index = 0; index < folders; index += 1) {
    const folder = path.join(dir, "cards", String(index));
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, "index.json"), `{"id":${index}}`);
    await writeFile(path.join(folder, "index.json.gz"), "gz");
  }
}

/** Resolves once `name` is no longer in `dir` (the test's timeout meets a removal that never ends). */
async function gone(dir: string, name: string): Promise<void> {
  while ((await readdir(dir)).includes(name)) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe("removeInBackground", () => {
  it("removes the whole tree in a process of its own, the caller's siblings untouched", async () => {
    const tree = path.join(parent, "old");
    await makeTree(tree, 200);
    await writeFile(path.join(parent, "keep.json"), "kept");
    await removeInBackground(tree);
    await gone(parent, "old");
    expect(await readdir(parent)).toEqual(["keep.json"]);
  });

  it("removes the tree itself, before resolving, where no process can be started", async () => {
    const tree = path.join(parent, "old");
    await makeTree(tree, 20);
    await removeInBackground(tree, { nodePath: path.join(parent, "no-such-node") });
    expect(await readdir(parent)).toEqual([]);
  });

  it("a removal of the same tree running alongside it ends with the tree gone, without an error", async () => {
    const tree = path.join(parent, "old");
    await makeTree(tree, 400);
    await removeInBackground(tree);
    await rm(tree, { recursive: true, force: true });
    expect(await readdir(parent)).toEqual([]);
  });
});
