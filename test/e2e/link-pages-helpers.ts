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

/** Each link page's button, and the heading of the step it leads to (the same for events and programs). */
const LINK_PAGES = {
  confirm: { button: 'join-confirm', doneHeading: 'Ya estás en la lista de espera' },
  cancel: { button: 'cancel-confirm', doneHeading: 'Registro cancelado' },
  accept: { button: 'accept-confirm', doneHeading: '¡Registro Exitoso!' },
} as const;

/**
 * A citizen link's page (confirm a waitlist join, cancel a registration, accept an offer): it names the person (`also`
 * checks what is particular to it), passes the screen checks at both widths, and its button — reached with Tab and
 * pressed with Enter, or clicked — leads to its done step, whose heading takes the focus and passes them too.
 */
export async function actOnLinkPage(
  citizen: Page,
  page: keyof typeof LINK_PAGES,
  o: { name: string | RegExp; also: () => Promise<void>; shots: string | null; shotPrefix?: string; click?: boolean },
): Promise<void> {
  const { button, doneHeading } = LINK_PAGES[page];
  const shot = (step: string) => `${o.shotPrefix ?? ''}${page}-${step}`;
  await expect(citizen.getByTestId(`${page}-page`)).toBeVisible();
  await expect(citizen.getByTestId('link-name')).toHaveText(o.name);
  await o.also();
  await expectScreenOkAtBothWidths(citizen, shot('page'), o.shots);
  if (o.click) await citizen.getByTestId(button).click();
  else await pressWithKeyboard(citizen, button);
  await expect(citizen.getByTestId(`${page}-done`)).toBeVisible();
  await expect(citizen.getByRole('heading', { name: doneHeading })).toBeFocused();
  await expectScreenOkAtBothWidths(citizen, shot('done'), o.shots);
}
