# The web tier (docker-compose.yml web): the production builds of the host and every remote, served by
# nginx with deploy/nginx. Build context: the repository root.

# 1. Build every app (npm run build: webpack production builds into <app>/dist).
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN corepack enable
COPY pnpm-lock.yaml pnpm-workspace.yaml ./
RUN pnpm fetch
COPY . .
RUN pnpm install --offline --frozen-lockfile && npm run build

# 2. nginx with the builds. The image renders /etc/nginx/templates/*.template into /etc/nginx/conf.d/ at
# start-up from the CONSIG_* variables (docker-compose.yml). Source maps stay in the image, beside the
# builds, for whoever reads errors; the config never serves them.
FROM nginx:1.27-bookworm
COPY deploy/nginx/nginx.conf /etc/nginx/nginx.conf
COPY deploy/nginx/templates /etc/nginx/templates
COPY --from=build /app/host/dist /usr/share/nginx/consig/host
COPY --from=build /app/mf-attendance/dist /usr/share/nginx/consig/mf-attendance
COPY --from=build /app/mf-campaigns/dist /usr/share/nginx/consig/mf-campaigns
COPY --from=build /app/mf-followup/dist /usr/share/nginx/consig/mf-followup
COPY --from=build /app/mf-telephony/dist /usr/share/nginx/consig/mf-telephony
EXPOSE 8080 8081 8082 8083 8084
