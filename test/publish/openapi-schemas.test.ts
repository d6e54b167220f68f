/**
 * The zod response schemas that the OpenAPI documents are generated from describe the real answers:
 * every endpoint's precomputed files of the sample build parse with its schema, so the documented
 * shapes cannot drift from the bodies. Also the helpers that turn them into the document.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { MANIFEST_FILE, type Manifest } from "../../build/output-format/manifest.ts";
import type { Endpoint } from "../../build/query/endpoint.ts";
import { ENDPOINTS } from "../../build/query/endpoints.ts";
import { openapiDocument, responseSchemaOf } from "../../build/query/openapi.ts";
import { matchRoute } from "../../build/query/routes.ts";
import { renderAll, resolveForEndpoint, runResolved } from "../../build/query/run-query.ts";
import { brandListItem, brandsResponse } from "../../build/response-schemas/dataset-brands.ts";
import { createSchemaCollector } from "../../build/query/schemas/openapi-components.ts";
import { abridge, firstLines } from "../../build/query/schemas/openapi-examples.ts";
import { DEFAULT_RATE_LIMIT, MAX_URL_BYTES } from "../../build/shared/host-errors.ts";
import { handleRequest, type HandlerDeps, type HostRequest } from "../../build/serve/handle-request.ts";
import { hostConfigSchema } from "../../build/serve/host-config.ts";
import { createRateLimiter } from "../../build/serve/rate-limiter.ts";
import { EMPTY_STORE } from "../../build/serve/precomputed-store.ts";
import { sampleContext } from "../helpers/sample-host.ts";

/** Above this many files, an endpoint's answers are checked on an even spread of this many. */
const MAX_FILES_PER_ENDPOINT = 120;

/** The precomputed files of the sample build, grouped by the endpoint that answers their path. */
async function filesByEndpoint(dist: string): Promise<Map<Endpoint, string[]>> {
  const manifest = JSON.parse(await readFile(path.join(dist, MANIFEST_FILE), "utf8")) as Manifest;
  const groups = new Map<Endpoint, string[]>();
  for (const file of Object.keys(manifest.files)) {
    // responses/<public path>/<query>.json: the folder is the public path.
    const publicPath = `/${file.split("/").slice(1, -1).join("/")}`;
    const endpoint = matchRoute(ENDPOINTS, publicPath)?.endpoint;
    if (endpoint === undefined) throw new Error(`no endpoint answers ${file}`);
    groups.set(endpoint, [...(groups.get(endpoint) ?? []), file]);
  }
  return groups;
}

function spread<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  const step = items.length / count;
  return Array.from({ length: count }, (_, i) => items[Math.floor(i * step)]!);
}

/** The bodies of a file: one JSON document, or one per NDJSON line. */
function bodiesOf(endpoint: Endpoint, text: string): unknown[] {
  if (endpoint.format === "json") return [JSON.parse(text)];
  return text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as unknown);
}

/** The first few issues of a failed parse, with the file, for a readable failure. */
function issuesOf(schema: z.ZodType, body: unknown, where: string): string[] {
  const result = schema.safeParse(body);
  return result.success
    ? []
    : result.error.issues.slice(0, 3).map((issue) => `${where} › ${issue.path.join(".")}: ${issue.message}`);
}

describe("response schemas against the sample build", () => {
  it("are declared by every endpoint (the discovery documents get theirs from the generator)", () => {
    expect(
      ENDPOINTS.filter((endpoint) => responseSchemaOf(endpoint) === undefined).map((endpoint) => endpoint.id),
    ).toEqual([]);
    expect(ENDPOINTS.filter((endpoint) => endpoint.response === undefined).map((endpoint) => endpoint.id)).toEqual([
      "dataset.discovery",
      "resumes.discovery",
    ]);
  });

  it("parse every endpoint's precomputed answers (all, or an even spread of the largest key spaces)", async () => {
    const { dist } = await sampleContext();
    const groups = await filesByEndpoint(dist);
    const precomputed = ENDPOINTS.filter((endpoint) => endpoint.id !== "dataset.compare");
    expect([...groups.keys()].map((endpoint) => endpoint.id).sort()).toEqual(
      precomputed.map((endpoint) => endpoint.id).sort(),
    );
    const problems: string[] = [];
    let parsed = 0;
    for (const [endpoint, files] of groups) {
      const schema = responseSchemaOf(endpoint)!;
      for (const file of spread(files, MAX_FILES_PER_ENDPOINT)) {
        for (const body of bodiesOf(endpoint, await readFile(path.join(dist, file), "utf8"))) {
          problems.push(...issuesOf(schema, body, file));
          parsed += 1;
        }
      }
    }
    expect(problems.slice(0, 10)).toEqual([]);
    expect(parsed).toBeGreaterThan(2000);
  });

  it.each([2, 5])("parse the answers computed on the fly: /compare with %i brands", async (count) => {
    const { context } = await sampleContext();
    const slugs = context.dataset.brands.map((brand) => brand.slug).slice(0, count);
    const compare = ENDPOINTS.find((endpoint) => endpoint.id === "dataset.compare")!;
    const result = runResolved(context, resolveForEndpoint(compare, {}, [["brands", slugs.join(",")]]));
    expect(issuesOf(compare.response!, JSON.parse(renderAll(compare, result)), "/compare")).toEqual([]);
  });

  it("reject a body with a field they do not document, so an undocumented field fails the tests", async () => {
    const { dist } = await sampleContext();
    const body = JSON.parse(await readFile(path.join(dist, "responses/api/dataset/v1/brands/index.json"), "utf8")) as {
      data: Record<string, unknown>[];
    };
    expect(brandsResponse.safeParse(body).success).toBe(true);
    body.data[0]!.undocumented = 1;
    expect(brandsResponse.safeParse(body).success).toBe(false);
  });
});

describe("openapiDocument's schemas", () => {
  it("are zod's own JSON Schema output (draft 2020-12), referenced by id from the components", async () => {
    const { context } = await sampleContext();
    const doc = openapiDocument(context, "dataset", ENDPOINTS) as { components: { schemas: Record<string, unknown> } };
    // A schema with an id comes out of zod as a reference to its definition.
    const converted = z.toJSONSchema(brandListItem, { target: "draft-2020-12" }) as {
      $schema: string;
      $ref: string;
      $defs: Record<string, unknown>;
    };
    expect(converted.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(converted.$ref).toBe("#/$defs/BrandListItem");
    expect(doc.components.schemas.BrandListItem).toEqual(converted.$defs.BrandListItem);
    expect(doc.components.schemas.BrandsResponse).toMatchObject({
      properties: { data: { type: "array", items: { $ref: "#/components/schemas/BrandListItem" } } },
    });
  });
});

describe("openapiDocument's info", () => {
  it("links the license to the license itself, like the data package; the attribution page stays in the guide", async () => {
    const { context } = await sampleContext();
    for (const service of ["dataset", "resumes"] as const) {
      const about = service === "dataset" ? context.dataset.meta.dataset : context.dataset.meta.resumes;
      const info = (openapiDocument(context, service, ENDPOINTS) as { info: { license: unknown; description: string } })
        .info;
      expect(info.license, service).toEqual({ name: "CC BY 4.0", url: "https://creativecommons.org/licenses/by/4.0/" });
      expect(info.description, service).toContain(`Attribution must link to ${about.attribution}`);
    }
  });
});

describe("createSchemaCollector", () => {
  const item = z.strictObject({ a: z.string() }).meta({ id: "TestItem" });

  it("names an unnamed schema, lifts the named ones inside it, and links to both", () => {
    const collector = createSchemaCollector();
    expect(collector.ref("TestList", z.array(item))).toEqual({ $ref: "#/components/schemas/TestList" });
    expect(collector.ref("Ignored", item)).toEqual({ $ref: "#/components/schemas/TestItem" });
    expect(collector.schemas()).toEqual({
      TestItem: { type: "object", properties: { a: { type: "string" } }, required: ["a"], additionalProperties: false },
      TestList: { type: "array", items: { $ref: "#/components/schemas/TestItem" } },
    });
  });

  it("refuses one name for two different schemas", () => {
    const collector = createSchemaCollector();
    collector.ref("Same", z.string());
    expect(() => collector.ref("Same", z.number())).toThrow(/two different schemas are named Same/);
  });
});

describe("abridge", () => {
  it.each([
    [
      [1, 2, 3],
      [1, 2],
    ],
    [
      { a: [{ b: [1, 2, 3] }, 2, 3], c: null },
      { a: [{ b: [1, 2] }, 2], c: null },
    ],
    ["text", "text"],
  ])("keeps the first two items of every array: %j", (input, expected) => {
    expect(abridge(input)).toEqual(expected);
  });
});

describe("firstLines", () => {
  it("joins the first lines and reads no further", () => {
    let read = 0;
    function* lines(): Generator<string> {
      for (const line of ["a\n", "b\n", "c\n"]) {
        read += 1;
        yield line;
      }
      throw new Error("read past the end");
    }
    expect(firstLines(lines(), 2)).toBe("a\nb\n");
    expect(read).toBe(2);
  });

  it("takes what there is when an export has fewer lines", () => {
    expect(firstLines(["only\n"], 2)).toBe("only\n");
    expect(firstLines([], 2)).toBe("");
  });
});

describe("the documents' examples, as Swagger UI's Try it out sends them", () => {
  const PREFIX = { dataset: "/api/dataset/v1", resumes: "/resume/api/v1" } as const;
  type Parameter = { name: string; in: string; required?: boolean; example?: unknown };
  type Operation = {
    parameters?: (Parameter | { $ref: string })[];
    responses: Record<
      string,
      { content?: Record<string, { example?: unknown; examples?: { sample?: { value: unknown } } }> }
    >;
  };

  /** A parameter example as URL text: a list joined with commas (form style, not exploded). */
  const asText = (value: unknown): string => (Array.isArray(value) ? value.join(",") : String(value));

  it.each(["dataset", "resumes"] as const)(
    "%s: every operation answers its example parameters with the example shown, and something to show",
    async (service) => {
      const { context } = await sampleContext();
      const doc = openapiDocument(context, service, ENDPOINTS) as { paths: Record<string, { get: Operation }> };
      let withQuery = 0;
      for (const [docPath, { get }] of Object.entries(doc.paths)) {
        if (docPath === "/openapi.json") continue;
        const parameters = (get.parameters ?? []).filter((parameter): parameter is Parameter => "name" in parameter);
        for (const parameter of parameters)
          if (parameter.required === true) expect(parameter.example, `${docPath} ${parameter.name}`).toBeDefined();
        let urlPath = docPath;
        for (const parameter of parameters.filter((candidate) => candidate.in === "path"))
          urlPath = urlPath.replace(`{${parameter.name}}`, encodeURIComponent(asText(parameter.example)));
        const query = new URLSearchParams(
          parameters
            .filter((parameter) => parameter.in === "query" && parameter.example !== undefined)
            .map((parameter): [string, string] => [parameter.name, asText(parameter.example)]),
        );
        if ([...query].length > 0) withQuery += 1;
        const url = `${PREFIX[service]}${urlPath}${[...query].length > 0 ? `?${query}` : ""}`;
        const answer = await handleRequest(
          { method: "GET", url, clientAddress: "192.0.2.1" },
          { context, endpoints: ENDPOINTS, store: EMPTY_STORE },
        );
        expect(answer.status, url).toBe(200);
        const [type, media] = Object.entries(get.responses["200"]!.content!)[0]!;
        const text =
          typeof answer.body === "string"
            ? answer.body
            : Buffer.isBuffer(answer.body)
              ? answer.body.toString("utf8")
              : [...(answer.body as Iterable<string>)].join("");
        if (type === "application/x-ndjson") {
          expect(media.example, url).toBe(
            text
              .split("\n")
              .slice(0, 2)
              .map((line) => `${line}\n`)
              .join(""),
          );
          expect(String(media.example).length, url).toBeGreaterThan(0);
          continue;
        }
        const body = JSON.parse(text) as { data?: unknown };
        if (docPath !== "/") expect(media.examples?.sample?.value, url).toEqual(abridge(body));
        if (Array.isArray(body.data)) expect(body.data.length, `${url}: an empty list`).toBeGreaterThan(0);
      }
      expect(withQuery).toBeGreaterThanOrEqual(service === "dataset" ? 10 : 2); // /resumes and its export
    },
  );
});

describe("the shared error responses' examples", () => {
  type Media = {
    examples?: Record<
      string,
      { summary: string; value: { error: string; message: string; status: number; details?: Record<string, unknown> } }
    >;
  };
  const exampleOf = async (service: "dataset" | "resumes", response: string) => {
    const { context } = await sampleContext();
    const doc = openapiDocument(context, service, ENDPOINTS) as {
      components: { responses: Record<string, { content: Record<string, Media> }> };
    };
    const examples = Object.values(doc.components.responses[response]!.content["application/json"]!.examples ?? {});
    expect(examples, response).toHaveLength(1);
    return examples[0]!;
  };
  const bodyOf = (answer: { body?: unknown }) => JSON.parse(String(answer.body)) as unknown;
  const ask = async (request: Partial<HostRequest> & { url: string }, deps: Partial<HandlerDeps> = {}) => {
    const { context } = await sampleContext();
    return handleRequest(
      { method: "GET", clientAddress: "192.0.2.1", ...request },
      { context, endpoints: ENDPOINTS, store: EMPTY_STORE, ...deps },
    );
  };

  it.each(["dataset", "resumes"] as const)("%s: 412, 414 and 500 show the host's own answers", async (service) => {
    const failedIfMatch = await ask({ url: "/api/dataset/v1/regulators", ifMatch: '"not-the-etag"' });
    expect(failedIfMatch.status).toBe(412);
    expect((await exampleOf(service, "PreconditionFailed")).value).toEqual(bodyOf(failedIfMatch));
    const tooLong = await ask({ url: `/api/dataset/v1/brands?q=${"x".repeat(MAX_URL_BYTES)}` });
    expect(tooLong.status).toBe(414);
    expect((await exampleOf(service, "UriTooLong")).value).toEqual(bodyOf(tooLong));
    const failing = await ask(
      { url: "/" },
      { store: { ...EMPTY_STORE, getSite: () => Promise.reject(new Error("disk gone")) }, logError: () => {} },
    );
    expect(failing.status).toBe(500);
    const internal = await exampleOf(service, "InternalError");
    expect(internal.value).toEqual(bodyOf(failing));
    expect(internal.summary).toBe(internal.value.message);
  });

  it("429 shows the host's answer at its default limit", async () => {
    expect(DEFAULT_RATE_LIMIT).toBe(hostConfigSchema.parse({}).rateLimit);
    const limiter = createRateLimiter(DEFAULT_RATE_LIMIT)!;
    let answer = await ask({ url: "/api/dataset/v1/regulators" }, { rateLimiter: limiter });
    for (let sent = 1; sent <= DEFAULT_RATE_LIMIT; sent += 1)
      answer = await ask({ url: "/api/dataset/v1/regulators" }, { rateLimiter: limiter });
    expect(answer.status).toBe(429);
    const body = bodyOf(answer) as { details: { retry_after: number } };
    // The same body but for the seconds left, which depend on the clock: the example shows 17.
    const example = (await exampleOf("dataset", "TooManyRequests")).value;
    expect(example.details).toEqual({ retry_after: 17 });
    expect(example).toEqual(
      JSON.parse(
        JSON.stringify(body)
          .replaceAll(`${body.details.retry_after} s.`, "17 s.")
          .replace(`"retry_after":${body.details.retry_after}`, '"retry_after":17'),
      ),
    );
  });
});
