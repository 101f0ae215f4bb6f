/**
 * Box-constrained weighted least squares by cyclic coordinate descent: find x with lo ≤ x ≤ hi that minimises
 * Σ_r w_r (a_r · x − y_r)². Each step sets one coordinate to the minimum of its parabola, clamped to its box, so the
 * objective never rises; on the convex problems here (a dozen foods, a few dozen rows) it settles in well under a
 * hundred sweeps.
 */

export interface LsqRow {
  coefficients: readonly number[];
  target: number;
  weight: number;
}

export function solveBoxedLeastSquares(rows: readonly LsqRow[], lo: readonly number[], hi: readonly number[], start: readonly number[], sweeps = 200): number[] {
  const n = lo.length;
  const x = start.map((v, i) => Math.min(hi[i], Math.max(lo[i], v)));
  const residual = rows.map((r) => r.coefficients.reduce((s, a, i) => s + a * x[i], 0) - r.target);
  const curvature = Array.from({ length: n }, (_, i) => rows.reduce((s, r) => s + r.weight * r.coefficients[i] ** 2, 0));
  for (let sweep = 0; sweep < sweeps; sweep++) {
    let moved = 0;
    for (let i = 0; i < n; i++) {
      if (curvature[i] === 0) continue;
      let slope = 0;
      for (let k = 0; k < rows.length; k++) slope += rows[k].weight * rows[k].coefficients[i] * residual[k];
      const next = Math.min(hi[i], Math.max(lo[i], x[i] - slope / curvature[i]));
      const delta = next - x[i];
      if (delta === 0) continue;
      x[i] = next;
      for (let k = 0; k < rows.length; k++) residual[k] += rows[k].coefficients[i] * delta;
      moved = Math.max(moved, Math.abs(delta) / Math.max(1e-9, hi[i] - lo[i]));
    }
    if (moved < 1e-6) break;
  }
  return x;
}
