/**
 * Seeded pseudo-random numbers for the sample generator.
 *
 * The committed sample must be byte-identical on every run, so nothing in the generator
 * touches Math.random: every stream is sfc32 seeded from a string label through cyrb128.
 * Each resource family forks its own stream by label, so changing how one family draws
 * numbers never shifts the numbers another family sees.
 * @module
 */

/** Hashes a string into four 32-bit words (cyrb128), so that any label gives a well-mixed sfc32 state. */
function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** A seeded random stream (sfc32) with the sampling helpers the generators need. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  /** Creates a stream from a string label; equal labels give equal streams. */
  constructor(readonly seed: string) {
    [this.a, this.b, this.c, this.d] = cyrb128(seed);
    // The first outputs of sfc32 are still correlated with the seed words: discard them.
    for (let i = 0; i < 15; i++) this.next();
  }

  /** An independent stream derived from this stream's seed and a label. */
  fork(label: string): Rng {
    return new Rng(`${this.seed}/${label}`);
  }

  /** A uniform float in [0, 1). */
  next(): number {
    const t0 = (this.a + this.b) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.d = (this.d + 1) | 0;
    const t = (t0 + this.d) | 0;
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** A uniform float in [min, max). */
  float(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** A uniform integer in [min, max], both ends included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element, uniformly. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** An index drawn with probability proportional to its weight (linear scan; for short lists). */
  weightedIndex(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    let r = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i] as number;
      if (r < 0) return i;
    }
    return weights.length - 1;
  }

  /** One element of `[value, weight]` pairs, drawn by weight. */
  weighted<T>(choices: readonly (readonly [T, number])[]): T {
    const index = this.weightedIndex(choices.map((c) => c[1]));
    return (choices[index] as readonly [T, number])[0];
  }

  /** A standard normal deviate (Box–Muller), scaled to the given mean and deviation. */
  normal(mean = 0, sd = 1): number {
    const u = 1 - this.next();
    const v = this.next();
    return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** A log-normal value with the given median; sigma is the deviation of its logarithm. */
  logNormal(median: number, sigma: number): number {
    return median * Math.exp(this.normal(0, sigma));
  }

  /** A Pareto value ≥ xm: the heavy tail behind the power-law sizes of brands and providers. */
  pareto(xm: number, alpha: number): number {
    return xm / Math.pow(1 - this.next(), 1 / alpha);
  }

  /** An integer in [min, max] with P(k) roughly ∝ k^-alpha (truncated continuous power law). */
  powerLawInt(min: number, max: number, alpha: number): number {
    const e = 1 - alpha;
    const lo = Math.pow(min, e);
    const hi = Math.pow(max + 1, e);
    const x = Math.pow(lo + this.next() * (hi - lo), 1 / e);
    return Math.min(max, Math.max(min, Math.floor(x)));
  }

  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const tmp = out[i] as T;
      out[i] = out[j] as T;
      out[j] = tmp;
    }
    return out;
  }

  /** k distinct elements, uniformly, in draw order (partial Fisher–Yates). */
  sample<T>(items: readonly T[], k: number): T[] {
    const pool = items.slice();
    const n = Math.min(k, pool.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.next() * (pool.length - i));
      const tmp = pool[i] as T;
      pool[i] = pool[j] as T;
      pool[j] = tmp;
    }
    return pool.slice(0, n);
  }

  /**
   * k distinct elements drawn by weight, without replacement (Efraimidis–Spirakis keys),
   * in order of decreasing key, so heavier elements tend to come first.
   */
  weightedSample<T>(items: readonly T[], weights: readonly number[], k: number): T[] {
    const keyed = items.map((item, i) => ({ item, key: Math.log(1 - this.next()) / Math.max(weights[i] ?? 0, 1e-12) }));
    keyed.sort((x, y) => y.key - x.key);
    return keyed.slice(0, Math.min(k, keyed.length)).map((x) => x.item);
  }
}

/** Repeated draws by weight from a fixed list, in O(log n) each (binary search on cumulative weights). */
export class WeightedTable<T> {
  private readonly cumulative: number[] = [];
  private readonly total: number;

  constructor(
    private readonly items: readonly T[],
    weights: readonly number[],
  ) {
    let sum = 0;
    for (const w of weights) {
      sum += Math.max(0, w);
      this.cumulative.push(sum);
    }
    this.total = sum;
  }

  /** One element drawn by weight. */
  draw(rng: Rng): T {
    const r = rng.next() * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.cumulative[mid] as number) > r) hi = mid;
      else lo = mid + 1;
    }
    return this.items[lo] as T;
  }
}

/** Rounds to a fixed number of decimals, so float noise never reaches the output bytes. */
export function round(value: number, decimals = 0): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

/** Clamps a number into [min, max]. */
export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
