import { describe, expect, it } from "vitest";
import { RESUME_LIST_PARAMS } from "../../../build/query/resumes/resume-selection.ts";
import { RESUME_SEARCH_SETTINGS } from "../../../build/search/resume-search-index.ts";

describe("the q parameter's description", () => {
  const description = RESUME_LIST_PARAMS.find((spec) => spec.name === "q")?.description ?? "";

  it("names the searched fields and their weights as the index has them", () => {
    expect(description).toContain("Full-text search in the title, skills and text (weights 3, 2, 1): ");
    const { fields } = RESUME_SEARCH_SETTINGS;
    expect(description).toContain(`(weights ${fields.map((field) => field.weight).join(", ")})`);
    for (const field of fields) expect(description).toContain(field.name);
  });
});
