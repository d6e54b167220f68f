/**
 * The engine's dataset read from its file member by member (build/output-format/dataset-file-ranges.ts,
 * issue 32): the same dataset as the whole file parsed, each member read from the file only when used.
 */
import { readdirSync, readlinkSync } from "node:fs";
import { mkdtemp, rm, truncate, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Dataset } from "../../build/compute/dataset.ts";
import { serializeDataset } from "../../build/output-format/dataset-file.ts";
import { readDatasetFileLazily } from "../../build/output-format/dataset-file-ranges.ts";
import { minContext } from "../fixtures/min-context.ts";

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), "dataset-ranges-"));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function fileOf(name: string, text: string): Promise<string> {
  const file = path.join(folder, name);
  await writeFile(file, text);
  return file;
}

describe("readDatasetFileLazily", () => {
  it("gives the dataset of seeds-min as it was written, member for member", async () => {
    const { dataset } = await minContext();
    const file = await fileOf("min.json", serializeDataset(dataset));
    expect(JSON.stringify(readDatasetFileLazily(file))).toBe(JSON.stringify(dataset));
  });

  it("finds lines longer than the chunk it reads at a time (4 MiB), and names of any letters", async () => {
    const long = "x".repeat(5 * 2 ** 20);
    const dataset = { meta: { note: long }, brändé: [{ slug: "a\nb" }] } as unknown as Dataset;
    const loaded = readDatasetFileLazily(await fileOf("long.json", serializeDataset(dataset))) as unknown as Record<
      string,
      unknown
    >;
    expect(Object.keys(loaded)).toEqual(["meta", "brändé"]);
    expect(loaded["brändé"]).toEqual([{ slug: "a\nb" }]);
    expect((loaded.meta as { note: string }).note).toBe(long);
  });

  it("reads a member from the file when it is first used, not at load: the others answer while one is damaged", async () => {
    const text = serializeDataset({ meta: { ok: true }, counts: { brands: 2 } } as unknown as Dataset);
    const file = await fileOf("damaged.json", text);
    const loaded = readDatasetFileLazily(file);
    expect(loaded.meta).toEqual({ ok: true });
    // The last member's bytes are changed after the load (the file is held open, so it is read as it is now).
    await writeFile(file, text.replace('"counts":{', '"counts":['));
    expect(() => loaded.counts).toThrow(SyntaxError);
  });

  it("parses a file of JSON on one line whole (a dist/ built before the line layout)", async () => {
    expect(readDatasetFileLazily(await fileOf("one-line.json", '{"meta":{"ok":true}}\n'))).toEqual({
      meta: { ok: true },
    });
  });

  it("closes the file once a dataset dropped half read is garbage collected", async () => {
    const file = await fileOf(
      "dropped.json",
      serializeDataset({ meta: { a: 1 }, rest: { b: 2 } } as unknown as Dataset),
    );
    const holding = () => readdirSync("/proc/self/fd").some((fd) => readlinkOf(`/proc/self/fd/${fd}`) === file);
    const readOneMember = () => (readDatasetFileLazily(file) as unknown as { meta: unknown }).meta;
    expect(readOneMember()).toEqual({ a: 1 });
    expect(holding()).toBe(true); // `rest` was never read, so the file is still open
    // A gc function of this process's heap (node --expose-gc, set at run time).
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    for (let attempt = 0; attempt < 50 && holding(); attempt++) {
      gc();
      await new Promise((resolve) => setTimeout(resolve, 10)); // finalizers run on a later turn
    }
    expect(holding()).toBe(false);
  });

  it("refuses at load a file whose closing brace is missing, and a file that does not exist", async () => {
    const file = await fileOf("cut.json", serializeDataset({ meta: { ok: true } } as unknown as Dataset));
    await truncate(file, 20);
    expect(() => readDatasetFileLazily(file)).toThrow(/closing brace is missing|no member name/);
    expect(() => readDatasetFileLazily(path.join(folder, "absent.json"))).toThrow(/ENOENT/);
  });
});

/** The path a /proc/self/fd entry points at, or undefined once it is closed. */
function readlinkOf(link: string): string | undefined {
  try {
    return readlinkSync(link);
  } catch {
    return undefined;
  }
}
