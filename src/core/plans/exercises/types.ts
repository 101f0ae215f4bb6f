/** What a user can train with. `gym_access` stands for every item a commercial gym has. */
export type Equipment = 'none' | 'dumbbells' | 'barbell' | 'resistance_bands' | 'kettlebell' | 'pull_up_bar' | 'gym_access';
export type Level = 'beginner' | 'intermediate' | 'advanced';
export type ExerciseKind = 'strength' | 'cardio' | 'mobility' | 'plyometric';
export type MovementPattern =
  | 'squat'
  | 'hinge'
  | 'lunge'
  | 'horizontal_push'
  | 'vertical_push'
  | 'horizontal_pull'
  | 'vertical_pull'
  | 'core'
  | 'rotation'
  | 'carry'
  | 'locomotion'
  | 'jump'
  | 'mobility'
  | 'isolation_upper'
  | 'isolation_lower';
export type Muscle =
  | 'chest'
  | 'upper_back'
  | 'lats'
  | 'lower_back'
  | 'shoulders'
  | 'biceps'
  | 'triceps'
  | 'forearms'
  | 'abs'
  | 'obliques'
  | 'glutes'
  | 'quadriceps'
  | 'hamstrings'
  | 'calves'
  | 'hip_flexors'
  | 'adductors'
  | 'full_body'
  | 'cardiovascular';
export interface Exercise {
  /** Kebab-case, unique and stable: plans store it, so never rename one. */
  id: string;
  name: { en: string; zh: string };
  /** 2–5 steps, the same number in both languages, each step one sentence. */
  instructions: { en: string[]; zh: string[] };
  /** At least one. */
  primaryMuscles: Muscle[];
  secondaryMuscles: Muscle[];
  pattern: MovementPattern;
  /** Everything it needs; [] = bodyweight. 'gym_access' = needs a machine, cable or bench only a gym has. */
  requires: Exclude<Equipment, 'none'>[];
  /** The lowest level it is suitable for. */
  level: Level;
  kind: ExerciseKind;
  /** MET value from the Compendium of Physical Activities (2011/2024), realistic for the activity. */
  met: number;
  /** Trained one side at a time (sets are done per side). */
  unilateral?: boolean;
}
