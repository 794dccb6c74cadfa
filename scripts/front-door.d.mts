import type { ChildProcess } from 'node:child_process';

export const STATE_FILE: string;
export interface FrontDoorInstance {
  name: string;
  port: number;
  url: string;
  dataDir: string;
  log: string;
  child: ChildProcess | null;
}
export interface RestartTiming {
  name: string;
  drainedMs: number;
  startedMs: number;
  upMs: number;
  totalMs: number;
}
export interface FrontDoor {
  url: string;
  instances: FrontDoorInstance[];
  statsSocket: string;
  rollingRestart(onStep?: (line: string) => void): Promise<RestartTiming[]>;
  stop(): Promise<void>;
}
export function haproxyConfig(options: { port: number; servers: Array<{ name: string; port: number }>; statsSocket: string }): string;
export function haproxyServers(socket: string): Promise<Record<string, string>>;
export function startFrontDoor(options: {
  dir: string;
  instances: number;
  env: Record<string, string>;
  drainSeconds?: number;
  graceSeconds?: number;
  log?: (line: string) => void;
}): Promise<FrontDoor>;
export function requestRollingRestart(dir: string, onLine?: (line: string) => void): Promise<boolean>;
