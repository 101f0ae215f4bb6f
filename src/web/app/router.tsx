import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { PAGES } from '#core/common/pages';
import { PageSpinner } from '#web/components/ui/spinner';
import { AuthLayout } from './layout/auth-layout';
import { PublicLayout } from './layout/public-layout';
import { LocaleLayout } from './routes/locale-layout';
import { NotFoundPage } from './routes/not-found';
import { LandingRoute } from './routes/public';
import { RootRedirect } from './routes/root-redirect';
import { RouteError } from './routes/route-error';

// The landing page is all a first visit loads. The forms (and their validation library) come with the sign-in pages,
// the signed-in app's frame and dashboard after signing in.
const auth = () => import('./routes/auth');
const SignUpRoute = lazy(() => auth().then((m) => ({ default: m.SignUpRoute })));
const SignInRoute = lazy(() => import('./routes/sign-in').then((m) => ({ default: m.SignInRoute })));
const ForgotPasswordRoute = lazy(() => auth().then((m) => ({ default: m.ForgotPasswordRoute })));
const ResetPasswordRoute = lazy(() => auth().then((m) => ({ default: m.ResetPasswordRoute })));
const TwoFactorRoute = lazy(() => auth().then((m) => ({ default: m.TwoFactorRoute })));
const AuthCallbackRoute = lazy(() => auth().then((m) => ({ default: m.AuthCallbackRoute })));
const PricingRoute = lazy(() => import('./routes/pricing').then((m) => ({ default: m.PricingRoute })));
const SignedInLayout = lazy(() => import('./layout/signed-in-layout').then((m) => ({ default: m.SignedInLayout })));
const DashboardRoute = lazy(() => import('./routes/dashboard').then((m) => ({ default: m.DashboardRoute })));
// Settings carries the QR and form code most visitors never need: load it on demand.
const SettingsRoute = lazy(() => import('./routes/settings'));
// The forum is a page of its own with its forms: loaded when first opened.
const community = () => import('./routes/community');
const CommunityRoute = lazy(() => community().then((m) => ({ default: m.CommunityRoute })));
const NewPostRoute = lazy(() => community().then((m) => ({ default: m.NewPostRoute })));
const PostRoute = lazy(() => community().then((m) => ({ default: m.PostRoute })));
const EditPostRoute = lazy(() => community().then((m) => ({ default: m.EditPostRoute })));
// The moderators' pages: a chunk only moderators ever load.
const moderation = () => import('./routes/moderation');
const ModerationRoute = lazy(() => moderation().then((m) => ({ default: m.ModerationRoute })));
const ReportRoute = lazy(() => moderation().then((m) => ({ default: m.ReportRoute })));
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
// Terms, privacy, refund policy and help: read now and then, a chunk of their own.
const legal = () => import('./routes/legal');
const TermsRoute = lazy(() => legal().then((m) => ({ default: m.TermsRoute })));
const PrivacyRoute = lazy(() => legal().then((m) => ({ default: m.PrivacyRoute })));
const RefundPolicyRoute = lazy(() => legal().then((m) => ({ default: m.RefundPolicyRoute })));
const HelpRoute = lazy(() => legal().then((m) => ({ default: m.HelpRoute })));

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

// Body tracking with its charts: a chunk of its own.
const BodyRoute = lazy(() => import('./routes/body'));

// Workout logging and history; the stats page with its charts is a chunk of its own.
const workouts = () => import('./routes/workouts');
const WorkoutsRoute = lazy(() => workouts().then((m) => ({ default: m.WorkoutsRoute })));
const NewWorkoutRoute = lazy(() => workouts().then((m) => ({ default: m.NewWorkoutRoute })));
const EditWorkoutRoute = lazy(() => workouts().then((m) => ({ default: m.EditWorkoutRoute })));
const WorkoutStatsRoute = lazy(() => import('./routes/workout-stats'));
const WorkoutExercisesRoute = lazy(() => workouts().then((m) => ({ default: m.WorkoutExercisesRoute })));

/** The web app's pages: the browser's router (main.tsx) and the build's prerender of the public pages (prerender.tsx). */
export const routes: RouteObject[] = [
  { path: '/', element: <RootRedirect />, errorElement: <RouteError /> },
  {
    path: '/:locale',
    element: <LocaleLayout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: PAGES.landing, element: <LandingRoute /> },
          { path: PAGES.pricing, element: <PricingRoute /> },
          { path: PAGES.terms, element: <TermsRoute /> },
          { path: PAGES.privacy, element: <PrivacyRoute /> },
          { path: PAGES.refundPolicy, element: <RefundPolicyRoute /> },
          { path: PAGES.help, element: <HelpRoute /> },
        ],
      },
      {
        element: <AuthLayout />,
        children: [
          { path: PAGES.signUp, element: <SignUpRoute /> },
          { path: PAGES.signIn, element: <SignInRoute /> },
          { path: PAGES.forgotPassword, element: <ForgotPasswordRoute /> },
          { path: PAGES.resetPassword, element: <ResetPasswordRoute /> },
          { path: PAGES.twoFactor, element: <TwoFactorRoute /> },
          { path: PAGES.authCallback, element: <AuthCallbackRoute /> },
        ],
      },
      {
        element: (
          <Suspense fallback={<PageSpinner />}>
            <SignedInLayout />
          </Suspense>
        ),
        children: [
          { path: PAGES.dashboard, element: <DashboardRoute /> },
          { path: PAGES.settings, element: <SettingsRoute /> },
          { path: PAGES.checkout, element: <CheckoutRoute /> },
          { path: PAGES.billingReturn, element: <BillingReturnRoute /> },
          { path: PAGES.nutrition, element: <NutritionRoute /> },
          { path: PAGES.nutritionHistory, element: <NutritionHistoryRoute /> },
          { path: PAGES.nutritionGoals, element: <NutritionGoalsRoute /> },
          { path: PAGES.nutritionScan, element: <NutritionScanRoute /> },
          { path: PAGES.nutritionPlans, element: <NutritionPlansRoute /> },
          { path: PAGES.nutritionPlan, element: <NutritionPlanRoute /> },
          { path: PAGES.body, element: <BodyRoute /> },
          { path: PAGES.plans, element: <PlansRoute /> },
          { path: PAGES.newPlan, element: <NewPlanRoute /> },
          { path: PAGES.library, element: <LibraryRoute /> },
          { path: PAGES.libraryPlan, element: <LibraryPlanRoute /> },
          { path: PAGES.plan, element: <PlanRoute /> },
          { path: PAGES.workouts, element: <WorkoutsRoute /> },
          { path: PAGES.newWorkout, element: <NewWorkoutRoute /> },
          { path: PAGES.workoutStats, element: <WorkoutStatsRoute /> },
          { path: PAGES.workoutExercises, element: <WorkoutExercisesRoute /> },
          { path: PAGES.editWorkout, element: <EditWorkoutRoute /> },
          { path: PAGES.community, element: <CommunityRoute /> },
          { path: PAGES.newPost, element: <NewPostRoute /> },
          { path: PAGES.post, element: <PostRoute /> },
          { path: PAGES.editPost, element: <EditPostRoute /> },
          { path: PAGES.moderation, element: <ModerationRoute /> },
          { path: PAGES.moderationReport, element: <ReportRoute /> },
        ],
      },
      // Also what the server answers (with a 404 status) for any path outside PAGES.
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
