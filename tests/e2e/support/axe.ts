import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  nodes: { target: string; summary: string }[];
}

/**
 * Runs axe-core on the page as it is now and returns the WCAG A/AA violations. The page's context must be opened with
 * `bypassCSP: true`: the script goes in inline, which the app's content security policy forbids.
 */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: any[] }> } }).axe;
    const { violations } = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      nodes: v.nodes.map((n: { target: unknown[]; failureSummary?: string }) => ({ target: n.target.join(' '), summary: n.failureSummary ?? '' })),
    }));
  }, WCAG_TAGS);
}

export const isSevere = (v: AxeViolation) => v.impact === 'serious' || v.impact === 'critical';

/** One line per violation and node, for a readable failure message. */
export function describeViolations(where: string, violations: AxeViolation[]): string[] {
  return violations.flatMap((v) => v.nodes.map((n) => `${where} [${v.impact}] ${v.id}: ${v.help} — ${n.target}\n    ${n.summary.replace(/\n/g, '\n    ')}`));
}
