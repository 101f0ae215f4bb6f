import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { AppShell } from './layout/app-shell';
import { AuthLayout } from './layout/auth-layout';
import { PublicLayout } from './layout/public-layout';
import { RequireAuth } from './layout/require-auth';
import {
  AuthCallbackRoute,
  ForgotPasswordRoute,
  ResetPasswordRoute,
  SignInRoute,
  SignUpRoute,
  TwoFactorRoute,
} from './routes/auth';
import { DashboardRoute } from './routes/dashboard';
import { LocaleLayout } from './routes/locale-layout';
import { NotFoundPage } from './routes/not-found';
import { LandingRoute, PricingRoute } from './routes/public';
import { RootRedirect } from './routes/root-redirect';
import { RouteError } from './routes/route-error';

// Settings carries the QR and form code most visitors never need: load it on demand.
const SettingsRoute = lazy(() => import('./routes/settings'));
// The forum is a page of its own with its forms: loaded when first opened.
const community = () => import('./routes/community');
const CommunityRoute = lazy(() => community().then((m) => ({ default: m.CommunityRoute })));
const NewPostRoute = lazy(() => community().then((m) => ({ default: m.NewPostRoute })));
const PostRoute = lazy(() => community().then((m) => ({ default: m.PostRoute })));
const EditPostRoute = lazy(() => community().then((m) => ({ default: m.EditPostRoute })));
// Plans: the generator, the plan view and the library, loaded when first opened.
const plans = () => import('./routes/plans');
const PlansRoute = lazy(() => plans().then((m) => ({ default: m.PlansRoute })));
const NewPlanRoute = lazy(() => plans().then((m) => ({ default: m.NewPlanRoute })));
const PlanRoute = lazy(() => plans().then((m) => ({ default: m.PlanRoute })));
const LibraryRoute = lazy(() => plans().then((m) => ({ default: m.LibraryRoute })));
const LibraryPlanRoute = lazy(() => plans().then((m) => ({ default: m.LibraryPlanRoute })));
// Checkout and its return page: visited around a purchase only.
const billing = () => import('./routes/billing');
const CheckoutRoute = lazy(() => billing().then((m) => ({ default: m.CheckoutRoute })));
const BillingReturnRoute = lazy(() => billing().then((m) => ({ default: m.BillingReturnRoute })));

// Meal logging and goals: loaded when first opened; the history's chart library only with the history.
const nutrition = () => import('./routes/nutrition');
const NutritionRoute = lazy(() => nutrition().then((m) => ({ default: m.NutritionRoute })));
const NutritionHistoryRoute = lazy(() => import('./routes/nutrition-history'));
const NutritionGoalsRoute = lazy(() => nutrition().then((m) => ({ default: m.NutritionGoalsRoute })));
const NutritionScanRoute = lazy(() => nutrition().then((m) => ({ default: m.NutritionScanRoute })));
// AI nutrition plans: the generator, the saved plans and one plan, a chunk of their own.
const nutritionPlans = () => import('./routes/nutrition-plans');
const NutritionPlansRoute = lazy(() => nutritionPlans().then((m) => ({ default: m.NutritionPlansRoute })));
const NutritionPlanRoute = lazy(() => nutritionPlans().then((m) => ({ default: m.NutritionPlanRoute })));

// Workout logging and history; the stats page with its charts is a chunk of its own.
const workouts = () => import('./routes/workouts');
const WorkoutsRoute = lazy(() => workouts().then((m) => ({ default: m.WorkoutsRoute })));
const NewWorkoutRoute = lazy(() => workouts().then((m) => ({ default: m.NewWorkoutRoute })));
const EditWorkoutRoute = lazy(() => workouts().then((m) => ({ default: m.EditWorkoutRoute })));
const WorkoutStatsRoute = lazy(() => import('./routes/workout-stats'));

export const router = createBrowserRouter([
  { path: '/', element: <RootRedirect />, errorElement: <RouteError /> },
  {
    path: '/:locale',
    element: <LocaleLayout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <LandingRoute /> },
          { path: 'pricing', element: <PricingRoute /> },
        ],
      },
      {
        element: <AuthLayout />,
        children: [
          { path: 'sign-up', element: <SignUpRoute /> },
          { path: 'sign-in', element: <SignInRoute /> },
          { path: 'forgot-password', element: <ForgotPasswordRoute /> },
          { path: 'reset-password', element: <ResetPasswordRoute /> },
          { path: 'two-factor', element: <TwoFactorRoute /> },
          { path: 'auth/callback', element: <AuthCallbackRoute /> },
        ],
      },
      {
        path: 'app',
        element: (
          <RequireAuth>
            <AppShell />
          </RequireAuth>
        ),
        children: [
          { index: true, element: <DashboardRoute /> },
          { path: 'settings', element: <SettingsRoute /> },
          { path: 'checkout', element: <CheckoutRoute /> },
          { path: 'billing', element: <BillingReturnRoute /> },
          { path: 'nutrition', element: <NutritionRoute /> },
          { path: 'nutrition/history', element: <NutritionHistoryRoute /> },
          { path: 'nutrition/goals', element: <NutritionGoalsRoute /> },
          { path: 'nutrition/scan', element: <NutritionScanRoute /> },
          { path: 'nutrition/plans', element: <NutritionPlansRoute /> },
          { path: 'nutrition/plans/:nutritionPlanId', element: <NutritionPlanRoute /> },
          { path: 'plans', element: <PlansRoute /> },
          { path: 'plans/new', element: <NewPlanRoute /> },
          { path: 'plans/library', element: <LibraryRoute /> },
          { path: 'plans/library/:libraryId', element: <LibraryPlanRoute /> },
          { path: 'plans/:planId', element: <PlanRoute /> },
          { path: 'workouts', element: <WorkoutsRoute /> },
          { path: 'workouts/new', element: <NewWorkoutRoute /> },
          { path: 'workouts/stats', element: <WorkoutStatsRoute /> },
          { path: 'workouts/:workoutId/edit', element: <EditWorkoutRoute /> },
          { path: 'community', element: <CommunityRoute /> },
          { path: 'community/new', element: <NewPostRoute /> },
          { path: 'community/posts/:postId', element: <PostRoute /> },
          { path: 'community/posts/:postId/edit', element: <EditPostRoute /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
