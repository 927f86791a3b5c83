import { createBrowserRouter, type RouteObject } from 'react-router';
import { SiteLayout } from './layout/site-layout.tsx';

/** Each page is its own chunk: visitors of the public pages never download the author or admin code. */
const page = (load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    children: [
      { index: true, ...page(() => import('./pages/public/home-page.tsx')) },
      { path: 'home', ...page(() => import('./pages/public/home-page.tsx')) },
      { path: 'about', ...page(() => import('./pages/public/about-page.tsx')) },
      { path: 'about-us', ...page(() => import('./pages/public/about-us-page.tsx')) },
      { path: 'schedule', ...page(() => import('./pages/public/schedule-page.tsx')) },
      { path: 'important-dates', ...page(() => import('./pages/public/important-dates-page.tsx')) },
      { path: 'speakers', ...page(() => import('./pages/public/speakers-page.tsx')) },
      { path: 'committee', ...page(() => import('./pages/public/committee-page.tsx')) },
      { path: 'sponsorship', ...page(() => import('./pages/public/sponsorship-page.tsx')) },
      { path: 'brochure', ...page(() => import('./pages/public/brochure-page.tsx')) },
      { path: 'extended-abstract-format', ...page(() => import('./pages/public/extended-abstract-format-page.tsx')) },
      { path: 'full-length-paper-format', ...page(() => import('./pages/public/full-length-paper-format-page.tsx')) },
      { path: 'verify-letter', ...page(() => import('./pages/public/verify-letter-page.tsx')) },
      { path: 'verify-letter/:code', ...page(() => import('./pages/public/verify-letter-page.tsx')) },
      { path: 'login', ...page(() => import('./pages/author/login-page.tsx')) },
      { path: 'forgot-password', ...page(() => import('./pages/author/forgot-password-page.tsx')) },
      { path: 'reset-password/:resettoken', ...page(() => import('./pages/author/reset-password-page.tsx')) },
      { path: 'registration', ...page(() => import('./pages/author/registration-page.tsx')) },
      { path: 'profile', ...page(() => import('./pages/author/profile-page.tsx')) },
      { path: 'account', ...page(() => import('./pages/author/account-page.tsx')) },
      { path: 'account/two-factor', ...page(() => import('./pages/author/two-factor-page.tsx')) },
      { path: 'notifications', ...page(() => import('./pages/author/notifications-page.tsx')) },
      { path: 'submit', ...page(() => import('./pages/author/submit-page.tsx')) },
      { path: 'submit-paper', ...page(() => import('./pages/author/submit-paper-page.tsx')) },
      { path: 'submit-full-paper/:paperId', ...page(() => import('./pages/author/submit-full-paper-page.tsx')) },
      { path: 'admin', ...page(() => import('./pages/admin/admin-page.tsx')) },
      { path: 'admin/sign-in-log', ...page(() => import('./pages/admin/sign-in-log-page.tsx')) },
      { path: 'admin/messages', ...page(() => import('./pages/admin/messages-page.tsx')) },
      { path: 'admin/messages/:messageId', ...page(() => import('./pages/admin/message-page.tsx')) },
      { path: 'admin/visa-requests', ...page(() => import('./pages/admin/visa-requests-page.tsx')) },
      { path: 'admin/deadlines', ...page(() => import('./pages/admin/deadlines-page.tsx')) },
      { path: 'admin/user/:userId', ...page(() => import('./pages/admin/admin-user-page.tsx')) },
      { path: 'admin/paper/:paperId', ...page(() => import('./pages/admin/admin-paper-page.tsx')) },
      { path: '*', ...page(() => import('./pages/not-found-page.tsx')) },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes, { basename: import.meta.env.BASE_URL.replace(/\/$/, '') });
}
