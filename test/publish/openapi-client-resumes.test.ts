/**
 * A client generated from the resume directory's OpenAPI document (openapi-typescript types,
 * openapi-fetch) type-checks (`tsc` in `npm test`) and calls every endpoint of the running host;
 * every answer (each NDJSON line of the export too) validates against the document (ajv).
 */
import createClient from "openapi-fetch";
import { describe, expect, it } from "vitest";
import { SERVICE_BASES } from "../../build/query/services.ts";
import type { paths } from "../generated/resumes-api.ts";
import { useSampleHost } from "../helpers/sample-host.ts";
import { callRecorder, checkCalls, type ClientCall } from "./openapi-client-helpers.ts";

// Rate limiting on (and far from reached), so that the RateLimit-* headers are there to check.
const host = useSampleHost({ rateLimit: 100_000 });
const BASE = SERVICE_BASES.resumes;

type Client = ReturnType<typeof createClient<paths>>;

function client(): Client {
  return createClient<paths>({
    baseUrl: `${host.origin}${BASE}`,
    fetch: host.fetch,
    querySerializer: { array: { style: "form", explode: false } },
  });
}

/** Every endpoint once, through the typed client. */
async function callEveryEndpoint(api: Client): Promise<ClientCall[]> {
  const { calls, record } = callRecorder();
  record("/", await api.GET("/"));
  record("/openapi.json", await api.GET("/openapi.json"));
  const stats = record("/stats", await api.GET("/stats"));
  const role = Object.keys(stats.data?.data.by_role ?? {})[0] ?? "";
  const list = record(
    "/resumes",
    await api.GET("/resumes", {
      params: { query: { q: "affiliate", role: [role], sort: "relevance", has_contacts: true, per_page: 5 } },
    }),
  );
  const id: number = list.data?.data[0]?.id ?? 0;
  record("/resumes/{id}", await api.GET("/resumes/{id}", { params: { path: { id } } }));
  record(
    "/resumes/export",
    await api.GET("/resumes/export", {
      params: { query: { seniority: ["senior", "lead"], since: "2025-01-01", per_page: 3 } },
      parseAs: "text",
    }),
  );
  return calls;
}

/** Never run: it only has to type-check, and proves the generated types refuse what the API refuses. */
export async function refusedByTheTypes(api: Client): Promise<void> {
  // @ts-expect-error -- not a seniority of the closed vocabulary
  await api.GET("/resumes", { params: { query: { seniority: ["intern"] } } });
  // @ts-expect-error -- a resume id is a number
  await api.GET("/resumes/{id}", { params: { path: { id: "abc" } } });
}

describe("a client generated from /resume/api/v1/openapi.json", () => {
  it("calls every endpoint, and every answer, HEAD and error validates against the document", async () => {
    const calls = await callEveryEndpoint(client());
    const doc = (await (await host.get(`${BASE}/openapi.json`)).json()) as Record<string, any>;
    expect(calls.map((call) => call.path).sort()).toEqual(Object.keys(doc.paths).sort());
    const exported = calls.find((call) => call.path === "/resumes/export")!;
    expect(String(exported.body).trim().split("\n")).toHaveLength(3);
    expect(await checkCalls(doc, `${host.origin}${BASE}`, calls, host.fetch)).toEqual([]);
  });

  it("gets typed fields back: a searched item carries its relevance score", async () => {
    const { data } = await client().GET("/resumes", { params: { query: { q: "seo", per_page: 1 } } });
    const score: number | undefined = data?.data[0]?.score;
    expect(score).toBeGreaterThan(0);
    expect(data?.meta.sort).toBe("date");
  });

  it("catches an export line that strays from the document", async () => {
    const doc = (await (await host.get(`${BASE}/openapi.json`)).json()) as Record<string, any>;
    const response = await host.get(`${BASE}/resumes/export?per_page=2`);
    const [first = "", second = ""] = (await response.text()).trim().split("\n");
    const broken = `${first}\n${JSON.stringify({ ...(JSON.parse(second) as object), seniority: "intern" })}\n`;
    const problems = await checkCalls(
      doc,
      `${host.origin}${BASE}`,
      [{ path: "/resumes/export", response, body: broken }],
      host.fetch,
    );
    expect(problems).toEqual([
      expect.stringMatching(/^\/resumes\/export line 2\/seniority: must be equal to one of the allowed values/),
    ]);
  });
});
