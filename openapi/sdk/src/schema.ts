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
         * @description Upserts each recipient as a contact (new ones unsubscribed unless `subscribed` is true), writes one email record per recipient and queues delivery. Refused with 422, nothing sent, when a recipient is suppressed (bounce, complaint, manual), or, for a MARKETING template, when a recipient opted out (unsubscribe link, complaint, `subscribed` turned off), never subscribed and the request does not say `subscribed: true` (which records their subscription), or already got the project's frequency cap of marketing mail (`frequencyCap` in /project/settings; the message names the capped recipients, nothing is counted). Marketing mail sent here counts toward that cap; quiet hours do not hold it. Errors use the alternate shape `{code, error, message, time}`. With `Idempotency-Key`, a retry with the same body within 24 h returns the first response (header `Idempotent-Replayed: true`) without sending again.
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
    "/contacts/imports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List imports, newest first (keyset paginated) */
        get: operations["listContactImports"];
        put?: never;
        /**
         * Import contacts from a CSV or NDJSON file (up to 200 MB), in the background
         * @description The file is streamed into storage as it arrives, then a background job upserts its rows in batches (`GET /contacts/imports/{id}` shows the progress). Consent rules are the secret key's, as POST /contacts. A file refused (wrong content type, no `email` column, a record over 1 MB, over 200 MB) is an error here, before any contact is written. The whole import counts as one request against the rate limit.
         */
        post: operations["createContactImport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contacts/imports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An import: status, counts and the first 100 invalid rows */
        get: operations["getContactImport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contacts/imports/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a QUEUED or RUNNING import between two batches
         * @description Answers once the batch under way (if any) has committed: what it wrote stays, and nothing more is written. 409 when the import has ended.
         */
        post: operations["cancelContactImport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contacts/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Stream every contact (or a segment's) as CSV or NDJSON
         * @description By `Accept` (or `format`): `text/csv` writes `email,subscribed,timezone` and one column per data path (`company.name`), which POST /contacts/imports reads back; `application/x-ndjson` (the default) one contact per line as GET /contacts/{id} answers it. Newest first, streamed page by page. With `segmentId`, every query over the segment is bounded by CONDITION_QUERY_TIMEOUT_MS: one too slow before the first page is sent is a 503.
         */
        get: operations["exportContacts"];
        put?: never;
        post?: never;
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
    "/segments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List segments, newest first (keyset paginated), with their cached member counts */
        get: operations["listSegments"];
        put?: never;
        /** Create a DYNAMIC segment (a condition) or a STATIC one (members added by email) */
        post: operations["createSegment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/segments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one segment (its member count is recounted when older than SEGMENT_COUNT_TTL_SECONDS) */
        get: operations["getSegment"];
        put?: never;
        post?: never;
        /** Delete a segment (409 while another segment, a draft, scheduled or sending campaign, or an automation workflow uses it) */
        delete: operations["deleteSegment"];
        options?: never;
        head?: never;
        /** Update a segment (name, description, condition, trackMembership; never its type) */
        patch: operations["updateSegment"];
        trace?: never;
    };
    "/segments/{id}/contacts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a segment's members, newest first (live for DYNAMIC; `total` is the cached member count) */
        get: operations["listSegmentContacts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/segments/{id}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add existing contacts to a STATIC segment by email (409 on a DYNAMIC segment) */
        post: operations["addSegmentMembers"];
        /** Remove contacts from a STATIC segment by email (409 on a DYNAMIC segment) */
        delete: operations["removeSegmentMembers"];
        options?: never;
        head?: never;
        patch?: never;
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
        /**
         * Delete a template (409 while an automation workflow uses it)
         * @description Refused (409, naming them) while the latest version of an automation workflow sends it. Campaigns do not refer to templates: a campaign holds its own subject and body, so deleting a template never changes one.
         */
        delete: operations["deleteTemplate"];
        options?: never;
        head?: never;
        /** Update a template (partial; null clears from/fromName/replyTo) */
        patch: operations["updateTemplate"];
        trace?: never;
    };
    "/campaigns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List campaigns, newest first (`?status=` filters) */
        get: operations["listCampaigns"];
        put?: never;
        /**
         * Create a campaign (DRAFT)
         * @description `from` must be on a VERIFIED sender domain (403 otherwise); a SEGMENT audience needs an existing segment.
         */
        post: operations["createCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/campaigns/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one campaign with its counts */
        get: operations["getCampaign"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a DRAFT or SCHEDULED campaign (partial)
         * @description The content is frozen once sending starts: any other status is a 409.
         */
        patch: operations["updateCampaign"];
        trace?: never;
    };
    "/campaigns/{id}/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send now, schedule (`scheduledAt`), or send at a local time in each recipient's zone (`localTime`); on a SCHEDULED campaign, move its time
         * @description DRAFT or SCHEDULED only (409 otherwise, and 409 when the audience has no contact). The campaign is then SCHEDULED until its time, SENDING while it goes out, SENT at the end.
         */
        post: operations["sendCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/campaigns/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a SCHEDULED, SENDING or PAUSED campaign
         * @description From the response on, no further message of the campaign is handed to the mail server (messages already on the wire may finish). The counts keep what was sent before.
         */
        post: operations["cancelCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/campaigns/{id}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pause a SENDING campaign
         * @description Stops a campaign while it is sending. Allowed only when its status is SENDING (any other status is a 409). Once the response arrives, no further message is handed to the mail server; messages already sent stay sent. The response is the campaign with status PAUSED. POST /campaigns/{id}/resume goes on, POST /campaigns/{id}/cancel stops it for good.
         */
        post: operations["pauseCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/campaigns/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resume a PAUSED campaign
         * @description Goes on sending a paused campaign from where it stopped; no recipient gets the campaign twice. Allowed only when its status is PAUSED (any other status is a 409). The response is the campaign with status SENDING. A 503 means the campaign is SENDING again but its sender could not be woken: pause and resume it again once the service is reachable.
         */
        post: operations["resumeCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/campaigns/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test of the campaign to up to 5 addresses
         * @description Any status. Subject prefixed `[TEST] `; rendered with the contact's data when the address is a contact; sent like any email (DKIM, tracking, and the project's send rate: test mails are paced with all its other mail) and never counted in the campaign's stats. At most 5 addresses per call. Refused like /v1/send: a suppressed address is a 422 RECIPIENT_SUPPRESSED and, for a MARKETING campaign, a contact who unsubscribed a 422 RECIPIENT_UNSUBSCRIBED; nothing is sent then.
         */
        post: operations["testCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/campaigns/{id}/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Campaign analytics: counts and rates
         * @description Correct while sending and after; opens and clicks count contacts, unsubscribes those through this campaign's link. Test sends are not counted.
         */
        get: operations["getCampaignStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
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
    "/workflows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List automation workflows, newest first */
        get: operations["listWorkflows"];
        put?: never;
        /**
         * Create an automation workflow (version 1)
         * @description A trigger and a graph of steps. 422 lists every problem with its field path: duplicate step ids, transitions to missing steps, unreachable steps, loops without a DELAY or WAIT step, templates or segments missing from the project, more than 100 steps. A SEND_EMAIL step sending from a domain this project has not verified (its `from`, or its template's) is a 403 DOMAIN_NOT_VERIFIED, as for campaigns. Enabled with a SEGMENT_ENTRY / SEGMENT_EXIT trigger on a DYNAMIC segment, it turns the segment's trackMembership on (see WorkflowTrigger).
         */
        post: operations["createWorkflow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workflows/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a workflow: its latest version, or ?version=N */
        get: operations["getWorkflow"];
        put?: never;
        post?: never;
        /** Delete a workflow: its running and waiting executions are cancelled */
        delete: operations["deleteWorkflow"];
        options?: never;
        head?: never;
        /**
         * Update a workflow (a changed trigger or steps store a new version)
         * @description Running executions keep the version they started with; new executions take the latest. Disabling stops new entries and lets running executions finish. The same checks as POST /workflows apply to a changed trigger or steps (422, 403 DOMAIN_NOT_VERIFIED). Concurrent updates apply one after the other: fields one of them leaves out keep what the other wrote.
         */
        patch: operations["updateWorkflow"];
        trace?: never;
    };
    "/workflows/{id}/executions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the executions of a workflow, newest first (filters: status, contactId) */
        get: operations["listWorkflowExecutions"];
        put?: never;
        /**
         * Start an execution for one contact by hand (also for a disabled workflow)
         * @description The re-entry rules apply (409 when the contact may not enter). `data` plays the part of the triggering event's data.
         */
        post: operations["startWorkflowExecution"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workflows/{id}/executions/{executionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one execution with its first 100 step records (GET .../steps pages on) */
        get: operations["getWorkflowExecution"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workflows/{id}/executions/{executionId}/steps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an execution's step records in run order, page by page
         * @description The execution detail inlines the first 100; a loop can run many more. Oldest first: each page continues the run.
         */
        get: operations["listWorkflowExecutionSteps"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workflows/{id}/executions/{executionId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a running or waiting execution */
        post: operations["cancelWorkflowExecution"];
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
         * @description Checks the DNS records now instead of waiting for the next background check. Answers after the check with the updated domain; the background checks restart their backoff.
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
         * @description For mail providers and bounce processors. A hard bounce or complaint puts the address on the suppression list and records `email.bounced` (data.type `hard`) or `email.complained`; a hard bounce also marks the matched email record `BOUNCED` (a campaign message: counted in GET /campaigns/{id}/stats). A soft bounce records `email.bounced` (data.type `soft`) only. Reports are matched to the sent email by `emailId` or `messageId`; one naming a message sent to another address than its `email` is a 422 `VALIDATION_ERROR` (`errors[].code` `recipient_mismatch`). A batch is applied all or nothing.
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
         * @description For an MTA that forwards the bounces it receives (inbound SMTP itself is not part of this service). Status 5.x.x is a hard bounce, 4.x.x a soft one; a feedback report is a complaint. The bounced message is found by the VERP `+<emailId>` return path the report was sent to or the Message-ID of the returned message only (never by other headers quoted in it). Anyone can mail a bounce address, so a report acts only on a message of the project it matched, and on that message's recipient, whatever address the report names (one result). Otherwise effects as `POST /webhooks/bounces`. At most 1 MB. 422 `VALIDATION_ERROR`, nothing changed, when no bounce is found in it or it holds a NUL character, raw or encoded (`errors[].code` `invalid_dsn`), or when it matches no message of the project (`unmatched_dsn`).
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
                 * @description Internationalized domains are accepted and stored in ASCII (punycode) form.
                 * @example ada@example.com
                 */
                email: string;
            } | (string | {
                name?: string;
                /**
                 * Format: email
                 * @description Internationalized domains are accepted and stored in ASCII (punycode) form.
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
                 * @description Internationalized domains are accepted and stored in ASCII (punycode) form.
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
            /** @description New contacts are created unsubscribed unless this is true. `true` also subscribes an existing contact; `false` never unsubscribes one (use the unsubscribe link, POST /v1/track or PATCH /contacts/{id}). A subscription it sets records `contact.subscribed` (`data.source`: `send`). A MARKETING template reaches only subscribed recipients: `true` is how a request records the consent of one who never subscribed (it never undoes an opt-out). */
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
             * @description Custom headers, e.g. `{"X-Campaign": "spring"}`. Refused (422 naming the header): the message structure (From, To, Subject, Message-ID, Content-Type...), any `X-Mailhub-*`, the list headers, and the trust and routing headers `Sender`, `Resent-*`, `Received`, `Delivered-To`, `Return-Path`, `Authentication-Results`, `ARC-*`, `DKIM-Signature`.
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
                /**
                 * @description MIME type; `multipart/*` and `message/*` are refused.
                 * @example application/pdf
                 */
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
                 * @description One of: BAD_REQUEST, MALFORMED_JSON, UNSUPPORTED_CONTENT_TYPE, UNAUTHORIZED, FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED, NOT_FOUND, CONFLICT, IDEMPOTENCY_CONFLICT, PAYLOAD_TOO_LARGE, VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED, RATE_LIMITED, INTERNAL_ERROR, SERVICE_UNAVAILABLE
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
             * @description Internationalized domains are accepted and stored in ASCII (punycode) form.
             * @example ada@example.com
             */
            email: string;
            /**
             * @description 1-255 characters without control characters, compared after Unicode NFKC normalisation with format characters (zero-width spaces, bidi marks) removed and surrounding spaces trimmed. Names starting with `email.`, `contact.` or `segment.` (any case, look-alikes included) are reserved for events the service records itself. In conditions, write a name with spaces as `event."Signed Up"`.
             * @example Signed Up
             */
            event: string;
            /** @description New contacts are subscribed unless this is false; an existing contact changes only when it is given. When it sets the state (a new contact, or a change) the event `contact.subscribed` or `contact.unsubscribed` is recorded too. With a public key, what it may change on an existing contact follows the project setting `publicKey` (PublicKeyPolicy), and `true` never undoes an opt-out made by the unsubscribe link, a complaint, a suppression or the secret key; a refused change is ignored (still 200). */
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
            /**
             * @description The contact's IANA time zone (local-time campaigns, quiet hours), e.g. from the browser's `Intl.DateTimeFormat().resolvedOptions().timeZone`; null clears it. With a public key whose policy `writeData` is not `all`, it only fills a contact that has none (and null changes nothing).
             * @example Europe/Berlin
             */
            timezone?: string | null;
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
        ContactImportPage: {
            imports: components["schemas"]["ContactImport"][];
            /** @description cursor for the next page (null at the end) */
            cursor: string | null;
            items: components["schemas"]["ContactImport"][];
            nextCursor: string | null;
            hasMore: boolean;
            total: number;
        };
        ContactImport: {
            id: string;
            /** @enum {string} */
            status: "QUEUED" | "RUNNING" | "COMPLETED" | "FAILED" | "CANCELLED";
            /** @enum {string} */
            format: "csv" | "ndjson";
            options: {
                subscribed: boolean | null;
                /** @enum {string} */
                onExisting: "merge" | "replace" | "skip";
                segmentId: string | null;
                dryRun: boolean;
                triggerAutomations: boolean;
            };
            /** @description Records in the file (the CSV header not counted; blank lines skipped). */
            totalRows: number;
            bytes: number;
            /** @description Records processed so far: created + updated + skipped + invalid (a dry run leaves created, updated and skipped at 0). */
            rowsRead: number;
            created: number;
            /** @description Rows applied to an existing contact (also a later row of an address the file already named). */
            updated: number;
            /** @description Rows of existing contacts left unchanged (`onExisting=skip`). */
            skipped: number;
            invalid: number;
            /** @description The first 100 invalid rows: the line the record starts on (the header is line 1), the field, why. */
            errors: {
                line: number;
                field: string;
                reason: string;
            }[];
            failure: string | null;
            /**
             * Format: date-time
             * @example 2026-11-23T10:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-11-23T10:00:00.000Z
             */
            startedAt: string | null;
            /**
             * Format: date-time
             * @example 2026-11-23T10:00:00.000Z
             */
            finishedAt: string | null;
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
             * @description The contact's IANA time zone: local-time campaigns and quiet hours read the contact's wall clock in it. Absent or null: the project's `timezone` (PATCH /project/settings, default UTC).
             * @example Europe/Berlin
             */
            timezone: string | null;
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
        ContactWithMeta: {
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
             * @description The contact's IANA time zone: local-time campaigns and quiet hours read the contact's wall clock in it. Absent or null: the project's `timezone` (PATCH /project/settings, default UTC).
             * @example Europe/Berlin
             */
            timezone: string | null;
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
            _meta: {
                isNew: boolean;
                isUpdate: boolean;
            };
        };
        /**
         * @example {
         *       "email": "ada@example.com",
         *       "subscribed": true,
         *       "timezone": "Europe/Berlin",
         *       "data": {
         *         "firstName": "Ada",
         *         "plan": "pro"
         *       }
         *     }
         */
        UpsertContactBody: {
            /**
             * Format: email
             * @description Internationalized domains are accepted and stored in ASCII (punycode) form.
             * @example ada@example.com
             */
            email: string;
            /** @description Default true for a new contact; unchanged on update when omitted. When given and it sets the state (a new contact, or a change), the event `contact.subscribed` or `contact.unsubscribed` is recorded (`data.source`: `api`), as `/v1/track` does, so automations see it. */
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
            /**
             * @description The contact's IANA time zone: local-time campaigns and quiet hours read the contact's wall clock in it. Absent or null: the project's `timezone` (PATCH /project/settings, default UTC). Unchanged on update when omitted; null clears it.
             * @example Europe/Berlin
             */
            timezone?: string | null;
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
             * @description Internationalized domains are accepted and stored in ASCII (punycode) form.
             * @example ada@example.com
             */
            email?: string;
            /** @description A change records the event `contact.subscribed` or `contact.unsubscribed` (`data.source`: `api`). False is an opt-out a public key cannot undo. */
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
            /**
             * @description The contact's IANA time zone: local-time campaigns and quiet hours read the contact's wall clock in it. Absent or null: the project's `timezone` (PATCH /project/settings, default UTC). null clears it.
             * @example Europe/Berlin
             */
            timezone?: string | null;
        };
        SegmentPage: {
            segments: components["schemas"]["Segment"][];
            /** @description cursor for the next page (null at the end) */
            cursor: string | null;
            items: components["schemas"]["Segment"][];
            nextCursor: string | null;
            hasMore: boolean;
            total: number;
        };
        Segment: {
            id: string;
            name: string;
            description: string | null;
            type: components["schemas"]["SegmentType"];
            /** @description The condition of a DYNAMIC segment; null for STATIC. */
            condition: components["schemas"]["Condition"] | null;
            trackMembership: boolean;
            /** @description Members when last counted (see memberCountAt): a cache, at most a few minutes old. */
            memberCount: number;
            /**
             * Format: date-time
             * @example 2026-11-23T10:00:00.000Z
             */
            memberCountAt: string | null;
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
        /**
         * @description DYNAMIC: the contacts matching `condition`, evaluated live. STATIC: the contacts added with POST /segments/{id}/members.
         * @enum {string}
         */
        SegmentType: "DYNAMIC" | "STATIC";
        /**
         * @description `logic` (AND|OR) combines `groups`; the filters of a group are AND-ed, and its optional nested `conditions` is AND-ed with them. At most 5 levels and 100 filters. Compiled, a condition holds at most 20,000 values (about one per filter, one per `in` value), each `segment.<id>` of a DYNAMIC segment counting as that segment's whole condition, transitively (a larger one is a 422 naming the limit). Fields: one of email, subscribed, createdAt, updatedAt, data.<path>, event.<name> (a name with spaces or quotes as a JSON string: event."Signed Up"), email.<sent|delivered|opened|clicked|bounced|complained>, segment.<id>. Dates compare as `YYYY-MM-DD` (the whole UTC day) or ISO datetimes; a missing attribute never matches a negative or comparison operator; `exists`/`notExists` treat JSON null as missing. Event and email-activity fields take triggered, notTriggered, triggeredWithin, triggeredOlderThan and notTriggeredWithin; `segment.<id>` takes equals/notEquals true|false, exists or notExists.
         * @example {
         *       "logic": "AND",
         *       "groups": [
         *         {
         *           "filters": [
         *             {
         *               "field": "data.plan",
         *               "operator": "equals",
         *               "value": "pro"
         *             },
         *             {
         *               "field": "event.signup",
         *               "operator": "triggeredWithin",
         *               "value": 7,
         *               "unit": "days"
         *             }
         *           ]
         *         },
         *         {
         *           "filters": [
         *             {
         *               "field": "email",
         *               "operator": "contains",
         *               "value": "@acme.com"
         *             }
         *           ],
         *           "conditions": {
         *             "logic": "OR",
         *             "groups": [
         *               {
         *                 "filters": [
         *                   {
         *                     "field": "subscribed",
         *                     "operator": "equals",
         *                     "value": true
         *                   }
         *                 ]
         *               }
         *             ]
         *           }
         *         }
         *       ]
         *     }
         */
        Condition: {
            /**
             * @description How the groups combine; filters inside a group are AND-ed.
             * @enum {string}
             */
            logic: "AND" | "OR";
            groups: components["schemas"]["ConditionGroup"][];
        };
        ConditionGroup: {
            /** @default [] */
            filters?: components["schemas"]["ConditionFilter"][];
            conditions?: components["schemas"]["Condition"];
        };
        ConditionFilter: {
            /**
             * @description What to test: one of email, subscribed, createdAt, updatedAt, data.<path>, event.<name> (a name with spaces or quotes as a JSON string: event."Signed Up"), email.<sent|delivered|opened|clicked|bounced|complained>, segment.<id>.
             * @example data.plan
             */
            field: string;
            /**
             * @example equals
             * @enum {string}
             */
            operator: "equals" | "notEquals" | "contains" | "notContains" | "startsWith" | "endsWith" | "greaterThan" | "lessThan" | "greaterThanOrEqual" | "lessThanOrEqual" | "in" | "notIn" | "exists" | "notExists" | "within" | "olderThan" | "triggered" | "notTriggered" | "triggeredWithin" | "triggeredOlderThan" | "notTriggeredWithin";
            /** @description Compared value: a string, number, boolean or ISO date; an array for `in`/`notIn`; a number of `unit`s for windows. */
            value?: string | number | boolean | (string | number | boolean)[];
            /**
             * @description Window unit of within, olderThan and the triggered* operators.
             * @enum {string}
             */
            unit?: "minutes" | "hours" | "days";
        };
        /**
         * @example {
         *       "name": "Pro customers",
         *       "description": "Contacts on the pro plan who are still subscribed",
         *       "type": "DYNAMIC",
         *       "condition": {
         *         "logic": "AND",
         *         "groups": [
         *           {
         *             "filters": [
         *               {
         *                 "field": "data.plan",
         *                 "operator": "equals",
         *                 "value": "pro"
         *               },
         *               {
         *                 "field": "subscribed",
         *                 "operator": "equals",
         *                 "value": true
         *               }
         *             ]
         *           }
         *         ]
         *       },
         *       "trackMembership": true
         *     }
         */
        CreateSegmentBody: {
            /** @example Pro customers */
            name: string;
            description?: string | null;
            type?: components["schemas"]["SegmentType"] & unknown;
            condition?: components["schemas"]["Condition"] & unknown;
            /** @description DYNAMIC only: record `segment.<id>.entry` and `segment.<id>.exit` events as contacts come and go (checked every SEGMENT_REFRESH_INTERVAL_SECONDS, default 300; tracking starts from the members at its first check). STATIC segments always record them on add and remove. Enabling an automation workflow triggered by these events turns it on; turning it off is a 422 while such a workflow is enabled. */
            trackMembership?: boolean;
        };
        /**
         * @example {
         *       "name": "Pro and team customers",
         *       "condition": {
         *         "logic": "AND",
         *         "groups": [
         *           {
         *             "filters": [
         *               {
         *                 "field": "data.plan",
         *                 "operator": "in",
         *                 "value": [
         *                   "pro",
         *                   "team"
         *                 ]
         *               }
         *             ]
         *           }
         *         ]
         *       }
         *     }
         */
        UpdateSegmentBody: {
            /** @example Pro customers */
            name?: string;
            description?: string | null;
            type?: components["schemas"]["SegmentType"] & unknown;
            condition?: components["schemas"]["Condition"];
            /** @description DYNAMIC only: record `segment.<id>.entry` and `segment.<id>.exit` events as contacts come and go (checked every SEGMENT_REFRESH_INTERVAL_SECONDS, default 300; tracking starts from the members at its first check). STATIC segments always record them on add and remove. Enabling an automation workflow triggered by these events turns it on; turning it off is a 422 while such a workflow is enabled. */
            trackMembership?: boolean;
        };
        AddedSegmentMembers: {
            /** @description Contacts that joined (already members are not counted). */
            added: number;
            /** @description Addresses with no contact in the project (none is created). */
            notFound: string[];
        };
        /**
         * @example {
         *       "emails": [
         *         "ada@example.com",
         *         "grace@example.com"
         *       ]
         *     }
         */
        SegmentMembersBody: {
            /**
             * @description 1 to 1000 contact addresses (case-insensitive).
             * @example [
             *       "ada@example.com"
             *     ]
             */
            emails: string[];
        };
        RemovedSegmentMembers: {
            /** @description Contacts that left (non-members are not counted). */
            removed: number;
            /** @description Addresses with no contact in the project. */
            notFound: string[];
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
             * @description Internationalized domains are accepted and stored in ASCII (punycode) form.
             * @example ada@example.com
             */
            from?: string | null;
            fromName?: string | null;
            /**
             * Format: email
             * @description Internationalized domains are accepted and stored in ASCII (punycode) form.
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
             * @description Internationalized domains are accepted and stored in ASCII (punycode) form.
             * @example ada@example.com
             */
            from?: string | null;
            fromName?: string | null;
            /**
             * Format: email
             * @description Internationalized domains are accepted and stored in ASCII (punycode) form.
             * @example ada@example.com
             */
            replyTo?: string | null;
        };
        CampaignPage: {
            campaigns: components["schemas"]["Campaign"][];
            /** @description cursor for the next page (null at the end) */
            cursor: string | null;
            items: components["schemas"]["Campaign"][];
            nextCursor: string | null;
            hasMore: boolean;
            total: number;
        };
        Campaign: {
            id: string;
            name: string;
            description: string | null;
            subject: string;
            body: string;
            from: string;
            fromName: string | null;
            replyTo: string | null;
            type: components["schemas"]["CampaignType"];
            audienceType: components["schemas"]["AudienceType"];
            segmentId: string | null;
            audienceFilter: components["schemas"]["Condition"] | null;
            status: components["schemas"]["CampaignStatus"];
            /**
             * Format: date-time
             * @example 2026-11-23T10:00:00.000Z
             */
            scheduledAt: string | null;
            /**
             * Format: date-time
             * @example 2026-11-23T10:00:00.000Z
             */
            startedAt: string | null;
            /**
             * Format: date-time
             * @description When the last message went out (status SENT)
             * @example 2026-11-23T10:00:00.000Z
             */
            sentAt: string | null;
            /**
             * Format: date-time
             * @example 2026-11-23T10:00:00.000Z
             */
            cancelledAt: string | null;
            /** @description Set by `POST /campaigns/{id}/send` with `localTime`: the wall-clock time each recipient gets it at, in their zone */
            localTime: string | null;
            /**
             * @description GET /campaigns/{id} only: the waves of a campaign sent in waves (null otherwise)
             * @example {
             *       "localTime": "2026-12-01T09:00:00",
             *       "waves": [
             *         {
             *           "utcOffset": "+09:00",
             *           "at": "2026-12-01T00:00:00.000Z",
             *           "recipients": 120,
             *           "pending": 0
             *         },
             *         {
             *           "utcOffset": "+01:00",
             *           "at": "2026-12-01T08:00:00.000Z",
             *           "recipients": 800,
             *           "pending": 800
             *         }
             *       ],
             *       "nextWaveAt": "2026-12-01T08:00:00.000Z"
             *     }
             */
            schedule?: {
                /** @description The wall-clock time of a local-time campaign; null for a campaign held by quiet hours only. */
                localTime: string | null;
                waves: {
                    /**
                     * @description The recipients' UTC offset at their moment
                     * @example +09:00
                     */
                    utcOffset: string;
                    /**
                     * Format: date-time
                     * @description When the wave goes out
                     * @example 2026-11-23T10:00:00.000Z
                     */
                    at: string;
                    recipients: number;
                    /** @description Not sent yet */
                    pending: number;
                }[];
                /**
                 * Format: date-time
                 * @description The next wave with recipients pending; null when all went out
                 * @example 2026-11-23T10:00:00.000Z
                 */
                nextWaveAt: string | null;
            } | null;
            totalRecipients: number;
            /** @description Recipients whose server accepted the message at send time. GET /campaigns/{id}/stats counts sent as accepted plus refused (bounced), and later bounces too. */
            sentCount: number;
            failedCount: number;
            /** @description Recipients whose server refused the message at send time (5xx). Bounces reported later (POST /webhooks/bounces, DSNs) are counted in GET /campaigns/{id}/stats, not here. */
            bouncedCount: number;
            /** @description Suppressed or opted out when their turn came: not sent, not failed */
            skippedCount: number;
            /** @description Skipped by the project's frequency cap (PATCH /project/settings `frequencyCap`): never sent later */
            cappedCount: number;
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
        /**
         * @description MARKETING (default): subscribed contacts only, with an unsubscribe link. TRANSACTIONAL: every contact of the audience. Suppressed addresses never.
         * @enum {string}
         */
        CampaignType: "MARKETING" | "TRANSACTIONAL";
        /** @enum {string} */
        AudienceType: "ALL" | "SEGMENT" | "FILTERED";
        /**
         * @description DRAFT -> SCHEDULED (send) -> SENDING (at the scheduled time) -> SENT; SENDING <-> PAUSED (pause, resume); SCHEDULED, SENDING or PAUSED -> CANCELLED (cancel).
         * @enum {string}
         */
        CampaignStatus: "DRAFT" | "SCHEDULED" | "SENDING" | "PAUSED" | "SENT" | "CANCELLED";
        CreatedCampaign: {
            id: string;
            name: string;
            subject: string;
            type: components["schemas"]["CampaignType"];
            status: components["schemas"]["CampaignStatus"];
            /**
             * Format: date-time
             * @example 2026-11-23T10:00:00.000Z
             */
            scheduledAt: string | null;
        };
        /**
         * @example {
         *       "name": "November newsletter",
         *       "subject": "What is new in November, {{firstName}}",
         *       "body": "<h1>Hello {{firstName}}</h1><p>Here is what we shipped this month.</p><p><a href=\"{{unsubscribe_url}}\">Unsubscribe</a></p>",
         *       "from": "news@example.com",
         *       "fromName": "Example News",
         *       "replyTo": "support@example.com",
         *       "type": "MARKETING",
         *       "audienceType": "SEGMENT",
         *       "segmentId": "0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a"
         *     }
         */
        CreateCampaignBody: {
            name: string;
            description?: string | null;
            subject: string;
            /** @description HTML with {{variable}} placeholders (the contact's data, `email`, `id`); `{{unsubscribe_url}}` places the unsubscribe link */
            body: string;
            /**
             * Format: email
             * @description On a VERIFIED sender domain of the project
             * @example ada@example.com
             */
            from: string;
            fromName?: string | null;
            /**
             * Format: email
             * @description Internationalized domains are accepted and stored in ASCII (punycode) form.
             * @example ada@example.com
             */
            replyTo?: string | null;
            type?: components["schemas"]["CampaignType"];
            audienceType: components["schemas"]["AudienceType"];
            /** @description Required when audienceType is SEGMENT */
            segmentId?: string | null;
            /** @description Required when audienceType is FILTERED */
            audienceFilter?: components["schemas"]["Condition"] | null;
        };
        /**
         * @example {
         *       "subject": "Our November highlights, {{firstName}}",
         *       "audienceType": "FILTERED",
         *       "audienceFilter": {
         *         "logic": "AND",
         *         "groups": [
         *           {
         *             "filters": [
         *               {
         *                 "field": "data.plan",
         *                 "operator": "equals",
         *                 "value": "pro"
         *               }
         *             ]
         *           }
         *         ]
         *       }
         *     }
         */
        UpdateCampaignBody: {
            name?: string;
            description?: string | null;
            subject?: string;
            /** @description HTML with {{variable}} placeholders (the contact's data, `email`, `id`); `{{unsubscribe_url}}` places the unsubscribe link */
            body?: string;
            /**
             * Format: email
             * @description On a VERIFIED sender domain of the project
             * @example ada@example.com
             */
            from?: string;
            fromName?: string | null;
            /**
             * Format: email
             * @description Internationalized domains are accepted and stored in ASCII (punycode) form.
             * @example ada@example.com
             */
            replyTo?: string | null;
            type?: components["schemas"]["CampaignType"];
            audienceType?: components["schemas"]["AudienceType"];
            /** @description Required when audienceType is SEGMENT */
            segmentId?: string | null;
            /** @description Required when audienceType is FILTERED */
            audienceFilter?: components["schemas"]["Condition"] | null;
        };
        /**
         * @example {
         *       "localTime": "2026-12-01T09:00:00"
         *     }
         */
        SendCampaignBody: {
            /**
             * Format: date-time
             * @description ISO 8601, in the future and at most 10 years ahead; absent: send now. On a SCHEDULED campaign it moves the time.
             */
            scheduledAt?: string;
            /**
             * @description Instead of `scheduledAt`: each recipient gets the mail at this wall-clock time (no offset) in their own time zone: the contact's `timezone`, else the project's (`PATCH /project/settings`, default UTC). The campaign starts at once (the answer says SCHEDULED; its workflow makes it SENDING a moment later) and goes out in waves, one per UTC offset (`GET /campaigns/{id}` shows them). Recipients whose local moment has already passed get it at once. DST: a local time that does not exist that day (clocks jump forward) is shifted forward by the gap (02:30 becomes 03:30); one that exists twice (clocks fall back) is the earlier instant. MARKETING recipients inside quiet hours get it when they end. At most 10 years ahead.
             * @example 2026-12-01T09:00:00
             */
            localTime?: string;
        };
        TestCampaignResult: {
            emails: {
                email: string;
                /** @description The email record (GET /emails/{id}) */
                id: string;
            }[];
        };
        /**
         * @example {
         *       "emails": [
         *         "ada@example.com",
         *         "grace@example.com"
         *       ]
         *     }
         */
        TestCampaignBody: {
            /** @description 1 to 5 addresses: the cap of one call (more is a 422) */
            emails?: string[];
            /**
             * Format: email
             * @description One address (instead of `emails`)
             * @example ada@example.com
             */
            email?: string;
        };
        /** @description Rates are percentages of sentCount (0 when nothing was sent). */
        CampaignStats: {
            totalRecipients: number;
            /** @description Messages the receiving server answered for: delivered plus bounced */
            sentCount: number;
            deliveredCount: number;
            /** @description Contacts who opened (unique) */
            openedCount: number;
            /** @description Contacts who clicked (unique) */
            clickedCount: number;
            bouncedCount: number;
            complainedCount: number;
            /** @description Through this campaign's unsubscribe link */
            unsubscribedCount: number;
            failedCount: number;
            skippedCount: number;
            /** @description MARKETING recipients skipped by the project's frequency cap (`frequencyCap`): not sent, never sent later */
            cappedCount: number;
            deliveryRate: number;
            openRate: number;
            clickRate: number;
            bounceRate: number;
            complaintRate: number;
            unsubscribeRate: number;
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
            /** @description true when the email has been QUEUED or SENDING without progress for over 5 minutes (see updatedAt): a worker down, SMTP unreachable, or a long queue at a low sendRatePerSecond. */
            stalled: boolean;
            /**
             * Format: date-time
             * @example 2026-11-23T10:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description Last change of the record (status, attempt).
             * @example 2026-11-23T10:00:00.000Z
             */
            updatedAt: string;
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
        WorkflowPage: {
            workflows: components["schemas"]["Workflow"][];
            /** @description cursor for the next page (null at the end) */
            cursor: string | null;
            items: components["schemas"]["Workflow"][];
            nextCursor: string | null;
            hasMore: boolean;
            total: number;
        };
        Workflow: {
            id: string;
            name: string;
            description: string | null;
            enabled: boolean;
            allowReentry: boolean;
            /** @description Default true (as Plunk): events tracked with the public key (`POST /v1/track` with `pk_`, and the `contact.subscribed` / `contact.unsubscribed` event such a call records) start this workflow. A public key ships in web pages and apps, so anyone can track any event for any address with it: with SEND_EMAIL steps, a workflow they can start makes the project mail addresses of their choosing. False: only events recorded with the secret key or by the service itself start it (track sign-ups from your server). Events that resume a WAIT_FOR_EVENT are not affected. */
            allowPublicKeyTrigger: boolean;
            /** @description The version shown (the latest unless ?version= asked for another) */
            version: number;
            trigger: components["schemas"]["WorkflowTrigger"];
            /** @description The graph of that version */
            steps: components["schemas"]["WorkflowStep"][];
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
        /** @description EVENT: a tracked or system event of that name. SEGMENT_ENTRY / SEGMENT_EXIT: a contact enters or leaves the segment (`segment.<id>.entry` / `.exit`). A DYNAMIC segment records these only with `trackMembership`: enabling a workflow with such a trigger turns it on for the segment (its next refresh takes the current members as the baseline, so contacts already in do not fire; entries and exits after that do), and turning it off on the segment is refused while an enabled workflow is triggered by it. STATIC segments record them on every member change. */
        WorkflowTrigger: {
            /** @enum {string} */
            type: "EVENT";
            /**
             * @description A tracked event or a system event (email.opened, contact.unsubscribed, ...)
             * @example Signed Up
             */
            eventName: string;
        } | {
            /** @enum {string} */
            type: "SEGMENT_ENTRY";
            segmentId: string;
        } | {
            /** @enum {string} */
            type: "SEGMENT_EXIT";
            segmentId: string;
        };
        WorkflowStep: {
            /** @example welcome */
            id: string;
            /** @enum {string} */
            type: "SEND_EMAIL";
            templateId?: string;
            subject?: string;
            /** @description HTML with {{variable}} placeholders; {{event.<path>}} reads the triggering event */
            body?: string;
            /**
             * Format: email
             * @description Sender; default: the template's
             */
            from?: string;
            /**
             * Format: email
             * @description A fixed recipient; default: the contact
             */
            to?: string;
            /**
             * @description The following step; absent: the execution ends after this one
             * @example welcome
             */
            next?: string;
        } | {
            /** @example welcome */
            id: string;
            /** @enum {string} */
            type: "DELAY";
            amount: number;
            /** @enum {string} */
            unit: "seconds" | "minutes" | "hours" | "days";
            /**
             * @description The following step; absent: the execution ends after this one
             * @example welcome
             */
            next?: string;
        } | {
            /** @example welcome */
            id: string;
            /** @enum {string} */
            type: "WAIT_UNTIL";
            /** @example 09:00 */
            time: string;
            /** @example Europe/Berlin */
            timezone: string;
            /** @description Only these weekdays (local); default: any day */
            days?: ("MON" | "TUE" | "WED" | "THU" | "FRI" | "SAT" | "SUN")[];
            /**
             * @description The following step; absent: the execution ends after this one
             * @example welcome
             */
            next?: string;
        } | {
            /** @example welcome */
            id: string;
            /** @enum {string} */
            type: "WAIT_FOR_EVENT";
            /**
             * @description An event name: 1-255 characters without control characters, compared after Unicode NFKC normalisation with format characters (zero-width spaces, bidi marks) removed and surrounding spaces trimmed.
             * @example Signed Up
             */
            eventName: string;
            timeout: {
                amount: number;
                /** @enum {string} */
                unit: "seconds" | "minutes" | "hours" | "days";
            };
            /** @description Where to go when the event came / the timeout passed (absent: end) */
            branches: {
                /** @example welcome */
                event?: string;
                /** @example welcome */
                timeout?: string;
            };
        } | {
            /** @example welcome */
            id: string;
            /** @enum {string} */
            type: "CONDITION";
            /** @description A Condition (the segments language); fields may also be `event.data.<path>`, the triggering event's data. */
            condition: Record<string, never>;
            branches: {
                /** @example welcome */
                yes?: string;
                /** @example welcome */
                no?: string;
            };
        } | {
            /** @example welcome */
            id: string;
            /** @enum {string} */
            type: "UPDATE_CONTACT";
            /** @description Merged into the contact data; null removes a key */
            data?: {
                [key: string]: unknown;
            };
            subscribed?: boolean;
            /**
             * @description The following step; absent: the execution ends after this one
             * @example welcome
             */
            next?: string;
        } | {
            /** @example welcome */
            id: string;
            /** @enum {string} */
            type: "WEBHOOK";
            /** Format: uri */
            url: string;
            /**
             * @default POST
             * @enum {string}
             */
            method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
            headers?: {
                [key: string]: string;
            };
            /** @description JSON body; strings may use {{variables}} */
            body?: unknown;
            /** @description A non-2xx answer fails the execution (default: recorded, not fatal) */
            failOnError?: boolean;
            /**
             * @description The following step; absent: the execution ends after this one
             * @example welcome
             */
            next?: string;
        } | {
            /** @example welcome */
            id: string;
            /** @enum {string} */
            type: "EXIT";
            reason?: string;
        };
        /**
         * @example {
         *       "name": "Trial welcome",
         *       "enabled": true,
         *       "allowReentry": false,
         *       "trigger": {
         *         "type": "EVENT",
         *         "eventName": "trial_started"
         *       },
         *       "steps": [
         *         {
         *           "id": "welcome",
         *           "type": "SEND_EMAIL",
         *           "templateId": "0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a",
         *           "next": "wait"
         *         },
         *         {
         *           "id": "wait",
         *           "type": "DELAY",
         *           "amount": 1,
         *           "unit": "minutes",
         *           "next": "check"
         *         },
         *         {
         *           "id": "check",
         *           "type": "CONDITION",
         *           "condition": {
         *             "logic": "AND",
         *             "groups": [
         *               {
         *                 "filters": [
         *                   {
         *                     "field": "data.plan",
         *                     "operator": "equals",
         *                     "value": "pro"
         *                   }
         *                 ]
         *               }
         *             ]
         *           },
         *           "branches": {
         *             "yes": "thanks",
         *             "no": "upsell"
         *           }
         *         },
         *         {
         *           "id": "thanks",
         *           "type": "SEND_EMAIL",
         *           "templateId": "0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a"
         *         },
         *         {
         *           "id": "upsell",
         *           "type": "SEND_EMAIL",
         *           "templateId": "0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a",
         *           "next": "done"
         *         },
         *         {
         *           "id": "done",
         *           "type": "EXIT"
         *         }
         *       ]
         *     }
         */
        CreateWorkflowBody: {
            name: string;
            description?: string | null;
            /** @description Default false. Disabling stops new entries; running executions finish. */
            enabled?: boolean;
            /** @description Default false: a contact goes through once ever. True: again, but never while one of its executions runs or waits. */
            allowReentry?: boolean;
            /** @description Default true (as Plunk): events tracked with the public key (`POST /v1/track` with `pk_`, and the `contact.subscribed` / `contact.unsubscribed` event such a call records) start this workflow. A public key ships in web pages and apps, so anyone can track any event for any address with it: with SEND_EMAIL steps, a workflow they can start makes the project mail addresses of their choosing. False: only events recorded with the secret key or by the service itself start it (track sign-ups from your server). Events that resume a WAIT_FOR_EVENT are not affected. */
            allowPublicKeyTrigger?: boolean;
            trigger: components["schemas"]["WorkflowTrigger"];
            /** @description The graph; the first step is the entry. At most 100 steps. */
            steps: components["schemas"]["WorkflowStep"][];
        };
        /**
         * @description Partial. A changed trigger or steps store a new version; running executions keep theirs.
         * @example {
         *       "name": "Trial welcome (v2)",
         *       "enabled": false
         *     }
         */
        UpdateWorkflowBody: {
            name?: string;
            description?: string | null;
            /** @description Default false. Disabling stops new entries; running executions finish. */
            enabled?: boolean;
            /** @description Default false: a contact goes through once ever. True: again, but never while one of its executions runs or waits. */
            allowReentry?: boolean;
            /** @description Default true (as Plunk): events tracked with the public key (`POST /v1/track` with `pk_`, and the `contact.subscribed` / `contact.unsubscribed` event such a call records) start this workflow. A public key ships in web pages and apps, so anyone can track any event for any address with it: with SEND_EMAIL steps, a workflow they can start makes the project mail addresses of their choosing. False: only events recorded with the secret key or by the service itself start it (track sign-ups from your server). Events that resume a WAIT_FOR_EVENT are not affected. */
            allowPublicKeyTrigger?: boolean;
            trigger?: components["schemas"]["WorkflowTrigger"];
            /** @description The graph; the first step is the entry. At most 100 steps. */
            steps?: components["schemas"]["WorkflowStep"][];
        };
        WorkflowExecutionPage: {
            executions: components["schemas"]["WorkflowExecution"][];
            /** @description cursor for the next page (null at the end) */
            cursor: string | null;
            items: components["schemas"]["WorkflowExecution"][];
            nextCursor: string | null;
            hasMore: boolean;
            total: number;
        };
        WorkflowExecution: {
            id: string;
            workflowId: string;
            /** @description The workflow version this execution runs (edits never change it) */
            version: number;
            contactId: string;
            email: string | null;
            status: components["schemas"]["WorkflowExecutionStatus"];
            currentStep: string | null;
            exitReason: string | null;
            /**
             * @description Its Temporal workflow id, in the Temporal UI once it waits or starts alone; an execution that ran entirely inside a batch workflow (automation-batch-...) never had one of its own
             * @example automation-<workflowId>-<contactId>-1
             */
            temporalWorkflowId: string;
            /**
             * Format: date-time
             * @example 2026-11-23T10:00:00.000Z
             */
            startedAt: string;
            /**
             * Format: date-time
             * @example 2026-11-23T10:00:00.000Z
             */
            updatedAt: string;
            /**
             * Format: date-time
             * @example 2026-11-23T10:00:00.000Z
             */
            finishedAt: string | null;
        };
        /** @enum {string} */
        WorkflowExecutionStatus: "RUNNING" | "WAITING" | "COMPLETED" | "EXITED" | "FAILED" | "CANCELLED";
        WorkflowExecutionWithSteps: {
            id: string;
            workflowId: string;
            /** @description The workflow version this execution runs (edits never change it) */
            version: number;
            contactId: string;
            email: string | null;
            status: components["schemas"]["WorkflowExecutionStatus"];
            currentStep: string | null;
            exitReason: string | null;
            /**
             * @description Its Temporal workflow id, in the Temporal UI once it waits or starts alone; an execution that ran entirely inside a batch workflow (automation-batch-...) never had one of its own
             * @example automation-<workflowId>-<contactId>-1
             */
            temporalWorkflowId: string;
            /**
             * Format: date-time
             * @example 2026-11-23T10:00:00.000Z
             */
            startedAt: string;
            /**
             * Format: date-time
             * @example 2026-11-23T10:00:00.000Z
             */
            updatedAt: string;
            /**
             * Format: date-time
             * @example 2026-11-23T10:00:00.000Z
             */
            finishedAt: string | null;
            /** @description The first 100 step records in run order (all of them unless a loop ran more steps: then page on with GET .../steps) */
            steps: components["schemas"]["WorkflowExecutionStep"][];
            /** @description Pass as `cursor` to GET /workflows/{id}/executions/{executionId}/steps for the records after `steps`; null: `steps` holds them all */
            stepsNextCursor: string | null;
            /** @description How many step records the execution has */
            stepsTotal: number;
        };
        WorkflowExecutionStep: {
            stepId: string;
            type: string;
            /** @enum {string} */
            status: "RUNNING" | "WAITING" | "COMPLETED" | "SKIPPED" | "FAILED";
            /** @description What the step did: email id and delivery, condition result, webhook status and body (capped)... */
            output?: unknown;
            error: string | null;
            /**
             * Format: date-time
             * @example 2026-11-23T10:00:00.000Z
             */
            startedAt: string;
            /**
             * Format: date-time
             * @example 2026-11-23T10:00:00.000Z
             */
            finishedAt: string | null;
        };
        /**
         * @example {
         *       "email": "ada@example.com",
         *       "data": {
         *         "plan": "pro",
         *         "trialDays": 14
         *       }
         *     }
         */
        StartWorkflowExecutionBody: {
            contactId?: string;
            /**
             * Format: email
             * @description Internationalized domains are accepted and stored in ASCII (punycode) form.
             * @example ada@example.com
             */
            email?: string;
            /**
             * @description Read by the steps as {{event.<key>}} and event.data.<key> conditions
             * @example {
             *       "firstName": "Ada",
             *       "plan": "pro"
             *     }
             */
            data?: {
                [key: string]: unknown;
            };
        };
        WorkflowExecutionStepPage: {
            steps: components["schemas"]["WorkflowExecutionStep"][];
            /** @description cursor for the next page (null at the end) */
            cursor: string | null;
            items: components["schemas"]["WorkflowExecutionStep"][];
            nextCursor: string | null;
            hasMore: boolean;
            total: number;
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
            /** @description Where it came from: `api` (POST /suppressions), `webhook` (POST /webhooks/bounces), `dsn` (POST /webhooks/bounces/dsn), `smtp` (a hard bounce at send time), `unsubscribe_link`. */
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
             * @description Internationalized domains are accepted and stored in ASCII (punycode) form.
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
            /** @description The matched message (null when none matched): an email record (GET /emails/{id}), or a campaign recipient's message, whose bounce counts in GET /campaigns/{id}/stats. */
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
             * @description Our email record id (the `X-Mailhub-Email-Id` header of the sent message).
             * @example 0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a
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
            publicKey: components["schemas"]["PublicKeyPolicy"];
            /**
             * @description Time zone of contacts without their own `timezone` (default UTC): local-time campaigns and quiet hours.
             * @example Europe/Berlin
             */
            timezone: string;
            quietHours: components["schemas"]["QuietHours"];
            frequencyCap: components["schemas"]["FrequencyCap"];
        };
        /** @description What a public key (`pk_`, shipped in browsers and apps) may change on an EXISTING contact through /v1/track. New contacts are always created as the call says. Whatever this says, a public key never undoes an opt-out made by the unsubscribe link, a complaint, a suppression (hard bounce, manual) or the secret key; refused parts of a call are ignored silently (200), so the answer never reveals a contact. */
        PublicKeyPolicy: {
            /** @description `subscribed: true` may subscribe a contact that has not opted out (default true). */
            subscribe: boolean;
            /** @description `subscribed: false` may unsubscribe a contact (default false). */
            unsubscribe: boolean;
            /**
             * @description `data`: `add` only keys the contact does not have yet (default), `all` set, overwrite and remove like the secret key, `none` ignored (the event keeps it).
             * @enum {string}
             */
            writeData: "all" | "add" | "none";
        };
        /**
         * @description Contact-local window (`HH:MM`, 24-hour; `start` inclusive, `end` exclusive, past midnight when `end` < `start`) in which MARKETING mail waits: campaign recipients inside it get the mail when it ends, automation SEND_EMAIL steps wait (the execution shows WAITING with reason QUIET_HOURS). TRANSACTIONAL mail is never held. null: none (default).
         * @example {
         *       "start": "21:00",
         *       "end": "08:00"
         *     }
         */
        QuietHours: {
            /** @example 21:00 */
            start: string;
            /** @example 21:00 */
            end: string;
        } | null;
        /**
         * @description At most `max` MARKETING mails (campaigns, automation SEND_EMAIL steps and /v1/send with a MARKETING template together) per contact in any `perDays` days. A mail over the cap is skipped for good, never sent later: `cappedCount` in campaign stats, a SKIPPED automation step with reason FREQUENCY_CAP, a 422 on /v1/send (nothing sent). Test sends and TRANSACTIONAL mail neither count nor are capped. Holds across worker processes and concurrent campaigns. null: no cap (default).
         * @example {
         *       "max": 3,
         *       "perDays": 7
         *     }
         */
        FrequencyCap: {
            /** @example 3 */
            max: number;
            /** @example 7 */
            perDays: number;
        } | null;
        /**
         * @description Only the given settings change; `null` restores the default.
         * @example {
         *       "timezone": "Europe/Berlin",
         *       "quietHours": {
         *         "start": "21:00",
         *         "end": "08:00"
         *       },
         *       "frequencyCap": {
         *         "max": 3,
         *         "perDays": 7
         *       }
         *     }
         */
        UpdateProjectSettingsBody: {
            trackMarketing?: boolean | null;
            trackTransactional?: boolean | null;
            /** @description Emails per second for this project, at least 1. It can lower the service's rate (SEND_RATE_PER_SECOND, 14 by default), never raise it. */
            sendRatePerSecond?: number | null;
            /** @description What a public key (`pk_`, shipped in browsers and apps) may change on an EXISTING contact through /v1/track. New contacts are always created as the call says. Whatever this says, a public key never undoes an opt-out made by the unsubscribe link, a complaint, a suppression (hard bounce, manual) or the secret key; refused parts of a call are ignored silently (200), so the answer never reveals a contact. Given fields change, the others stay; `null` restores the defaults. */
            publicKey?: {
                subscribe?: boolean;
                unsubscribe?: boolean;
                /** @enum {string} */
                writeData?: "all" | "add" | "none";
            } | null;
            /**
             * @description Time zone of contacts without their own `timezone`; `null`: UTC.
             * @example Europe/Berlin
             */
            timezone?: string | null;
            /**
             * @description Contact-local window (`HH:MM`, 24-hour; `start` inclusive, `end` exclusive, past midnight when `end` < `start`) in which MARKETING mail waits: campaign recipients inside it get the mail when it ends, automation SEND_EMAIL steps wait (the execution shows WAITING with reason QUIET_HOURS). TRANSACTIONAL mail is never held. `null`: none.
             * @example {
             *       "start": "21:00",
             *       "end": "08:00"
             *     }
             */
            quietHours?: {
                /** @example 21:00 */
                start: string;
                /** @example 21:00 */
                end: string;
            } | null;
            /**
             * @description At most `max` MARKETING mails (campaigns, automation SEND_EMAIL steps and /v1/send with a MARKETING template together) per contact in any `perDays` days. A mail over the cap is skipped for good, never sent later: `cappedCount` in campaign stats, a SKIPPED automation step with reason FREQUENCY_CAP, a 422 on /v1/send (nothing sent). Test sends and TRANSACTIONAL mail neither count nor are capped. Holds across worker processes and concurrent campaigns. `null`: no cap.
             * @example {
             *       "max": 3,
             *       "perDays": 7
             *     }
             */
            frequencyCap?: {
                /** @example 3 */
                max: number;
                /** @example 7 */
                perDays: number;
            } | null;
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
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
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
                    /**
                     * @example {
                     *       "code": 400,
                     *       "error": "Bad Request",
                     *       "message": "Malformed JSON in request body",
                     *       "time": 1795435200000
                     *     }
                     */
                    "application/json": components["schemas"]["AltError"];
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": 401,
                     *       "error": "Unauthorized",
                     *       "message": "Invalid API key",
                     *       "time": 1795435200000
                     *     }
                     */
                    "application/json": components["schemas"]["AltError"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": 403,
                     *       "error": "Forbidden",
                     *       "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *       "time": 1795435200000
                     *     }
                     */
                    "application/json": components["schemas"]["AltError"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": 404,
                     *       "error": "Not Found",
                     *       "message": "Contact 0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a not found",
                     *       "time": 1795435200000
                     *     }
                     */
                    "application/json": components["schemas"]["AltError"];
                };
            };
            /** @description Conflict (codes: CONFLICT, IDEMPOTENCY_CONFLICT) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": 409,
                     *       "error": "Conflict",
                     *       "message": "The resource is in a state that does not allow this",
                     *       "time": 1795435200000
                     *     }
                     */
                    "application/json": components["schemas"]["AltError"];
                };
            };
            /** @description Payload Too Large (codes: PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": 413,
                     *       "error": "Payload Too Large",
                     *       "message": "Request body too large",
                     *       "time": 1795435200000
                     *     }
                     */
                    "application/json": components["schemas"]["AltError"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": 422,
                     *       "error": "Unprocessable Entity",
                     *       "message": "Request validation failed",
                     *       "time": 1795435200000
                     *     }
                     */
                    "application/json": components["schemas"]["AltError"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": 429,
                     *       "error": "Too Many Requests",
                     *       "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *       "time": 1795435200000
                     *     }
                     */
                    "application/json": components["schemas"]["AltError"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": 500,
                     *       "error": "Internal Server Error",
                     *       "message": "An unexpected error occurred",
                     *       "time": 1795435200000
                     *     }
                     */
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
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "MALFORMED_JSON",
                     *         "message": "Malformed JSON in request body",
                     *         "statusCode": 400,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload Too Large (codes: PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "PAYLOAD_TOO_LARGE",
                     *         "message": "Request body too large",
                     *         "statusCode": 413,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
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
                    /**
                     * @example {
                     *       "code": 400,
                     *       "error": "Bad Request",
                     *       "message": "Malformed JSON in request body",
                     *       "time": 1795435200000
                     *     }
                     */
                    "application/json": components["schemas"]["AltError"];
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": 401,
                     *       "error": "Unauthorized",
                     *       "message": "Invalid API key",
                     *       "time": 1795435200000
                     *     }
                     */
                    "application/json": components["schemas"]["AltError"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": 403,
                     *       "error": "Forbidden",
                     *       "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *       "time": 1795435200000
                     *     }
                     */
                    "application/json": components["schemas"]["AltError"];
                };
            };
            /** @description Payload Too Large (codes: PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": 413,
                     *       "error": "Payload Too Large",
                     *       "message": "Request body too large",
                     *       "time": 1795435200000
                     *     }
                     */
                    "application/json": components["schemas"]["AltError"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": 422,
                     *       "error": "Unprocessable Entity",
                     *       "message": "Request validation failed",
                     *       "time": 1795435200000
                     *     }
                     */
                    "application/json": components["schemas"]["AltError"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": 429,
                     *       "error": "Too Many Requests",
                     *       "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *       "time": 1795435200000
                     *     }
                     */
                    "application/json": components["schemas"]["AltError"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": 500,
                     *       "error": "Internal Server Error",
                     *       "message": "An unexpected error occurred",
                     *       "time": 1795435200000
                     *     }
                     */
                    "application/json": components["schemas"]["AltError"];
                };
            };
        };
    };
    listContactImports: {
        parameters: {
            query?: {
                /** @description Items per page (1-100) */
                limit?: number;
                /** @description `nextCursor` of the previous page; omit for the first page */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of imports */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["ContactImportPage"];
                    };
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createContactImport: {
        parameters: {
            query?: {
                /** @description For rows that do not say. Default: as POST /contacts (a new contact is subscribed, an existing one keeps its state). */
                subscribed?: "true" | "false";
                /** @description `merge`: data merged into the existing contact (as POST /contacts); `replace`: its data replaced by the row's; `skip`: existing contacts left unchanged. */
                onExisting?: "merge" | "replace" | "skip";
                /** @description A STATIC segment every contact of a valid row joins (also one left unchanged by `skip`). */
                segmentId?: string;
                /** @description Validate only: rows are read and checked, nothing is written. */
                dryRun?: "true" | "false";
                /** @description Whether the events the import records (`contact.subscribed`, `segment.<id>.entry`) start or wake automations. Default false, so a migration mails nobody. */
                triggerAutomations?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "text/csv": string;
                "application/x-ndjson": string;
            };
        };
        responses: {
            /** @description Accepted: the import is QUEUED */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["ContactImport"];
                    };
                };
            };
            /** @description Bad Request (codes: BAD_REQUEST, MALFORMED_JSON, UNSUPPORTED_CONTENT_TYPE) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "MALFORMED_JSON",
                     *         "message": "Malformed JSON in request body",
                     *         "statusCode": 400,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Contact 0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a not found",
                     *         "statusCode": 404,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict (codes: CONFLICT, IDEMPOTENCY_CONFLICT) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "CONFLICT",
                     *         "message": "The resource is in a state that does not allow this",
                     *         "statusCode": 409,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload Too Large (codes: PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "PAYLOAD_TOO_LARGE",
                     *         "message": "Request body too large",
                     *         "statusCode": 413,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Service Unavailable (codes: SERVICE_UNAVAILABLE) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Temporal is not reachable",
                     *         "statusCode": 503,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getContactImport: {
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
            /** @description The import */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["ContactImport"];
                    };
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Contact 0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a not found",
                     *         "statusCode": 404,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    cancelContactImport: {
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
            /** @description CANCELLED */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["ContactImport"];
                    };
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Contact 0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a not found",
                     *         "statusCode": 404,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict (codes: CONFLICT, IDEMPOTENCY_CONFLICT) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "CONFLICT",
                     *         "message": "The resource is in a state that does not allow this",
                     *         "statusCode": 409,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload Too Large (codes: PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "PAYLOAD_TOO_LARGE",
                     *         "message": "Request body too large",
                     *         "statusCode": 413,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    exportContacts: {
        parameters: {
            query?: {
                /** @description Only this segment's contacts. (e.g. `0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a`) */
                segmentId?: string;
                /** @description Overrides the Accept header. */
                format?: "csv" | "ndjson";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The contacts */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                    "application/x-ndjson": string;
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Contact 0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a not found",
                     *         "statusCode": 404,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Service Unavailable (codes: SERVICE_UNAVAILABLE) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Temporal is not reachable",
                     *         "statusCode": 503,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
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
                /** @description Case-insensitive substring of the email (spaces around it ignored; only spaces is a 422). (e.g. `example.com`) */
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
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
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
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "MALFORMED_JSON",
                     *         "message": "Malformed JSON in request body",
                     *         "statusCode": 400,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload Too Large (codes: PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "PAYLOAD_TOO_LARGE",
                     *         "message": "Request body too large",
                     *         "statusCode": 413,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
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
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Contact 0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a not found",
                     *         "statusCode": 404,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
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
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Contact 0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a not found",
                     *         "statusCode": 404,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
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
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "MALFORMED_JSON",
                     *         "message": "Malformed JSON in request body",
                     *         "statusCode": 400,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Contact 0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a not found",
                     *         "statusCode": 404,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict (codes: CONFLICT, IDEMPOTENCY_CONFLICT) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "CONFLICT",
                     *         "message": "The resource is in a state that does not allow this",
                     *         "statusCode": 409,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload Too Large (codes: PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "PAYLOAD_TOO_LARGE",
                     *         "message": "Request body too large",
                     *         "statusCode": 413,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listSegments: {
        parameters: {
            query?: {
                /** @description Items per page (1-100) */
                limit?: number;
                /** @description `nextCursor` of the previous page; omit for the first page */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of segments */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["SegmentPage"];
                    };
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createSegment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateSegmentBody"];
            };
        };
        responses: {
            /** @description Created, with its member count */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Segment"];
                    };
                };
            };
            /** @description Bad Request (codes: BAD_REQUEST, MALFORMED_JSON, UNSUPPORTED_CONTENT_TYPE) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "MALFORMED_JSON",
                     *         "message": "Malformed JSON in request body",
                     *         "statusCode": 400,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload Too Large (codes: PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "PAYLOAD_TOO_LARGE",
                     *         "message": "Request body too large",
                     *         "statusCode": 413,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Service Unavailable (codes: SERVICE_UNAVAILABLE) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Temporal is not reachable",
                     *         "statusCode": 503,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getSegment: {
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
            /** @description The segment */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Segment"];
                    };
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Contact 0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a not found",
                     *         "statusCode": 404,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Service Unavailable (codes: SERVICE_UNAVAILABLE) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Temporal is not reachable",
                     *         "statusCode": 503,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteSegment: {
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
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Contact 0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a not found",
                     *         "statusCode": 404,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict (codes: CONFLICT, IDEMPOTENCY_CONFLICT) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "CONFLICT",
                     *         "message": "The resource is in a state that does not allow this",
                     *         "statusCode": 409,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateSegment: {
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
                "application/json": components["schemas"]["UpdateSegmentBody"];
            };
        };
        responses: {
            /** @description The updated segment */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Segment"];
                    };
                };
            };
            /** @description Bad Request (codes: BAD_REQUEST, MALFORMED_JSON, UNSUPPORTED_CONTENT_TYPE) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "MALFORMED_JSON",
                     *         "message": "Malformed JSON in request body",
                     *         "statusCode": 400,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Contact 0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a not found",
                     *         "statusCode": 404,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload Too Large (codes: PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "PAYLOAD_TOO_LARGE",
                     *         "message": "Request body too large",
                     *         "statusCode": 413,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Service Unavailable (codes: SERVICE_UNAVAILABLE) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Temporal is not reachable",
                     *         "statusCode": 503,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listSegmentContacts: {
        parameters: {
            query?: {
                /** @description Items per page (1-100) */
                limit?: number;
                /** @description `nextCursor` of the previous page; omit for the first page */
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description The resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of member contacts */
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
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Contact 0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a not found",
                     *         "statusCode": 404,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Service Unavailable (codes: SERVICE_UNAVAILABLE) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Temporal is not reachable",
                     *         "statusCode": 503,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    addSegmentMembers: {
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
                "application/json": components["schemas"]["SegmentMembersBody"];
            };
        };
        responses: {
            /** @description Added */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["AddedSegmentMembers"];
                    };
                };
            };
            /** @description Bad Request (codes: BAD_REQUEST, MALFORMED_JSON, UNSUPPORTED_CONTENT_TYPE) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "MALFORMED_JSON",
                     *         "message": "Malformed JSON in request body",
                     *         "statusCode": 400,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Contact 0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a not found",
                     *         "statusCode": 404,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict (codes: CONFLICT, IDEMPOTENCY_CONFLICT) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "CONFLICT",
                     *         "message": "The resource is in a state that does not allow this",
                     *         "statusCode": 409,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload Too Large (codes: PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "PAYLOAD_TOO_LARGE",
                     *         "message": "Request body too large",
                     *         "statusCode": 413,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    removeSegmentMembers: {
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
                "application/json": components["schemas"]["SegmentMembersBody"];
            };
        };
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
                        data: components["schemas"]["RemovedSegmentMembers"];
                    };
                };
            };
            /** @description Bad Request (codes: BAD_REQUEST, MALFORMED_JSON, UNSUPPORTED_CONTENT_TYPE) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "MALFORMED_JSON",
                     *         "message": "Malformed JSON in request body",
                     *         "statusCode": 400,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Contact 0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a not found",
                     *         "statusCode": 404,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict (codes: CONFLICT, IDEMPOTENCY_CONFLICT) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "CONFLICT",
                     *         "message": "The resource is in a state that does not allow this",
                     *         "statusCode": 409,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
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
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
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
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "MALFORMED_JSON",
                     *         "message": "Malformed JSON in request body",
                     *         "statusCode": 400,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload Too Large (codes: PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "PAYLOAD_TOO_LARGE",
                     *         "message": "Request body too large",
                     *         "statusCode": 413,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
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
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Contact 0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a not found",
                     *         "statusCode": 404,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
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
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Contact 0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a not found",
                     *         "statusCode": 404,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict (codes: CONFLICT, IDEMPOTENCY_CONFLICT) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "CONFLICT",
                     *         "message": "The resource is in a state that does not allow this",
                     *         "statusCode": 409,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
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
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "MALFORMED_JSON",
                     *         "message": "Malformed JSON in request body",
                     *         "statusCode": 400,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Contact 0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a not found",
                     *         "statusCode": 404,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload Too Large (codes: PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "PAYLOAD_TOO_LARGE",
                     *         "message": "Request body too large",
                     *         "statusCode": 413,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listCampaigns: {
        parameters: {
            query?: {
                /** @description Items per page (1-100) */
                limit?: number;
                /** @description `nextCursor` of the previous page; omit for the first page */
                cursor?: string;
                /** @description DRAFT -> SCHEDULED (send) -> SENDING (at the scheduled time) -> SENT; SENDING <-> PAUSED (pause, resume); SCHEDULED, SENDING or PAUSED -> CANCELLED (cancel). */
                status?: components["schemas"]["CampaignStatus"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of campaigns */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["CampaignPage"];
                    };
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateCampaignBody"];
            };
        };
        responses: {
            /** @description Created, DRAFT */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["CreatedCampaign"];
                    };
                };
            };
            /** @description Bad Request (codes: BAD_REQUEST, MALFORMED_JSON, UNSUPPORTED_CONTENT_TYPE) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "MALFORMED_JSON",
                     *         "message": "Malformed JSON in request body",
                     *         "statusCode": 400,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Contact 0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a not found",
                     *         "statusCode": 404,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload Too Large (codes: PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "PAYLOAD_TOO_LARGE",
                     *         "message": "Request body too large",
                     *         "statusCode": 413,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getCampaign: {
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
            /** @description The campaign */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Campaign"];
                    };
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Contact 0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a not found",
                     *         "statusCode": 404,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateCampaign: {
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
                "application/json": components["schemas"]["UpdateCampaignBody"];
            };
        };
        responses: {
            /** @description The updated campaign */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Campaign"];
                    };
                };
            };
            /** @description Bad Request (codes: BAD_REQUEST, MALFORMED_JSON, UNSUPPORTED_CONTENT_TYPE) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "MALFORMED_JSON",
                     *         "message": "Malformed JSON in request body",
                     *         "statusCode": 400,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Contact 0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a not found",
                     *         "statusCode": 404,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict (codes: CONFLICT, IDEMPOTENCY_CONFLICT) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "CONFLICT",
                     *         "message": "The resource is in a state that does not allow this",
                     *         "statusCode": 409,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload Too Large (codes: PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "PAYLOAD_TOO_LARGE",
                     *         "message": "Request body too large",
                     *         "statusCode": 413,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    sendCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["SendCampaignBody"];
            };
        };
        responses: {
            /** @description Scheduled */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Campaign"];
                    };
                };
            };
            /** @description Bad Request (codes: BAD_REQUEST, MALFORMED_JSON, UNSUPPORTED_CONTENT_TYPE) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "MALFORMED_JSON",
                     *         "message": "Malformed JSON in request body",
                     *         "statusCode": 400,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Contact 0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a not found",
                     *         "statusCode": 404,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict (codes: CONFLICT, IDEMPOTENCY_CONFLICT) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "CONFLICT",
                     *         "message": "The resource is in a state that does not allow this",
                     *         "statusCode": 409,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload Too Large (codes: PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "PAYLOAD_TOO_LARGE",
                     *         "message": "Request body too large",
                     *         "statusCode": 413,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Service Unavailable (codes: SERVICE_UNAVAILABLE) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Temporal is not reachable",
                     *         "statusCode": 503,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    cancelCampaign: {
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
            /** @description CANCELLED */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Campaign"];
                    };
                };
            };
            /** @description Bad Request (codes: BAD_REQUEST, MALFORMED_JSON, UNSUPPORTED_CONTENT_TYPE) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "MALFORMED_JSON",
                     *         "message": "Malformed JSON in request body",
                     *         "statusCode": 400,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Contact 0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a not found",
                     *         "statusCode": 404,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict (codes: CONFLICT, IDEMPOTENCY_CONFLICT) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "CONFLICT",
                     *         "message": "The resource is in a state that does not allow this",
                     *         "statusCode": 409,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload Too Large (codes: PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "PAYLOAD_TOO_LARGE",
                     *         "message": "Request body too large",
                     *         "statusCode": 413,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    pauseCampaign: {
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
            /** @description PAUSED */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Campaign"];
                    };
                };
            };
            /** @description Bad Request (codes: BAD_REQUEST, MALFORMED_JSON, UNSUPPORTED_CONTENT_TYPE) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "MALFORMED_JSON",
                     *         "message": "Malformed JSON in request body",
                     *         "statusCode": 400,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Contact 0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a not found",
                     *         "statusCode": 404,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict (codes: CONFLICT, IDEMPOTENCY_CONFLICT) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "CONFLICT",
                     *         "message": "The resource is in a state that does not allow this",
                     *         "statusCode": 409,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload Too Large (codes: PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "PAYLOAD_TOO_LARGE",
                     *         "message": "Request body too large",
                     *         "statusCode": 413,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    resumeCampaign: {
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
            /** @description SENDING */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Campaign"];
                    };
                };
            };
            /** @description Bad Request (codes: BAD_REQUEST, MALFORMED_JSON, UNSUPPORTED_CONTENT_TYPE) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "MALFORMED_JSON",
                     *         "message": "Malformed JSON in request body",
                     *         "statusCode": 400,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Contact 0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a not found",
                     *         "statusCode": 404,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict (codes: CONFLICT, IDEMPOTENCY_CONFLICT) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "CONFLICT",
                     *         "message": "The resource is in a state that does not allow this",
                     *         "statusCode": 409,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload Too Large (codes: PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "PAYLOAD_TOO_LARGE",
                     *         "message": "Request body too large",
                     *         "statusCode": 413,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Service Unavailable (codes: SERVICE_UNAVAILABLE) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Temporal is not reachable",
                     *         "statusCode": 503,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    testCampaign: {
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
                "application/json": components["schemas"]["TestCampaignBody"];
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
                        data: components["schemas"]["TestCampaignResult"];
                    };
                };
            };
            /** @description Bad Request (codes: BAD_REQUEST, MALFORMED_JSON, UNSUPPORTED_CONTENT_TYPE) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "MALFORMED_JSON",
                     *         "message": "Malformed JSON in request body",
                     *         "statusCode": 400,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Contact 0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a not found",
                     *         "statusCode": 404,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload Too Large (codes: PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "PAYLOAD_TOO_LARGE",
                     *         "message": "Request body too large",
                     *         "statusCode": 413,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getCampaignStats: {
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
            /** @description The stats */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["CampaignStats"];
                    };
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Contact 0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a not found",
                     *         "statusCode": 404,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
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
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Contact 0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a not found",
                     *         "statusCode": 404,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
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
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
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
                /** @description Events with this name, compared as tracked names are stored (Unicode NFKC, surrounding spaces trimmed) (e.g. `Signed Up`) */
                name?: string;
                /** @description Events of this contact (e.g. `0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a`) */
                contactId?: string;
                /** @description Events of the contact with this email (e.g. `ada@example.com`) */
                email?: string;
                /** @description Events of this campaign (e.g. `0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a`) */
                campaignId?: string;
                /** @description Events of this sent email (e.g. `0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a`) */
                emailId?: string;
                /** @description Events at or after this time (inclusive, ms precision) (e.g. `2026-11-23T10:00:00Z`) */
                from?: string;
                /** @description Events at or before this time (inclusive, ms precision) (e.g. `2026-11-23T10:00:00Z`) */
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
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listWorkflows: {
        parameters: {
            query?: {
                /** @description Items per page (1-100) */
                limit?: number;
                /** @description `nextCursor` of the previous page; omit for the first page */
                cursor?: string;
                /** @description Only enabled (`true`) or disabled (`false`) workflows */
                enabled?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of workflows (each with its latest version) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["WorkflowPage"];
                    };
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createWorkflow: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWorkflowBody"];
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
                        data: components["schemas"]["Workflow"];
                    };
                };
            };
            /** @description Bad Request (codes: BAD_REQUEST, MALFORMED_JSON, UNSUPPORTED_CONTENT_TYPE) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "MALFORMED_JSON",
                     *         "message": "Malformed JSON in request body",
                     *         "statusCode": 400,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload Too Large (codes: PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "PAYLOAD_TOO_LARGE",
                     *         "message": "Request body too large",
                     *         "statusCode": 413,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getWorkflow: {
        parameters: {
            query?: {
                /** @description An earlier version of the graph */
                version?: number;
            };
            header?: never;
            path: {
                /** @description The resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The workflow */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Workflow"];
                    };
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Contact 0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a not found",
                     *         "statusCode": 404,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteWorkflow: {
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
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Contact 0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a not found",
                     *         "statusCode": 404,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Service Unavailable (codes: SERVICE_UNAVAILABLE) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Temporal is not reachable",
                     *         "statusCode": 503,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateWorkflow: {
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
                "application/json": components["schemas"]["UpdateWorkflowBody"];
            };
        };
        responses: {
            /** @description The updated workflow */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Workflow"];
                    };
                };
            };
            /** @description Bad Request (codes: BAD_REQUEST, MALFORMED_JSON, UNSUPPORTED_CONTENT_TYPE) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "MALFORMED_JSON",
                     *         "message": "Malformed JSON in request body",
                     *         "statusCode": 400,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Contact 0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a not found",
                     *         "statusCode": 404,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload Too Large (codes: PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "PAYLOAD_TOO_LARGE",
                     *         "message": "Request body too large",
                     *         "statusCode": 413,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listWorkflowExecutions: {
        parameters: {
            query?: {
                /** @description Items per page (1-100) */
                limit?: number;
                /** @description `nextCursor` of the previous page; omit for the first page */
                cursor?: string;
                /** @description Only executions in this status */
                status?: components["schemas"]["WorkflowExecutionStatus"] & unknown;
                /** @description Only executions of this contact (e.g. `0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a`) */
                contactId?: string;
            };
            header?: never;
            path: {
                /** @description The resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of executions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["WorkflowExecutionPage"];
                    };
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Contact 0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a not found",
                     *         "statusCode": 404,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    startWorkflowExecution: {
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
                "application/json": components["schemas"]["StartWorkflowExecutionBody"];
            };
        };
        responses: {
            /** @description Started */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["WorkflowExecutionWithSteps"];
                    };
                };
            };
            /** @description Bad Request (codes: BAD_REQUEST, MALFORMED_JSON, UNSUPPORTED_CONTENT_TYPE) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "MALFORMED_JSON",
                     *         "message": "Malformed JSON in request body",
                     *         "statusCode": 400,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Contact 0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a not found",
                     *         "statusCode": 404,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict (codes: CONFLICT, IDEMPOTENCY_CONFLICT) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "CONFLICT",
                     *         "message": "The resource is in a state that does not allow this",
                     *         "statusCode": 409,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload Too Large (codes: PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "PAYLOAD_TOO_LARGE",
                     *         "message": "Request body too large",
                     *         "statusCode": 413,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Service Unavailable (codes: SERVICE_UNAVAILABLE) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Temporal is not reachable",
                     *         "statusCode": 503,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getWorkflowExecution: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The workflow id */
                id: string;
                /** @description The execution id (from POST /workflows/{id}/executions or GET /workflows/{id}/executions) */
                executionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The execution */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["WorkflowExecutionWithSteps"];
                    };
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Contact 0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a not found",
                     *         "statusCode": 404,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listWorkflowExecutionSteps: {
        parameters: {
            query?: {
                /** @description Items per page (1-100) */
                limit?: number;
                /** @description `nextCursor` of the previous page; omit for the first page */
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description The workflow id */
                id: string;
                /** @description The execution id (from POST /workflows/{id}/executions or GET /workflows/{id}/executions) */
                executionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of step records */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["WorkflowExecutionStepPage"];
                    };
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Contact 0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a not found",
                     *         "statusCode": 404,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    cancelWorkflowExecution: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The workflow id */
                id: string;
                /** @description The execution id (from POST /workflows/{id}/executions or GET /workflows/{id}/executions) */
                executionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cancelled */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["WorkflowExecutionWithSteps"];
                    };
                };
            };
            /** @description Bad Request (codes: BAD_REQUEST, MALFORMED_JSON, UNSUPPORTED_CONTENT_TYPE) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "MALFORMED_JSON",
                     *         "message": "Malformed JSON in request body",
                     *         "statusCode": 400,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Contact 0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a not found",
                     *         "statusCode": 404,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict (codes: CONFLICT, IDEMPOTENCY_CONFLICT) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "CONFLICT",
                     *         "message": "The resource is in a state that does not allow this",
                     *         "statusCode": 409,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload Too Large (codes: PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "PAYLOAD_TOO_LARGE",
                     *         "message": "Request body too large",
                     *         "statusCode": 413,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Service Unavailable (codes: SERVICE_UNAVAILABLE) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Temporal is not reachable",
                     *         "statusCode": 503,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
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
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
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
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "MALFORMED_JSON",
                     *         "message": "Malformed JSON in request body",
                     *         "statusCode": 400,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict (codes: CONFLICT, IDEMPOTENCY_CONFLICT) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "CONFLICT",
                     *         "message": "The resource is in a state that does not allow this",
                     *         "statusCode": 409,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload Too Large (codes: PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "PAYLOAD_TOO_LARGE",
                     *         "message": "Request body too large",
                     *         "statusCode": 413,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Service Unavailable (codes: SERVICE_UNAVAILABLE) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Temporal is not reachable",
                     *         "statusCode": 503,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
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
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Contact 0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a not found",
                     *         "statusCode": 404,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
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
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Contact 0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a not found",
                     *         "statusCode": 404,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict (codes: CONFLICT, IDEMPOTENCY_CONFLICT) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "CONFLICT",
                     *         "message": "The resource is in a state that does not allow this",
                     *         "statusCode": 409,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
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
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "MALFORMED_JSON",
                     *         "message": "Malformed JSON in request body",
                     *         "statusCode": 400,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Contact 0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a not found",
                     *         "statusCode": 404,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload Too Large (codes: PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "PAYLOAD_TOO_LARGE",
                     *         "message": "Request body too large",
                     *         "statusCode": 413,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
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
                /** @description Only this address (exact, case-insensitive). (e.g. `ada@example.com`) */
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
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
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
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "MALFORMED_JSON",
                     *         "message": "Malformed JSON in request body",
                     *         "statusCode": 400,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload Too Large (codes: PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "PAYLOAD_TOO_LARGE",
                     *         "message": "Request body too large",
                     *         "statusCode": 413,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
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
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not Found (codes: NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Contact 0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a not found",
                     *         "statusCode": 404,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
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
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "MALFORMED_JSON",
                     *         "message": "Malformed JSON in request body",
                     *         "statusCode": 400,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload Too Large (codes: PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "PAYLOAD_TOO_LARGE",
                     *         "message": "Request body too large",
                     *         "statusCode": 413,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
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
            /** @description The bounce, applied to the matched message */
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
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "MALFORMED_JSON",
                     *         "message": "Malformed JSON in request body",
                     *         "statusCode": 400,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload Too Large (codes: PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "PAYLOAD_TOO_LARGE",
                     *         "message": "Request body too large",
                     *         "statusCode": 413,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
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
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
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
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "MALFORMED_JSON",
                     *         "message": "Malformed JSON in request body",
                     *         "statusCode": 400,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized (codes: UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "UNAUTHORIZED",
                     *         "message": "Invalid API key",
                     *         "statusCode": 401,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden (codes: FORBIDDEN, PROJECT_DISABLED, DOMAIN_NOT_VERIFIED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Public keys (pk_...) can only be used on POST /v1/track",
                     *         "statusCode": 403,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload Too Large (codes: PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "PAYLOAD_TOO_LARGE",
                     *         "message": "Request body too large",
                     *         "statusCode": 413,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too Many Requests (codes: RATE_LIMITED) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limit of 1000 requests per minute exceeded (secret budget)",
                     *         "statusCode": 429,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
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
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Contact 0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a not found",
                     *         "statusCode": 404,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
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
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Contact 0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a not found",
                     *         "statusCode": 404,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
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
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Contact 0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a not found",
                     *         "statusCode": 404,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
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
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Contact 0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a not found",
                     *         "statusCode": 404,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload Too Large (codes: PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "PAYLOAD_TOO_LARGE",
                     *         "message": "Request body too large",
                     *         "statusCode": 413,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unprocessable Entity (codes: VALIDATION_ERROR, RECIPIENT_SUPPRESSED, RECIPIENT_UNSUBSCRIBED, RECIPIENT_CAPPED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request validation failed",
                     *         "statusCode": 422,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A",
                     *         "errors": [
                     *           {
                     *             "field": "email",
                     *             "message": "Invalid email address",
                     *             "code": "invalid_string"
                     *           }
                     *         ]
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal Server Error (codes: INTERNAL_ERROR) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "An unexpected error occurred",
                     *         "statusCode": 500,
                     *         "requestId": "req_Jt3kq0x1c2V9Zb7A"
                     *       },
                     *       "timestamp": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
}
