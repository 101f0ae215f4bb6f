import type { Locale } from '#core/common/schemas';
import type { MovementPattern } from './exercises';
import type { EquipmentChoice, FitnessGoal, FitnessLevel, PlanSplit, FitnessPlanType } from './schemas';

/** A text in both languages; plans resolve it to one locale when they are built. */
export interface Localized {
  en: string;
  zh: string;
}

/** Joins localized labels into one list, with each language's separator. */
function joinList(items: readonly Localized[], locale: Locale): string {
  return items.map((i) => i[locale]).join(locale === 'zh' ? '、' : ', ');
}

export const PLAN_TYPE_LABELS: Record<FitnessPlanType, Localized> = {
  strength: { en: 'Strength', zh: '力量' },
  cardio: { en: 'Cardio', zh: '有氧' },
  weight_loss: { en: 'Weight loss', zh: '减脂' },
  muscle_gain: { en: 'Muscle gain', zh: '增肌' },
  general_fitness: { en: 'General fitness', zh: '综合体能' },
  sports_performance: { en: 'Sports performance', zh: '运动表现' },
};

export const LEVEL_LABELS: Record<FitnessLevel, Localized> = {
  beginner: { en: 'Beginner', zh: '初级' },
  intermediate: { en: 'Intermediate', zh: '中级' },
  advanced: { en: 'Advanced', zh: '高级' },
};

export const GOAL_LABELS: Record<FitnessGoal, Localized> = {
  lose_weight: { en: 'Lose weight', zh: '减重' },
  build_muscle: { en: 'Build muscle', zh: '增肌' },
  improve_endurance: { en: 'Improve endurance', zh: '提升耐力' },
  increase_strength: { en: 'Increase strength', zh: '增强力量' },
  improve_flexibility: { en: 'Improve flexibility', zh: '提高柔韧性' },
  general_health: { en: 'General health', zh: '整体健康' },
};

export const EQUIPMENT_LABELS: Record<EquipmentChoice, Localized> = {
  none: { en: 'No equipment', zh: '无器械' },
  dumbbells: { en: 'Dumbbells', zh: '哑铃' },
  barbell: { en: 'Barbell', zh: '杠铃' },
  resistance_bands: { en: 'Resistance bands', zh: '弹力带' },
  kettlebell: { en: 'Kettlebell', zh: '壶铃' },
  pull_up_bar: { en: 'Pull-up bar', zh: '引体向上杆' },
  gym_access: { en: 'Gym access', zh: '健身房' },
};

export const SPLIT_LABELS: Record<PlanSplit, Localized> = {
  full_body: { en: 'full body', zh: '全身训练' },
  upper_lower: { en: 'upper / lower', zh: '上下肢分化' },
  push_pull_legs: { en: 'push / pull / legs', zh: '推 / 拉 / 腿分化' },
};

export const PATTERN_LABELS: Record<MovementPattern, Localized> = {
  squat: { en: 'Squat', zh: '深蹲' },
  hinge: { en: 'Hip hinge', zh: '髋铰链' },
  lunge: { en: 'Lunge', zh: '弓步' },
  horizontal_push: { en: 'Horizontal push', zh: '水平推' },
  vertical_push: { en: 'Vertical push', zh: '垂直推' },
  horizontal_pull: { en: 'Horizontal pull', zh: '水平拉' },
  vertical_pull: { en: 'Vertical pull', zh: '垂直拉' },
  core: { en: 'Core', zh: '核心' },
  rotation: { en: 'Rotation', zh: '旋转' },
  carry: { en: 'Carry', zh: '负重行走' },
  locomotion: { en: 'Cardio', zh: '有氧' },
  jump: { en: 'Jumps', zh: '跳跃' },
  mobility: { en: 'Mobility', zh: '灵活性' },
  isolation_upper: { en: 'Arms and shoulders', zh: '手臂与肩部' },
  isolation_lower: { en: 'Legs accessory', zh: '腿部辅助' },
};

export const SESSION_TITLES = {
  fullBodyA: { en: 'Full body A', zh: '全身训练 A' },
  fullBodyB: { en: 'Full body B', zh: '全身训练 B' },
  fullBodyC: { en: 'Full body C', zh: '全身训练 C' },
  upperA: { en: 'Upper body A', zh: '上肢训练 A' },
  lowerA: { en: 'Lower body A', zh: '下肢训练 A' },
  upperB: { en: 'Upper body B', zh: '上肢训练 B' },
  lowerB: { en: 'Lower body B', zh: '下肢训练 B' },
  push: { en: 'Push', zh: '推' },
  pull: { en: 'Pull', zh: '拉' },
  legs: { en: 'Legs', zh: '腿' },
  steady: { en: 'Steady cardio', zh: '匀速有氧' },
  intervals: { en: 'Interval cardio', zh: '间歇有氧' },
  tempo: { en: 'Tempo cardio', zh: '节奏有氧' },
  circuit: { en: 'Conditioning circuit', zh: '体能循环' },
  activeRecovery: { en: 'Active recovery', zh: '主动恢复' },
  rest: { en: 'Rest', zh: '休息' },
} satisfies Record<string, Localized>;
export type SessionTitle = keyof typeof SESSION_TITLES;

export const FOCUS_TEXT = {
  steady: { en: 'Aerobic base at an easy, conversational pace', zh: '以轻松、能交谈的配速打好有氧基础' },
  intervals: { en: 'Hard work intervals with recovery between them', zh: '高强度间歇，间歇之间充分恢复' },
  tempo: { en: 'Sustained, comfortably hard effort', zh: '持续的、略有挑战的强度' },
  circuit: { en: 'Whole-body conditioning in rounds', zh: '分轮进行的全身体能训练' },
  activeRecovery: { en: 'Easy movement and mobility to recover', zh: '轻松活动与灵活性练习，帮助恢复' },
  rest: { en: 'Full rest', zh: '完全休息' },
  power: { en: 'Power', zh: '爆发力' },
  conditioning: { en: 'Conditioning', zh: '体能' },
} satisfies Record<string, Localized>;

export const DAY_NOTES = {
  rest: {
    en: 'Rest day: sleep well, eat enough protein and take an easy walk if you like.',
    zh: '休息日：睡好觉，摄入足够的蛋白质，想活动的话可以轻松散步。',
  },
  activeRecovery: { en: 'Keep everything easy: you should be able to chat the whole time.', zh: '全程保持轻松，应能一直边做边聊天。' },
  steady: { en: 'Stay at a pace where you can still talk in full sentences.', zh: '保持仍能完整说话的配速。' },
  intervals: { en: 'Go hard in each work interval and recover fully in the rest.', zh: '每段训练全力投入，休息时充分恢复。' },
  tempo: { en: 'Comfortably hard: you can speak only a few words at a time.', zh: '略有挑战：一次只能说几个字。' },
  circuit: { en: 'Do one set of each exercise in turn, then repeat the round.', zh: '依次完成每个动作一组，然后重复下一轮。' },
  strength: {
    en: 'Rest the listed time between sets; add load next week when every set reaches the top of the rep range.',
    zh: '组间按列出的时间休息；当每组都能达到次数上限时，下周再加重量。',
  },
  deload: { en: 'Deload: lighter on purpose. Finish every set feeling fresh.', zh: '减量周：有意降低强度，每组结束时都应感觉轻松。' },
} satisfies Record<string, Localized>;

export const ITEM_NOTES = {
  rampUp: { en: 'Warm up with 2–3 lighter sets before the working sets.', zh: '正式组前先做 2–3 组较轻的热身组。' },
  power: { en: 'Move explosively and stop the set before you slow down.', zh: '爆发式完成动作，速度下降前就结束该组。' },
  finisher: { en: 'Finisher: keep moving with short rests.', zh: '收尾训练：保持动作连贯，休息要短。' },
  circuit: { en: 'Part of the circuit: one set, then move to the next exercise.', zh: '循环的一部分：做完一组后换下一个动作。' },
  easyCardio: { en: 'Easy pace to raise your temperature.', zh: '轻松配速，让身体热起来。' },
} satisfies Record<string, Localized>;

const BLOCK_WEEK_FOCUS: readonly Localized[] = [
  { en: 'learn the movements and hit the listed effort with good form.', zh: '熟悉动作，以标准动作达到列出的强度。' },
  { en: 'add a rep or a little load where last week felt easy.', zh: '上周感觉轻松的动作，增加一次或少量重量。' },
  { en: 'the hardest week of the block, with more volume on the main lifts.', zh: '本阶段最难的一周，主项训练量增加。' },
  { en: 'deload with fewer sets and lighter effort to recover for what comes next.', zh: '减量周：减少组数、降低强度，为下一阶段恢复。' },
];

export function weekFocus(block: number, weekInBlock: number): Localized {
  const focus = BLOCK_WEEK_FOCUS[weekInBlock];
  return {
    en: `Block ${block + 1}, week ${weekInBlock + 1}: ${focus.en}`,
    zh: `第 ${block + 1} 阶段第 ${weekInBlock + 1} 周：${focus.zh}`,
  };
}

export function planTitle(type: FitnessPlanType, level: FitnessLevel, weeks: number): Localized {
  return {
    en: `${LEVEL_LABELS[level].en} ${PLAN_TYPE_LABELS[type].en.toLowerCase()} plan · ${weeks} weeks`,
    zh: `${LEVEL_LABELS[level].zh}${PLAN_TYPE_LABELS[type].zh}计划 · ${weeks} 周`,
  };
}

export function planSummary(args: { trainingDays: number; split: PlanSplit; goals: readonly FitnessGoal[]; equipment: readonly EquipmentChoice[] }): Localized {
  const goals = args.goals.map((g) => GOAL_LABELS[g]);
  const equipment = args.equipment.map((e) => EQUIPMENT_LABELS[e]);
  return {
    en:
      `${args.trainingDays} training days a week (${SPLIT_LABELS[args.split].en}) with rest and active-recovery days. ` +
      `Goals: ${joinList(goals, 'en')}. Equipment: ${joinList(equipment, 'en')}. Every 4th week is a lighter deload week.`,
    zh:
      `每周训练 ${args.trainingDays} 天（${SPLIT_LABELS[args.split].zh}），并安排休息日和主动恢复日。` +
      `目标：${joinList(goals, 'zh')}。器械：${joinList(equipment, 'zh')}。每第 4 周为较轻松的减量周。`,
  };
}

export const SAFETY_NOTES = {
  warmUp: {
    en: 'Do the warm-up before every session and stop any exercise that causes sharp or joint pain.',
    zh: '每次训练前先完成热身；任何动作引起刺痛或关节疼痛时立即停止。',
  },
  rpe: {
    en: 'RPE is effort on a 1–10 scale: RPE 8 means you could have done about two more reps.',
    zh: '自觉用力程度（RPE）按 1–10 打分：RPE 8 表示大约还能再做两次。',
  },
  deload: { en: 'Every 4th week is a deload: keep it light even if you feel fresh.', zh: '每第 4 周为减量周：即使感觉状态很好也要保持轻松。' },
  doctor: {
    en: 'If you have a heart condition, high blood pressure, an injury or are pregnant, ask a doctor before you start.',
    zh: '如有心脏病、高血压、伤病或正在怀孕，开始前请先咨询医生。',
  },
  formFirst: {
    en: 'Learn each movement with bodyweight or light loads first: good form comes before more weight.',
    zh: '先用自重或轻重量学会每个动作：标准动作优先于增加重量。',
  },
  progressSlowly: {
    en: 'Progress slowly: add load only when every set reaches the top of the rep range with good form.',
    zh: '循序渐进：只有当每组都能以标准动作达到次数上限时才加重量。',
  },
  warningSigns: {
    en: 'Some soreness in the first weeks is normal; chest pain, dizziness or breathlessness at rest are not. Stop and get help.',
    zh: '最初几周有些酸痛是正常的；胸痛、头晕或静息时气短则不正常，请立即停止并就医。',
  },
  barbell: {
    en: 'Use collars, and safety bars or a spotter, for heavy squats and presses.',
    zh: '大重量深蹲和推举时使用杠铃卡扣，并设置保护杠或请人保护。',
  },
  pullUpBar: { en: 'Check that the pull-up bar is firmly mounted before every session.', zh: '每次训练前检查引体向上杆是否安装牢固。' },
  kettlebell: { en: 'Keep a clear space around you when you swing a kettlebell.', zh: '甩壶时确保周围留有足够的空间。' },
  bands: { en: 'Check bands for nicks or tears and anchor them securely.', zh: '检查弹力带有无破损，并牢固固定。' },
  jumps: {
    en: 'Land softly with your knees over your toes; skip the jumps on days your joints hurt.',
    zh: '落地要轻，膝盖与脚尖方向一致；关节疼痛时跳过跳跃动作。',
  },
  easyCardio: { en: 'Easy cardio means you can still hold a conversation.', zh: '轻松有氧指仍能正常交谈的强度。' },
} satisfies Record<string, Localized>;
