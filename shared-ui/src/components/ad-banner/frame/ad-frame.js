// @ts-check
/* global document, location, window */
// The ad frame's one script (AdBanner.tsx frames ad-frame.html?host=&key=&width=&height=): the ad network's
// snippet without its inline part, which the frame's Content-Security-Policy would refuse. It sets the
// `atOptions` global the network's invoke.js reads, then writes that script in, parser-inserted as in the
// network's own snippet. The frame's policy allows scripts from the configured ad host only, so a forged
// `host` loads nothing.
(function adFrame() {
  const params = new URLSearchParams(location.search);
  const host = (params.get('host') ?? '').replace(/\/$/, '');
  const key = params.get('key') ?? '';
  const width = Number(params.get('width'));
  const height = Number(params.get('height'));
  if (!host || !key || !(width > 0) || !(height > 0)) return;
  document.body.style.margin = '0';
  Object.assign(window, { atOptions: { key, format: 'iframe', height, width, params: {} } });
  const src = `${host}/${encodeURIComponent(key)}/invoke.js`;
  const attribute = src.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  document.write(`<script src="${attribute}"></script>`);
})();
