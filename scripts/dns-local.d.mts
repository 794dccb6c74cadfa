export interface DnsServer {
  /** Name (`_dnslink.example.org`) → its TXT strings; read at every question. */
  records: Map<string, string[]>;
  /** `127.0.0.1:<port>`. */
  address: string;
  stop(): Promise<void>;
}

export function startDnsServer(records?: Map<string, string[]>): Promise<DnsServer>;
