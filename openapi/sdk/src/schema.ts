/** Generated from openapi/openapi.json by `npm run openapi` (openapi-typescript); do not edit. */

export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness of the database and Temporal (200 when both are reachable, 503 before) */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send transactional email to up to 50 recipients (inline content or a template)
         * @description Upserts each recipient as a contact (new ones unsubscribed unless `subscribed` is true), writes one email record per recipient and queues delivery. Refused with 422, nothing sent, when a recipient is suppressed (bounce, complaint, manual), or, for a MARKETING template, when a recipient opted out (unsubscribe link, complaint, `subscribed` turned off). Errors use the alternate shape `{code, error, message, time}`. With `Idempotency-Key`, a retry with the same body within 24 h returns the first response (header `Idempotent-Replayed: true`) without sending again.
         */
        post: operations["sendEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/track": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Track an event for a contact (creates or updates the contact) */
        post: operations["trackEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify an email address (syntax, DNS, disposable, alias, personal provider, typo)
         * @description A malformed address is not an error: the answer is `valid: false` with the reasons. DNS failures (timeout, SERVFAIL) also give `valid: false` with a reason saying the lookup failed. Errors use the alternate shape `{code, error, message, time}`.
         */
        post: operations["verifyEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contacts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List contacts, newest first (keyset paginated) */
        get: operations["listContacts"];
        put?: never;
        /** Create or update a contact (upsert by email) */
        post: operations["upsertContact"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contacts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one contact */
        get: operations["getContact"];
        put?: never;
        post?: never;
        /** Delete a contact (its events stay, detached) */
        delete: operations["deleteContact"];
        options?: never;
        head?: never;
        /** Update a contact (data is merged; null removes a key) */
        patch: operations["updateContact"];
        trace?: never;
    };
    "/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List templates, newest first */
        get: operations["listTemplates"];
        put?: never;
        /** Create a template */
        post: operations["createTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/templates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one template */
        get: operations["getTemplate"];
        put?: never;
        post?: never;
        /** Delete a template (409 while a campaign or workflow uses it) */
        delete: operations["deleteTemplate"];
        options?: never;
        head?: never;
        /** Update a template (partial; null clears from/fromName/replyTo) */
        patch: operations["updateTemplate"];
        trace?: never;
    };
    "/emails/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one sent email and its delivery status (ids come from POST /v1/send) */
        get: operations["getEmail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events/names": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the distinct event names with their counts and last occurrence */
        get: operations["listEventNames"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List events, newest first (keyset paginated, filterable) */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/domains": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List sender domains, newest first (`?status=VERIFIED` for the verified ones) */
        get: operations["listDomains"];
        put?: never;
        /** Add a sender domain: returns the DNS records to publish (DKIM, SPF, DMARC) and starts checking DNS */
        post: operations["createDomain"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/domains/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one sender domain with the status of each DNS record */
        get: operations["getDomain"];
        put?: never;
        post?: never;
        /** Remove a sender domain and stop its DNS checks (409 while a campaign sends from it) */
        delete: operations["deleteDomain"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/domains/{id}/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check the DNS records now (a FAILED domain starts a new 72 h checking period)
         * @description Answers after the check with the updated domain; the background checks start again from their shortest interval.
         */
        post: operations["verifyDomain"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/suppressions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List suppressed addresses, newest first (keyset paginated)
         * @description Mail to a suppressed address is refused (`RECIPIENT_SUPPRESSED`) and skipped by campaigns.
         */
        get: operations["listSuppressions"];
        put?: never;
        /** Suppress an address (idempotent: an existing entry takes the new reason) */
        post: operations["createSuppression"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/suppressions/{email}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove an address from the suppression list: mail to it is allowed again */
        delete: operations["deleteSuppression"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/bounces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report bounces and complaints (authenticated by the project webhook secret or a secret key)
         * @description For mail providers and bounce processors. A hard bounce or complaint puts the address on the suppression list and records `email.bounced` (data.type `hard`) or `email.complained`; a hard bounce also marks the matched email record `BOUNCED`. A soft bounce records `email.bounced` (data.type `soft`) only. Reports are matched to the sent email by `emailId` or `messageId`. A batch is applied all or nothing.
         */
        post: operations["reportBounces"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/bounces/dsn": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report a raw bounce message: RFC 3464 DSN or RFC 5965 abuse report (webhook secret or secret key)
         * @description For an MTA that forwards the bounces it receives (inbound SMTP itself is not part of this service). Status 5.x.x is a hard bounce, 4.x.x a soft one; a feedback report is a complaint. The bounced message is found by the `X-Mailhub-Email-Id` header of the returned message, its Message-ID, or a VERP `+<emailId>` return path. Effects as `POST /webhooks/bounces`. At most 1 MB; 422 when no bounce is found in it.
         */
        post: operations["reportDsn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/project": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get the key's project: settings and the bounce-webhook secret */
        get: operations["getProject"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/project/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change tracking and sending-rate settings */
        patch: operations["updateProjectSettings"];
        trace?: never;
    };
    "/t/o/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Open pixel (public, no key): records `email.opened` and answers a 1x1 GIF
         * @description Embedded in tracked mail as `<img src="{PUBLIC_URL}/t/o/{token}.gif">`. The token is signed: a tampered or unknown token is a 404 and records nothing.
         */
        get: operations["trackOpen"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/t/c/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Click redirect (public, no key): records `email.clicked` and redirects to the original link
         * @description Links of tracked mail point here. The token signs the email id and the original URL, so the redirect only ever goes to a URL that was in the message (never an open redirect); a tampered token is a 404 and records nothing.
         */
        get: operations["trackClick"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/u/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Unsubscribe page (public, no key): a confirm button; changes nothing
         * @description The visible unsubscribe link of marketing mail. Link scanners prefetch URLs, so a GET only shows a form that POSTs to the same URL.
         */
        get: operations["unsubscribePage"];
        put?: never;
        /**
         * Unsubscribe (public, no key; RFC 8058 one-click)
         * @description The target of `List-Unsubscribe` / `List-Unsubscribe-Post: List-Unsubscribe=One-Click` and of the confirm form. Accepts the form body `List-Unsubscribe=One-Click`, any other body, or none (`curl -X POST <url>` works); no cookies, no redirect. Sets the contact `subscribed=false` and records `contact.unsubscribed` once; repeating it is harmless.
         */
        post: operations["unsubscribeOneClick"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Health: {
            /** @enum {string} */
            status: "ok" | "unavailable";
            /** @enum {string} */
            database: "up" | "down";
            /** @enum {string} */
            temporal: "up" | "down";
        };
        SendResult: {
            emails: {
                contact: {
                    id: string;
                    email: string;
                };
                /** @description Email record id (GET /emails/{id}) */
                email: string;
            }[];
            /**
             * Format: date-time
             * @example 2026-11-23T10:00:00.000Z
             */
            timestamp: string;
        };
        AltError: {
            /** @example 422 */
            code: number;
            /** @example Unprocessable Entity */
            error: string;
            message: string;
            /** @description epoch milliseconds */
            time: number;
        };
        /**
         * @example {
         *       "to": "ada@example.com",
         *       "from": {
         *         "name": "Example",
         *         "email": "hello@example.com"
         *       },
         *       "subject": "Your order {{order}}",
         *       "body": "<p>Thanks {{name}}!</p>",
         *       "data": {
         *         "name": "Ada",
         *         "order": "A-1001"
         *       }
         *     }
         */
        SendEmailBody: {
            /** @description One recipient or up to 50 (duplicates removed, case-insensitively) */
            to: string | {
                name?: string;
                /**
                 * Format: email
                 * @example ada@example.com
                 */
                email: string;
            } | (string | {
                name?: string;
                /**
                 * Format: email
                 * @example ada@example.com
                 */
                email: string;
            })[];
            /** @description Required unless a template is given */
            subject?: string;
            /** @description HTML or markdown with {{variable}} placeholders; required unless a template is given */
            body?: string;
            /**
             * @description How `body` is written
             * @default html
             * @enum {string}
             */
            type?: "html" | "markdown";
            /** @description Template id; request fields override its subject, body, from, name and reply-to */
            template?: string;
            /** @description Sender on a verified domain; required unless the template has one */
            from?: string | {
                name?: string;
                /**
                 * Format: email
                 * @example ada@example.com
                 */
                email: string;
            };
            /** @description Sender display name (alternative to from.name) */
            name?: string;
            /**
             * Format: email
             * @description Reply-To address
             * @example ada@example.com
             */
            reply?: string;
            /** @description New contacts are created unsubscribed unless this is true. `true` also subscribes an existing contact; `false` never unsubscribes one (use the unsubscribe link, POST /v1/track or PATCH /contacts/{id}). */
            subscribed?: boolean;
            /**
             * @description Template variables, over the contact's data
             * @example {
             *       "name": "Ada"
             *     }
             */
            data?: {
                [key: string]: unknown;
            };
            /**
             * @description Custom headers, e.g. `{"X-Campaign": "spring"}`
             * @example {
             *       "X-Entity-Ref-ID": "1234"
             *     }
             */
            headers?: {
                [key: string]: string;
            };
            /** @description At most 10 items and 10 MB decoded in total */
            attachments?: {
                /** @example invoice.pdf */
                filename: string;
                /**
                 * @description File content, base64
                 * @example JVBERi0xLjQK
                 */
                content: string;
                /** @example application/pdf */
                contentType?: string;
                /**
                 * @description Makes the file an inline part that the HTML body shows with `<img src="cid:<contentId>">`
                 * @example logo
                 */
                contentId?: string;
            }[];
        };
        TrackResult: {
            /** @description Contact id */
            contact: string;
            /** @description Event id */
            event: string;
            /**
             * Format: date-time
             * @example 2026-11-23T10:00:00.000Z
             */
            timestamp: string;
        };
        ErrorEnvelope: {
            /** @enum {boolean} */
            success: false;
            error: {
                /**
                 * @description One of: BAD_REQUEST, MALFORMED_JSON, UNSUPPORTED_CONTENT_TYPE, UNAUTHORIZED, FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED, NOT_FOUND, CONFLICT, IDEMPOTENCY_CONFLICT, PAYLOAD_TOO_LARGE, VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RATE_LIMITED, INTERNAL_ERROR, SERVICE_UNAVAILABLE
                 * @example VALIDATION_ERROR
                 */
                code: string;
                message: string;
                statusCode: number;
                requestId: string;
                errors?: {
                    /** @example to.0.email */
                    field: string;
                    message: string;
                    /** @example invalid_string */
                    code: string;
                }[];
                suggestion?: string;
            };
            /** Format: date-time */
            timestamp: string;
        };
        /**
         * @example {
         *       "email": "ada@example.com",
         *       "event": "Signed Up",
         *       "data": {
         *         "plan": "pro"
         *       }
         *     }
         */
        TrackBody: {
            /**
             * Format: email
             * @example ada@example.com
             */
            email: string;
            /**
             * @description Any name of 1-255 characters without control characters. Names starting with `email.`, `contact.` or `segment.` (any case) are reserved for events the service records itself.
             * @example Signed Up
             */
            event: string;
            /** @description New contacts are subscribed unless this is false; an existing contact changes only when it is given. When it sets the state (a new contact, or a change) the event `contact.subscribed` or `contact.unsubscribed` is recorded too. */
            subscribed?: boolean;
            /**
             * @example {
             *       "plan": "pro",
             *       "orderId": {
             *         "value": "A-1001",
             *         "persistent": false
             *       }
             *     }
             */
            data?: {
                [key: string]: unknown;
            };
        };
        VerificationResult: {
            /** @example ada@example.com */
            email: string;
            /** @description Syntax is valid, the domain exists and receives mail (MX, or implicit MX via A/AAAA); never with a null MX. */
            valid: boolean;
            /** @description The domain is a disposable (temporary) email provider. */
            isDisposable: boolean;
            /** @description The domain is a forwarding / relay service (Hide My Email, SimpleLogin, Firefox Relay ...). */
            isAlias: boolean;
            /** @description The domain looks like a misspelling; see `suggestedEmail`. */
            isTypo: boolean;
            /** @description The local part carries a +tag. */
            isPlusAddressed: boolean;
            /** @description A free personal mail provider (not disposable, not an alias). */
            isPersonalEmail: boolean;
            /** @description DNS has MX, A/AAAA or NS records for the domain. */
            domainExists: boolean;
            /** @description The domain or www.<domain> has an A/AAAA record. */
            hasWebsite: boolean;
            /** @description MX records that accept mail (a null MX does not count). */
            hasMxRecords: boolean;
            /** @description Plain-words explanation of every negative finding; a valid address starts with one positive reason. */
            reasons: string[];
            /**
             * @description Present when `isTypo`: the address with the likely intended domain.
             * @example ada@gmail.com
             */
            suggestedEmail?: string;
        };
        /**
         * @example {
         *       "email": "ada@example.com"
         *     }
         */
        VerifyEmailBody: {
            /**
             * @description The address to verify (at most 254 characters).
             * @example ada@example.com
             */
            email: string;
        };
        ContactPage: {
            contacts: components["schemas"]["Contact"][];
            /** @description cursor for the next page (null at the end) */
            cursor: string | null;
            items: components["schemas"]["Contact"][];
            nextCursor: string | null;
            hasMore: boolean;
            total: number;
        };
        Contact: {
            id: string;
            /**
             * Format: email
             * @example ada@example.com
             */
            email: string;
            subscribed: boolean;
            data: {
                [key: string]: unknown;
            };
            /**
             * Format: date-time
             * @example 2026-11-23T10:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-11-23T10:00:00.000Z
             */
            updatedAt: string;
        };
        ContactWithMeta: components["schemas"]["Contact"] & {
            _meta: {
                isNew: boolean;
                isUpdate: boolean;
            };
        };
        /**
         * @example {
         *       "email": "ada@example.com",
         *       "subscribed": true,
         *       "data": {
         *         "firstName": "Ada",
         *         "plan": "pro"
         *       }
         *     }
         */
        UpsertContactBody: {
            /**
             * Format: email
             * @example ada@example.com
             */
            email: string;
            /** @description Default true for a new contact; unchanged on update when omitted. */
            subscribed?: boolean;
            /**
             * @description Merged into the stored data; a null value removes that key.
             * @example {
             *       "firstName": "Ada",
             *       "plan": "pro"
             *     }
             */
            data?: {
                [key: string]: unknown;
            };
        };
        /**
         * @example {
         *       "subscribed": false,
         *       "data": {
         *         "plan": null
         *       }
         *     }
         */
        UpdateContactBody: {
            /**
             * Format: email
             * @example ada@example.com
             */
            email?: string;
            subscribed?: boolean;
            /**
             * @description Merged into the stored data; a null value removes that key.
             * @example {
             *       "firstName": "Ada",
             *       "plan": "pro"
             *     }
             */
            data?: {
                [key: string]: unknown;
            };
        };
        TemplatePage: {
            templates: components["schemas"]["Template"][];
            /** @description cursor for the next page (null at the end) */
            cursor: string | null;
            items: components["schemas"]["Template"][];
            nextCursor: string | null;
            hasMore: boolean;
            total: number;
        };
        Template: {
            id: string;
            name: string;
            subject: string;
            body: string;
            type: components["schemas"]["TemplateType"];
            /** @description Sender address used by /v1/send when the request has none */
            from: string | null;
            fromName: string | null;
            replyTo: string | null;
            /**
             * Format: date-time
             * @example 2026-11-23T10:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-11-23T10:00:00.000Z
             */
            updatedAt: string;
        };
        /** @enum {string} */
        TemplateType: "TRANSACTIONAL" | "MARKETING";
        /**
         * @example {
         *       "name": "Welcome",
         *       "subject": "Welcome, {{name}}",
         *       "body": "<p>Hello {{name}}, thanks for signing up.</p>",
         *       "type": "TRANSACTIONAL",
         *       "from": "hello@example.com",
         *       "fromName": "Example"
         *     }
         */
        CreateTemplateBody: {
            name: string;
            subject: string;
            /** @description HTML with {{variable}} placeholders */
            body: string;
            type: components["schemas"]["TemplateType"];
            /**
             * Format: email
             * @example ada@example.com
             */
            from?: string | null;
            fromName?: string | null;
            /**
             * Format: email
             * @example ada@example.com
             */
            replyTo?: string | null;
        };
        /**
         * @example {
         *       "subject": "Welcome aboard, {{name}}"
         *     }
         */
        UpdateTemplateBody: {
            name?: string;
            subject?: string;
            /** @description HTML with {{variable}} placeholders */
            body?: string;
            type?: components["schemas"]["TemplateType"];
            /**
             * Format: email
             * @example ada@example.com
             */
            from?: string | null;
            fromName?: string | null;
            /**
             * Format: email
             * @example ada@example.com
             */
            replyTo?: string | null;
        };
        EmailRecord: {
            id: string;
            /** Format: email */
            to: string;
            /** Format: email */
            from: string;
            subject: string;
            status: components["schemas"]["EmailStatus"];
            /** @description The Message-ID header, e.g. `<id@example.com>` */
            messageId: string;
            contactId: string | null;
            templateId: string | null;
            campaignId: string | null;
            /** @description Last delivery error, if any */
            error: string | null;
            attempts: number;
            /**
             * Format: date-time
             * @example 2026-11-23T10:00:00.000Z
             */
            sentAt: string | null;
            /**
             * Format: date-time
             * @example 2026-11-23T10:00:00.000Z
             */
            createdAt: string;
        };
        /** @enum {string} */
        EmailStatus: "QUEUED" | "SENDING" | "SENT" | "FAILED" | "BOUNCED";
        EventNames: {
            names: components["schemas"]["EventNameCount"][];
            items: components["schemas"]["EventNameCount"][];
        };
        EventNameCount: {
            name: string;
            count: number;
            /**
             * Format: date-time
             * @example 2026-11-23T10:00:00.000Z
             */
            lastSeenAt: string;
        };
        EventPage: {
            events: components["schemas"]["Event"][];
            /** @description cursor for the next page (null at the end) */
            cursor: string | null;
            items: components["schemas"]["Event"][];
            nextCursor: string | null;
            hasMore: boolean;
            total: number;
            /** @description True when `total` stopped counting at 10000 (there are at least that many). Only for filters other than `name`; unfiltered and name-only totals are always exact. */
            totalCapped: boolean;
        };
        Event: {
            id: string;
            /** @example Signed Up */
            name: string;
            contactId: string | null;
            /** @description The contact's email (null when the event has no contact) */
            email: string | null;
            emailId: string | null;
            campaignId: string | null;
            data: {
                [key: string]: unknown;
            };
            /**
             * Format: date-time
             * @example 2026-11-23T10:00:00.000Z
             */
            createdAt: string;
        };
        SenderDomainPage: {
            domains: components["schemas"]["SenderDomain"][];
            /** @description cursor for the next page (null at the end) */
            cursor: string | null;
            items: components["schemas"]["SenderDomain"][];
            nextCursor: string | null;
            hasMore: boolean;
            total: number;
        };
        SenderDomain: {
            id: string;
            /**
             * @description Lower-case ASCII; an internationalised name is stored in punycode (xn--...).
             * @example example.com
             */
            domain: string;
            status: components["schemas"]["DomainStatus"];
            /** @description Publish these. Required for VERIFIED: the DKIM TXT (exactly this key) and an SPF TXT at the domain (any `v=spf1` policy; `v=spf1 a mx ~all` is a start, add the `include:` of the SMTP relay you send through). DMARC `p=none` is suggested, not required. */
            records: components["schemas"]["DomainDnsRecord"][];
            /**
             * Format: date-time
             * @example 2026-11-23T10:00:00.000Z
             */
            verifiedAt: string | null;
            /**
             * Format: date-time
             * @example 2026-11-23T10:00:00.000Z
             */
            lastCheckedAt: string | null;
            /**
             * Format: date-time
             * @example 2026-11-23T10:00:00.000Z
             */
            createdAt: string;
        };
        /**
         * @description PENDING while DNS is re-checked (1 min, 2, 4 ... at most 1 h apart), VERIFIED once DKIM and SPF are published, FAILED when they were not found within 72 h.
         * @enum {string}
         */
        DomainStatus: "PENDING" | "VERIFIED" | "FAILED";
        DomainDnsRecord: {
            /** @enum {string} */
            type: "TXT" | "MX" | "CNAME";
            /** @example mh202611-a1b2c3._domainkey.example.com */
            name: string;
            /** @example v=DKIM1; k=rsa; p=MIIBIjANBgkqh... */
            value: string;
            /** @enum {string} */
            purpose: "DKIM" | "SPF" | "DMARC" | "RETURN_PATH";
            /**
             * @description VERIFIED: found as expected. PENDING: nothing published there yet. FAILED: something else is published there (or, once the domain is FAILED, still nothing).
             * @enum {string}
             */
            status: "PENDING" | "VERIFIED" | "FAILED";
        };
        /**
         * @example {
         *       "domain": "mail.example.com"
         *     }
         */
        CreateDomainBody: {
            /**
             * @description A registrable name (not an IP, not a public suffix such as `co.uk`); IDN is accepted.
             * @example example.com
             */
            domain: string;
        };
        SuppressionPage: {
            suppressions: components["schemas"]["Suppression"][];
            /** @description cursor for the next page (null at the end) */
            cursor: string | null;
            items: components["schemas"]["Suppression"][];
            nextCursor: string | null;
            hasMore: boolean;
            total: number;
        };
        Suppression: {
            id: string;
            /**
             * Format: email
             * @example bounced@example.com
             */
            email: string;
            /**
             * @description Why the address is suppressed.
             * @enum {string}
             */
            reason: "HARD_BOUNCE" | "COMPLAINT" | "MANUAL" | "UNSUBSCRIBED";
            /** @description Where it came from: `api`, `webhook`, `dsn`. */
            source: string | null;
            /**
             * Format: date-time
             * @example 2026-11-23T10:00:00.000Z
             */
            createdAt: string;
        };
        /**
         * @example {
         *       "email": "ada@example.com"
         *     }
         */
        CreateSuppressionBody: {
            /**
             * Format: email
             * @example ada@example.com
             */
            email: string;
            /**
             * @description Default `MANUAL`.
             * @default MANUAL
             * @enum {string}
             */
            reason?: "HARD_BOUNCE" | "COMPLAINT" | "MANUAL" | "UNSUBSCRIBED";
        };
        BounceResults: {
            processed: number;
            results: components["schemas"]["BounceOutcome"][];
        };
        BounceOutcome: {
            /** @enum {string} */
            type: "hard_bounce" | "soft_bounce" | "complaint";
            email: string;
            /** @description The matched email record (null when none matched). */
            emailId: string | null;
            suppressed: boolean;
            /** @enum {string} */
            event: "email.bounced" | "email.complained";
            eventId: string;
        };
        /**
         * @description One report or an array of at most 100.
         * @example {
         *       "type": "hard_bounce",
         *       "email": "ada@example.com",
         *       "diagnostic": "550 5.1.1 The email account does not exist",
         *       "status": "5.1.1"
         *     }
         */
        BounceWebhookBody: components["schemas"]["BounceReport"] | components["schemas"]["BounceReport"][];
        BounceReport: {
            /**
             * @description `hard_bounce` and `complaint` suppress the address; `soft_bounce` is only recorded.
             * @enum {string}
             */
            type: "hard_bounce" | "soft_bounce" | "complaint";
            /**
             * Format: email
             * @description The recipient that bounced or complained.
             * @example ada@example.com
             */
            email: string;
            /**
             * Format: uuid
             * @description Our email record id (the `X-Mailhub-Email-Id` header of the sent message).
             */
            emailId?: string;
            /** @description Message-ID of the sent message, with or without `<>`. */
            messageId?: string;
            /** @example 550 5.1.1 The email account does not exist */
            diagnostic?: string;
            /** @example 5.1.1 */
            status?: string;
            /**
             * Format: date-time
             * @description When the provider saw it (kept in the event data).
             */
            timestamp?: string;
        };
        Project: {
            id: string;
            name: string;
            settings: components["schemas"]["ProjectSettings"];
            /** @description Authenticates `POST /webhooks/bounces*`: send it as `Authorization: Bearer <webhookSecret>` or `X-Webhook-Secret`. */
            webhookSecret: string;
            /**
             * Format: date-time
             * @example 2026-11-23T10:00:00.000Z
             */
            createdAt: string;
        };
        ProjectSettings: {
            /** @description Open/click tracking on marketing mail (default true). */
            trackMarketing: boolean;
            /** @description Open/click tracking on transactional mail (default false). */
            trackTransactional: boolean;
            /** @description Emails per second this project sends at: the service's rate (SEND_RATE_PER_SECOND, 14 by default) or the project's lower setting. */
            sendRatePerSecond: number;
        };
        /**
         * @description Only the given settings change; `null` restores the default.
         * @example {
         *       "sendRatePerSecond": 5
         *     }
         */
        UpdateProjectSettingsBody: {
            trackMarketing?: boolean | null;
            trackTransactional?: boolean | null;
            /** @description Emails per second for this project. It can lower the service's rate (SEND_RATE_PER_SECOND, 14 by default), never raise it. */
            sendRatePerSecond?: number | null;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Both reachable */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description At least one is unreachable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
        };
    };
    sendEmail: {
        parameters: {
            query?: never;
            header?: {
                /** @description Same key and body within 24 h replays the first response instead of sending again */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SendEmailBody"];
            };
        };
        responses: {
            /** @description Queued for delivery */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["SendResult"];
                    };
                };
            };
            /** @description Bad Request (codes: BAD_REQUEST, MALFORMED_JSON, UNSUPPORTED_CONTENT_TYPE) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AltError"];
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AltError"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AltError"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AltError"];
                };
            };
            /** @description Conflict (codes: CONFLICT, IDEMPOTENCY_CONFLICT) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AltError"];
                };
            };
            /** @description Payload Too Large (codes: PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AltError"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AltError"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AltError"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AltError"];
                };
            };
        };
    };
    trackEvent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TrackBody"];
            };
        };
        responses: {
            /** @description The contact and event ids */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["TrackResult"];
                    };
                };
            };
            /** @description Bad Request (codes: BAD_REQUEST, MALFORMED_JSON, UNSUPPORTED_CONTENT_TYPE) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload Too Large (codes: PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    verifyEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VerifyEmailBody"];
            };
        };
        responses: {
            /** @description The verification result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["VerificationResult"];
                    };
                };
            };
            /** @description Bad Request (codes: BAD_REQUEST, MALFORMED_JSON, UNSUPPORTED_CONTENT_TYPE) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AltError"];
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AltError"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AltError"];
                };
            };
            /** @description Payload Too Large (codes: PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AltError"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AltError"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AltError"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AltError"];
                };
            };
        };
    };
    listContacts: {
        parameters: {
            query?: {
                /** @description Items per page (1-100) */
                limit?: number;
                /** @description `nextCursor` of the previous page; omit for the first page */
                cursor?: string;
                /** @description Only subscribed (`true`) or unsubscribed (`false`) contacts */
                subscribed?: "true" | "false";
                /** @description Case-insensitive substring of the email. */
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of contacts */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["ContactPage"];
                    };
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    upsertContact: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpsertContactBody"];
            };
        };
        responses: {
            /** @description Updated: `_meta.isUpdate` is true */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["ContactWithMeta"];
                    };
                };
            };
            /** @description Created: `_meta.isNew` is true */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["ContactWithMeta"];
                    };
                };
            };
            /** @description Bad Request (codes: BAD_REQUEST, MALFORMED_JSON, UNSUPPORTED_CONTENT_TYPE) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload Too Large (codes: PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getContact: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The contact */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Contact"];
                    };
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteContact: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: string;
                            /** @enum {boolean} */
                            deleted: true;
                        };
                    };
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateContact: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateContactBody"];
            };
        };
        responses: {
            /** @description The updated contact */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Contact"];
                    };
                };
            };
            /** @description Bad Request (codes: BAD_REQUEST, MALFORMED_JSON, UNSUPPORTED_CONTENT_TYPE) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict (codes: CONFLICT, IDEMPOTENCY_CONFLICT) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload Too Large (codes: PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listTemplates: {
        parameters: {
            query?: {
                /** @description Items per page (1-100) */
                limit?: number;
                /** @description `nextCursor` of the previous page; omit for the first page */
                cursor?: string;
                /** @description Only templates of this type */
                type?: components["schemas"]["TemplateType"] & unknown;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of templates */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["TemplatePage"];
                    };
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTemplateBody"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Template"];
                    };
                };
            };
            /** @description Bad Request (codes: BAD_REQUEST, MALFORMED_JSON, UNSUPPORTED_CONTENT_TYPE) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload Too Large (codes: PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The template */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Template"];
                    };
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: string;
                            /** @enum {boolean} */
                            deleted: true;
                        };
                    };
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict (codes: CONFLICT, IDEMPOTENCY_CONFLICT) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateTemplateBody"];
            };
        };
        responses: {
            /** @description The updated template */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Template"];
                    };
                };
            };
            /** @description Bad Request (codes: BAD_REQUEST, MALFORMED_JSON, UNSUPPORTED_CONTENT_TYPE) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload Too Large (codes: PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getEmail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The email record */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["EmailRecord"];
                    };
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listEventNames: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Event names, alphabetical */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["EventNames"];
                    };
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description Items per page (1-100) */
                limit?: number;
                /** @description `nextCursor` of the previous page; omit for the first page */
                cursor?: string;
                /** @description Events with exactly this name */
                name?: string;
                /** @description Events of this contact */
                contactId?: string;
                /** @description Events of the contact with this email */
                email?: string;
                /** @description Events of this campaign */
                campaignId?: string;
                /** @description Events of this sent email */
                emailId?: string;
                /** @description Events at or after this time (inclusive, ms precision) */
                from?: string;
                /** @description Events at or before this time (inclusive, ms precision) */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["EventPage"];
                    };
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listDomains: {
        parameters: {
            query?: {
                /** @description Items per page (1-100) */
                limit?: number;
                /** @description `nextCursor` of the previous page; omit for the first page */
                cursor?: string;
                /** @description Only domains in this status (`VERIFIED`: the ones you can send from); without it every status is listed. */
                status?: "PENDING" | "VERIFIED" | "FAILED";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of domains */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["SenderDomainPage"];
                    };
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createDomain: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateDomainBody"];
            };
        };
        responses: {
            /** @description Added, PENDING until its records are found */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["SenderDomain"];
                    };
                };
            };
            /** @description Bad Request (codes: BAD_REQUEST, MALFORMED_JSON, UNSUPPORTED_CONTENT_TYPE) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict (codes: CONFLICT, IDEMPOTENCY_CONFLICT) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload Too Large (codes: PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Service Unavailable (codes: SERVICE_UNAVAILABLE) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getDomain: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The domain */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["SenderDomain"];
                    };
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteDomain: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: string;
                            /** @enum {boolean} */
                            deleted: true;
                        };
                    };
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict (codes: CONFLICT, IDEMPOTENCY_CONFLICT) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    verifyDomain: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The domain after the check */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["SenderDomain"];
                    };
                };
            };
            /** @description Bad Request (codes: BAD_REQUEST, MALFORMED_JSON, UNSUPPORTED_CONTENT_TYPE) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload Too Large (codes: PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listSuppressions: {
        parameters: {
            query?: {
                /** @description Items per page (1-100) */
                limit?: number;
                /** @description `nextCursor` of the previous page; omit for the first page */
                cursor?: string;
                /** @description Only this address (exact, case-insensitive). */
                email?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of suppressions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["SuppressionPage"];
                    };
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createSuppression: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateSuppressionBody"];
            };
        };
        responses: {
            /** @description Already suppressed (reason updated) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Suppression"];
                    };
                };
            };
            /** @description Added */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Suppression"];
                    };
                };
            };
            /** @description Bad Request (codes: BAD_REQUEST, MALFORMED_JSON, UNSUPPORTED_CONTENT_TYPE) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload Too Large (codes: PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteSuppression: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description URL-encoded address. */
                email: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            email: string;
                            /** @enum {boolean} */
                            deleted: true;
                        };
                    };
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    reportBounces: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BounceWebhookBody"];
            };
        };
        responses: {
            /** @description Every report applied, in order */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["BounceResults"];
                    };
                };
            };
            /** @description Bad Request (codes: BAD_REQUEST, MALFORMED_JSON, UNSUPPORTED_CONTENT_TYPE) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload Too Large (codes: PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    reportDsn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "message/rfc822": string;
                "multipart/report": string;
                "text/plain": string;
            };
        };
        responses: {
            /** @description The bounces found, applied */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["BounceResults"];
                    };
                };
            };
            /** @description Bad Request (codes: BAD_REQUEST, MALFORMED_JSON, UNSUPPORTED_CONTENT_TYPE) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload Too Large (codes: PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getProject: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The project */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Project"];
                    };
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateProjectSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateProjectSettingsBody"];
            };
        };
        responses: {
            /** @description The updated project */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Project"];
                    };
                };
            };
            /** @description Bad Request (codes: BAD_REQUEST, MALFORMED_JSON, UNSUPPORTED_CONTENT_TYPE) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload Too Large (codes: PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    trackOpen: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Signed token from the link in the email (opaque). */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description 1x1 transparent GIF */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/gif": string;
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    trackClick: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Signed token from the link in the email (opaque). */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect to the original link */
            302: {
                headers: {
                    Location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    unsubscribePage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Signed token from the link in the email (opaque). */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description HTML page with a confirm form */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    unsubscribeOneClick: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Signed token from the link in the email (opaque). */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description HTML confirmation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload Too Large (codes: PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
}
