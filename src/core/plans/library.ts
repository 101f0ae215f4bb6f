import type { Locale } from '#core/common/schemas';
import { SESSION_MIX, TRAINING_DAYS, generatePlan, splitFor } from './engine';
import type { EquipmentChoice, FitnessGoal, FitnessLevel, FitnessPlan, PlanDetail, PlanDuration, PlanSplit, FitnessPlanType } from './schemas';
import type { Localized } from './text';

/**
 * A curated plan: fixed inputs and seed run through the engine, with a hand-written title and description. Built on
 * demand, so a plan always reflects the current engine and exercise library, and ids are stable UUIDs because users
 * save copies and the API addresses them by id.
 */
export interface LibraryEntry {
  id: string;
  slug: string;
  title: Localized;
  description: Localized;
  planType: FitnessPlanType;
  fitnessLevel: FitnessLevel;
  goals: readonly FitnessGoal[];
  equipment: readonly EquipmentChoice[];
  duration: PlanDuration;
  seed: number;
}

const entry = (
  id: string,
  slug: string,
  [planType, fitnessLevel, duration]: [FitnessPlanType, FitnessLevel, PlanDuration],
  goals: FitnessGoal[],
  equipment: EquipmentChoice[],
  title: Localized,
  description: Localized,
): LibraryEntry => ({ id, slug, title, description, planType, fitnessLevel, goals, equipment, duration, seed: parseInt(id.slice(0, 8), 16) });

export const PLAN_LIBRARY: readonly LibraryEntry[] = [
  entry(
    '8c84307d-3251-4a0a-9d66-1d80c3cbf884',
    'barbell-basics',
    ['strength', 'beginner', 12],
    ['increase_strength'],
    ['barbell'],
    { en: 'Barbell Basics', zh: '杠铃入门' },
    {
      en: 'Learn the squat, deadlift and presses with a barbell and build a base of strength three days a week.',
      zh: '用杠铃学会深蹲、硬拉和推举，每周三练，打好力量基础。',
    },
  ),
  entry(
    'b411fbb4-28b7-4fc4-a3cd-86b8ae62cc78',
    'dumbbell-strength-starter',
    ['strength', 'beginner', 8],
    ['increase_strength', 'general_health'],
    ['dumbbells'],
    { en: 'Dumbbell Strength Starter', zh: '哑铃力量起步' },
    { en: 'A pair of dumbbells is all you need to get measurably stronger at home.', zh: '只需一对哑铃，在家也能切实变强。' },
  ),
  entry(
    'd804993e-076d-4dda-99c9-7bc08d4ce09c',
    'upper-lower-strength',
    ['strength', 'intermediate', 12],
    ['increase_strength', 'build_muscle'],
    ['gym_access'],
    { en: 'Upper/Lower Strength', zh: '上下肢分化力量' },
    {
      en: 'Four gym days split into upper and lower body, with heavy main lifts that climb block by block.',
      zh: '每周四天健身房训练，上下肢分化，主项重量逐阶段提升。',
    },
  ),
  entry(
    'a038228c-4d74-42af-bb7c-1174be4cb817',
    'bodyweight-strength',
    ['strength', 'intermediate', 12],
    ['increase_strength'],
    ['none', 'pull_up_bar'],
    { en: 'Bodyweight Strength', zh: '自重力量' },
    {
      en: 'Calisthenics strength with a pull-up bar: harder variations instead of heavier weights.',
      zh: '借助引体向上杆的徒手力量训练：用更难的动作变式代替更大的重量。',
    },
  ),
  entry(
    '8a9b5ce3-19bf-4298-97af-22ae2c080473',
    'powerbuilding-split',
    ['strength', 'advanced', 12],
    ['increase_strength', 'build_muscle'],
    ['gym_access'],
    { en: 'Powerbuilding Split', zh: '力量健美分化' },
    {
      en: 'Five days of push, pull and legs plus upper and lower sessions, for lifters chasing strength and size.',
      zh: '每周五练：推、拉、腿加上下肢训练，适合同时追求力量和围度的训练者。',
    },
  ),
  entry(
    'b4190e1d-fa77-4699-8f41-6f3e0878feca',
    'couch-to-active',
    ['cardio', 'beginner', 8],
    ['improve_endurance', 'general_health'],
    ['none'],
    { en: 'Couch to Active', zh: '从沙发到运动' },
    {
      en: 'Walk, then jog: easy cardio that grows ten percent a week, with no equipment at all.',
      zh: '从快走到慢跑：无需任何器械，有氧量每周递增约一成。',
    },
  ),
  entry(
    'ba211071-ed17-41ea-8336-d4be69fb5fc4',
    'low-impact-cardio',
    ['cardio', 'beginner', 4],
    ['improve_endurance', 'lose_weight'],
    ['gym_access'],
    { en: 'Low-Impact Gym Cardio', zh: '低冲击健身房有氧' },
    {
      en: 'Bikes, rowers and the elliptical: heart-healthy cardio that is kind to your joints.',
      zh: '单车、划船机和椭圆机：对关节友好的心肺训练。',
    },
  ),
  entry(
    '6316daab-e7f3-4c49-9fb2-f725ca870a96',
    'engine-builder',
    ['cardio', 'intermediate', 8],
    ['improve_endurance'],
    ['none'],
    { en: 'Engine Builder', zh: '有氧引擎' },
    {
      en: 'Steady runs, intervals and tempo work to raise your aerobic ceiling, plus one strength day.',
      zh: '匀速跑、间歇跑和节奏跑提升有氧上限，另有一天力量训练。',
    },
  ),
  entry(
    'd7378ff8-e64b-47a5-a5e6-864d873b2170',
    'endurance-peak',
    ['cardio', 'advanced', 12],
    ['improve_endurance', 'lose_weight'],
    ['gym_access'],
    { en: 'Endurance Peak', zh: '耐力巅峰' },
    {
      en: 'Three periodised cardio blocks with two strength days to keep you durable.',
      zh: '三个周期化的有氧阶段，配合两天力量训练，让身体更耐练。',
    },
  ),
  entry(
    '796d86d2-29c2-4b88-979a-ecf229972208',
    'home-fat-loss-kickstart',
    ['weight_loss', 'beginner', 4],
    ['lose_weight', 'general_health'],
    ['none'],
    { en: 'Home Fat-Loss Kickstart', zh: '居家减脂启动' },
    {
      en: 'Four weeks of full-body circuits and intervals in your living room.',
      zh: '四周客厅里的全身循环与间歇训练。',
    },
  ),
  entry(
    'ac663d70-8bb9-47e4-82fe-da8e65edd7d1',
    'gym-fat-loss-foundations',
    ['weight_loss', 'beginner', 12],
    ['lose_weight'],
    ['gym_access'],
    { en: 'Gym Fat-Loss Foundations', zh: '健身房减脂基础' },
    {
      en: 'Learn the gym with simple lifts and cardio machines while you lose fat steadily.',
      zh: '用简单的力量动作和有氧器械熟悉健身房，稳步减脂。',
    },
  ),
  entry(
    'f60c22fe-55e5-486d-b9f2-b75053e7fb70',
    'dumbbell-shred',
    ['weight_loss', 'intermediate', 8],
    ['lose_weight', 'build_muscle'],
    ['dumbbells', 'resistance_bands'],
    { en: 'Dumbbell Shred', zh: '哑铃燃脂塑形' },
    {
      en: 'Keep your muscle while you lose fat: high-rep dumbbell work with conditioning finishers.',
      zh: '减脂同时保住肌肉：高次数哑铃训练加体能收尾。',
    },
  ),
  entry(
    '244de6fe-b17e-44e4-9f76-76d483228ca1',
    'metabolic-conditioning',
    ['weight_loss', 'advanced', 8],
    ['lose_weight', 'improve_endurance'],
    ['kettlebell', 'none'],
    { en: 'Kettlebell Metabolic Conditioning', zh: '壶铃代谢体能' },
    {
      en: 'Swings, presses and hard intervals five days a week for experienced trainees.',
      zh: '面向有经验训练者：每周五天的甩壶、推举与高强度间歇。',
    },
  ),
  entry(
    'e9102a70-e7a4-4e14-9128-ca29b2d227cb',
    'hypertrophy-foundations',
    ['muscle_gain', 'beginner', 8],
    ['build_muscle'],
    ['dumbbells'],
    { en: 'Hypertrophy Foundations', zh: '增肌基础' },
    {
      en: 'Three full-body dumbbell sessions a week in the classic 8–12 rep range.',
      zh: '每周三次哑铃全身训练，采用经典的 8–12 次区间。',
    },
  ),
  entry(
    '6c31c8e7-6b1a-4ae6-b29c-6b6af9c6b5ec',
    'upper-lower-hypertrophy',
    ['muscle_gain', 'intermediate', 12],
    ['build_muscle'],
    ['gym_access'],
    { en: 'Upper/Lower Hypertrophy', zh: '上下肢分化增肌' },
    {
      en: 'Four gym days with enough weekly sets per muscle to keep growing, and a deload every fourth week.',
      zh: '每周四天健身房训练，每块肌肉都有足够的周训练量，每第四周减量。',
    },
  ),
  entry(
    '2e068008-99c8-4bc8-9482-f028ca704032',
    'home-muscle-builder',
    ['muscle_gain', 'intermediate', 8],
    ['build_muscle'],
    ['dumbbells', 'pull_up_bar', 'resistance_bands'],
    { en: 'Home Muscle Builder', zh: '居家增肌' },
    {
      en: 'Dumbbells, bands and a pull-up bar: a complete upper/lower hypertrophy plan at home.',
      zh: '哑铃、弹力带和引体向上杆：在家完成完整的上下肢分化增肌计划。',
    },
  ),
  entry(
    '20ca5252-0a81-4e98-9278-8db3bec19fa0',
    'push-pull-legs-mass',
    ['muscle_gain', 'advanced', 12],
    ['build_muscle', 'increase_strength'],
    ['gym_access'],
    { en: 'Push Pull Legs Mass', zh: '推拉腿增肌' },
    {
      en: 'A five-day push, pull, legs, upper and lower rotation for experienced lifters.',
      zh: '面向有经验训练者的五天推、拉、腿、上肢、下肢循环。',
    },
  ),
  entry(
    '24666b77-11cb-4de7-930d-4a12a8b71f99',
    'everyday-fitness',
    ['general_fitness', 'beginner', 4],
    ['general_health', 'improve_flexibility'],
    ['none'],
    { en: 'Everyday Fitness', zh: '日常健身' },
    {
      en: 'Strength, cardio and stretching in short sessions that fit a busy week.',
      zh: '力量、有氧和拉伸，短时高效，适合忙碌的一周。',
    },
  ),
  entry(
    'b9a6f0e2-7654-4329-8fcb-74b65b963343',
    'travel-bands',
    ['general_fitness', 'beginner', 4],
    ['general_health'],
    ['resistance_bands'],
    { en: 'Travel-Friendly Bands', zh: '出行弹力带训练' },
    {
      en: 'A band in your suitcase and this plan keep you training on the road.',
      zh: '行李箱里放一条弹力带，照着这个计划出差旅行也不断练。',
    },
  ),
  entry(
    'f7a7ea33-164e-4738-a6cc-d05315f14ba5',
    'balanced-athlete',
    ['general_fitness', 'intermediate', 8],
    ['general_health', 'improve_endurance'],
    ['dumbbells', 'kettlebell'],
    { en: 'Balanced Athlete', zh: '均衡运动者' },
    {
      en: 'Three strength days and one cardio day for all-round fitness with dumbbells and a kettlebell.',
      zh: '三天力量加一天有氧，用哑铃和壶铃练出全面体能。',
    },
  ),
  entry(
    'c8dad40a-d298-43c8-89fe-e45e8d73c88c',
    'mobility-and-strength',
    ['general_fitness', 'intermediate', 4],
    ['improve_flexibility', 'general_health'],
    ['none', 'resistance_bands'],
    { en: 'Mobility and Strength', zh: '灵活性与力量' },
    {
      en: 'Extra stretching after every session and on recovery days, around simple strength work.',
      zh: '围绕简单的力量训练，每次训练后和恢复日都加练拉伸。',
    },
  ),
  entry(
    '2648f92c-d2ae-46c3-976a-3e9c51c04238',
    'hybrid-fitness',
    ['general_fitness', 'advanced', 12],
    ['general_health', 'increase_strength', 'improve_endurance'],
    ['gym_access'],
    { en: 'Hybrid Fitness', zh: '混合体能' },
    {
      en: 'Strong and fit at once: upper/lower lifting with a weekly conditioning day.',
      zh: '力量与体能兼得：上下肢分化训练加每周一次体能课。',
    },
  ),
  entry(
    '5d9df448-8e1f-4555-a37e-897c6cce76ec',
    'athletic-foundations',
    ['sports_performance', 'beginner', 8],
    ['improve_endurance', 'general_health'],
    ['none'],
    { en: 'Athletic Foundations', zh: '运动基础' },
    {
      en: 'Landing, jumping and sprinting basics with bodyweight strength for young or new athletes.',
      zh: '为青少年或新手运动员打基础：落地、跳跃、冲刺与自重力量。',
    },
  ),
  entry(
    '7a4c1fbd-443c-4060-bc7c-ebc7afb2939b',
    'speed-and-power',
    ['sports_performance', 'intermediate', 8],
    ['increase_strength', 'improve_endurance'],
    ['dumbbells', 'none'],
    { en: 'Speed and Power', zh: '速度与爆发力' },
    {
      en: 'Jumps before every lift, heavy-ish dumbbell work and conditioning for court and field sports.',
      zh: '每次力量训练前先做跳跃，配合较大重量哑铃训练和体能，适合球类与田径项目。',
    },
  ),
  entry(
    '1d52a7a6-4a3b-48a0-b8df-1488402b5d61',
    'kettlebell-athlete',
    ['sports_performance', 'intermediate', 8],
    ['improve_endurance', 'increase_strength'],
    ['kettlebell'],
    { en: 'Kettlebell Athlete', zh: '壶铃运动员' },
    {
      en: 'One kettlebell, explosive hips and a big engine.',
      zh: '一只壶铃，练出爆发的髋部和强大的心肺。',
    },
  ),
  entry(
    'bbd61d06-aeda-4f9b-97fe-91501d85f0b2',
    'field-sport-performance',
    ['sports_performance', 'advanced', 12],
    ['increase_strength', 'improve_endurance'],
    ['gym_access'],
    { en: 'Field Sport Performance', zh: '场地运动表现' },
    {
      en: 'Power, strength and repeat-sprint conditioning in three blocks for competitive athletes.',
      zh: '为竞技运动员设计：三个阶段的爆发力、力量和重复冲刺体能训练。',
    },
  ),
];

const byId = new Map(PLAN_LIBRARY.map((e) => [e.id, e]));

export function libraryEntry(id: string): LibraryEntry | undefined {
  return byId.get(id);
}

export interface LibraryFilter {
  planType?: FitnessPlanType;
  fitnessLevel?: FitnessLevel;
  /** What the user owns: only plans they can do with it are kept. */
  equipment?: readonly EquipmentChoice[];
  duration?: PlanDuration;
}

/** A gym has everything, and anyone can train with no equipment. */
function canDo(needed: readonly EquipmentChoice[], owned: readonly EquipmentChoice[]): boolean {
  if (owned.includes('gym_access')) return true;
  return needed.every((item) => item === 'none' || owned.includes(item));
}

export function filterLibrary(filter: LibraryFilter = {}): LibraryEntry[] {
  return PLAN_LIBRARY.filter(
    (e) =>
      (!filter.planType || e.planType === filter.planType) &&
      (!filter.fitnessLevel || e.fitnessLevel === filter.fitnessLevel) &&
      (!filter.duration || e.duration === filter.duration) &&
      (!filter.equipment || canDo(e.equipment, filter.equipment)),
  );
}

/** An entry as a list item of the API, in one language. */
export interface LibraryListItem {
  id: string;
  slug: string;
  title: string;
  description: string;
  planType: FitnessPlanType;
  fitnessLevel: FitnessLevel;
  goals: FitnessGoal[];
  equipment: EquipmentChoice[];
  durationWeeks: PlanDuration;
  trainingDaysPerWeek: number;
  split: PlanSplit;
}

export function libraryListItem(e: LibraryEntry, locale: Locale): LibraryListItem {
  const days = TRAINING_DAYS[e.fitnessLevel];
  const strengthDays = [...SESSION_MIX[e.planType][days]].filter((c) => c === 'S').length;
  return {
    id: e.id,
    slug: e.slug,
    title: e.title[locale],
    description: e.description[locale],
    planType: e.planType,
    fitnessLevel: e.fitnessLevel,
    goals: [...e.goals],
    equipment: [...e.equipment],
    durationWeeks: e.duration,
    trainingDaysPerWeek: days,
    split: splitFor(strengthDays),
  };
}

/** The full plan of a library entry, as saved into a user's plans. */
export function libraryPlan(e: LibraryEntry, options: { locale: Locale; detail?: PlanDetail }): FitnessPlan {
  const plan = generatePlan(
    { planType: e.planType, fitnessLevel: e.fitnessLevel, goals: [...e.goals], equipment: [...e.equipment], duration: e.duration },
    { seed: e.seed, locale: options.locale, detail: options.detail ?? 'full' },
  );
  const gap = options.locale === 'zh' ? '' : ' ';
  return { ...plan, title: e.title[options.locale], summary: `${e.description[options.locale]}${gap}${plan.summary}` };
}
