import { describe, expect, it } from "vitest";
import { HttpError } from "../../build/errors.ts";
import { decodeComponent, decodePathSegment, parseQueryString } from "../../build/query/parse-query-string.ts";

describe("parseQueryString", () => {
  it.each<[string, [string, string][]]>([
    ["", []],
    [
      "country=gb&page=2",
      [
        ["country", "gb"],
        ["page", "2"],
      ],
    ],
    [
      "a=1&&b=2&",
      [
        ["a", "1"],
        ["b", "2"],
      ],
    ], // empty parts are skipped
    ["flag", [["flag", ""]]], // a name without '=' has an empty value
    ["a=", [["a", ""]]],
    ["a=1=2", [["a", "1=2"]]], // only the first '=' separates
    ["q=hello+world", [["q", "hello world"]]], // '+' is a space (form encoding)
    ["q=1%2B1", [["q", "1+1"]]], // an encoded '+' stays a plus
    ["q=caf%C3%A9", [["q", "café"]]],
    ["q=%D0%BF%D0%BE%D0%B8%D1%81%D0%BA", [["q", "поиск"]]],
    ["country=gb%2Cde", [["country", "gb,de"]]],
    [
      "role=seo&role=ppc",
      [
        ["role", "seo"],
        ["role", "ppc"],
      ],
    ], // repeats kept in order
    ["%70age=2", [["page", "2"]]], // names are decoded too
    ["=x", [["", "x"]]],
  ])("parses %j", (query, pairs) => {
    expect(parseQueryString(query)).toEqual(pairs);
  });

  it.each([["q=%"], ["q=%zz"], ["q=%E0%A4%A"], ["q=%C3"], ["%=1"], ["a=1&b=%G1"]])(
    "refuses the malformed percent-encoding of %j with 400 bad_request",
    (query) => {
      let error: unknown;
      try {
        parseQueryString(query);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).toBody()).toMatchObject({ error: "bad_request", status: 400 });
    },
  );
});

describe("decodeComponent and decodePathSegment", () => {
  it("decodes percent escapes, and '+' as a space in a query component only", () => {
    expect(decodeComponent("a+b%20c%2F")).toBe("a b c/");
    expect(decodePathSegment("a+b%20c%2F")).toBe("a+b c/");
  });

  it("refuses a malformed escape in a path segment with 400 bad_request naming the raw text", () => {
    expect(() => decodePathSegment("a+%zz")).toThrow(HttpError);
    try {
      decodePathSegment("a+%zz");
    } catch (error) {
      expect((error as HttpError).toBody()).toEqual({
        error: "bad_request",
        message: expect.any(String),
        status: 400,
        details: { value: "a+%zz" },
      });
    }
  });
});
