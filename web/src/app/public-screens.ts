import { matchPath } from 'react-router-dom';
import { expectLayouts, screensOf, type FeatureScreens, type ScreenGroup } from '../lib/screens';

/**
 * The citizens' pages: every feature's public manifest (features/<x>/public-routes.tsx), found at build
 * time and in the first bundle with the public layout. The login and the staff screens are declared in
 * features/<x>/routes.tsx and read by the staff routes (app/staff-router.tsx, its own chunk): nothing of
 * theirs is downloaded by a citizen opening /eventos.
 */
const MANIFESTS = import.meta.glob<FeatureScreens>('../features/*/public-routes.tsx', { eager: true, import: 'screens' });

expectLayouts(MANIFESTS, ['public']);

export const PUBLIC_SCREENS: ScreenGroup[] = screensOf(Object.values(MANIFESTS), 'public');

/**
 * The page opened directly starts at once (main.tsx), not after the first render: its code (a lazy page)
 * and its first request (`prefetch`, lib/early.ts) both begin loading while React starts.
 */
export function startOpenedPage(pathname: string): void {
  for (const { routes } of PUBLIC_SCREENS) {
    for (const route of routes) {
      const match = route.prefetch || route.lazy ? matchPath(route.path, pathname) : null;
      if (!match) continue;
      route.prefetch?.(match.params);
      route.lazy?.().catch(() => undefined); // a failed load is shown when the route renders
      return;
    }
  }
}
