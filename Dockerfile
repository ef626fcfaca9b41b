# syntax=docker/dockerfile:1
# The site as an image (issue 15): built once, run as the compiled server by plain node, not as root.
#   docker build -t event-booking .
#   docker compose up --scale app=3        (compose.yaml: nginx, PostgreSQL, S3, a mail catcher)

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# Exactly the lockfile, which lists every platform's optional binaries (README): a lock out of step fails here.
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# What the compiled server reads at run time: its bundle and the pages' build, the migrations, the legal
# texts the first start seeds, the language catalogues (pages, e-mails and PDFs read them from disk) and
# the production dependencies.
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/content ./content
COPY --from=build /app/core/i18n/locales ./core/i18n/locales
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The same command and memory settings as `npm run serve` (decision 051); node gets SIGTERM from
# `docker stop` (graceful shutdown, SHUTDOWN_GRACE_SECONDS). NODE_OPTIONS=--enable-source-maps names
# server/…ts lines in stack traces, for 40 MB more.
CMD ["node", "--max-old-space-size=192", "--max-semi-space-size=8", "build/server-main.js"]
