import { test } from './fixtures';

/** The widths every screen is looked at: a desktop and the narrowest phone the product supports (360 px). */
export const SHOT_VIEWPORTS = { desktop: { width: 1280, height: 800 }, mobile: { width: 360, height: 760 } } as const;
export type ShotViewport = keyof typeof SHOT_VIEWPORTS;

/**
 * Screenshot suites are for looking at, not asserting: skipped unless AFORO_SHOTS=1
 * (`AFORO_SHOTS=1 npx playwright test <name>-screenshots`). Call at the top of the spec file; returns the
 * folder the PNGs go to (AFORO_SHOTS_DIR, or /tmp/shots-<name>).
 */
export function screenshotsDir(name: string): string {
  test.skip(!process.env.AFORO_SHOTS, 'set AFORO_SHOTS=1 to take screenshots');
  return process.env.AFORO_SHOTS_DIR ?? `/tmp/shots-${name}`;
}
