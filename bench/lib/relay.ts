import { spawn } from 'node:child_process';
import net from 'node:net';
import { freePort } from '../../scripts/ipfs-local.mjs';

const READY_MS = 5_000;

export interface ByteRelay {
  /** `http://127.0.0.1:PORT`: the target's URL with the relay's port. */
  url: string;
  stop(): Promise<void>;
}

/**
 * A relay with nothing in it but the copying: socat on a fresh loopback port, copying every
 * connection's bytes to `target`'s host and port and back, 1 MiB at a time, in C, with no HTTP
 * parsing. What it costs against talking to the target directly is the least a process between a
 * client and Kubo can cost when it reads each byte from one socket and writes it into the other, as
 * a Node process must (only a relay that splices the sockets inside the kernel could cost less).
 */
export async function startByteRelay(target: string): Promise<ByteRelay> {
  const { hostname, port: targetPort } = new URL(target);
  const port = await freePort();
  const relay = spawn(
    'socat',
    ['-b', String(1024 * 1024), `TCP-LISTEN:${port},bind=127.0.0.1,reuseaddr,fork`, `TCP:${hostname}:${targetPort}`],
    { stdio: 'ignore', detached: true },
  );
  let running = true;
  const exited = new Promise<void>((resolve) => {
    const done = (): void => {
      running = false;
      resolve();
    };
    relay.once('exit', done);
    // Not started at all (no socat): no exit follows.
    relay.once('error', done);
  });
  const stop = async (): Promise<void> => {
    // The listener and the process it forked for each connection.
    if (running) process.kill(-relay.pid!, 'SIGTERM');
    await exited;
  };
  const deadline = Date.now() + READY_MS;
  while (!(await listening(port))) {
    if (!running || Date.now() > deadline) {
      await stop();
      throw new Error(`socat did not listen on 127.0.0.1:${port} within ${READY_MS} ms (is the socat package installed?)`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { url: `http://127.0.0.1:${port}`, stop };
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
