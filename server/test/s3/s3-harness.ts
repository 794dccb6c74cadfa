// A real Cairn server with its S3 endpoint on, one user signed up and an S3 key of theirs made
// through the API: what the real-client scenarios start from.
import { createUser, type TestUser } from '../factories';
import { startTestServer, type Driver, type TestServer } from '../harness';
import { createS3Key } from '../s3-client';
import { ensureS3Clients, type S3Endpoint } from './clients';

export interface S3TestServer extends S3Endpoint {
  server: TestServer;
  user: TestUser;
  apiUrl: string;
  token: string;
  close(): Promise<void>;
}

export async function startS3Server(
  driver: Driver = 'sqlite',
  keyBody: Record<string, unknown> = { name: 'clients' },
): Promise<S3TestServer> {
  await ensureS3Clients();
  const server = await startTestServer({ driver, config: { s3: { port: 0, hostName: null, region: 'us-east-1' } } });
  try {
    if (!server.s3Url) throw new Error('the server did not open its S3 endpoint');
    const user = await createUser(server);
    const key = await createS3Key(server, user, keyBody);
    return { server, user, apiUrl: server.url, s3Url: server.s3Url, token: user.token, ...key, close: () => server.close() };
  } catch (error) {
    await server.close();
    throw error;
  }
}
