/**
 * An NDJSON endpoint at `/resume/api/v1/boom` whose producer fails after its first line: for the tests
 * that a fault mid-stream cuts the body and goes to logError, on the Node host and in the web adapter alike.
 */
import type { Endpoint } from "../../build/query/endpoint.ts";

export const FAILING_EXPORT: Endpoint = {
  id: "test.stream",
  service: "resumes",
  path: "/boom",
  summary: "An export whose producer fails after the first line",
  format: "ndjson",
  params: [],
  run: () => ({
    kind: "ndjson",
    lines: function* () {
      yield { line: 1 };
      throw new Error("producer failed at /work/main/build/x.ts:1:1");
    },
    pagination: { page: 1, per_page: 2, total: 2, pages: 1 },
  }),
};
