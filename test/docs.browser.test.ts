import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateOpenApiDocument } from '../api/app.js';
import { setupTestContext, type TestContext } from './helpers.js';
import { launchChromium } from './support/browser.js';
import { listen } from './support/http-server.js';

const ARTIFACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'artifacts');

let ctx: TestContext;
let server: Awaited<ReturnType<typeof listen>>;
let browser: Browser;
beforeAll(async () => {
  ctx = await setupTestContext();
  server = await listen(ctx.app);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await ctx?.cleanup();
});

describe('GET /docs in Chromium', () => {
  it('renders every tag from local files only, opens an operation, logs no console error', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1600 } });
    const problems: string[] = [];
    const requests: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
    page.on('request', (r) => requests.push(r.url()));

    const res = await page.goto(`${server.url}/docs`);
    expect(res!.status()).toBe(200);
    await page.locator('.opblock-tag').first().waitFor({ timeout: 30_000 });

    const expected = (generateOpenApiDocument() as any).tags.map((t: { name: string }) => t.name);
    const shown = await page.locator('.opblock-tag').evaluateAll((els) => els.map((e) => e.getAttribute('data-tag')));
    expect(shown).toEqual(expected);

    // Open "Create or update a contact" and see its request body example and responses.
    const op = page.locator('#operations-Contacts-upsertContact');
    await op.locator('.opblock-summary-control').click();
    await op.locator('.opblock-body').waitFor();
    await expect.poll(() => op.locator('.opblock-body').innerText()).toContain('ada@example.com');
    expect(await op.locator('.responses-table .response-col_status').allInnerTexts()).toEqual(expect.arrayContaining(['200', '201', '422']));

    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: path.join(ARTIFACTS, 'docs.png'), fullPage: false });
    expect(problems).toEqual([]);
    expect(requests.filter((u) => !u.startsWith(server.url) && !u.startsWith('data:'))).toEqual([]);
    await page.close();
  });
});

describe('CORS from a page on another origin', () => {
  it('tracks an event with a public key; a dashboard route stays closed to that page', async () => {
    // A shop page served by another server on loopback (another port: another origin). A page
    // faked by Playwright would count as public, and Chromium keeps public pages off loopback.
    const shop = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>shop</title><p>shop</p>'));
    await new Promise<void>((r) => shop.listen(0, '127.0.0.1', r));
    const pageUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
    const page = await browser.newPage();
    await page.goto(`${pageUrl}/shop`);
    const result = await page.evaluate(
      async ({ api, key }) => {
        const tracked = await fetch(`${api}/v1/track`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: 'browser@example.com', event: 'Added To Cart', data: { sku: 'A1' } }),
        });
        const body = (await tracked.json()) as { data: { event: string } };
        const closed = await fetch(`${api}/contacts`, { headers: { Authorization: `Bearer ${key}` } }).then(() => 'readable', (e: Error) => e.name);
        return { status: tracked.status, body, requestId: tracked.headers.get('x-request-id'), closed, origin: (globalThis as unknown as { location: { origin: string } }).location.origin };
      },
      { api: server.url, key: ctx.project.publicKey },
    );
    expect(result.origin).toBe(pageUrl);
    expect(result).toMatchObject({ status: 200, body: { success: true, data: { contact: expect.any(String), event: expect.any(String) } }, closed: 'TypeError' });
    expect(result.requestId).toEqual(expect.any(String));
    const [row] = await ctx.orm.em.fork().getConnection().execute('select name, data from events where id = ?', [result.body.data.event]);
    expect(row).toEqual({ name: 'Added To Cart', data: { sku: 'A1' } });
    await page.close();
    shop.close();
  });
});
