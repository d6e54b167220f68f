import { describe, expect, it } from "vitest";
import { createLiveCache } from "../../build/serve/live-cache.ts";
import type { Representation } from "../../build/serve/response-headers.ts";

const answer = (bytes: number, tag = "x"): Representation => ({ body: "b".repeat(bytes), etag: `"${tag}"`, bytes });

describe("createLiveCache", () => {
  it("is off at 0 bytes", () => {
    expect(createLiveCache(0)).toBeUndefined();
  });

  it("gives back what it kept and counts its bytes as body plus key (two bytes per key character)", () => {
    const cache = createLiveCache(10_000)!;
    const kept = answer(100);
    cache.set("ab", kept);
    expect(cache.get("ab")).toBe(kept);
    expect(cache.get("other")).toBeUndefined();
    expect(cache.bytes).toBe(104);
    expect(cache.size).toBe(1);
  });

  it("drops the least recently used answers first when over its bound", () => {
    const cache = createLiveCache(1_000)!; // each entry: 120 + 2 = 122 bytes
    for (const key of ["a", "b", "c", "d", "e", "f", "g", "h"]) cache.set(key, answer(120));
    expect(cache.bytes).toBe(976);
    cache.get("a"); // now the most recently used: "b" goes first
    cache.set("i", answer(120));
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBeDefined();
    expect(cache.get("i")).toBeDefined();
    expect(cache.size).toBe(8);
    expect(cache.bytes).toBeLessThanOrEqual(1_000);
  });

  it("replaces an entry under the same key without counting it twice", () => {
    const cache = createLiveCache(10_000)!;
    cache.set("k", answer(100, "one"));
    cache.set("k", answer(300, "two"));
    expect(cache.get("k")?.etag).toBe('"two"');
    expect(cache.bytes).toBe(302);
    expect(cache.size).toBe(1);
  });

  it("does not keep an answer larger than an eighth of its bound, so one broad query cannot flush the rest", () => {
    const cache = createLiveCache(8_000)!;
    cache.set("small", answer(500));
    cache.set("huge", answer(1_000));
    expect(cache.get("huge")).toBeUndefined();
    expect(cache.get("small")).toBeDefined();
  });
});
