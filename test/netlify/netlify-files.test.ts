import { describe, expect, it } from "vitest";
import { planOutputs } from "../../build/emit/plan-outputs.ts";
import { NETLIFY_FILE_COUNT, planNetlifyFiles } from "../../build/netlify/netlify-files.ts";
import { ENDPOINTS } from "../../build/query/endpoints.ts";
import { sampleContext } from "../helpers/sample-host.ts";

describe("planNetlifyFiles", () => {
  it("adds exactly the files the budget reserves for it, and the reserve keeps the total within --max-files", async () => {
    const { context } = await sampleContext();
    const plan = await planOutputs(context, ENDPOINTS, { maxFiles: 40, reservedFiles: NETLIFY_FILE_COUNT });
    const { files } = planNetlifyFiles(plan, ENDPOINTS);
    expect(files.map((file) => file.path)).toEqual(["_redirects", "_headers"]);
    expect(files).toHaveLength(NETLIFY_FILE_COUNT);
    expect(plan.files.length + files.length).toBe(40);
  });
});
