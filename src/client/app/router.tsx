import { createBrowserRouter, type RouteObject } from 'react-router';
import { CLIENT_PAGES, CLIENT_ROUTE_PATHS, type ClientPage, NOT_FOUND_PAGE } from '@shared/client-routes.ts';
import { SiteLayout } from './layout/site-layout.tsx';

type PageModule = { default: React.ComponentType };

/** Each page is its own chunk: visitors of the public pages never download the author or admin code. */
const PAGE_MODULES = import.meta.glob<PageModule>(['./pages/*-page.tsx', './pages/{public,author,admin}/*-page.tsx']);

function page(name: ClientPage): Pick<RouteObject, 'lazy'> {
  const load = PAGE_MODULES[`./pages/${name}.tsx`];
  if (!load) throw new Error(`No page module ./pages/${name}.tsx`);
  return { lazy: async () => ({ Component: (await load()).default }) };
}

export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    children: [
      ...CLIENT_ROUTE_PATHS.map((path) => ({
        ...(path === '' ? { index: true } : { path }),
        ...page(CLIENT_PAGES[path]),
      })),
      { path: '*', ...page(NOT_FOUND_PAGE) },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes, { basename: import.meta.env.BASE_URL.replace(/\/$/, '') });
}
