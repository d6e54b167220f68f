import { describe, expect, it } from "vitest";
import { CI_FUZZ_SEED, fuzzSeed } from "./fuzz-seed.ts";

describe("fuzzSeed", () => {
  const draw = () => 77;

  it.each([
    ["draws a new seed outside CI", {}, 77],
    ["uses the fixed seed under CI", { CI: "true" }, CI_FUZZ_SEED],
    ["replays FC_SEED outside CI", { FC_SEED: "123" }, 123],
    ["replays FC_SEED under CI too", { CI: "1", FC_SEED: "-5" }, -5],
    ["takes FC_SEED=0 as a seed", { FC_SEED: "0" }, 0],
    ["treats an empty FC_SEED as unset", { FC_SEED: " ", CI: "1" }, CI_FUZZ_SEED],
    ["treats an empty CI as unset", { CI: "" }, 77],
  ] as const)("%s", (_title, env, expected) => {
    expect(fuzzSeed(env, draw)).toBe(expected);
  });

  it.each(["abc", "1.5", "1e400", "9007199254740993"])("refuses FC_SEED=%s with a message naming it", (value) => {
    expect(() => fuzzSeed({ FC_SEED: value }, draw)).toThrow(
      `FC_SEED must be an integer (the seed a failed run printed), not "${value}"`,
    );
  });

  it("draws with Math.random by default: an integer in [0, 2^31)", () => {
    const seed = fuzzSeed({});
    expect(Number.isInteger(seed) && seed >= 0 && seed < 2 ** 31).toBe(true);
  });
});
