/*
 * Run as its own process (test/openapi-load-order.test.ts): core's schemas are built first, before
 * anything loads @hono/zod-openapi, as in the built server; then the document is generated.
 * Prints the document.
 */
import '../../core/events/name.js';
import '../../core/segments/condition.js';
import '../../core/automations/definition.js';

const { renderOpenApiFile } = await import('../../openapi/generate.js');
process.stdout.write(renderOpenApiFile());
