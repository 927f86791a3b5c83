import { type ComponentType, use } from 'react';
import { Route, Routes } from 'react-router';
import {
  CLIENT_PAGES,
  CLIENT_ROUTE_PATHS,
  type ClientPage,
  clientRouteOf,
  NOT_FOUND_PAGE,
} from '@shared/client-routes.ts';
import { SiteLayout } from './layout/site-layout.tsx';

type PageModule = { default: ComponentType };

/** Each page is its own chunk: visitors of the public pages never download the author or admin code. */
const PAGE_MODULES = import.meta.glob<PageModule>(['./pages/*-page.tsx', './pages/{public,author,admin}/*-page.tsx']);

const loadedPages = new Map<ClientPage, ComponentType>();
const loadingPages = new Map<ClientPage, Promise<ComponentType>>();

/** Fetches a page's code once; a failed fetch (the network dropped) is tried again next time. */
export function loadPage(name: ClientPage): Promise<ComponentType> {
  let loading = loadingPages.get(name);
  if (!loading) {
    const load = PAGE_MODULES[`./pages/${name}.tsx`];
    if (!load) throw new Error(`No page module ./pages/${name}.tsx`);
    loading = load().then(
      (module) => {
        loadedPages.set(name, module.default);
        return module.default;
      },
      (error: unknown) => {
        loadingPages.delete(name);
        throw error;
      },
    );
    loadingPages.set(name, loading);
  }
  return loading;
}

/** The page drawing a path under the base path, as the routes below match it. */
export function pageAt(path: string): ClientPage {
  const route = clientRouteOf(path);
  return route === undefined ? NOT_FOUND_PAGE : CLIENT_PAGES[route];
}

/**
 * A page whose code is loaded renders at once; otherwise it suspends until its chunk arrives, and
 * the navigation's transition keeps the previous page on screen meanwhile.
 */
function LazyPage({ name }: { name: ClientPage }) {
  const Page = loadedPages.get(name) ?? use(loadPage(name));
  return <Page />;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        {CLIENT_ROUTE_PATHS.map((path) =>
          path === '' ? (
            <Route key="" index element={<LazyPage name={CLIENT_PAGES[path]} />} />
          ) : (
            <Route key={path} path={path} element={<LazyPage name={CLIENT_PAGES[path]} />} />
          ),
        )}
        <Route path="*" element={<LazyPage name={NOT_FOUND_PAGE} />} />
      </Route>
    </Routes>
  );
}
