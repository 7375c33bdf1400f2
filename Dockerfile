# JotIt: one image for every instance (docs/deploy.md). Multi-stage: the build stage has the dev tools and builds
# the web bundle; the final stage has production dependencies only and runs as the unprivileged `node` user.
# The same steps were emulated without a container engine (docs/deploy.md, "What was run").

# ---- build: all dependencies, `npm run build` (React Router build + precompressed assets) ----
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# patches/: fixes to installed packages, applied by the postinstall step (patch-package; README "Patched packages").
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- final: production dependencies, the built server (dist/, plain node: decision 0014), the built web app ----
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
# No postinstall here: the patched packages are build tools, and patch-package is not installed in this stage.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY tsconfig.json ./
COPY scripts ./scripts
COPY src/server ./src/server
COPY src/shared ./src/shared
COPY --from=build /app/build ./build
COPY --from=build /app/dist ./dist
# `npm start` first runs scripts/ensure-build.mjs, which rebuilds only when the build is older than its inputs:
# make the copied builds the newest files so it never tries (the web build tools are not in this stage).
RUN touch build/server/index.js dist/server/main.js \
    && mkdir -p /data && chown node:node /data
USER node
# The embedded database (PGlite), the generated JWT secret and the dev outbox live here. With DATABASE_URL and
# JWT_SECRET set (several instances) it holds nothing that must survive; keep the volume anyway.
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["npm", "start"]
