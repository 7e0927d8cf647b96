/**
 * axe-core (pinned devDependency) in the page under test: injected through the DevTools protocol
 * (page.evaluate, which the app's CSP does not govern), run over the whole document with its
 * default rules (WCAG 2.0-2.2 A/AA and best practices), and reduced to the critical and serious
 * violations, one line per failing node.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

type Impact = 'minor' | 'moderate' | 'serious' | 'critical';

interface AxeFinding {
  rule: string;
  impact: Impact | null;
  help: string;
  target: string;
  summary: string;
}

/** Every violation axe finds on the page now, one entry per node. */
async function axeFindings(page: Page): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    interface Result {
      violations: {
        id: string;
        impact: Impact | null;
        help: string;
        nodes: { target: unknown[]; failureSummary?: string }[];
      }[];
    }
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<Result> } }
    ).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.flatMap((v) =>
      v.nodes.map((n) => ({
        rule: v.id,
        impact: v.impact,
        help: v.help,
        target: n.target.map(String).join(' '),
        summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300),
      })),
    );
  });
}

/** The critical and serious violations as readable lines (empty when there are none). */
export async function seriousViolations(page: Page, where: string): Promise<string[]> {
  return (await axeFindings(page))
    .filter((f) => f.impact === 'critical' || f.impact === 'serious')
    .map((f) => `${where}: ${f.impact} ${f.rule} (${f.help}) at ${f.target}: ${f.summary}`);
}
