# Aforo: one image for both the API (web app + /api + socket.io) and the workers, on Node 24 (LTS; Node 20 reached
# its end of life on 2026-04-30 — .ci/run runs the Jest suite on 24 too: docs/decisions/plataforma.md, "Node 24").
FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json ./
COPY api/package.json api/
COPY workers/package.json workers/
COPY web/package.json web/
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=3000
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/api/package.json ./api/
COPY --from=build /app/workers/package.json ./workers/
COPY --from=build /app/dist ./dist
COPY --from=build /app/web/dist ./web/dist
USER node
EXPOSE 3000
# One image, every role: ROLES=api|realtime|api,realtime for this entry point; the workers and the one-shot
# migration override the command (docker-compose.yml). Migrations run once per deploy, never per replica.
CMD ["node", "--enable-source-maps", "dist/api/src/main.js"]
