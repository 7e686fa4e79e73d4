import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

/**
 * axe-core, the external accessibility checker, read from node_modules: the tests never reach
 * the network. It is evaluated through the DevTools protocol rather than added as a <script>, which the pages'
 * Content-Security-Policy (scripts from their own origin only) would refuse.
 */
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The WCAG 2.1 A and AA rules and axe's best practices. */
const RULE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

export interface A11yViolation {
  rule: string;
  impact: string;
  help: string;
  /** Each offending element: its selector and axe's explanation (e.g. the contrast it measured). */
  nodes: string[];
}

interface AxeResults {
  violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[];
}

/** The critical and serious violations axe finds in the page as it is now (an open dialog included). */
export async function seriousA11yViolations(page: Page): Promise<A11yViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    RULE_TAGS,
  );
  return results.violations
    .filter(({ impact }) => impact === 'critical' || impact === 'serious')
    .map(({ id, impact, help, nodes }) => ({
      rule: id,
      impact: impact ?? '',
      help,
      nodes: nodes.map(({ target, failureSummary }) => `${target.join(' ')}: ${(failureSummary ?? '').replace(/\s+/g, ' ')}`),
    }));
}

/** Fails with axe's findings (rule, elements, why) when the page has a critical or serious violation; `where` names the screen. */
export async function expectNoSeriousA11yViolations(page: Page, where: string): Promise<void> {
  const violations = await seriousA11yViolations(page);
  expect({ where, violations }).toEqual({ where, violations: [] });
}

/** The screen has exactly one h1 (hidden ones count: a screen reader reads it all the same). */
export async function expectOneH1(page: Page, where: string): Promise<void> {
  const headings = await page.locator('h1').allTextContents();
  expect({ where, headings: headings.length }).toEqual({ where, headings: 1 });
}

/**
 * Nothing scrolls sideways at the current viewport: neither the page (a phone user would have to, to read it all)
 * nor a box of it, such as a table's scroll container hiding its last columns and row buttons.
 */
export async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const overflowing = await page.evaluate(() => {
    const page = document.scrollingElement!;
    const found = page.scrollWidth > window.innerWidth ? [`página: ${page.scrollWidth} > ${window.innerWidth} px`] : [];
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const { overflowX } = getComputedStyle(element);
      if ((overflowX === 'auto' || overflowX === 'scroll') && element.scrollWidth > element.clientWidth + 1) {
        found.push(
          `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}: ${element.scrollWidth} > ${element.clientWidth} px`,
        );
      }
    }
    return found;
  });
  expect({ where, overflowing }).toEqual({ where, overflowing: [] });
}
