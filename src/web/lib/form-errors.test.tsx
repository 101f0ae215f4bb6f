// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { emailProblem, signInPasswordProblem } from '#core/auth/rules';
import { signInSchema } from '#core/auth/schemas';
import { issueMessage } from '#core/messages/catalogue';
import { Field } from '#web/components/ui/field';
import { initI18n } from '#web/i18n';
import { ApiError } from './api-client';
import { useFormBanner, useServerFieldErrors } from './form-errors';

const i18n = await initI18n('en');

/**
 * The sign-in form's shape: the shared rules check in the browser, the server's answer goes on the fields, or in the
 * banner when no field takes it.
 */
function SignIn({ answer }: { answer?: ApiError }) {
  const applyServerFieldErrors = useServerFieldErrors();
  const banner = useFormBanner();
  const { register, handleSubmit, formState, setError } = useForm({ defaultValues: { email: '', password: '' } });
  const submit = handleSubmit(() => {
    if (answer && !applyServerFieldErrors(answer, setError, ['email', 'password'])) banner.show(answer.message);
  });
  return (
    <form onSubmit={submit} {...banner.clearOn} noValidate>
      {/* As the Google button does: a refusal from outside the form's fields. */}
      <button type="button" onClick={() => banner.show('Google sign-in is unavailable')}>
        Google
      </button>
      {banner.message ? <p role="status">{banner.message}</p> : null}
      <Field label="Email" error={formState.errors.email?.message}>
        <input aria-label="Email" {...register('email', { validate: emailProblem })} />
      </Field>
      <Field label="Password" error={formState.errors.password?.message}>
        <input aria-label="Password" {...register('password', { validate: signInPasswordProblem })} />
      </Field>
      <button type="submit">Go</button>
    </form>
  );
}

async function submit(email: string, password: string) {
  // The form shows once the language's message catalogue is in.
  fireEvent.input(await screen.findByLabelText('Email'), { target: { value: email } });
  fireEvent.input(screen.getByLabelText('Password'), { target: { value: password } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Go' })));
}

const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

describe('form messages', () => {
  afterEach(cleanup);

  it("show a shared rule's message in the reader's language, by the key the server gives it too", async () => {
    await i18n.changeLanguage('zh');
    render(
      <I18nextProvider i18n={i18n}>
        <SignIn />
      </I18nextProvider>,
    );
    await submit('not-an-email', '');
    expect(alerts()).toEqual(['邮箱格式不正确', '请输入密码']);
    // The server's schema says the same, by the same keys.
    const issues = signInSchema.safeParse({ email: 'not-an-email', password: '' }).error!.issues;
    expect(issues.map((issue) => issueMessage(issue).messageKey)).toEqual(['auth.email', 'auth.passwordRequired']);
  });

  it("put the server's field messages on the fields by their keys, whatever their English says", async () => {
    await i18n.changeLanguage('zh');
    const answer = new ApiError({
      code: 'VALIDATION_ERROR',
      message: 'Validation failed',
      messageKey: 'error.VALIDATION_ERROR',
      statusCode: 400,
      details: [{ field: 'email', message: 'Please enter a valid email address', messageKey: 'auth.email' }],
    });
    render(
      <I18nextProvider i18n={i18n}>
        <SignIn answer={answer} />
      </I18nextProvider>,
    );
    await submit('ada@example.com', 'Secret123');
    expect(alerts()).toEqual(['邮箱格式不正确']);
  });

  it('show English to an English reader', async () => {
    await i18n.changeLanguage('en');
    render(
      <I18nextProvider i18n={i18n}>
        <SignIn />
      </I18nextProvider>,
    );
    await submit('not-an-email', 'x');
    expect(alerts()).toEqual(['Invalid email format']);
  });

  it('clear the banner of a refused submit at the next edit and at the next submit', async () => {
    await i18n.changeLanguage('en');
    const refused = new ApiError({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password', messageKey: 'error.INVALID_CREDENTIALS', statusCode: 401, details: [] });
    render(
      <I18nextProvider i18n={i18n}>
        <SignIn answer={refused} />
      </I18nextProvider>,
    );
    const banner = () => screen.queryByRole('status')?.textContent ?? null;
    await submit('ada@example.com', 'Secret123');
    expect(banner()).toBe('Invalid email or password');
    await act(async () => fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'Secret1234' } }));
    expect(banner()).toBeNull();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Go' })));
    expect(banner()).toBe('Invalid email or password');
    cleanup();

    // With no field edited: a submit clears the banner even when the browser's checks then stop it.
    render(
      <I18nextProvider i18n={i18n}>
        <SignIn />
      </I18nextProvider>,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Google' })));
    expect(banner()).toBe('Google sign-in is unavailable');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Go' })));
    expect(banner()).toBeNull();
    expect(alerts()).toEqual(['Invalid email format', 'Password is required']);
  });
});
