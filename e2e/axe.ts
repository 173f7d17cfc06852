import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

/**
 * axe-core run in the page, injected once per document (in-app navigation keeps it), asking only for
 * violations: several times quicker than AxeBuilder, which injects axe and gathers every pass on
 * each call. axe-core is pinned in e2e/package.json (4.14: `label-content-name-mismatch` is on).
 */
const axeFile = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let source: string | null = null;

interface AxeNode {
  target: string[];
  html: string;
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: AxeNode[];
}

/** The serious and critical violations on the page (or inside `selector`), shortened for a readable diff. */
export async function seriousViolations(page: Page, selector?: string) {
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) {
    source ??= readFileSync(axeFile, 'utf8');
    // Evaluated through the debugging protocol, which the page's Content-Security-Policy does not govern.
    await page.evaluate(source);
  }
  // A modal still fading in has its text half transparent: wait for transitions to end.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, {
    timeout: 5_000,
  });
  // A toast coming or going is half transparent (its wrapper's opacity, set by Mantine's transition
  // step by step, not always as a running animation): wait until each one shown is fully opaque.
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('.mantine-Notification-root')].every((toast) => {
        for (let el: Element | null = toast; el; el = el.parentElement)
          if (Number(getComputedStyle(el).opacity) < 1) return false;
        return true;
      }),
    undefined,
    { timeout: 10_000 },
  );
  const violations = await page.evaluate(async (within) => {
    const axe = (
      window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const result = await axe.run(within ?? document, { resultTypes: ['violations'] });
    return result.violations;
  }, selector ?? null);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes
        .slice(0, 5)
        .map((n) => ({ target: n.target.join(' '), html: n.html.slice(0, 200), why: n.failureSummary?.slice(0, 300) })),
    }));
}
