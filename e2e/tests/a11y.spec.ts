import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, shot, signIn, test, ui } from '../helpers.js';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target.join(' '), html: n.html.slice(0, 200), why: n.failureSummary?.slice(0, 300) })),
    }));
}

test.describe('accessibility (axe-core: no serious or critical violations)', () => {
  test('login page', async ({ page }) => {
    await page.goto('/');
    await expect(ui.logInButton(page)).toBeVisible();
    await shot(page, 'login');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('dashboard', async ({ page }) => {
    await signIn(page, 'multi@portal.test');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.waitForLoadState('networkidle');
    await shot(page, 'dashboard');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
