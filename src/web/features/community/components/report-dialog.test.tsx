// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '#core/community/schemas';
import { ToastProvider } from '#web/components/ui/toast';
import { initI18n, SIGNED_IN_TEXTS } from '#web/i18n';
import { ReportDialog } from './report-dialog';

const i18n = await initI18n('en');
// A piece of the signed-in app: its texts, as the signed-in frame loads them.
await i18n.loadNamespaces(SIGNED_IN_TEXTS);
const POST_ID = '00000000-0000-4000-8000-000000000001';

function show() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <ToastProvider>
          <ReportDialog target={{ kind: 'post', id: POST_ID }} open onClose={() => undefined} />
        </ToastProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  const submit = screen.getByRole('button', { name: 'Send report' });
  submit.focus();
  fireEvent.click(submit);
  return submit;
}

describe('ReportDialog', () => {
  const sent = vi.fn();
  beforeEach(() => {
    sent.mockReset();
    vi.stubGlobal('fetch', sent);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks for a reason before sending anything, and keeps the focus on the button', async () => {
    const submit = show();
    expect((await screen.findByRole('alert')).textContent).toBe('Reason must be one of spam, harassment, inappropriate, misinformation, other');
    expect(document.activeElement).toBe(submit);
    expect(sent).not.toHaveBeenCalled();
  });

  it('follows the answers once it has spoken: the reason chosen, too long details are named instead', async () => {
    show();
    await screen.findByRole('alert');
    fireEvent.click(screen.getByRole('radio', { name: 'Spam or advertising' }));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'x'.repeat(LIMITS.reportDetailsMax + 1) } });
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe(`Details must be at most ${LIMITS.reportDetailsMax} characters`));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(sent).not.toHaveBeenCalled();
  });
});
