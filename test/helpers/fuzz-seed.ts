/**
 * The seed of the property and fuzz tests (fast-check). A seed drawn anew each run searches further
 * every time, but a latent bug it happens on would turn CI red with no change: so CI runs one fixed
 * seed, and local runs draw one. Either way the tests name it in their titles and failure messages, and
 * `FC_SEED=<seed>` replays it.
 */

/** The seed every CI run uses. */
export const CI_FUZZ_SEED = 20_251_123;

/**
 * The seed for this run: `FC_SEED` when set (an integer, else this throws), {@link CI_FUZZ_SEED}
 * when `CI` is set, otherwise `draw()`.
 * @example fuzzSeed({ CI: "true" }) // 20251123
 */
export function fuzzSeed(
  env: NodeJS.ProcessEnv = process.env,
  draw: () => number = () => Math.floor(Math.random() * 2 ** 31),
): number {
  const chosen = env.FC_SEED;
  if (chosen !== undefined && chosen.trim() !== "") {
    const seed = Number(chosen);
    if (!Number.isSafeInteger(seed))
      throw new Error(`FC_SEED must be an integer (the seed a failed run printed), not ${JSON.stringify(chosen)}`);
    return seed;
  }
  return env.CI ? CI_FUZZ_SEED : draw();
}
