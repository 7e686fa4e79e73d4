#!/bin/sh
# The stand-in nginx image's entrypoint (nginx.Dockerfile): every /etc/nginx/templates/<path>.template becomes
# /etc/nginx/conf.d/<path>, with only the environment's variables replaced (nginx's own $uri, $host… stay), as the
# official image's 20-envsubst-on-templates.sh does; then the command.
set -eu
templates=/etc/nginx/templates
output=/etc/nginx/conf.d
if [ -d "$templates" ]; then
  defined=$(env | cut -d= -f1 | sed 's/^/$/' | tr '\n' ' ')
  find "$templates" -follow -type f -name '*.template' | while read -r template; do
    relative=${template#"$templates"/}
    target="$output/${relative%.template}"
    mkdir -p "$(dirname "$target")"
    envsubst "$defined" < "$template" > "$target"
  done
fi
exec "$@"
