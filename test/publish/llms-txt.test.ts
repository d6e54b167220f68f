import { describe, expect, it } from "vitest";
import { ENDPOINTS } from "../../build/query/endpoints.ts";
import { bulkDownloads } from "../../build/publish/bulk-downloads.ts";
import {
  describeEndpoint,
  describeParam,
  examplePathParams,
  llmsTxt,
  llmsTxtProducer,
} from "../../build/publish/llms-txt.ts";
import { resolveForEndpoint, runResolved } from "../../build/query/run-query.ts";
import { minContext } from "../fixtures/min-context.ts";

/** The text of one `## ` section (up to the next one). */
function section(text: string, title: string): string {
  const start = text.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`no section ${title}`);
  const end = text.indexOf("\n## ", start + 1);
  return text.slice(start, end < 0 ? undefined : end);
}

describe("llmsTxt", () => {
  it("follows the llms.txt convention: H1, blockquote summary, then H2 sections", async () => {
    const text = await llmsTxt(await minContext());
    const lines = text.split("\n");
    expect(lines[0]).toBe("# Open Demand Dataset (test fixture) and Resume Directory (test fixture)");
    expect(lines[2]).toMatch(/^> Two read-only JSON APIs/);
    expect(lines.filter((line) => line.startsWith("## "))).toEqual([
      "## Demand dataset API",
      "## Resume directory API",
      "## Limits",
      "## Docs",
      "## Downloads",
      "## Optional",
    ]);
    expect(text.endsWith("\n")).toBe(true);
  });

  it("lists every endpoint of the registry in its service's section, with every parameter", async () => {
    const text = await llmsTxt(await minContext());
    const endpoints = ENDPOINTS.filter(
      (endpoint) => !endpoint.id.endsWith(".discovery") && !endpoint.id.endsWith(".openapi"),
    );
    expect(endpoints.length).toBeGreaterThan(15);
    for (const endpoint of endpoints) {
      const body = section(text, endpoint.service === "dataset" ? "Demand dataset API" : "Resume directory API");
      expect(body).toContain(`- [GET ${endpoint.path}](https://data.example.com`);
      for (const spec of endpoint.params) expect(body).toContain(`  - ${describeParam(spec)}`);
    }
  });

  it("links a templated path to a real answer and says which, never to the template itself", async () => {
    const context = await minContext();
    const text = await llmsTxt(context);
    const links = [...text.matchAll(/\]\(([^)]*)\)/g)].map((match) => match[1]!);
    expect(links.filter((link) => link.includes("{") || link.includes("%7B"))).toEqual([]);
    const card = ENDPOINTS.find((endpoint) => endpoint.path === "/brands/{slug}")!;
    const { slug } = examplePathParams(context, card)!;
    expect(context.dataset.brands.map((brand) => brand.slug)).toContain(slug);
    expect(text).toContain(
      `- [GET /brands/{slug}](https://data.example.com/api/dataset/v1/brands/${slug}): ${card.summary}. No query parameters. The link opens \`/brands/${slug}\`.`,
    );
    // Every templated path's example answers: a link an agent follows opens something.
    for (const endpoint of ENDPOINTS.filter((candidate) => candidate.path.includes("{"))) {
      const example = examplePathParams(context, endpoint);
      expect(example, endpoint.path).toBeDefined();
      expect(() => runResolved(context, resolveForEndpoint(endpoint, example!, [])), endpoint.path).not.toThrow();
    }
  });

  it("writes a templated path with no example as text, not a link; a path without slots links itself", () => {
    const card = ENDPOINTS.find((endpoint) => endpoint.path === "/resumes/{id}")!;
    expect(describeEndpoint(card, "https://x.test", undefined).split("\n")[0]).toBe(
      `- GET /resumes/{id}: ${card.summary}. No query parameters.`,
    );
    expect(describeEndpoint(card, "https://x.test", { id: "7" }).split("\n")[0]).toBe(
      `- [GET /resumes/{id}](https://x.test/resume/api/v1/resumes/7): ${card.summary}. No query parameters. The link opens \`/resumes/7\`.`,
    );
    const regulators = ENDPOINTS.find((endpoint) => endpoint.path === "/regulators")!;
    expect(describeEndpoint(regulators, "https://x.test", {}).split("\n")[0]).toBe(
      `- [GET /regulators](https://x.test/api/dataset/v1/regulators): ${regulators.summary}. No query parameters.`,
    );
  });

  it("describes a parameter by what it accepts and its default", () => {
    expect(
      describeParam({ name: "per_page", type: "int", min: 1, max: 100, default: 50, description: "Items per page" }),
    ).toBe("`per_page` (an integer from 1 to 100; default 50): Items per page");
    expect(
      describeParam({ name: "status", type: "closed", values: ["a", "b"], multi: true, description: "Status" }),
    ).toBe("`status` (one or more of (comma-separated): a, b): Status");
  });

  it("states the limits, the attribution rule and every download", async () => {
    const context = await minContext();
    const text = await llmsTxt(context);
    const limits = section(text, "Limits");
    expect(limits).toContain("120 requests per rolling 60 seconds");
    expect(limits).toContain("/api/dataset/v1/brands: `per_page` at most 100 (default 50)");
    expect(limits).toContain("/resume/api/v1/resumes: `per_page` at most 200 (default 50)");
    expect(limits).toContain("/api/dataset/v1/trending: `limit` at most 100 (default 20)");
    expect(limits).toContain("strong ETag (except a streamed export computed on the fly)");
    expect(text).toContain("with a link to https://data.example.com/ ");
    const downloads = section(text, "Downloads");
    for (const download of await bulkDownloads(context))
      expect(downloads).toContain(`[${download.fileName}](https://data.example.com${download.urlPath})`);
    expect(section(text, "Docs")).toContain("(https://data.example.com/methodology/)");
  });

  it("names each dataset's license where the two differ", async () => {
    const context = await minContext();
    const meta = { ...context.dataset.meta, resumes: { ...context.dataset.meta.resumes, license: "CC0 1.0" } };
    const text = await llmsTxt({ ...context, dataset: { ...context.dataset, meta } });
    expect(text).toContain(
      "Licensed CC BY 4.0 for Open Demand Dataset (test fixture) and CC0 1.0 for Resume Directory (test fixture); attribution required.",
    );
    expect(text).toContain(
      "with a link to https://data.example.com/resume/ (CC BY 4.0 for Open Demand Dataset (test fixture) and CC0 1.0 for Resume Directory (test fixture)); say if",
    );
    expect(text).not.toContain("Licensed CC BY 4.0;");
  });

  it("is produced at /llms.txt as plain text", async () => {
    const context = await minContext();
    const [file] = llmsTxtProducer(context);
    expect(file).toMatchObject({ urlPath: "/llms.txt", file: "llms.txt", contentType: "text/plain; charset=utf-8" });
    expect(await file!.body).toBe(await llmsTxt(context));
  });
});
