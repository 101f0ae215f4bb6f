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
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
