# The web tier (docker-compose.yml web): the production builds of the host and every remote, served by
# nginx with deploy/nginx. Build context: the repository root. The remotes are served from a deploy root
# (scripts/deploy.mjs's layout) that remote teams deploy to and roll back on their own (docs/deployment.md).

# 1. Build every app (npm run build: webpack production builds into <app>/dist).
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN corepack enable
# The root package.json pins pnpm (packageManager): without it corepack would take the newest pnpm.
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml ./
RUN pnpm fetch
COPY . .
RUN pnpm install --offline --frozen-lockfile && npm run build
# Seeds the deploy root with every remote's build as its first deployed version, with the same command a
# remote team runs later, so a fresh container serves current versions (<app>/current, host-remotes.json).
# The remotes are tooling/apps.js's, the list every other tool reads: a new remote needs no edit here.
RUN remotes=$(node -p "require('./tooling/apps.js').REMOTES.map((remote) => remote.dir).join(' ')") && for app in $remotes; do \
      DEPLOY_ROOT=/deploy node scripts/deploy.mjs deploy "$app" --from "$app/dist" || exit 1; \
    done

# 2. nginx with the builds. The image renders /etc/nginx/templates/*.template into /etc/nginx/conf.d/ at
# start-up from the CONSIG_* variables (docker-compose.yml). Source maps stay in the image, beside the
# builds, for whoever reads errors; the config never serves them.
FROM nginx:1.27-bookworm
COPY deploy/nginx/nginx.conf /etc/nginx/nginx.conf
COPY deploy/nginx/templates /etc/nginx/templates
COPY --from=build /app/host/dist /usr/share/nginx/consig/host
# The symlinks inside (<app>/current) are relative: they hold wherever the deploy root is copied or mounted.
COPY --from=build /deploy /usr/share/nginx/consig/deploy
EXPOSE 8080 8081 8082 8083 8084 8085 8086
