/**
 * Box-constrained weighted least squares by cyclic coordinate descent: find x with lo ≤ x ≤ hi that minimises
 * Σ_r w_r (a_r · x − y_r)². Each step sets one coordinate to the minimum of its parabola, clamped to its box, so the
 * objective never rises. The rows are folded once into the normal equations (AᵀWA, AᵀWy), so a step costs one
 * column of a dozen foods rather than every row.
 */

export interface LsqRow {
  coefficients: readonly number[];
  target: number;
  weight: number;
}

export function solveBoxedLeastSquares(rows: readonly LsqRow[], lo: readonly number[], hi: readonly number[], start: readonly number[], sweeps = 200): number[] {
  const n = lo.length;
  const x = start.map((v, i) => Math.min(hi[i], Math.max(lo[i], v)));
  // gram[i][j] = Σ w a_i a_j; gradient[i] = Σ_j gram[i][j] x_j − Σ w a_i y (half the objective's gradient).
  const gram = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const gradient = new Array<number>(n).fill(0);
  for (const r of rows) {
    const a = r.coefficients;
    let ax = 0;
    for (let i = 0; i < n; i++) ax += a[i] * x[i];
    for (let i = 0; i < n; i++) {
      if (a[i] === 0) continue;
      const wa = r.weight * a[i];
      gradient[i] += wa * (ax - r.target);
      const row = gram[i];
      for (let j = 0; j < n; j++) row[j] += wa * a[j];
    }
  }
  for (let sweep = 0; sweep < sweeps; sweep++) {
    let moved = 0;
    for (let i = 0; i < n; i++) {
      const curvature = gram[i][i];
      if (curvature === 0) continue;
      const next = Math.min(hi[i], Math.max(lo[i], x[i] - gradient[i] / curvature));
      const delta = next - x[i];
      if (delta === 0) continue;
      x[i] = next;
      const column = gram[i];
      for (let j = 0; j < n; j++) gradient[j] += column[j] * delta;
      moved = Math.max(moved, Math.abs(delta) / Math.max(1e-9, hi[i] - lo[i]));
    }
    if (moved < 1e-6) break;
  }
  return x;
}
