/*
 * The /v1/track request mix of bench/track.ts and bench/start.ts: 10 event names, emails from
 * 50,000 addresses, some data, some `subscribed`.
 */

const EVENTS = ['page_view', 'signed_up', 'clicked_cta', 'purchased', 'login', 'logout', 'invited_user', 'upgraded', 'search', 'checkout:started'];
/** Emails are drawn from this many addresses: the first requests create contacts, later ones mostly update. */
const EMAIL_POOL = 50_000;

/** An autocannon request that posts the mix with `publicKey`. */
export function trackRequest(publicKey: string) {
  let n = 0;
  return {
    method: 'POST',
    path: '/v1/track',
    headers: { authorization: `Bearer ${publicKey}`, 'content-type': 'application/json' },
    setupRequest(req: Record<string, any>) {
      n += 1;
      const email = `user${Math.floor(Math.random() * EMAIL_POOL)}@bench.example.com`;
      const body: Record<string, unknown> = { email, event: EVENTS[n % EVENTS.length] };
      if (n % 3 === 0) body.data = { plan: n % 2 ? 'pro' : 'free', visits: n, ref: { value: `r${n}`, persistent: false } };
      if (n % 20 === 0) body.subscribed = n % 40 !== 0;
      return { ...req, body: JSON.stringify(body) };
    },
  };
}
