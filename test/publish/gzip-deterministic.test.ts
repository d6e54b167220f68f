import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { gzipDeterministic } from "../../build/publish/gzip-deterministic.ts";

describe("gzipDeterministic", () => {
  const text = `${'{"brand":"a","value":1}\n'.repeat(200)}`;

  it("round-trips and gives the same bytes every time", async () => {
    const first = await gzipDeterministic(text);
    expect(gunzipSync(first).toString("utf8")).toBe(text);
    expect((await gzipDeterministic(Buffer.from(text))).equals(first)).toBe(true);
  });

  it("writes a header without timestamp or file name, level 9 and the Unix OS byte", async () => {
    const header = (await gzipDeterministic(text)).subarray(0, 10);
    // magic, deflate, no flags (so no name), mtime 0, XFL 2 = maximum compression, OS 3 = Unix
    expect([...header]).toEqual([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 2, 3]);
  });
});
