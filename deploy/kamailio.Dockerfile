# Kamailio for the softphones (docker-compose.yml kamailio): Debian's packages, the same ones `npm start`
# uses on this machine, run with telephony/kamailio.cfg (mounted; its settings come from the environment).
FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends kamailio kamailio-websocket-modules kamailio-autheph-modules kamailio-utils-modules \
 && rm -rf /var/lib/apt/lists/*
COPY telephony/kamailio.cfg /etc/kamailio/consig.cfg
EXPOSE 5060/udp 5060/tcp 8089
# -DD: stay in the foreground; -E: log to stderr (docker logs).
CMD ["kamailio", "-f", "/etc/kamailio/consig.cfg", "-DD", "-E"]
