import http from 'node:http';
import { verifyWebhook } from './cairn.js';

// The endpoint's signing secret (shown once when it was made) and the port come from the environment.
const secret = process.env.CAIRN_WEBHOOK_SECRET ?? '';

http
  .createServer(async (request, response) => {
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    try {
      // The raw bytes as received: never parse and serialise the JSON before checking it.
      const event = await verifyWebhook(Buffer.concat(chunks), request.headers['cairn-signature'] ?? '', secret);
      console.log(`verified ${event.type} ${event.id}`);
      response.writeHead(200).end();
    } catch (error) {
      console.log(`refused ${error.message}`);
      response.writeHead(400).end();
    }
  })
  .listen(Number(process.env.PORT ?? 8000), '127.0.0.1');
