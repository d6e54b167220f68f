import { describe, expect, it } from "vitest";
import { expectToBe, expectToEqual, plainlyEqual } from "./expect-equal.ts";

describe("plainlyEqual", () => {
  it.each([
    [
      { a: 1, b: [1, "x", null, { c: true }] },
      { b: [1, "x", null, { c: true }], a: 1 },
    ],
    [[], []],
    [Number.NaN, Number.NaN],
    ["é", "é"],
  ])("accepts %j and %j, as toEqual does", (a, b) => {
    expect(plainlyEqual(a, b)).toBe(true);
    expect(a).toEqual(b);
  });

  // Each pair toEqual tells apart, and some it does not (then toEqual decides): never looser than toEqual.
  it.each([
    [0, -0, false],
    [Number.NaN, null, false],
    [null, undefined, false],
    [1, "1", false],
    [[1, 2], [1, 2, 3], false],
    [{ a: 1 }, { a: 1, b: 2 }, false],
    [new Date(0), new Date(0).toISOString(), false],
    [{ a: 1, b: undefined }, { a: 1 }, true],
    [[1, , 3], [1, undefined, 3], true], // eslint-disable-line no-sparse-arrays
    [new Date(0), new Date(0), true],
  ] as const)("rejects %j and %j (toEqual: %s)", (a, b, toEqual) => {
    expect(plainlyEqual(a, b)).toBe(false);
    let passes = true;
    try {
      expect(a).toEqual(b);
    } catch {
      passes = false;
    }
    expect(passes).toBe(toEqual);
  });
});

describe("expectToEqual", () => {
  it("passes what toEqual passes and fails with toEqual's message, label included", () => {
    expect(() => expectToEqual({ a: [1, { b: undefined }] }, { a: [1, {}] })).not.toThrow();
    expect(() => expectToEqual({ a: [1, 2] }, { a: [1, 3] }, "rows")).toThrow(/rows: expected .* to deeply equal/);
  });
});

describe("expectToBe", () => {
  it("passes what toBe passes (Object.is) and fails with toBe's message, label included", () => {
    expect(() => expectToBe(Number.NaN, Number.NaN)).not.toThrow();
    expect(() => expectToBe("etag", "etag", "ETag")).not.toThrow();
    expect(() => expectToBe(0, -0, "zero")).toThrow(/zero: expected \+0 to be -0/);
    expect(() => expectToBe(200, 404, "status")).toThrow(/status: expected 200 to be 404/);
  });
});
