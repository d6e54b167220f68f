/**
 * Issue 28's precision fixes of the OpenAPI documents, as outside tools read them: the Limits section
 * states the URL limit and the limit/per_page rule, `/compare`'s slugs cannot be empty, and a
 * jurisdiction is one pattern (no `anyOf` with a `const: ""` branch).
 */
import { describe, expect, it } from "vitest";
import { ENDPOINTS } from "../../build/query/endpoints.ts";
import { openapiDocument } from "../../build/query/openapi.ts";
import { sampleContext } from "../helpers/sample-host.ts";

type Doc = {
  info: { description: string };
  paths: Record<string, { get: { parameters?: { name?: string; schema?: { items?: unknown } }[] } }>;
  components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
};

async function documentOf(service: "dataset" | "resumes"): Promise<Doc> {
  const { context } = await sampleContext();
  return openapiDocument(context, service, ENDPOINTS) as Doc;
}

/** The text of a `## name` section of the description. */
function section(text: string, name: string): string {
  const start = text.indexOf(`## ${name}\n`);
  expect(start, name).toBeGreaterThanOrEqual(0);
  const next = text.indexOf("\n## ", start + 3);
  return text.slice(start, next < 0 ? undefined : next);
}

describe("openapiDocument: Limits section (issue 28)", () => {
  it("states the 8 KiB URL limit and, for the dataset, that limit and per_page on /brands must agree", async () => {
    const limits = section((await documentOf("dataset")).info.description, "Limits");
    expect(limits).toContain("120 requests per rolling 60 seconds");
    expect(limits).toContain("at most 8 KiB (8192 bytes); a longer one is 414 `request_too_large`");
    expect(limits).toContain(
      "`/brands` also takes `limit` as an alias of `per_page`: give one of them, or both with the same value; different values are 400 `invalid_parameter`.",
    );
  });

  it("for the resume service, says that no endpoint takes both", async () => {
    const limits = section((await documentOf("resumes")).info.description, "Limits");
    expect(limits).toContain("at most 8 KiB (8192 bytes)");
    expect(limits).toContain("No endpoint of this service takes both.");
  });
});

describe("openapiDocument: schemas outside tools read (issue 28)", () => {
  it("gives /compare's brands items minLength 1", async () => {
    const brands = (await documentOf("dataset")).paths["/compare"]!.get.parameters!.find(
      (parameter) => parameter.name === "brands",
    );
    expect(brands?.schema?.items).toEqual({ type: "string", minLength: 1 });
  });

  it("writes every jurisdiction as one pattern, never an anyOf with an empty const", async () => {
    const schemas = (await documentOf("dataset")).components.schemas;
    const jurisdictions: Record<string, unknown>[] = [];
    const walk = (value: unknown): void => {
      if (value === null || typeof value !== "object") return;
      const properties = (value as { properties?: Record<string, Record<string, unknown>> }).properties;
      if (properties?.jurisdiction !== undefined) jurisdictions.push(properties.jurisdiction);
      Object.values(value).forEach(walk);
    };
    walk(schemas);
    const text = JSON.stringify(schemas);
    expect(jurisdictions.length).toBeGreaterThanOrEqual(2);
    // A regulator's own jurisdiction is always known (a plain country code); a license's may be empty.
    for (const schema of jurisdictions) {
      expect(["^[A-Z]{2}$", "^([A-Z]{2})?$"]).toContain(schema.pattern);
      expect(schema.anyOf).toBeUndefined();
    }
    expect(jurisdictions.filter((schema) => schema.pattern === "^([A-Z]{2})?$").length).toBeGreaterThanOrEqual(2);
    expect(text).not.toContain('"const":""');
  });
});
