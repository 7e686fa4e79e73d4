import type { Page } from 'playwright-core';

/**
 * Everything a page says on its console as an error or a warning, its uncaught errors, and the requests it made that
 * failed (a 404 favicon is also a console error in Chromium): a clean console is part of the product.
 * Each entry names the page's address at the time.
 */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  const where = () => new URL(page.url()).pathname;
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${where()} console.${message.type()}: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(`${where()} page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${where()} HTTP ${response.status()}: ${response.request().method()} ${response.url()}`);
  });
  return problems;
}
