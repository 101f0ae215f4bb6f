import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TrendPoint } from '#core/body/schemas';
import { weightTrend } from '#core/body/trend';
import { seededRandom, type Random } from '#core/common/random';
import { addDays } from '#core/workouts/dates';
import { completeDays, ENERGY_WINDOW_DAYS, estimateEnergy, KCAL_PER_KG, type EnergyInput, type IntakeDay } from './energy';
import { computeGoals, SAFE_MINIMUM_KCAL, type BodyProfile } from './goals';
import { goalsInputSchema } from './schemas';

const TODAY = '2026-03-29';
const YEAR = 2026;
/** Mifflin–St Jeor × 1.55 for this man at 85 kg: 10 × 85 + 6.25 × 180 − 5 × 36 + 5 = 1800; × 1.55 = 2790 kcal, 190 too many. */
const man: BodyProfile = { sex: 'male', birthYear: 1990, heightCm: 180, weightKg: 85, activityLevel: 'moderate' };

/** A normal draw (Box–Muller) from the seeded stream. */
function gaussian(random: Random): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

interface Synthetic {
  /** What the person really spends a day. */
  expenditure: number;
  /** Mean of what they eat; each day's intake varies by ±intakeSd. */
  intake: number;
  intakeSd: number;
  /** Day-to-day water swing on the scale (kg). */
  weightNoiseKg: number;
  /** Chance that a day is not logged at all, or logged only in part (breakfast only: 30 % of the day). */
  missingDays: number;
  partialDays: number;
  /** Chance of a weigh-in on a day. */
  weighInDays: number;
  startWeightKg: number;
}

/**
 * Four weeks (and today) of someone whose expenditure is known: each day's real intake moves their real weight by
 * (intake − expenditure) / 7,700 kg; the log holds what they entered (nothing, part, or all of it) and the scale adds
 * its water swing.
 */
function syntheticLog(seed: number, s: Synthetic): Pick<EnergyInput, 'intake' | 'weighIns' | 'trendWeightKg'> & { trueSlopeKgPerDay: number } {
  const random = seededRandom(seed);
  const intake: IntakeDay[] = [];
  const weighIns: TrendPoint[] = [];
  let weight = s.startWeightKg;
  for (let i = ENERGY_WINDOW_DAYS; i >= 0; i--) {
    const date = addDays(TODAY, -i);
    if (random() < s.weighInDays) weighIns.push({ date, weightKg: Math.round((weight + s.weightNoiseKg * gaussian(random)) * 10) / 10 });
    if (i === 0) break; // today is not over
    const eaten = Math.max(0, s.intake + s.intakeSd * gaussian(random));
    weight += (eaten - s.expenditure) / KCAL_PER_KG;
    const roll = random();
    if (roll < s.missingDays) continue;
    const logged = roll < s.missingDays + s.partialDays ? eaten * 0.3 : eaten;
    intake.push({ date, calories: Math.round(logged), entries: roll < s.missingDays + s.partialDays ? 1 : 6 });
  }
  return { intake, weighIns, trendWeightKg: weightTrend(weighIns).at(-1)?.weightKg ?? null, trueSlopeKgPerDay: (s.intake - s.expenditure) / KCAL_PER_KG };
}

const base = (log: Pick<EnergyInput, 'intake' | 'weighIns' | 'trendWeightKg'>, extra: Partial<EnergyInput> = {}): EnergyInput => ({
  today: TODAY,
  year: YEAR,
  body: man,
  fitnessGoals: ['lose_weight'],
  targetWeightKg: null,
  ...log,
  ...extra,
});

/** A person losing about half a kilo a week: eats 2,150 a day against 2,600 spent, logs most days, weighs in most mornings. */
const LOSING: Synthetic = {
  expenditure: 2600,
  intake: 2150,
  intakeSd: 350,
  weightNoiseKg: 0.5,
  missingDays: 0.15,
  partialDays: 0.1,
  weighInDays: 0.8,
  startWeightKg: 86,
};

describe('complete days', () => {
  it('leaves out days logged only in part and days not logged, never counting them as zero', () => {
    const days: IntakeDay[] = [
      { date: '2026-03-01', calories: 2200, entries: 5 },
      { date: '2026-03-02', calories: 2000, entries: 4 },
      { date: '2026-03-03', calories: 450, entries: 1 },
      { date: '2026-03-04', calories: 2400, entries: 6 },
      { date: '2026-03-05', calories: 0, entries: 0 },
    ];
    expect(completeDays(days).map((d) => d.date)).toEqual(['2026-03-01', '2026-03-02', '2026-03-04']);
  });
});

describe('estimateEnergy', () => {
  it('finds a known expenditure in a synthetic four-week log (error printed for the record)', () => {
    const errors: number[] = [];
    let formula = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const e = estimateEnergy(base(syntheticLog(seed, LOSING)));
      expect(e.basis).toBe('energy_balance');
      errors.push(e.estimatedExpenditureKcal - LOSING.expenditure);
      formula += e.formulaKcal / 200;
    }
    const abs = errors.map(Math.abs).sort((a, b) => a - b);
    const mean = errors.reduce((a, b) => a + b, 0) / errors.length;
    const mae = abs.reduce((a, b) => a + b, 0) / abs.length;
    const p90 = abs[Math.floor(abs.length * 0.9)];
    console.log(
      `[energy] 200 synthetic 4-week logs, true 2,600 kcal (the formula says ${formula.toFixed(0)}): bias ${mean.toFixed(0)} kcal, mean |error| ${mae.toFixed(0)}, 90th percentile ${p90}, worst ${abs.at(-1)}`,
    );
    expect(Math.abs(mean)).toBeLessThan(60);
    expect(mae).toBeLessThan(150);
    expect(p90).toBeLessThan(250);
  });

  it('does much better than the formula when the formula is off', () => {
    const e = estimateEnergy(base(syntheticLog(7, LOSING)));
    expect(e.formulaKcal).toBe(computeGoals({ ...man, weightKg: e.trendWeightKg }, [], YEAR).tdee);
    expect(Math.abs(e.estimatedExpenditureKcal - 2600)).toBeLessThan(Math.abs(e.formulaKcal - 2600));
    expect(e.balanceShare).toBeGreaterThan(0.5);
    expect(e.weightTrendKgPerWeek).toBeLessThan(-0.2);
    expect(e.averageIntakeKcal).toBeGreaterThan(1900);
  });

  it('says so and falls back to Mifflin–St Jeor × activity while the log is thin', () => {
    const log = syntheticLog(3, LOSING);
    const fewDays = estimateEnergy(base({ ...log, intake: log.intake.slice(-6) }));
    expect(fewDays).toMatchObject({ basis: 'formula', basisReason: 'too_few_days', confidence: 'low', basedOnDays: 0, balanceShare: 0 });
    expect(fewDays.estimatedExpenditureKcal).toBe(fewDays.formulaKcal);

    const fewWeighIns = estimateEnergy(base({ ...log, weighIns: log.weighIns.slice(-4) }));
    expect(fewWeighIns).toMatchObject({ basis: 'formula', basisReason: 'too_few_weigh_ins', confidence: 'low' });

    const empty = estimateEnergy(base({ intake: [], weighIns: [], trendWeightKg: null }));
    expect(empty).toMatchObject({ basis: 'formula', weightTrendKgPerWeek: null, averageIntakeKcal: null, weighIns: 0, loggedDays: 0 });
    expect(empty.formulaKcal).toBe(computeGoals(man, [], YEAR).tdee);
  });

  it('does not believe a log that says the person spends less than at rest', () => {
    // Every day logged at 900 kcal (only snacks entered), weight steady.
    const log = syntheticLog(5, { ...LOSING, expenditure: 2600, intake: 2600, partialDays: 0 });
    const e = estimateEnergy(base({ ...log, intake: log.intake.map((d) => ({ ...d, calories: 900 })) }));
    expect(e).toMatchObject({ basis: 'formula', basisReason: 'implausible_balance' });
    expect(e.balanceKcal).toBeLessThan(1200);
  });

  it('grows surer with more data: high with four full weeks, never more than medium with two', () => {
    const full = estimateEnergy(base(syntheticLog(11, { ...LOSING, missingDays: 0, partialDays: 0, weighInDays: 1 })));
    expect(full.confidence).toBe('high');
    const twoWeeks = syntheticLog(11, { ...LOSING, missingDays: 0, partialDays: 0, weighInDays: 1 });
    const half = estimateEnergy(base({ ...twoWeeks, intake: twoWeeks.intake.slice(-14), weighIns: twoWeeks.weighIns.slice(-15) }));
    expect(half.basis).toBe('energy_balance');
    expect(['medium', 'low']).toContain(half.confidence);
    expect(half.balanceShare).toBeLessThan(full.balanceShare);
  });
});

describe('suggested targets', () => {
  const log = syntheticLog(21, LOSING);

  it('takes 550 kcal a day off for half a kilo a week, and adds for a gain', () => {
    const lose = estimateEnergy(base(log, { goal: { direction: 'lose', rateKgPerWeek: 0.5 } }));
    expect(lose.goal).toMatchObject({ direction: 'lose', rateKgPerWeek: 0.5 });
    expect(lose.suggestedTargets.calories).toBe(Math.round((lose.estimatedExpenditureKcal - 550) / 10) * 10);
    const gain = estimateEnergy(base(log, { goal: { direction: 'gain', rateKgPerWeek: 0.25 } }));
    expect(gain.suggestedTargets.calories).toBe(Math.round((gain.estimatedExpenditureKcal + 275) / 10) * 10);
    const keep = estimateEnergy(base(log, { goal: { direction: 'maintain', rateKgPerWeek: 0.5 } }));
    expect(keep.goal.rateKgPerWeek).toBe(0);
    expect(keep.suggestedTargets.calories).toBe(Math.round(keep.estimatedExpenditureKcal / 10) * 10);
  });

  it('heads for the goal weight when there is one, and says how long it takes', () => {
    const e = estimateEnergy(base(log, { targetWeightKg: 78, fitnessGoals: ['build_muscle'] }));
    expect(e.goal.direction).toBe('lose');
    expect(e.goal.weeksToGoal).toBe(Math.ceil((e.trendWeightKg! - 78) / 0.5));
    const reached = estimateEnergy(base(log, { targetWeightKg: e.trendWeightKg! + 0.3 }));
    expect(reached.goal).toMatchObject({ direction: 'maintain', weeksToGoal: null });
  });

  it('caps a loss at 1 % of body weight a week and a gain at 0.5 kg', () => {
    const fast = estimateEnergy(base(log, { goal: { direction: 'lose', rateKgPerWeek: 1 } }));
    expect(fast.goal.rateKgPerWeek).toBeCloseTo(Math.round(fast.trendWeightKg! * 0.01 * 100) / 100, 2);
    expect(fast.adjustments).toContain('rate_capped');
    const bulk = estimateEnergy(base(log, { goal: { direction: 'gain', rateKgPerWeek: 1 } }));
    expect(bulk.goal.rateKgPerWeek).toBe(0.5);
  });

  it('never goes below the safe floors: calories for the sex, protein 1.6 g/kg of the goal weight', () => {
    const small: BodyProfile = { sex: 'female', birthYear: 1970, heightCm: 155, weightKg: 58, activityLevel: 'sedentary' };
    const e = estimateEnergy(base({ intake: [], weighIns: [], trendWeightKg: null }, { body: small, goal: { direction: 'lose', rateKgPerWeek: 0.5 } }));
    expect(e.suggestedTargets.calories).toBe(SAFE_MINIMUM_KCAL.female);
    expect(e.adjustments).toContain('calorie_floor');
    expect(e.floors).toEqual({ calories: 1200, proteinPerKg: 1.6 });
    expect(e.suggestedTargets.protein).toBeGreaterThanOrEqual(Math.round(1.6 * 58));

    fc.assert(
      fc.property(
        fc.constantFrom('female' as const, 'male' as const, null),
        fc.integer({ min: 40, max: 250 }),
        fc.option(fc.integer({ min: 40, max: 200 }), { nil: null }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (sex, weightKg, targetWeightKg, rate) => {
          const body: BodyProfile = { sex, birthYear: 1980, heightCm: 170, weightKg, activityLevel: 'light' };
          const r = estimateEnergy(base({ intake: [], weighIns: [], trendWeightKg: null }, { body, targetWeightKg, goal: { direction: 'lose', rateKgPerWeek: rate } }));
          const proteinKg = targetWeightKg !== null && targetWeightKg < weightKg ? targetWeightKg : weightKg;
          expect(r.suggestedTargets.calories).toBeGreaterThanOrEqual(Math.min(SAFE_MINIMUM_KCAL[sex ?? 'unknown'], r.estimatedExpenditureKcal) - 5);
          expect(r.suggestedTargets.protein).toBeGreaterThanOrEqual(Math.round(1.6 * proteinKg) - 1);
          for (const k of ['protein', 'carbs', 'fat', 'fibre'] as const) expect(r.suggestedTargets[k]).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it('suggests only targets the goals accept, so applying a suggestion always saves (any body, goal and rate)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('female' as const, 'male' as const, null),
        fc.integer({ min: 30, max: 300 }),
        fc.integer({ min: 100, max: 250 }),
        fc.integer({ min: YEAR - 110, max: YEAR - 13 }),
        fc.constantFrom('sedentary' as const, 'light' as const, 'moderate' as const, 'active' as const, 'very_active' as const),
        fc.constantFrom('lose' as const, 'maintain' as const, 'gain' as const),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (sex, weightKg, heightCm, birthYear, activityLevel, direction, rate) => {
          const body: BodyProfile = { sex, birthYear, heightCm, weightKg, activityLevel };
          const r = estimateEnergy(base({ intake: [], weighIns: [], trendWeightKg: null }, { body, goal: { direction, rateKgPerWeek: rate } }));
          const { fibre: _fibre, ...targets } = r.suggestedTargets;
          expect(goalsInputSchema.safeParse(targets).error?.issues).toBeUndefined();
        },
      ),
    );
  });
});
