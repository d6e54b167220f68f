import { describe, expect, it } from "vitest";
import { downloadsPage } from "../../build/publish/downloads-page.ts";
import { minContext } from "../fixtures/min-context.ts";

describe("downloadsPage", () => {
  it("names each dataset's license where the two differ", async () => {
    const context = await minContext();
    const meta = { ...context.dataset.meta, resumes: { ...context.dataset.meta.resumes, license: "CC0 1.0" } };
    const html = await downloadsPage({ ...context, dataset: { ...context.dataset, meta } });
    expect(html).toContain(
      "snapshot of 2025-01-01T00:00:00Z, under CC BY 4.0 for Open Demand Dataset (test fixture) and CC0 1.0 for Resume Directory (test fixture): attribution as on the",
    );
  });

  it("names the license once where both datasets share it", async () => {
    const html = await downloadsPage(await minContext());
    expect(html).toContain("snapshot of 2025-01-01T00:00:00Z, under CC BY 4.0: attribution as on the");
  });
});
