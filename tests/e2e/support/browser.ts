import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { ROOT } from './server';

/** Debian's Chromium: the tests never download a browser. */
export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = fs.existsSync(CHROMIUM);

/** `describe`, skipped (and saying why) on a machine without Chromium. */
export function describeBrowser(name: string, fn: () => void): void {
  if (!hasChromium) console.log(`[e2e] skipping "${name}": ${CHROMIUM} not found (apt-get install chromium)`);
  describe.skipIf(!hasChromium)(name, fn);
}

/** Headless Chromium, quiet (no updates, sync or first-run pages); `extraArgs` add flags (a fake camera…). */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      ...extraArgs,
    ],
  });
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export interface Problem {
  kind: 'console.error' | 'console.warning' | 'pageerror';
  text: string;
  url: string;
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and warnings and uncaught page errors seen so far, on every page of the context. */
  problems: Problem[];
  /**
   * Fails the test on any console error/warning or page error. `allowFailedStatus` lists HTTP statuses the test
   * provoked on purpose: only the browser's own "Failed to load resource … status of <N>" line for those is let through.
   */
  expectNoConsoleErrors(allowFailedStatus?: number[]): void;
  close(): Promise<void>;
}

function watch(page: Page, problems: Problem[]) {
  page.on('console', (msg) => {
    const type = msg.type();
    if (type === 'error' || type === 'warning') {
      problems.push({ kind: type === 'error' ? 'console.error' : 'console.warning', text: msg.text(), url: page.url() });
    }
  });
  page.on('pageerror', (error) => problems.push({ kind: 'pageerror', text: `${error.name}: ${error.message}`, url: page.url() }));
}

/**
 * A fresh context (no cookies, no storage) and one page in it, with every console problem recorded. English and UTC
 * unless told otherwise, whatever the machine's own settings.
 */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<OpenedPage> {
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US', timezoneId: 'UTC', ...options });
  const problems: Problem[] = [];
  // A CSP violation (a refused eval, script or style) shows nowhere on the page, and a caught one not even in the
  // console: each is made a console error here, so it fails the test like any other.
  await context.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} refused ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`)),
  );
  context.on('page', (p) => watch(p, problems));
  const page = await context.newPage();
  return {
    context,
    page,
    problems,
    expectNoConsoleErrors(allowFailedStatus = []) {
      const allowed = (p: Problem) => {
        const m = /^Failed to load resource: the server responded with a status of (\d{3})\b/.exec(p.text);
        return p.kind === 'console.error' && m !== null && allowFailedStatus.includes(Number(m[1]));
      };
      expect(problems.filter((p) => !allowed(p))).toEqual([]);
    },
    close: () => context.close(),
  };
}

export const SCREENSHOT_DIR = path.join(ROOT, 'test-results', 'screenshots');

/**
 * A PNG under test-results/screenshots/<name>.png, after fonts and animations have settled. Full page by default:
 * the window is then made as tall as the page for the shot, so bars fixed to the bottom of the screen appear at the
 * bottom of the page (as a person scrolled to the end sees them) rather than across its middle. `fullPage: false`
 * takes what the window shows (for a modal dialog, which scrolls inside itself).
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForTimeout(350); // the fade-in and slide-up animations
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  const viewport = page.viewportSize();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const grow = fullPage && viewport !== null && height > viewport.height;
  if (grow) await page.setViewportSize({ width: viewport.width, height });
  try {
    await page.screenshot({ path: file, fullPage });
  } finally {
    if (grow) await page.setViewportSize(viewport);
  }
  return file;
}
/** True when the page can be scrolled sideways (something sticks out of the viewport). */
export function scrollsHorizontally(page: Page): Promise<{ scrollWidth: number; innerWidth: number; overflows: boolean }> {
  return page.evaluate(() => {
    const scrollWidth = document.scrollingElement!.scrollWidth;
    return { scrollWidth, innerWidth: window.innerWidth, overflows: scrollWidth > window.innerWidth };
  });
}
