import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { itemJson, stableItem, stableItemsOf, stringifyBody } from "../../build/query/stable-json.ts";
import { fuzzSeed } from "../helpers/fuzz-seed.ts";

/** fast-check's seed: fixed under CI, drawn anew otherwise; `FC_SEED=<seed>` replays a failure. */
const SEED = fuzzSeed();
/** Runs of the property: `PROPERTY_SCALE=100` searches deeper, as in the two-paths property. */
const RUNS = 300 * Number(process.env.PROPERTY_SCALE ?? 1);

describe("stringifyBody", () => {
  it("splices the stored JSON of stable items into a list envelope, byte for byte JSON.stringify's", () => {
    const item = stableItem({
      id: 1,
      title: "Média buyer «senior»",
      skills: ["seo", "ppc"],
      score: undefined,
      note: null,
    });
    const body = {
      meta: { total: 2, sort: "date", empty: undefined },
      data: [item, { id: 2, nested: { a: [1, "x"] } }],
    };
    const text = stringifyBody(body);
    expect(text).toBe(
      '{"meta":{"total":2,"sort":"date"},"data":[{"id":1,"title":"Média buyer «senior»","skills":["seo","ppc"],"note":null},{"id":2,"nested":{"a":[1,"x"]}}]}',
    );
    expect(text).toBe(JSON.stringify(body));
  });

  it("writes what it stored, not what the item became: a stable item is frozen, so it cannot change", () => {
    const item = stableItem({ id: 7 });
    expect(Object.isFrozen(item)).toBe(true);
    expect(() => Object.assign(item, { id: 8 })).toThrow(TypeError);
    expect(itemJson(item)).toBe('{"id":7}');
  });

  it("freezes a stable item all the way down: a nested array or object cannot change under its stored JSON", () => {
    const item = stableItem({
      id: 9,
      skills: ["seo"],
      contact: { email: "a@example.com", links: [{ url: "https://example.com" }] },
    });
    expect(() => item.skills.push("ppc")).toThrow(TypeError);
    expect(() => Object.assign(item.contact, { email: "b@example.com" })).toThrow(TypeError);
    expect(() => Object.assign(item.contact.links[0]!, { url: "https://example.org" })).toThrow(TypeError);
    expect(itemJson(item)).toBe(JSON.stringify(item));
  });

  it("freezes what lies under a part that was already frozen on its own (a shallow freeze stops nothing below it)", () => {
    const item = stableItem({ id: 10, contact: Object.freeze({ links: [{ url: "https://example.com" }] }) });
    expect(() => item.contact.links.push({ url: "https://example.org" })).toThrow(TypeError);
    const frozenOnTop = stableItem(Object.freeze({ id: 11, skills: ["seo"] }));
    expect(() => frozenOnTop.skills.push("ppc")).toThrow(TypeError);
  });

  it.each([
    ["Date", { id: 12, seen: new Date(0) }],
    ["Map", { id: 13, tags: [new Map([["a", 1]])] }],
    ["Set", { id: 14, nested: { skills: new Set(["seo"]) } }],
  ])("refuses a %s anywhere in an item: freezing one leaves what it holds changeable", (name, item) => {
    expect(() => stableItem(item)).toThrow(new RegExp(`plain objects and arrays only, not a ${name}`));
  });

  it("takes objects without a prototype as plain data", () => {
    const item = stableItem(Object.assign(Object.create(null) as Record<string, unknown>, { id: 15 }));
    expect(Object.isFrozen(item)).toBe(true);
    expect(itemJson(item)).toBe('{"id":15}');
  });

  it("writes array holes, undefined and functions as null, as JSON.stringify does inside an array", () => {
    const body = { meta: {}, data: [undefined, () => 1, Symbol("s"), 3, "x"] };
    expect(stringifyBody(body)).toBe('{"meta":{},"data":[null,null,null,3,"x"]}');
    expect(stringifyBody(body)).toBe(JSON.stringify(body));
  });

  it("writes a hole of a sparse data array as null, as JSON.stringify does, never as an empty slot", () => {
    // Array.prototype.map skips holes, and join writes them as nothing: `[,1]`, which is not JSON.
    // eslint-disable-next-line no-sparse-arrays -- the holes are what the test is about
    const body = { meta: {}, data: [, stableItem({ id: 1 }), , 3] };
    expect(stringifyBody(body)).toBe('{"meta":{},"data":[null,{"id":1},null,3]}');
    expect(stringifyBody(body)).toBe(JSON.stringify(body));
  });

  it("leaves every other shape to JSON.stringify: other keys, another order, data not an array, a toJSON", () => {
    const shapes = [
      { data: [1], meta: {} },
      { meta: {}, data: [1], extra: true },
      { meta: {}, data: { a: 1 } },
      { meta: null, data: [1] },
      { meta: {}, data: [1], toJSON: () => "replaced" },
      [{ meta: {}, data: [] }],
      "text",
      null,
    ];
    for (const shape of shapes) expect(stringifyBody(shape)).toBe(JSON.stringify(shape));
  });

  it(`equals JSON.stringify for any envelope of JSON values, stable or not, holes included (seed ${SEED})`, () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.jsonValue()),
        fc.sparseArray(fc.tuple(fc.dictionary(fc.string(), fc.jsonValue()), fc.boolean())),
        (meta, items) => {
          // A sparse array: a list may hold holes, which JSON.stringify writes as null (map would skip them).
          const data = items.map(([item, stable]) => (stable ? stableItem(structuredClone(item)) : item));
          const body = { meta, data };
          expect(stringifyBody(body), `seed ${SEED}`).toBe(JSON.stringify(body));
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

describe("stableItemsOf", () => {
  it("makes each record's item once, hands back that same stable item, and keeps records apart", () => {
    let calls = 0;
    const itemOf = stableItemsOf((record: { id: number; secret: string }) => {
      calls += 1;
      return { id: record.id };
    });
    const first = { id: 1, secret: "x" };
    const second = { id: 2, secret: "y" };
    const item = itemOf(first);
    expect(itemOf(first)).toBe(item);
    expect(itemOf(second)).toEqual({ id: 2 });
    expect(calls).toBe(2);
    expect(Object.isFrozen(item)).toBe(true);
    expect(stringifyBody({ meta: {}, data: [item, itemOf(second)] })).toBe('{"meta":{},"data":[{"id":1},{"id":2}]}');
  });
});
