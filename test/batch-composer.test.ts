import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { dkimVerify } from 'mailauth';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchComposer, composeMessage, messageOf } from '../activities/delivery/compose.js';
import { prepareMessage } from '../activities/mailer.js';
import { prepareStepRecordsAtOnce } from '../core/automations/send-email.js';
import { loadConfig, type Config } from '../core/config.js';
import { generateDkimKeyPair } from '../core/domains/dkim.js';
import { createProject } from '../core/projects/keys.js';
import { encryptSecret } from '../core/secrets.js';
import { createTemplate } from '../core/templates/templates.js';
import { Email, type Project } from '../db/entities/index.js';
import { newId } from '../db/ids.js';
import { migrator, ormOptions } from '../db/orm.js';
import { createPassDatabase } from './helpers.js';

/*
 * The messages of a batch (activities/delivery/compose.ts, batchComposer: an automation batch's
 * mails, a campaign page) composed into the MIME skeleton of their From and Reply-To, against
 * nodemailer's composer (composeMessage + prepareMessage, as one email record alone is sent): an
 * independent parser (postal-mime) reads the same headers and bodies from both, an independent
 * verifier (mailauth) passes the DKIM signature, and the domain's key is read from the database
 * once for the batch. A record with attachments or a To name goes through nodemailer's composer.
 */

const SECRET = 'batch-composer-test-secret-0123456789';
let db: { url: string; drop: () => Promise<void> };
let orm: MikroORM;
let config: Config;
let project: Project;
let publicKey: string;
/** SQL statements sent to the server, the ORM's and the raw ones (db/sql.ts) alike: every pg client's query. */
const statements: string[] = [];
const clientQuery = pg.Client.prototype.query;

const resolver = async (name: string, rr: string) => {
  if (rr === 'TXT' && name === 'sel1._domainkey.acme.test') return [[`v=DKIM1; k=rsa; p=${publicKey}`]];
  throw Object.assign(new Error(`no ${rr} for ${name}`), { code: 'ENOTFOUND' });
};

beforeAll(async () => {
  db = await createPassDatabase();
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const q = args[0] as string | { text?: string } | undefined;
    statements.push(typeof q === 'string' ? q : (q?.text ?? ''));
    return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof clientQuery;
  orm = await MikroORM.init(ormOptions(db.url));
  await (await migrator(orm)).up();
  config = loadConfig({ DATABASE_URL: db.url, SECRET_KEY: SECRET, DKIM_SIGNING: 'on', BOUNCE_ADDRESS: 'bounces@acme.test', PUBLIC_URL: 'https://t.acme.test' });
  const em = orm.em.fork();
  project = (await createProject(em, 'composer')).project as Project;
  const keys = await generateDkimKeyPair();
  publicKey = keys.publicKey;
  await em.getConnection().execute(
    `insert into domains (id, project_id, domain, status, dkim_selector, dkim_public_key, dkim_private_key_enc, records, verified_at)
     values (?, ?, 'acme.test', 'VERIFIED', 'sel1', ?, ?, '[]', now())`,
    [newId(), project.id, keys.publicKey, encryptSecret(SECRET, keys.privateKeyPem)],
  );
});
afterAll(async () => {
  pg.Client.prototype.query = clientQuery;
  await orm?.close();
  await db?.drop();
});

/** What a reader sees of a message: every header name, and the values and bodies that matter. */
async function read(raw: Buffer) {
  const p = await PostalMime.parse(raw);
  const header = (k: string) => p.headers.find((h) => h.key === k)?.value;
  return {
    headerNames: [...new Set(p.headers.map((h) => h.key))].sort(),
    from: p.from, to: p.to, replyTo: p.replyTo, subject: p.subject, messageId: p.messageId, html: p.html, text: p.text,
    service: ['x-mailhub-email-id', 'list-unsubscribe', 'list-unsubscribe-post', 'mime-version'].map(header),
    attachments: p.attachments.map((a) => [a.filename, a.mimeType, Buffer.from(a.content as ArrayBuffer).toString('base64')]),
  };
}

const dkimResult = async (raw: Buffer) => (await dkimVerify(raw, { resolver })).results.map((r) => [r.signingDomain, r.status.result]);
const loadEmails = (ids: string[]) => orm.em.fork().find(Email, { id: { $in: ids } }, { populate: ['attachments'] as never, orderBy: { id: 'asc' } });

describe('batch composer (MIME skeleton per From and Reply-To)', () => {
  it("composes an automation step's mails into the skeleton: they read as nodemailer composes them, DKIM passes, the key is read once for the batch", async () => {
    const em = orm.em.fork();
    const t = await createTemplate(em, project.id, {
      name: 'welcome', subject: 'Welcome {{name}}, grüße', body: '<p>Hi {{name}}, see <a href="https://example.org/x">this</a></p>',
      type: 'TRANSACTIONAL', from: 'hi@acme.test', fromName: 'Acme "Team" Ünited', replyTo: 'reply@acme.test',
    });
    const members = ['ada', 'bob', 'cy'].map((n) => ({ key: n, contact: { id: newId(), email: `${n}@example.com`, data: { name: n } }, eventData: {} }));
    for (const m of members) {
      await em.getConnection().execute(`insert into contacts (id, project_id, email, data) values (?, ?, ?, ?::jsonb)`, [m.contact.id, project.id, m.contact.email, JSON.stringify(m.contact.data)]);
    }
    const records = await em.transactional((tx) => prepareStepRecordsAtOnce(tx, { projectId: project.id, step: { id: 's', type: 'SEND_EMAIL', templateId: t.id } as never, members }));
    const emails = await loadEmails([...records!.values()].map((r) => r.id));
    expect(emails).toHaveLength(3);

    const composer = batchComposer(orm.em.fork(), config, project.id);
    const before = statements.length;
    const batch = await Promise.all(emails.map((e) => composer.prepare(messageOf(e, project, config))));
    expect(statements.slice(before).filter((s) => /\bdomains\b/.test(s))).toHaveLength(1);

    for (const [i, e] of emails.entries()) {
      const alone = await prepareMessage(await composeMessage(orm.em.fork(), config, e, project));
      const raw = batch[i].prepared!.raw;
      // The skeleton's boundary, not nodemailer's.
      expect(raw.toString()).toContain('boundary="--_mh-');
      expect(batch[i].prepared!.envelope).toEqual(alone.prepared!.envelope);
      expect(await read(raw)).toEqual(await read(alone.prepared!.raw));
      expect(await dkimResult(raw)).toEqual([['acme.test', 'pass']]);
    }
  });

  it('leaves a record with attachments or a To name to nodemailer: its message is what composeMessage gives, signed', async () => {
    const em = orm.em.fork();
    const base = {
      projectId: project.id, fromEmail: 'hi@acme.test', fromName: 'Acme', subject: 'Your file', html: '<p>Attached</p>', textBody: 'Attached', status: 'QUEUED',
    } as const;
    const named = em.create(Email, { ...base, id: newId(), toEmail: 'ada@example.com', toName: 'Ada Lovelace', messageId: `<${newId()}@acme.test>` } as Email);
    const attached = em.create(Email, {
      ...base, id: newId(), toEmail: 'bob@example.com', messageId: `<${newId()}@acme.test>`,
      attachments: [{ filename: 'a.txt', content: Buffer.from('hello file').toString('base64'), contentType: 'text/plain' }],
    } as Email);
    await em.flush();
    const emails = await loadEmails([named.id, attached.id]);

    const composer = batchComposer(orm.em.fork(), config, project.id);
    for (const e of emails) {
      const msg = await composer.prepare(messageOf(e, project, config));
      const raw = msg.prepared!.raw;
      expect(raw.toString()).not.toContain('--_mh-');
      const alone = await prepareMessage(await composeMessage(orm.em.fork(), config, e, project));
      expect(await read(raw)).toEqual(await read(alone.prepared!.raw));
      expect(await dkimResult(raw)).toEqual([['acme.test', 'pass']]);
    }
    const [a, b] = await Promise.all(emails.map(async (e) => read((await composer.prepare(messageOf(e, project, config))).prepared!.raw)));
    expect([a, b].map((r) => [r.to, r.attachments])).toEqual([
      [[{ name: 'Ada Lovelace', address: 'ada@example.com' }], []],
      [[{ name: '', address: 'bob@example.com' }], [['a.txt', 'text/plain', Buffer.from('hello file').toString('base64')]]],
    ]);
  });

  it('messages of a batch that alternate From and Reply-To each carry their own, and are signed with their own From domain\'s key or not at all', async () => {
    const composer = batchComposer(orm.em.fork(), config, project.id);
    const message = (i: number, from: string, replyTo: string | null) => ({
      emailId: `alt-${i}`, messageId: `<alt-${i}@acme.test>`, from: { name: 'Acme', address: from }, to: `r${i}@example.com`, replyTo,
      subject: `Alt ${i}`, html: `<p>Alt ${i}</p>`, text: `Alt ${i}`, headers: {},
    });
    const order: [string, string | null][] = [
      ['hi@acme.test', 'one@acme.test'], ['hi@acme.test', 'two@acme.test'], ['hi@acme.test', null], ['news@unverified.test', 'one@acme.test'],
      ['hi@acme.test', 'one@acme.test'], ['news@unverified.test', null], ['hi@acme.test', 'two@acme.test'],
    ];
    const got = [];
    // One after the other: from the second message on, each From address's key is already known.
    for (const [i, [from, replyTo]] of order.entries()) {
      const raw = (await composer.prepare(message(i, from, replyTo))).prepared!.raw;
      const r = await read(raw);
      got.push([r.from?.address, r.replyTo?.[0]?.address ?? null, raw.toString().startsWith('DKIM-Signature:') ? (await dkimResult(raw))[0][1] : 'unsigned']);
    }
    expect(got).toEqual(order.map(([from, replyTo]) => [from, replyTo, from.endsWith('@acme.test') ? 'pass' : 'unsigned']));
  });

  it("an automation batch's records as written (what its delivery composes, not read back) are the records the database holds, field by field, for a marketing and a transactional template", async () => {
    const em = orm.em.fork();
    for (const type of ['TRANSACTIONAL', 'MARKETING'] as const) {
      const t = await createTemplate(em, project.id, {
        name: `as-written-${type}`, subject: 'Hi {{name}}', body: '<p>Hi {{name}} <a href="https://example.org/y">y</a> {{event.plan}}</p>', type,
        from: 'hi@acme.test', fromName: 'Acme', replyTo: 'reply@acme.test',
      });
      const members = ['dee', 'eve'].map((n) => ({ key: n, contact: { id: newId(), email: `${n}-${type}@example.com`, data: { name: n } }, eventData: { plan: 'pro' } }));
      for (const m of members) {
        await em.getConnection().execute(`insert into contacts (id, project_id, email, data) values (?, ?, ?, ?::jsonb)`, [m.contact.id, project.id, m.contact.email, JSON.stringify(m.contact.data)]);
      }
      // A MARKETING mail to the contact is prepared one by one (consent, quiet hours, the cap): here it goes to `to`.
      const step = { id: 's', type: 'SEND_EMAIL', templateId: t.id, ...(type === 'MARKETING' ? { to: 'list@example.com' } : {}) } as never;
      const written = await em.transactional((tx) => prepareStepRecordsAtOnce(tx, { projectId: project.id, step, members }));
      expect(written!.size).toBe(2);
      const loaded = await loadEmails([...written!.values()].map((r) => r.id));
      for (const record of written!.values()) {
        const e = loaded.find((x) => x.id === record.id)!;
        const fields = ['id', 'messageId', 'fromName', 'fromEmail', 'toEmail', 'toName', 'replyTo', 'subject', 'html', 'textBody', 'attachments', 'headers', 'marketing'] as const;
        expect(Object.fromEntries(fields.map((f) => [f, record[f] ?? null]))).toEqual(Object.fromEntries(fields.map((f) => [f, e[f] ?? null])));
        expect(messageOf(record, project, config)).toEqual(messageOf(e, project, config));
      }
    }
  });
});
