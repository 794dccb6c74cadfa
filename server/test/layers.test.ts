import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The lint rule that holds the server's layers (eslint.config.js) on code that breaks them: a rule
 * that stopped resolving imports would pass everything silently, so each layer is shown failing.
 */
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function rulesBroken(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'server/src', file) });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

describe('the server layers lint rule', () => {
  it('keeps HTTP out of commands', async () => {
    expect(await rulesBroken('commands/content/x.ts', "export { presentUpload } from '../../presenters/upload';\n")).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(await rulesBroken('commands/content/x.ts', "export { FORWARDED } from '../../routes/uploads/owner-forwarder';\n")).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(await rulesBroken('commands/content/x.ts', "export type { Next } from 'koa';\n")).toEqual([
      '@typescript-eslint/no-restricted-imports',
    ]);
    expect(await rulesBroken('commands/content/x.ts', "export { uploadReader } from './upload-reader';\n")).toEqual([]);
  });

  it('keeps stores, content and lib below the commands', async () => {
    expect(await rulesBroken('stores/x.ts', "export { pinRequester } from '../commands/pins/pin-requester';\n")).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(await rulesBroken('lib/x.ts', "export type { Ctx } from '../koa-types';\n")).toEqual(['import-x/no-restricted-paths']);
  });

  it('lets routes reach records only through commands', async () => {
    const route = (body: string) => `import type { Ctx } from '../../koa-types';\nexport async function handler(ctx: Ctx) {\n${body}\n}\n`;
    expect(await rulesBroken('routes/tokens/x.ts', route("  await ctx.state.app.stores.tokens.deleteRevoked('id');"))).toEqual([
      'no-restricted-syntax',
    ]);
    expect(await rulesBroken('routes/tokens/x.ts', route('  const { app } = ctx.state;\n  await app.db.destroy();'))).toEqual([
      'no-restricted-syntax',
    ]);
    expect(await rulesBroken('routes/tokens/x.ts', route('  const { stores } = ctx.state.app;\n  return stores;'))).toEqual([
      'no-restricted-syntax',
    ]);
    expect(await rulesBroken('routes/tokens/x.ts', route("  await ctx.state.app.content.unpin('cid');"))).toEqual(['no-restricted-syntax']);
    expect(await rulesBroken('routes/tokens/x.ts', "export { createTokenStore } from '../../stores/token-store';\n")).toEqual([
      '@typescript-eslint/no-restricted-imports',
    ]);
    // A row's type is no access to the records.
    expect(await rulesBroken('routes/tokens/x.ts', "export type { TokenWith } from '../../stores/token-store';\n")).toEqual([]);
    // The gateway reads the content engine itself, its records through commands.
    expect(await rulesBroken('gateway/x.ts', route("  return ctx.state.app.content.has('cid');"))).toEqual([]);
    expect(await rulesBroken('gateway/x.ts', route("  return ctx.state.app.stores.uploads.isHeld('cid');"))).toEqual([
      'no-restricted-syntax',
    ]);
  });

  describe('import cycles', () => {
    const dir = path.join(root, 'server/src/commands', `.layers-test-${process.pid}`);
    beforeAll(() => {
      fs.mkdirSync(dir);
      fs.writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
      fs.writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
    });
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('are refused', async () => {
      const [result] = await eslint.lintFiles([path.join(dir, 'a.ts')]);
      expect(result!.messages.map((message) => message.ruleId)).toEqual(['import-x/no-cycle']);
    });
  });
});
