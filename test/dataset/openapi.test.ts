import { describe, expect, it } from "vitest";
import { ENDPOINTS } from "../../build/query/endpoints.ts";
import type { ServiceName } from "../../build/query/endpoint.ts";
import { SERVICE_BASES } from "../../build/query/services.ts";
import { SAMPLE_BASE_URL } from "../helpers/global-setup.ts";
import { useSampleHost } from "../helpers/sample-host.ts";
import { openapiShape } from "./openapi-shape.ts";

const host = useSampleHost();

// Loosely typed on purpose: the document's shape is what the tests check.
type Doc = Record<string, any>;

async function openapi(service: ServiceName): Promise<{ status: number; doc: Doc; type: string | null }> {
  const response = await host.get(`${SERVICE_BASES[service]}/openapi.json`);
  return { status: response.status, doc: (await response.json()) as Doc, type: response.headers.get("content-type") };
}

/** Every `$ref` in the document, to check that each one resolves. */
function refs(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) refs(item, found);
  else if (node !== null && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string") found.push(value);
      else refs(value, found);
    }
  }
  return found;
}

function resolve(doc: Doc, ref: string): unknown {
  return ref
    .replace(/^#\//, "")
    .split("/")
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], doc);
}

describe.each(["dataset", "resumes"] as const)("GET %s /openapi.json", (service) => {
  const endpoints = ENDPOINTS.filter((endpoint) => endpoint.service === service);

  it("is an OpenAPI 3.1 document, not enveloped, version 1.0.0, served from the base URL", async () => {
    const { status, doc, type } = await openapi(service);
    expect(status).toBe(200);
    expect(type).toBe("application/json; charset=utf-8");
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.meta).toBeUndefined();
    expect(doc.info).toMatchObject({ version: "1.0.0" });
    expect(typeof doc.info.title).toBe("string");
    expect(doc.servers).toEqual([{ url: `${SAMPLE_BASE_URL}${SERVICE_BASES[service]}` }]);
  });

  it("is well-formed by the specification's rules for the objects it uses", async () => {
    const { doc } = await openapi(service);
    const result = openapiShape.safeParse(doc);
    expect(result.success ? [] : result.error.issues.slice(0, 5)).toEqual([]);
    for (const [path, item] of Object.entries(doc.paths as Record<string, Doc>)) {
      const names = (item.get.parameters as Doc[]).map((parameter) => `${parameter.in ?? "ref"}:${parameter.name ?? parameter.$ref}`);
      expect(new Set(names).size, `${path}: parameters are unique by name and location`).toBe(names.length);
    }
  });

  it("lists exactly the service's paths, each GET with a unique operationId", async () => {
    const { doc } = await openapi(service);
    expect(Object.keys(doc.paths)).toEqual(endpoints.map((endpoint) => endpoint.path));
    const ids = Object.values(doc.paths).map((item) => (item as Doc).get.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const discovery = (await (await host.get(`${SERVICE_BASES[service]}/`)).json()) as Doc;
    expect(Object.keys(discovery.endpoints)).toEqual(Object.keys(doc.paths).map((path) => `GET ${path}`));
  });

  it("documents every parameter of every endpoint's table with its schema", async () => {
    const { doc } = await openapi(service);
    for (const endpoint of endpoints) {
      const parameters = (doc.paths[endpoint.path].get.parameters as Doc[]).filter((parameter) => parameter.in === "query");
      expect(parameters.map((parameter) => parameter.name), endpoint.id).toEqual(endpoint.params.map((spec) => spec.name));
      for (const spec of endpoint.params) {
        const parameter = parameters.find((candidate) => candidate.name === spec.name)!;
        expect(typeof parameter.description).toBe("string");
        expect(typeof parameter.required).toBe("boolean");
        const schema = parameter.schema.type === "array" ? parameter.schema.items : parameter.schema;
        if (spec.type === "closed") expect(schema.enum, `${endpoint.id} ${spec.name}`).toEqual([...spec.values]);
        if (spec.type === "int") {
          expect(schema).toMatchObject({ type: "integer", minimum: spec.min });
          if (spec.max !== undefined) expect(schema.maximum).toBe(spec.max);
          if (spec.default !== undefined) expect(parameter.schema.default).toBe(spec.default);
        }
        if (spec.type === "text") expect(schema).toMatchObject({ type: "string", maxLength: spec.maxLength });
        if (spec.type === "bool") expect(schema.type).toBe("boolean");
        if (spec.type === "period") expect(schema.pattern).toBeDefined();
      }
      const slots = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const pathParameters = (doc.paths[endpoint.path].get.parameters as Doc[]).filter((parameter) => parameter.in === "path");
      expect(pathParameters.map((parameter) => [parameter.name, parameter.required])).toEqual(slots.map((slot) => [slot, true]));
    }
  });

  it("answers 200 and the 4xx codes, the errors referencing one shared Error schema, every $ref resolving", async () => {
    const { doc } = await openapi(service);
    for (const item of Object.values(doc.paths) as Doc[]) {
      expect(Object.keys(item.get.responses)).toEqual(expect.arrayContaining(["200", "400", "404", "429"]));
      for (const code of ["400", "404", "429"]) {
        const response = resolve(doc, item.get.responses[code].$ref) as Doc;
        expect(response.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Error" });
      }
    }
    expect(doc.components.schemas.Error.required).toEqual(["error", "message", "status"]);
    for (const ref of refs(doc)) expect(resolve(doc, ref), ref).toBeDefined();
  });
});

describe("GET /api/dataset/v1/openapi.json: particular parameters", () => {
  it("marks compare's brands as required, and /index's country and brand as alternatives", async () => {
    const { doc } = await openapi("dataset");
    const compare = (doc.paths["/compare"].get.parameters as Doc[]).find((parameter) => parameter.name === "brands")!;
    expect(compare.required).toBe(true);
    const index = doc.paths["/index"].get;
    expect((index.parameters as Doc[]).filter((parameter) => parameter.required === true)).toEqual([]);
    expect(index.description).toContain("At least one of country, brand is required");
  });

  it("describes comma lists as non-exploded arrays, and pagination headers on paginated lists", async () => {
    const { doc } = await openapi("dataset");
    const status = (doc.paths["/licenses"].get.parameters as Doc[]).find((parameter) => parameter.name === "status")!;
    expect(status).toMatchObject({ style: "form", explode: false, schema: { type: "array", items: { type: "string", enum: ["active", "suspended", "revoked", "expired"] } } });
    expect(Object.keys(doc.paths["/licenses"].get.responses["200"].headers)).toEqual(expect.arrayContaining(["ETag", "Link", "X-Total-Count"]));
    expect(Object.keys(doc.paths["/regulators"].get.responses["200"].headers)).not.toContain("Link");
  });
});
