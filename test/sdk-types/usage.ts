/*
 * Compiled by test/sdk-types.test.ts (and `npm run typecheck`), never run: every
 * `@ts-expect-error` line must fail to compile (an unused one is itself an error), so wrong
 * bodies, paths, parameters and response reads are caught by the SDK's types.
 */
import { createClient } from '../../openapi/sdk/src/index.js';

const client = createClient({ apiKey: 'sk_x', baseUrl: 'http://localhost:3000' });

export async function usage() {
  // Correct calls compile.
  const { data, error } = await client.POST('/contacts', { body: { email: 'ada@example.com', data: { plan: 'pro' } } });
  if (data) data.data._meta.isNew satisfies boolean;
  if (error) error.error.code satisfies string;
  await client.POST('/v1/send', { body: { to: [{ name: 'Ada', email: 'ada@example.com' }], template: 'tpl', data: { name: 'Ada' } } });
  await client.POST('/v1/track', { body: { email: 'ada@example.com', event: 'Signed Up', subscribed: true } });
  for await (const contact of client.paginate('/contacts', { query: { limit: 50, subscribed: 'true' } })) contact.email satisfies string;

  // @ts-expect-error a contact needs an email
  await client.POST('/contacts', { body: { subscribed: true } });
  // @ts-expect-error subscribed is a boolean
  await client.POST('/contacts', { body: { email: 'a@example.com', subscribed: 'yes' } });
  // @ts-expect-error a template type is TRANSACTIONAL or MARKETING
  await client.POST('/templates', { body: { name: 'n', subject: 's', body: 'b', type: 'NEWSLETTER' } });
  // @ts-expect-error track needs an event
  await client.POST('/v1/track', { body: { email: 'a@example.com' } });
  // @ts-expect-error send's body type is html or markdown
  await client.POST('/v1/send', { body: { to: 'a@example.com', subject: 's', body: 'b', type: 'text' } });
  // @ts-expect-error no such path
  await client.GET('/contact');
  // @ts-expect-error /contacts/{id} needs its path parameter
  await client.GET('/contacts/{id}', {});
  // @ts-expect-error PUT is not an operation of /contacts
  await client.PUT('/contacts', { body: { email: 'a@example.com' } });
  // @ts-expect-error /events/names is not a paged list
  client.paginate('/events/names');
  // @ts-expect-error the cursor is the helper's to move
  client.paginate('/contacts', { query: { cursor: 'abc' } });
  // @ts-expect-error errors of /v1/send use the alternate shape: no `error.code` object
  if (!data) (await client.POST('/v1/send', { body: { to: 'a@example.com' } })).error?.error.code;
  // @ts-expect-error contacts have no `name` field
  if (data) data.data.name;
}
