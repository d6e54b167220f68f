/**
 * Issue 28: a download's field and the OpenAPI property of the same name read alike. Each Table Schema of
 * the sample's datapackage.json is checked against the component of its API list in the served OpenAPI
 * document: where the property has a description, the field's is that text (a nested field adds how the
 * CSV and Parquet files write it).
 */
import { describe, expect, it } from "vitest";
import { isJsonField } from "../../build/publish/csv-table.ts";
import { JSON_TEXT_NOTE } from "../../build/publish/field-descriptions.ts";
import type { FieldType } from "../../build/publish/table-schema.ts";
import { useSampleHost } from "../helpers/sample-host.ts";

const host = useSampleHost();

type Json = Record<string, unknown> & { description?: string; $ref?: string; anyOf?: Json[] };

/** Download → the OpenAPI component its records are the items of, per service. */
const COMPONENTS: Readonly<Record<string, [service: "dataset" | "resumes", component: string]>> = {
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
  "tc-alerts": ["dataset", "TcAlert"],
  resumes: ["resumes", "Resume"],
};

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
    const pkg = (await json("/downloads/datapackage.json")) as {
      resources: { name: string; schema?: { fields: { name: string; type: string; description?: string }[] } }[];
    };
    let compared = 0;
    const checked = new Set<string>();
    for (const resource of pkg.resources) {
      const source = COMPONENTS[resource.name];
      if (source === undefined || resource.schema === undefined || checked.has(resource.name)) continue;
      checked.add(resource.name);
      const components = documents[source[0]];
      const properties = (components[source[1]]?.properties ?? {}) as Record<string, Json>;
      expect(Object.keys(properties).length, source[1]).toBeGreaterThan(0);
      for (const field of resource.schema.fields) {
        const text = describedAs(properties[field.name], components);
        if (text === undefined) continue;
        const nested = isJsonField(field as { type: FieldType });
        expect(field.description, `${resource.name}.${field.name}`).toBe(nested ? `${text} ${JSON_TEXT_NOTE}` : text);
        compared += 1;
      }
    }
    expect([...checked].sort()).toEqual(Object.keys(COMPONENTS).sort());
    // The sample's lists describe this many of their fields in the OpenAPI components (49 at issue 28);
    // secondary sources (the card schemas) describe a few more.
    expect(compared).toBeGreaterThanOrEqual(45);
  });
});
