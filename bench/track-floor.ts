/**
 * The one-statement floor of `/v1/track` (bench/start.ts): a bare `node:http` server in its own process
 * that parses the JSON body and runs the statement track runs (core/events/track.ts, as a named
 * prepared statement on a `pg` pool) for a fixed project, with a public key's authority, and answers
 * 200. No routing, validation, key lookup, rate limit, logging or ORM: what is left of a track call
 * when everything but its one SQL statement is taken away.
 *
 * Forked with an IPC channel: env DATABASE_URL, FLOOR_PROJECT_ID, FLOOR_POOL_MAX; sends `{ port }`
 * once listening, and exits on the message `stop` or when the parent goes.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { upsertContactParams } from '../core/contact-upsert.js';
import { normalizeEventName } from '../core/events/name.js';
import { splitTrackData, TRACK_SQL, TRACK_WITH_SUBSCRIPTION_SQL } from '../core/events/track.js';
import { newId } from '../db/ids.js';
import { preparedStatement } from '../db/sql.js';

const PLAIN = preparedStatement('floor_track', TRACK_SQL);
const WITH_SUBSCRIPTION = preparedStatement('floor_track_subscription', TRACK_WITH_SUBSCRIPTION_SQL);

const projectId = process.env.FLOOR_PROJECT_ID!;
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.FLOOR_POOL_MAX ?? 10) });
const authority = { publicKey: true, dataMode: 'add' as const };

async function handle(body: string): Promise<unknown> {
  const input = JSON.parse(body) as { email: string; event: string; subscribed?: boolean; data?: Record<string, unknown> };
  const { contactPatch, eventData } = splitTrackData(input.data);
  const withSubscription = input.subscribed !== undefined;
  const params = upsertContactParams(projectId, { email: input.email, subscribed: input.subscribed, subscribedIfNew: input.subscribed, data: contactPatch }, true, authority);
  if (withSubscription) params.push(newId(), projectId);
  params.push(newId(), projectId, normalizeEventName(input.event), JSON.stringify(eventData), projectId);
  const stmt = withSubscription ? WITH_SUBSCRIPTION : PLAIN;
  const { rows } = await pool.query({ name: stmt.name, text: stmt.text, values: params });
  return { data: { contact: rows[0].contact_id, event: rows[0].event_id, timestamp: new Date(rows[0].created_at).toISOString() } };
}

const server = http.createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (c: string) => (body += c));
  req.on('end', () => {
    handle(body).then(
      (out) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(out));
      },
      (e: Error) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: e.message }));
      },
    );
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as AddressInfo).port }));
const stop = () => server.close(() => void pool.end().then(() => process.exit(0)));
process.on('message', (m) => m === 'stop' && stop());
process.on('disconnect', stop);
