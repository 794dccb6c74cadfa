import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type E2eBrowser } from './harness/browser';
import { apiSignup, apiToken, apiUploadFolder } from './harness/content';
import { startE2eServer, type E2eServer } from './harness/server';

/**
 * The subdomain gateway as a browser sees it: each site on an origin of its own, where its scripts
 * run and its storage is its own; the same site on the path gateway, sandboxed; and an IPNS name's
 * subdomain showing a new publication on the next load.
 */

const DOMAIN = 'gw.cairn.test';
const USER = { email: 'lin.sites@example.com', password: 'lin-password-1' };

/** A site whose script writes what it finds in localStorage, then leaves its own mark there. */
const site = (label: string) => ({
  'site/index.html': `<!doctype html><title>${label}</title><h1>${label}</h1><p id="seen">not run</p><script src="app.js"></script>`,
  'site/app.js': `document.getElementById('seen').textContent = 'found: ' + localStorage.getItem('owner'); localStorage.setItem('owner', ${JSON.stringify(label)});`,
});

describe('subdomain gateway in a browser', () => {
  let server: E2eServer;
  let browser: E2eBrowser;
  let token: string;
  let port: string;
  beforeAll(async () => {
    server = await startE2eServer({ gatewayDomain: DOMAIN });
    browser = await launchBrowser({ hostRules: `MAP *.${DOMAIN} 127.0.0.1, MAP ${DOMAIN} 127.0.0.1` });
    await apiSignup(server, USER.email, USER.password);
    token = await apiToken(server, USER.email, USER.password);
    port = new URL(server.url).port;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const seen = async (url: string) => {
    const { page } = browser;
    await page.goto(url);
    return page.locator('#seen').innerText();
  };

  it('runs each site on its own origin, with storage no other site reads, and sandboxes the path gateway', async () => {
    const one = await apiUploadFolder(server, token, site('one'));
    const two = await apiUploadFolder(server, token, site('two'));
    // The path on the gateway domain moves to the site's subdomain.
    expect(await seen(`http://${DOMAIN}:${port}/ipfs/${one.cid}/`)).toBe('found: null');
    expect(new URL(browser.page.url()).host).toBe(`${one.cid}.ipfs.${DOMAIN}:${port}`);
    expect(await seen(`http://${one.cid}.ipfs.${DOMAIN}:${port}/`)).toBe('found: one');
    // Another site's origin holds nothing of the first one's.
    expect(await seen(`http://${two.cid}.ipfs.${DOMAIN}:${port}/`)).toBe('found: null');
    // A page opened on the app's own origin moves to the site's subdomain too; what a script
    // fetches there is served in place, sandboxed.
    expect(await seen(`${server.url}/ipfs/${two.cid}/`)).toBe('found: two');
    expect(new URL(browser.page.url()).host).toBe(`${two.cid}.ipfs.${DOMAIN}:${port}`);
    const fetched = await fetch(`${server.url}/ipfs/${one.cid}/`);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-security-policy')).toMatch(/^sandbox/);
  });

  it("shows an IPNS name's new publication on its subdomain at the next load", async () => {
    const first = await apiUploadFolder(server, token, site('first'));
    const second = await apiUploadFolder(server, token, site('second'));
    const created = await server.api('POST', '/names', token, { label: 'blog' });
    const name = created.body as { id: string; name: string };
    const publish = async (cid: string) =>
      expect((await server.api('POST', `/names/${name.id}/publish`, token, { value: cid })).status).toBe(200);
    await publish(first.cid);
    const url = `http://${name.name}.ipns.${DOMAIN}:${port}/`;
    await browser.page.goto(url);
    await expect(browser.page.locator('h1').innerText()).resolves.toBe('first');
    await publish(second.cid);
    await browser.page.reload();
    await expect(browser.page.locator('h1').innerText()).resolves.toBe('second');
  });

  it('never shows the app on the gateway domain', async () => {
    const response = await browser.page.goto(`http://${DOMAIN}:${port}/`);
    expect(response?.status()).toBe(421);
  });
});
