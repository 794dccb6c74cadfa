import { describe, expect, it } from 'vitest';
import { resolveS3Key } from '../server/src/commands/s3-keys/s3-key-resolver';
import { en } from './harness/locales';
import { checkScreen } from './harness/screens';
import { signedInSession } from './harness/session';

/**
 * Settings > S3 keys as a user works it: where S3 clients connect and how to set them up, a key
 * created with its secret shown once (the very secret the S3 API checks signatures with), listed
 * without it, then deleted; and the screen of a server that runs no S3 API.
 */

const USER = { email: 'ada.s3@example.com', password: 'ada-password-1' };
const session = signedInSession(USER, 's3-keys-', { s3: { port: 0, hostName: null, region: 'us-east-1' } });

const s = (key: string, values: Record<string, string> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.replace(`{{${name}}}`, value), en('settings', `s3_keys.${key}`));

describe('S3 keys', () => {
  it('shows the endpoint and set-up lines, creates a key with its secret shown once, lists it and deletes it', async () => {
    const { page, server } = session;
    const panel = page.locator('section[data-panel="s3-keys"]');
    await page.goto(`${server.url}/settings/s3-keys`);
    await page.getByRole('heading', { level: 1, name: s('page_title') }).waitFor();
    await panel.getByText(s('empty_title')).waitFor();
    const endpoint = `http://127.0.0.1:${server.app.config.s3!.port}`;
    await expect(panel.locator('[data-endpoint] input').inputValue()).resolves.toBe(endpoint);
    await expect(panel.locator('[data-region] input').inputValue()).resolves.toBe('us-east-1');
    await checkScreen(page, 's3-keys-empty');

    // Nothing filled in: the name is asked for.
    await panel.getByRole('button', { name: s('new') }).click();
    const form = page.getByRole('dialog', { name: s('new_title') });
    await form.getByRole('button', { name: s('create') }).click();
    await form.getByText(en('common', 'validation.required')).waitFor();
    await form.getByLabel(s('name')).fill('nightly backups');
    await form.getByLabel(s('read_only')).check();
    await checkScreen(page, 's3-key-form', { fullPage: false });
    await form.getByRole('button', { name: s('create') }).click();

    const shown = page.getByRole('dialog', { name: s('secret_title') });
    await shown.waitFor();
    const secret = await shown.locator('#s3-key-secret').inputValue();
    const accessKeyId = await shown.locator('#s3-key-id').inputValue();
    expect(secret).toMatch(/^[A-Za-z0-9+/]{40}$/);
    expect(accessKeyId).toMatch(/^CRN[A-Z0-9]{17}$/);
    // The pair shown is the one the S3 API checks signatures with.
    const resolved = await resolveS3Key(server.app, accessKeyId);
    expect(resolved?.secret).toBe(secret);
    expect(resolved?.key.read_only).toBe(1);
    await shown.getByRole('button', { name: s('copy_access_key_id') }).click();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(accessKeyId);
    await checkScreen(page, 's3-key-secret', { fullPage: false });
    await shown.getByRole('button', { name: s('secret_done') }).click();
    await shown.waitFor({ state: 'detached' });

    // Shown once: nowhere on the page any more, nor after a reload.
    const row = panel.locator(`tr[data-access-key-id="${accessKeyId}"]`);
    await row.waitFor();
    await expect(page.content()).resolves.not.toContain(secret);
    await expect(row.innerText()).resolves.toContain('nightly backups');
    await expect(row.locator('[data-read-only]').innerText()).resolves.toBe(s('access_read_only'));
    await expect(row.innerText()).resolves.toContain(s('never_used'));
    await page.reload();
    await row.waitFor();
    await expect(page.content()).resolves.not.toContain(secret);

    // The set-up lines name the endpoint and only placeholders for the key: copying them copies no secret.
    await panel.locator('summary').click();
    await panel.getByRole('button', { name: s('copy_setup_aws') }).click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe(
        'export AWS_ACCESS_KEY_ID=<ACCESS_KEY_ID>\nexport AWS_SECRET_ACCESS_KEY=<SECRET_ACCESS_KEY>\n' +
          `export AWS_DEFAULT_REGION=us-east-1\naws --endpoint-url ${endpoint} s3 ls`,
      );
    await panel.getByRole('button', { name: s('copy_setup_rclone') }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain(`endpoint = ${endpoint}\n`);
    const rclone = await page.evaluate(() => navigator.clipboard.readText());
    expect(rclone).toContain('type = s3\nprovider = Other\n');
    expect(rclone).toContain('force_path_style = true');
    expect(rclone).not.toContain(secret);
    await checkScreen(page, 's3-keys-list');

    await row.getByRole('button', { name: s('delete_named', { name: 'nightly backups' }) }).click();
    const confirm = page.getByRole('alertdialog', { name: s('delete_title') });
    await confirm.getByText(accessKeyId, { exact: false }).waitFor();
    await confirm.getByRole('button', { name: s('delete') }).click();
    await page.getByText(s('deleted', { name: 'nightly backups' })).waitFor();
    await row.waitFor({ state: 'detached' });
    await panel.getByText(s('empty_title')).waitFor();
    expect(await resolveS3Key(server.app, accessKeyId)).toBeNull();
  });

  it('says when the server runs no S3 API, and offers no key to create', async () => {
    const { page, server } = session;
    // The screen follows what the API answers; the API reads the setting on every request.
    const s3 = server.app.config.s3;
    server.app.config.s3 = null;
    try {
      await page.goto(`${server.url}/settings/s3-keys`);
      const panel = page.locator('section[data-panel="s3-keys"]');
      await panel.locator('[data-s3-disabled]').waitFor();
      await expect(panel.locator('[data-s3-disabled]').innerText()).resolves.toContain(s('disabled_title'));
      await expect(panel.getByRole('button', { name: s('new') }).count()).resolves.toBe(0);
      await expect(panel.locator('[data-endpoint]').count()).resolves.toBe(0);
      await checkScreen(page, 's3-keys-disabled');
    } finally {
      server.app.config.s3 = s3;
    }
  });
});
