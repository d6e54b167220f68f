/**
 * Pearson's correlation coefficient, for calibrating the demand index against revenue.
 * @module
 */

/**
 * Pearson's r of two equally long series: covariance / (σx · σy), unrounded.
 * Undefined (null) with fewer than 3 points or when either series is constant.
 * @example pearson([1, 2, 3], [2, 4, 7]) // 0.9934…
 */
export function pearson(xs: readonly number[], ys: readonly number[]): number | null {
  const n = xs.length;
  if (n !== ys.length || n < 3) return null;
  const meanX = xs.reduce((sum, x) => sum + x, 0) / n;
  const meanY = ys.reduce((sum, y) => sum + y, 0) / n;
  let covariance = 0;
  let varianceX = 0;
  let varianceY = 0;
  for (let i = 0; i < n; i += 1) {
    const dx = (xs[i] as number) - meanX;
    const dy = (ys[i] as number) - meanY;
    covariance += dx * dy;
    varianceX += dx * dx;
    varianceY += dy * dy;
  }
  if (varianceX === 0 || varianceY === 0) return null;
  return covariance / Math.sqrt(varianceX * varianceY);
}
