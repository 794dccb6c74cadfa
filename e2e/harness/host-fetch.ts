import http from 'node:http';

/**
 * A GET to the server as if it came for `host` (the `Host` header, which fetch does not let a
 * caller set): what a browser sent to a custom domain pointed at this server would receive.
 */
export function hostGet(serverUrl: string, host: string, path: string): Promise<{ status: number; text: string }> {
  const url = new URL(serverUrl);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: url.hostname, port: url.port, path, headers: { host } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('error', reject);
    request.end();
  });
}
