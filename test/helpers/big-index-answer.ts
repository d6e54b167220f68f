/**
 * A live JSON answer as large as one may be: the /index of as many countries as fit under the 4 MB limit of
 * one answer (issue 32; every country at once is refused). On the sample, about 3.9 MB: far more than
 * socket buffers hold, so a client that does not read stays mid-response.
 */
import type { EngineContext } from "../../build/query/endpoint.ts";
import { indexEndpoint } from "../../build/query/dataset/index-values.ts";
import { renderAnswer, resolveForEndpoint, runResolved } from "../../build/query/run-query.ts";

/** The path of the largest /index answer of the first N countries (by code) that the engine serves. */
export function bigIndexPath(context: EngineContext): string {
  const codes = context.dataset.countries.map((country) => country.code);
  const served = (count: number) => {
    try {
      const result = runResolved(
        context,
        resolveForEndpoint(indexEndpoint, {}, [["country", codes.slice(0, count).join(",")]]),
      );
      if (result.kind === "json") renderAnswer(indexEndpoint, result.body);
      return true;
    } catch {
      return false;
    }
  };
  // Binary search for the most countries served: the answer grows with each country added.
  let [low, high] = [1, codes.length];
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (served(middle)) low = middle;
    else high = middle - 1;
  }
  return `/api/dataset/v1/index?country=${codes.slice(0, low).join(",")}`;
}
