// What a page fetches over the network, as Chromium counts it (DevTools protocol): shared by
// the page-weight figures (tests/page-weight.js) and the browser tests of caching.

/**
 * Counts what `page` fetches from the network while `visit` runs, until the network is idle.
 * Requests answered from the browser's cache are left out, so a second visit shows only
 * what it really cost. Bytes are as received: headers and (compressed) bodies.
 * @param {import('playwright-core').Page} page
 * @param {() => Promise<void>} visit
 * @returns {Promise<{requests: number, kilobytes: number, files: string[]}>} `files`: the
 *   paths fetched that are not `/api/` calls
 */
export async function measure(page, visit) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  /** @type {Map<string, string>} */
  const urls = new Map();
  const cached = new Set();
  let bytes = 0;
  cdp.on('Network.requestWillBeSent', (e) => {
    if (!e.request.url.startsWith('data:')) urls.set(e.requestId, e.request.url);
  });
  cdp.on('Network.requestServedFromCache', (e) => cached.add(e.requestId));
  cdp.on('Network.responseReceived', (e) => {
    if (e.response.fromDiskCache || e.response.fromPrefetchCache) cached.add(e.requestId);
  });
  cdp.on('Network.loadingFinished', (e) => {
    if (urls.has(e.requestId)) bytes += e.encodedDataLength;
  });
  await visit();
  await page.waitForLoadState('networkidle');
  await cdp.detach();
  const fetched = [...urls].filter(([id]) => !cached.has(id)).map(([, url]) => new URL(url).pathname);
  return {
    requests: fetched.length,
    kilobytes: Math.round(bytes / 100) / 10,
    files: fetched.filter((path) => !path.startsWith('/api/')),
  };
}
