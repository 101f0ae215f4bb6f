import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { DESKTOP, PHONE, openPage, screenshot } from './support/browser';
import { eventually, expectPath, expectText, newAccount, signOut, signUp, submitSignIn } from './support/flows';
import { browserSuite } from './support/suite';
import { currentTotp, wrongTotp } from './support/totp';

async function phoneShot(page: Page, name: string, options?: { fullPage?: boolean }) {
  await page.setViewportSize(PHONE);
  await screenshot(page, `settings-${name}-phone`, options);
  await page.setViewportSize(DESKTOP);
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await eventually(async () => expect(await page.getByRole('tab', { name }).getAttribute('aria-selected')).toBe('true'));
}

/** Presses the tab's "Save changes"; the server accepts it and the page says so. */
async function save(page: Page) {
  const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname.startsWith('/api/me/'));
  await page.getByRole('tabpanel').getByRole('button', { name: 'Save changes' }).click();
  expect((await saved).status()).toBe(200);
  await page.getByRole('status').filter({ hasText: 'Changes saved' }).last().waitFor();
}

async function isChecked(page: Page, group: { role: 'radiogroup' | 'group'; name: string }, option: string) {
  return page
    .getByRole(group.role, { name: group.name })
    .getByRole(group.role === 'group' ? 'checkbox' : 'radio', { name: option, exact: true })
    .isChecked();
}

/** Chips and segmented controls are native inputs behind their labels: a person clicks the label. */
async function pick(page: Page, group: { role: 'radiogroup' | 'group'; name: string }, option: string) {
  await page.getByRole(group.role, { name: group.name }).locator('label').filter({ hasText: option }).click();
}

const htmlIsDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

browserSuite('settings (browser)', (suite) => {
  it('saves preferences, goals and theme; two-factor sign-in; deletes the account', async () => {
    // A browser in New York: the new account starts in that time zone.
    const { page, expectNoConsoleErrors, close } = await openPage(suite.browser, { timezoneId: 'America/New_York' });
    const account = newAccount('Mary Jackson');
    await signUp(page, suite.server.url, account);

    // ── Preferences: time zone and units, kept after a reload.
    await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Settings' }).click();
    await expectPath(page, '/en/app/settings');
    await openTab(page, 'Preferences');
    const timeZone = page.getByRole('combobox', { name: 'Time zone' });
    await eventually(async () => expect(await timeZone.inputValue()).toBe('America/New_York'));
    await phoneShot(page, 'preferences');
    await timeZone.selectOption('Asia/Tokyo');
    await pick(page, { role: 'radiogroup', name: 'Units' }, 'Imperial (lb, ft)');
    // Imperial at once: height in feet and inches, weight in pounds.
    await page.getByRole('textbox', { name: /^Height/ }).fill('5');
    await page.getByRole('textbox', { name: 'Inches' }).fill('10');
    await page.getByRole('textbox', { name: /^Weight/ }).fill('160');
    await save(page);
    await page.reload();
    await eventually(async () => expect(await timeZone.inputValue()).toBe('Asia/Tokyo'));
    expect(await timeZone.locator('option:checked').innerText()).toBe('Asia/Tokyo · GMT+9');
    expect(await isChecked(page, { role: 'radiogroup', name: 'Units' }, 'Imperial (lb, ft)')).toBe(true);
    // Kept in cm and kg, shown again in the units chosen.
    expect(await page.getByRole('textbox', { name: /^Height/ }).inputValue()).toBe('5');
    expect(await page.getByRole('textbox', { name: 'Inches' }).inputValue()).toBe('10');
    expect(await page.getByRole('textbox', { name: /^Weight/ }).inputValue()).toBe('160');

    // ── Fitness goals, including a target weight typed in pounds.
    await openTab(page, 'Fitness goals');
    const goals = { role: 'group', name: 'Goals' } as const;
    const equipment = { role: 'group', name: 'Equipment you have' } as const;
    await eventually(async () => expect(await isChecked(page, goals, 'General health')).toBe(true)); // the default
    // A free account is offered the free tier's goals and equipment only, as the plan generator is.
    const offered = async (group: typeof goals | typeof equipment) =>
      page
        .getByRole(group.role, { name: group.name })
        .getByRole('checkbox')
        .evaluateAll((boxes) => boxes.map((b) => b.closest('label')!.textContent!.trim()));
    expect(await offered(goals)).toEqual(['Lose weight', 'Improve endurance', 'General health']);
    expect(await offered(equipment)).toEqual(['No equipment', 'Dumbbells', 'Resistance bands']);
    await pick(page, goals, 'General health');
    await pick(page, goals, 'Lose weight');
    await pick(page, goals, 'Improve endurance');
    await pick(page, { role: 'radiogroup', name: 'Fitness level' }, 'Advanced');
    // "No equipment" excludes the rest: another piece clears it, and it clears the others.
    expect(await isChecked(page, equipment, 'No equipment')).toBe(true);
    await pick(page, equipment, 'Dumbbells');
    expect(await isChecked(page, equipment, 'No equipment')).toBe(false);
    await pick(page, equipment, 'Resistance bands');
    await pick(page, equipment, 'No equipment');
    expect(await isChecked(page, equipment, 'Dumbbells')).toBe(false);
    expect(await isChecked(page, equipment, 'Resistance bands')).toBe(false);
    await pick(page, equipment, 'Dumbbells');
    await pick(page, equipment, 'Resistance bands');
    await pick(page, { role: 'radiogroup', name: 'Workouts per week' }, '4');
    const target = page.getByRole('textbox', { name: /^Target weight/ });
    await target.fill('165');
    await expectText(page.getByRole('group', { name: 'Goals' }), '2 of 3 chosen');
    await save(page);
    await page.reload();
    await eventually(async () => expect(await isChecked(page, goals, 'Lose weight')).toBe(true));
    expect(await isChecked(page, goals, 'Improve endurance')).toBe(true);
    expect(await isChecked(page, goals, 'General health')).toBe(false);
    expect(await isChecked(page, { role: 'radiogroup', name: 'Fitness level' }, 'Advanced')).toBe(true);
    expect(await isChecked(page, equipment, 'Dumbbells')).toBe(true);
    expect(await isChecked(page, equipment, 'Resistance bands')).toBe(true);
    expect(await isChecked(page, equipment, 'No equipment')).toBe(false);
    expect(await isChecked(page, { role: 'radiogroup', name: 'Workouts per week' }, '4')).toBe(true);
    expect(await target.inputValue()).toBe('165'); // stored in kg, shown again in lb
    await phoneShot(page, 'goals');

    // ── Dark theme, applied at once and remembered after a reload.
    expect(await htmlIsDark(page)).toBe(false);
    await openTab(page, 'Preferences');
    await pick(page, { role: 'radiogroup', name: 'Theme' }, 'Dark');
    await save(page);
    await eventually(async () => expect(await htmlIsDark(page)).toBe(true));
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    expect(await htmlIsDark(page)).toBe(true);
    await eventually(async () => expect(await isChecked(page, { role: 'radiogroup', name: 'Theme' }, 'Dark')).toBe(true));
    await phoneShot(page, 'preferences-dark');

    // The account remembers it too: another browser turns dark once this user signs in there.
    const other = await openPage(suite.browser);
    await other.page.goto(`${suite.server.url}/en/sign-in`);
    expect(await htmlIsDark(other.page)).toBe(false);
    await submitSignIn(other.page, account.email, account.password);
    await expectPath(other.page, '/en/app');
    await eventually(async () => expect(await htmlIsDark(other.page)).toBe(true));
    other.expectNoConsoleErrors();
    await other.close();

    // ── Two-factor: password, then the key shown for manual entry, then a code from it.
    await openTab(page, 'Security');
    await page.getByRole('button', { name: 'Turn on two-factor' }).click();
    const setup = page.getByRole('dialog', { name: 'Set up two-factor authentication' });
    await setup.getByLabel('Your password', { exact: true }).fill(account.password);
    await setup.getByRole('button', { name: 'Continue' }).click();
    await setup.getByRole('img', { name: 'QR code to add FitForge to your authenticator app' }).waitFor();
    const manualKey = await setup.locator('code').innerText();
    expect(manualKey.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{16,}$/);
    await expect(setup.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').count()).resolves.toBeGreaterThan(0);
    await phoneShot(page, 'two-factor-setup', { fullPage: false });
    await setup.getByRole('textbox', { name: '6-digit code' }).fill(await currentTotp(manualKey));
    await setup.getByRole('button', { name: 'Turn on', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Two-factor authentication is on' }).waitFor();
    await eventually(async () => expect(await setup.isVisible()).toBe(false));
    await expectText(page.getByRole('tabpanel'), "Two-factor is on. You'll be asked for a code");
    await phoneShot(page, 'security-two-factor-on');

    // Signing in now asks for the code; a wrong one is refused on the page, the right one lets the user in.
    await signOut(page);
    await page.goto(`${suite.server.url}/en/sign-in`);
    await submitSignIn(page, account.email, account.password);
    await expectPath(page, '/en/two-factor');
    await page.getByRole('heading', { name: 'Two-factor verification' }).waitFor();
    const codeField = page.getByRole('textbox', { name: '6-digit code' });
    const code = await currentTotp(manualKey);
    await codeField.fill(wrongTotp(code));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectText(page.getByRole('alert').first(), /invalid|code/i);
    await expectPath(page, '/en/two-factor');
    await screenshot(page, 'settings-two-factor-wrong-code');
    await codeField.fill(await currentTotp(manualKey));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectPath(page, '/en/app');
    await expectText(page.getByRole('heading', { level: 1 }), 'Mary');

    // ── Delete the account: the confirmation wants the email typed out and the current password.
    await page.goto(`${suite.server.url}/en/app/settings?tab=account`);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete your account?' });
    const deleteForever = confirm.getByRole('button', { name: 'Delete forever' });
    expect(await deleteForever.isDisabled()).toBe(true);
    await confirm.getByRole('textbox', { name: `Type ${account.email} to confirm` }).fill(account.email);
    expect(await deleteForever.isDisabled()).toBe(true);
    const password = confirm.getByLabel('Your password', { exact: true });
    await password.fill('Wr0ngPassword');
    await deleteForever.click();
    await expectText(confirm.getByRole('alert'), 'Invalid password');
    await expectPath(page, '/en/app/settings');
    await password.fill(account.password);
    await phoneShot(page, 'delete-account-dialog', { fullPage: false });
    await deleteForever.click();
    await expectPath(page, '/en');
    await page.getByRole('status').filter({ hasText: 'Your account has been deleted.' }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true }).waitFor();

    // Those credentials no longer work.
    await page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true }).click();
    await submitSignIn(page, account.email, account.password);
    await expectText(page.getByRole('alert').first(), /invalid email or password/i);
    await expectPath(page, '/en/sign-in');

    // Deliberately provoked: the wrong two-factor code, the wrong password and the sign-in of a deleted account.
    expectNoConsoleErrors([401]);
    await close();
  });
});
