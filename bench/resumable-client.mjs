/**
 * A tus client in its own process, so the resumable benchmark can kill it like a closed laptop:
 * asks the server for the offset (HEAD), then streams the rest of the file in one PATCH. Prints
 * `sent <n>` after each chunk handed to the socket (n counts from this process's start), then
 * `done <json>` with the server's answer to the last PATCH.
 *
 *   node bench/resumable-client.mjs <upload url> <file> <token>
 */
import fs from 'node:fs';
import http from 'node:http';

const [url, file, token] = process.argv.slice(2);
const auth = { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' };

const head = await fetch(url, { method: 'HEAD', headers: auth });
if (head.status !== 200) throw new Error(`HEAD answered ${head.status}`);
const offset = Number(head.headers.get('upload-offset'));
const length = Number(head.headers.get('upload-length'));

const req = http.request(url, {
  method: 'PATCH',
  headers: {
    ...auth,
    'upload-offset': String(offset),
    'content-type': 'application/offset+octet-stream',
    'content-length': String(length - offset),
  },
});
req.on('response', async (res) => {
  let body = '';
  for await (const chunk of res) body += chunk;
  console.log(`done ${res.statusCode} ${body}`);
});
let sent = 0;
const source = fs.createReadStream(file, { start: offset, highWaterMark: 1024 * 1024 });
source.on('data', (chunk) => {
  sent += chunk.length;
  console.log(`sent ${sent}`);
  if (!req.write(chunk)) {
    source.pause();
    req.once('drain', () => source.resume());
  }
});
source.on('end', () => req.end());
