import { describe, expect, it } from 'vitest';
import { safeNextPath, switchLocalePath } from './locale';

describe('switchLocalePath', () => {
  it('swaps the locale segment and keeps the rest', () => {
    expect(switchLocalePath('/en/app/settings', '?tab=security', '', 'zh')).toBe('/zh/app/settings?tab=security');
    expect(switchLocalePath('/zh', '', '#features', 'en')).toBe('/en#features');
  });

  it('puts a locale in front of a path without one', () => {
    expect(switchLocalePath('/pricing', '', '', 'zh')).toBe('/zh/pricing');
  });
});

describe('safeNextPath', () => {
  it('follows paths of this site only', () => {
    expect(safeNextPath('/en/app/settings?tab=goals', '/en/app')).toBe('/en/app/settings?tab=goals');
    expect(safeNextPath('https://evil.example', '/en/app')).toBe('/en/app');
    expect(safeNextPath('//evil.example', '/en/app')).toBe('/en/app');
    expect(safeNextPath('/\\evil.example', '/en/app')).toBe('/en/app');
    expect(safeNextPath('/api/auth/sign-out', '/en/app')).toBe('/en/app');
    expect(safeNextPath(null, '/en/app')).toBe('/en/app');
  });
});
