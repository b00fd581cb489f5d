/**
 * The door's installable app. The service worker (vite-plugin-pwa, Workbox; web/vite.config.ts) and
 * the manifest (public/puerta.webmanifest) come with the door page only: the worker keeps the app's files for
 * offline use and answers navigations to door pages from its copy; everything else, the API included, goes to the
 * network as if it were not there (docs/decisions/puerta.md). Citizens' pages never register it nor fetch the manifest.
 */
import { registerSW } from 'virtual:pwa-register';

let registered = false;

export function registerDoorWorker(): void {
  if (registered) return;
  registered = true;
  if (!document.querySelector('link[rel="manifest"]')) {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = '/puerta.webmanifest';
    document.head.appendChild(link);
  }
  if ('serviceWorker' in navigator) registerSW({ immediate: true });
}
