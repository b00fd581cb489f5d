/** The signed-in person's own screens, reached from the user menu (not the navigation). */
export const ACCOUNT_LINKS = [{ to: '/cuenta/tokens', label: 'Tokens de API' }] as const;

/** Lets non-component code (401 handler, socket pushes) move the browser; the router registers itself. */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigateImpl: Navigate | null = null;

export function registerNavigate(navigate: Navigate): void {
  navigateImpl = navigate;
}

export function navigateTo(to: string, options: { replace?: boolean } = { replace: true }): void {
  if (navigateImpl) navigateImpl(to, options);
  else window.location.assign(to);
}
