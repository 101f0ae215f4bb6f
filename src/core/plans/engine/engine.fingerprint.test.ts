import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '#core/common/schemas';
import { seededRandom } from '#core/common/random';
import type { GenerationProgress } from '../progress';
import { EQUIPMENT, FITNESS_GOALS, FITNESS_LEVELS, FITNESS_PLAN_TYPES, PLAN_DETAILS, PLAN_DURATIONS, type FitnessPlanInput, type PlanDetail } from '../schemas';
import { generatePlan } from './index';

/**
 * The engine's output, pinned. A saved built-in plan is rebuilt from its input and seed (in the other language, for a
 * reader who pays since, for a swap's alternatives), so the engine must give the very same plan for every input and
 * seed it was ever given, byte for byte. Each case below is a plan and its progress events, hashed; the hashes were
 * taken from the engine as it was before any change for speed and are kept in `engine.fingerprints.json`. A change
 * that moves one of them changes saved plans: it needs a new engine version, not a new fixture.
 *
 * `ENGINE_FINGERPRINTS=write` writes the fixture from the engine as it is (only ever for new cases).
 */
const FIXTURE = new URL('./engine.fingerprints.json', import.meta.url);

interface Case {
  input: FitnessPlanInput;
  seed: number;
  locale?: Locale;
  detail?: PlanDetail;
}

/** Every plan type, level, duration and language; every equipment choice; every set of goals; then random inputs. */
function cases(): Case[] {
  const out: Case[] = [];
  const draw = seededRandom(20_260_101);
  const seed = () => Math.floor(draw() * 2 ** 32);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(draw() * list.length)];
  const subset = <T>(list: readonly T[], min: number, max: number): T[] => {
    const shuffled = [...list];
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = Math.floor(draw() * (i + 1));
      [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
    }
    return shuffled.slice(0, min + Math.floor(draw() * (max - min + 1)));
  };
  const equipmentSets: EquipmentList[] = [['none'], ['dumbbells'], ['gym_access'], ['barbell', 'dumbbells'], ['resistance_bands', 'pull_up_bar'], ['kettlebell'], [...EQUIPMENT]];
  const goalSets: GoalList[] = [['general_health'], ['build_muscle', 'increase_strength'], ['lose_weight', 'improve_endurance'], ['improve_flexibility', 'build_muscle', 'lose_weight']];
  let n = 0;
  for (const planType of FITNESS_PLAN_TYPES) {
    for (const fitnessLevel of FITNESS_LEVELS) {
      for (const duration of PLAN_DURATIONS) {
        for (const locale of LOCALES) {
          for (let k = 0; k < 2; k++, n++) {
            out.push({ input: { planType, fitnessLevel, duration, locale, equipment: equipmentSets[n % equipmentSets.length], goals: goalSets[n % goalSets.length] }, seed: seed() });
          }
        }
      }
    }
  }
  for (const fitnessLevel of FITNESS_LEVELS) {
    for (let mask = 1; mask < 1 << EQUIPMENT.length; mask++, n++) {
      const equipment = EQUIPMENT.filter((_, i) => mask & (1 << i));
      out.push({ input: { planType: FITNESS_PLAN_TYPES[n % 6], fitnessLevel, equipment, goals: goalSets[n % goalSets.length], duration: PLAN_DURATIONS[n % 3] }, seed: seed() });
    }
  }
  const goalLists: GoalList[] = [];
  for (let a = 0; a < 6; a++) {
    goalLists.push([FITNESS_GOALS[a]]);
    for (let b = a + 1; b < 6; b++) {
      goalLists.push([FITNESS_GOALS[a], FITNESS_GOALS[b]]);
      for (let c = b + 1; c < 6; c++) goalLists.push([FITNESS_GOALS[c], FITNESS_GOALS[a], FITNESS_GOALS[b]]);
    }
  }
  for (const goals of goalLists) {
    for (const planType of FITNESS_PLAN_TYPES) {
      out.push({ input: { planType, goals, fitnessLevel: FITNESS_LEVELS[n % 3], equipment: equipmentSets[n % equipmentSets.length], duration: PLAN_DURATIONS[n++ % 3] }, seed: seed() });
    }
  }
  // Seeds outside 0…2³²−1 are read as the engine reads them (`>>> 0`).
  for (const odd of [0, 1, 0xffff_ffff, -1, 2 ** 32 + 7, 123.75]) {
    out.push({ input: { planType: 'strength', goals: ['increase_strength'], fitnessLevel: 'advanced', equipment: ['gym_access'], duration: 4 }, seed: odd });
  }
  for (let i = 0; i < 1200; i++) {
    const input: FitnessPlanInput = {
      planType: pick(FITNESS_PLAN_TYPES),
      goals: subset(FITNESS_GOALS, 1, 3),
      fitnessLevel: pick(FITNESS_LEVELS),
      equipment: subset(EQUIPMENT, 1, EQUIPMENT.length),
      duration: pick(PLAN_DURATIONS),
    };
    if (draw() < 0.5) input.locale = pick(LOCALES);
    if (draw() < 0.2) input.planName = `Plan ${i}`;
    out.push({ input, seed: seed(), locale: draw() < 0.3 ? pick(LOCALES) : undefined, detail: draw() < 0.3 ? pick(PLAN_DETAILS) : undefined });
  }
  return out;
}
type EquipmentList = FitnessPlanInput['equipment'];
type GoalList = FitnessPlanInput['goals'];

/** The plan as JSON and every progress event, hashed (12 bytes of SHA-256 are plenty to tell two plans apart). */
function fingerprint({ input, seed, locale, detail }: Case): string {
  const events: GenerationProgress[] = [];
  const plan = generatePlan(input, { seed, locale, detail, onProgress: (e) => events.push(e) });
  return createHash('sha256').update(JSON.stringify(plan)).update(JSON.stringify(events)).digest('base64url').slice(0, 16);
}

describe('the engine, pinned', () => {
  it('gives exactly the plans it gave before, for every case', { timeout: 120_000 }, () => {
    const all = cases();
    const prints = all.map(fingerprint);
    if (process.env.ENGINE_FINGERPRINTS === 'write') fs.writeFileSync(FIXTURE, `${JSON.stringify(prints, null, 2)}\n`);
    const pinned: string[] = JSON.parse(fs.readFileSync(FIXTURE, 'utf8'));
    expect(pinned).toHaveLength(all.length);
    const changed = all.flatMap((c, i) => (prints[i] === pinned[i] ? [] : [`case ${i}: ${JSON.stringify(c)}`]));
    expect(changed.slice(0, 10), `${changed.length} of ${all.length} plans changed`).toEqual([]);
  });
});
