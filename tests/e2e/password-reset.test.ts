import { expect, it } from 'vitest';
import { openPage, screenshot } from './support/browser';
import { expectPath, expectText, newAccount, passwordField, signOut, signUp, submitSignIn } from './support/flows';
import { emailsTo } from './support/server';
import { browserSuite } from './support/suite';

browserSuite('password reset (browser)', (suite) => {
  it('resets a forgotten password from the emailed link; the old password stops working', async () => {
    const { page, expectNoConsoleErrors, close } = await openPage(suite.browser);
    const account = newAccount('Katherine Johnson');
    const newPassword = 'N3wSecretPass';

    await signUp(page, suite.server.url, account);
    await signOut(page);

    // Sign in → "Forgot password?" → the email address → the "check your inbox" page.
    await page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true }).click();
    await expectPath(page, '/en/sign-in');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expectPath(page, '/en/forgot-password');
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    await expectText(page.getByRole('main'), `If an account exists for ${account.email}`);
    await screenshot(page, 'reset-check-inbox');

    // The embedded outbox prints the email in the server's log: read the link a person would click.
    const email = await suite.server.waitForLog((l) => l.msg?.startsWith('email kept in outbox') === true && l.to === account.email);
    expect(email.subject).toBe('Reset your FitForge password');
    const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(String(email.text))?.[0];
    expect(link, String(email.text)).toBeDefined();
    expect(link!.startsWith(`${suite.server.url}/en/reset-password?token=`)).toBe(true);

    // The link opens the "choose a new password" form; a mismatched confirmation is caught first.
    await page.goto(link!);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await passwordField(page, 'New password').fill(newPassword);
    await passwordField(page, 'Confirm new password').fill(`${newPassword}x`);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expectText(page.getByRole('alert').filter({ hasText: 'match' }), 'Passwords do not match');
    await passwordField(page, 'Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('heading', { name: 'Password updated' }).waitFor();
    await screenshot(page, 'reset-done');

    // Sign in with the new password.
    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await submitSignIn(page, account.email, newPassword);
    await expectPath(page, '/en/app');
    await expectText(page.getByRole('heading', { level: 1 }), 'Katherine');
    await signOut(page);

    // The old password is refused, with a message on the form; the user stays on the sign-in page.
    await page.goto(`${suite.server.url}/en/sign-in`);
    await submitSignIn(page, account.email, account.password);
    const error = page.getByRole('alert').filter({ hasText: /password/i });
    await expectText(error, /invalid email or password/i);
    await expectPath(page, '/en/sign-in');
    await screenshot(page, 'reset-old-password-refused');

    // The link works once: opened again, it says so and offers a new one.
    await page.goto(link!);
    await passwordField(page, 'New password').fill('An0therPassword');
    await passwordField(page, 'Confirm new password').fill('An0therPassword');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('heading', { name: "This link doesn't work anymore" }).waitFor();
    await page.getByRole('link', { name: 'Request a new link' }).waitFor();
    expect(emailsTo(suite.server, account.email)).toHaveLength(1);

    // Deliberately provoked: the refused sign-in (401) and the spent token (400).
    expectNoConsoleErrors([400, 401]);
    await close();
  });
});
