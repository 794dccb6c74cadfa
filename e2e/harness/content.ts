import type { E2eServer } from './server';

export interface UploadedRecord {
  uploadId: string;
  cid: string;
  name: string;
  size: number;
  chargedBytes: number;
  type: string;
}

/** Logs in through the API, as a script would, and returns the session token. */
export async function apiToken(server: E2eServer, email: string, password: string): Promise<string> {
  const { status, body } = await server.api('POST', '/auth/login', undefined, { email, password });
  if (status !== 200) throw new Error(`login of ${email} answered ${status}`);
  return (body as { token: string }).token;
}

/** Uploads one file straight to the API (multipart, field `file`), to set up data without the UI. */
export async function apiUpload(server: E2eServer, token: string, name: string, content: string | Uint8Array): Promise<UploadedRecord> {
  const form = new FormData();
  form.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), name);
  const response = await fetch(`${server.url}/api/v2/upload`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  if (response.status !== 201 && response.status !== 200)
    throw new Error(`upload of ${name} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as UploadedRecord;
}

/** The account's records, newest first. */
export async function apiFiles(server: E2eServer, token: string): Promise<UploadedRecord[]> {
  const { body } = await server.api('GET', '/users/me/uploads?limit=100', token);
  return (body as { files: UploadedRecord[] }).files;
}

/** Creates an account through the API (for a second user whose content another user pins). */
export async function apiSignup(server: E2eServer, email: string, password: string): Promise<void> {
  const { status, body } = await server.api('POST', '/auth/signup', undefined, {
    name: 'Grace',
    lastname: 'Hopper',
    country: 'US',
    birthDate: '09/12/1986',
    language: 'en',
    email,
    password,
  });
  if (status !== 201) throw new Error(`signup of ${email} answered ${status}: ${JSON.stringify(body)}`);
}

/** Uploads files as one folder (`mode` dag or files), each part's filename its relative path. */
export async function apiUploadFolder(
  server: E2eServer,
  token: string,
  files: Record<string, string>,
  mode: 'dag' | 'files' = 'dag',
): Promise<UploadedRecord> {
  const form = new FormData();
  for (const [filePath, content] of Object.entries(files)) form.append('file', new Blob([content]), filePath);
  const response = await fetch(`${server.url}/api/v2/upload/directory?mode=${mode}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  if (response.status !== 201 && response.status !== 200)
    throw new Error(`folder upload answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as UploadedRecord;
}
