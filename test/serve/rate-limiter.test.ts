import { describe, expect, it } from "vitest";
import { createRateLimiter } from "../../build/serve/rate-limiter.ts";
import { RATE_WINDOW_MS } from "../../build/shared/host-errors.ts";

/** A limiter on a hand-moved clock. */
function limiterAt(limit: number) {
  const clock = { now: 1_000_000 };
  const limiter = createRateLimiter(limit, () => clock.now);
  if (limiter === undefined) throw new Error("expected a limiter");
  return { limiter, advance: (ms: number) => (clock.now += ms) };
}

describe("createRateLimiter", () => {
  it.each([[0], [-1]])("is off (undefined) for a limit of %d", (limit) => {
    expect(createRateLimiter(limit)).toBeUndefined();
  });

  it("lets the limit-th request pass and refuses the next, with remaining and reset", () => {
    const { limiter } = limiterAt(3);
    expect([1, 2, 3].map(() => limiter.check("a"))).toEqual([
      { allowed: true, limit: 3, remaining: 2, reset: 60 },
      { allowed: true, limit: 3, remaining: 1, reset: 60 },
      { allowed: true, limit: 3, remaining: 0, reset: 60 },
    ]);
    expect(limiter.check("a")).toEqual({ allowed: false, limit: 3, remaining: 0, reset: 60 });
  });

  it("rolls: a slot frees exactly 60 s after the request that took it", () => {
    const { limiter, advance } = limiterAt(3);
    limiter.check("a"); // t = 0
    advance(20_000);
    limiter.check("a"); // t = 20 s
    advance(20_000);
    limiter.check("a"); // t = 40 s
    advance(10_000); // t = 50 s: the first slot frees at 60 s
    expect(limiter.check("a")).toEqual({ allowed: false, limit: 3, remaining: 0, reset: 10 });
    advance(9_999); // t = 59.999 s
    expect(limiter.check("a").allowed).toBe(false);
    advance(1); // t = 60 s: the request of t = 0 leaves the window
    // allowed; the oldest left is the one of t = 20 s, which leaves at 80 s: reset 20
    expect(limiter.check("a")).toEqual({ allowed: true, limit: 3, remaining: 0, reset: 20 });
  });

  it("does not count refused requests: a client that keeps retrying is let in when the window rolls", () => {
    const { limiter, advance } = limiterAt(1);
    limiter.check("a");
    for (let i = 0; i < 50; i += 1) {
      advance(1_000);
      limiter.check("a");
    }
    advance(RATE_WINDOW_MS - 50_000);
    expect(limiter.check("a").allowed).toBe(true);
  });

  it("counts each key separately", () => {
    const { limiter } = limiterAt(1);
    expect(limiter.check("dataset|1.2.3.4").allowed).toBe(true);
    expect(limiter.check("dataset|1.2.3.4").allowed).toBe(false);
    expect(limiter.check("resumes|1.2.3.4").allowed).toBe(true);
    expect(limiter.check("dataset|5.6.7.8").allowed).toBe(true);
  });

  it("peek shows the state without spending a request", () => {
    const { limiter } = limiterAt(2);
    expect(limiter.peek("a")).toEqual({ allowed: true, limit: 2, remaining: 2, reset: 60 });
    limiter.check("a");
    expect(limiter.peek("a")).toEqual({ allowed: true, limit: 2, remaining: 1, reset: 60 });
    expect(limiter.peek("a")).toEqual({ allowed: true, limit: 2, remaining: 1, reset: 60 });
    limiter.check("a");
    expect(limiter.peek("a")).toMatchObject({ allowed: false, remaining: 0 });
  });

  it("never reports a reset below 1 second", () => {
    const { limiter, advance } = limiterAt(1);
    limiter.check("a");
    advance(RATE_WINDOW_MS - 1);
    expect(limiter.check("a")).toEqual({ allowed: false, limit: 1, remaining: 0, reset: 1 });
  });

  it("forgets idle clients over time without losing active ones", () => {
    const { limiter, advance } = limiterAt(1);
    limiter.check("active");
    for (let i = 0; i < 10_000; i += 1) limiter.check(`idle-${i}`);
    advance(1_000);
    // The sweep runs every 10,000 checks; an active client inside the window is still limited.
    expect(limiter.check("active").allowed).toBe(false);
  });
});
