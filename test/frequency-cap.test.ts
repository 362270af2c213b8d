import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../db/ids.js';
import { openOrm, type MikroORM } from '../db/orm.js';
import { sqlOne } from '../db/sql.js';
import { claimMarketingSlots, releaseMarketingSlots } from '../core/schedule/frequency-cap.js';
import { createTestDatabase } from './helpers.js';

/*
 * The frequency-cap ledger on real PostgreSQL. Two ORMs with their own connection pools stand for
 * two worker processes: their claims race on the same contacts at the same moment.
 */
let db: { url: string; drop: () => Promise<void> };
let a: MikroORM;
let b: MikroORM;

beforeAll(async () => {
  db = await createTestDatabase();
  a = await openOrm(db.url, { migrate: true });
  b = await openOrm(db.url);
});
afterAll(async () => {
  await a?.close(true);
  await b?.close(true);
  await db?.drop();
});

const count = async (projectId: string, contactId: string) =>
  (await sqlOne<{ n: number }>(a.em.fork(), 'select count(*)::int as n from marketing_sends where project_id = ? and contact_id = ?', [projectId, contactId])).n;

describe('frequency cap ledger', () => {
  it('max 1: of 20 concurrent claims for each of 10 contacts from two connection pools, exactly one per contact wins', async () => {
    const projectId = newId();
    const contacts = Array.from({ length: 10 }, () => newId());
    const cap = { max: 1, perDays: 7 };
    // 20 "campaigns", each claiming every contact in one batch, half through each pool.
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, k) =>
        claimMarketingSlots((k % 2 ? a : b).em.fork(), projectId, cap, contacts.map((c) => ({ ref: `camp${k}:${c}`, contactId: c }))),
      ),
    );
    for (const c of contacts) {
      const winners = results.flatMap((won, k) => (won.has(`camp${k}:${c}`) ? [k] : []));
      expect(winners, `contact ${c}`).toHaveLength(1);
      expect(await count(projectId, c)).toBe(1);
    }
  });

  it('max 3: the fourth mail in the window is capped; a retried message keeps its slot; a released slot is free again', async () => {
    const projectId = newId();
    const c = newId();
    const cap = { max: 3, perDays: 7 };
    const claim = (ref: string) => claimMarketingSlots(a.em.fork(), projectId, cap, [{ ref, contactId: c }]);
    for (const ref of ['m1', 'm2', 'm3']) expect([...(await claim(ref))]).toEqual([ref]);
    expect([...(await claim('m4'))]).toEqual([]);
    // The same message again (an activity retry) is still allowed and takes no second slot.
    expect([...(await claim('m2'))]).toEqual(['m2']);
    expect(await count(projectId, c)).toBe(3);
    await releaseMarketingSlots(a.em.fork(), projectId, ['m3']);
    expect([...(await claim('m4'))]).toEqual(['m4']);
  });

  it('counts only the last perDays days, and every contact and project on its own', async () => {
    const projectId = newId();
    const c = newId();
    const em = a.em.fork();
    await em.getConnection().execute(`insert into marketing_sends (project_id, ref, contact_id, sent_at) values (?, 'old', ?, now() - interval '8 days')`, [projectId, c], 'run');
    expect((await claimMarketingSlots(em, projectId, { max: 1, perDays: 7 }, [{ ref: 'new', contactId: c }])).has('new')).toBe(true);
    expect((await claimMarketingSlots(em, projectId, { max: 1, perDays: 9 }, [{ ref: 'newer', contactId: c }])).has('newer')).toBe(false);
    expect((await claimMarketingSlots(em, projectId, { max: 1, perDays: 7 }, [{ ref: 'other', contactId: newId() }])).size).toBe(1);
    expect((await claimMarketingSlots(em, newId(), { max: 1, perDays: 7 }, [{ ref: 'new', contactId: c }])).size).toBe(1);
  });

  it('without a cap every message is allowed and still recorded, so a cap set later counts it', async () => {
    const projectId = newId();
    const c = newId();
    const em = a.em.fork();
    expect((await claimMarketingSlots(em, projectId, undefined, [{ ref: 'x1', contactId: c }])).size).toBe(1);
    expect(await count(projectId, c)).toBe(1);
    expect((await claimMarketingSlots(em, projectId, { max: 1, perDays: 1 }, [{ ref: 'x2', contactId: c }])).size).toBe(0);
  });

  it('a claim purges ledger rows older than the longest cap window (365 days and a day), at least twice as many as it claims and at least 100, oldest first; younger rows stay and count', async () => {
    const projectId = newId();
    const other = newId();
    const c = newId();
    const em = a.em.fork();
    const conn = em.getConnection();
    const ages = async () =>
      (await conn.execute<{ ref: string }[]>('select ref from marketing_sends where project_id in (?, ?) order by ref', [projectId, other])).map((r) => r.ref);
    // 150 expired rows (of two projects, 367 to 516 days old), one kept at 364 days (a 365-day cap counts it).
    await conn.execute(
      `insert into marketing_sends (project_id, ref, contact_id, sent_at)
       select case when i % 2 = 0 then ?::uuid else ?::uuid end, 'exp' || lpad(i::text, 3, '0'), ?, now() - make_interval(days => 366 + i) from generate_series(1, 150) i`,
      [projectId, other, c],
      'run',
    );
    await conn.execute(`insert into marketing_sends (project_id, ref, contact_id, sent_at) values (?, 'kept', ?, now() - interval '364 days')`, [projectId, c], 'run');
    expect(await ages()).toHaveLength(151);

    // One claim: 100 rows purged, the oldest (exp051..exp150); the 364-day row counts toward a 365-day cap.
    expect((await claimMarketingSlots(em, projectId, { max: 1, perDays: 365 }, [{ ref: 'new', contactId: c }])).size).toBe(0);
    const left = await ages();
    expect(left).toEqual([...Array.from({ length: 50 }, (_, i) => `exp${String(i + 1).padStart(3, '0')}`), 'kept']);
    // The next claim purges the rest; the 364-day row and the new one stay.
    expect((await claimMarketingSlots(em, projectId, { max: 2, perDays: 365 }, [{ ref: 'new', contactId: c }])).size).toBe(1);
    expect(await ages()).toEqual(['kept', 'new']);
  });
});
