import { describe, expect, it } from "vitest";
import type { Resume } from "../../../build/load/schemas.ts";
import { ENDPOINTS } from "../../../build/query/endpoints.ts";
import { handleRequest } from "../../../build/serve/handle-request.ts";
import type { PrecomputedStore } from "../../../build/serve/precomputed-store.ts";
import { sampleContext, useSampleHost } from "../../helpers/sample-host.ts";
import { expectedIds, type ListBody, RESUME_BASE, sampleResumes } from "./sample-resumes.ts";

const host = useSampleHost();
const resumes = sampleResumes();

async function exportLines(query: string): Promise<{ response: Response; lines: Record<string, unknown>[] }> {
  const response = await host.get(`${RESUME_BASE}/resumes/export${query === "" ? "" : `?${query}`}`);
  const text = await response.text();
  return {
    response,
    lines:
      text === ""
        ? []
        : text
            .trimEnd()
            .split("\n")
            .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

describe("GET /resumes/export equals the list", () => {
  it.each([
    "",
    "page=2",
    "role=seo",
    "vertical=crypto,nutra&has_contacts=0",
    "sort=experience&order=asc&per_page=200&page=2",
    "q=keitaro&sort=relevance",
    "q=%D0%BC%D0%B5%D0%B4%D0%B8%D0%B0%D0%B1%D0%B0%D0%B9%D0%B5%D1%80&per_page=20",
    "since=2026-06-01&until=2026-07-01&per_page=200",
    "page=999",
  ])("?%s: the same resumes in the same order, each line the full resume", async (query) => {
    const listResponse = await host.get(`${RESUME_BASE}/resumes?${query}`);
    const list = (await listResponse.json()) as ListBody;
    const { response, lines } = await exportLines(query);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/x-ndjson; charset=utf-8");
    expect(response.headers.get("x-total-count")).toBe(String(list.meta.total));
    expect(response.headers.get("link")).toBe(
      listResponse.headers
        .get("link")
        ?.replaceAll("/resumes?", "/resumes/export?")
        .replaceAll("/resumes>", "/resumes/export>"),
    );
    expect(lines.map((line) => line.id)).toEqual(list.data.map((item) => item.id));
    lines.forEach((line, i) => {
      const resume = resumes.find((r) => r.id === line.id)!;
      expect(line).toEqual({ ...list.data[i], contacts: resume.contacts, text: resume.text });
    });
  });

  it("bounds the stream by page and per_page (default 50, maximum 200)", async () => {
    expect((await exportLines("")).lines.map((line) => line.id)).toEqual(expectedIds(resumes).slice(0, 50));
    expect((await exportLines("per_page=200&page=3")).lines.map((line) => line.id)).toEqual(
      expectedIds(resumes).slice(400, 600),
    );
    expect((await host.get(`${RESUME_BASE}/resumes/export?per_page=201`)).status).toBe(400);
  });

  it.each([["seniority=guru"], ["per_page=0"], ["format=csv"]])("rejects ?%s like the list does", async (query) => {
    const [listResponse, exportResponse] = await Promise.all([
      host.get(`${RESUME_BASE}/resumes?${query}`),
      host.get(`${RESUME_BASE}/resumes/export?${query}`),
    ]);
    expect(exportResponse.status).toBe(400);
    expect(await exportResponse.json()).toEqual(await listResponse.json());
  });

  it("carries an ETag when precomputed, and none when streamed live", async () => {
    expect((await host.get(`${RESUME_BASE}/resumes/export`)).headers.get("etag")).toMatch(/^"/);
    expect((await host.get(`${RESUME_BASE}/resumes/export?per_page=13`)).headers.get("etag")).toBeNull();
  });
});

describe("GET /resumes/export is streamed", () => {
  const noFiles: PrecomputedStore = { has: () => false, get: async () => undefined, getSite: async () => undefined };

  it("produces each record only when the host asks for the next line (handleRequest)", async () => {
    const { context } = await sampleContext();
    const produced: number[] = [];
    // Reading `text` is what making a full export line does; list selection never reads it.
    const spied = context.dataset.resumes.map(
      (resume) =>
        new Proxy(resume, {
          get: (target, key, receiver) => (
            key === "text" && produced.push(target.id), Reflect.get(target, key, receiver)
          ),
        }) as Resume,
    );
    const instrumented = { ...context, dataset: { ...context.dataset, resumes: spied } };
    const response = await handleRequest(
      { method: "GET", url: `${RESUME_BASE}/resumes/export?role=seo&per_page=5`, clientAddress: "test" },
      { context: instrumented, endpoints: ENDPOINTS, store: noFiles },
    );
    expect(response.status).toBe(200);
    expect(typeof response.body).not.toBe("string");
    const lines = (response.body as Iterable<string>)[Symbol.iterator]();
    expect(produced).toEqual([]);
    const first = lines.next();
    expect(first.done).toBe(false);
    expect(produced).toHaveLength(1);
    expect(JSON.parse(String(first.value)).id).toBe(produced[0]);
    lines.next();
    expect(produced).toHaveLength(2);
    let rest = 0;
    while (!lines.next().done) rest += 1;
    expect(rest).toBe(3);
    expect(produced).toEqual(expectedIds(resumes.filter((r) => r.role === "seo")).slice(0, 5));
  });

  it("sends the first line over HTTP before the client reads the rest", async () => {
    const response = await host.get(`${RESUME_BASE}/resumes/export?per_page=200&sort=experience`);
    expect(response.headers.get("etag")).toBeNull();
    const reader = response.body!.getReader();
    const { value } = await reader.read();
    const firstLine = new TextDecoder().decode(value).split("\n")[0]!;
    expect(JSON.parse(firstLine).id).toBe(expectedIds(resumes, "experience")[0]);
    await reader.cancel();
  });
});
