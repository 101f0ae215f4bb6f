import { EXERCISES, exerciseById } from '#core/plans/exercises';

/**
 * Exercise names of other apps matched to the library. Strong and Hevy write "Bench Press (Barbell)": the equipment
 * in brackets joins the name's words, and a name matches when it has the same words as a library name in either
 * language (order, case, hyphens and a plural s aside). Names no rule reaches are listed in ALIASES.
 */

const word = (w: string) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w);

/** The words of a name, sorted: "Bench Press (Barbell)" and "Barbell Bench-Press" give the same key. */
export function nameKey(name: string): string {
  const words = name
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[()[\]/,.'’:]+/g, ' ')
    .split(/[\s\-_·]+/)
    .filter(Boolean)
    .map(word);
  return [...new Set(words)].sort().join(' ');
}

/** Chinese names are compared whole, without spaces or punctuation. */
const cjkKey = (name: string) => name.normalize('NFKC').replace(/[\s\-_·()（）[\]]+/g, '');

/** Common names of Strong and Hevy that the word rule does not reach, by their key. */
const ALIASES: Record<string, string> = {
  'squat (barbell)': 'barbell-back-squat',
  'back squat': 'barbell-back-squat',
  squat: 'barbell-back-squat',
  'full squat (barbell)': 'barbell-back-squat',
  'high bar squat (barbell)': 'barbell-back-squat',
  'low bar squat (barbell)': 'barbell-back-squat',
  'bench press': 'barbell-bench-press',
  deadlift: 'barbell-deadlift',
  'overhead press': 'barbell-overhead-press',
  'strict military press (barbell)': 'barbell-overhead-press',
  'military press': 'barbell-overhead-press',
  'shoulder press (dumbbell)': 'dumbbell-shoulder-press',
  'seated shoulder press (dumbbell)': 'seated-dumbbell-shoulder-press',
  'shoulder press (machine)': 'machine-shoulder-press',
  'shoulder press (plate loaded)': 'machine-shoulder-press',
  'lat pulldown (cable)': 'lat-pulldown',
  'lat pulldown (machine)': 'lat-pulldown',
  'lat pulldown - close grip (cable)': 'close-grip-lat-pulldown',
  'seated row (cable)': 'seated-cable-row',
  'seated cable row - v grip (cable)': 'seated-cable-row',
  'seated row (machine)': 'machine-row',
  'bent over row (dumbbell)': 'dumbbell-bent-over-row',
  'dumbbell row': 'single-arm-dumbbell-row',
  'bent over one arm row (dumbbell)': 'single-arm-dumbbell-row',
  'triceps pushdown (cable - straight bar)': 'cable-triceps-pushdown',
  'triceps pushdown': 'cable-triceps-pushdown',
  'triceps rope pushdown': 'cable-triceps-pushdown',
  'triceps extension (cable)': 'overhead-cable-triceps-extension',
  'triceps extension (dumbbell)': 'dumbbell-overhead-triceps-extension',
  'skullcrusher (barbell)': 'skull-crusher',
  'skullcrusher (dumbbell)': 'skull-crusher',
  'bicep curl (barbell)': 'barbell-curl',
  'bicep curl (dumbbell)': 'dumbbell-biceps-curl',
  'bicep curl (cable)': 'cable-curl',
  'bicep curl (band)': 'band-biceps-curl',
  'ez bar biceps curl': 'barbell-curl',
  'preacher curl (barbell)': 'preacher-curl',
  'preacher curl (dumbbell)': 'preacher-curl',
  'incline bench press (dumbbell)': 'incline-dumbbell-press',
  'chest fly (dumbbell)': 'dumbbell-fly',
  'chest fly': 'pec-deck',
  'butterfly (pec deck)': 'pec-deck',
  'chest press (machine)': 'machine-chest-press',
  'cable crossover': 'cable-crossover',
  'chest dip': 'parallel-bar-dip',
  'triceps dip': 'parallel-bar-dip',
  dip: 'parallel-bar-dip',
  'leg extension (machine)': 'leg-extension',
  'leg press (machine)': 'leg-press',
  'lying leg curl (machine)': 'lying-leg-curl',
  'seated leg curl (machine)': 'seated-leg-curl',
  'calf raise (standing)': 'standing-calf-raise',
  'standing calf raise (machine)': 'standing-calf-raise',
  'seated calf raise (machine)': 'seated-calf-raise',
  'hip thrust (barbell)': 'barbell-hip-thrust',
  'romanian deadlift (barbell)': 'barbell-romanian-deadlift',
  'romanian deadlift (dumbbell)': 'dumbbell-romanian-deadlift',
  'sumo deadlift (barbell)': 'sumo-deadlift',
  'deadlift (trap bar)': 'trap-bar-deadlift',
  'lateral raise (dumbbell)': 'dumbbell-lateral-raise',
  'lateral raise (cable)': 'cable-lateral-raise',
  'front raise (dumbbell)': 'dumbbell-front-raise',
  'reverse fly (dumbbell)': 'dumbbell-reverse-fly',
  'face pull (cable)': 'face-pull',
  'shrug (barbell)': 'barbell-shrug',
  'shrug (dumbbell)': 'dumbbell-shrug',
  'pull up (assisted)': 'assisted-pull-up-machine',
  'assisted pull up': 'assisted-pull-up-machine',
  'pull up (weighted)': 'weighted-pull-up',
  'chin up (assisted)': 'assisted-pull-up-machine',
  'lunge (dumbbell)': 'dumbbell-reverse-lunge',
  'walking lunge (dumbbell)': 'dumbbell-walking-lunge',
  'bulgarian split squat': 'bulgarian-split-squat',
  'goblet squat (kettlebell)': 'kettlebell-goblet-squat',
  'goblet squat (dumbbell)': 'goblet-squat',
  'kettlebell swing': 'kettlebell-swing',
  'ab wheel': 'kneeling-ab-wheel-rollout',
  'knee raise (captain s chair)': 'captains-chair-knee-raise',
  'hanging leg raise': 'hanging-leg-raise',
  'running (treadmill)': 'treadmill-run',
  treadmill: 'treadmill-run',
  running: 'steady-run',
  run: 'steady-run',
  'running (outdoor)': 'steady-run',
  walking: 'brisk-walking',
  cycling: 'stationary-bike',
  'cycling (indoor)': 'stationary-bike',
  'bike (stationary)': 'stationary-bike',
  spinning: 'stationary-bike',
  'rowing (machine)': 'rowing-machine',
  rowing: 'rowing-machine',
  'elliptical machine': 'elliptical-trainer',
  'stair machine': 'stair-climber',
  stairmaster: 'stair-climber',
  'jump rope': 'jumping-jack',
  'plank (weighted)': 'plank',
  'sit up': 'sit-up',
  'crunch (machine)': 'cable-crunch',
  'cable crunch': 'cable-crunch',
  'russian twist (weighted)': 'dumbbell-russian-twist',
};

/** Equipment in brackets that says nothing the library name would: "Pull Up (Bodyweight)" is the pull-up. */
const SILENT_EQUIPMENT = new Set(['bodyweight', 'machine', 'cable', 'other', 'weighted', 'band', 'smith machine']);

let index: Map<string, string> | undefined;

function libraryIndex(): Map<string, string> {
  if (index) return index;
  index = new Map();
  for (const e of EXERCISES) {
    for (const key of [nameKey(e.name.en), nameKey(e.id), cjkKey(e.name.zh)]) if (!index.has(key)) index.set(key, e.id);
  }
  for (const [alias, id] of Object.entries(ALIASES)) {
    if (!exerciseById(id)) throw new Error(`Alias ${alias} names no exercise: ${id}`);
    const key = nameKey(alias);
    if (!index.has(key)) index.set(key, id);
  }
  return index;
}

/** The library id a name of another app stands for, or null when none is sure. */
export function matchExercise(name: string): string | null {
  const idx = libraryIndex();
  const trimmed = name.trim();
  if (!trimmed) return null;
  const direct = idx.get(nameKey(trimmed)) ?? idx.get(cjkKey(trimmed));
  if (direct) return direct;
  // "Pull Up (Bodyweight)": the name without its equipment.
  const bracket = /^(.*)\(([^)]*)\)\s*$/.exec(trimmed);
  if (bracket && SILENT_EQUIPMENT.has(bracket[2].trim().toLowerCase())) return idx.get(nameKey(bracket[1])) ?? null;
  return null;
}

/** How names compare among the user's own exercises: case and spacing aside. */
export const customKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();
