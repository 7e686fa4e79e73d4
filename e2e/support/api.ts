import type { Page } from 'playwright-core';

/** The generic answer of the API (product-spec §3). */
export interface Envelope<T> {
  success: boolean;
  text: string;
  data?: T;
}

/**
 * Asks the API directly, with the token the page signed in with: what a screen must show is what the API
 * answers for the same request, never a figure written into the test.
 */
export async function callApiAs<T>(
  page: Page,
  apiUrl: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
): Promise<Envelope<T>> {
  const token = await page.evaluate(() => localStorage.getItem('consig.token'));
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await response.json()) as Envelope<T>;
}
