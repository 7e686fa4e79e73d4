# rtpengine, the media relay (docker-compose.yml rtpengine): Debian's package in userspace (no kernel module), the
# same daemon and flags `npm start` runs (telephony/rtpengine.js). Control (ng) on the compose network's 22222/udp,
# media on 40000–40099/udp, each call recorded as a pcap into /var/spool/rtpengine for the API replicas.
FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends rtpengine-daemon socat \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /var/spool/rtpengine && chown 1000:1000 /var/spool/rtpengine
COPY deploy/rtpengine/rtpengine-start /usr/local/bin/rtpengine-start
COPY deploy/rtpengine/rtpengine-ping /usr/local/bin/rtpengine-ping
# The API replicas run as uid 1000 and delete the pcaps they have turned into WAV files: rtpengine writes as them.
USER 1000:1000
EXPOSE 22222/udp 40000-40099/udp
CMD ["rtpengine-start"]
