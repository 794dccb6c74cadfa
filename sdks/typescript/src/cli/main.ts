/**
 * The `cairn` command line. Results go to stdout (JSON with `--json`), progress and errors to
 * stderr; the exit code says what happened (see `EXIT`). Ctrl-C cancels the running call: an
 * interrupted plain upload leaves nothing on the server; a resumable one (big files, `--resumable`)
 * keeps what arrived, and the same command continues it.
 */
import { SDK_VERSION } from '../version';
import { account, domains, files, get, groups, login, names, pin, share, status, upload } from './commands';
import { makeContext, UsageError, type CliContext } from './context';
import { describeError, EXIT, exitCodeOf } from './exit-codes';

const HELP = `cairn ${SDK_VERSION}: store and pin files on IPFS with Cairn

Usage: cairn <command> [options]

  login [--token T] [--api-url URL]     store an API token (or read it from stdin)
  upload <path>... [--dag|--files|--car|--resumable] [--name N] [--cid-version 0|1]
         [--private] [--group G] [--meta k=v]...
                                        files of 64 MiB or more go resumably: after Ctrl-C
                                        or a lost connection, the same command continues
                                        (not with --private: a private file goes in one request)
  pin <cid> [--name N] [--private] [--group G] [--meta k=v]...
                                        pin existing content, waiting for the job
  ls [--search S] [--limit N]           list your files
  info <id|cid>                         one file's details
  status <cid>                          each IPFS node's pin status and the replication
  rename <id|cid> <name>                rename a file
  rm <id|cid>                           delete a file
  get <cid>[/path] [-o file]            download from the gateway (stdout without -o)
  usage                                 storage used against your limit
  share create <id|cid> [--expires 10m|12h|7d] [--download-name N] [--single-use]
                                        a signed link that opens the file without an account
  share list <id|cid> | revoke <id|cid> <link id>
  share private <id|cid> | public <id|cid>
                                        only signed links open a private file's content
  groups list | create <name> | rename <group> <name> | delete <group>
         | add <group> <id>... | remove <group> <id>...
                                        groups of files (a group by id or name); deleting
                                        a group keeps its files
  name list | create <label> | publish <name> <cid|/ipfs/cid/path> [--ttl S]
       | resolve <name> | history <name> [--limit N] | rollback <name> <sequence> [--ttl S]
       | rename <name> <label> | delete <name>
                                        IPNS names (a name by its k51… name, id or label);
                                        publish and rollback sign a new record, resolve
                                        prints the value
  domain list | add <hostname> </ipns/name|/ipfs/cid> | verify <domain> | delete <domain>
                                        custom domains (a domain by its id or host name);
                                        add prints the DNSLink TXT record to create, verify
                                        checks it now
  tokens list | create --name N [--expires-in-days D|never] [--allowed-ip IP] | revoke <id>
         [--scope S]... [--group G]     limit a new token: --scope (repeatable) is files:read,
                                        files:write, pins:write, groups:write, psa, links:write
                                        or admin:*; without it the token has full access

Global options: --json (results as JSON), --quiet (no progress), --help, --version
Environment: CAIRN_API_URL and CAIRN_TOKEN override the stored login.
Exit codes: 0 ok, 1 error, 2 usage, 3 authentication, 4 not found, 5 quota exceeded,
6 conflict, 7 network or timeout, 8 invalid input, 9 pin failed, 130 cancelled.`;

const commands: Record<string, (ctx: CliContext) => Promise<void>> = {
  login: login.login,
  upload: upload.upload,
  pin: pin.pin,
  status: status.status,
  ls: files.ls,
  info: files.info,
  rename: files.rename,
  rm: files.rm,
  get: get.get,
  usage: account.usage,
  tokens: account.tokens,
  share: share.share,
  groups: groups.groups,
  name: names.names,
  names: names.names,
  domain: domains.domains,
  domains: domains.domains,
};

export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const flags = { json: argv.includes('--json'), quiet: argv.includes('--quiet') };
  const rest = argv.filter((a) => a !== '--json' && a !== '--quiet');
  const [name, ...args] = rest;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(`${HELP}\n`);
    return name ? EXIT.ok : EXIT.usage;
  }
  if (name === '--version' || name === '-v') {
    process.stdout.write(`${SDK_VERSION}\n`);
    return EXIT.ok;
  }
  const controller = new AbortController();
  const onInterrupt = () => {
    // A second Ctrl-C gives up at once.
    if (controller.signal.aborted) process.exit(EXIT.interrupted);
    controller.abort();
  };
  process.on('SIGINT', onInterrupt);
  process.on('SIGTERM', onInterrupt);
  try {
    const command = commands[name];
    if (!command) throw new UsageError(`Unknown command "${name}"; see cairn --help`);
    await command(makeContext(args, flags, controller.signal, env));
    return EXIT.ok;
  } catch (error) {
    const code = controller.signal.aborted ? EXIT.interrupted : exitCodeOf(error);
    const described = code === EXIT.interrupted ? { error: 'Cancelled', code: 'aborted' } : describeError(error);
    if (process.stderr.isTTY && !flags.quiet) process.stderr.write('\n');
    process.stderr.write(flags.json ? `${JSON.stringify(described)}\n` : `cairn: ${described.error}\n`);
    return code;
  } finally {
    process.off('SIGINT', onInterrupt);
    process.off('SIGTERM', onInterrupt);
  }
}
