# Stand-in for postgres:15, built by scripts/stack/standinImages.mjs ONLY on a machine that reaches no image registry
# (docs/deployment.md "Stand-in base images"): Debian's PostgreSQL 15 with the entrypoint behaviour docker-compose.yml
# relies on (POSTGRES_DB, POSTGRES_USER, POSTGRES_PASSWORD on an empty PGDATA; pg_isready on the PATH).
FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends postgresql-15 \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /var/lib/postgresql/data /var/run/postgresql \
 && chown -R postgres:postgres /var/lib/postgresql /var/run/postgresql
ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data
COPY postgres-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
ENTRYPOINT ["docker-entrypoint.sh"]
STOPSIGNAL SIGINT
EXPOSE 5432
CMD ["postgres"]
