/** Small self-contained HTML pages for the unsubscribe flow (no scripts, no external assets). */

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** `ada@example.com` -> `a**@example.com`: enough to recognise, not to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  const local = email.slice(0, at);
  return `${local[0]}${'*'.repeat(Math.min(Math.max(local.length - 1, 1), 6))}${email.slice(at)}`;
}

const layout = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#111827}
button{font:inherit;padding:.6rem 1.2rem;border:0;border-radius:.4rem;background:#111827;color:#fff;cursor:pointer}</style>
</head><body>${body}</body></html>`;

/** The GET page: a confirm button posting to the same URL (a GET never changes anything). */
export const confirmPage = (projectName: string, email: string) =>
  layout(
    'Unsubscribe',
    `<h1>Unsubscribe</h1>
<p>Stop receiving emails from <strong>${escapeHtml(projectName)}</strong> at <strong>${escapeHtml(maskEmail(email))}</strong>?</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
  );

export const donePage = (projectName: string) =>
  layout('Unsubscribed', `<h1>You are unsubscribed</h1><p>You will no longer receive these emails from <strong>${escapeHtml(projectName)}</strong>.</p>`);

export const PAGE_HEADERS = {
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex',
  // frame-ancestors: no other site can frame the page and trick a click on its button.
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
};
