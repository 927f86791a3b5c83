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
      { path: 'login', ...page(() => import('./pages/author/login-page.tsx')) },
      { path: 'forgot-password', ...page(() => import('./pages/author/forgot-password-page.tsx')) },
      { path: 'reset-password/:resettoken', ...page(() => import('./pages/author/reset-password-page.tsx')) },
      { path: 'registration', ...page(() => import('./pages/author/registration-page.tsx')) },
      { path: 'profile', ...page(() => import('./pages/author/profile-page.tsx')) },
      { path: '*', ...page(() => import('./pages/not-found-page.tsx')) },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes, { basename: import.meta.env.BASE_URL.replace(/\/$/, '') });
}
