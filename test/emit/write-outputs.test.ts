import path from "node:path";
import { describe, expect, it } from "vitest";
import { writeOutputs, ensureWithin, type OutputWriter } from "../../build/emit/write-outputs.ts";
import { BuildError } from "../../build/errors.ts";

const ROOT = path.resolve("/srv/out");

/** An in-memory writer that records every call. */
function memoryWriter() {
  const files = new Map<string, string>();
  const dirs: string[] = [];
  const writer: OutputWriter = {
    mkdir: async (dir) => {
      dirs.push(dir);
    },
    writeFile: async (file, body) => {
      files.set(file, String(body));
    },
  };
  return { writer, files, dirs };
}

describe("ensureWithin", () => {
  it.each([
    ["index.json", path.join(ROOT, "index.json")],
    ["responses/api/dataset/v1/brands/index.json", path.join(ROOT, "responses/api/dataset/v1/brands/index.json")],
    ["a/../b.json", path.join(ROOT, "b.json")], // stays inside once resolved
    ["responses/q=...json", path.join(ROOT, "responses/q=...json")], // dots inside a name are not a parent reference
  ])("resolves %s inside the folder", (relative, expected) => {
    expect(ensureWithin(ROOT, relative)).toBe(expected);
  });

  it.each([["../x"], ["../out-evil/x.json"], ["a/../../x"], ["/etc/passwd"], [""], ["."]])("refuses %j with an internal BuildError", (relative) => {
    expect(() => ensureWithin(ROOT, relative)).toThrow(BuildError);
    expect(() => ensureWithin(ROOT, relative)).toThrow(/^Internal error: output path escapes the output folder/);
  });
});

describe("writeOutputs", () => {
  it("writes every file through the writer, making each folder once, and counts bytes", async () => {
    const { writer, files, dirs } = memoryWriter();
    const bytes = await writeOutputs(
      ROOT,
      [
        { path: "a/one.json", body: "{}\n", group: "x" },
        { path: "a/two.json", body: '{"name":"Café"}\n', group: "x" },
        { path: "b/c/three.json", body: "[]\n", group: "y" },
      ],
      writer,
    );
    expect([...files.keys()]).toEqual([path.join(ROOT, "a/one.json"), path.join(ROOT, "a/two.json"), path.join(ROOT, "b/c/three.json")]);
    expect(files.get(path.join(ROOT, "a/two.json"))).toBe('{"name":"Café"}\n');
    expect(dirs).toEqual([path.join(ROOT, "a"), path.join(ROOT, "b/c")]);
    expect(bytes).toBe(3 + 17 + 3); // "é" is two bytes in UTF-8
  });

  it("writes nothing after a path that escapes the folder", async () => {
    const { writer, files } = memoryWriter();
    const run = writeOutputs(ROOT, [{ path: "../escape.json", body: "x", group: "x" }, { path: "ok.json", body: "y", group: "x" }], writer);
    await expect(run).rejects.toThrow(BuildError);
    expect(files.size).toBe(0);
  });
});
