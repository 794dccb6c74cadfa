import type { ErrorCode } from '@cairn/shared/api-types';
import type http from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * Requests Node's HTTP parser refuses before any route sees them (headers or a request line over
 * 16 KiB, a malformed request) get the API's JSON error shape instead of Node's empty answer:
 * `431 headers_too_large` or `400 bad_request`. A socket already gone is just closed.
 */
export function answerClientErrors(server: http.Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const [message, code]: [string, ErrorCode] = tooLarge
      ? ['The request line and headers are over 16 KiB', 'headers_too_large']
      : ['The request could not be read as HTTP', 'bad_request'];
    // The Pinning Service API answers in its own error shape, as its routes do.
    const requestLine = (error as { rawPacket?: Buffer }).rawPacket?.subarray(0, 64).toString('latin1') ?? '';
    const psa = /^[A-Z]+ \/psa(\/|\?|\s)/.test(requestLine);
    const body = JSON.stringify(psa ? { error: { reason: code.toUpperCase(), details: message } } : { error: message, code });
    socket.end(
      `HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
