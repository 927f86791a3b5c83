import { createBrowserRouter, type RouteObject } from 'react-router';
import { CLIENT_ROUTE_PATHS, type ClientRoutePath } from '../../shared/client-routes.ts';
import { SiteLayout } from './layout/site-layout.tsx';

/** Each page is its own chunk: visitors of the public pages never download the author or admin code. */
const page = (load: PageModule): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

type PageModule = () => Promise<{ default: React.ComponentType }>;

/** The page of each route; typed by the shared list, so a route without a page (or a page without a route) does not build. */
const PAGES: Record<ClientRoutePath, PageModule> = {
  '': () => import('./pages/public/home-page.tsx'),
  home: () => import('./pages/public/home-page.tsx'),
  about: () => import('./pages/public/about-page.tsx'),
  'about-us': () => import('./pages/public/about-us-page.tsx'),
  schedule: () => import('./pages/public/schedule-page.tsx'),
  'important-dates': () => import('./pages/public/important-dates-page.tsx'),
  speakers: () => import('./pages/public/speakers-page.tsx'),
  committee: () => import('./pages/public/committee-page.tsx'),
  sponsorship: () => import('./pages/public/sponsorship-page.tsx'),
  brochure: () => import('./pages/public/brochure-page.tsx'),
  'extended-abstract-format': () => import('./pages/public/extended-abstract-format-page.tsx'),
  'full-length-paper-format': () => import('./pages/public/full-length-paper-format-page.tsx'),
  'verify-letter': () => import('./pages/public/verify-letter-page.tsx'),
  'verify-letter/:code': () => import('./pages/public/verify-letter-page.tsx'),
  login: () => import('./pages/author/login-page.tsx'),
  'forgot-password': () => import('./pages/author/forgot-password-page.tsx'),
  'reset-password/:resettoken': () => import('./pages/author/reset-password-page.tsx'),
  registration: () => import('./pages/author/registration-page.tsx'),
  profile: () => import('./pages/author/profile-page.tsx'),
  account: () => import('./pages/author/account-page.tsx'),
  'account/two-factor': () => import('./pages/author/two-factor-page.tsx'),
  notifications: () => import('./pages/author/notifications-page.tsx'),
  submit: () => import('./pages/author/submit-page.tsx'),
  'submit-paper': () => import('./pages/author/submit-paper-page.tsx'),
  'submit-full-paper/:paperId': () => import('./pages/author/submit-full-paper-page.tsx'),
  admin: () => import('./pages/admin/admin-page.tsx'),
  'admin/sign-in-log': () => import('./pages/admin/sign-in-log-page.tsx'),
  'admin/messages': () => import('./pages/admin/messages-page.tsx'),
  'admin/messages/:messageId': () => import('./pages/admin/message-page.tsx'),
  'admin/visa-requests': () => import('./pages/admin/visa-requests-page.tsx'),
  'admin/deadlines': () => import('./pages/admin/deadlines-page.tsx'),
  'admin/user/:userId': () => import('./pages/admin/admin-user-page.tsx'),
  'admin/paper/:paperId': () => import('./pages/admin/admin-paper-page.tsx'),
};

export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    children: [
      ...CLIENT_ROUTE_PATHS.map((path) => ({ ...(path === '' ? { index: true } : { path }), ...page(PAGES[path]) })),
      { path: '*', ...page(() => import('./pages/not-found-page.tsx')) },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes, { basename: import.meta.env.BASE_URL.replace(/\/$/, '') });
}
