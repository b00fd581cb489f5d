import { expect, type Page } from '@playwright/test';
import { expectScreenOkAtBothWidths } from '../setup/browser';

/** Tabs until the element with that test id has focus (a keyboard user reaching a button), then presses Enter. */
export async function pressWithKeyboard(page: Page, testId: string): Promise<void> {
  const target = page.getByTestId(testId);
  await expect(target).toBeVisible();
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) {
      await page.keyboard.press('Enter');
      return;
    }
  }
  throw new Error(`${testId} never got the keyboard focus`);
}

/**
 * A citizen link's page (confirm a waitlist join, cancel a registration, accept an offer): it names the person (`also`
 * checks what is particular to it), passes the screen checks at both widths, and its button — reached with Tab and
 * pressed with Enter, or clicked — leads to its done step, whose heading takes the focus and passes them too.
 */
export async function actOnLinkPage(
  citizen: Page,
  page: 'confirm' | 'cancel' | 'accept',
  o: {
    name: string | RegExp;
    button: string;
    doneHeading: string;
    also: () => Promise<void>;
    shots: string | null;
    shotPrefix?: string;
    click?: boolean;
  },
): Promise<void> {
  const shot = (step: string) => `${o.shotPrefix ?? ''}${page}-${step}`;
  await expect(citizen.getByTestId(`${page}-page`)).toBeVisible();
  await expect(citizen.getByTestId('link-name')).toHaveText(o.name);
  await o.also();
  await expectScreenOkAtBothWidths(citizen, shot('page'), o.shots);
  if (o.click) await citizen.getByTestId(o.button).click();
  else await pressWithKeyboard(citizen, o.button);
  await expect(citizen.getByTestId(`${page}-done`)).toBeVisible();
  await expect(citizen.getByRole('heading', { name: o.doneHeading })).toBeFocused();
  await expectScreenOkAtBothWidths(citizen, shot('done'), o.shots);
}
