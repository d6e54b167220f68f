/**
 * Issue 28: a download's field and the OpenAPI property of the same name read alike. Each Table Schema of
 * the sample's datapackage.json is checked against the component of its API list in the served OpenAPI
 * document: where the property has a description, the field's is that text (a nested field adds how the
 * CSV and Parquet files write it). Every field of every download is described, on its dictionary page too.
 */
import { describe, expect, it } from "vitest";
import { isJsonField } from "../../build/publish/csv-table.ts";
import { JSON_TEXT_NOTE } from "../../build/publish/field-descriptions.ts";
import { escapeHtml } from "../../build/publish/html.ts";
import type { FieldType } from "../../build/publish/table-schema.ts";
import { useSampleHost } from "../helpers/sample-host.ts";

const host = useSampleHost();

type Json = Record<string, unknown> & { description?: string; $ref?: string; anyOf?: Json[] };

/**
 * Download → the OpenAPI components its records are the items of, per service; the first that describes a
 * property gives its text. The revenue downloads are /ground-truth's meta.calibration made flat.
 */
const COMPONENTS: Readonly<Record<string, [service: "dataset" | "resumes", ...components: string[]]>> = {
  brands: ["dataset", "BrandListItem"],
  "trust-history": ["dataset", "TrustHistoryEntry"],
  licenses: ["dataset", "License"],
  regulators: ["dataset", "Regulator"],
  providers: ["dataset", "Provider"],
  "provider-ranks": ["dataset", "ProviderRank"],
  games: ["dataset", "Game"],
  countries: ["dataset", "Country"],
  index: ["dataset", "IndexValue"],
  "market-demand": ["dataset", "MarketDemand"],
  trending: ["dataset", "TrendingEntry"],
  momentum: ["dataset", "MomentumEntry"],
  "ground-truth": ["dataset", "GroundTruth"],
  "revenue-models": ["dataset", "RevenueModel", "Calibration"],
  "revenue-estimates": ["dataset", "RevenueEstimate", "Calibration"],
  "tc-alerts": ["dataset", "TcAlert"],
  resumes: ["resumes", "Resume"],
};

interface PackageField {
  name: string;
  type: string;
  description?: string;
}
type DataPackage = { resources: { name: string; schema?: { fields: PackageField[] } }[] };

/** A property's description as a reader of the document finds it: its own, its component's, or a branch's. */
function describedAs(schema: Json | undefined, components: Record<string, Json>): string | undefined {
  if (schema === undefined) return undefined;
  if (typeof schema.description === "string" && schema.description !== "") return schema.description;
  if (typeof schema.$ref === "string") return describedAs(components[schema.$ref.split("/").at(-1)!], components);
  for (const branch of schema.anyOf ?? []) {
    const found = describedAs(branch, components);
    if (found !== undefined) return found;
  }
  return undefined;
}

async function json(path: string): Promise<Json> {
  const response = await host.get(path);
  expect(response.status, path).toBe(200);
  return (await response.json()) as Json;
}

describe("field descriptions of the data package", () => {
  it("equal the OpenAPI description of the property of the same name", async () => {
    const documents = {
      dataset: ((await json("/api/dataset/v1/openapi.json")).components as { schemas: Record<string, Json> }).schemas,
      resumes: ((await json("/resume/api/v1/openapi.json")).components as { schemas: Record<string, Json> }).schemas,
    };
    const pkg = (await json("/downloads/datapackage.json")) as DataPackage;
    let compared = 0;
    const checked = new Set<string>();
    for (const resource of pkg.resources) {
      const source = COMPONENTS[resource.name];
      if (source === undefined || resource.schema === undefined || checked.has(resource.name)) continue;
      checked.add(resource.name);
      const [service, ...names] = source;
      const components = documents[service];
      const described = names.map((name) => {
        const properties = (components[name]?.properties ?? {}) as Record<string, Json>;
        expect(Object.keys(properties).length, name).toBeGreaterThan(0);
        return properties;
      });
      for (const field of resource.schema.fields) {
        const text = described
          .map((properties) => describedAs(properties[field.name], components))
          .find((found) => found !== undefined);
        if (text === undefined) continue;
        const nested = isJsonField(field as { type: FieldType });
        expect(field.description, `${resource.name}.${field.name}`).toBe(nested ? `${text} ${JSON_TEXT_NOTE}` : text);
        compared += 1;
      }
    }
    expect([...checked].sort()).toEqual(Object.keys(COMPONENTS).sort());
    // The sample's lists describe this many of their fields in the OpenAPI components (126 at issue 28);
    // the rest are the common fields (slug, name, brand ...) and those only a card or a seed schema describes.
    expect(compared).toBeGreaterThanOrEqual(120);
  });

  it("describe every field of every download in words, not only the nested-field note", async () => {
    const pkg = (await json("/downloads/datapackage.json")) as DataPackage;
    const bare = pkg.resources.flatMap((resource) =>
      (resource.schema?.fields ?? [])
        .filter((field) => (field.description ?? "").replace(JSON_TEXT_NOTE, "").trim() === "")
        .map((field) => `${resource.name}.${field.name}`),
    );
    expect(bare).toEqual([]);
    expect(pkg.resources.filter((resource) => resource.schema !== undefined).length).toBeGreaterThanOrEqual(24);
  });

  it("are the descriptions of each dictionary page's field table", async () => {
    const pkg = (await json("/downloads/datapackage.json")) as DataPackage;
    const pages = new Set<string>();
    for (const resource of pkg.resources) {
      if (resource.schema === undefined || pages.has(resource.name)) continue;
      pages.add(resource.name);
      const response = await host.get(`/downloads/dictionary/${resource.name}/`);
      expect(response.status, resource.name).toBe(200);
      const html = await response.text();
      const table = html.slice(html.indexOf("<caption>The "), html.indexOf("</table>", html.indexOf("<caption>The ")));
      // Each row: the field's name first, its description last.
      const rows = [...table.matchAll(/<tr><td><code>([^<]+)<\/code><\/td>.*?<td>([^<]*)<\/td><\/tr>/g)].map(
        ([, name, description]) => [name, description],
      );
      expect(rows, resource.name).toEqual(
        resource.schema.fields.map((field) => [escapeHtml(field.name), escapeHtml(field.description ?? "")]),
      );
      for (const [name, description] of rows) expect(description, `${resource.name}.${name}`).not.toBe("");
    }
    expect(pages.size).toBeGreaterThanOrEqual(24);
  });
});
