# Stand-in for nginx:1.27-bookworm, built by scripts/stack/standinImages.mjs ONLY on a machine that reaches no image
# registry (docs/deployment.md "Stand-in base images"): Debian's nginx with the entrypoint behaviour the web tier
# relies on (/etc/nginx/templates/**/*.template rendered with envsubst into /etc/nginx/conf.d/, replacing only the
# variables set in the environment), logs on the container's output, and wget for the health check.
FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends nginx gettext-base wget ca-certificates \
 && rm -rf /var/lib/apt/lists/* /etc/nginx/sites-enabled/default \
 && ln -sf /dev/stdout /var/log/nginx/access.log && ln -sf /dev/stderr /var/log/nginx/error.log
COPY nginx-entrypoint.sh /docker-entrypoint.sh
ENTRYPOINT ["/docker-entrypoint.sh"]
STOPSIGNAL SIGQUIT
EXPOSE 80
CMD ["nginx", "-g", "daemon off;"]
