import { describe, expect, it } from 'vitest';
import { isRefusedAddress, resolveWebhookTarget, webhookLookup, WebhookTargetError, type Lookup } from './target';

const resolvingTo =
  (...addresses: string[]): Lookup =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('webhook targets', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '::ffff:10.0.0.1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isRefusedAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '93.184.216.34', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])('allows the public address %s', (address) => {
    expect(isRefusedAddress(address)).toBe(false);
  });

  it('refuses a name with any private address, and literal private hosts in every spelling', async () => {
    const lookup = resolvingTo('93.184.216.34', '10.0.0.5');
    await expect(resolveWebhookTarget(new URL('https://hooks.example.com/x'), false, lookup)).rejects.toThrow(WebhookTargetError);
    for (const url of ['http://127.0.0.1:8080/', 'http://[::1]/', 'http://[::ffff:127.0.0.1]/', 'http://0x7f.1/', 'http://2130706433/']) {
      await expect(resolveWebhookTarget(new URL(url), false, resolvingTo('93.184.216.34'))).rejects.toThrow(WebhookTargetError);
    }
  });

  it('answers the address it checked, so the request goes there and nowhere else', async () => {
    expect(await resolveWebhookTarget(new URL('https://hooks.example.com/x'), false, resolvingTo('93.184.216.34'))).toEqual({
      address: '93.184.216.34',
      family: 4,
    });
    expect(await resolveWebhookTarget(new URL('http://[2606:4700::1111]:8443/'), false, resolvingTo())).toEqual({
      address: '2606:4700::1111',
      family: 6,
    });
  });

  it('lets private targets through when the server allows them', async () => {
    expect(await resolveWebhookTarget(new URL('http://127.0.0.1:9000/hook'), true)).toEqual({ address: '127.0.0.1', family: 4 });
    expect(await resolveWebhookTarget(new URL('http://internal.example/'), true, resolvingTo('10.0.0.5'))).toEqual({
      address: '10.0.0.5',
      family: 4,
    });
  });

  it('looks no name up when name lookups are off: localhost is the loopback, any other name is refused', async () => {
    const offline = webhookLookup({ webhooksNameLookup: false });
    await expect(resolveWebhookTarget(new URL('https://example.com/hook'), true, offline)).rejects.toThrow(WebhookTargetError);
    await expect(resolveWebhookTarget(new URL('http://localhost:8080/hook'), true, offline)).resolves.toEqual({
      address: '127.0.0.1',
      family: 4,
    });
    await expect(resolveWebhookTarget(new URL('http://LOCALHOST/hook'), false, offline)).rejects.toThrow(WebhookTargetError);
    await expect(resolveWebhookTarget(new URL('http://203.0.113.9/hook'), false, offline)).resolves.toEqual({
      address: '203.0.113.9',
      family: 4,
    });
  });

  it('refuses a name that does not resolve', async () => {
    const failing: Lookup = async () => {
      throw new Error('ENOTFOUND');
    };
    await expect(resolveWebhookTarget(new URL('https://nowhere.example/'), true, failing)).rejects.toThrow('does not resolve');
    await expect(resolveWebhookTarget(new URL('https://nowhere.example/'), true, resolvingTo())).rejects.toThrow('does not resolve');
  });
});
