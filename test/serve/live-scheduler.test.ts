/**
 * The queue of live answers (issue 30): its limit, a client's share of it, round robin between clients,
 * at most `perClient` in flight per client, the time budget to the first byte, and a stop. Workers here
 * are stand-ins whose answers the test releases by hand, so no case depends on timing but the budget's.
 */
import { afterEach, describe, expect, it } from "vitest";
import { HttpError } from "../../build/errors.ts";
import {
  LiveScheduler,
  RETRY_AFTER_SECONDS,
  type SchedulerLimits,
  type Started,
} from "../../build/serve/live-scheduler.ts";

/** What each test submitted, stopped after it so that no 60 s budget timer outlives this file. */
const opened: { scheduler: LiveScheduler<number>; answers: Promise<unknown>[] }[] = [];

afterEach(async () => {
  const left = opened.splice(0);
  for (const { scheduler } of left) scheduler.stop(0);
  // stop(0) answers every answer still waiting 503 on the next turn; each must end, resolved or refused.
  for (const { answers } of left)
    for (const outcome of await Promise.allSettled(answers))
      if (outcome.status === "rejected") expect((outcome.reason as HttpError).status).toBe(503);
});

/** A pool of `size` stand-in workers; each job waits until `finish(name)`. */
function standIns(size: number, limits: SchedulerLimits) {
  let free = size;
  const started: string[] = [];
  const waiting = new Map<string, (started: Started<string>) => void>();
  const abandoned: string[] = [];
  const scheduler = new LiveScheduler<number>(limits, () => (free > 0 ? free-- : undefined));
  const answers: Promise<unknown>[] = [];
  opened.push({ scheduler, answers });
  const submit = (client: string, name: string) => {
    const answer = scheduler.submit(client, () => {
      started.push(name);
      return new Promise<Started<string>>((resolve) => waiting.set(name, resolve));
    });
    answers.push(answer);
    return answer;
  };
  /** The job's first byte is ready and its whole answer handed over: its worker and client slot are free. */
  const finish = (name: string) => {
    const resolve = waiting.get(name)!;
    waiting.delete(name);
    free += 1;
    resolve({ value: name, finished: Promise.resolve(), abandon: () => abandoned.push(name) });
    return new Promise((tick) => setTimeout(tick, 0)); // the release runs on a later turn
  };
  return { scheduler, submit, finish, started, abandoned };
}

const UNLIMITED = { maxQueued: 100, perClient: 100, budgetMs: 60_000 };

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(error)}`);
  return error;
}

describe("LiveScheduler: the queue limit", () => {
  it("refuses the answer past the limit with a 503 service_unavailable and Retry-After", async () => {
    const { submit } = standIns(0, { ...UNLIMITED, maxQueued: 2 });
    void submit("a", "a1");
    void submit("b", "b1");
    const refused = await refusal(submit("c", "c1"));
    expect([refused.status, refused.code, refused.headers["Retry-After"]]).toEqual([
      503,
      "service_unavailable",
      String(RETRY_AFTER_SECONDS),
    ]);
    expect(refused.toBody()).toEqual({
      error: "service_unavailable",
      message: expect.stringContaining(`Retry after ${RETRY_AFTER_SECONDS} s`),
      status: 503,
      details: { retry_after: RETRY_AFTER_SECONDS },
    });
  });

  it("lets one client hold at most half of the queue: another still gets in", async () => {
    const { scheduler, submit } = standIns(0, { ...UNLIMITED, maxQueued: 4 });
    void submit("greedy", "g1");
    void submit("greedy", "g2");
    expect((await refusal(submit("greedy", "g3"))).status).toBe(503);
    void submit("other", "o1");
    expect(scheduler.waiting).toBe(3);
  });
});

describe("LiveScheduler: fairness", () => {
  it("serves the clients in turn, whatever the order they asked in", async () => {
    const { submit, finish, started } = standIns(1, UNLIMITED);
    for (const name of ["a1", "a2", "a3", "a4"]) void submit("a", name);
    void submit("b", "b1");
    void submit("b", "b2");
    void submit("c", "c1");
    expect(started).toEqual(["a1"]);
    for (const name of ["a1", "a2", "b1", "c1", "a3", "b2"]) await finish(name);
    // a1 had started alone; then a, b, c in turn, each client's own answers in the order asked.
    expect(started).toEqual(["a1", "a2", "b1", "c1", "a3", "b2", "a4"]);
  });

  it("keeps at most perClient answers of one client in flight, even with workers free", async () => {
    const { submit, finish, started } = standIns(4, { ...UNLIMITED, perClient: 2 });
    for (const name of ["a1", "a2", "a3"]) void submit("a", name);
    void submit("b", "b1");
    expect(started).toEqual(["a1", "a2", "b1"]);
    await finish("a1");
    expect(started).toEqual(["a1", "a2", "b1", "a3"]);
  });
});

describe("LiveScheduler: the time budget", () => {
  it("answers 503 to an answer still queued, and to one started whose first byte is late; a late answer is dropped", async () => {
    const { submit, finish, abandoned } = standIns(1, { ...UNLIMITED, budgetMs: 30 });
    const running = submit("a", "slow");
    const queued = submit("b", "queued");
    expect((await refusal(running)).code).toBe("service_unavailable");
    expect((await refusal(queued)).code).toBe("service_unavailable");
    await finish("slow"); // its worker answers at last: nobody reads it, so its stream is cancelled
    expect(abandoned).toEqual(["slow"]);
  });

  it("resolves an answer whose first byte comes within the budget", async () => {
    const { submit, finish } = standIns(1, UNLIMITED);
    const answer = submit("a", "quick");
    await finish("quick");
    await expect(answer).resolves.toBe("quick");
  });
});

describe("LiveScheduler: stop", () => {
  it("answers what is left 503 within the grace period, and refuses new answers after it", async () => {
    const { scheduler, submit, finish } = standIns(1, UNLIMITED);
    const running = submit("a", "running");
    const queued = submit("b", "queued");
    scheduler.stop(40);
    await finish("running");
    await expect(running).resolves.toBe("running"); // started before the end of the grace: finished
    // "queued" got the worker once "running" was done, but never answered: 503 before the grace ended.
    expect((await refusal(queued)).status).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await refusal(submit("c", "late"))).status).toBe(503);
  });
});
