import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { useNavigate, useRoutes, type RouteObject } from 'react-router-dom';
import { registerNavigate } from '../lib/navigation';

/**
 * One entry of the route table: the data router's shape (`lazy` answering `{ Component }`,
 * `hydrateFallbackElement` shown while a lazy screen loads), rendered by the declarative router.
 */
export interface AppRoute {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  lazy?: () => Promise<{ Component: ComponentType }>;
  hydrateFallbackElement?: ReactNode;
  children?: AppRoute[];
}

/** A `lazy` entry becomes a React.lazy screen inside Suspense (created once, at start-up). */
export function toRouteObjects(routes: AppRoute[], fallback: ReactNode = null): RouteObject[] {
  return routes.map((route) => {
    const { lazy: load, hydrateFallbackElement, children, element, path, index } = route;
    const loading = hydrateFallbackElement ?? fallback;
    let shown = element;
    if (load) {
      const Screen = lazy(() => load().then((m) => ({ default: m.Component })));
      shown = (
        <Suspense fallback={loading}>
          <Screen />
        </Suspense>
      );
    }
    const children_ = children ? toRouteObjects(children, loading) : undefined;
    return (index ? { index: true, element: shown } : { path, element: shown, children: children_ }) as RouteObject;
  });
}

/** Renders the route table and lets non-component code navigate (lib/navigation). */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const navigate = useNavigate();
  useEffect(() => {
    registerNavigate((to, options) => {
      void navigate(to, options);
    });
  }, [navigate]);
  return useRoutes(routes);
}
