// Cairn JavaScript SDK: generated from sdks/typescript/src by `npm run build:javascript -w @cairn/sdk`. Do not edit.
/* eslint-disable */
// src/browser-transport.ts
var XhrClass = globalThis.XMLHttpRequest;
var runsInBrowser = XhrClass !== void 0;
var EMPTY = /* @__PURE__ */ new Set([101, 204, 205, 304]);
function xhrFetch(url, init, onSent) {
  return new Promise((resolve, reject) => {
    const signal = init.signal ?? void 0;
    if (signal?.aborted) return reject(signal.reason);
    const xhr = new XhrClass();
    const onAbort = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.open(init.method ?? 'GET', url);
    xhr.responseType = 'arraybuffer';
    for (const [name, value] of Object.entries(init.headers ?? {})) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onSent(event.loaded);
    xhr.onload = () => {
      done();
      const headers = new Headers();
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const colon = line.indexOf(':');
        if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
      }
      const body = EMPTY.has(xhr.status) || init.method === 'HEAD' ? null : xhr.response;
      resolve(new Response(body, { status: xhr.status, statusText: xhr.statusText, headers }));
    };
    xhr.onerror = () => {
      done();
      reject(new TypeError('Failed to fetch'));
    };
    xhr.onabort = () => {
      done();
      reject(signal?.reason ?? new DOMException('The call was cancelled', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(init.body);
  });
}

// src/errors.ts
var CairnError = class extends Error {
  /** The HTTP status; 0 when no response arrived (connection error, timeout). */
  status;
  /** The server's stable snake_case code, e.g. `quota_exceeded`. */
  code;
  details;
  requestId;
  /** Seconds the server asked to wait before trying again (`Retry-After`: a 429, a busy 503). */
  retryAfter;
  constructor(init) {
    super(init.message, init.cause === void 0 ? void 0 : { cause: init.cause });
    this.name = new.target.name;
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.requestId = init.requestId;
    this.retryAfter = init.retryAfter;
  }
};
var ValidationError = class extends CairnError {};
var AuthenticationError = class extends CairnError {};
var PermissionError = class extends CairnError {};
var QuotaExceededError = class extends CairnError {};
var NotFoundError = class extends CairnError {};
var ConflictError = class extends CairnError {};
var PayloadTooLargeError = class extends CairnError {};
var RateLimitError = class extends CairnError {};
var ServerError = class extends CairnError {};
var ConnectionError = class extends CairnError {};
var TimeoutError = class extends CairnError {};
var AbortedError = class extends CairnError {};
var PinFailedError = class extends CairnError {};
var byStatus = {
  400: ValidationError,
  401: AuthenticationError,
  403: PermissionError,
  404: NotFoundError,
  409: ConflictError,
  413: PayloadTooLargeError,
  429: RateLimitError,
};
function parseRetryAfter(value, now = Date.now()) {
  if (!value) return void 0;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(value);
  return Number.isNaN(date) ? void 0 : Math.max(0, (date - now) / 1e3);
}
function errorFromResponse(status, body, headers) {
  const payload = typeof body === 'object' && body !== null ? body : {};
  const psa = pinningServiceFailure(payload);
  const code = psa?.code ?? (typeof payload.code === 'string' ? payload.code : `http_${status}`);
  const init = {
    status,
    code,
    message: psa?.message ?? (typeof payload.error === 'string' ? payload.error : `HTTP ${status}`),
    details: Array.isArray(payload.details) ? payload.details : void 0,
    requestId: typeof payload.requestId === 'string' ? payload.requestId : (headers.get('x-request-id') ?? void 0),
    retryAfter: parseRetryAfter(headers.get('retry-after')),
  };
  if ((status === 403 && code === 'quota_exceeded') || (status === 409 && code === 'insufficient_funds')) {
    return new QuotaExceededError(init);
  }
  const Type = byStatus[status] ?? (status >= 500 ? ServerError : CairnError);
  return new Type(init);
}
function pinningServiceFailure(payload) {
  const error = payload.error;
  if (typeof error !== 'object' || error === null || typeof error.reason !== 'string') return void 0;
  return { code: error.reason.toLowerCase(), message: typeof error.details === 'string' ? error.details : error.reason };
}

// src/node-files.ts
var CHUNK = 1024 * 1024;
async function nodeModules() {
  if (typeof process === 'undefined' || !process.versions?.node) {
    throw new TypeError('Paths on disk can be uploaded from Node only; give a File or Blob in a browser');
  }
  const [fs, path] = await Promise.all([import('node:fs'), import('node:path')]);
  return { fs, path };
}
async function statPath(file) {
  const { fs } = await nodeModules();
  const stat = await fs.promises.stat(file);
  if (!stat.isFile()) throw new TypeError(`Not a file: ${file}`);
  return stat.size;
}
async function fileSize(file) {
  const { fs } = await nodeModules();
  return (await fs.promises.stat(file)).size;
}
async function* readPath(file) {
  const { fs } = await nodeModules();
  const stream = fs.createReadStream(file, { highWaterMark: CHUNK });
  try {
    for await (const chunk of stream) yield chunk;
  } finally {
    stream.destroy();
  }
}
async function readDirectory(root) {
  const { fs, path } = await nodeModules();
  const top = path.resolve(root);
  if (!(await fs.promises.stat(top)).isDirectory()) throw new TypeError(`Not a folder: ${root}`);
  const prefix = path.basename(top);
  const found = [];
  const walk = async (dir, rel) => {
    const entries = await fs.promises.readdir(dir, { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const absolute = path.join(dir, entry.name);
      const relative = `${rel}/${entry.name}`;
      if (entry.isDirectory()) await walk(absolute, relative);
      else if (entry.isFile()) found.push({ absolute, relative, size: (await fs.promises.stat(absolute)).size });
    }
  };
  await walk(top, prefix);
  if (found.length === 0) throw new TypeError(`The folder has no files: ${root}`);
  return found;
}
async function* readRange(file, start, end) {
  if (end <= start) return;
  const { fs } = await nodeModules();
  const stream = fs.createReadStream(file, { start, end: end - 1, highWaterMark: 256 * 1024 });
  try {
    for await (const chunk of stream) yield chunk;
  } finally {
    stream.destroy();
  }
}
async function fileIdentity(file) {
  const { fs, path } = await nodeModules();
  const stat = await fs.promises.stat(file);
  if (!stat.isFile()) throw new TypeError(`Not a file: ${file}`);
  return { absolute: path.resolve(file), size: stat.size, mtimeMs: Math.trunc(stat.mtimeMs) };
}

// src/body.ts
function isDiskRange(piece) {
  return !(piece instanceof Uint8Array);
}
async function* rangeChunks(range) {
  let at = range.start;
  for await (const chunk of readRange(range.path, range.start, range.end)) {
    yield chunk;
    at += chunk.byteLength;
    range.onBytes?.(chunk.byteLength);
  }
  if (at < range.end || (await fileSize(range.path)) !== range.fileSize) throw changed(range.path);
}
function changed(path) {
  return new CairnError({ status: 0, code: 'file_changed', message: `The file ${path} changed size while it was uploaded` });
}
function webStream(body) {
  const chunks = (async function* () {
    for await (const piece of body.pieces) {
      if (isDiskRange(piece)) yield* rangeChunks(piece);
      else yield piece;
    }
  })();
  return new ReadableStream({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await chunks.return(void 0);
    },
  });
}
async function* counted(chunks, onBytes) {
  for await (const chunk of chunks) {
    yield chunk;
    onBytes(chunk.byteLength);
  }
}

// src/retry.ts
var defaultRetry = { maxRetries: 2, baseDelayMs: 500, maxDelayMs: 3e4 };
function waitsTooLong(retryAfterSeconds, options) {
  return retryAfterSeconds !== void 0 && retryAfterSeconds * 1e3 > options.maxDelayMs;
}
function isRetryableStatus(status) {
  return status === 429 || status === 503;
}
var NOTHING_DONE = [
  { status: 429, code: 'rate_limited' },
  { status: 503, code: 'shutting_down' },
];
function saysNothingDone(status, code) {
  return NOTHING_DONE.some((answer) => answer.status === status && answer.code === code);
}
function backoffDelay(attempt, options, retryAfterSeconds) {
  if (retryAfterSeconds !== void 0) return retryAfterSeconds * 1e3;
  const ceiling = Math.min(options.baseDelayMs * 2 ** (attempt - 1), options.maxDelayMs);
  return Math.random() * ceiling;
}
function sleep(ms, signal) {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    function onAbort() {
      clearTimeout(timer);
      reject(signal.reason);
    }
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

// src/http.ts
var HttpClient = class {
  constructor(config) {
    this.config = config;
  }
  config;
  url(path, query, raw = false) {
    const base = this.config.baseUrl.replace(/\/+$/, '');
    const url = new URL(/^https?:\/\//.test(path) ? path : `${base}${raw ? '' : '/api/v2'}${path}`);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== void 0 && value !== '') url.searchParams.set(key, String(value));
    }
    return url.toString();
  }
  async request(call) {
    const { maxRetries } = this.config.retry;
    const retries = call.idempotent ? maxRetries : 0;
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await this.attempt(call);
        if (response.ok) return call.raw ? response : await readJson(response);
        const error = errorFromResponse(response.status, await readJson(response).catch(() => ({})), response.headers);
        const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
        const resend = call.replayable !== false && saysNothingDone(response.status, error.code);
        const allowed = resend ? maxRetries : retries;
        if (attempt >= allowed || !isRetryableStatus(response.status) || waitsTooLong(retryAfter, this.config.retry)) throw error;
        await sleep(backoffDelay(attempt + 1, this.config.retry, retryAfter), call.signal);
      } catch (error) {
        const typed = toCairnError(error, call.signal);
        if (!(typed instanceof ConnectionError) || attempt >= retries) throw typed;
        await sleep(backoffDelay(attempt + 1, this.config.retry), call.signal).catch((e) => {
          throw toCairnError(e, call.signal);
        });
      }
    }
  }
  async attempt(call) {
    const headers = { accept: 'application/json', ...call.headers };
    const token = typeof this.config.token === 'function' ? this.config.token() : this.config.token;
    if (token) headers.authorization = `Bearer ${token}`;
    if (this.config.userAgent) headers['user-agent'] = this.config.userAgent;
    const init = { method: call.method, headers };
    let streamed;
    if (call.json !== void 0) {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(call.json);
    } else if (call.body) {
      const made = call.body();
      headers['content-type'] = made.contentType;
      if ('streamed' in made) streamed = made.streamed;
      else init.body = made.body;
    }
    const timeoutMs = call.timeoutMs ?? this.config.timeoutMs;
    const signals = [call.signal, timeoutMs > 0 ? AbortSignal.timeout(timeoutMs) : void 0].filter((s) => s !== void 0);
    if (signals.length > 0) init.signal = signals.length === 1 ? signals[0] : AbortSignal.any(signals);
    const url = this.url(call.path, call.query, call.raw);
    if (streamed && this.config.streamFetch) return this.config.streamFetch(url, init, streamed);
    if (init.body && call.onUploadProgress && this.config.progressFetch) return this.config.progressFetch(url, init, call.onUploadProgress);
    if (streamed) {
      init.body = webStream(streamed);
      init.duplex = 'half';
    }
    return this.config.fetch(url, init);
  }
};
async function readJson(response) {
  const text = await response.text();
  return text ? JSON.parse(text) : void 0;
}
function toCairnError(error, signal) {
  if (error instanceof CairnError) return error;
  const name = error?.name;
  if (signal?.aborted) {
    const reason = signal.reason;
    if (reason instanceof CairnError) return reason;
    return new AbortedError({ status: 0, code: 'aborted', message: 'The call was cancelled', cause: error });
  }
  if (name === 'TimeoutError') {
    return new TimeoutError({ status: 0, code: 'timeout', message: 'The call timed out', cause: error });
  }
  if (name === 'AbortError') {
    return new AbortedError({ status: 0, code: 'aborted', message: 'The call was cancelled', cause: error });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ConnectionError({ status: 0, code: 'connection_error', message: `Could not reach the server: ${message}`, cause: error });
}

// src/node-body.ts
var READ_SIZE = 4 * 1024 * 1024;
var spare = [];
var GATHER_SIZE = 64 * 1024;
async function writeBody(req, body, openFile) {
  let gathered = [];
  let gatheredBytes = 0;
  const flush = async () => {
    if (gathered.length === 0) return;
    const chunk = gathered.length === 1 ? gathered[0] : Buffer.concat(gathered, gatheredBytes);
    [gathered, gatheredBytes] = [[], 0];
    await written(req, chunk);
  };
  for await (const piece of body.pieces) {
    const size = isDiskRange(piece) ? piece.end - piece.start : piece.byteLength;
    if (size > GATHER_SIZE) {
      await flush();
      if (isDiskRange(piece)) await writeRange(req, piece, openFile);
      else await written(req, piece);
      continue;
    }
    if (isDiskRange(piece)) {
      gathered.push(await readSmall(piece, openFile));
      piece.onBytes?.(size);
    } else gathered.push(piece);
    gatheredBytes += size;
    if (gatheredBytes >= GATHER_SIZE) await flush();
  }
  await flush();
}
async function readSmall(range, openFile) {
  const length = range.end - range.start;
  const file = await openFile(range.path, 'r');
  try {
    const buffer = Buffer.allocUnsafe(length);
    const { bytesRead } = await file.read(buffer, 0, length, range.start);
    if (bytesRead < length || (await file.stat()).size !== range.fileSize) throw changed(range.path);
    return buffer;
  } finally {
    await file.close();
  }
}
async function writeRange(req, range, openFile) {
  const file = await openFile(range.path, 'r');
  const buffers = [spare.pop() ?? Buffer.allocUnsafeSlow(READ_SIZE), spare.pop() ?? Buffer.allocUnsafeSlow(READ_SIZE)];
  let sending;
  try {
    for (let at = range.start, turn = 0; at < range.end; turn++) {
      const buffer = buffers[turn % 2];
      const { bytesRead } = await file.read(buffer, 0, Math.min(READ_SIZE, range.end - at), at);
      if (bytesRead === 0) throw changed(range.path);
      await sending;
      sending = written(req, buffer.subarray(0, bytesRead)).then(() => range.onBytes?.(bytesRead));
      sending.catch(() => void 0);
      at += bytesRead;
    }
    await sending;
    if ((await file.stat()).size !== range.fileSize) throw changed(range.path);
    for (const buffer of buffers) if (spare.length < 2) spare.push(buffer);
  } finally {
    await file.close();
  }
}
function written(req, chunk) {
  return new Promise((resolve, reject) => {
    if (req.destroyed) return reject(new Error('The request was closed'));
    const onClose = () => reject(new Error('The request was closed'));
    req.once('close', onClose);
    req.write(chunk, (error) => {
      req.off('close', onClose);
      if (error) reject(error);
      else resolve();
    });
  });
}

// src/node-transport.ts
var RESPONSE_GRACE_MS = 200;
var runsInNode = typeof process !== 'undefined' && Boolean(process.versions?.node);
async function nodeFetch(url, init, streamed) {
  let body = streamed;
  if (!body && init.body !== void 0 && init.body !== null) {
    if (typeof init.body !== 'string') return fetch(url, init);
    const bytes = new TextEncoder().encode(init.body);
    body = { pieces: [bytes], length: bytes.byteLength };
  }
  const response = await send(url, init, body);
  const method = init.method ?? 'GET';
  if (
    !body &&
    (method === 'GET' || method === 'HEAD') &&
    response.status >= 300 &&
    response.status < 400 &&
    response.headers.has('location')
  ) {
    await response.body?.cancel();
    return fetch(url, init);
  }
  return response;
}
async function send(url, init, body) {
  const [http, https, { Readable }, fs] = await Promise.all([
    import('node:http'),
    import('node:https'),
    import('node:stream'),
    import('node:fs'),
  ]);
  const target = new URL(url);
  const request = (target.protocol === 'https:' ? https : http).request;
  const signal = init.signal ?? void 0;
  if (signal?.aborted) throw signal.reason;
  const headers = { ...init.headers };
  if (body?.length !== void 0) headers['content-length'] = String(body.length);
  return new Promise((resolve, reject) => {
    let settled = false;
    let answer;
    const settle = (fn) => {
      if (settled) return;
      settled = true;
      fn();
    };
    const req = request(target, { method: init.method, headers }, (res) => {
      answer = res;
      res.once('close', () => signal?.removeEventListener('abort', onAbort));
      const answerHeaders = new Headers();
      for (const [name, value] of Object.entries(res.headers)) {
        for (const one of Array.isArray(value) ? value : value === void 0 ? [] : [value]) answerHeaders.append(name, one);
      }
      const empty = res.statusCode === 204 || res.statusCode === 205 || res.statusCode === 304 || init.method === 'HEAD';
      if (empty) res.resume();
      const stream = empty ? null : Readable.toWeb(res);
      settle(() => resolve(new Response(stream, { status: res.statusCode ?? 500, headers: answerHeaders })));
    });
    function onAbort() {
      answer?.destroy(signal.reason);
      req.destroy();
      settle(() => reject(signal.reason));
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    req.on('error', (error) => {
      signal?.removeEventListener('abort', onAbort);
      setTimeout(() => settle(() => reject(error)), RESPONSE_GRACE_MS);
    });
    if (!body) return void req.end();
    let closed = false;
    req.once('close', () => (closed = true));
    writeBody(req, body, fs.promises.open).then(
      () => req.end(),
      (error) => {
        if (closed || req.destroyed) return;
        req.destroy(error);
        settle(() => reject(error));
      },
    );
  });
}

// src/resources/account.ts
var Users = class {
  constructor(http) {
    this.http = http;
  }
  http;
  me(options = {}) {
    return this.http.request({ method: 'GET', path: '/users/me', idempotent: true, ...options });
  }
};
var UsageResource = class {
  constructor(http) {
    this.http = http;
  }
  http;
  get(options = {}) {
    return this.http.request({ method: 'GET', path: '/users/me/usage', idempotent: true, ...options });
  }
};
var Referrals = class {
  constructor(http) {
    this.http = http;
  }
  http;
  get(options = {}) {
    return this.http.request({ method: 'GET', path: '/referrals/me', idempotent: true, ...options });
  }
};
var Plans = class {
  constructor(http) {
    this.http = http;
  }
  http;
  list(options = {}) {
    return this.http.request({ method: 'GET', path: '/plans', idempotent: true, ...options });
  }
  /** `status: changed` for a free plan; `status: redirect` with the checkout `url` for a paid one. */
  checkout(code, params = { method: 'card', acceptTerms: true }, options = {}) {
    return this.http.request({
      method: 'POST',
      path: `/plans/${encodeURIComponent(code)}/checkout`,
      json: params,
      idempotent: false,
      ...options,
    });
  }
};
var Dag = class {
  constructor(http) {
    this.http = http;
  }
  http;
  get(cid, params = {}, options = {}) {
    return this.http.request({
      method: 'GET',
      path: `/dag/${encodeURIComponent(cid)}`,
      query: { page: params.page, limit: params.limit },
      idempotent: true,
      ...options,
    });
  }
};

// src/resources/domains.ts
var Domains = class {
  constructor(http) {
    this.http = http;
  }
  http;
  /** Every custom domain of the account (at most 20), oldest first. */
  async list(options = {}) {
    const list2 = await this.http.request({ method: 'GET', path: '/domains', idempotent: true, ...options });
    return list2.domains;
  }
  /**
   * Adds `hostname`, to serve `target` once verified; it starts `pending`, with the TXT record to
   * create in `dnslinkRecord`. A target the account does not hold is a `ValidationError`
   * (`domain_target_not_held`); a host name another account holds, or a 21st domain, a
   * `ConflictError` (`domain_taken`, `domain_limit_reached`). Not retried.
   */
  add(hostname, target, options = {}) {
    return this.http.request({ method: 'POST', path: '/domains', json: { hostname, target }, idempotent: false, ...options });
  }
  /**
   * Looks the domain's DNSLink up now and answers the domain after the check: `verified`, or
   * `failed` with `lastError` saying why. A repeat only checks again, so it is retried.
   */
  verify(domainId, options = {}) {
    return this.http.request({ method: 'POST', path: `${domainPath(domainId)}/verify`, idempotent: true, ...options });
  }
  /** The host name serves nothing from now on; a second delete is a `NotFoundError` (`domain_not_found`), so it is not retried. */
  delete(domainId, options = {}) {
    return this.http.request({ method: 'DELETE', path: domainPath(domainId), idempotent: false, ...options });
  }
};
function domainPath(domainId) {
  return `/domains/${encodeURIComponent(domainId)}`;
}

// src/resources/gateway.ts
var Gateway = class {
  constructor(http) {
    this.http = http;
  }
  http;
  /** The gateway's URL for a CID, optionally a path inside it. */
  url(cid, path = '') {
    const tail = path ? `/${path.split('/').filter(Boolean).map(encodeURIComponent).join('/')}` : '';
    return this.http.url(`/ipfs/${encodeURIComponent(cid)}${tail}`, void 0, true);
  }
  /** The content's Response; read `body` as a stream. Errors are the SDK's typed errors. */
  get(cid, path = '', options = {}) {
    const tail = path ? `/${path.split('/').filter(Boolean).map(encodeURIComponent).join('/')}` : '';
    return this.http.request({
      method: 'GET',
      path: `/ipfs/${encodeURIComponent(cid)}${tail}`,
      raw: true,
      idempotent: true,
      timeoutMs: options.timeoutMs ?? 0,
      signal: options.signal,
    });
  }
};

// src/resources/groups.ts
var Groups = class {
  constructor(http) {
    this.http = http;
  }
  http;
  list(params = {}, options = {}) {
    return this.http.request({ method: 'GET', path: '/groups', query: { ...params }, idempotent: true, ...options });
  }
  create(name, options = {}) {
    return this.http.request({ method: 'POST', path: '/groups', json: { name }, idempotent: false, ...options });
  }
  get(groupId, options = {}) {
    return this.http.request({ method: 'GET', path: `/groups/${encodeURIComponent(groupId)}`, idempotent: true, ...options });
  }
  /** Renaming to the same name changes nothing, so the call is retried like a read. */
  rename(groupId, name, options = {}) {
    return this.http.request({
      method: 'PATCH',
      path: `/groups/${encodeURIComponent(groupId)}`,
      json: { name },
      idempotent: true,
      ...options,
    });
  }
  /** Deletes the group only: its files stay. */
  delete(groupId, options = {}) {
    return this.http.request({ method: 'DELETE', path: `/groups/${encodeURIComponent(groupId)}`, idempotent: false, ...options });
  }
  /** Adds records; one already in the group stays as it is, so the call is retried. */
  add(groupId, members, options = {}) {
    return this.http.request({
      method: 'POST',
      path: `/groups/${encodeURIComponent(groupId)}/uploads`,
      json: members,
      idempotent: true,
      ...options,
    });
  }
  /** Takes records out of the group (they stay in the account); retried like `add`. */
  remove(groupId, members, options = {}) {
    return this.http.request({
      method: 'POST',
      path: `/groups/${encodeURIComponent(groupId)}/uploads/remove`,
      json: members,
      idempotent: true,
      ...options,
    });
  }
};

// src/resources/ipns-names.ts
var Names = class {
  constructor(http) {
    this.http = http;
  }
  http;
  /** Every name of the account (at most 100), oldest first. */
  async list(options = {}) {
    const list2 = await this.http.request({ method: 'GET', path: '/names', idempotent: true, ...options });
    return list2.names;
  }
  /** A new name with a new key; it points nowhere until published. */
  create(label, options = {}) {
    return this.http.request({ method: 'POST', path: '/names', json: { label }, idempotent: false, ...options });
  }
  get(nameId, options = {}) {
    return this.http.request({ method: 'GET', path: namePath(nameId), idempotent: true, ...options });
  }
  /** Changes the label only (the name and its value stay); the same label twice changes nothing, so it is retried. */
  rename(nameId, label, options = {}) {
    return this.http.request({ method: 'PATCH', path: namePath(nameId), json: { label }, idempotent: true, ...options });
  }
  /** The key and its history are gone; a second delete is a `NotFoundError`, so it is not retried. */
  delete(nameId, options = {}) {
    return this.http.request({ method: 'DELETE', path: namePath(nameId), idempotent: false, ...options });
  }
  /**
   * Points the name at `value`: a CID or `/ipfs/{cid}[/{path}]` whose CID is one of the account's
   * files (else a `ValidationError`, `name_value_not_held`). Each call signs a new record with the
   * next sequence number, so it is not retried.
   */
  publish(nameId, value, options = {}) {
    const { ttlSeconds, validityHours, ...request } = options;
    return this.http.request({
      method: 'POST',
      path: `${namePath(nameId)}/publish`,
      json: { value, ttlSeconds, validityHours },
      idempotent: false,
      ...request,
    });
  }
  /** The name's publications, newest first. */
  async history(nameId, options = {}) {
    const { limit, ...request } = options;
    const history = await this.http.request({
      method: 'GET',
      path: `${namePath(nameId)}/history`,
      query: { limit },
      idempotent: true,
      ...request,
    });
    return history.publications;
  }
  /**
   * Publishes the value of publication `sequence` again, under the next sequence number. An
   * unknown sequence is a `NotFoundError` (`publication_not_found`). Not retried, as `publish`.
   */
  rollback(nameId, sequence, options = {}) {
    const { ttlSeconds, ...request } = options;
    return this.http.request({
      method: 'POST',
      path: `${namePath(nameId)}/rollback`,
      json: { sequence, ttlSeconds },
      idempotent: false,
      ...request,
    });
  }
  /**
   * The name's Ed25519 private key (libp2p protobuf, base64), which `ipfs key import <label>
   * --format=libp2p-protobuf-cleartext` reads. Full-access tokens only; whoever holds it can publish the name.
   */
  exportKey(nameId, options = {}) {
    return this.http.request({ method: 'GET', path: `${namePath(nameId)}/key`, idempotent: true, ...options });
  }
  /** What a `k51…` name (or peer id) points to, from the records Cairn holds; none is a `NotFoundError` (`name_not_resolved`). */
  resolve(name, options = {}) {
    return this.http.request({ method: 'GET', path: `/resolve/${encodeURIComponent(name)}`, idempotent: true, ...options });
  }
};
function namePath(nameId) {
  return `/names/${encodeURIComponent(nameId)}`;
}

// src/resources/links.ts
var Links = class {
  constructor(http) {
    this.http = http;
  }
  http;
  /** `expiresIn` in seconds; `downloadName` makes the content download under that name. */
  create(uploadId, params, options = {}) {
    return this.http.request({
      method: 'POST',
      path: `/files/${encodeURIComponent(uploadId)}/links`,
      json: params,
      idempotent: false,
      ...options,
    });
  }
  /** The record's links that still open it, newest first. */
  async list(uploadId, options = {}) {
    const list2 = await this.http.request({
      method: 'GET',
      path: `/files/${encodeURIComponent(uploadId)}/links`,
      idempotent: true,
      ...options,
    });
    return list2.links;
  }
  /** A link revoked already is a `NotFoundError` (`link_not_found`), so a retry would mislead: not retried. */
  revoke(uploadId, linkId, options = {}) {
    return this.http.request({
      method: 'DELETE',
      path: `/files/${encodeURIComponent(uploadId)}/links/${encodeURIComponent(linkId)}`,
      idempotent: false,
      ...options,
    });
  }
};

// src/resources/pins.ts
var Pins = class {
  constructor(http) {
    this.http = http;
  }
  http;
  /** Starts a pin job; content already on the node usually comes back `pinned` at once. */
  create(cid, options = {}) {
    const { name, private: isPrivate, groupId, meta, ...request } = options;
    return this.http.request({
      method: 'POST',
      path: '/pins',
      json: {
        cid,
        customName: name ?? null,
        ...(isPrivate ? { private: true } : {}),
        ...(groupId ? { groupId } : {}),
        ...(meta ? { meta } : {}),
      },
      idempotent: false,
      ...request,
    });
  }
  get(id, options = {}) {
    return this.http.request({ method: 'GET', path: `/pins/${encodeURIComponent(id)}`, idempotent: true, ...options });
  }
  /** Polls the job until it is `pinned` (resolves with its record) or `failed` (a `PinFailedError`). */
  async wait(job, options = {}) {
    const deadline = options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : void 0;
    const signal = deadline && options.signal ? AbortSignal.any([deadline, options.signal]) : (deadline ?? options.signal);
    let current = typeof job === 'string' ? await this.get(job, { signal }) : job;
    for (;;) {
      options.onProgress?.(current);
      if (current.status === 'pinned') return current;
      if (current.status === 'failed') {
        throw new PinFailedError({ status: 0, code: current.errorCode ?? 'pin_failed', message: current.error ?? 'The pin failed' });
      }
      await sleep(options.intervalMs ?? 1e3, signal).catch((e) => {
        throw toCairnError(e, signal);
      });
      current = await this.get(current.id, { signal });
    }
  }
  /** `create` then `wait`. */
  async createAndWait(cid, options = {}) {
    const job = await this.create(cid, options);
    return this.wait(job, { ...options, timeoutMs: void 0 });
  }
  /** How each IPFS node holds one of the account's CIDs; a CID it does not hold is a `NotFoundError`. */
  status(cid, options = {}) {
    return this.http.request({ method: 'GET', path: `/status/${encodeURIComponent(cid)}`, idempotent: true, ...options });
  }
  /** Which nodes one of the account's CIDs is allocated to, with the replication factors. */
  allocations(cid, options = {}) {
    return this.http.request({ method: 'GET', path: `/allocations/${encodeURIComponent(cid)}`, idempotent: true, ...options });
  }
};

// src/resources/psa.ts
var list = (value) => (typeof value === 'string' ? value : value?.join(','));
var time = (value) => (value instanceof Date ? value.toISOString() : value);
function psaUrl(http, suffix = '') {
  return http.url(`/psa/pins${suffix}`, void 0, true);
}
var Psa = class {
  constructor(http) {
    this.http = http;
  }
  http;
  /** Queues a pin request; it answers at once, `queued` or further on. */
  add(pin, options = {}) {
    return this.http.request({ method: 'POST', path: psaUrl(this.http), json: pin, idempotent: false, ...options });
  }
  get(requestid, options = {}) {
    return this.http.request({ method: 'GET', path: psaUrl(this.http, `/${encodeURIComponent(requestid)}`), idempotent: true, ...options });
  }
  /** The requests matching every filter, newest first; `count` is how many match in all. */
  list(params = {}, options = {}) {
    const query = {
      cid: list(params.cid),
      name: params.name,
      match: params.match,
      status: list(params.status),
      before: time(params.before),
      after: time(params.after),
      limit: params.limit,
      meta: params.meta ? JSON.stringify(params.meta) : void 0,
    };
    return this.http.request({ method: 'GET', path: psaUrl(this.http), query, idempotent: true, ...options });
  }
  /** Queues a new request in place of this one (removed once the new one is pinned). */
  replace(requestid, pin, options = {}) {
    return this.http.request({
      method: 'POST',
      path: psaUrl(this.http, `/${encodeURIComponent(requestid)}`),
      json: pin,
      idempotent: false,
      ...options,
    });
  }
  /** Removes the request: cancelled if still fetching, unpinned and refunded if pinned. */
  async remove(requestid, options = {}) {
    await this.http.request({
      method: 'DELETE',
      path: psaUrl(this.http, `/${encodeURIComponent(requestid)}`),
      idempotent: false,
      ...options,
    });
  }
  /** Polls until the request is `pinned` (resolves with it) or `failed` (a `PinFailedError`). */
  async wait(pin, options = {}) {
    const deadline = options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : void 0;
    const signal = deadline && options.signal ? AbortSignal.any([deadline, options.signal]) : (deadline ?? options.signal);
    let current = typeof pin === 'string' ? await this.get(pin, { signal }) : pin;
    for (;;) {
      options.onProgress?.(current);
      if (current.status === 'pinned') return current;
      if (current.status === 'failed') {
        const code = current.info.error_code ?? 'pin_failed';
        throw new PinFailedError({ status: 0, code, message: current.info.status_details || 'The pin failed' });
      }
      await sleep(options.intervalMs ?? 1e3, signal).catch((e) => {
        throw toCairnError(e, signal);
      });
      current = await this.get(current.requestid, { signal });
    }
  }
};

// src/resources/tokens.ts
var Tokens = class {
  constructor(http) {
    this.http = http;
  }
  http;
  /**
   * Creates a token. `scopes` limits what it may do (`['files:read', 'pins:write']`); left out,
   * the token has full access. `groupId` limits it to one group.
   */
  create(params, options = {}) {
    return this.http.request({ method: 'POST', path: '/tokens/generate', json: params, idempotent: false, ...options });
  }
  list(options = {}) {
    return this.http.request({ method: 'GET', path: '/tokens', idempotent: true, ...options });
  }
  /** Revoking is idempotent on the server (a second revocation keeps the first time), so it is retried. */
  revoke(id, options = {}) {
    return this.http.request({ method: 'DELETE', path: `/tokens/${encodeURIComponent(id)}`, idempotent: true, ...options });
  }
};

// src/sources.ts
function isNamed(source) {
  return typeof source === 'object' && source !== null && 'content' in source && 'filename' in source;
}
async function* readableChunks(stream) {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}
function isAsyncIterable(value) {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}
function once(make) {
  let used = false;
  return () => {
    if (used) throw new TypeError('A stream can be uploaded only once');
    used = true;
    return make();
  };
}
async function partFrom(source, filename) {
  if (typeof source === 'string') {
    const size = await statPath(source);
    return { filename: filename ?? baseName(source), size, path: source, chunks: () => readPath(source) };
  }
  if (typeof Blob !== 'undefined' && source instanceof Blob) {
    const name = filename ?? source.name ?? 'file';
    return { filename: name, size: source.size, blob: source, chunks: () => readableChunks(source.stream()) };
  }
  if (source instanceof Uint8Array || source instanceof ArrayBuffer) {
    const bytes = source instanceof Uint8Array ? source : new Uint8Array(source);
    const blob = new Blob([bytes]);
    return { filename: filename ?? 'file', size: bytes.byteLength, blob, chunks: () => readableChunks(blob.stream()) };
  }
  if (typeof ReadableStream !== 'undefined' && source instanceof ReadableStream) {
    return { filename: filename ?? 'file', chunks: once(() => readableChunks(source)) };
  }
  if (isAsyncIterable(source)) {
    return {
      filename: filename ?? 'file',
      chunks: once(async function* () {
        yield* source;
      }),
    };
  }
  throw new TypeError('Unsupported upload source: give a path, Blob, File, bytes or a stream');
}
async function directoryParts(source) {
  if (typeof source === 'string') {
    const files = await readDirectory(source);
    const parts2 = files.map((f) => ({ filename: f.relative, size: f.size, path: f.absolute, chunks: () => readPath(f.absolute) }));
    return { parts: parts2, total: files.reduce((sum, f) => sum + f.size, 0) };
  }
  const parts = [];
  for (const entry of source) {
    const isFile = typeof File !== 'undefined' && entry instanceof File;
    const path = isFile ? entry.webkitRelativePath || entry.name : entry.path;
    parts.push(await partFrom(isFile ? entry : entry.content, path));
  }
  const sized = parts.every((p) => p.size !== void 0);
  return { parts, total: sized ? parts.reduce((sum, p) => sum + p.size, 0) : Number.NaN };
}
function baseName(path) {
  const segments = path.split(/[\\/]+/).filter(Boolean);
  return segments[segments.length - 1] ?? 'file';
}

// src/resources/pages.ts
var isoOf = (value) => (value instanceof Date ? value.toISOString() : value);
var jsonOf = (value) => (value && Object.keys(value).length > 0 ? JSON.stringify(value) : void 0);
function listQuery(p) {
  return {
    page: p.page,
    limit: p.limit,
    search: p.search,
    sort: p.sort,
    order: p.order,
    name: p.name,
    cid: p.cid,
    type: p.type,
    category: p.category,
    minSize: p.minSize,
    maxSize: p.maxSize,
    from: isoOf(p.from),
    to: isoOf(p.to),
    groupId: p.groupId,
    meta: jsonOf(p.meta),
    metaPrefix: jsonOf(p.metaPrefix),
    metaExists: p.metaExists?.length ? p.metaExists.join(',') : void 0,
  };
}
var UploadPages = class {
  constructor(fetchPage, params, options) {
    this.fetchPage = fetchPage;
    this.params = params;
    this.options = options;
  }
  fetchPage;
  params;
  options;
  first;
  then(onFulfilled, onRejected) {
    this.first ??= this.fetchPage(this.params, this.options);
    return this.first.then(onFulfilled, onRejected);
  }
  /** Every page in turn. */
  async *pages() {
    let page = this.params.page ?? 1;
    for (;;) {
      const list2 = await this.fetchPage({ ...this.params, page }, this.options);
      if (list2.files.length > 0) yield list2;
      if (list2.files.length === 0 || page * list2.limit >= list2.total) return;
      page += 1;
    }
  }
  async *[Symbol.asyncIterator]() {
    for await (const list2 of this.pages()) yield* list2.files;
  }
};

// src/resumable-source.ts
async function* blobChunks(blob) {
  const reader = blob.stream().getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}
async function rangeSource(source, filename) {
  if (typeof source === 'string') {
    const file2 = await fileIdentity(source);
    return {
      filename: filename ?? baseName(source),
      size: file2.size,
      fingerprint: `path:${file2.absolute}:${file2.size}:${file2.mtimeMs}`,
      range: (start, end) => ({ path: file2.absolute, chunks: () => readRange(file2.absolute, start, end) }),
    };
  }
  let blob;
  if (typeof Blob !== 'undefined' && source instanceof Blob) blob = source;
  else if (source instanceof Uint8Array || source instanceof ArrayBuffer) {
    const bytes = source instanceof Uint8Array ? source : new Uint8Array(source);
    blob = new Blob([bytes]);
  } else {
    throw new TypeError('A resumable upload needs a path, a Blob or File, or bytes: a stream cannot be resumed');
  }
  const file = blob;
  const name = filename ?? file.name ?? 'file';
  return {
    filename: name,
    size: blob.size,
    fingerprint: file.name !== void 0 && file.lastModified !== void 0 ? `file:${name}:${blob.size}:${file.lastModified}` : void 0,
    range: (start, end) => {
      const part = blob.slice(start, end);
      return { blob: part, chunks: () => blobChunks(part) };
    },
  };
}

// src/names.ts
var encoder = new TextEncoder();
function filenameParams(name) {
  const quoted = name.replace(/[\\"]/g, '\\$&').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  return `filename="${quoted}"; filename*=UTF-8''${extendedValue(name)}`;
}
function extendedValue(name) {
  let out = '';
  for (const byte of encoder.encode(name)) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9!#$&+.^_`|~-]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}
function fileDisposition(name) {
  return `form-data; name="file"; ${filenameParams(name)}`;
}
function tusMetadata(fields) {
  return Object.entries(fields)
    .map(([key, value]) => `${key} ${base64(encoder.encode(value))}`)
    .join(',');
}
function base64(bytes) {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

// src/resources/tus.ts
var TUS = { 'tus-resumable': '1.0.0' };
async function createUpload(http, source, query, signal) {
  const response = await http.request({
    method: 'POST',
    // Absolute, since `raw` paths start at the server's root.
    path: http.url('/uploads/resumable'),
    query,
    headers: { ...TUS, 'upload-length': String(source.size), 'upload-metadata': tusMetadata({ filename: source.filename }) },
    idempotent: false,
    raw: true,
    signal,
  });
  await response.body?.cancel();
  const location = response.headers.get('location');
  if (!location) throw new TypeError('The server created the upload without a Location');
  return new URL(location, http.url('/')).toString();
}
async function uploadOffset(http, url, signal) {
  const response = await http.request({ method: 'HEAD', path: url, headers: TUS, idempotent: true, raw: true, signal });
  return { offset: Number(response.headers.get('upload-offset')), length: Number(response.headers.get('upload-length')) };
}
function uploadRecord(http, url, signal) {
  return http.request({ method: 'GET', path: url, idempotent: true, signal });
}
async function appendChunk(http, url, source, offset, end, onSent, signal, followed = true) {
  const range = source.range(offset, end);
  const useBlob = !runsInNode && range.blob !== void 0;
  let reported = 0;
  const sentSoFar = (bytes) => {
    const now = Math.min(bytes, end - offset);
    if (now > reported) onSent(now - reported);
    reported = Math.max(reported, now);
  };
  const response = await http.request({
    method: 'PATCH',
    path: url,
    headers: { ...TUS, 'upload-offset': String(offset) },
    idempotent: false,
    // A failed chunk is resumed from the offset the server reports, not sent again here.
    replayable: false,
    raw: true,
    signal,
    timeoutMs: 0,
    onUploadProgress: useBlob && followed ? sentSoFar : void 0,
    body: () => {
      const contentType = 'application/offset+octet-stream';
      if (useBlob) return { body: range.blob, contentType };
      const pieces =
        range.path === void 0
          ? counted(range.chunks(), onSent)
          : [{ path: range.path, start: offset, end, fileSize: source.size, onBytes: onSent }];
      return { streamed: { pieces, length: end - offset }, contentType };
    },
  });
  if (useBlob) sentSoFar(end - offset);
  if (response.status === 200) return { offset: end, record: await response.json() };
  await response.body?.cancel();
  return { offset: Number(response.headers.get('upload-offset')) };
}
async function terminateUpload(http, url, options) {
  try {
    const response = await http.request({ method: 'DELETE', path: url, headers: TUS, idempotent: true, raw: true, ...options });
    await response.body?.cancel();
  } catch (error) {
    if (error instanceof CairnError && (error.status === 404 || error.status === 410)) return;
    throw error;
  }
}

// src/resources/resumable.ts
var DEFAULT_CHUNK = 16 * 1024 * 1024;
function isResumable(error) {
  return (
    error instanceof ConnectionError ||
    error instanceof TimeoutError ||
    error instanceof ServerError ||
    error instanceof ConflictError ||
    error.status === 423 ||
    error.status === 429
  );
}
async function resumableUpload(http, input, options) {
  const source = await rangeSource(input, options.filename);
  if (source.size === 0) throw new TypeError('A resumable upload needs a file of at least one byte');
  const { signal } = options;
  const fingerprint = options.store ? source.fingerprint : void 0;
  const stored = options.uploadUrl ?? (fingerprint ? await options.store.get(fingerprint) : void 0);
  let url = stored === void 0 ? void 0 : uploadUrlOf(http, stored);
  let offset = 0;
  if (url) {
    const held = await stillValid(http, url, source, signal, options.uploadUrl === void 0);
    if (held === void 0) url = void 0;
    else offset = held;
  }
  if (!url) {
    url = await createUpload(http, source, { cidVersion: options.cidVersion, name: options.name }, signal);
    if (fingerprint) await options.store.set(fingerprint, url);
  }
  options.onUploadUrl?.(url);
  const result = await sendFrom(http, url, source, offset, options);
  if (fingerprint) await options.store.remove(fingerprint);
  return result;
}
function uploadUrlOf(http, url) {
  return new URL(url, `${http.config.baseUrl.replace(/\/+$/, '')}/`).toString();
}
async function stillValid(http, url, source, signal, fromStore) {
  try {
    const { offset, length } = await uploadOffset(http, url, signal);
    if (length === source.size) return offset;
    if (fromStore) return void 0;
    throw new TypeError(`The upload at ${url} is of ${length} bytes, not ${source.size}`);
  } catch (error) {
    const gone = error instanceof NotFoundError || (error instanceof CairnError && error.status === 410);
    if (fromStore && gone) return void 0;
    throw error;
  }
}
async function sendFrom(http, url, source, start, options) {
  const { signal, onProgress } = options;
  const chunkSize = Math.max(1, options.chunkSize ?? DEFAULT_CHUNK);
  const retries = options.retries ?? 5;
  let offset = start;
  let failures = 0;
  let unsure = false;
  onProgress?.({ loaded: offset, total: source.size, file: source.filename });
  for (;;) {
    try {
      if (unsure) {
        offset = (await uploadOffset(http, url, signal)).offset;
        unsure = false;
        onProgress?.({ loaded: offset, total: source.size, file: source.filename });
      }
      if (offset >= source.size) return await uploadRecord(http, url, signal);
      let sent = offset;
      const end = Math.min(offset + chunkSize, source.size);
      const step = await appendChunk(
        http,
        url,
        source,
        offset,
        end,
        (bytes) => {
          sent += bytes;
          onProgress?.({ loaded: sent, total: source.size, file: source.filename });
        },
        signal,
        onProgress !== void 0,
      );
      if (step.record) return step.record;
      offset = step.offset;
      failures = 0;
    } catch (error) {
      const typed = toCairnError(error, signal);
      if (!isResumable(typed) || failures >= retries) throw typed;
      failures++;
      unsure = true;
      await sleep(backoffDelay(failures, http.config.retry), signal).catch((e) => {
        throw toCairnError(e, signal);
      });
    }
  }
}

// src/resources/send-body.ts
function sendBody(http, path, part, contentType, query, options) {
  const total = part.size;
  const useBlob = !runsInNode && part.blob !== void 0;
  let reported = -1;
  const report = (loaded) => {
    if (loaded === reported) return;
    reported = loaded;
    options.onProgress?.({ loaded, total, file: part.filename });
  };
  return http
    .request({
      method: 'POST',
      path,
      query,
      idempotent: false,
      replayable: canReadAgain(part),
      signal: options.signal,
      timeoutMs: options.timeoutMs ?? 0,
      onUploadProgress: options.onProgress && useBlob ? report : void 0,
      body: () => (report(0), useBlob ? { body: part.blob, contentType } : { streamed: streamedPart(part, report), contentType }),
    })
    .then((result) => {
      if (useBlob) report(total ?? 0);
      return result;
    });
}
function streamedPart(part, report) {
  let loaded = 0;
  const onBytes = (bytes) => report((loaded += bytes));
  if (part.path !== void 0 && part.size !== void 0) {
    return { pieces: [{ path: part.path, start: 0, end: part.size, fileSize: part.size, onBytes }], length: part.size };
  }
  return { pieces: counted(part.chunks(), onBytes), length: part.size };
}
function canReadAgain(part) {
  return part.path !== void 0 || part.blob !== void 0;
}

// src/multipart.ts
var encoder2 = new TextEncoder();
function makeBoundary() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return `----cairn${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
function partHeader(boundary, filename) {
  return `--${boundary}\r
Content-Disposition: ${fileDisposition(filename)}\r
Content-Type: application/octet-stream\r
\r
`;
}
async function* multipartPieces(parts, boundary, total, onProgress) {
  let loaded = 0;
  onProgress?.({ loaded, total });
  for await (const part of parts) {
    const report = (bytes) => {
      loaded += bytes;
      onProgress?.({ loaded, total, file: part.filename });
    };
    yield encoder2.encode(partHeader(boundary, part.filename));
    if (part.path !== void 0 && part.size !== void 0)
      yield { path: part.path, start: 0, end: part.size, fileSize: part.size, onBytes: report };
    else yield* counted(part.chunks(), report);
    yield encoder2.encode('\r\n');
  }
  yield encoder2.encode(closing(boundary));
}
function closing(boundary) {
  return `--${boundary}--\r
`;
}
function multipartBody(parts, boundary, total, onProgress) {
  let length = encoder2.encode(closing(boundary)).byteLength;
  for (const part of parts) {
    if (length === void 0 || part.size === void 0) length = void 0;
    else length += encoder2.encode(partHeader(boundary, part.filename)).byteLength + part.size + 2;
  }
  return { pieces: multipartPieces(parts, boundary, total, onProgress), length };
}
function multipartBlob(parts, boundary, total, onProgress) {
  const pieces = [];
  const starts = [];
  let at = 0;
  for (const part of parts) {
    const header = partHeader(boundary, part.filename);
    pieces.push(header, part.blob, '\r\n');
    at += encoder2.encode(header).byteLength;
    starts.push(at);
    at += part.blob.size + 2;
  }
  pieces.push(closing(boundary));
  let index = 0;
  let whole = 0;
  let reported = -1;
  const sent = (bodyBytes) => {
    while (index < parts.length - 1 && bodyBytes >= starts[index + 1]) whole += parts[index++].blob.size;
    const part = parts[index];
    const loaded = part ? whole + Math.min(Math.max(bodyBytes - starts[index], 0), part.blob.size) : 0;
    if (loaded === reported) return;
    reported = loaded;
    onProgress?.({ loaded, total, file: part?.filename });
  };
  return { blob: new Blob(pieces), sent };
}

// src/resources/send-multipart.ts
function sendMultipart(http, path, parts, total, query, options) {
  const boundary = makeBoundary();
  const contentType = `multipart/form-data; boundary=${boundary}`;
  const useBlob = !runsInNode && parts.every((p) => p.blob);
  const body = useBlob ? multipartBlob(parts, boundary, total, options.onProgress) : void 0;
  return http
    .request({
      method: 'POST',
      path,
      query,
      idempotent: false,
      replayable: parts.every(canReadAgain),
      signal: options.signal,
      // A large upload takes as long as it takes: no timeout unless the caller sets one.
      timeoutMs: options.timeoutMs ?? 0,
      onUploadProgress: options.onProgress && body?.sent,
      body: () =>
        body
          ? (body.sent(0), { body: body.blob, contentType })
          : { streamed: multipartBody(parts, boundary, total, options.onProgress), contentType },
    })
    .then((result) => {
      body?.sent(Number.MAX_SAFE_INTEGER);
      return result;
    });
}

// src/resources/uploads.ts
var privateQuery = (options) => (options.private ? 'true' : void 0);
var extrasQuery = (options) => ({
  groupId: options.groupId,
  meta: options.meta && Object.keys(options.meta).length > 0 ? JSON.stringify(options.meta) : void 0,
});
var Uploads = class {
  constructor(http) {
    this.http = http;
  }
  http;
  /** Uploads one file, streamed: a path (Node), a Blob or File, bytes or a stream. */
  async file(source, options = {}) {
    const part = await partFrom(source, options.filename);
    return sendMultipart(
      this.http,
      '/upload',
      [part],
      part.size,
      { cidVersion: options.cidVersion, name: options.name, private: privateQuery(options), ...extrasQuery(options) },
      options,
    );
  }
  /**
   * Uploads several files in one request, each stored and recorded on its own, answered in the
   * order given: paths (Node), Blobs or Files, bytes, or `{ filename, content }`. Many small files
   * go much faster so than one request each. A refused request records none of them; two files
   * of the same name in one request are refused (`invalid_path`).
   */
  async files(sources, options = {}) {
    const parts = await Promise.all(
      sources.map((source) => (isNamed(source) ? partFrom(source.content, source.filename) : partFrom(source))),
    );
    const sized = parts.every((part) => part.size !== void 0);
    const total = sized ? parts.reduce((sum, part) => sum + part.size, 0) : void 0;
    const query = { cidVersion: options.cidVersion, mode: 'files', private: privateQuery(options), ...extrasQuery(options) };
    return sendMultipart(this.http, '/upload/directory', parts, total, query, options);
  }
  /**
   * Uploads one file resumably (tus), in chunks: a path (Node), a Blob or File, or bytes. Connection
   * errors and server errors are retried from the server's offset; after a cancellation or a crash,
   * pass the URL given to `onUploadUrl` as `uploadUrl`, or give a `store`, to continue. `groupId`
   * and `meta` are given to the record once it is stored.
   */
  async resumable(source, options = {}) {
    const { groupId, meta, ...rest } = options;
    const result = await resumableUpload(this.http, source, rest);
    const signal = options.signal;
    if (groupId) {
      await this.http.request({
        method: 'POST',
        path: `/groups/${encodeURIComponent(groupId)}/uploads`,
        json: { uploadIds: [result.uploadId] },
        idempotent: true,
        signal,
      });
    }
    if (!meta || Object.keys(meta).length === 0) return result;
    return { ...result, ...(await this.setMeta(result.uploadId, meta, { signal })) };
  }
  /**
   * Drops what the server holds of a resumable upload (given its URL or path): it cannot be
   * continued any more, and the quota it reserved comes back. Cancelling `resumable` with its
   * signal keeps that, for a later call to continue; an upload already finished or expired is no
   * error.
   */
  discardResumable(uploadUrl, options = {}) {
    return terminateUpload(this.http, uploadUrlOf(this.http, uploadUrl), options);
  }
  /**
   * Imports a CAR (one root, a complete DAG): a path (Node), a Blob or File, bytes or a stream. The
   * root becomes one record, named `name`, else after `filename` without its `.car` (as the web
   * UI names it), else automatically; a bad CAR is a `ValidationError` whose code starts with `car_`.
   */
  async car(source, options = {}) {
    const part = await partFrom(source, options.filename);
    const query = { name: options.name, private: privateQuery(options), ...extrasQuery(options) };
    if (options.filename !== void 0) return sendMultipart(this.http, '/upload/car', [part], part.size, query, options);
    return sendBody(this.http, '/upload/car', part, 'application/vnd.ipld.car', query, options);
  }
  async directory(source, options = {}) {
    const { parts, total } = await directoryParts(source);
    const query = {
      cidVersion: options.cidVersion,
      name: options.name,
      mode: options.mode ?? 'dag',
      private: privateQuery(options),
      ...extrasQuery(options),
    };
    return sendMultipart(this.http, '/upload/directory', parts, Number.isNaN(total) ? void 0 : total, query, options);
  }
  /** One page when awaited; every record when iterated: `for await (const u of cairn.uploads.list())`. */
  list(params = {}, options = {}) {
    return new UploadPages(
      (p, o) =>
        this.http.request({
          method: 'GET',
          path: '/users/me/uploads',
          query: listQuery(p),
          idempotent: true,
          ...o,
        }),
      params,
      options,
    );
  }
  /** A record with the groups it is in. */
  get(uploadId, options = {}) {
    return this.http.request({ method: 'GET', path: `/uploads/${encodeURIComponent(uploadId)}`, idempotent: true, ...options });
  }
  /** Renaming to the same name changes nothing, so the call is retried like a read. */
  rename(uploadId, name, options = {}) {
    return this.http.request({
      method: 'PATCH',
      path: `/uploads/${encodeURIComponent(uploadId)}`,
      json: { name },
      idempotent: true,
      ...options,
    });
  }
  /**
   * Makes a record private (the gateway serves its content only through signed links, unless
   * another record holds the same CID publicly) or public again. Setting what is set changes
   * nothing, so the call is retried like a read.
   */
  setPrivate(uploadId, value, options = {}) {
    return this.http.request({
      method: 'PUT',
      path: `/files/${encodeURIComponent(uploadId)}/privacy`,
      json: { private: value },
      idempotent: true,
      ...options,
    });
  }
  /**
   * Renames a record and/or edits its key-values: in `meta` a string sets (or replaces) a key and
   * `null` removes it; other keys stay. Applying the same change again changes nothing, so it is retried.
   */
  update(uploadId, changes, options = {}) {
    return this.http.request({
      method: 'PATCH',
      path: `/uploads/${encodeURIComponent(uploadId)}`,
      json: changes,
      idempotent: true,
      ...options,
    });
  }
  /** Sets (a string) or removes (`null`) key-values of a record. */
  setMeta(uploadId, meta, options = {}) {
    return this.update(uploadId, { meta }, options);
  }
  delete(uploadId, options = {}) {
    return this.http.request({ method: 'DELETE', path: `/uploads/${encodeURIComponent(uploadId)}`, idempotent: false, ...options });
  }
  /** Deletes the account's record of a CID. */
  deleteByCid(cid, options = {}) {
    return this.http.request({ method: 'DELETE', path: `/file/${encodeURIComponent(cid)}`, idempotent: false, ...options });
  }
};

// src/version.ts
var SDK_VERSION = '0.1.0';

// src/client.ts
var Cairn = class {
  uploads;
  pins;
  groups;
  /** Signed access links to a record. */
  links;
  /** The IPFS Pinning Service API (`/psa/pins`). */
  psa;
  /** IPNS names: publish, resolve, roll back. */
  names;
  /** Custom domains serving an IPNS name or a file of the account. */
  domains;
  dag;
  usage;
  users;
  tokens;
  referrals;
  plans;
  gateway;
  constructor(options = {}) {
    const baseUrl = options.baseUrl ?? globalThis.location?.origin;
    if (!baseUrl) throw new TypeError('Cairn needs a baseUrl, e.g. new Cairn({ token, baseUrl: "https://cairn.example.com" })');
    const http = new HttpClient({
      baseUrl,
      token: options.token,
      // Node sends every call over node:http (uploads streamed with backpressure), unless a fetch was given.
      fetch: options.fetch ?? (runsInNode ? (input, init) => nodeFetch(String(input), init ?? {}) : (input, init) => fetch(input, init)),
      streamFetch: !options.fetch && runsInNode ? nodeFetch : void 0,
      // In a browser an upload whose progress is followed goes over XMLHttpRequest, which reports it.
      progressFetch: !options.fetch && runsInBrowser && !runsInNode ? xhrFetch : void 0,
      timeoutMs: options.timeoutMs ?? 6e4,
      retry: { ...defaultRetry, ...options.retry },
      userAgent: runsInNode ? `cairn-sdk-ts/${SDK_VERSION}` : void 0,
    });
    this.uploads = new Uploads(http);
    this.pins = new Pins(http);
    this.groups = new Groups(http);
    this.links = new Links(http);
    this.psa = new Psa(http);
    this.names = new Names(http);
    this.domains = new Domains(http);
    this.dag = new Dag(http);
    this.usage = new UsageResource(http);
    this.users = new Users(http);
    this.tokens = new Tokens(http);
    this.referrals = new Referrals(http);
    this.plans = new Plans(http);
    this.gateway = new Gateway(http);
  }
};

// src/webhooks.ts
var WebhookVerificationError = class extends Error {
  kind;
  constructor(kind, message) {
    super(message);
    this.name = 'WebhookVerificationError';
    this.kind = kind;
  }
};
var DEFAULT_WEBHOOK_TOLERANCE = 300;
var TIMESTAMP = /^[0-9]{1,15}$/;
var trim = (text) => text.replace(/^[ \t]+|[ \t]+$/g, '');
function parseHeader(header) {
  const malformed = (why) => new WebhookVerificationError('malformed_header', `Malformed Cairn-Signature header: ${why}`);
  const timestamps = [];
  const signatures = [];
  if (trim(header) === '') throw malformed('it is empty');
  for (const pair of header.split(',')) {
    const at = pair.indexOf('=');
    if (at < 0) throw malformed('each entry must be key=value');
    const key = trim(pair.slice(0, at));
    const value = trim(pair.slice(at + 1));
    if (key === 't') timestamps.push(value);
    else if (key === 'v1') signatures.push(value);
  }
  const [timestamp] = timestamps;
  if (timestamp === void 0 || timestamps.length !== 1) throw malformed('it must have exactly one t');
  if (!TIMESTAMP.test(timestamp)) throw malformed('t must be unix seconds, in decimal digits');
  if (signatures.length === 0) throw malformed('it has no v1 signature');
  return { timestamp, signatures };
}
async function subtleCrypto() {
  if (globalThis.crypto?.subtle) return globalThis.crypto.subtle;
  const { webcrypto } = await import('node:crypto');
  return webcrypto.subtle;
}
var utf8 = new TextEncoder();
function toBytes(body) {
  if (typeof body === 'string') return utf8.encode(body);
  return body instanceof Uint8Array ? body : new Uint8Array(body);
}
async function hmacHex(secret, message) {
  const subtle = await subtleCrypto();
  const key = await subtle.importKey('raw', utf8.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await subtle.sign('HMAC', key, message));
  return Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('');
}
function constantTimeEqual(a, b) {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
async function verifyWebhook(body, header, secret, options = {}) {
  const { timestamp, signatures } = parseHeader(header);
  const tolerance = options.tolerance ?? DEFAULT_WEBHOOK_TOLERANCE;
  const now = options.now ?? Math.floor(Date.now() / 1e3);
  if (tolerance > 0 && Math.abs(now - Number(timestamp)) > tolerance) {
    throw new WebhookVerificationError('timestamp_outside_tolerance', 'The webhook timestamp is outside the tolerance');
  }
  const bytes = toBytes(body);
  const prefix = utf8.encode(`${timestamp}.`);
  const message = new Uint8Array(prefix.length + bytes.length);
  message.set(prefix);
  message.set(bytes, prefix.length);
  const expected = await hmacHex(secret, message);
  let matched = false;
  for (const signature of signatures) matched = constantTimeEqual(expected, signature) || matched;
  if (!matched) throw new WebhookVerificationError('signature_mismatch', 'No webhook signature matches the secret');
  return JSON.parse(new TextDecoder().decode(bytes));
}
export {
  AbortedError,
  AuthenticationError,
  Cairn,
  CairnError,
  ConflictError,
  ConnectionError,
  NotFoundError,
  PayloadTooLargeError,
  PermissionError,
  PinFailedError,
  QuotaExceededError,
  RateLimitError,
  SDK_VERSION,
  ServerError,
  TimeoutError,
  ValidationError,
  WebhookVerificationError,
  errorFromResponse,
  parseRetryAfter,
  verifyWebhook,
};
