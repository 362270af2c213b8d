import { z } from '@hono/zod-openapi';

/** The signed token of a tracking link (base64url payload + `.` + HMAC); the pixel's may end in `.gif`. */
export const TokenParam = z.object({
  token: z
    .string()
    .min(1)
    .max(8192)
    .openapi({ param: { name: 'token', in: 'path' }, description: 'Signed token from the link in the email (opaque).' }),
});

/** 1x1 transparent GIF. */
export const PIXEL_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** Tracking responses must never be cached: every fetch is an event. */
export const NO_STORE = { 'Cache-Control': 'no-store, no-cache, must-revalidate, private', Pragma: 'no-cache' };
