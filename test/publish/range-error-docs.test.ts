/**
 * Issue 28: the 416 a download file answers for a range past its end is named wherever the project lists
 * its error codes: each OpenAPI document's error vocabulary, docs/api.md and the contract checker's table.
 */
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { ENDPOINTS } from "../../build/query/endpoints.ts";
import { openapiDocument } from "../../build/query/openapi.ts";
import { rangeNotSatisfiable } from "../../build/serve/byte-ranges.ts";
import { sampleContext } from "../helpers/sample-host.ts";
import { ERROR_STATUSES } from "../reliability/contract-response.ts";

const error = rangeNotSatisfiable(1234);

describe("the 416 of an unsatisfiable range", () => {
  it("is the host's range_not_satisfiable with the file's size in Content-Range", () => {
    expect([error.status, error.code]).toEqual([416, "range_not_satisfiable"]);
    expect(error.headers["Content-Range"]).toBe("bytes */1234");
    expect(error.details).toEqual({ size: 1234 });
  });

  it.each(["dataset", "resumes"] as const)("is in the error vocabulary of the %s OpenAPI document", async (service) => {
    const { context } = await sampleContext();
    const { description } = (openapiDocument(context, service, ENDPOINTS) as { info: { description: string } }).info;
    const errors = description.split("\n").find((line) => line.startsWith("- Errors:"));
    expect(errors).toContain(`\`${error.code}\` (${error.status}`);
  });

  it("is in docs/api.md and in the table the contract checker accepts", async () => {
    const text = await readFile("docs/api.md", "utf8");
    expect(text).toContain(`${error.status} \`${error.code}\``);
    expect(ERROR_STATUSES[error.code]).toEqual([error.status]);
  });
});
