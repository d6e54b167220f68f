import { describe, expect, it } from "vitest";
import { renderApiReference, replaceGeneratedBlock } from "../build/docs/api-reference.ts";
import { ENDPOINTS } from "../build/query/endpoints.ts";
import { regenerateDocs } from "../scripts/gen-docs.ts";

describe("generated blocks of the docs", () => {
  it("are up to date with the code (run `npm run docs` when this fails)", async () => {
    for (const { file, current, updated } of await regenerateDocs()) expect(current, file).toBe(updated);
  });

  it("document every endpoint and every parameter", async () => {
    const { current } = (await regenerateDocs()).find((document) => document.file === "docs/api.md")!;
    for (const endpoint of ENDPOINTS) {
      expect(current).toContain(`### \`GET ${endpoint.path}\``);
      for (const spec of endpoint.params) expect(current).toContain(`| \`${spec.name}\` |`);
    }
  });
});

describe("renderApiReference", () => {
  it("lists the parameters of an endpoint with what they accept and their default", () => {
    const markdown = renderApiReference(ENDPOINTS.filter((endpoint) => endpoint.id === "dataset.brands"));
    expect(markdown).toContain("### `GET /brands`");
    expect(markdown).toMatch(/\| `per_page` \| an integer from 1 to 100 \| `50` \|/);
    expect(markdown).toMatch(
      /\| `status` \| one or more of \(comma-separated\): active, dormant, closed \| {2}\| Brand status \|/,
    );
  });
});

describe("replaceGeneratedBlock", () => {
  it("replaces only the text between the markers", () => {
    const document = "a\n<!-- generated: x -->\nold\n<!-- end generated: x -->\nb\n";
    expect(replaceGeneratedBlock(document, "x", "new")).toBe(
      "a\n<!-- generated: x -->\nnew\n<!-- end generated: x -->\nb\n",
    );
  });

  it("refuses a document without the block", () => {
    expect(() => replaceGeneratedBlock("no markers", "x", "new")).toThrow(/no block "x"/);
  });
});
