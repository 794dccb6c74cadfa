import { Cairn, QuotaExceededError } from '@cairn/sdk';

// The server and an API token (Settings → API tokens) come from the environment.
const cairn = new Cairn({ token: process.env.CAIRN_TOKEN, baseUrl: process.env.CAIRN_API_URL });

try {
  const file = await cairn.uploads.file('hello.txt', {
    onProgress: ({ loaded, total }) => console.error(`${loaded} / ${total} bytes`),
  });
  console.log(`stored ${file.name} as ${file.cid}`);
} catch (error) {
  if (error instanceof QuotaExceededError) console.error('The account is full:', error.message);
  else throw error;
}
