// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '#web/components/ui/toast';
import { initI18n, SIGNED_IN_TEXTS } from '#web/i18n';
import { RenameDialog } from './plan-dialogs';

const i18n = await initI18n('en');
// A piece of the signed-in app: its texts, as the signed-in frame loads them.
await i18n.loadNamespaces(SIGNED_IN_TEXTS);
const PLAN_ID = '00000000-0000-4000-8000-000000000001';

describe('RenameDialog', () => {
  const sent = vi.fn();
  beforeEach(() => {
    sent.mockReset();
    vi.stubGlobal('fetch', sent);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <I18nextProvider i18n={i18n}>
          <ToastProvider>
            <RenameDialog planId={PLAN_ID} current="Summer strength" open onClose={() => undefined} />
          </ToastProvider>
        </I18nextProvider>
      </QueryClientProvider>,
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('starts from the current name and refuses an empty one with the shared rule, sending nothing', async () => {
    const name = screen.getByRole<HTMLInputElement>('textbox', { name: 'Plan name' });
    expect(name.value).toBe('Summer strength');
    fireEvent.change(name, { target: { value: '   ' } });
    const save = screen.getByRole('button', { name: 'Save name' });
    save.focus();
    fireEvent.click(save);
    expect((await screen.findByRole('alert')).textContent).toBe('Plan name must be 1 to 100 characters');
    expect(document.activeElement).toBe(save);
    expect(sent).not.toHaveBeenCalled();
  });
});
