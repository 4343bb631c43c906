// Never let `npm ci` download a browser: rendering uses the system Chromium (see scripts/ensure-chromium.sh).
module.exports = { skipDownload: true };
