import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findRepeatedKeys, repeatedKeyMessage } from "../../build/load/find-repeated-keys.ts";
import { Rng } from "../../build/sample/prng.ts";
import { SEEDS_MIN } from "../fixtures/seeds-invalid.ts";

describe("findRepeatedKeys", () => {
  it.each<[string, string, { path: (string | number)[]; count: number }[]]>([
    ["a key written twice at the top", '{"id":"b1","name":"Alpha","name":"Beta"}', [{ path: ["name"], count: 2 }]],
    ["a key written three times, once", '{"a":1,"a":2,"a":3}', [{ path: ["a"], count: 3 }]],
    [
      "every repeated key, in order of their first repeat",
      '{"a":1,"b":2,"b":3,"a":4}',
      [
        { path: ["b"], count: 2 },
        { path: ["a"], count: 2 },
      ],
    ],
    [
      "a repeat in a nested object",
      '{"health":{"uptime_pct":97,"https":true,"uptime_pct":99}}',
      [{ path: ["health", "uptime_pct"], count: 2 }],
    ],
    ["a repeat deep down", '{"a":{"b":{"c":{"d":1,"d":2}}}}', [{ path: ["a", "b", "c", "d"], count: 2 }]],
    [
      "a repeat in an object inside an array",
      '{"apps":[{"os":"ios"},{"os":"ios","os":"android"}]}',
      [{ path: ["apps", 1, "os"], count: 2 }],
    ],
    ["a repeat in an array of records, by index", '[{"a":1},{"a":1},\n{"b":2,"b":3}]', [{ path: [2, "b"], count: 2 }]],
    ["a repeat after a nested object closed", '{"a":{"x":1},"b":[1,{"y":2}],"a":3}', [{ path: ["a"], count: 2 }]],
    ["a repeated key that holds objects", '{"a":{"x":1},"a":{"x":2}}', [{ path: ["a"], count: 2 }]],
    ["a key with an escaped quote, written twice", '{"a\\"b":1,"a\\"b":2}', [{ path: ['a"b'], count: 2 }]],
    ['"\\u0061" and "a" (the same key once parsed)', '{"\\u0061":1,"a":2}', [{ path: ["a"], count: 2 }]],
    ['"\\/" and "/" (the same key once parsed)', '{"a\\/b":1,"a/b":2}', [{ path: ["a/b"], count: 2 }]],
    ["__proto__ written twice", '{"__proto__":1,"__proto__":2}', [{ path: ["__proto__"], count: 2 }]],
    ["a repeat in an object nested in arrays", '[[{"k":1,"k":2}]]', [{ path: [0, 0, "k"], count: 2 }]],
    [
      "repeats in two places",
      '{"a":{"x":1,"x":1},"b":[{"y":1,"y":1}]}',
      [
        { path: ["a", "x"], count: 2 },
        { path: ["b", 0, "y"], count: 2 },
      ],
    ],
  ])("finds %s, by the scan alone and given the parsed value", (_case, text, expected) => {
    expect(findRepeatedKeys(text)).toEqual(expected);
    expect(findRepeatedKeys(text, JSON.parse(text))).toEqual(expected);
  });

  it.each([
    ["distinct keys", '{"a":1,"b":2,"c":{"a":3}}'],
    ["the same key in sibling objects", '{"ios":{"rating":4},"android":{"rating":3}}'],
    ["the same key in every record of an array", '[{"slug":"a","name":"A"},{"slug":"b","name":"B"}]'],
    ["the same key in an object and the one it holds", '{"a":{"a":{"a":1}}}'],
    ["keys differing only by an escape that changes them", '{"a\\"b":1,"a\\\\b":2,"ab":3}'],
    ["keys differing by case", '{"Name":1,"name":2}'],
    ["a key repeated as a string value", '{"name":"name","x":["name","name"],"y":"name"}'],
    [
      "braces, brackets, colons, commas and quotes inside strings",
      '{"a":"{\\"a\\":1,","b":"}]:[{","c":"\\\\","d":"\\\\\\"","e":1}',
    ],
    ["a value ending in backslashes before the next key", '{"a":"x\\\\","b":"\\\\\\\\","c":2}'],
    ["scalars and empty containers", '[1,-2.5e3,true,false,null,"s",{},[],{"a":[]},{"a":{}}]'],
    ["a lone scalar", '"just a string"'],
    ["whitespace everywhere", ' {\n\t"a" : 1 ,\r\n "b" : { "a" : 2 } , "c" : [ { "a" : 3 } , { "a" : 4 } ] } '],
    ["non-ASCII keys", '{"é":1,"e\\u0301":2,"😀":3}'],
    ["a quote and colon inside a value (more colons after quotes than keys)", '{"a":"say \\": hi","b":"\\"  :"}'],
  ])("finds nothing in %s, by the scan alone and given the parsed value", (_case, text) => {
    expect(findRepeatedKeys(text)).toEqual([]);
    expect(findRepeatedKeys(text, JSON.parse(text))).toEqual([]);
  });

  // Before, the count given the parsed value recursed once per level and threw a RangeError (stack overflow).
  it("reads a value nested 100,000 levels deep, given the parsed value too", () => {
    const deep = `{"a":${"[".repeat(100_000)}{"k":1,"k":2}${"]".repeat(100_000)}}`;
    const found = findRepeatedKeys(deep, JSON.parse(deep));
    expect(found).toHaveLength(1);
    expect(found[0]?.path.at(-1)).toBe("k");
    const clean = `{"a":${"[".repeat(100_000)}${"]".repeat(100_000)}}`;
    expect(findRepeatedKeys(clean, JSON.parse(clean))).toEqual([]);
  });

  it("finds exactly the repeats written into 500 generated texts, by the scan alone and given the parsed value", () => {
    const random = new Rng("find-repeated-keys"); // seeded: every run tries the same texts
    let withRepeats = 0;
    for (let i = 0; i < 500; i += 1) {
      const { text, repeats } = randomJson(random);
      expect(findRepeatedKeys(text), text).toEqual(repeats);
      expect(findRepeatedKeys(text, JSON.parse(text)), text).toEqual(repeats);
      if (repeats.length > 0) withRepeats += 1;
    }
    expect(withRepeats).toBeGreaterThan(50);
    expect(withRepeats).toBeLessThan(450);
  });

  it("agrees with JSON.parse on what a record keeps: a key it finds is one JSON.parse kept once", () => {
    const text = '{"a":1,"b":{"c":2,"\\u0063":3},"a":4}';
    expect(JSON.parse(text)).toEqual({ a: 4, b: { c: 3 } });
    expect(findRepeatedKeys(text).map((repeat) => repeat.path)).toEqual([["b", "c"], ["a"]]);
  });
});

/** Keys as written and as JSON.parse reads them: escapes, and the same key spelt two ways. */
const KEYS: [written: string, read: string][] = [
  ["a", "a"],
  ["\\u0061", "a"],
  ["b", "b"],
  ['a\\"b', 'a"b'],
  ["x:y", "x:y"],
  ["{", "{"],
  ["\\\\", "\\"],
];
const STRINGS = ['"plain"', '"{\\"a\\":1,"', '"]}:[{"', '"\\\\"', '"\\\\\\""', '"a\\": "', '"2024-12-30T10:00:00Z"'];

/** A JSON text with objects that now and then repeat a key, and the repeats written into it, in text order. */
function randomJson(random: Rng): { text: string; repeats: { path: (string | number)[]; count: number }[] } {
  const repeats: { path: (string | number)[]; count: number }[] = [];
  const space = () => random.pick(["", "", "", " ", "\n  ", "\t"]);
  const value = (path: (string | number)[], depth: number): string => {
    const kind = depth === 0 ? 3 + random.int(0, 1) : depth > 3 ? random.int(0, 2) : random.int(0, 4);
    if (kind === 0) return String(random.int(-500, 499));
    if (kind === 1) return random.pick(STRINGS);
    if (kind === 2) return random.pick(["true", "null", "1.5e3"]);
    if (kind === 3)
      return `[${space()}${Array.from({ length: random.int(0, 3) }, (_, index) => value([...path, index], depth + 1)).join(`,${space()}`)}${space()}]`;
    const seen = new Map<string, { path: (string | number)[]; count: number } | null>();
    const members = Array.from({ length: random.int(0, 4) }, () => {
      const [written, read] = random.pick(KEYS);
      const known = seen.get(read);
      if (known === null) {
        const repeat = { path: [...path, read], count: 2 };
        seen.set(read, repeat);
        repeats.push(repeat);
      } else if (known !== undefined) known.count += 1;
      else seen.set(read, null);
      return `"${written}"${space()}:${space()}${value([...path, read], depth + 1)}`;
    });
    return `{${space()}${members.join(`${space()},${space()}`)}${space()}}`;
  };
  return { text: `${space()}${value([], 0)}${space()}`, repeats };
}

describe("repeatedKeyMessage", () => {
  it.each([
    [["name"], 2, 'The key "name" appears twice in the record (JSON keeps only the last; remove one)'],
    [
      ["health", "uptime_pct"],
      2,
      'The key "uptime_pct" appears twice in health (JSON keeps only the last; remove one)',
    ],
    [["apps", 1, "os"], 3, 'The key "os" appears 3 times in apps[1] (JSON keeps only the last; remove all but one)'],
  ] as const)("words a repeat of %j (%d times)", (field, count, message) => {
    expect(repeatedKeyMessage(field, count)).toBe(message);
  });
});

describe("the committed seeds", () => {
  /** Every .json and .ndjson file under a seed folder, as [relative path, records' texts]. */
  async function jsonTexts(root: string): Promise<[string, string[]][]> {
    const files = (await readdir(root, { recursive: true })).filter((file) => /\.(nd)?json$/.test(file)).sort();
    return Promise.all(
      files.map(async (file): Promise<[string, string[]]> => {
        const text = await readFile(path.join(root, file), "utf8");
        return [file, file.endsWith(".ndjson") ? text.split("\n").filter((line) => line.trim() !== "") : [text]];
      }),
    );
  }

  it.each([
    ["seeds-min", SEEDS_MIN],
    ["seeds (the committed sample)", path.resolve("seeds")],
  ])("%s hold no repeated key", async (_name, root) => {
    const texts = await jsonTexts(root);
    expect(texts.length).toBeGreaterThan(5);
    for (const [file, records] of texts) {
      for (const record of records) expect(findRepeatedKeys(record), file).toEqual([]);
    }
  });
});
