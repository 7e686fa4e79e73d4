# The API image (docker-compose.yml api-1/api-2): built JavaScript run with plain node, production
# dependencies only. Build context: the repository root.

# 1. Install every dependency of the workspace and build the API into api/dist.
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN corepack enable
# The lockfile first: `pnpm fetch` is cached until it changes.
# The root package.json pins pnpm (packageManager): without it corepack would take the newest pnpm.
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml ./
RUN pnpm fetch
COPY . .
RUN pnpm install --offline --frozen-lockfile
RUN pnpm --filter @consig/api build

# 2. Prune: the same workspace layout with production dependencies of the API (and the packages it uses) only.
FROM build AS prune
RUN rm -rf node_modules */node_modules \
 && pnpm install --offline --frozen-lockfile --prod --filter @consig/api...

# 3. Run: node, the built API, its migrations and its production node_modules.
FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=prune /app/package.json /app/pnpm-workspace.yaml ./
COPY --from=prune /app/node_modules ./node_modules
COPY --from=prune /app/shared ./shared
COPY --from=prune /app/api/package.json ./api/package.json
COPY --from=prune /app/api/node_modules ./api/node_modules
COPY --from=prune /app/api/migrations ./api/migrations
COPY --from=prune /app/api/dist ./api/dist
# Call recordings: rtpengine's spool and the WAV files (docker-compose.yml volumes), owned by the user it runs as.
RUN mkdir -p /var/spool/rtpengine /srv/consig/gravacoes && chown node:node /var/spool/rtpengine /srv/consig/gravacoes
USER node
EXPOSE 3000
CMD ["node", "api/dist/server.js"]
