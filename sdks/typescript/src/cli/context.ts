import { Cairn } from '../client';
import { AuthenticationError } from '../errors';
import { resolveCredentials } from './config';

/** What every command gets: the client, output flags and the Ctrl-C signal. */
export interface CliContext {
  args: string[];
  json: boolean;
  quiet: boolean;
  signal: AbortSignal;
  env: NodeJS.ProcessEnv;
  client(): Cairn;
  /** Writes the result: JSON with `--json`, else the human text. */
  print(result: unknown, human: string): void;
}

export class UsageError extends Error {}

export function makeContext(
  args: string[],
  flags: { json: boolean; quiet: boolean },
  signal: AbortSignal,
  env: NodeJS.ProcessEnv,
): CliContext {
  return {
    args,
    ...flags,
    signal,
    env,
    client() {
      const { apiUrl, token } = resolveCredentials(env);
      if (!token) {
        throw new AuthenticationError({
          status: 401,
          code: 'missing_token',
          message: 'Not logged in: run `cairn login` or set CAIRN_TOKEN',
        });
      }
      return new Cairn({ baseUrl: apiUrl, token });
    },
    print(result, human) {
      process.stdout.write(flags.json ? `${JSON.stringify(result, null, 2)}\n` : `${human}\n`);
    },
  };
}
