/**
 * Every page of the web app, as react-router patterns below `/:locale`. The web app's router takes its paths from
 * here and the server answers 404 for a path none of them matches, so a page is declared once for both.
 */
export const PAGES = {
  landing: '',
  pricing: 'pricing',
  terms: 'terms',
  privacy: 'privacy',
  refundPolicy: 'refund-policy',
  help: 'help',
  signUp: 'sign-up',
  signIn: 'sign-in',
  forgotPassword: 'forgot-password',
  resetPassword: 'reset-password',
  twoFactor: 'two-factor',
  authCallback: 'auth/callback',
  dashboard: 'app',
  settings: 'app/settings',
  checkout: 'app/checkout',
  billingReturn: 'app/billing',
  nutrition: 'app/nutrition',
  nutritionHistory: 'app/nutrition/history',
  nutritionGoals: 'app/nutrition/goals',
  nutritionScan: 'app/nutrition/scan',
  nutritionPlans: 'app/nutrition/plans',
  nutritionPlan: 'app/nutrition/plans/:nutritionPlanId',
  body: 'app/body',
  plans: 'app/plans',
  newPlan: 'app/plans/new',
  library: 'app/plans/library',
  libraryPlan: 'app/plans/library/:libraryId',
  plan: 'app/plans/:planId',
  workouts: 'app/workouts',
  newWorkout: 'app/workouts/new',
  workoutStats: 'app/workouts/stats',
  workoutExercises: 'app/workouts/exercises',
  editWorkout: 'app/workouts/:workoutId/edit',
  community: 'app/community',
  newPost: 'app/community/new',
  post: 'app/community/posts/:postId',
  editPost: 'app/community/posts/:postId/edit',
  moderation: 'app/moderation',
  moderationReport: 'app/moderation/reports/:targetId',
} as const;

export type PageName = keyof typeof PAGES;

// Like react-router: a `:param` is one non-empty segment, letters match in any case.
const PATTERNS = (Object.entries(PAGES) as [PageName, string][]).map(([name, page]) => ({
  name,
  pattern: new RegExp(
    `^${page
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')}$`,
    'i',
  ),
}));

/**
 * The page the web app shows at this path, or null where it shows its "not found" page. The app puts a locale in
 * front of a path without one and swaps a two-letter segment it does not speak for its default (LocaleLayout), so the
 * page is judged on the rest of the path.
 */
export function pageAt(pathname: string): PageName | null {
  const segments = pathname.split('/').filter(Boolean);
  const rest = (/^[a-z]{2}$/i.test(segments[0] ?? '') ? segments.slice(1) : segments).join('/');
  return PATTERNS.find(({ pattern }) => pattern.test(rest))?.name ?? null;
}
