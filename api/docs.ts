import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { App } from './types.js';

/*
 * GET /docs: an interactive reference (Swagger UI) of the live document at /openapi.json, from the
 * files of the swagger-ui-dist npm package served by the API itself: nothing is loaded from a CDN,
 * so it works offline and behind locked-down networks.
 */
const dist = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};
const cache = new Map<string, Buffer>();
const asset = (name: string) => {
  let file = cache.get(name);
  if (!file) cache.set(name, (file = readFileSync(path.join(dist, name))));
  return file;
};

// No validator badge (it would call validator.swagger.io); "Try it out" calls this server.
const INIT = `window.ui = SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#reference',
  deepLinking: true,
  validatorUrl: null,
  tryItOutEnabled: false,
  persistAuthorization: false,
  displayRequestDuration: true,
  defaultModelsExpandDepth: 0,
  docExpansion: 'list',
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Mailhub API reference</title>
  <link rel="icon" type="image/png" href="/docs/favicon-32x32.png">
  <link rel="stylesheet" href="/docs/swagger-ui.css">
  <style>body { margin: 0 } .swagger-ui .topbar { display: none }</style>
</head>
<body>
  <div id="reference"></div>
  <script src="/docs/swagger-ui-bundle.js"></script>
  <script src="/docs/init.js"></script>
</body>
</html>
`;

export function registerDocs(app: App) {
  app.get('/docs', (c) => c.html(PAGE));
  app.get('/docs/init.js', (c) => c.body(INIT, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }));
  app.get('/docs/:file', (c) => {
    const name = c.req.param('file');
    const type = ASSETS[name];
    if (!type) return c.notFound();
    return c.body(new Uint8Array(asset(name)), 200, { 'Content-Type': type, 'Cache-Control': 'public, max-age=3600' });
  });
}
