/**
 * The engine's dataset file: valid JSON, one top-level member per line in columnar form, read back member
 * by member, each decoded when first used.
 */
import { describe, expect, it } from "vitest";
import type { Dataset } from "../../build/compute/dataset.ts";
import { parseDatasetFile, serializeDataset } from "../../build/output-format/dataset-file.ts";
import { encodeColumnar } from "../../build/output-format/engine-columns.ts";
import { minContext } from "../fixtures/min-context.ts";

/** A made-up dataset-shaped object: text with a newline, a missing member, nested values. */
const SAMPLE = {
  meta: { note: "line one\nline two" },
  skipped: undefined,
  brands: [{ slug: "alpha-casino", name: "Альфа" }],
  counts: { brands: 1 },
} as unknown as Dataset;

describe("serializeDataset", () => {
  it("writes valid JSON, the marker then one member per line in columnar form", () => {
    const text = serializeDataset(SAMPLE);
    expect(JSON.parse(text)).toEqual({
      $columns: 1,
      ...JSON.parse(
        JSON.stringify(
          Object.fromEntries(
            Object.entries(SAMPLE)
              .filter(([, value]) => value !== undefined)
              .map(([key, value]) => [key, encodeColumnar(value)]),
          ),
        ),
      ),
    });
    expect(text.split("\n")[1]).toBe('"$columns":1,');
    expect(text.split("\n")[3]).toBe(
      '"brands":{"strings":["alpha-casino","Альфа"],"column":{"a":{"len":[1],"items":{"o":{"shapes":[["slug","name"]],"shape":[0],"cols":{"slug":{"s":[0]},"name":{"s":[1]}}}}}}},',
    );
  });

  it("round-trips the dataset of seeds-min", async () => {
    const { dataset } = await minContext();
    const text = serializeDataset(dataset);
    expect(text.split("\n")).toHaveLength(Object.keys(dataset).length + 4); // "{", the marker, the members, "}", and the end
    expect(JSON.stringify(parseDatasetFile(Buffer.from(text)))).toBe(JSON.stringify(dataset));
  });
});

describe("parseDatasetFile", () => {
  it("parses each member when it is first read, once, in the file's order", () => {
    const dataset = parseDatasetFile(Buffer.from(serializeDataset(SAMPLE))) as unknown as Record<string, unknown>;
    expect(Object.keys(dataset)).toEqual(["meta", "brands", "counts"]);
    expect(Object.getOwnPropertyDescriptor(dataset, "brands")?.get).toBeDefined();
    const brands = dataset.brands;
    expect(brands).toEqual([{ slug: "alpha-casino", name: "Альфа" }]);
    expect(dataset.brands).toBe(brands);
    expect(Object.getOwnPropertyDescriptor(dataset, "brands")?.value).toBe(brands);
    expect(Object.getOwnPropertyDescriptor(dataset, "counts")?.get).toBeDefined();
    expect(dataset.meta).toEqual({ note: "line one\nline two" });
  });

  it("reads members written as plain JSON, without the marker, as a dist/ built before the columns has them", () => {
    const dataset = parseDatasetFile(
      Buffer.from('{\n"meta":{"ok":true},\n"periods":["2026-01"]\n}\n'),
    ) as unknown as Record<string, unknown>;
    expect(dataset).toEqual({ meta: { ok: true }, periods: ["2026-01"] });
  });

  it("parses JSON on one line whole, as a dist/ built before this layout has it", () => {
    expect(parseDatasetFile(Buffer.from('{"meta":{"ok":true}}\n'))).toEqual({ meta: { ok: true } });
    expect(() => parseDatasetFile(Buffer.from('{"meta":'))).toThrow(SyntaxError);
  });

  it.each([
    ["no closing brace", '{\n"meta":{}\n'],
    ["a line without a member name", "{\n[1,2]\n}\n"],
  ])("refuses a file in the line layout that is broken: %s", (_case, text) => {
    expect(() => parseDatasetFile(Buffer.from(text))).toThrow();
  });

  it("throws when a damaged member is read, not before", () => {
    const dataset = parseDatasetFile(
      Buffer.from('{\n"meta":{"ok":true},\n"brands":[{"slug":\n}\n'),
    ) as unknown as Record<string, unknown>;
    expect(dataset.meta).toEqual({ ok: true });
    expect(() => dataset.brands).toThrow(SyntaxError);
  });
});
