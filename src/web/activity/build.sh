#!/usr/bin/env bash
# Builds src/web/assets/activity.js, the Activity page's one script: Discord's
# Embedded App SDK (npm, the version pinned in package.json and package-lock.json)
# bundled with entry.js by esbuild, minified. The output is committed: building and
# testing the bot never needs Node. Run it after changing entry.js or the SDK's pin:
#   bash src/web/activity/build.sh
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
out="$here/../assets/activity.js"
cd "$here"
npm ci --no-audit --no-fund >/dev/null
sdk="$(node -p 'require("./node_modules/@discord/embedded-app-sdk/package.json").version')"
./node_modules/.bin/esbuild entry.js --bundle --minify --format=iife --target=es2019 \
  --legal-comments=none --log-level=warning \
  --banner:js="/* boardbot's Activity page: @discord/embedded-app-sdk $sdk (MIT, Discord Inc.) bundled with src/web/activity/entry.js by src/web/activity/build.sh */" \
  --outfile="$out"
echo "built $out ($(wc -c <"$out") bytes, SDK $sdk)"
