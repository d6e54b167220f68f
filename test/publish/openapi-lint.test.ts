/**
 * Both OpenAPI documents, as the host serves them, pass Redocly's maintained linter with its
 * recommended rules: no error and no warning.
 */
import { createConfig, lintFromString, type NormalizedProblem } from "@redocly/openapi-core";
import { describe, expect, it } from "vitest";
import { SERVICE_BASES } from "../../build/query/services.ts";
import { useSampleHost } from "../helpers/sample-host.ts";

const host = useSampleHost();

async function lint(source: string): Promise<NormalizedProblem[]> {
  const config = await createConfig({ extends: ["recommended"] });
  return lintFromString({ source, absoluteRef: "/openapi.json", config });
}

/** One line per problem, so a failure says what and where. */
const describeProblems = (problems: NormalizedProblem[]): string[] =>
  problems.map(
    (problem) => `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? "?"}`,
  );

describe("Redocly lint (recommended rules)", () => {
  it.each(["dataset", "resumes"] as const)("finds no problem in the %s document", async (service) => {
    const response = await host.get(`${SERVICE_BASES[service]}/openapi.json`);
    expect(response.status).toBe(200);
    const problems = await lint(await response.text());
    expect(describeProblems(problems.filter((problem) => problem.severity === "error"))).toEqual([]);
    expect(describeProblems(problems)).toEqual([]);
  });

  it("does report a broken document (an example that contradicts its schema, a dangling $ref)", async () => {
    const doc = (await (await host.get(`${SERVICE_BASES.resumes}/openapi.json`)).json()) as Record<string, any>;
    doc.paths["/resumes"].get.responses["200"].content["application/json"].examples.sample.value.data[0].seniority =
      "intern";
    doc.paths["/stats"].get.responses["200"].content["application/json"].schema = {
      $ref: "#/components/schemas/NoSuchSchema",
    };
    const rules = (await lint(JSON.stringify(doc))).map((problem) => problem.ruleId);
    expect(rules).toEqual(expect.arrayContaining(["no-invalid-media-type-examples", "no-unresolved-refs"]));
  });
});
