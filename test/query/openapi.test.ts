import { describe, expect, it } from "vitest";
import { ENDPOINTS } from "../../build/query/endpoints.ts";
import { RESUME_SORTS } from "../../build/query/resumes/resume-selection.ts";
import type { ServiceName } from "../../build/query/endpoint.ts";
import { SERVICE_BASES } from "../../build/query/services.ts";
import { SAMPLE_BASE_URL } from "../helpers/global-setup.ts";
import { useSampleHost } from "../helpers/sample-host.ts";

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

function resolve(doc: Doc, ref: string): any {
  return ref
    .replace(/^#\//, "")
    .split("/")
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], doc);
}

describe.each(["dataset", "resumes"] as const)("GET %s /openapi.json", (service) => {
  const endpoints = ENDPOINTS.filter((endpoint) => endpoint.service === service);

  it("is an OpenAPI 3.1 document, not enveloped, version 1.0.0, served from the base URL and from this host", async () => {
    const { status, doc, type } = await openapi(service);
    expect(status).toBe(200);
    expect(type).toBe("application/json; charset=utf-8");
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.meta).toBeUndefined();
    expect(doc.info).toMatchObject({ version: "1.0.0" });
    expect(doc.info.description).toContain("unknown_parameter");
    expect(doc.info.description).toContain("strong `ETag` (except a streamed export computed on the fly");
    expect(doc.servers.map((server: Doc) => server.url)).toEqual([
      `${SAMPLE_BASE_URL}${SERVICE_BASES[service]}`,
      SERVICE_BASES[service],
    ]);
    expect(doc.security).toEqual([]);
  });

  it("lists exactly the service's paths, each with GET and HEAD under unique operationIds, and the preflight on /", async () => {
    const { doc } = await openapi(service);
    expect(Object.keys(doc.paths)).toEqual(endpoints.map((endpoint) => endpoint.path));
    for (const [path, item] of Object.entries(doc.paths as Record<string, Doc>)) {
      expect(Object.keys(item).sort(), path).toEqual(path === "/" ? ["get", "head", "options"] : ["get", "head"]);
      expect(item.head.parameters, path).toEqual(item.get.parameters);
    }
    const ids = Object.values(doc.paths as Record<string, Doc>).flatMap((item) =>
      Object.values(item).map((operation: Doc) => operation.operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
    const discovery = (await (await host.get(`${SERVICE_BASES[service]}/`)).json()) as Doc;
    expect(Object.keys(discovery.endpoints)).toEqual(Object.keys(doc.paths).map((path) => `GET ${path}`));
  });

  it("documents every parameter of every endpoint's table with its schema, and every path slot", async () => {
    const { doc } = await openapi(service);
    for (const endpoint of endpoints) {
      const parameters = (doc.paths[endpoint.path].get.parameters as Doc[]).filter(
        (parameter) => parameter.in === "query",
      );
      expect(
        parameters.map((parameter) => parameter.name),
        endpoint.id,
      ).toEqual(endpoint.params.map((spec) => spec.name));
      for (const spec of endpoint.params) {
        const parameter = parameters.find((candidate) => candidate.name === spec.name)!;
        expect(parameter.description).toContain(spec.description);
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
      const pathParameters = (doc.paths[endpoint.path].get.parameters as Doc[]).filter(
        (parameter) => parameter.in === "path",
      );
      expect(pathParameters.map((parameter) => [parameter.name, parameter.required])).toEqual(
        slots.map((slot) => [slot, true]),
      );
      for (const parameter of pathParameters)
        expect(parameter.example, `${endpoint.id} ${parameter.name}`).toBeDefined();
    }
  });

  it("gives every GET a named response schema, a sample from the data, and the headers of the contract", async () => {
    const { doc } = await openapi(service);
    for (const endpoint of endpoints) {
      const ok = doc.paths[endpoint.path].get.responses["200"];
      const media = ok.content[endpoint.format === "ndjson" ? "application/x-ndjson" : "application/json"];
      const schema = endpoint.format === "ndjson" ? media["x-item-schema"] : media.schema;
      expect(schema.$ref, endpoint.id).toMatch(/^#\/components\/schemas\/[A-Za-z]+$/);
      if (endpoint.path !== "/openapi.json")
        expect(media.examples?.sample?.value ?? media.example, endpoint.id).toBeDefined();
      const paginated = endpoint.params.some((spec) => spec.name === "page");
      const expected = [
        "ETag",
        "Cache-Control",
        "Access-Control-Allow-Origin",
        "RateLimit-Limit",
        "RateLimit-Remaining",
        "RateLimit-Reset",
        ...(paginated ? ["Link", "X-Total-Count"] : []),
      ];
      expect(Object.keys(ok.headers).sort(), endpoint.id).toEqual(expected.sort());
    }
  });

  it("answers the error statuses with one shared Error schema, and every $ref resolves", async () => {
    const { doc } = await openapi(service);
    for (const item of Object.values(doc.paths) as Doc[]) {
      const responses = item.get.responses;
      expect(Object.keys(responses)).toEqual(
        expect.arrayContaining(["200", "304", "400", "412", "414", "429", "500", "503"]),
      );
      // Both conditional request headers the host acts on (304 and 412) are declared on every operation.
      const headers = (item.get.parameters as Doc[])
        .map((parameter) => (parameter.$ref === undefined ? parameter : resolve(doc, parameter.$ref)))
        .filter((parameter) => parameter.in === "header");
      expect(headers.map((parameter) => parameter.name).sort()).toEqual(["If-Match", "If-None-Match"]);
      for (const [code, response] of Object.entries(responses as Record<string, Doc>)) {
        if (Number(code) < 400) continue;
        const resolved = response.$ref === undefined ? response : resolve(doc, response.$ref);
        expect(resolved.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Error" });
        expect(Object.keys(resolved.headers)).toContain("Cache-Control");
      }
      expect(Object.keys(resolve(doc, responses["429"].$ref).headers)).toContain("Retry-After");
      expect(Object.keys(resolve(doc, responses["503"].$ref).headers)).toContain("Retry-After");
    }
    expect(doc.components.schemas.Error.required).toEqual(["error", "message", "status"]);
    for (const ref of refs(doc)) expect(resolve(doc, ref), ref).toBeDefined();
  });
});

describe("GET /api/dataset/v1/openapi.json: particular endpoints", () => {
  it("marks compare's brands as required, and /index's country and brand as alternatives", async () => {
    const { doc } = await openapi("dataset");
    const compare = (doc.paths["/compare"].get.parameters as Doc[]).find((parameter) => parameter.name === "brands")!;
    expect(compare.required).toBe(true);
    const index = doc.paths["/index"].get;
    expect((index.parameters as Doc[]).filter((parameter) => parameter.required === true)).toEqual([]);
    expect(index.description).toContain("At least one of country, brand is required");
  });

  it("describes comma lists as non-exploded arrays, and pagination headers on paginated lists only", async () => {
    const { doc } = await openapi("dataset");
    const status = (doc.paths["/licenses"].get.parameters as Doc[]).find((parameter) => parameter.name === "status")!;
    expect(status).toMatchObject({
      style: "form",
      explode: false,
      schema: { type: "array", items: { type: "string", enum: ["active", "suspended", "revoked", "expired"] } },
    });
    expect(Object.keys(doc.paths["/licenses"].get.responses["200"].headers)).toEqual(
      expect.arrayContaining(["ETag", "Link", "X-Total-Count"]),
    );
    expect(Object.keys(doc.paths["/regulators"].get.responses["200"].headers)).not.toContain("Link");
  });

  it("declares no open vocabulary narrower than the host answers it: a country parameter takes any value (contract: an unknown one matches nothing)", async () => {
    const { doc } = await openapi("dataset");
    const countryParameters = ENDPOINTS.filter((endpoint) => endpoint.service === "dataset").flatMap((endpoint) =>
      endpoint.params
        .filter((spec) => spec.type === "open" && spec.normalise === "country")
        .map((spec) => ({ path: endpoint.path, name: spec.name })),
    );
    expect(countryParameters.map(({ path, name }) => `${path} ${name}`)).toEqual(
      expect.arrayContaining([
        "/brands country",
        "/licenses jurisdiction",
        "/index country",
        "/trending country",
        "/momentum country",
      ]),
    );
    for (const { path, name } of countryParameters) {
      const parameter = (doc.paths[path].get.parameters as Doc[]).find((candidate) => candidate.name === name)!;
      expect(parameter.schema.items, `${path} ${name}`).toEqual({ type: "string" });
      expect(parameter.description).toContain("ISO 3166-1 alpha-2");
    }
    // What the document must not declare invalid: the host answers a value that is no two-letter code, with nothing.
    const answer = await host.get("/api/dataset/v1/brands?country=GBR");
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as Doc).meta.total).toBe(0);
  });

  it("writes down the decisions the contract leaves open and the host acts on: nulls sort last, names ignore letter case, from after to is a 400", async () => {
    const { doc } = await openapi("dataset");
    expect(doc.info.description).toContain(
      "A missing value (`null`) sorts last whatever the order, and names sort without regard to letter case.",
    );
    // A market where a brand starts from a measured zero in the sample (an entry: tracked the month before launch)
    // and other brands rise as well, so that both ends of the list can be seen.
    const upOf = async (country: string, order: string) =>
      (
        (await (
          await host.get(`/api/dataset/v1/momentum?country=${country}&direction=up&limit=100&order=${order}`)
        ).json()) as Doc
      ).data as Doc[];
    const countries = ((await (await host.get("/api/dataset/v1/countries")).json()) as Doc).data as Doc[];
    let market: string | undefined;
    for (const country of countries) {
      const up = await upOf(String(country.code), "desc");
      if (up.at(-1)?.wow_pct === null && up[0]?.wow_pct !== null) {
        market = String(country.code);
        break;
      }
    }
    expect(market).toBeDefined();
    for (const order of ["asc", "desc"]) {
      const momentum = await upOf(market!, order);
      expect(momentum[0]!.wow_pct, order).not.toBeNull();
      expect(momentum.at(-1)!.wow_pct, order).toBeNull();
    }
    const names = (
      (await (await host.get("/api/dataset/v1/provider-ranks?sort=name&per_page=100")).json()) as Doc
    ).data.map((item: Doc) => String(item.name).toLowerCase());
    expect(names).toEqual([...names].sort());
    const parameters = doc.paths["/index"].get.parameters as Doc[];
    expect(parameters.find((parameter) => parameter.name === "from")!.description).toContain("not after to (400)");
    expect(parameters.find((parameter) => parameter.name === "to")!.description).toContain("not before from (400)");
    const empty = await host.get("/api/dataset/v1/index?country=GB&from=2026-05&to=2026-01");
    expect(empty.status).toBe(400);
  });

  it("shows the engine's real error bodies: 404 brand_not_found on cards and on /compare, none on plain lists", async () => {
    const { doc } = await openapi("dataset");
    const card = doc.paths["/brands/{slug}"].get.responses["404"].content["application/json"].examples;
    expect(card.brand_not_found.value).toEqual({
      error: "brand_not_found",
      message: "No brand has the slug 'no-such-slug'.",
      status: 404,
      details: { slug: "no-such-slug" },
    });
    expect(
      doc.paths["/compare"].get.responses["404"].content["application/json"].examples.brand_not_found.value.error,
    ).toBe("brand_not_found");
    expect(
      doc.paths["/compare"].get.responses["400"].content["application/json"].examples.missing_parameter.value.details,
    ).toEqual({ parameter: "brands" });
    expect(doc.paths["/brands"].get.responses["404"]).toBeUndefined();
    const invalid =
      doc.paths["/brands"].get.responses["400"].content["application/json"].examples.invalid_parameter.value;
    expect(invalid).toMatchObject({
      error: "invalid_parameter",
      status: 400,
      details: { parameter: "status", value: "no_such_value" },
    });
  });

  it("takes the samples from the published data: the first brand's card, the first items of the answer to the example parameters", async () => {
    const { doc } = await openapi("dataset");
    const examples = (doc.paths["/brands"].get.parameters as Doc[]).filter(
      (parameter) => parameter.in === "query" && parameter.example !== undefined,
    );
    expect(examples.map((parameter) => parameter.name)).toEqual(expect.arrayContaining(["status", "country"]));
    const query = new URLSearchParams(
      examples.map((parameter): [string, string] => [String(parameter.name), String(parameter.example)]),
    );
    const answer = (await (await host.get(`/api/dataset/v1/brands?${query}`)).json()) as Doc;
    const sample = doc.paths["/brands"].get.responses["200"].content["application/json"].examples.sample.value;
    expect(sample.data).toHaveLength(2);
    expect(sample.data).toEqual(answer.data.slice(0, 2));
    expect(sample.meta).toEqual(answer.meta);
    const slug = (doc.paths["/brands/{slug}"].get.parameters as Doc[]).find(
      (parameter) => parameter.name === "slug",
    )!.example;
    const card = doc.paths["/brands/{slug}"].get.responses["200"].content["application/json"].examples.sample.value;
    expect(card.data.slug).toBe(slug);
    expect(card.data.demand.every((market: Doc) => market.series.length <= 2)).toBe(true);
  });
});

describe("GET /resume/api/v1/openapi.json: the interface description's defaults and maxima", () => {
  // Read from the interface description itself: sort date (default), order desc (default), page default 1,
  // per_page default 50 and maximum 200, on the list and on the export ("the same meanings and defaults").
  it.each(["/resumes", "/resumes/export"])(
    "%s declares every default the description states, order desc included",
    async (path) => {
      const { doc } = await openapi("resumes");
      const schemas = Object.fromEntries(
        (doc.paths[path].get.parameters as Doc[])
          .filter((parameter) => parameter.in === "query")
          .map((parameter) => [parameter.name, parameter.schema]),
      );
      expect(schemas.sort).toMatchObject({ enum: ["date", "experience", "relevance"], default: "date" });
      expect(schemas.order).toMatchObject({ enum: ["asc", "desc"], default: "desc" });
      expect(schemas.page).toMatchObject({ minimum: 1, default: 1 });
      expect(schemas.per_page).toMatchObject({ minimum: 1, maximum: 200, default: 50 });
      // A default that holds whatever the sort: every sort of the resumes runs descending when order is absent.
      expect(Object.values(RESUME_SORTS).map((field) => field.natural)).toEqual(["desc", "desc", "desc"]);
    },
  );
});

describe("GET /resume/api/v1/openapi.json: the export", () => {
  it("describes the NDJSON export line by the Resume schema and shows its first lines", async () => {
    const { doc } = await openapi("resumes");
    const media = doc.paths["/resumes/export"].get.responses["200"].content["application/x-ndjson"];
    expect(media["x-item-schema"]).toEqual({ $ref: "#/components/schemas/Resume" });
    const lines = (media.example as string)
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Doc);
    expect(lines).toHaveLength(2);
    expect(Object.keys(lines[0]!)).toEqual(expect.arrayContaining(["id", "contacts", "text"]));
    expect(
      doc.paths["/resumes/{id}"].get.responses["400"].content["application/json"].examples.invalid_parameter.value
        .details,
    ).toEqual({ parameter: "id", value: "abc", expected: "an integer (ids start at 1)" });
  });
});

describe("closed parameters in the document", () => {
  it("say they are matched in any case, as the host matches them", async () => {
    const { doc } = await openapi("dataset");
    const parameter = (path: string, name: string) =>
      (doc.paths[path].get.parameters as Doc[]).find((candidate) => candidate.name === name)!;
    expect(parameter("/trust-scores", "grade").description).toBe(
      "Grades to keep (A to E). Accepts one or more of (comma-separated): a, b, c, d, e, in any case.",
    );
    const [upper, lower] = await Promise.all([
      host.get(`${SERVICE_BASES.dataset}/trust-scores?grade=A`),
      host.get(`${SERVICE_BASES.dataset}/trust-scores?grade=a`),
    ]);
    expect(upper.status).toBe(200);
    expect(await upper.text()).toBe(await lower.text());
    // Open vocabularies have their own rule (keys), stated in the guide.
    expect(parameter("/brands", "country").description).not.toContain("in any case");
  });
});
