import { z } from '@hono/zod-openapi';

/**
 * Only the shape is validated here (a non-empty string of at most 254 characters, the RFC 5321
 * limit): a string that is not a valid address is a 200 with `valid: false` and the reasons, not
 * a 422. `max` runs before anything else touches the string, so a huge body is refused at once.
 */
export const VerifyEmailBody = z
  .object({
    email: z
      .string()
      .max(254, 'must be at most 254 characters')
      .trim()
      .min(1, 'must not be empty')
      .openapi({ example: 'ada@example.com', description: 'The address to verify (at most 254 characters).' }),
  })
  .openapi('VerifyEmailBody', { example: { email: 'ada@example.com' } });

export const VerificationResult = z
  .object({
    email: z.string().openapi({ example: 'ada@example.com' }),
    valid: z.boolean().openapi({ description: 'Syntax is valid, the domain exists and receives mail (MX, or implicit MX via A/AAAA); never with a null MX.' }),
    isDisposable: z.boolean().openapi({ description: 'The domain is a disposable (temporary) email provider.' }),
    isAlias: z.boolean().openapi({ description: 'The domain is a forwarding / relay service (Hide My Email, SimpleLogin, Firefox Relay ...).' }),
    isTypo: z.boolean().openapi({ description: 'The domain looks like a misspelling; see `suggestedEmail`.' }),
    isPlusAddressed: z.boolean().openapi({ description: 'The local part carries a +tag.' }),
    isPersonalEmail: z.boolean().openapi({ description: 'A free personal mail provider (not disposable, not an alias).' }),
    domainExists: z.boolean().openapi({ description: 'DNS has MX, A/AAAA or NS records for the domain.' }),
    hasWebsite: z.boolean().openapi({ description: 'The domain or www.<domain> has an A/AAAA record.' }),
    hasMxRecords: z.boolean().openapi({ description: 'MX records that accept mail (a null MX does not count).' }),
    reasons: z.array(z.string()).openapi({ description: 'Plain-words explanation of every negative finding; a valid address starts with one positive reason.' }),
    suggestedEmail: z.string().optional().openapi({ example: 'ada@gmail.com', description: 'Present when `isTypo`: the address with the likely intended domain.' }),
  })
  .openapi('VerificationResult');
