import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { describeBrowser, launchBrowser } from './browser';
import { startServer, type RunningServer } from './server';

/** What every browser test of a suite shares; read it inside a test or a hook (it exists once the suite started). */
export interface BrowserSuite {
  /** The real server process, over a fresh data folder. */
  readonly server: RunningServer;
  /** One Chromium: each test opens its own context (openPage), so tests share no cookies or storage. */
  readonly browser: Browser;
}

export interface BrowserSuiteOptions {
  /** Server environment beyond the test defaults (see startServer); a function when it needs a fake service started first. */
  env?: Record<string, string> | (() => Promise<Record<string, string>>);
  /** Chromium flags beyond the defaults, worked out before the browser starts (a fake camera's clip…). */
  browserArgs?: () => Promise<string[]>;
}

/**
 * A suite of browser tests: the server and Chromium started before its first test and stopped after its last, and
 * the whole suite skipped (saying why) on a machine without Chromium.
 *
 *   browserSuite('billing (browser)', (suite) => {
 *     it('…', async () => {
 *       const { page, close } = await openPage(suite.browser);
 *       await page.goto(`${suite.server.url}/en/pricing`);
 */
export function browserSuite(name: string, fn: (suite: BrowserSuite) => void): void;
export function browserSuite(name: string, options: BrowserSuiteOptions, fn: (suite: BrowserSuite) => void): void;
export function browserSuite(name: string, ...args: [(suite: BrowserSuite) => void] | [BrowserSuiteOptions, (suite: BrowserSuite) => void]): void {
  const [options, fn] = args.length === 1 ? [{}, args[0]] : args;
  describeBrowser(name, () => {
    let server: RunningServer | undefined;
    let browser: Browser | undefined;
    const started = <T>(value: T | undefined, what: string): T => {
      if (value === undefined) throw new Error(`the suite's ${what} is started in its beforeAll: read it inside a test or a hook`);
      return value;
    };
    const suite: BrowserSuite = {
      get server() {
        return started(server, 'server');
      },
      get browser() {
        return started(browser, 'browser');
      },
    };

    beforeAll(async () => {
      server = await startServer(typeof options.env === 'function' ? await options.env() : options.env);
      browser = await launchBrowser((await options.browserArgs?.()) ?? []);
    });
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });
    fn(suite);
  });
}
