import readline from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { Cairn } from '../../client';
import { resolveCredentials, writeConfig } from '../config';
import { UsageError, type CliContext } from '../context';

async function readToken(): Promise<string> {
  if (!process.stdin.isTTY) {
    let text = '';
    for await (const chunk of process.stdin) text += String(chunk);
    return text.trim();
  }
  const rl = readline.createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  try {
    return (await rl.question('API token (create one under Settings → API tokens): ')).trim();
  } finally {
    rl.close();
  }
}

/** `cairn login [--token T] [--api-url URL]`: checks the token, then stores it (mode 0600). */
export async function login(ctx: CliContext): Promise<void> {
  const { values } = parseArgs({ args: ctx.args, options: { token: { type: 'string' }, 'api-url': { type: 'string' } } });
  const apiUrl = values['api-url'] ?? resolveCredentials(ctx.env).apiUrl;
  const token = values.token ?? (await readToken());
  if (!token) throw new UsageError('Give an API token: cairn login --token cairn_… (or on standard input)');
  const me = await new Cairn({ baseUrl: apiUrl, token }).users.me({ signal: ctx.signal });
  const file = writeConfig({ apiUrl, token }, ctx.env);
  ctx.print({ email: me.email, apiUrl, config: file }, `Logged in to ${apiUrl} as ${me.email} (saved in ${file})`);
}
