import { describe, expect, it } from 'vitest';
import { googleCallbackUrl } from './google';

const here = { origin: 'http://localhost:5173', pathname: '/zh/sign-in' };

describe('googleCallbackUrl', () => {
  it('uses the production origin in production', () => {
    expect(googleCallbackUrl({ environment: 'production', appUrl: 'https://fitforge.app/' }, here)).toBe('https://fitforge.app/zh/auth/callback');
  });

  it('uses the browser origin elsewhere', () => {
    expect(googleCallbackUrl({ environment: 'development', appUrl: 'https://fitforge.app' }, here)).toBe('http://localhost:5173/zh/auth/callback');
    expect(googleCallbackUrl({ environment: 'test', appUrl: 'https://fitforge.app' }, here)).toBe('http://localhost:5173/zh/auth/callback');
  });

  it("takes the first segment as the locale only when it has exactly two letters, else 'en'", () => {
    const dev = { environment: 'development' as const, appUrl: '' };
    expect(googleCallbackUrl(dev, { origin: 'http://x', pathname: '/fr/sign-in' })).toBe('http://x/fr/auth/callback');
    expect(googleCallbackUrl(dev, { origin: 'http://x', pathname: '/sign-in' })).toBe('http://x/en/auth/callback');
    expect(googleCallbackUrl(dev, { origin: 'http://x', pathname: '/' })).toBe('http://x/en/auth/callback');
  });
});
