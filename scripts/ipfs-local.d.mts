import type { ChildProcess } from 'node:child_process';

export interface KuboNode {
  apiUrl: string;
  gatewayUrl: string;
  peerId: string;
  addresses: string[];
  dir: string;
  stop(): Promise<void>;
}
export interface ClusterNode {
  name: string;
  kubo: KuboNode;
  restUrl: string;
  pid: number;
  stop(): Promise<void>;
}
export interface LocalCluster {
  nodes: ClusterNode[];
  env: Record<
    'CONTENT_ENGINE' | 'CLUSTER_API_URL' | 'KUBO_API_URL' | 'KUBO_GATEWAY_URL' | 'CLUSTER_REPLICATION_MIN' | 'CLUSTER_REPLICATION_MAX',
    string
  >;
  stop(): Promise<void>;
}
export function freePort(): Promise<number>;
export function startProcess(
  command: string,
  args: string[],
  options: { env?: Record<string, string>; log: string; ready: RegExp; lines?: (line: string) => void },
): { child: ChildProcess; started: Promise<void>; stop(): Promise<void> };
export function startKubo(options: { dir: string; offline?: boolean }): Promise<KuboNode>;
export function connectKubo(from: KuboNode, to: KuboNode): Promise<void>;
export function startCluster(options: {
  dir: string;
  peers?: number;
  replicationMin?: number;
  replicationMax?: number;
}): Promise<LocalCluster>;
