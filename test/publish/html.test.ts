import { describe, expect, it } from "vitest";
import { escapeHtml, formatBytes, formatCount, formatPercent, renderTable } from "../../build/publish/html.ts";

describe("escapeHtml", () => {
  it("escapes the five characters that can break out of text or attributes", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
    );
  });
});

describe("formatBytes", () => {
  it.each([
    [0, "0 B"],
    [1023, "1023 B"],
    [1024, "1.0 KiB"],
    [22_037, "21.5 KiB"],
    // 1,048,524 / 1,024 = 1,023.95 (just under): kibibytes; one byte more rounds to 1,024.0, so mebibytes.
    [1_048_524, "1023.9 KiB"],
    [1_048_525, "1.0 MiB"],
    [1_048_575, "1.0 MiB"],
    [1_048_576, "1.0 MiB"],
    [3_355_443, "3.2 MiB"],
  ])("shows %i bytes as %s", (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});

describe("formatCount", () => {
  it.each([
    [0, "0"],
    [999, "999"],
    [1000, "1,000"],
    [84_140, "84,140"],
    [3_176_797_442, "3,176,797,442"],
  ])("groups %i as %s on every machine", (value, text) => {
    expect(formatCount(value)).toBe(text);
  });
});

describe("formatPercent", () => {
  it.each([
    [0.25, "25%"],
    [0.15, "15%"],
    [0.1, "10%"],
    [0.125, "12.5%"],
  ])("shows %f as %s without float noise", (fraction, text) => {
    expect(formatPercent(fraction)).toBe(text);
  });
});

describe("renderTable", () => {
  it("gives the table a caption and scopes every header cell to its column", () => {
    const html = renderTable("Grades", ["Grade", "Brands"], [["A", "3"]], [1]);
    expect(html).toBe(
      '<div class="scroll" tabindex="0" role="region" aria-label="Grades"><table><caption>Grades</caption><thead><tr><th scope="col">Grade</th><th scope="col" class="num">Brands</th></tr></thead><tbody><tr><td>A</td><td class="num">3</td></tr></tbody></table></div>',
    );
  });
});

describe("renderTable: the scrolling wrapper (issue 28)", () => {
  it("is focusable and named by the caption's text, tags dropped and escapes kept single", () => {
    const html = renderTable("Top 5 (<code>/x?a=1&amp;b=2</code>)", ["A"], [["1"]]);
    expect(
      html.startsWith('<div class="scroll" tabindex="0" role="region" aria-label="Top 5 (/x?a=1&amp;b=2)"><table>'),
    ).toBe(true);
  });
});
