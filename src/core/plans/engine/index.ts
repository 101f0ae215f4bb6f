import type { Locale } from '#core/common/schemas';
import { exerciseById, type Exercise, type Muscle } from '../exercises';
import type { ProgressListener } from '../progress';
import { planAtDetail } from '../detail';
import type { FitnessGoal, FitnessLevel, GenerateOptions, FitnessPlan, FitnessPlanDay, FitnessPlanInput, FitnessPlanWeek, Prescription } from '../schemas';
import { DAY_NOTES, FOCUS_TEXT, ITEM_NOTES, PATTERN_LABELS, SAFETY_NOTES, SESSION_TITLES, planSummary, planTitle, weekFocus, type Localized } from '../text';
import { VOLUME_BOUNDS, countsAsHardSets, dayMinutes } from '../volume';
import { CIRCUIT_SIZE, EMPHASIS, cardioDose, easyCardioDose, finisherDose, mobilityDose, strengthDose, weekContext, type Emphasis, type WeekContext } from './prescribe';
import { childSeed, seededRandom } from '#core/common/random';
import { pickCardio, pickForSlot, pickMobility, preparedPool, type Picker } from './select';
import {
  CARDIO_MODES,
  EXTRA_ACCESSORY,
  FINISHER_SLOT,
  POWER_SLOT,
  SESSION_MIX,
  TRAINING_DAYS,
  WEEK_LAYOUT,
  splitFor,
  strengthSessions,
  type CardioMode,
  type Role,
  type SessionTemplate,
  type Slot,
} from './templates';

export { TRAINING_DAYS, WEEK_LAYOUT, SESSION_MIX, splitFor } from './templates';
export { exercisePool } from './select';

export interface EngineOptions extends GenerateOptions {
  /** Told of each stage as it happens; the engine stays pure otherwise. */
  onProgress?: ProgressListener;
}

interface PlannedItem {
  role: Role;
  exercise: Exercise;
}

interface StrengthDesign {
  template: SessionTemplate;
  items: PlannedItem[];
  warmUp: Exercise[];
  coolDown: Exercise[];
  /** The day's title and focus line in the plan's language: the same in every week of the block. */
  title: string;
  focus: string;
  /** Where the main lift is among the items (-1: none). */
  main: number;
}

interface CardioDesign {
  mode: CardioMode;
  exercises: Exercise[];
  warmUp: Exercise[];
  coolDown: Exercise[];
}

interface BlockDesign {
  strength: StrengthDesign[];
  cardio: CardioDesign[];
  /** Mobility for each active-recovery day of the week, in order. */
  recovery: Exercise[][];
}

const LEVEL_INDEX: Record<FitnessLevel, number> = { beginner: 0, intermediate: 1, advanced: 2 };

/**
 * Builds a periodised plan from a validated input. Pure: the same input, seed and options always give the same plan,
 * and the locale and detail change only the text and how much is shown, never which exercises are chosen.
 */
export function generatePlan(input: FitnessPlanInput, options: EngineOptions): FitnessPlan {
  const locale: Locale = options.locale ?? input.locale ?? 'en';
  const seed = options.seed >>> 0;
  const level = input.fitnessLevel;
  const goals = input.goals;
  const report = options.onProgress ?? (() => {});
  const totalWeeks = input.duration;

  report({ stage: 'analysing_input', totalWeeks });
  const trainingDays = TRAINING_DAYS[level];
  const mix = SESSION_MIX[input.planType][trainingDays];
  const strengthCount = [...mix].filter((c) => c === 'S').length;
  const cardioCount = mix.length - strengthCount;
  const split = splitFor(strengthCount);
  const templates = strengthSessions(split, strengthCount);
  const emphasis = EMPHASIS[input.planType];
  const prepared = preparedPool(input.equipment, level);
  const ownsEquipment = input.equipment.some((e) => e !== 'none');
  const easy = prepared.easy;
  const layout = WEEK_LAYOUT[trainingDays];
  const recoveryDays = layout.filter((s) => s === 'active_recovery').length;
  const flexibility = goals.includes('improve_flexibility');
  const finisher = input.planType === 'weight_loss' || goals.includes('lose_weight') || goals.includes('improve_endurance');
  const extraAccessory = goals.includes('build_muscle') && emphasis !== 'hypertrophy' && level !== 'beginner';

  report({ stage: 'choosing_exercises', totalWeeks });
  const blocks: BlockDesign[] = [];
  const mains = new Map<number, Exercise>();
  for (let b = 0; b < totalWeeks / 4; b++) {
    const picker: Picker = { prepared, level, emphasis, ownsEquipment, random: seededRandom(childSeed(seed, b + 1)) };
    const inWeek = new Set<string>();
    const strength = templates.map((template, s) => {
      const slots = sessionSlots(template, s, { level, emphasis, finisher, extraAccessory });
      const items: PlannedItem[] = [];
      const inSession = new Set<string>();
      for (const slot of slots) {
        // Main lifts stay the same across blocks so their loads can keep climbing; the rest rotate.
        const kept = slot.role === 'main' ? mains.get(s) : undefined;
        const exercise = kept ?? pickForSlot(picker, slot, inSession, inWeek);
        if (!exercise) continue;
        if (slot.role === 'main') mains.set(s, exercise);
        items.push({ role: slot.role, exercise });
        inSession.add(exercise.id);
        inWeek.add(exercise.id);
      }
      const muscles = new Set<Muscle>(items.flatMap((i) => i.exercise.primaryMuscles));
      const warmUp = pickMobility(picker, level === 'beginner' ? 2 : 3, muscles, new Set());
      const coolDown = pickMobility(picker, (level === 'beginner' ? 2 : 3) + (flexibility ? 2 : 0), muscles, new Set(warmUp.map((e) => e.id)));
      const main = items.findIndex((i) => i.role === 'main');
      return { template, items, warmUp, coolDown, title: SESSION_TITLES[template.title][locale], focus: strengthFocus(items, locale), main };
    });
    const modes = CARDIO_MODES[input.planType];
    const cardio = Array.from({ length: cardioCount }, (_, c): CardioDesign => {
      const mode = modes[(c + b) % modes.length];
      const exercises = cardioExercises(picker, mode, level);
      const muscles = new Set<Muscle>(exercises.flatMap((e) => e.primaryMuscles));
      const warmUp = pickMobility(picker, 2, muscles, new Set());
      const coolDown = pickMobility(picker, 2 + (flexibility ? 2 : 0), muscles, new Set(warmUp.map((e) => e.id)));
      return { mode, exercises, warmUp, coolDown };
    });
    const recovery = Array.from({ length: recoveryDays }, () => pickMobility(picker, 3 + (flexibility ? 2 : 0), new Set(), new Set()));
    blocks.push({ strength, cardio, recovery });
  }

  const text = (l: Localized) => l[locale];
  const weeks: FitnessPlanWeek[] = [];
  for (let n = 1; n <= totalWeeks; n++) {
    report({ stage: 'building_week', week: n, totalWeeks });
    const week = weekContext(n);
    const block = blocks[week.block];
    let s = 0;
    let c = 0;
    let r = 0;
    let t = 0;
    const mainLifts = new Set<Prescription>();
    const days: FitnessPlanDay[] = layout.map((slot, i) => {
      const dayNumber = i + 1;
      if (slot === 'rest') return restDay(dayNumber, text);
      if (slot === 'active_recovery') return recoveryDay(dayNumber, block.recovery[r++], easy, level, locale);
      const kind = mix[t++];
      if (kind === 'C') return cardioDay(dayNumber, block.cardio[c++], { week, level, goals, easy, locale });
      const design = block.strength[s++];
      const day = strengthDay(dayNumber, design, { week, level, goals, emphasis, easy, locale });
      if (design.main >= 0) mainLifts.add(day.exercises[design.main]);
      return day;
    });
    trimVolume(days, VOLUME_BOUNDS[level].maxWeeklySetsPerMuscle, mainLifts);
    for (const day of days) {
      if (day.type === 'strength' || day.type === 'cardio') fitSession(day, VOLUME_BOUNDS[level].sessionMinutes.max, mainLifts);
      day.estimatedMinutes = dayMinutes(day);
    }
    weeks.push({ weekNumber: n, deload: week.deload, detailed: true, focus: text(weekFocus(week.block, week.weekInBlock)), days });
  }

  report({ stage: 'checking', totalWeeks });
  const used = blocks.flatMap((b) => [...b.strength.flatMap((d) => d.items.map((i) => i.exercise)), ...b.cardio.flatMap((d) => d.exercises)]);
  const plan: FitnessPlan = {
    schemaVersion: 1,
    title: input.planName ?? text(planTitle(input.planType, level, totalWeeks)),
    summary: text(planSummary({ trainingDays, split, goals, equipment: input.equipment })),
    locale,
    planType: input.planType,
    goals: [...goals],
    fitnessLevel: level,
    equipment: [...input.equipment],
    durationWeeks: input.duration,
    detail: 'full',
    seed,
    split,
    trainingDaysPerWeek: trainingDays,
    safetyNotes: safetyNotes(level, used).map(text),
    weeks,
  };
  report({ stage: 'done', totalWeeks });
  return planAtDetail(plan, options.detail ?? 'full');
}

function sessionSlots(template: SessionTemplate, index: number, opts: { level: FitnessLevel; emphasis: Emphasis; finisher: boolean; extraAccessory: boolean }): Slot[] {
  const rank = LEVEL_INDEX[opts.level];
  const slots = template.slots.filter((s) => !s.minLevel || LEVEL_INDEX[s.minLevel] <= rank);
  if (opts.emphasis === 'power') slots.unshift(POWER_SLOT);
  if (opts.extraAccessory) {
    const lower = /^(lower|legs)/i.test(template.title) || (template.title.startsWith('fullBody') && index % 2 === 1);
    const coreAt = slots.findIndex((s) => s.role === 'core');
    slots.splice(coreAt < 0 ? slots.length : coreAt, 0, EXTRA_ACCESSORY[lower ? 'lower' : 'upper']);
  }
  if (opts.finisher) slots.push(FINISHER_SLOT);
  return slots;
}

function cardioExercises(picker: Picker, mode: CardioMode, level: FitnessLevel): Exercise[] {
  if (mode !== 'circuit') {
    const exercise = pickCardio(picker, mode);
    return exercise ? [exercise] : [];
  }
  // A circuit mixes cardio drills and (above beginner level) jumps; bodyweight strength fills a short list.
  const kinds = level === 'beginner' ? (['cardio'] as const) : (['cardio', 'plyometric'] as const);
  const drills: Slot = { role: 'finisher', patterns: ['locomotion', 'jump'], kinds };
  const fill: Slot = { role: 'secondary', patterns: ['squat', 'lunge', 'horizontal_push', 'core'], kinds: ['strength'] };
  const chosen: Exercise[] = [];
  const taken = new Set<string>();
  for (let i = 0; i < CIRCUIT_SIZE[LEVEL_INDEX[level]]; i++) {
    const exercise = pickForSlot(picker, drills, taken, taken) ?? pickForSlot(picker, fill, taken, taken);
    if (!exercise) break;
    chosen.push(exercise);
    taken.add(exercise.id);
  }
  return chosen;
}

function item(exercise: Exercise, dosed: Omit<Prescription, 'exerciseId' | 'name' | 'notes'>, locale: Locale, note: Localized | null = null): Prescription {
  return { exerciseId: exercise.id, name: exercise.name[locale], ...dosed, notes: note ? note[locale] : null };
}

function warmUpItems(easy: Exercise | undefined, minutes: number, mobility: Exercise[], locale: Locale): Prescription[] {
  const items = mobility.map((e) => item(e, mobilityDose(e, 30), locale));
  return easy ? [item(easy, easyCardioDose(easy, minutes), locale, ITEM_NOTES.easyCardio), ...items] : items;
}

interface DayContext {
  week: WeekContext;
  level: FitnessLevel;
  goals: readonly FitnessGoal[];
  easy: Exercise | undefined;
  locale: Locale;
}

/** A lifting day's focus line: power first, then the first five movement patterns, then conditioning. */
function strengthFocus(items: readonly PlannedItem[], locale: Locale): string {
  const patterns = [...new Set(items.filter((i) => i.role !== 'finisher' && i.role !== 'power').map((i) => i.exercise.pattern))];
  const focus = [
    ...(items.some((i) => i.role === 'power') ? [FOCUS_TEXT.power] : []),
    ...patterns.slice(0, 5).map((p) => PATTERN_LABELS[p]),
    ...(items.some((i) => i.role === 'finisher') ? [FOCUS_TEXT.conditioning] : []),
  ];
  return focus.map((f) => f[locale]).join(' · ');
}

function strengthDay(dayNumber: number, design: StrengthDesign, ctx: DayContext & { emphasis: Emphasis }): FitnessPlanDay {
  const { week, level, goals, emphasis, locale } = ctx;
  const exercises = design.items.map(({ role, exercise }) => {
    if (role === 'finisher') return item(exercise, finisherDose(level, exercise, week), locale, ITEM_NOTES.finisher);
    const note = role === 'power' ? ITEM_NOTES.power : role === 'main' && level !== 'beginner' && !week.deload ? ITEM_NOTES.rampUp : null;
    return item(exercise, strengthDose({ emphasis, role, level, goals, exercise, week }), locale, note);
  });
  return {
    dayNumber,
    type: 'strength',
    title: design.title,
    focus: design.focus,
    estimatedMinutes: 0,
    warmUp: warmUpItems(ctx.easy, 5, design.warmUp, locale),
    exercises,
    coolDown: design.coolDown.map((e) => item(e, mobilityDose(e, 40), locale)),
    notes: (week.deload ? DAY_NOTES.deload : DAY_NOTES.strength)[locale],
  };
}

function cardioDay(dayNumber: number, design: CardioDesign, ctx: DayContext): FitnessPlanDay {
  const { week, level, goals, locale } = ctx;
  const exercises = design.exercises.map((e) => item(e, cardioDose(design.mode, level, goals, e, week), locale, design.mode === 'circuit' ? ITEM_NOTES.circuit : null));
  // Hard work needs a longer easy start.
  const warmMinutes = design.mode === 'intervals' || design.mode === 'circuit' ? 8 : 5;
  return {
    dayNumber,
    type: 'cardio',
    title: SESSION_TITLES[design.mode][locale],
    focus: FOCUS_TEXT[design.mode][locale],
    estimatedMinutes: 0,
    warmUp: warmUpItems(ctx.easy, warmMinutes, design.warmUp, locale),
    exercises,
    coolDown: design.coolDown.map((e) => item(e, mobilityDose(e, 40), locale)),
    notes: (week.deload ? DAY_NOTES.deload : DAY_NOTES[design.mode])[locale],
  };
}

function recoveryDay(dayNumber: number, mobility: Exercise[], easy: Exercise | undefined, level: FitnessLevel, locale: Locale): FitnessPlanDay {
  const minutes = level === 'beginner' ? 15 : 20;
  const exercises = [...(easy ? [item(easy, easyCardioDose(easy, minutes), locale)] : []), ...mobility.map((e) => item(e, mobilityDose(e, 45), locale))];
  return {
    dayNumber,
    type: 'active_recovery',
    title: SESSION_TITLES.activeRecovery[locale],
    focus: FOCUS_TEXT.activeRecovery[locale],
    estimatedMinutes: 0,
    warmUp: [],
    exercises,
    coolDown: [],
    notes: DAY_NOTES.activeRecovery[locale],
  };
}

function restDay(dayNumber: number, text: (l: Localized) => string): FitnessPlanDay {
  return {
    dayNumber,
    type: 'rest',
    title: text(SESSION_TITLES.rest),
    focus: text(FOCUS_TEXT.rest),
    estimatedMinutes: 0,
    warmUp: [],
    exercises: [],
    coolDown: [],
    notes: text(DAY_NOTES.rest),
  };
}

/** Each muscle's place in the arrays of `trimVolume`, given as each is first met. */
const MUSCLE_INDEX = new Map<Muscle, number>();
const hardSetCache = new Map<string, readonly number[]>();
/** countsAsHardSets as indices into MUSCLE_INDEX. */
function hardSetIndices(exerciseId: string): readonly number[] {
  let found = hardSetCache.get(exerciseId);
  if (!found) {
    found = countsAsHardSets(exerciseId).map((m) => {
      let i = MUSCLE_INDEX.get(m);
      if (i === undefined) MUSCLE_INDEX.set(m, (i = MUSCLE_INDEX.size));
      return i;
    });
    if (exerciseById(exerciseId)) hardSetCache.set(exerciseId, found);
  }
  return found;
}

/**
 * Keeps every muscle under the level's weekly ceiling. Compound lifts list two or three primary muscles, so a
 * template that is sensible per session can add up too high over a week; sets come off accessory and secondary work
 * first (the largest first), and the main lifts are touched last. The muscle worked on is the first one over the
 * ceiling in the order the week's exercises name them (as `weeklySetsPerMuscle` lists them).
 */
function trimVolume(days: FitnessPlanDay[], max: number, mainLifts: ReadonlySet<Prescription>): void {
  const totals: number[] = [];
  const firstSeen: number[] = [];
  const order: number[] = [];
  for (let round = 1; ; round++) {
    order.length = 0;
    for (const day of days) {
      for (const p of day.exercises) {
        for (const m of hardSetIndices(p.exerciseId)) {
          if (firstSeen[m] !== round) {
            firstSeen[m] = round;
            totals[m] = 0;
            order.push(m);
          }
          totals[m] += p.sets;
        }
      }
    }
    const over = order.find((m) => totals[m] > max);
    if (over === undefined) return;
    let best: { day: FitnessPlanDay; index: number; score: number } | undefined;
    for (const day of days) {
      day.exercises.forEach((p, index) => {
        if (!hardSetIndices(p.exerciseId).includes(over)) return;
        const score = (mainLifts.has(p) ? 0 : 1000) + p.sets * 10 + index;
        if (!best || score > best.score) best = { day, index, score };
      });
    }
    if (!best) return;
    const { day, index } = best;
    const p = day.exercises[index];
    if (p.sets > 1) p.sets -= 1;
    else if (day.exercises.length > 1) day.exercises.splice(index, 1);
    else return;
  }
}

/**
 * Keeps a session under the level's longest. Goals add work (an extra accessory, a finisher, longer stretching), and
 * together with a build week they can run a few minutes over; sets come off the biggest non-main exercise first, the later one on a tie.
 */
function fitSession(day: FitnessPlanDay, maxMinutes: number, mainLifts: ReadonlySet<Prescription>): void {
  while (dayMinutes(day) > maxMinutes) {
    let index = -1;
    day.exercises.forEach((p, i) => {
      if (!mainLifts.has(p) && p.sets > 1 && (index < 0 || p.sets >= day.exercises[index].sets)) index = i;
    });
    if (index >= 0) {
      day.exercises[index].sets -= 1;
      continue;
    }
    const first = day.exercises[0];
    if (first.sets > 1) first.sets -= 1;
    else if (first.durationSeconds !== null && first.durationSeconds > 300) first.durationSeconds -= 60;
    else return;
  }
}

function safetyNotes(level: FitnessLevel, used: readonly Exercise[]): Localized[] {
  const notes: Localized[] = [];
  if (level === 'beginner') notes.push(SAFETY_NOTES.doctor, SAFETY_NOTES.formFirst, SAFETY_NOTES.progressSlowly, SAFETY_NOTES.warningSigns);
  notes.push(SAFETY_NOTES.warmUp, SAFETY_NOTES.rpe, SAFETY_NOTES.deload);
  const needs = (item: Exercise['requires'][number]) => used.some((e) => e.requires.includes(item));
  if (needs('barbell')) notes.push(SAFETY_NOTES.barbell);
  if (needs('pull_up_bar')) notes.push(SAFETY_NOTES.pullUpBar);
  if (needs('kettlebell')) notes.push(SAFETY_NOTES.kettlebell);
  if (needs('resistance_bands')) notes.push(SAFETY_NOTES.bands);
  if (used.some((e) => e.kind === 'plyometric')) notes.push(SAFETY_NOTES.jumps);
  if (level === 'beginner') notes.push(SAFETY_NOTES.easyCardio);
  return notes;
}
