import { describe, expect, it } from 'vitest';
import { cardFormError } from './sandbox.handlers';

const now = new Date('2026-06-15T12:00:00Z');
const ok = { card: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123' };

describe('sandbox card form', () => {
  it('accepts the test cards', () => {
    expect(cardFormError(ok, now)).toBeNull();
    expect(cardFormError({ ...ok, card: '4000 0000 0000 5126' }, now)).toBeNull();
    expect(cardFormError({ ...ok, card: '4242-4242-4242-4242', expiry: '06/2026', cvc: '1234' }, now)).toBeNull();
  });

  it('declines the declined card and refuses any other card', () => {
    expect(cardFormError({ ...ok, card: '4000 0000 0000 0002' }, now)).toBe('declined');
    expect(cardFormError({ ...ok, card: '5555 5555 5555 4444' }, now)).toBe('unknownCard');
  });

  it('checks the number, the expiry month (good through its last day) and the CVC', () => {
    expect(cardFormError({ ...ok, card: '4242' }, now)).toBe('card');
    expect(cardFormError({ ...ok, card: '4242 abcd 4242 4242' }, now)).toBe('card');
    expect(cardFormError({ ...ok, expiry: '05 / 26' }, now)).toBe('expiry');
    expect(cardFormError({ ...ok, expiry: '06 / 26' }, now)).toBeNull();
    expect(cardFormError({ ...ok, expiry: '13 / 30' }, now)).toBe('expiry');
    expect(cardFormError({ ...ok, expiry: 'soon' }, now)).toBe('expiry');
    expect(cardFormError({ ...ok, cvc: '12' }, now)).toBe('cvc');
  });
});
