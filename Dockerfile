# One image for both roles: the API (default) or the worker. The commands are what
# `npm run start:api` / `npm run start:worker` run (built to dist/ by `npm run build`), started without npm so that SIGTERM from
# `docker stop` reaches the process (npm does not pass it on) and it shuts down cleanly.
FROM node:20-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json .npmrc ./
# Dev dependencies (tests, types) stay out; esbuild (a dependency) builds the JavaScript in dist/.
# The lock file lacks @swc/core's builds for other platforms (the registry it was made against has
# none), so `npm ci` may call it out of sync: `npm install` then installs the same locked versions.
RUN npm ci --omit=dev --no-audit --no-fund || npm install --omit=dev --no-audit --no-fund
COPY . .
# dist/: the service as plain JavaScript and the workflow bundle (npm run build). Without tsx's loader
# a process takes ~70 MB less memory and starts faster.
RUN npm run build
USER node
EXPOSE 3000
CMD ["node", "dist/api/main.js"]
