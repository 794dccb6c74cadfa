import { spawn } from 'node:child_process';
import { repoRoot } from './harness';

export const CLI = 'sdks/typescript/bin/cairn.mjs';

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

function shellQuote(arg: string): string {
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** Runs `cairn` with pipes (or, with `tty`, inside a pseudo-terminal made by util-linux `script`). */
export function runCli(
  args: string[],
  env: Record<string, string>,
  options: { tty?: boolean; input?: string; onStderr?: (text: string, kill: (signal: NodeJS.Signals) => void) => void } = {},
): Promise<CliRun> {
  const command = [process.execPath, CLI, ...args];
  const [file, argv] = options.tty
    ? ['script', ['-qefc', command.map(shellQuote).join(' '), '/dev/null']]
    : [command[0]!, command.slice(1)];
  const child = spawn(file, argv, { cwd: repoRoot, env: { ...process.env, ...env, NO_COLOR: '1' }, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += String(d)));
  child.stderr.on('data', (d) => {
    stderr += String(d);
    options.onStderr?.(stderr, (signal) => child.kill(signal));
  });
  child.stdin.end(options.input ?? '');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`cairn ${args.join(' ')} did not finish in time`));
    }, 90_000);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
