import { describe, expect, it } from "vitest";
import type { Dataset } from "../../../build/compute/dataset.ts";
import type { EngineContext } from "../../../build/query/endpoint.ts";
import { cardAllowance, cardKeySpace, RESUME_FILE_SHARE } from "../../../build/query/resumes/resume-key-space.ts";
import { RESUME_ENDPOINTS } from "../../../build/query/resumes/registry.ts";
import { sampleContext } from "../../helpers/sample-host.ts";
import { makeResume } from "./make-resume.ts";
import { sampleResumes } from "./sample-resumes.ts";

describe("the resume key space", () => {
  it("precomputes every default page, every card and each single filter value", async () => {
    const { context } = await sampleContext();
    const keys = (id: string) => [...RESUME_ENDPOINTS.find((endpoint) => endpoint.id === id)!.keySpace!(context)];
    const pages = Math.ceil(sampleResumes().length / 50);
    const list = keys("resumes.list");
    expect(list.filter((entry) => entry.pairs.length === 0 || entry.pairs[0]![0] === "page")).toHaveLength(pages);
    expect(list.filter((entry) => entry.priority === 0)).toEqual([{ pathParams: {}, pairs: [], priority: 0 }]);
    expect(list.map((entry) => entry.pairs[0]?.join("="))).toEqual(
      expect.arrayContaining([
        "role=seo",
        "seniority=head",
        "contact_quality=none",
        "has_contacts=0",
        "source=hh",
        "vertical=crypto",
        "traffic=push",
      ]),
    );
    expect(keys("resumes.export")).toEqual(list);
    expect(keys("resumes.card")).toHaveLength(sampleResumes().length);
    expect(list.length * 2 + sampleResumes().length).toBeLessThanOrEqual(RESUME_FILE_SHARE);
  });
});

describe("cardAllowance", () => {
  const contextOf = (count: number) => {
    const resumes = Array.from({ length: count }, (_, i) =>
      makeResume({ id: i + 1, updated_at: new Date(Date.UTC(2025, 0, 1) + (i % 97) * 86_400_000).toISOString() }),
    );
    return { dataset: { resumes } as unknown as Dataset } as EngineContext;
  };

  it("keeps the resume files within the service's share when the database grows", () => {
    // 6,000 resumes: 120 default pages; one role, vertical, traffic, seniority, contact quality and
    // source value plus both has_contacts values = 8 single values; list and export: 2 × 128 = 256.
    const context = contextOf(6000);
    expect(cardAllowance(context.dataset)).toBe(RESUME_FILE_SHARE - 256);
    expect([...cardKeySpace(context)]).toHaveLength(RESUME_FILE_SHARE - 256);
  });

  it("picks the most recently updated resumes first, ties by id", () => {
    const context = contextOf(6000);
    const times = new Map(context.dataset.resumes.map((r) => [r.id, Date.parse(r.updated_at)]));
    const ids = [...cardKeySpace(context)].map((entry) => Number(entry.pathParams.id));
    const newest = Math.max(...times.values());
    expect(times.get(ids[0]!)).toBe(newest);
    for (let i = 1; i < ids.length; i += 1) {
      const [a, b] = [times.get(ids[i - 1]!)!, times.get(ids[i]!)!];
      expect(a > b || (a === b && ids[i - 1]! < ids[i]!)).toBe(true);
    }
  });

  it("keeps every card of a small database", () => {
    expect([...cardKeySpace(contextOf(40))]).toHaveLength(40);
  });
});
