// A DNS server on loopback for tests: answers TXT questions from a table the caller keeps (the
// DNSLink records of test domains), NXDOMAIN for any other name, and never forwards a question.
import dgram from 'node:dgram';
import dnsPacket from 'dns-packet';

/**
 * Starts the server on 127.0.0.1 on a free UDP port. `records` maps a name (`_dnslink.example.org`)
 * to its TXT strings; change it at any time, the next question reads it.
 */
export async function startDnsServer(records = new Map()) {
  const socket = dgram.createSocket('udp4');
  socket.on('message', (message, peer) => {
    let query;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return;
    }
    const question = query.questions?.[0];
    const name = question?.name.toLowerCase().replace(/\.$/, '');
    const texts = name === undefined ? undefined : records.get(name);
    const answers =
      question?.type === 'TXT' && texts ? texts.map((text) => ({ type: 'TXT', name: question.name, ttl: 60, data: [text] })) : [];
    const reply = dnsPacket.encode({
      id: query.id,
      type: 'response',
      flags: dnsPacket.AUTHORITATIVE_ANSWER | (texts ? 0 : 3), // RCODE 3: NXDOMAIN
      questions: query.questions,
      answers,
    });
    socket.send(reply, peer.port, peer.address);
  });
  await new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', resolve);
  });
  const { port } = socket.address();
  return {
    records,
    /** `127.0.0.1:<port>`, as DNSLINK_RESOLVER takes it. */
    address: `127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => socket.close(() => resolve(undefined))),
  };
}
