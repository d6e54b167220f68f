/**
 * The bench's compression floor (scripts/bench/compress-floor.ts): which bodies of a built tree it
 * compresses, and that it runs them through the build's emit threads to the end.
 */
import { describe, expect, it } from "vitest";
import { compressedBodies, compressFloorMs, withoutVariants } from "../../scripts/bench/compress-floor.ts";

const file = (relative: string, text = "x") => ({ relative, body: Buffer.from(text) });

describe("compressedBodies", () => {
  it("keeps the files with a .br or .gz variant beside them, and never a variant itself", () => {
    const tree = [
      file("a.json"),
      file("a.json.br"),
      file("a.json.gz"),
      file("b.json"),
      file("b.json.gz"),
      file("small.json"),
      file("dir/c.ndjson"),
      file("dir/c.ndjson.br"),
      file("c.ndjson"),
    ];
    expect(compressedBodies(tree).map((entry) => entry.relative)).toEqual(["a.json", "b.json", "dir/c.ndjson"]);
  });
});

describe("withoutVariants", () => {
  it("leaves out every variant of another file in the tree, and keeps a .gz with nothing beside it", () => {
    const tree = [
      file("a.json"),
      file("a.json.br"),
      file("a.json.gz"),
      file("b.json"),
      file("b.json.gz"),
      file("downloads/x.ndjson.gz"),
      file("dir/c.ndjson"),
      file("dir/c.ndjson.br"),
      file("c.ndjson.br"),
    ];
    expect(withoutVariants(tree).map((entry) => entry.relative)).toEqual([
      "a.json",
      "b.json",
      "downloads/x.ndjson.gz",
      "dir/c.ndjson",
      "c.ndjson.br",
    ]);
  });
});

describe("compressFloorMs", () => {
  it("compresses every body on the build's threads and counts them and their bytes", async () => {
    const bodies = [1, 2, 3].map((n) =>
      file(
        `page-${n}.json`,
        JSON.stringify({ data: Array.from({ length: 200 * n }, (_, i) => ({ id: i, name: `brand ${i}` })) }),
      ),
    );
    const floor = await compressFloorMs(bodies, 2);
    expect(floor.bodies).toBe(3);
    expect(floor.bytes).toBe(bodies.reduce((sum, body) => sum + body.body.byteLength, 0));
    expect(Number.isFinite(floor.ms)).toBe(true);
  });
});
