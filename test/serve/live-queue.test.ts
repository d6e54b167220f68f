/**
 * The host's answer when its queue of live answers is full (issue 30), in process: a 503 with Retry-After
 * and the contract's JSON error, for live queries only; precomputed answers, 304s and errors never wait.
 * The workers are a stand-in that never answers, so the queue fills deterministically.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENDPOINTS } from "../../build/query/endpoints.ts";
import { handleRequest, type HandlerDeps } from "../../build/serve/handle-request.ts";
import type { LiveAnswerer } from "../../build/serve/live-engine.ts";
import { LiveScheduler } from "../../build/serve/live-scheduler.ts";
import { loadHost } from "../../build/serve/load-host.ts";
import { sampleContext } from "../helpers/sample-host.ts";

const LIVE = "/resume/api/v1/resumes?q=seo";
const PRECOMPUTED = "/api/dataset/v1/brands";

let deps: HandlerDeps;
let scheduler: LiveScheduler<number>;
/** The answers left waiting on purpose, awaited once the scheduler stops (so no 60 s budget timer outlives this file). */
const waiting: Promise<{ status: number }>[] = [];

beforeAll(async () => {
  const { dist } = await sampleContext();
  const { context, store } = await loadHost(dist);
  // One worker, busy for ever: every live answer after the first waits; two may wait.
  let free = 1;
  scheduler = new LiveScheduler<number>({ maxQueued: 2, perClient: 1, budgetMs: 60_000 }, () =>
    free > 0 ? free-- : undefined,
  );
  const live: LiveAnswerer = { answer: (_request, client) => scheduler.submit(client, () => new Promise(() => {})) };
  deps = { context, endpoints: ENDPOINTS, store, live };
});

afterAll(async () => {
  scheduler.stop(0);
  // The one computing and the two queued are all answered 503 at the stop.
  expect((await Promise.all(waiting)).map((answer) => answer.status)).toEqual([503, 503, 503]);
});

const ask = (url: string, clientAddress: string, headers: { ifNoneMatch?: string } = {}) =>
  handleRequest({ method: "GET", url, clientAddress, acceptEncoding: "identity", ...headers }, deps);

describe("a full queue of live answers", () => {
  it("answers the next live query 503 service_unavailable with Retry-After and the contract's JSON, and still serves files", async () => {
    // The first is computing, the next two wait: the queue (2) is full.
    waiting.push(ask(LIVE, "10.0.0.1"), ask(`${LIVE}&page=2`, "10.0.0.2"), ask(`${LIVE}&page=3`, "10.0.0.3"));
    const refused = await ask(`${LIVE}&page=4`, "10.0.0.4");
    expect(refused.status).toBe(503);
    expect(refused.headers).toMatchObject({
      "Retry-After": "2",
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
      "Access-Control-Allow-Origin": "*",
    });
    expect(JSON.parse(String(refused.body))).toEqual({
      error: "service_unavailable",
      message: "The host is too busy to compute this answer now. Retry after 2 s.",
      status: 503,
      details: { retry_after: 2 },
    });

    // Precomputed answers, their 304s and errors never go through the queue.
    const file = await ask(PRECOMPUTED, "10.0.0.4");
    expect(file.status).toBe(200);
    expect((await ask(PRECOMPUTED, "10.0.0.4", { ifNoneMatch: file.headers.ETag })).status).toBe(304);
    expect((await ask("/resume/api/v1/resumes?sort=nonsense", "10.0.0.4")).status).toBe(400);
  });
});
