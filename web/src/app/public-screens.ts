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

/** The opened page's first request, started at once (main.tsx) instead of after its code and first render. */
export function prefetchOpenedPage(pathname: string): void {
  for (const { routes } of PUBLIC_SCREENS) {
    for (const route of routes) {
      const match = route.prefetch ? matchPath(route.path, pathname) : null;
      if (match) return route.prefetch!(match.params);
    }
  }
}
