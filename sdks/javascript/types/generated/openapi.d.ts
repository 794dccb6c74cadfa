// Generated from openapi.yaml (`npm run generate:api-types`), copied by the SDK build. Do not edit.
export interface paths {
  '/auth/signup': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create an account
     * @description Creates a user with role `user`. The email is unique (case-insensitive) and stored in
     *     lower case. Unknown fields are ignored. At most `SIGNUP_MAX_PER_IP` (20) sign-ups per client
     *     IP address per hour, counted over every instance; beyond, `429 rate_limited` with `Retry-After`.
     */
    post: operations['signup'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/login': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Log in
     * @description Exchanges email and password for a session JWT (HS256; claims `sub`, `sid`, `email`,
     *     `role`, `iat`, `exp`). Attempts are throttled per client IP (every attempt) and per email
     *     (failed attempts), counted in the database so the limit holds across server instances.
     *
     *     For an account with two-factor sign-in on, a correct password gives no session: the answer
     *     is a `LoginChallenge` (single use, valid five minutes) to send with a code to
     *     `POST /auth/login/two-factor`.
     */
    post: operations['login'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/login/two-factor': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Finish a login with a two-factor code
     * @description Turns the challenge a correct password gave into a session, with the current code of the
     *     authenticator app or one of the recovery codes (each works once). A code is accepted once:
     *     sent again within its 30-second window it is refused. Wrong codes are throttled exactly as
     *     wrong passwords are (per client IP and per email, `429 rate_limited`); a correct password
     *     does not reset the count, only a correct code does. The challenge is spent by the login it
     *     opens.
     */
    post: operations['loginTwoFactor'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/logout': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Log out
     * @description Ends the session behind the JWT at once. Called with an API token it only records the
     *     logout: revoke API tokens with `DELETE /tokens/{id}`. No request body is read.
     */
    post: operations['logout'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/me': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get the signed-in user's profile */
    get: operations['getProfile'];
    /**
     * Update the signed-in user's profile
     * @description Changes any of the given fields; at least one is required. Email, role and status cannot
     *     be changed here (unknown fields are ignored).
     */
    put: operations['updateProfile'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/me/password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Change the password
     * @description Checks the current password, stores the new one and ends every other session of the user
     *     (the session making the call stays valid). API tokens keep working.
     */
    put: operations['changePassword'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/me/ip': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The address this request came from
     * @description The client address as the server sees it, the one an IP-restricted API token is checked
     *     against (an IPv4-mapped IPv6 address is given as IPv4).
     */
    get: operations['getMyIp'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/me/preferences': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get language and country preferences */
    get: operations['getPreferences'];
    /**
     * Set language and country preferences
     * @description Replaces both preferences. `language` is required; when `country` is omitted it is set to
     *     the default, `US` (it is not left unchanged).
     */
    put: operations['updatePreferences'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/me/two-factor': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Two-factor sign-in status */
    get: operations['getTwoFactor'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/me/two-factor/enrolment': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Start enrolling an authenticator app
     * @description Makes a new TOTP secret (RFC 6238: SHA-1, 6 digits, 30 s) and answers it as text, as an
     *     `otpauth://` URI and as a QR code. This is the only time the secret is shown; it is kept
     *     encrypted. Two-factor is not on until `POST /users/me/two-factor/confirm` checks a code.
     *     Starting again replaces a secret that was never confirmed. Takes a session, not an API token.
     */
    post: operations['startTwoFactorEnrolment'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/me/two-factor/confirm': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Turn two-factor sign-in on
     * @description Checks a code from the app just enrolled and turns two-factor on. The answer holds ten
     *     one-time recovery codes, shown this once (they are stored hashed): each signs in once in
     *     place of a code. Wrong codes are throttled as login attempts are.
     */
    post: operations['confirmTwoFactor'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/me/two-factor/disable': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Turn two-factor sign-in off
     * @description Takes a current authenticator code or an unused recovery code; the secret and every
     *     recovery code are deleted. Wrong codes are throttled as login attempts are.
     */
    post: operations['disableTwoFactor'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/tokens/generate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create an API token
     * @description Creates an API token and returns its secret (`token`) once; only a hash is kept. The
     *     secret works as `Authorization: Bearer` wherever a session JWT does. A token that never
     *     expires (`expiresInDays: null`) must be restricted to one client IP (`allowedIp`); an
     *     expiring token may be. The IP must be a usable IPv4 or IPv6 address (not unspecified,
     *     `0.0.0.0/8`, broadcast or multicast); IPv4-mapped IPv6 addresses are stored as IPv4.
     */
    post: operations['generateToken'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/tokens': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the user's API tokens
     * @description Every token of the user, including expired and revoked ones, without secrets.
     */
    get: operations['listTokens'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/tokens/revoked': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove the revoked tokens from the list
     * @description Deletes every revoked token of the caller, so `GET /tokens` lists only tokens that still
     *     work or have expired. A revoked token never works again; its revocation stays in the audit
     *     log. Tokens that are not revoked are left as they are.
     */
    delete: operations['deleteRevokedTokens'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/tokens/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Revoke an API token
     * @description Revokes one of the user's own tokens; it stops working at once. Revoking an already
     *     revoked token succeeds and keeps the first revocation time. Another user's token is not found.
     */
    delete: operations['revokeToken'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/s3/keys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the account's S3 access keys
     * @description Every S3 access key of the account, newest first, without secrets, and where S3 clients
     *     connect: `endpoint` (null when this server runs no S3 API) and the `region` they sign for.
     */
    get: operations['listS3Keys'];
    put?: never;
    /**
     * Create an S3 access key
     * @description Creates an access key id (20 characters, `CRN` first) and its secret access key (40
     *     characters), returned in this answer only: keep the secret. A read-only key (`readOnly:
     *     true`) may only read (GET, HEAD and listings). At most 50 keys per account (`409
     *     s3_key_limit_reached`). Logged (`create_s3_key`).
     */
    post: operations['createS3Key'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/s3/keys/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Delete an S3 access key
     * @description Deletes one of the account's keys: the next S3 request signed with it is refused
     *     (`InvalidAccessKeyId`). Another account's key, or an id that is not a UUID, is `404
     *     s3_key_not_found`. Logged (`delete_s3_key`).
     */
    delete: operations['deleteS3Key'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/locales/languages': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the supported interface languages */
    get: operations['listLanguages'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/locales/countries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List ISO 3166-1 countries
     * @description Every ISO 3166-1 country with its official name in `lang`, sorted in that language's order.
     */
    get: operations['listCountries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/upload': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Upload a file
     * @description Streams one file (the multipart part named `file`) into IPFS and records it in the account.
     *     The bytes go from the socket into the UnixFS importer: nothing is buffered whole or written
     *     to a temporary file. Other fields and parts are ignored, and so is any `file` part after the first.
     *
     *     - `cidVersion=1` (default) gives the CID of `ipfs add --cid-version=1` (raw leaves, `bafk…`/`bafy…`);
     *       `cidVersion=0` the CID of a default `ipfs add` (`Qm…`).
     *     - Files are limited to 4 GiB (4294967296 bytes): a declared `Content-Length` over the limit
     *       (plus 1 MiB for multipart framing) is refused at once, and one byte over while streaming
     *       answers `413 file_too_large`; nothing is recorded.
     *     - Quota is reserved while the bytes stream: `403 quota_exceeded` as soon as the account would
     *       go over its limit, and concurrent uploads cannot together overshoot it. A declared
     *       `Content-Length` that cannot fit the free quota (after 64 KiB for framing) is refused at once.
     *     - An account streams at most `UPLOADS_PER_ACCOUNT` (4) uploads at once; one more answers
     *       `429 too_many_uploads` with `Retry-After`.
     *     - A client that disconnects mid-upload leaves no record and no quota charge.
     *     - The record is named `name` (a custom name) if given, else the file name of the part
     *       (last path segment, control characters removed), else `file-<last 10 characters of the CID>`.
     *       A clashing original or automatic name gets a suffix (`notes-1.md`); a clashing custom name is a 409.
     *     - Uploading content the account already holds answers 200 with the existing record and
     *       `duplicate: true`; nothing is charged again.
     *
     *     On an error the server closes the connection after the response instead of reading the rest
     *     of the body.
     */
    post: operations['uploadFile'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/file': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the account's files (older route)
     * @deprecated
     * @description The older route for `GET /users/me/uploads`, kept as an alias; it behaves exactly the same.
     */
    get: operations['listUploadsLegacy'];
    put?: never;
    /**
     * Upload a file (older route)
     * @deprecated
     * @description The older route for `POST /upload`, kept as an alias; it behaves exactly the same.
     */
    post: operations['uploadFileLegacy'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/upload/directory': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Upload a folder
     * @description Streams a folder as repeated multipart parts named `file`, each part's filename carrying the
     *     file's path relative to the upload (`docs/a/readme.md`, as Kubo's `/api/v0/add` takes it;
     *     browsers and the SDKs set it). Paths are cleaned: an absolute path, `.` or `..`, an empty
     *     segment, control characters, a segment over 255 bytes, a duplicate path, or a file where
     *     another path needs a folder is refused with `400 invalid_path`. At most 100000 files and
     *     10 GiB (10737418240 bytes) in all; each file at most 4 GiB.
     *
     *     - `mode=dag` (the default, recommended): the whole tree becomes ONE DAG with one CID and
     *       one record of type `directory`, named `name`, else the top folder when every path shares it,
     *       else automatically. When every path starts with one folder (`site/index.html`,
     *       `site/css/a.css`) that folder is the root, the CID `ipfs add -r site` gives, and paths
     *       under the CID leave it out (`/ipfs/{cid}/css/a.css`); otherwise the files are wrapped
     *       in a folder, the CID `ipfs add -r` gives for the folder holding these paths. The answer
     *       lists every file, by the path it was sent with, with its own CID. 201, or 200 with
     *       `duplicate: true` when the account already held that root CID. The record is charged
     *       its files' bytes and its folders' own (names and links): `chargedBytes`.
     *     - `mode=files`: every file is stored and recorded on its own (type `file`, named after the
     *       last segment of its path; `name` is ignored). Always 201; files the account already held
     *       come back with `duplicate: true`. `size` sums every file, duplicates included.
     *
     *     Quota, the size caps, disconnects and `cidVersion` work as for `POST /upload`; a refused
     *     folder records nothing.
     */
    post: operations['uploadDirectory'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/upload/car': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Upload a CAR file
     * @description Imports a CARv1 (or the CARv1 inside a CARv2), as `ipfs dag export`, `ipfs-car pack` or a
     *     trustless gateway's `?format=car` make them: the body itself (`Content-Type:
     *     application/vnd.ipld.car`) or the multipart part named `file`. The CAR streams in; nothing
     *     is buffered whole.
     *
     *     - Every block is hashed and checked against its CID as it arrives (sha2-256 or sha2-512;
     *       codecs dag-pb, raw, dag-cbor, dag-json, and plain cbor and json; at most 2 MiB a block).
     *     - The CAR must name exactly one root (as web3.storage and Pinata ask), and that root must be
     *       a complete DAG: every block it links to, down to the leaves, is in the CAR or already
     *       stored here. A block the root's DAG does not reach is refused too. Duplicate blocks are
     *       taken once. An identity CID as the root is refused (`identity_cid`): its bytes are inside
     *       the CID, there is nothing to store.
     *     - UnixFS metadata must hold against the blocks (`car_unixfs_mismatch`): a file node's
     *       `blocksizes` must be its parts' file bytes, one per link, and its `filesize` their total;
     *       a folder's Tsize of a raw leaf must be that leaf's length.
     *     - Limits on the work one CAR may cause (`413`): at most 250000 blocks in the root's DAG
     *       (`car_too_many_blocks`), at most 1024 blocks on any path from the root down
     *       (`car_too_deep`), and at most 100000 files under a folder root, counted down every path
     *       as a listing or a download counts them (`too_many_files`).
     *     - The root becomes one record (type `file` for a UnixFS file, `directory` for a folder,
     *       else `dag`: other IPLD data, a dag-pb node without UnixFS data included), named `name`,
     *       else the uploaded file's name without `.car`, else automatically. `size` is its file
     *       bytes (for other data, its root block's); it is charged `chargedBytes`, the larger of
     *       `size` and the bytes of every block of its DAG, blocks that were already stored here
     *       included.
     *     - Quota is reserved as the CAR's bytes arrive, and as blocks already stored here join its
     *       DAG; CARs are limited to 10 GiB (10737418240 bytes). A bad CAR, a refused quota, a
     *       disconnect or any other failure keeps nothing: no block is indexed or pinned, nothing is
     *       recorded or charged.
     *     - A root the account already holds answers 200 with the existing record and `duplicate: true`.
     */
    post: operations['uploadCar'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/file/folder': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Upload a folder as one DAG (older route)
     * @deprecated
     * @description The older route for `POST /upload/directory`, kept as an alias; it always works in `dag`
     *     mode (`mode` is still validated, then ignored).
     */
    post: operations['uploadDirectoryLegacy'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/file/{cid}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Delete a file by CID (older route)
     * @deprecated
     * @description Deletes the account's record of this CID (any CID form is accepted: it is compared in its
     *     canonical form), like `DELETE /uploads/{uploadId}`. A string that is not a CID, or a CID
     *     the account does not hold, is `404 file_not_found`.
     */
    delete: operations['deleteUploadByCid'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/me/uploads': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the account's files
     * @description One page of the account's records (uploads and pins), newest first unless `sort` and
     *     `order` say otherwise. `search` keeps the records whose name contains it or whose CID
     *     starts with it.
     *
     *     Filters narrow the list further, all at once (AND): by name, CID prefix, type, category,
     *     size and date range, group (`groupId`, a group of the account, else `404
     *     group_not_found`) and key-values: `meta` (equals), `metaPrefix` (starts with), both JSON
     *     objects of strings as the Pinning Service API's `?meta=`, and `metaExists` (comma-separated
     *     keys); up to 10 keys each. Example: `?meta={"env":"prod"}&metaPrefix={"project":"2026-"}&metaExists=owner`.
     */
    get: operations['listUploads'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/uploads/{uploadId}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The record's id. Anything that is not one of the account's record ids (a UUID) is `404 file_not_found`.
         * @example 0b6f3a2e-5c1d-4e8f-9a7b-6c5d4e3f2a1b
         */
        uploadId: components['parameters']['UploadId'];
      };
      cookie?: never;
    };
    /**
     * Get one of the account's files
     * @description Another user's record, or an id that is not a UUID, is `404 file_not_found` (never 403).
     */
    get: operations['getUpload'];
    put?: never;
    post?: never;
    /**
     * Delete one of the account's files
     * @description Deletes the record and refunds what it was charged (`chargedBytes`) to the account. The
     *     content is unpinned only when no record of any account references the CID any more
     *     (`operation: unpinned`); otherwise only this account's record goes (`operation:
     *     record_removed`). The account's Pinning Service API requests that stand on the record go
     *     with it (`GET /psa/pins/{requestid}` is then 404). A delete takes effect once: of several
     *     deletes of one record at the same time, one answers 200 and refunds it, the others
     *     `404 file_not_found`.
     */
    delete: operations['deleteUpload'];
    options?: never;
    head?: never;
    /**
     * Rename one of the account's files, or edit its key-values
     * @description `name` sets the record's name (it becomes its custom name, `nameSource: custom`). Names are
     *     unique within the account; renaming to the current name changes nothing. `meta` edits its
     *     key-values: a string sets (or replaces) a key, `null` removes it; other keys stay. A record
     *     has at most 50 key-values (key 1 to 64 characters of `A-Z a-z 0-9 _ . -`, value at most
     *     1024 bytes of UTF-8); a change past a limit is refused whole (`meta_key_invalid`,
     *     `meta_value_too_long`, `meta_too_many_keys`), before any rename. A record deleted meanwhile
     *     is `404 file_not_found`.
     */
    patch: operations['renameUpload'];
    trace?: never;
  };
  '/webhooks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the account's webhook endpoints
     * @description Every endpoint of the account (at most 20), oldest first. The signing secret is never shown again after creation.
     */
    get: operations['listWebhooks'];
    put?: never;
    /**
     * Register a webhook endpoint
     * @description A new endpoint that receives the chosen events, signed with a secret (`whsec_…`) shown in
     *     this answer only: keep it. The URL must be `https://` when the server runs in production
     *     (`http://` is allowed outside it) and its host must resolve to public addresses only
     *     (private, loopback, link-local, unique-local and unspecified addresses are refused unless
     *     the server sets `WEBHOOKS_ALLOW_PRIVATE_TARGETS`): `400 webhook_url_refused`. At most 20
     *     endpoints per account (`409 webhook_limit_reached`).
     */
    post: operations['createWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/{webhookId}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A webhook endpoint of the account (a UUID). */
        webhookId: components['parameters']['WebhookId'];
      };
      cookie?: never;
    };
    /**
     * Get one of the account's webhook endpoints
     * @description Another account's endpoint, or an id that is not a UUID, is `404 webhook_not_found`.
     */
    get: operations['getWebhook'];
    put?: never;
    post?: never;
    /**
     * Delete a webhook endpoint
     * @description The endpoint and its delivery log are gone; nothing more is sent to it.
     */
    delete: operations['deleteWebhook'];
    options?: never;
    head?: never;
    /**
     * Change a webhook endpoint
     * @description Changes any of the given fields (at least one). A new URL is checked as at creation.
     *     Turning an endpoint back on (`enabled: true`) clears why the server turned it off and its
     *     count of failures.
     */
    patch: operations['updateWebhook'];
    trace?: never;
  };
  '/webhooks/{webhookId}/test': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A webhook endpoint of the account (a UUID). */
        webhookId: components['parameters']['WebhookId'];
      };
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a test event to the endpoint
     * @description Queues a `webhook.test` event (`data: {"webhookId": …}`) for this endpoint alone, sent at
     *     once and signed like any other; its outcome shows in the delivery log. A turned-off
     *     endpoint's test delivery fails without being sent: turn it on first.
     */
    post: operations['testWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/{webhookId}/rotate-secret': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A webhook endpoint of the account (a UUID). */
        webhookId: components['parameters']['WebhookId'];
      };
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Rotate the endpoint's signing secret
     * @description A new signing secret, shown in this answer only. For `overlapHours` (default 24, at most
     *     168) the secret it replaces keeps signing too: each delivery's `Cairn-Signature` carries one
     *     `v1` per secret, and a receiver that checks any of them (every SDK's `verifyWebhook` does)
     *     goes on verifying until it is given the new one. `overlapHours: 0` ends the old secret at
     *     once. Rotating again during an overlap replaces the older secret: only the last two sign.
     */
    post: operations['rotateWebhookSecret'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/{webhookId}/deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A webhook endpoint of the account (a UUID). */
        webhookId: components['parameters']['WebhookId'];
      };
      cookie?: never;
    };
    /**
     * The endpoint's delivery log
     * @description One page of the endpoint's deliveries, newest first, each with what its last attempt got and when the next one is due.
     */
    get: operations['listWebhookDeliveries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/{webhookId}/deliveries/{deliveryId}/resend': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A webhook endpoint of the account (a UUID). */
        webhookId: components['parameters']['WebhookId'];
        /** @description A delivery of the endpoint (a UUID). */
        deliveryId: string;
      };
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a delivery again
     * @description Sends the same event (same id, signed anew) to the endpoint once more, now. A delivery
     *     still being retried is simply tried now. A resend that fails counts as a given-up delivery.
     */
    post: operations['resendWebhookDelivery'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/domains': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the account's custom domains
     * @description Every custom domain of the account (at most 20), oldest first, with its verification status.
     */
    get: operations['listDomains'];
    put?: never;
    /**
     * Add a custom domain
     * @description A host name that will serve `target` (an IPNS name of the account, `/ipns/<name>`, or the
     *     root CID of one of its records, `/ipfs/<cid>[/path]`) once `_dnslink.<hostname>` holds the
     *     TXT record `dnslink=<target>`: the domain is `pending` until verified
     *     (`POST /domains/{domainId}/verify`). The host name is a DNS name (an internationalized one
     *     is kept in its `xn--` form), not an IP address, without scheme, port or path, and not an
     *     address of this service itself (`400`). A host name is held by one account at a time: one
     *     another account holds is taken over only when its DNSLink names this account's target
     *     already (and, for a verified domain, a target other than the holder's); the domain is then
     *     verified at once. Otherwise `409 domain_taken`. At most 20 domains per account
     *     (`409 domain_limit_reached`).
     */
    post: operations['createDomain'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/domains/{domainId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove a custom domain
     * @description The host name serves nothing from now on, and another account may add it.
     */
    delete: operations['deleteDomain'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/domains/{domainId}/verify': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Check a custom domain's DNSLink now
     * @description Asks DNS now (past any cache) for `_dnslink.<hostname>` and records the outcome: `verified`
     *     when its `dnslink=` value is the domain's target and the account still holds that target,
     *     else `failed` with `lastError` saying why. Verified domains are checked again about every
     *     hour, and become `failed` (and stop serving) when their DNS no longer matches.
     */
    post: operations['verifyDomain'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Stream the account's live events
     * @description A `text/event-stream` (server-sent events) of the account's events as they are committed:
     *     `upload.created`, `record.deleted`, `pin.queued`, `pin.pinning`, `pin.pinned`, `pin.failed`
     *     (whose `data` is the pin job as `GET /pins/{id}` answers it), `psa.pin.*` (the Pinning
     *     Service API's PinStatus), `quota.near_limit`, `quota.exceeded`, and, for a session or a
     *     full-access token, `payment.succeeded` and `payment.failed`. Each message is
     *     `id: <event id>`, `event: <type>` and `data: <the event as a webhook delivery carries it:
     *     {id, type, createdAt, data}>`; events of one account come in the order they were written.
     *     Events written by every instance of the deployment arrive on every stream.
     *
     *     The stream starts with `retry: 3000` and sends a comment (`: heartbeat`) every 15 seconds.
     *     A client that reconnects sends `Last-Event-ID` (EventSource does so itself), or names the
     *     event in `lastEventId`: the events written after it are sent first, each once. When that
     *     event is unknown or pruned (events are kept 30 days), or more than 500 events were missed,
     *     the stream sends `event: reset` (with an empty `id`) instead: reload what you show.
     *
     *     A token needs `files:read`; a token limited to a group is refused (`403
     *     insufficient_scope`: events are the whole account's). At most 10 streams per account on
     *     each server instance (`429 too_many_event_streams`). A client that does not read what is
     *     sent (more than 1 MiB behind) is disconnected and may resume. The stream ends when the
     *     server stops.
     */
    get: operations['streamEvents'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/names': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the account's IPNS names
     * @description Every IPNS name of the account (at most 100), oldest first, with the value it points to now.
     */
    get: operations['listNames'];
    put?: never;
    /**
     * Create an IPNS name
     * @description A new Ed25519 key and the IPNS name it makes (`k51…`). The private key is kept encrypted
     *     on the server; only the account may export it. The name points nowhere until it is
     *     published. At most 100 names per account (`409 name_limit_reached`).
     */
    post: operations['createName'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/resolve/{name}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description An IPNS name, as a `k51…` CID of its key or a peer id (`12D3Koo…`, `Qm…`). */
        name: components['parameters']['IpnsName'];
      };
      cookie?: never;
    };
    /**
     * Resolve an IPNS name
     * @description What an IPNS name points to, from the records this server holds: the names of every
     *     account and the valid records published to it through `PUT /routing/v1/ipns/{name}`. The
     *     name is its `k51…` form or a peer id (`12D3Koo…`, `Qm…`). A name with no valid record here
     *     is `404 name_not_resolved`; nothing is looked up on the public network.
     */
    get: operations['resolveName'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/names/{nameId}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description An IPNS name of the account (its id, a UUID). */
        nameId: components['parameters']['NameId'];
      };
      cookie?: never;
    };
    /**
     * Get one of the account's names
     * @description Another account's name, or an id that is not a UUID, is `404 name_not_found`.
     */
    get: operations['getName'];
    put?: never;
    post?: never;
    /**
     * Delete a name
     * @description The key, its record and its history are gone: the name no longer resolves here and is no
     *     longer republished. Export the key first to keep publishing it elsewhere.
     */
    delete: operations['deleteName'];
    options?: never;
    head?: never;
    /**
     * Change a name's label
     * @description The label is the account's own; the IPNS name and its value do not change.
     */
    patch: operations['renameName'];
    trace?: never;
  };
  '/names/{nameId}/publish': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description An IPNS name of the account (its id, a UUID). */
        nameId: components['parameters']['NameId'];
      };
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Point a name at content
     * @description Signs a new IPNS record (V1+V2 signatures, the next sequence number) pointing the name at
     *     `value`: a CID, or `/ipfs/{cid}[/{path}]`, whose CID is the root of one of the account's
     *     files (`400 name_value_not_held` otherwise). The gateway answers the new value at once;
     *     the record is also announced to the IPFS network where the server's engine reaches it.
     *     Records are signed again before half their validity has passed, for as long as the name
     *     exists. Two publications of the same name at once are both kept, one after the other.
     */
    post: operations['publishName'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/names/{nameId}/history': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description An IPNS name of the account (its id, a UUID). */
        nameId: components['parameters']['NameId'];
      };
      cookie?: never;
    };
    /**
     * A name's publications
     * @description Every value the name was published to, newest first (at most `limit`, 50 by default).
     */
    get: operations['listNameHistory'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/names/{nameId}/rollback': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description An IPNS name of the account (its id, a UUID). */
        nameId: components['parameters']['NameId'];
      };
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Publish an earlier value again
     * @description Publishes the value of publication `sequence` again, as a new record with the next
     *     sequence number (IPNS never goes back in sequence). The content must still be held by the
     *     account (`400 name_value_not_held`); an unknown sequence is `404 publication_not_found`.
     */
    post: operations['rollbackName'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/names/{nameId}/key': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description An IPNS name of the account (its id, a UUID). */
        nameId: components['parameters']['NameId'];
      };
      cookie?: never;
    };
    /**
     * Export a name's private key
     * @description The name's Ed25519 private key as the libp2p protobuf (base64), which
     *     `ipfs key import <label> --format=libp2p-protobuf-cleartext` reads. Anyone holding it can
     *     publish the name: keep it secret. Full-access tokens and sessions only.
     */
    get: operations['exportNameKey'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/groups': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the account's groups
     * @description One page of the account's groups, by name, each with how many records it holds. `search` keeps the groups whose name contains it.
     */
    get: operations['listGroups'];
    put?: never;
    /**
     * Create a group
     * @description A new, empty group. Names are trimmed, 1 to 255 characters of any script (spaces and
     *     punctuation too, no control character), and unique in the account (`409 group_name_taken`).
     */
    post: operations['createGroup'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/groups/{groupId}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A group of the account (a UUID). */
        groupId: components['parameters']['GroupId'];
      };
      cookie?: never;
    };
    /**
     * Get one of the account's groups
     * @description Another account's group, or an id that is not a UUID, is `404 group_not_found`. Its records are listed by `GET /users/me/uploads?groupId=`.
     */
    get: operations['getGroup'];
    put?: never;
    post?: never;
    /**
     * Delete a group
     * @description Deletes the group only. Its files are kept, in My files and in their other groups; nothing is unpinned or refunded.
     */
    delete: operations['deleteGroup'];
    options?: never;
    head?: never;
    /**
     * Rename a group
     * @description Names as for `POST /groups`; renaming to the current name changes nothing.
     */
    patch: operations['renameGroup'];
    trace?: never;
  };
  '/groups/{groupId}/uploads': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A group of the account (a UUID). */
        groupId: components['parameters']['GroupId'];
      };
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Add files to a group
     * @description Adds records of the account to the group: `uploadIds` (1 to 1000), or every record `filter`
     *     matches (the file list's filters, as JSON). An id that names no record of the account is
     *     `404 file_not_found` and nothing is added. A record already in the group stays as it is:
     *     concurrent adds of one record take effect once. `added` counts the records that joined.
     */
    post: operations['addToGroup'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/groups/{groupId}/uploads/remove': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A group of the account (a UUID). */
        groupId: components['parameters']['GroupId'];
      };
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Remove files from a group
     * @description Takes records out of the group (by `uploadIds` or `filter`, as for adding); they stay in My
     *     files. `removed` counts the records that were in it.
     */
    post: operations['removeFromGroup'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/files/{uploadId}/privacy': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The record's id. Anything that is not one of the account's record ids (a UUID) is `404 file_not_found`.
         * @example 0b6f3a2e-5c1d-4e8f-9a7b-6c5d4e3f2a1b
         */
        uploadId: components['parameters']['UploadId'];
      };
      cookie?: never;
    };
    get?: never;
    /**
     * Make one of the account's files private or public
     * @description A private record's content is served by the gateway to nobody without a signed access link
     *     (`404 not_found`, as for content not stored here), unless another record, of any account,
     *     holds the same CID publicly: a private record does not hide someone else's public one, and
     *     someone else's public record does not make this one's content private. The blocks inside a
     *     private DAG are refused by their own CID too, and are not given to other IPFS peers by the
     *     embedded node. Setting what is already set changes nothing. Scope: `files:write`.
     */
    put: operations['setUploadPrivacy'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/files/{uploadId}/links': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The record's id. Anything that is not one of the account's record ids (a UUID) is `404 file_not_found`.
         * @example 0b6f3a2e-5c1d-4e8f-9a7b-6c5d4e3f2a1b
         */
        uploadId: components['parameters']['UploadId'];
      };
      cookie?: never;
    };
    /**
     * The live signed access links of one of the account's files
     * @description Links that still open the record (not expired, revoked or used), newest first, each with its URL. Scope `files:read`.
     */
    get: operations['listAccessLinks'];
    put?: never;
    /**
     * Create a signed access link to one of the account's files
     * @description A URL of the gateway (`/ipfs/{cid}?token=…`) that opens the record's content, private or
     *     public, and every path below it, in any browser, without an account, until `expiresIn`
     *     seconds from now (1 second to 30 days), optionally as a download named `downloadName`, and
     *     optionally once only (of concurrent requests exactly one is served). The token is an
     *     HMAC-SHA256 of the link's id, CID and expiry with a key of the server, checked in constant
     *     time; the link dies with its record. A file has at most 100 live links (`409
     *     too_many_links`). Scope `links:write`.
     */
    post: operations['createAccessLink'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/files/{uploadId}/links/{linkId}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The record's id. Anything that is not one of the account's record ids (a UUID) is `404 file_not_found`.
         * @example 0b6f3a2e-5c1d-4e8f-9a7b-6c5d4e3f2a1b
         */
        uploadId: components['parameters']['UploadId'];
        linkId: string;
      };
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Revoke a signed access link
     * @description The link opens nothing from now on (`403 access_link_invalid`). Scope `links:write`.
     */
    delete: operations['revokeAccessLink'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/me/usage': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Storage used against the limit
     * @description The bytes the account's records hold against its limit: the plan's storage plus any
     *     referral bonus. `used` is the sum of the records' `chargedBytes`; an hourly check (see
     *     `GET /admin/usage/checks`) compares the two for every account and sets right any that
     *     differ.
     */
    get: operations['getUsage'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/me/usage/bandwidth': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Gateway bandwidth of the account's files
     * @description What the gateway sent for the account's records (see the Gateway tag for what is counted
     *     and to whom): this month's bytes and requests against the plan's monthly egress
     *     allowance, a series of every UTC day in `from`…`to` (days with nothing at 0), and the 10
     *     records that sent the most bytes in that range (records since deleted still count in the
     *     totals, not in this list). Counts reach the figures within a few seconds. A token limited
     *     to one group is refused (`403 insufficient_scope`): the list names files of every group.
     */
    get: operations['getBandwidthUsage'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/uploads/{uploadId}/bandwidth': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The record's id. Anything that is not one of the account's record ids (a UUID) is `404 file_not_found`.
         * @example 0b6f3a2e-5c1d-4e8f-9a7b-6c5d4e3f2a1b
         */
        uploadId: components['parameters']['UploadId'];
      };
      cookie?: never;
    };
    /**
     * Gateway bandwidth of one of the account's files
     * @description The requests and bytes the gateway sent for this record on every UTC day in `from`…`to`
     *     (this month unless given), with their totals. Another user's record, or an id that is not
     *     a UUID, is `404 file_not_found` (never 403).
     */
    get: operations['getUploadBandwidth'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/uploads/resumable': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Start a resumable upload (tus)
     * @description Creates a [tus 1.0](https://tus.io/protocols/resumable-upload) upload of one file up to
     *     4 GiB; send the bytes with `PATCH` to the URL in `Location`, and after a dropped connection
     *     or a restart of the server ask `HEAD` for the offset and continue from there. Any tus
     *     client works (`tus-js-client`, `tusd` clients); the `creation`, `expiration` and
     *     `termination` extensions are supported.
     *
     *     - Every answer carries `Tus-Resumable: 1.0.0`; `OPTIONS` on the creation URL or an upload's
     *       URL answers with `Tus-Version`, `Tus-Extension` and `Tus-Max-Size`. A client that
     *       cannot send `PATCH`, `HEAD` or `DELETE` may send a `POST` to the upload's URL with
     *       `X-HTTP-Method-Override` naming the method.
     *     - `Upload-Length` is required (deferred lengths are not supported) and checked before a
     *       byte is accepted: over 4 GiB is `413 file_too_large`, over the account's free quota
     *       `403 quota_exceeded`. The length is then reserved against the quota while the upload is
     *       pending, across restarts.
     *     - The file is named after the `filename` key of `Upload-Metadata`, or `name` if given.
     *     - A resumable upload's record is public and in no group when it is made: `private`,
     *       `groupId` and `meta` are refused here (`400 validation_error`) rather than dropped; set
     *       them once the file is stored (`PUT /files/{uploadId}/privacy`, `PATCH
     *       /uploads/{uploadId}`, `POST /groups/{groupId}/uploads`), or upload in one request.
     *     - The partial file is kept in the server's data directory and expires 24 hours after
     *       creation (`Upload-Expires`): later requests answer `410 upload_expired` and the
     *       maintenance sweep deletes it and gives its quota back.
     *     - Behind a load balancer, any instance of the deployment takes the upload's requests: one
     *       that does not hold the partial file streams them to the one that does. If that one does
     *       not answer: `503 upload_owner_unavailable` with `Retry-After` while it may come back,
     *       `410 upload_lost` once it is gone.
     *     - The last `PATCH` streams the file into IPFS once and answers with the record, exactly as
     *       `POST /upload` does; `GET` on the upload URL gives the same record afterwards.
     */
    post: operations['createResumableUpload'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/uploads/resumable/{resumableId}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The upload's id, the last segment of its `Location`. An upload made with a token or a
         *     session is reachable only with a credential of the same account; one made through a
         *     signed upload URL has a 43-character random id that is itself the credential.
         */
        resumableId: string;
      };
      cookie?: never;
    };
    /**
     * The record of a finished resumable upload (HEAD gives the tus offset)
     * @description `GET`: the record the upload became, as `POST /upload` answers it. A complete upload not
     *     yet recorded (the server restarted during its last `PATCH`) is recorded now.
     *
     *     `HEAD` (with `Tus-Resumable`) is the tus offset request: 200 with `Upload-Offset`, how many
     *     bytes the server holds, and `Upload-Length`; a recorded upload reports its full length.
     *     Ask it after a dropped connection or a restart of the server, and `PATCH` from there.
     */
    get: operations['resumableUploadResult'];
    put?: never;
    post?: never;
    /**
     * Drop a resumable upload
     * @description Deletes the partial file and gives its reserved quota back (tus termination). A recorded
     *     file stays. An upload whose server instance is gone is dropped all the same.
     */
    delete: operations['resumableUploadTerminate'];
    options?: never;
    head?: never;
    /**
     * Send bytes of a resumable upload
     * @description Appends the body (`application/offset+octet-stream`) at `Upload-Offset`, which must be the
     *     offset the server holds. A dropped connection keeps what arrived; ask `HEAD` and continue.
     *     The request that completes the file answers 200 with the record (as `POST /upload`).
     */
    patch: operations['resumableUploadAppend'];
    trace?: never;
  };
  '/uploads/signed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create a signed upload URL
     * @description A URL that lets whoever holds it make one upload of at most `maxBytes` within `expiresIn`
     *     seconds, with no `Authorization` header, charged to this account (its quota applies when
     *     the upload happens). Hand it to a browser instead of a token. The URL holds a random secret
     *     shown only in this answer; the server keeps only its hash.
     */
    post: operations['createSignedUpload'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/uploads/signed/{secret}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Upload through a signed URL
     * @description No `Authorization` header. A multipart body with one part `file`, exactly as
     *     `POST /upload`; answers with the record. Over `maxBytes` is `413 file_too_large` (at once
     *     when the declared length is over). The URL allows one upload: once one has started, the
     *     URL answers `409 signed_url_used`; an upload that fails before recording anything gives
     *     the use back. After its expiry: `410 signed_url_expired`. For a resumable upload through
     *     the same URL, use `POST /uploads/signed/{secret}/resumable`. The answer carries
     *     `Access-Control-Allow-Origin: *`, so a page of another site may post the form and read it.
     */
    post: operations['uploadThroughSignedUrl'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/uploads/signed/{secret}/resumable': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Start a resumable upload through a signed URL
     * @description A tus creation as `POST /uploads/resumable`, with no `Authorization` header: the upload is
     *     charged to the URL's creator and capped at its `maxBytes` (`413 file_too_large` at
     *     creation). It takes the URL's one use. The `Location` answered has a random id that alone
     *     lets its holder continue (`HEAD`, `PATCH`), read the record (`GET`) or drop the upload.
     */
    post: operations['createResumableThroughSignedUrl'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/pins': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Pin content by CID
     * @description Starts a pin job that makes the CID complete and pinned on this server, fetching missing
     *     blocks from the IPFS peers the server can reach, then records it in the account
     *     (`source: pin`), charged the larger of its file bytes and the bytes of every block its DAG
     *     holds here (`chargedBytes`): what its UnixFS metadata claims never makes stored bytes free.
     *     The request waits up to about 2 seconds: content that is already local is usually pinned
     *     by then (201); otherwise the job keeps running and the answer is 202 — poll
     *     `GET /pins/{id}`. A job that failed within the wait (for example `errorCode: cid_not_found`
     *     when the content cannot be found) is also answered with 202 and `status: failed`.
     *
     *     An active job of the account for the same CID is reused (its names are kept).
     */
    post: operations['pinByCid'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/pins/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a pin job
     * @description The job's status and progress (blocks seen and bytes fetched from other peers so far).
     *     Another user's job, or an id that is not a UUID, is `404 pin_not_found`.
     */
    get: operations['getPin'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/dag/{cid}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * View one of the account's CIDs as a DAG
     * @description Totals of one of the account's CIDs (files and bytes under it, recursively) and, for a
     *     directory, one page of every file under it, named by its path relative to the directory
     *     (`css/a.css`), in path order; a file has no entries. With `path`, the entries are instead
     *     the direct entries of that folder under the CID (files and folders, by name), to browse the
     *     tree one folder at a time; the totals stay the CID's. Links to the content on this
     *     server's gateway and on the configured public gateway, with whether the content is
     *     announced to the public network, without which the public gateway cannot find it.
     */
    get: operations['viewDag'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/status/{cid}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Per-node pin status of one of the account's CIDs
     * @description How each IPFS node of the deployment holds the content: `pinned`, `pinning`, `queued`,
     *     `unpinned` (the node dropped it, or is dropping it) or `error` (with the reason, say a peer
     *     that cannot be reached). On IPFS Cluster these are the Cluster peers the pin is allocated to,
     *     by name; the embedded and Kubo engines answer with their single node.
     */
    get: operations['pinStatus'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/allocations/{cid}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Which nodes one of the account's CIDs is allocated to
     * @description The nodes that should hold the content and the pin's replication factors (IPFS Cluster's
     *     `replication_factor_min`/`max`; -1 means every peer). The embedded and Kubo engines answer
     *     with their single node and a factor of 1; no nodes and factors of 0 mean the content is not
     *     pinned right now.
     */
    get: operations['pinAllocations'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/plans': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Plans one can choose, and the current one
     * @description The active plans, cheapest storage first, the caller's current plan (which may be an
     *     inactive one it still holds), and whether card payments are available on this server
     *     (`paymentsConfigured`). Cryptocurrency payments are not available yet.
     *
     *     Plan names and descriptions are in the caller's language: the account's language, else
     *     the best supported language of `Accept-Language`, else English. A plan without a
     *     translation in that language (or a field its translation leaves empty) is in English.
     *     Plans in a checkout's or a payment's answer follow the same rule. (`Accept-Language`, for
     *     example `de-DE,de;q=0.9,en;q=0.8`, is read but never refused.)
     */
    get: operations['listPlans'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/plans/{code}/checkout': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Change plan, paying by card if the plan is paid
     * @description A free plan applies at once (`status: changed`); a paid subscription the caller holds is
     *     cancelled and files are kept even over the new limit (uploads and pins are then refused
     *     with `403 quota_exceeded` until files are deleted).
     *
     *     A paid plan creates a pending order and a Stripe Checkout page for a monthly subscription
     *     in EUR (`status: redirect`): send the user to `url`. Stripe returns them to
     *     `/payment/success?transactionId=…` or `/payment/cancel?transactionId=…`; then call
     *     `GET /payments/{transactionId}` (or `POST /payments/{transactionId}/cancel`). The new plan
     *     applies once the payment is confirmed, and replaces any earlier paid subscription.
     */
    post: operations['checkoutPlan'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/payments/webhook': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Stripe webhook endpoint
     * @description Called by Stripe, not by clients. The `Stripe-Signature` header is checked over the exact
     *     body bytes with the webhook signing secret; each event id is handled once (a redelivered
     *     or replayed event changes nothing). Handled: `checkout.session.completed`,
     *     `checkout.session.async_payment_succeeded`, `checkout.session.async_payment_failed`,
     *     `checkout.session.expired`, `charge.refunded`, `invoice.paid`, `invoice.payment_failed`
     *     and `customer.subscription.deleted`; other events are acknowledged and ignored. A full
     *     refund or the end of the subscription puts the buyer back on the default plan.
     *
     *     `invoice.paid` with `billing_reason` `subscription_cycle` (a monthly renewal) records a new
     *     `paid` order of the same buyer, plan and subscription for the invoice's `amount_paid`, paid
     *     at its `status_transitions.paid_at`, so renewals count as income; each invoice is recorded
     *     once. A renewal never changes the plan, even when the plan it paid for has ended since.
     *     The first invoice (`subscription_create`) is the checkout's own payment and is not counted
     *     again. The subscription is read from `parent.subscription_details` (API versions from
     *     2025-03-31) or from the invoice's `subscription` (earlier versions).
     */
    post: operations['stripeWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/payments/{transactionId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Verify a payment
     * @description One of the caller's orders. While it is `pending` or `uncleared`, Stripe is asked how the
     *     checkout went and the order is updated; once it is `paid`, the plan is applied — once,
     *     however many times this is called (`applied: true`).
     */
    get: operations['getPayment'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/payments/{transactionId}/cancel': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Cancel a pending payment
     * @description The user left the checkout page: the Stripe checkout is closed so it can no longer be paid,
     *     and the order becomes `cancel`. If it was paid in the meantime it is settled as paid
     *     instead. An order in any other state is returned unchanged.
     */
    post: operations['cancelPayment'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/referrals/me': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The caller's referral code, link and referred accounts
     * @description Signing up with a referral code gives the new account 10 MiB and the referrer 10 MiB;
     *     while a referred account holds a paid plan, the referrer also holds 5% of that plan's
     *     storage. Sizes count in powers of 1024 everywhere in Cairn: the `*Mb` figures are MiB of
     *     2^20 = 1,048,576 bytes (10 MiB is 10485760 bytes).
     *     `totalEarnedMb` is what referrals give now (grants minus revocations); `currentBonusMb` is
     *     the caller's whole bonus, their own sign-up bonus included. The 100 newest referred
     *     accounts are listed; the totals count all of them.
     */
    get: operations['getReferrals'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/stats': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Dashboard statistics
     * @description Accounts (active: signed in within the last 30 days), records, the bytes they account for,
     *     distinct pinned CIDs, income from paid orders per period (refunded orders are not income;
     *     `3m`, `6m` and `1y` count calendar months back from now), the 10 accounts that referred the
     *     most sign-ups, and a daily series of the last 30 UTC days (today included, every day present).
     */
    get: operations['adminStats'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/stats/bandwidth': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Gateway bandwidth of every account
     * @description What the gateway sent over one of the dashboard's periods, counted by whole UTC days from
     *     the day the period starts (`24h` is yesterday and today): the total, the 20 accounts that
     *     downloaded the most, and a series of every day of the period.
     */
    get: operations['adminBandwidthStats'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/users': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List every account
     * @description One page of accounts, newest first. `search` keeps those whose email, name or last name contains it (case-insensitive).
     */
    get: operations['adminListUsers'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/users/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One account in full
     * @description The account (with its country, language, referral code and who referred it), its plan, and
     *     the newest ten of its records, API tokens, referred accounts, bonus ledger rows and audit
     *     log entries, each with its total. The full lists are in their own admin sections.
     */
    get: operations['adminGetUser'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Change an account's status, role or plan
     * @description Setting `status` to `inactive` disables the account: it stops working at its next request,
     *     for its sessions, its API tokens, its signed upload URLs and its unfinished resumable
     *     uploads alike (`401 account_disabled`), and cannot sign in; an upload still streaming
     *     records nothing, and its queued pins fail (`account_disabled`). `active` enables it again,
     *     without bringing back any of those credentials, URLs or uploads. An administrator cannot disable or demote their own account. A
     *     new plan is given without payment and replaces any subscription the account was paying for
     *     (it is cancelled at the payment provider), and the referrer's paid-plan share follows it.
     *     Each change is written to the audit log (`update_user`; a plan change also as the
     *     account's `change_plan`).
     */
    patch: operations['adminUpdateUser'];
    trace?: never;
  };
  '/admin/users/{id}/bonus': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Give an account bonus storage
     * @description Adds `megabytes` (MiB, of 1024 × 1024 bytes) to the account's bonus storage as one row of the
     *     rewards ledger (reason `admin_grant`, the administrator as its source), so its storage
     *     limit grows at once. The note saying why is written to the audit log (`grant_bonus`).
     */
    post: operations['adminGrantBonus'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/files': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List every account's files
     * @description One page of records of all accounts, newest first, with the owner's email. `search` keeps
     *     those whose name or owner's email contains it (case-insensitive) or whose CID starts with it.
     */
    get: operations['adminListFiles'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/files/{uploadId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Delete any account's file
     * @description Deletes the record and refunds what it was charged (`chargedBytes`) to its owner, once
     *     however many deletes of it race. The content is unpinned only when no record of any account
     *     references the CID any more. Written to the audit log (`remove`, under the administrator,
     *     with the owner).
     */
    delete: operations['adminDeleteFile'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/logs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read the audit log
     * @description One page of audit entries, newest first, narrowed by any of the filters.
     */
    get: operations['adminListLogs'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/logs/prune': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Prune the audit log
     * @description Keeps the last `olderThanDays` days (15 by default) and deletes every older entry. The
     *     prune itself is then logged (`prune_logs`).
     */
    post: operations['adminPruneLogs'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/plans': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List every plan
     * @description Every plan, inactive ones included, with how many accounts hold it; cheapest first.
     */
    get: operations['adminListPlans'];
    put?: never;
    /**
     * Create a plan
     * @description Adds a plan to the catalogue. A plan created with `isDefault: true` becomes the plan of new
     *     accounts and the previous default stops being one. Logged (`create_plan`).
     */
    post: operations['adminCreatePlan'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/plans/{code}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Delete a plan
     * @description Deletes a plan that no account holds and nobody is paying for (deactivate a plan in use
     *     instead). Logged (`delete_plan`).
     */
    delete: operations['adminDeletePlan'];
    options?: never;
    head?: never;
    /**
     * Edit or deactivate a plan
     * @description Changes the given fields. Accounts on a deactivated plan keep it; nobody new can choose it.
     *     There is always one default plan and it is active: it stops being the default only when
     *     another plan is made the default. Logged (`update_plan`).
     */
    patch: operations['adminUpdatePlan'];
    trace?: never;
  };
  '/admin/tokens': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List every account's API tokens
     * @description One page of API tokens of all accounts, newest first, without secrets. `search` keeps those
     *     whose name or owner's email contains it (case-insensitive).
     */
    get: operations['adminListTokens'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/tokens/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Revoke any account's API token
     * @description The token stops working at once. Revoking a revoked token succeeds and keeps the first
     *     revocation time. Logged (`revoke_token`, under the administrator, with the owner).
     */
    delete: operations['adminRevokeToken'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/content-jobs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the content engine's outbox
     * @description One page of outbox jobs, oldest first: work on the content engine that must follow a
     *     database change (today `release`: unpin a CID once no record, upload or pin job wants it),
     *     carried out by whichever instance is alive, with retries and backoff. A job still `pending`
     *     after several attempts is retrying; one that exhausted its attempts stays `failed` until an
     *     administrator retries it. A `pending` job with `waitsForUpload` is the claim of an upload
     *     still streaming: it runs only if that upload fails or its process dies.
     */
    get: operations['adminListContentJobs'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/content-jobs/{id}/retry': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Retry a failed or waiting content job now
     * @description The job becomes due now with a fresh series of attempts and is run at once. `done` when it
     *     was carried out (the job is gone); otherwise `job` is the job as it stands: `pending` with
     *     its new `lastError` when the attempt failed again, or still waiting for its upload. Logged
     *     (`retry_content_job`, under the administrator).
     */
    post: operations['adminRetryContentJob'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/engine/gc': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The content engine's garbage collection
     * @description The `kubo` and `cluster` engines import uploads unpinned and pin them once recorded; the
     *     blocks of deleted content stay in their Kubo nodes until a garbage collection. Cairn runs
     *     one every `ENGINE_GC_INTERVAL_HOURS` (whichever instance takes the lease; one at a time
     *     over every instance, while no import is in flight), and an administrator can start one.
     *     This lists the last runs, newest first, the schedule, and whether one runs now. The
     *     `embedded` engine removes blocks as content is deleted: `supported` is false.
     */
    get: operations['adminGetEngineGc'];
    put?: never;
    /**
     * Start a garbage collection of the content engine now
     * @description Starts a collection in the background and answers at once with the run (`running`); follow
     *     it with `GET /admin/engine/gc`. It first waits (at most two minutes) for the uploads being
     *     imported to be pinned, while new ones wait for it, then removes every unpinned block from
     *     every Kubo node (`status` `busy` if the uploads did not finish in time). Logged
     *     (`collect_engine_garbage`, under the administrator).
     */
    post: operations['adminStartEngineGc'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/usage/checks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Checks of the accounts' usage against their records
     * @description Each account's usage (`used`) must equal the sum of what its records are charged
     *     (`chargedBytes`). Once an hour one instance of the deployment (whichever takes the check's
     *     lease) compares them for every account and sets right any account that differs, under that
     *     account's lock so that no upload or delete racing the check is lost; an administrator can
     *     run one at any time. This lists the last checks, newest first, with the accounts each found
     *     off (at most 100 listed; a check sets right at most 1000 accounts, the next one the rest).
     *     The Prometheus metrics `cairn_usage_drift_accounts` and `cairn_usage_drift_bytes` report the
     *     last check's findings.
     */
    get: operations['adminListUsageChecks'];
    put?: never;
    /**
     * Check every account's usage against its records now
     * @description Runs a check now and answers with it: the accounts whose usage differs from the sum of their
     *     records' `chargedBytes`, each set to that sum unless `repair` is false. Logged
     *     (`check_usage`, under the administrator; a warning when an account was off).
     */
    post: operations['adminRunUsageCheck'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/settings': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Deployment settings */
    get: operations['adminGetSettings'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Change deployment settings
     * @description `requireAdminTwoFactor`: when true, an administrator signed in without two-factor gets
     *     `403 two_factor_required` from every admin route until they turn it on in Settings (API
     *     tokens are unaffected). The change is written to the audit log.
     */
    patch: operations['adminUpdateSettings'];
    trace?: never;
  };
  '/admin/referrals': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List who referred whom
     * @description One page of accounts that signed up with a referral code, newest first. `search` keeps
     *     those whose or whose referrer's email contains it (case-insensitive).
     */
    get: operations['adminListReferrals'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/rewards': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read the bonus storage ledger
     * @description One page of bonus storage grants and revocations, newest first. `search` keeps those whose
     *     receiver's or source's email contains it (case-insensitive).
     */
    get: operations['adminListRewards'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/ipfs/{cid}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The root CID, in any form (`X-Ipfs-Path` repeats it as requested; `ETag` and `X-Ipfs-Roots`
         *     use the canonical form). Served only when some account holds it or its root block is on
         *     the node, or when it is an identity CID of at most 128 bytes.
         * @example bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi
         */
        cid: components['parameters']['GatewayCid'];
      };
      cookie?: never;
    };
    /**
     * Read content by CID
     * @description The content of a CID this server holds: a file's bytes (with ranges), a directory (its
     *     `index.html`, else a listing), a dag-json, dag-cbor, json or cbor document, or, with
     *     `format` (or the matching `Accept`), the verifiable answers of the trustless gateway: the
     *     raw block, a CAR of the DAG, or a tar of a UnixFS tree. See the Gateway tag for the rules
     *     of every gateway read.
     */
    get: operations['gatewayGet'];
    put?: never;
    post?: never;
    delete?: never;
    /**
     * The gateway's CORS rules
     * @description Any page may read the gateway; the answer is the same for every path, with or without `Origin`.
     */
    options: operations['gatewayOptions'];
    /**
     * Read the headers of content by CID
     * @description `GET` without the body: the same status and headers (`Content-Length` is the size that `GET` would send).
     */
    head: operations['gatewayHead'];
    patch?: never;
    trace?: never;
  };
  '/ipfs/{cid}/{path}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The root CID, in any form (`X-Ipfs-Path` repeats it as requested; `ETag` and `X-Ipfs-Roots`
         *     use the canonical form). Served only when some account holds it or its root block is on
         *     the node, or when it is an identity CID of at most 128 bytes.
         * @example bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi
         */
        cid: components['parameters']['GatewayCid'];
        /**
         * @description A path below `cid`; it may span several segments (`docs/a/readme.md`), each
         *     percent-decoded once. Empty segments are ignored.
         * @example docs/readme.md
         */
        path: components['parameters']['GatewayPath'];
      };
      cookie?: never;
    };
    /**
     * Read content by CID and path
     * @description Follows `path` from `cid` (through UnixFS directories, HAMT-sharded ones included, and
     *     through the links of dag-cbor and dag-json documents) and serves what it names, as
     *     `GET /ipfs/{cid}` does. A file's content type comes from the last path segment's extension
     *     when it has a known one. The `ETag` is the target's, not the root's; `X-Ipfs-Roots` lists
     *     the CID of every segment.
     */
    get: operations['gatewayGetPath'];
    put?: never;
    post?: never;
    delete?: never;
    /**
     * The gateway's CORS rules
     * @description The same answer as `OPTIONS /ipfs/{cid}`.
     */
    options: operations['gatewayOptionsPath'];
    /**
     * Read the headers of content by CID and path
     * @description `GET` without the body: the same status and headers (`Content-Length` is the size that `GET` would send).
     */
    head: operations['gatewayHeadPath'];
    patch?: never;
    trace?: never;
  };
  '/ipns/{name}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description An IPNS name (`k51…`), or a peer id, which redirects to it; anything else is `400 invalid_parameter`. */
        name: components['parameters']['IpnsGatewayName'];
      };
      cookie?: never;
    };
    /**
     * Read content by IPNS name
     * @description The content an IPNS name points to, from the records this server holds (names of its
     *     accounts, and valid records published through `PUT /routing/v1/ipns/{name}`): resolved
     *     here, never on the public network, then answered as `/ipfs/{cid}` with the record's value.
     *     A peer id (`12D3Koo…`, `Qm…`) redirects to the name's `k51…` form. A name with no valid
     *     record here is `502 name_not_resolved` (records with only the legacy V1 signature, or whose
     *     V1 and V2 values differ, are never accepted). With `format=ipns-record` (or
     *     `Accept: application/vnd.ipfs.ipns-record`) the answer is the signed record itself.
     */
    get: operations['gatewayGetIpns'];
    put?: never;
    post?: never;
    delete?: never;
    /**
     * The gateway's CORS rules
     * @description The same as for `/ipfs/{cid}`.
     */
    options: operations['gatewayIpnsOptions'];
    /**
     * Read the headers of content by IPNS name
     * @description `GET` without the body: the same status and headers.
     */
    head: operations['gatewayIpnsHead'];
    patch?: never;
    trace?: never;
  };
  '/ipns/{name}/{path}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description An IPNS name (`k51…`), or a peer id, which redirects to it; anything else is `400 invalid_parameter`. */
        name: components['parameters']['IpnsGatewayName'];
        /**
         * @description A path below `cid`; it may span several segments (`docs/a/readme.md`), each
         *     percent-decoded once. Empty segments are ignored.
         * @example docs/readme.md
         */
        path: components['parameters']['GatewayPath'];
      };
      cookie?: never;
    };
    /**
     * Read a path under an IPNS name
     * @description `{path}` inside what the name points to (after the path in the record's value, if any),
     *     with the same rules as `GET /ipns/{name}`.
     */
    get: operations['gatewayGetIpnsPath'];
    put?: never;
    post?: never;
    delete?: never;
    /**
     * The gateway's CORS rules
     * @description The same as for `/ipfs/{cid}`.
     */
    options: operations['gatewayIpnsPathOptions'];
    /**
     * Read the headers of a path under an IPNS name
     * @description `GET` without the body: the same status and headers.
     */
    head: operations['gatewayIpnsPathHead'];
    patch?: never;
    trace?: never;
  };
  '/routing/v1/ipns/{name}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a name's signed IPNS record
     * @description The newest valid record this server holds for the name (Delegated Routing V1 HTTP API),
     *     for Kubo's, Helia's or a browser's HTTP router. `404` when it holds none.
     */
    get: operations['routingGetIpns'];
    /**
     * Publish a signed IPNS record
     * @description Stores a record signed elsewhere (Kubo's `ipfs name publish` with an HTTP router, Helia,
     *     `ipfs routing put`). It is checked first: a V2 signature by the name's key, V1 fields (if
     *     any) matching the V2 data, not expired, at most 10 KiB (`400 ipns_record_invalid`). A
     *     record whose sequence is not above the one held is `409 ipns_record_outdated`. A record of
     *     a name an account of this server holds (signed with its exported key) joins the name's
     *     history; a record of any other name is kept only when it points at content this server
     *     serves publicly (`400 ipns_record_invalid` otherwise), so nobody can fill it with records of
     *     throwaway keys.
     */
    put: operations['routingPutIpns'];
    post?: never;
    delete?: never;
    /**
     * The routing API's CORS rules
     * @description Any page may call the routing API without credentials (`GET`, `HEAD`, `PUT`, `OPTIONS`), with or without `Origin`.
     */
    options: operations['routingIpnsOptions'];
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/routing/v1/providers/{cid}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The root CID, in any form (`X-Ipfs-Path` repeats it as requested; `ETag` and `X-Ipfs-Roots`
         *     use the canonical form). Served only when some account holds it or its root block is on
         *     the node, or when it is an identity CID of at most 128 bytes.
         * @example bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi
         */
        cid: components['parameters']['GatewayCid'];
      };
      cookie?: never;
    };
    /**
     * Find who provides a CID
     * @description The IPFS peers of this server's engine that hold the CID, with their addresses and
     *     `transport-bitswap`, when some account holds it publicly; an empty list otherwise (private
     *     content and content not stored here are not told apart). `Accept: application/x-ndjson`
     *     streams one provider a line.
     */
    get: operations['routingFindProviders'];
    put?: never;
    post?: never;
    delete?: never;
    /**
     * The CORS rules of provider lookups
     * @description Any page may look providers up without credentials (`GET`, `HEAD`, `OPTIONS`), as it reads the gateway.
     */
    options: operations['routingProvidersOptions'];
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/healthz': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Liveness probe
     * @description Answers while the process runs; restart the process only when this fails.
     */
    get: operations['healthz'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/readyz': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Readiness probe
     * @description 200 when the database and the content engine both answer within 2 seconds (send traffic
     *     here), else 503 with the reason of each check that failed; `server: draining` once a
     *     SIGTERM came (every request is still served for `SHUTDOWN_DRAIN_SECONDS`, so that a load
     *     balancer stops sending here first), `server: stopping` once the listener closed.
     */
    get: operations['readyz'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/metrics': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Prometheus metrics
     * @description The Prometheus text format: `cairn_http_requests_total` and
     *     `cairn_http_request_duration_seconds` by method and route pattern, `cairn_uploads_total` by
     *     result, `cairn_upload_bytes_total`, `cairn_pin_queue_depth` (over all instances),
     *     `cairn_engine_errors_total` by operation, the last usage check (`cairn_usage_drift_accounts`
     *     and `cairn_usage_drift_bytes`: how many accounts' usage differed from the sum of their
     *     records, and by how many bytes, before it set them right; `cairn_usage_repaired_accounts`;
     *     `cairn_usage_check_timestamp_seconds`: when it ended), and the process figures
     *     (`cairn_process_*`, `cairn_nodejs_*`). Only for an administrator's session or API token.
     */
    get: operations['metrics'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/docs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Quick start page
     * @description An HTML page with curl and SDK snippets and links to the explorer and this file.
     */
    get: operations['docsPage'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/docs/swagger': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Interactive API explorer
     * @description Swagger UI, served from the bundled package (no CDN), loading `/docs/openapi.yaml`.
     */
    get: operations['swaggerUi'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/docs/snippets.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * SDK and CLI quick starts
     * @description The install command and a quick start of each official SDK (TypeScript, JavaScript in a
     *     browser, Python, PHP, Go) and of the `cairn` command line, as `/docs` and the app's API
     *     page show them. Each quick start uploads `hello.txt` and prints its CID.
     */
    get: operations['docsSnippets'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/docs/openapi.yaml': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** This OpenAPI document */
    get: operations['openapiDocument'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/psa/pins': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List pin requests
     * @description The account's pin requests matching every filter given, newest first. Without `status`,
     *     only pinned requests are listed (the spec's default). `count` is how many match in all
     *     (with `before`/`after`), so a client pages by passing the oldest `created` as `before`
     *     until it has read `count` results.
     */
    get: operations['psaListPins'];
    put?: never;
    /**
     * Add a pin request
     * @description Queues the CID for pinning and answers at once (`queued`, or already further on). The
     *     content engine connects to `origins` and fetches what it lacks; the pin is then recorded in
     *     My files and charged to the quota (or stands on the account's record of the same CID): the
     *     larger of its file bytes and the bytes of every block fetched and held for it. It fails
     *     (`failed`, with `info.status_details`) if nothing provides the content within
     *     `PIN_TIMEOUT_SECONDS` or it does not fit in the quota. An identity CID is refused
     *     (`400 BAD_REQUEST`): its bytes are inside the CID itself, there is nothing to store.
     */
    post: operations['psaAddPin'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/psa/pins/{requestid}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        requestid: string;
      };
      cookie?: never;
    };
    /** Get a pin request */
    get: operations['psaGetPin'];
    put?: never;
    /**
     * Replace a pin request
     * @description Queues a new request (returned, with its own `requestid`) in place of the one named, which
     *     is gone at once: from this answer on it is `404` and not listed, and a fetch it still had
     *     running stops. Its record stays in My files, charged, and its content pinned, until the new
     *     request's job is over (pinned or failed), so blocks both share are never fetched again and
     *     replacing never frees storage early; then the record goes (refunded) unless something else
     *     of the account stands on it, and the content is released unless something else holds it.
     *     Of concurrent replacements of one request, one wins; the others are `404`. A full account
     *     can replace a pin: the bytes the old record will give back count. An identity CID is
     *     refused (`400 BAD_REQUEST`) and the named request stays.
     */
    post: operations['psaReplacePin'];
    /**
     * Remove a pin request
     * @description Removes the request, exactly once: of concurrent removals one is `202`, the others `404`.
     *     A fetch still running stops within a second and frees its worker. The request's record is
     *     deleted, refunded and unpinned only when nothing else of the account stands on it: no other
     *     request, and the account did not upload or pin that content by CID itself.
     */
    delete: operations['psaRemovePin'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface webhooks {
  'upload.created': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A record was created
     * @description An upload, folder, CAR or pin by CID was recorded in the account.
     */
    post: operations['uploadCreatedEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'record.deleted': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A record was deleted
     * @description A record left the account (deleted by its owner or an administrator, or with its last Pinning Service API request).
     */
    post: operations['recordDeletedEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'pin.queued': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A pin by CID was queued
     * @description A pin by CID (`POST /pins`) was queued. The data is the job as `GET /pins/{id}` answers it at that moment.
     */
    post: operations['pinQueuedEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'pin.pinning': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A pin by CID started fetching
     * @description A pin by CID (`POST /pins`) started fetching. The data is the job as `GET /pins/{id}` answers it at that moment.
     */
    post: operations['pinPinningEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'pin.pinned': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A pin by CID was pinned and recorded
     * @description A pin by CID (`POST /pins`) was pinned and recorded. The data is the job as `GET /pins/{id}` answers it at that moment.
     */
    post: operations['pinPinnedEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'pin.failed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A pin by CID failed
     * @description A pin by CID (`POST /pins`) failed. The data is the job as `GET /pins/{id}` answers it at that moment.
     */
    post: operations['pinFailedEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'psa.pin.queued': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A Pinning Service API pin was queued
     * @description A Pinning Service API request was queued. The data is its `PinStatus` without `delegates`. A request removed while it runs sends nothing more.
     */
    post: operations['psaPinQueuedEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'psa.pin.pinning': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A Pinning Service API pin started fetching
     * @description A Pinning Service API request started fetching. The data is its `PinStatus` without `delegates`. A request removed while it runs sends nothing more.
     */
    post: operations['psaPinPinningEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'psa.pin.pinned': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A Pinning Service API pin was pinned and recorded
     * @description A Pinning Service API request was pinned and recorded. The data is its `PinStatus` without `delegates`. A request removed while it runs sends nothing more.
     */
    post: operations['psaPinPinnedEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'psa.pin.failed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A Pinning Service API pin failed
     * @description A Pinning Service API request failed. The data is its `PinStatus` without `delegates`. A request removed while it runs sends nothing more.
     */
    post: operations['psaPinFailedEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'quota.near_limit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Storage reached 80 % of the limit
     * @description A record took the account from below 80 % of its storage limit to 80 % or more; sent again only after usage has gone below and crosses again.
     */
    post: operations['quotaNearLimitEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'quota.exceeded': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Storage is full
     * @description An upload or pin was refused for want of storage (`reason: refused`, at most once an hour per account), or a plan change left more stored than the new plan allows (`reason: plan_changed`).
     */
    post: operations['quotaExceededEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'payment.succeeded': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A payment went through
     * @description A plan was paid by card: its checkout (`renewal: false`) or a later invoice of its subscription (`renewal: true`, a payment of its own).
     */
    post: operations['paymentSucceededEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'payment.failed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A payment failed
     * @description A card was declined at checkout (`renewal: false`; the order is `declined`), or a renewal failed (`renewal: true`; the data is the subscription's order, whose plan stays until the provider ends the subscription).
     */
    post: operations['paymentFailedEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'webhook.test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A test event
     * @description Sent by `POST /webhooks/{webhookId}/test` to that endpoint alone.
     */
    post: operations['webhookTestEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface components {
  schemas: {
    /** @enum {string} */
    PsaStatus: 'queued' | 'pinning' | 'pinned' | 'failed';
    /**
     * @default exact
     * @enum {string}
     */
    PsaTextMatchingStrategy: 'exact' | 'iexact' | 'partial' | 'ipartial';
    /** @description String keys and values kept with the request. */
    PsaPinMeta: {
      [key: string]: string;
    };
    /** @description The spec's Pin object, as sent. */
    PsaPinRequest: {
      /** @description The CID to pin recursively. */
      cid: string;
      /** @description Kept as sent (the `name` filter matches it) and used as the record's name in My files. */
      name?: string;
      /** @description Multiaddrs of peers known to hold the content; the content engine connects to them first. */
      origins?: string[];
      meta?: components['schemas']['PsaPinMeta'];
    };
    /** @description The spec's Pin object, as kept (the CID in its canonical form). */
    PsaPin: {
      cid: string;
      name?: string;
      origins: string[];
      meta: components['schemas']['PsaPinMeta'];
    };
    PsaPinStatus: {
      /** Format: uuid */
      requestid: string;
      status: components['schemas']['PsaStatus'];
      /**
       * Format: date-time
       * @description When the request entered Cairn; unique within the account (pages are cut by it).
       */
      created: string;
      pin: components['schemas']['PsaPin'];
      /** @description The content engine's multiaddrs, each with `/p2p/<peer id>`; empty only with `IPFS_NETWORK=off`. */
      delegates: string[];
      info: {
        status_details: string;
        error_code?: string;
        /** Format: uuid */
        upload_id?: string;
        raw_size?: string;
      } & {
        [key: string]: string;
      };
    };
    PsaPinResults: {
      count: number;
      results: components['schemas']['PsaPinStatus'][];
    };
    PsaFailure: {
      error: {
        reason: string;
        details?: string;
      };
    };
    Readiness: {
      /** @enum {unknown} */
      status: 'ready' | 'not_ready';
      /** @description `ok` per dependency (`database`, `content`), else why it is not ready. */
      checks: {
        [key: string]: string;
      };
    };
    AdminStats: {
      /** @description Every account. */
      users: number;
      /** @description Accounts that signed in within the last 30 days. */
      activeUsers: number;
      /** @description Records (uploads and pins) of all accounts. */
      files: number;
      /** @description The bytes those records account for (a CID held by two accounts counts twice). */
      storedBytes: number;
      /** @description Distinct CIDs held, i.e. what the node keeps pinned. */
      pins: number;
      /** @description Euros of paid orders (refunded ones excluded) paid within each period up to now. */
      income: {
        '24h': number;
        '7d': number;
        '15d': number;
        '30d': number;
        '3m': number;
        '6m': number;
        '1y': number;
        all: number;
      };
      /** @description The 10 accounts that referred the most sign-ups, most first. */
      topReferrers: {
        /** Format: uuid */
        userId: string;
        email: components['schemas']['Email'];
        /** @description Accounts that signed up with this account's code. */
        referrals: number;
        /** @description Bonus storage earned through referrals, in MiB (2^20 bytes), to two decimals. */
        earnedMb: number;
      }[];
      /** @description The last 30 UTC days, oldest first, today last. */
      daily: {
        /** Format: date */
        date: string;
        signups: number;
        /** @description Records created that day. */
        uploads: number;
        incomeEur: number;
      }[];
    };
    /**
     * @description An account as administrators see it.
     * @example {
     *       "id": "9a7f3c52-1d2e-4b8a-9f4e-2c6b1a0d5e73",
     *       "email": "ada@example.com",
     *       "name": "Ada",
     *       "lastname": "Lovelace",
     *       "role": "user",
     *       "status": "active",
     *       "planCode": "free",
     *       "storageUsed": 52428800,
     *       "storageLimit": 1084227584,
     *       "bonusBytes": 10485760,
     *       "createdAt": "2025-03-01T12:00:00.000Z",
     *       "lastActiveAt": "2025-03-02T08:15:30.000Z",
     *       "twoFactorEnabled": false
     *     }
     */
    AdminUser: {
      /** Format: uuid */
      id: string;
      email: components['schemas']['Email'];
      name: string;
      lastname: string;
      /** @enum {string} */
      role: 'user' | 'admin';
      /**
       * @description An `inactive` (disabled) account cannot sign in and its sessions and tokens stop working.
       * @enum {string}
       */
      status: 'active' | 'inactive';
      planCode: string;
      /** @description Bytes the account's records hold. */
      storageUsed: number;
      /** @description The plan's storage plus the referral bonus, in bytes. */
      storageLimit: number;
      /** @description The referral bonus, in bytes. */
      bonusBytes: number;
      createdAt: components['schemas']['Timestamp'];
      /**
       * Format: date-time
       * @description The last sign-in, or null if never.
       */
      lastActiveAt: string | null;
      /** @description Whether the account signs in with a second factor (an authenticator code). */
      twoFactorEnabled: boolean;
    };
    AdminBonusGrantRequest: {
      /** @description Bonus storage to add, in MiB (2^20 = 1,048,576 bytes). */
      megabytes: number;
      /** @description Why (trimmed); kept in the audit log. */
      note: string;
    };
    AdminBonusGrant: {
      user: components['schemas']['AdminUser'];
      reward: components['schemas']['AdminReward'];
    };
    /** @description An account as administrators see it (AdminUser), with its profile and referral facts. */
    AdminUserProfile: {
      /** @description Whether the account signs in with a second factor. */
      twoFactorEnabled: boolean;
      /** Format: uuid */
      id: string;
      email: components['schemas']['Email'];
      name: string;
      lastname: string;
      /** @enum {string} */
      role: 'user' | 'admin';
      /** @enum {string} */
      status: 'active' | 'inactive';
      planCode: string;
      storageUsed: number;
      /** @description The plan's storage plus the bonus, in bytes. */
      storageLimit: number;
      /** @description The bonus storage (referrals and grants), in bytes. */
      bonusBytes: number;
      createdAt: components['schemas']['Timestamp'];
      /** Format: date-time */
      lastActiveAt: string | null;
      country: string;
      language: string;
      referralCode: string;
      /** @description The account whose code this one signed up with, or null. */
      referredBy: null | {
        /** Format: uuid */
        id: string;
        email: components['schemas']['Email'];
      };
      /** @description Records the account holds. */
      filesCount: number;
    };
    AdminUserDetail: {
      user: components['schemas']['AdminUserProfile'];
      plan: components['schemas']['Plan'];
      files: {
        items: components['schemas']['AdminFile'][];
        total: number;
      };
      tokens: {
        items: components['schemas']['AdminToken'][];
        total: number;
      };
      referrals: {
        items: components['schemas']['AdminReferral'][];
        total: number;
      };
      rewards: {
        items: components['schemas']['AdminReward'][];
        total: number;
      };
      logs: {
        items: components['schemas']['LogEntry'][];
        total: number;
      };
    };
    /** @description At least one field. */
    AdminUserUpdateRequest: {
      /**
       * @description `inactive` disables the account; `active` enables it again.
       * @enum {string}
       */
      status?: 'active' | 'inactive';
      /** @enum {string} */
      role?: 'user' | 'admin';
      /** @description An existing plan's code (inactive plans included). */
      planCode?: string;
    };
    /** @description A record of any account, with its owner. */
    AdminFile: {
      /** Format: uuid */
      uploadId: string;
      name: components['schemas']['FileName'];
      cid: components['schemas']['Cid'];
      size: number;
      type: components['schemas']['UploadType'];
      category: components['schemas']['Category'];
      /** @enum {string} */
      source: 'upload' | 'pin';
      createdAt: components['schemas']['Timestamp'];
      /** Format: uuid */
      userId: string;
      userEmail: components['schemas']['Email'];
    };
    /** @description One audit entry. Never holds a password, token or secret. */
    LogEntry: {
      /** Format: uuid */
      id: string;
      /** @enum {string} */
      type: 'info' | 'warning' | 'critical';
      action: components['schemas']['AuditAction'];
      /** @description The account that acted (for administrators' actions, the administrator; the target is in `message`). */
      userId: string | null;
      userEmail: string | null;
      ip: string | null;
      /** @description The details, usually a JSON object as text. */
      message: string | null;
      createdAt: components['schemas']['Timestamp'];
    };
    /**
     * @description What an audit entry records, in the order the admin console lists them.
     * @enum {string}
     */
    AuditAction:
      | 'login'
      | 'signup'
      | 'logout'
      | 'upload'
      | 'pin'
      | 'remove'
      | 'rename'
      | 'generate_token'
      | 'revoke_token'
      | 'update_profile'
      | 'change_password'
      | 'update_preferences'
      | 'change_plan'
      | 'change_plan_request'
      | 'create_order'
      | 'process_webhook'
      | 'order_cancel'
      | 'order_uncleared'
      | 'order_declined'
      | 'order_expired'
      | 'order_refunded'
      | 'order_void'
      | 'order_error'
      | 'create_plan'
      | 'update_plan'
      | 'delete_plan'
      | 'update_user'
      | 'grant_bonus'
      | 'prune_logs'
      | 'retry_content_job'
      | 'collect_engine_garbage'
      | 'check_usage'
      | 'enable_two_factor'
      | 'disable_two_factor'
      | 'update_admin_settings'
      | 'make_private'
      | 'make_public'
      | 'create_link'
      | 'revoke_link'
      | 'create_s3_key'
      | 'delete_s3_key';
    LogPruneRequest: {
      /**
       * @description Keep the last this many days; older entries are deleted.
       * @default 15
       */
      olderThanDays: number;
    };
    LogPruneResult: {
      /** @description How many entries were deleted. */
      removed: number;
    };
    /**
     * @description A plan, with how many accounts hold it.
     * @example {
     *       "code": "pro",
     *       "name": "Pro",
     *       "storageLimitBytes": 107374182400,
     *       "priceMonthlyEur": 9.99,
     *       "description": "100 GiB of pinned storage for individuals.",
     *       "active": true,
     *       "isDefault": false,
     *       "egressLimitBytes": 1099511627776,
     *       "egressOverLimit": "block",
     *       "requestLimitFactor": 1,
     *       "usersCount": 12,
     *       "translations": {
     *         "de": {
     *           "name": "Pro",
     *           "description": "100 GiB gepinnter Speicher für Einzelpersonen."
     *         }
     *       }
     *     }
     */
    AdminPlan: {
      code: string;
      name: string;
      storageLimitBytes: number;
      /** @description The monthly price in euros; 0 for a free plan. */
      priceMonthlyEur: number;
      description: string;
      /** @description Whether new accounts can choose it; accounts that hold an inactive plan keep it. */
      active: boolean;
      /** @description The plan of new accounts; exactly one plan is the default. */
      isDefault: boolean;
      /** @description Bytes the gateway may send for an account of the plan in a calendar month (UTC); null is unlimited. */
      egressLimitBytes: number | null;
      /**
       * @description Past the allowance the gateway answers `429 bandwidth_limit_exceeded` (`block`) or keeps serving (`serve`).
       * @enum {string}
       */
      egressOverLimit: 'block' | 'serve';
      /** @description Multiplies the per-token request limits (`RATE_LIMIT_*_PER_TOKEN`) of the plan's accounts; 0 lifts them. Per-IP limits stay. */
      requestLimitFactor: number;
      usersCount: number;
      translations: components['schemas']['PlanTranslations'];
    };
    /**
     * @description A plan's name and description in the interface's other languages (`name` and
     *     `description` of the plan are the English text). An empty field falls back to English.
     *     In a request, a language sent with both fields empty loses its translation, and languages
     *     not sent keep theirs.
     */
    PlanTranslations: {
      es?: components['schemas']['PlanText'];
      ca?: components['schemas']['PlanText'];
      eu?: components['schemas']['PlanText'];
      fr?: components['schemas']['PlanText'];
      de?: components['schemas']['PlanText'];
      it?: components['schemas']['PlanText'];
      pt?: components['schemas']['PlanText'];
      ru?: components['schemas']['PlanText'];
      uk?: components['schemas']['PlanText'];
    };
    PlanText: {
      /** @default  */
      name: string;
      /** @default  */
      description: string;
    };
    AdminPlanList: {
      plans: components['schemas']['AdminPlan'][];
    };
    PlanCreateRequest: {
      /** @description 1 to 32 lower-case letters, digits, hyphens or underscores, starting with a letter or digit. */
      code: string;
      name: string;
      storageLimitBytes: number;
      /** @description At most two decimals; 0 for a free plan. */
      priceMonthlyEur: number;
      /** @default  */
      description: string;
      /** @default true */
      active: boolean;
      /**
       * @description Make it the plan of new accounts (it must be active); the previous default stops being one.
       * @default false
       */
      isDefault: boolean;
      /**
       * @description The monthly egress allowance in bytes; null (the default) is unlimited.
       * @default null
       */
      egressLimitBytes: number | null;
      /**
       * @description What the gateway does past the allowance.
       * @default block
       * @enum {string}
       */
      egressOverLimit: 'block' | 'serve';
      /**
       * @description Multiplies the per-token request limits of the plan's accounts; 0 lifts them.
       * @default 1
       */
      requestLimitFactor: number;
      /** @default {} */
      translations: components['schemas']['PlanTranslations'];
    };
    /** @description At least one field; `code` cannot change. */
    PlanUpdateRequest: {
      name?: string;
      storageLimitBytes?: number;
      priceMonthlyEur?: number;
      description?: string;
      active?: boolean;
      /** @description `true` makes it the default (the previous default stops being one); the default plan cannot be set to `false`. */
      isDefault?: boolean;
      /** @description The monthly egress allowance in bytes; null removes it. */
      egressLimitBytes?: number | null;
      /** @enum {string} */
      egressOverLimit?: 'block' | 'serve';
      /** @description Multiplies the per-token request limits of the plan's accounts; 0 lifts them. */
      requestLimitFactor?: number;
      translations?: components['schemas']['PlanTranslations'];
    };
    /** @description An API token of any account, never its secret or hash. */
    AdminToken: {
      /** Format: uuid */
      id: string;
      name: string;
      prefix: string;
      /** Format: uuid */
      userId: string;
      userEmail: components['schemas']['Email'];
      createdAt: components['schemas']['Timestamp'];
      /** Format: date-time */
      expiresAt: string | null;
      /** Format: date-time */
      lastUsedAt: string | null;
      lastUsedIp: string | null;
      /** Format: date-time */
      revokedAt: string | null;
      /** @description The client IPs the token works from; empty for any. */
      allowedIps: string[];
      /** @enum {string} */
      status: 'active' | 'expired' | 'revoked';
      /** @description What the token may do (`[all]` for full access). */
      scopes: components['schemas']['TokenScope'][];
      /**
       * Format: uuid
       * @description The one group of its account the token is limited to, or null for the whole account.
       */
      groupId: string | null;
      /** @description The name of that group; null for the whole account, and once the group is deleted. */
      groupName: string | null;
    };
    /** @description One job of the content engine's outbox. */
    AdminContentJob: {
      /** Format: uuid */
      id: string;
      /**
       * @description `release`: unpin the CID unless a record, a streaming upload or a pin job still wants it.
       * @enum {string}
       */
      kind: 'release';
      /** @description The CID the job acts on. */
      cid: string;
      /** @enum {string} */
      status: 'pending' | 'running' | 'failed';
      /** @description Attempts made since the job was queued or last retried by an administrator. */
      attempts: number;
      /** @description What the last failed attempt reported (at most 1000 characters). */
      lastError: string | null;
      /**
       * Format: date-time
       * @description When the job runs next; null for a failed job, which waits for an administrator.
       */
      runAfter: string | null;
      /** @description The claim of an upload still streaming; it runs only if that upload fails or dies. */
      waitsForUpload: boolean;
      createdAt: components['schemas']['Timestamp'];
      updatedAt: components['schemas']['Timestamp'];
    };
    /** @description One garbage collection of the content engine's nodes. */
    AdminEngineGcRun: {
      /** Format: uuid */
      id: string;
      /** @description The API instance that ran it. */
      instanceId: string;
      /**
       * @description `schedule`: due after `ENGINE_GC_INTERVAL_HOURS`; `admin`: started by an administrator.
       * @enum {string}
       */
      trigger: 'schedule' | 'admin';
      /**
       * @description `running`; `done`; `busy`: uploads being imported did not finish in time, nothing was
       *     collected; `failed`: the engine failed, or the instance running it stopped.
       * @enum {string}
       */
      status: 'running' | 'done' | 'busy' | 'failed';
      startedAt: components['schemas']['Timestamp'];
      /** Format: date-time */
      finishedAt: string | null;
      /** @description Blocks removed, summed over every Kubo node; null unless `done`. */
      blocksRemoved: number | null;
      /** @description Why it did not finish, or what nodes reported while collecting (at most 1000 characters). */
      error: string | null;
    };
    AdminEngineGc: {
      /** @enum {string} */
      engine: 'embedded' | 'kubo' | 'cluster';
      /** @description Whether Cairn collects this engine's garbage (false on `embedded`, which needs none). */
      supported: boolean;
      /** @description `ENGINE_GC_INTERVAL_HOURS`; 0: none on a schedule. */
      intervalHours: number;
      /** @description A collection runs now, on any instance. */
      running: boolean;
      /**
       * Format: date-time
       * @description When the next scheduled run is due (it starts at the next maintenance pass after); null without a schedule.
       */
      nextRunAt: string | null;
      /** @description The last runs, newest first. */
      runs: components['schemas']['AdminEngineGcRun'][];
    };
    AdminUsageChecks: {
      /** @description How often the deployment checks on its own. */
      intervalSeconds: number;
      /** @description The last checks, newest first. */
      checks: components['schemas']['AdminUsageCheck'][];
    };
    AdminUsageCheck: {
      /** Format: uuid */
      id: string;
      /** @description The instance that ran it. */
      instanceId: string;
      /** @enum {string} */
      trigger: 'schedule' | 'admin';
      /** @description Whether it set the accounts it found off right. */
      repair: boolean;
      startedAt: components['schemas']['Timestamp'];
      finishedAt: components['schemas']['Timestamp'];
      accountsChecked: number;
      /** @description Accounts whose usage differed from the sum of their records' charges. */
      accountsOff: number;
      /** @description By how many bytes, summed over those accounts. */
      bytesOff: number;
      /** @description Accounts whose usage it set to the sum of their records. */
      accountsRepaired: number;
      /** @description The accounts found off, most off first. */
      findings: {
        /** Format: uuid */
        userId: string;
        email: string;
        /** @description The account's usage when the check found it. */
        storageUsed: number;
        /** @description The sum of what its records are charged. */
        recordsBytes: number;
        repaired: boolean;
      }[];
    };
    AdminContentJobList: {
      /** @description At most `limit` jobs, oldest first. */
      jobs: components['schemas']['AdminContentJob'][];
      /** @description How many match, over all pages. */
      total: number;
      page: number;
      limit: number;
    };
    AdminContentJobRetry: {
      /** @description The job was carried out and is gone. */
      done: boolean;
      /** @description The job after the attempt, when it is still there. */
      job: components['schemas']['AdminContentJob'] | null;
    };
    AdminReferral: {
      /** Format: uuid */
      referrerId: string;
      referrerEmail: components['schemas']['Email'];
      /** Format: uuid */
      referredId: string;
      referredEmail: components['schemas']['Email'];
      joinedAt: components['schemas']['Timestamp'];
      /** Format: date-time */
      lastActivityAt: string | null;
      /** @description Bonus storage the referrer earned through this account, in MiB (2^20 bytes), to two decimals. */
      earnedMb: number;
      /** @description Whether the referred account holds a paid plan. */
      hasPaidPlan: boolean;
      /** @description Enabled and signed in within the last 30 days. */
      active: boolean;
    };
    /** @description One row of the bonus storage ledger. */
    AdminReward: {
      /** Format: uuid */
      id: string;
      /** Format: uuid */
      userId: string;
      userEmail: components['schemas']['Email'];
      /** @description Bytes granted; negative for a revocation. */
      bytes: number;
      /**
       * @description `signup_bonus`, `referral_signup`, `referral_paid_share`, `referral_paid_share_revoked`, or `admin_grant` (given by an administrator, the source).
       * @example referral_signup
       */
      reason: string;
      /** @description The account whose sign-up or payment gave the reward (null once deleted). */
      sourceUserId: string | null;
      sourceEmail: string | null;
      createdAt: components['schemas']['Timestamp'];
    };
    AdminUserList: {
      /** @description At most `limit` accounts, newest first. */
      users: components['schemas']['AdminUser'][];
      /** @description How many match, over all pages. */
      total: number;
      page: number;
      limit: number;
    };
    AdminFileList: {
      /** @description At most `limit` records, newest first. */
      files: components['schemas']['AdminFile'][];
      /** @description How many match, over all pages. */
      total: number;
      page: number;
      limit: number;
    };
    LogList: {
      /** @description At most `limit` entries, newest first. */
      logs: components['schemas']['LogEntry'][];
      /** @description How many match, over all pages. */
      total: number;
      page: number;
      limit: number;
    };
    AdminTokenList: {
      /** @description At most `limit` tokens, newest first. */
      tokens: components['schemas']['AdminToken'][];
      /** @description How many match, over all pages. */
      total: number;
      page: number;
      limit: number;
    };
    AdminReferralList: {
      /** @description At most `limit` referred accounts, newest first. */
      referrals: components['schemas']['AdminReferral'][];
      /** @description How many match, over all pages. */
      total: number;
      page: number;
      limit: number;
    };
    AdminRewardList: {
      /** @description At most `limit` ledger rows, newest first. */
      rewards: components['schemas']['AdminReward'][];
      /** @description How many match, over all pages. */
      total: number;
      page: number;
      limit: number;
    };
    /** @description Every error response. */
    Error: {
      /** @description An English message for humans. */
      error: string;
      code: components['schemas']['ErrorCode'];
      /** @description Present on `validation_error`; one entry per problem. */
      details?: components['schemas']['ValidationIssue'][];
      /** @description Present on `internal_error`; the request's `X-Request-Id`. */
      requestId?: string;
      scope?: components['schemas']['ScopeRequirement'];
    };
    /**
     * @description A stable snake_case code for programs (the UI translates it): every code any error response
     *     carries. Each operation documents the ones it can answer.
     * @enum {string}
     */
    ErrorCode:
      | 'access_link_expired'
      | 'access_link_invalid'
      | 'account_disabled'
      | 'admin_required'
      | 'already_pinned'
      | 'bad_request'
      | 'bandwidth_limit_exceeded'
      | 'busy'
      | 'cannot_modify_self'
      | 'car_block_mismatch'
      | 'car_block_too_large'
      | 'car_block_undecodable'
      | 'car_incomplete'
      | 'car_invalid'
      | 'car_roots'
      | 'car_too_deep'
      | 'car_too_many_blocks'
      | 'car_unixfs_mismatch'
      | 'car_unlinked_block'
      | 'car_unsupported_codec'
      | 'car_unsupported_hash'
      | 'cid_not_found'
      | 'content_job_not_found'
      | 'content_job_running'
      | 'content_unavailable'
      | 'crypto_unavailable'
      | 'default_plan_inactive'
      | 'default_plan_protected'
      | 'dns_label_too_long'
      | 'domain_limit_reached'
      | 'domain_not_found'
      | 'domain_taken'
      | 'domain_target_not_held'
      | 'email_taken'
      | 'engine_gc_running'
      | 'file_not_found'
      | 'file_not_received'
      | 'file_too_large'
      | 'files_not_received'
      | 'forbidden'
      | 'gateway_host_only'
      | 'gc_running'
      | 'gc_unsupported'
      | 'group_name_taken'
      | 'group_not_found'
      | 'headers_too_large'
      | 'identity_cid'
      | 'insufficient_funds'
      | 'insufficient_scope'
      | 'internal_error'
      | 'invalid_challenge'
      | 'invalid_cid'
      | 'invalid_credentials'
      | 'invalid_json'
      | 'invalid_multipart'
      | 'invalid_parameter'
      | 'invalid_path'
      | 'invalid_redirect_url'
      | 'invalid_referral_code'
      | 'invalid_signature'
      | 'invalid_token'
      | 'invalid_transaction'
      | 'invalid_two_factor_code'
      | 'invalid_upload_length'
      | 'invalid_upload_offset'
      | 'ipns_record_invalid'
      | 'ipns_record_outdated'
      | 'link_not_found'
      | 'meta_key_invalid'
      | 'meta_too_many_keys'
      | 'meta_value_too_long'
      | 'method_not_allowed'
      | 'missing_token'
      | 'name_limit_reached'
      | 'name_not_found'
      | 'name_not_resolved'
      | 'name_taken'
      | 'name_value_not_held'
      | 'not_a_directory'
      | 'not_a_file'
      | 'not_acceptable'
      | 'not_cached'
      | 'not_found'
      | 'not_implemented'
      | 'not_unixfs'
      | 'path_not_found'
      | 'path_outside_root'
      | 'payload_too_large'
      | 'payment_provider_error'
      | 'payment_url_missing'
      | 'payment_verification_failed'
      | 'payments_not_configured'
      | 'pin_failed'
      | 'pin_not_found'
      | 'pin_removed'
      | 'plan_already_active'
      | 'plan_exists'
      | 'plan_in_use'
      | 'plan_not_found'
      | 'plan_update_failed'
      | 'publication_not_found'
      | 'quota_exceeded'
      | 'range_not_satisfiable'
      | 'rate_limited'
      | 's3_key_limit_reached'
      | 's3_key_not_found'
      | 'session_ended'
      | 'session_required'
      | 'shutting_down'
      | 'signed_url_expired'
      | 'signed_url_not_found'
      | 'signed_url_used'
      | 'terms_not_accepted'
      | 'token_expired'
      | 'token_ip_not_allowed'
      | 'token_not_found'
      | 'token_revoked'
      | 'too_many_event_streams'
      | 'too_many_files'
      | 'too_many_links'
      | 'too_many_uploads'
      | 'tus_version_unsupported'
      | 'two_factor_already_enabled'
      | 'two_factor_not_enabled'
      | 'two_factor_not_started'
      | 'two_factor_required'
      | 'unauthorized'
      | 'unsupported_media_type'
      | 'upload_aborted'
      | 'upload_complete'
      | 'upload_expired'
      | 'upload_incomplete'
      | 'upload_lost'
      | 'upload_not_found'
      | 'upload_owner_unavailable'
      | 'user_not_found'
      | 'validation_error'
      | 'webhook_limit_reached'
      | 'webhook_not_found'
      | 'webhook_url_refused'
      | 'wrong_password';
    ValidationIssue: {
      /**
       * @description The dotted path of the offending field; empty for the body as a whole.
       * @example password
       */
      path: string;
      /** @example Password must be at least 6 characters */
      message: string;
    };
    /**
     * @description One of the ten supported interface languages.
     * @enum {string}
     */
    LanguageCode: 'en' | 'es' | 'ca' | 'eu' | 'fr' | 'de' | 'it' | 'pt' | 'ru' | 'uk';
    /**
     * @description An ISO 3166-1 alpha-2 code, upper case.
     * @example US
     */
    CountryCode: string;
    /**
     * @description An ISO 3166-1 alpha-2 code; case-insensitive, surrounding spaces are trimmed.
     * @example ES
     */
    CountryCodeInput: string;
    /**
     * @description A real calendar date in DD/MM/YYYY, in the past and not before 1900.
     * @example 10/12/1985
     */
    BirthDate: string;
    /**
     * @description A real calendar date in DD/MM/YYYY, in the past and not before 1900; surrounding spaces are trimmed.
     * @example 10/12/1985
     */
    BirthDateInput: string;
    /**
     * Format: email
     * @example ada@example.com
     */
    Email: string;
    /**
     * Format: date-time
     * @description ISO 8601, UTC.
     * @example 2025-03-01T12:00:00.000Z
     */
    Timestamp: string;
    /**
     * @example {
     *       "id": "9a7f3c52-1d2e-4b8a-9f4e-2c6b1a0d5e73",
     *       "email": "ada@example.com",
     *       "name": "Ada",
     *       "lastname": "Lovelace",
     *       "country": "GB",
     *       "birthDate": "10/12/1985",
     *       "language": "en",
     *       "role": "user",
     *       "status": "active",
     *       "referralCode": "K7QX2M9P",
     *       "createdAt": "2025-03-01T12:00:00.000Z"
     *     }
     */
    User: {
      /** Format: uuid */
      id: string;
      /** @description Always lower case. */
      email: components['schemas']['Email'];
      name: string;
      lastname: string;
      country: components['schemas']['CountryCode'];
      birthDate: components['schemas']['BirthDate'];
      language: components['schemas']['LanguageCode'];
      /** @enum {string} */
      role: 'user' | 'admin';
      /** @enum {string} */
      status: 'active' | 'inactive';
      /** @description The user's own code to invite others with. */
      referralCode: string;
      createdAt: components['schemas']['Timestamp'];
    };
    SignupResult: {
      user: components['schemas']['User'];
    };
    /**
     * @example {
     *       "token": "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzaWQiOiI0ZTQ1In0.c2lnbmF0dXJl",
     *       "expiresAt": "2025-03-02T12:00:00.000Z"
     *     }
     */
    LoginResult: {
      /** @description The session JWT; send it as `Authorization: Bearer <token>`. */
      token: string;
      /** @description When the session expires (24 hours by default). */
      expiresAt: components['schemas']['Timestamp'];
    };
    /**
     * @description The password was right; the account signs in with a second factor too.
     * @example {
     *       "twoFactorRequired": true,
     *       "challenge": "o3sQ2r0xk6T0b7lU8yYpZb1hXK2nV4m9QeC5wD1fG3A",
     *       "expiresAt": "2025-03-01T12:05:00.000Z"
     *     }
     */
    LoginChallenge: {
      /** @constant */
      twoFactorRequired: true;
      /** @description Send it with a code to `POST /auth/login/two-factor`. Single use. */
      challenge: string;
      /** @description When the challenge stops working (five minutes after the password). */
      expiresAt: components['schemas']['Timestamp'];
    };
    TwoFactorLoginRequest: {
      challenge: string;
      code: components['schemas']['TwoFactorCode'];
    };
    /** @description The six-digit code of the authenticator app, or a recovery code (`xxxxx-xxxxx`). */
    TwoFactorCode: string;
    TwoFactorCodeRequest: {
      code: components['schemas']['TwoFactorCode'];
    };
    TwoFactorStatus: {
      enabled: boolean;
      /** Format: date-time */
      enabledAt: string | null;
      recoveryCodesLeft: number;
      /** @description True for an administrator of a deployment that requires two-factor for admins. */
      required: boolean;
    };
    /**
     * @example {
     *       "secret": "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
     *       "otpauthUri": "otpauth://totp/Cairn:ada%40example.com?issuer=Cairn&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30",
     *       "qrCode": "data:image/svg+xml;base64,PHN2Zy8+"
     *     }
     */
    TwoFactorEnrolment: {
      /** @description The secret in base32, to type into an app by hand. */
      secret: string;
      /** @description The `otpauth://totp/...` URI the QR code holds. */
      otpauthUri: string;
      /** @description The QR code of `otpauthUri`, an SVG image as a `data:` URL. */
      qrCode: string;
    };
    TwoFactorRecoveryCodes: {
      /** @description Ten one-time codes, shown this once. */
      recoveryCodes: string[];
      enabledAt: components['schemas']['Timestamp'];
    };
    AdminSettings: {
      /** @description Administrators must sign in with two-factor to use the admin area. */
      requireAdminTwoFactor: boolean;
    };
    AdminSettingsUpdateRequest: {
      requireAdminTwoFactor?: boolean;
    };
    /**
     * @example {
     *       "language": "ca",
     *       "country": "ES"
     *     }
     */
    Preferences: {
      language: components['schemas']['LanguageCode'];
      country: components['schemas']['CountryCode'];
    };
    Language: {
      code: components['schemas']['LanguageCode'];
      /**
       * @description The language's English name.
       * @example Catalan
       */
      name: string;
      /**
       * @description The language's name in itself.
       * @example Català
       */
      native: string;
    };
    LanguageList: {
      languages: components['schemas']['Language'][];
    };
    Country: {
      code: components['schemas']['CountryCode'];
      /** @example Spain */
      name: string;
    };
    CountryList: {
      language: components['schemas']['LanguageCode'];
      countries: components['schemas']['Country'][];
    };
    /** @description The fields shared by `ApiToken` and `ApiTokenCreated`. */
    ApiTokenFields: {
      /** Format: uuid */
      id: string;
      name: string;
      /** @description The first characters of the secret, to recognise the token by. */
      prefix: string;
      /** @description The only client IP the token works from, or null for any. */
      allowedIp: string | null;
      /**
       * Format: date-time
       * @description When the token stops working, or null if it never expires.
       */
      expiresAt: string | null;
      createdAt: components['schemas']['Timestamp'];
      /**
       * Format: date-time
       * @description When the token was last used, to the minute (a use within a minute of the last one recorded, from the same IP, is not recorded again).
       */
      lastUsedAt: string | null;
      /** @description The client IP of the last use. */
      lastUsedIp: string | null;
      /** Format: date-time */
      revokedAt: string | null;
      /** @enum {string} */
      status: 'active' | 'expired' | 'revoked';
      /** @description What the token may do; `[all]` for a full-access token (every token made before scopes existed). */
      scopes: components['schemas']['TokenScope'][];
      /**
       * Format: uuid
       * @description The one group the token is limited to, or null for the whole account. Once that group is deleted the token is refused everything (`403 insufficient_scope`).
       */
      groupId: string | null;
      /** @description The name of that group; null for the whole account, and once the group is deleted. */
      groupName: string | null;
    };
    /**
     * @description A right an API token holds. `all` is every right of the account (administration too, for an
     *     administrator's token) and stands alone; the others may be combined:
     *     - `files:read`: list files, read a record, its DAG, status and allocations, and name
     *       downloads after the account's records at the gateway;
     *     - `files:write`: upload (files, folders, CARs, resumable uploads), rename and delete
     *       files, and create signed upload URLs;
     *     - `pins:write`: pin by CID and follow the pin's job;
     *     - `groups:write`: create, rename and delete groups and change their members;
     *     - `psa`: the Pinning Service API (`/psa`);
     *     - `links:write`: create and revoke signed access links;
     *     - `admin:*`: the administration routes (administrators only).
     *     Managing tokens, the profile, the password, preferences, plans, payments and referrals
     *     needs a session or an `all` token.
     * @enum {string}
     */
    TokenScope: 'all' | 'files:read' | 'files:write' | 'pins:write' | 'groups:write' | 'psa' | 'links:write' | 'admin:*';
    /**
     * @description What an operation asks of an API token (its `x-cairn-scope`): one `TokenScope`, held by
     *     the token (or `all`); `all`, only a full-access token; or `any`, any valid token.
     * @enum {string}
     */
    ScopeRequirement: 'any' | 'all' | 'files:read' | 'files:write' | 'pins:write' | 'groups:write' | 'psa' | 'links:write' | 'admin:*';
    /**
     * @description An API token as its owner sees it; never the secret or its hash.
     * @example {
     *       "id": "3b241101-e2bb-4255-8caf-4136c566a962",
     *       "name": "laptop",
     *       "prefix": "cairn_Y81Nvw",
     *       "allowedIp": null,
     *       "expiresAt": "2025-03-31T12:00:00.000Z",
     *       "createdAt": "2025-03-01T12:00:00.000Z",
     *       "lastUsedAt": "2025-03-02T08:15:30.000Z",
     *       "lastUsedIp": "203.0.113.7",
     *       "revokedAt": null,
     *       "status": "active",
     *       "scopes": [
     *         "all"
     *       ],
     *       "groupId": null,
     *       "groupName": null
     *     }
     */
    ApiToken: components['schemas']['ApiTokenFields'];
    /**
     * @description A new API token with its secret, returned only once.
     * @example {
     *       "id": "3b241101-e2bb-4255-8caf-4136c566a962",
     *       "name": "laptop",
     *       "prefix": "cairn_Y81Nvw",
     *       "allowedIp": null,
     *       "expiresAt": "2025-03-31T12:00:00.000Z",
     *       "createdAt": "2025-03-01T12:00:00.000Z",
     *       "lastUsedAt": null,
     *       "lastUsedIp": null,
     *       "revokedAt": null,
     *       "status": "active",
     *       "scopes": [
     *         "files:read",
     *         "pins:write"
     *       ],
     *       "groupId": "7f1d2c3b-4a5e-4f60-9b8a-1c2d3e4f5a6b",
     *       "groupName": "Invoices",
     *       "token": "cairn_Y81NvwnfUCkcgKS0lMw9bk_R0fuJpHtFfQCgPeKnVd0"
     *     }
     */
    ApiTokenCreated: components['schemas']['ApiTokenFields'] & {
      /** @description The secret. Send it as `Authorization: Bearer <token>`. */
      token: string;
    };
    TokenList: {
      tokens: components['schemas']['ApiToken'][];
    };
    /** @description The fields shared by `S3Key` and `S3KeyCreated`. */
    S3KeyFields: {
      /** Format: uuid */
      id: string;
      name: string;
      /** @description What S3 clients send as their access key id (`aws_access_key_id`). */
      accessKeyId: string;
      /** @description True for a key that may only read (GET, HEAD and listings). */
      readOnly: boolean;
      createdAt: components['schemas']['Timestamp'];
      /**
       * Format: date-time
       * @description When an S3 request was last signed with the key, to the minute; null if never.
       */
      lastUsedAt: string | null;
    };
    /**
     * @description An S3 access key as its owner sees it (never its secret).
     * @example {
     *       "id": "9c5b94b1-35ad-49bb-b118-8e8fc24abf80",
     *       "name": "backups",
     *       "accessKeyId": "CRNX4Q7ZK2M9TB8WJ3RA",
     *       "readOnly": false,
     *       "createdAt": "2025-03-01T12:00:00.000Z",
     *       "lastUsedAt": null
     *     }
     */
    S3Key: components['schemas']['S3KeyFields'];
    /**
     * @description A new S3 key with its secret access key, returned only once.
     * @example {
     *       "id": "9c5b94b1-35ad-49bb-b118-8e8fc24abf80",
     *       "name": "backups",
     *       "accessKeyId": "CRNX4Q7ZK2M9TB8WJ3RA",
     *       "readOnly": false,
     *       "createdAt": "2025-03-01T12:00:00.000Z",
     *       "lastUsedAt": null,
     *       "secretAccessKey": "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"
     *     }
     */
    S3KeyCreated: components['schemas']['S3KeyFields'] & {
      /** @description The secret (`aws_secret_access_key`). It is never shown again. */
      secretAccessKey: string;
    };
    S3KeyList: {
      keys: components['schemas']['S3Key'][];
      /**
       * @description The S3 API's address for clients (`--endpoint-url`): `S3_HOST` over the public URL's
       *     scheme when set, else the public URL's host on `S3_PORT`; null when the server runs no
       *     S3 API.
       * @example http://localhost:9000
       */
      endpoint: string | null;
      /**
       * @description The region clients sign for (`S3_REGION`, `us-east-1` by default).
       * @example us-east-1
       */
      region: string;
    };
    S3KeyCreateRequest: {
      /** @description A label to recognise the key by (trimmed). */
      name: string;
      /** @description A key that may only read (GET, HEAD and listings). False when left out. */
      readOnly?: boolean;
    };
    /** @description Text fields are trimmed; unknown fields are ignored. */
    SignupRequest: {
      name: string;
      lastname: string;
      country: components['schemas']['CountryCodeInput'];
      birthDate: components['schemas']['BirthDateInput'];
      language: components['schemas']['LanguageCode'];
      /** @description Case-insensitive; stored in lower case. */
      email: components['schemas']['Email'];
      password: string;
      /** @description Another user's referral code (case-insensitive). An empty string means none. */
      referralCode?: string;
    };
    LoginRequest: {
      email: components['schemas']['Email'];
      password: string;
    };
    /** @description Any of the profile fields; at least one. Unknown fields are ignored. */
    ProfileUpdateRequest: {
      name?: string;
      lastname?: string;
      country?: components['schemas']['CountryCodeInput'];
      birthDate?: components['schemas']['BirthDateInput'];
      language?: components['schemas']['LanguageCode'];
    };
    PasswordChangeRequest: {
      currentPassword: string;
      newPassword: string;
    };
    PreferencesRequest: {
      language: components['schemas']['LanguageCode'];
      /** @description Defaults to `US` when omitted. */
      country?: components['schemas']['CountryCodeInput'];
    };
    TokenGenerateRequest: {
      /** @description A label to recognise the token by (trimmed). */
      name: string;
      /** @description Days until the token expires, or null for a token that never expires. */
      expiresInDays: number | null;
      /**
       * @description The only client IP (IPv4 or IPv6) the token may be used from. Required when
       *     `expiresInDays` is null; null, an empty string or leaving it out means any IP.
       */
      allowedIp?: string | null;
      /**
       * @description What the token may do: known scopes, at least one, no duplicates; `all` stands alone.
       *     Leaving it out makes a full-access token (`[all]`), as before scopes existed. Only an
       *     administrator may ask for `admin:*` (`403 admin_required` otherwise).
       */
      scopes?: components['schemas']['TokenScope'][];
      /**
       * Format: uuid
       * @description Limits the token to one group of the account (its id; any other is `404
       *     group_not_found`); null or leaving it out means the whole account. A token limited to
       *     a group never reaches the rest of the account: see "Tokens limited to one group" above
       *     (operations marked `x-cairn-group: kept` keep to the group; the others answer it `403
       *     insufficient_scope` unless they need only `any`).
       */
      groupId?: string | null;
    };
    /**
     * @description A CID in its canonical form: CIDv0 (`Qm…`, base58btc) or CIDv1 in base32 (`bafy…`, `bafk…`).
     * @example bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku
     */
    Cid: string;
    /**
     * @description What the content's root is, however it arrived: `file` (one file, or a raw block),
     *     `directory` (a UnixFS directory: a folder uploaded as one DAG or pinned by CID) or `dag` (a
     *     root that is neither, kept for records of other IPLD data).
     * @enum {string}
     */
    UploadType: 'file' | 'directory' | 'dag';
    /**
     * @description What the content is, from its first bytes and its name. A folder has the category all its
     *     files share, and `other` when they differ (a `.bin` beside a `.txt`), whether it was
     *     uploaded or pinned.
     * @enum {string}
     */
    Category: 'image' | 'video' | 'audio' | 'document' | 'office' | 'archive' | 'code' | 'text' | 'other';
    /**
     * @description The record's name, unique in the account.
     * @example notes.md
     */
    FileName: string;
    /** @description The fields of a record of the account (an upload or a pin); shared by `Upload` and the upload results. */
    UploadFields: {
      /** Format: uuid */
      uploadId: string;
      name: components['schemas']['FileName'];
      /**
       * @description The name the content came with: the uploaded file's name (last path segment), the
       *     folder every path of a DAG upload shares, or the pin's `originalName`; null if none.
       */
      originalName: string | null;
      /** @description The name the user chose (at upload, pin or rename), or null. */
      customName: string | null;
      /**
       * @description Which name `name` started from; `auto` is `<type>-<last 10 characters of the CID>`.
       * @enum {string}
       */
      nameSource: 'custom' | 'original' | 'auto';
      cid: components['schemas']['Cid'];
      /** @description File bytes (for a folder, of every file in it). */
      size: number;
      /**
       * @description What the record counts against the quota; the account's usage is the sum of its
       *     records' `chargedBytes`. A file upload is charged its file bytes (`size`). A folder
       *     uploaded as one DAG, a CAR and a pin by CID are charged the larger of `size` and the
       *     bytes of every block their DAG holds (each block once), so a folder's names and links
       *     count, and no UnixFS metadata makes stored bytes free.
       */
      chargedBytes: number;
      type: components['schemas']['UploadType'];
      category: components['schemas']['Category'];
      /** @description 1 for a file; the number of files in a folder, recursively. */
      filesCount: number;
      /**
       * @description `upload` or `pin` (pinned by CID).
       * @enum {string}
       */
      source: 'upload' | 'pin';
      /** @description Private records are served by the gateway only through signed access links (see `PUT /files/{uploadId}/privacy`). */
      private: boolean;
      createdAt: components['schemas']['Timestamp'];
      meta?: components['schemas']['RecordMeta'];
    };
    /**
     * @description A record of the account.
     * @example {
     *       "uploadId": "0b6f3a2e-5c1d-4e8f-9a7b-6c5d4e3f2a1b",
     *       "name": "notes.md",
     *       "originalName": "notes.md",
     *       "customName": null,
     *       "nameSource": "original",
     *       "cid": "bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku",
     *       "size": 8,
     *       "chargedBytes": 8,
     *       "type": "file",
     *       "category": "text",
     *       "filesCount": 1,
     *       "source": "upload",
     *       "private": false,
     *       "createdAt": "2025-03-01T12:00:00.000Z"
     *     }
     */
    Upload: components['schemas']['UploadFields'];
    PrivacyRequest: {
      /** @description `true`: only signed access links open the content; `false`: anyone who knows the CID. */
      private: boolean;
    };
    AccessLinkRequest: {
      /** @description Seconds until the link expires (1 second to 30 days). */
      expiresIn: number;
      /** @description The file name the content downloads as (`Content-Disposition: attachment`); control characters are dropped. Null or empty means none. */
      downloadName?: string | null;
      /** @description The link opens the content once, then answers `410 access_link_expired`. */
      singleUse?: boolean;
    };
    AccessLink: {
      /** Format: uuid */
      id: string;
      /** Format: uuid */
      uploadId: string;
      cid: components['schemas']['Cid'];
      /**
       * Format: uri
       * @description The gateway URL that opens the content; it contains the token.
       */
      url: string;
      /** @description The signed token (`?token=` of the URL). */
      token: string;
      expiresAt: components['schemas']['Timestamp'];
      downloadName: string | null;
      singleUse: boolean;
      createdAt: components['schemas']['Timestamp'];
    };
    AccessLinkList: {
      links: components['schemas']['AccessLink'][];
    };
    /** @description A signed upload URL, shown once. */
    SignedUpload: {
      /** Format: uuid */
      id: string;
      /**
       * Format: uri
       * @description Where to send the one upload (`POST`, multipart or tus creation); it contains the secret.
       */
      url: string;
      maxBytes: number;
      name: string | null;
      /** Format: date-time */
      expiresAt: string;
    };
    /** @description The record an upload created (or the account's existing record of the same content). */
    UploadResult: components['schemas']['UploadFields'] & {
      /** @description The account already held this CID; nothing new was recorded or charged. */
      duplicate: boolean;
    };
    DagFile: {
      /**
       * @description The file's cleaned path inside the DAG.
       * @example docs/a/readme.md
       */
      filename: string;
      cid: components['schemas']['Cid'];
      size: number;
    };
    /** @description A folder uploaded as one DAG (a record of type `directory`), with every file it contains. */
    DagUploadResult: components['schemas']['UploadFields'] & {
      /** @description The account already held this root CID; nothing new was recorded or charged. */
      duplicate: boolean;
      /** @description Every file of the upload, in the order received. */
      files: components['schemas']['DagFile'][];
    };
    /** @description A folder uploaded as separate files (`mode=files`). */
    FilesUploadResult: {
      /** @description One record per file, in the order received. */
      files: components['schemas']['UploadResult'][];
      /** @description The number of files. */
      total: number;
      /** @description The bytes of every file, duplicates included. */
      size: number;
    };
    UploadList: {
      /** @description At most `limit` records, newest first. */
      files: components['schemas']['Upload'][];
      /**
       * @description The number of records matching, over all pages. A search or filter counts its matches up
       *     to 10,000: past that, `total` is 10,000 and `totalAtLeast` is true.
       */
      total: number;
      /**
       * @description Present (true) only when more records match than `total` says: the count stopped at
       *     10,000 matches. Every page past it is still served; a client shows "10,000+".
       */
      totalAtLeast?: boolean;
      page: number;
      limit: number;
    };
    /**
     * @example {
     *       "success": true,
     *       "cid": "bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku",
     *       "uploadId": "0b6f3a2e-5c1d-4e8f-9a7b-6c5d4e3f2a1b",
     *       "removed": true,
     *       "operation": "unpinned",
     *       "timestamp": "2025-03-01T12:00:00.000Z",
     *       "message": "File removed and unpinned"
     *     }
     */
    RemoveResult: {
      /** @constant */
      success: true;
      cid: components['schemas']['Cid'];
      /** Format: uuid */
      uploadId: string;
      /** @constant */
      removed: true;
      /**
       * @description `unpinned` (no account holds the CID any more) or `record_removed` (another record still does).
       * @enum {string}
       */
      operation: 'unpinned' | 'record_removed';
      timestamp: components['schemas']['Timestamp'];
      /** @enum {string} */
      message: 'File removed and unpinned' | 'File removed from your account';
    };
    /** @description What the gateway sent on one UTC day. */
    BandwidthDay: {
      /** Format: date */
      date: string;
      bytes: number;
      requests: number;
    };
    BandwidthUsage: {
      /** @description This calendar month (UTC) so far, against the plan's allowance. */
      month: {
        /**
         * Format: date
         * @description The month's first day.
         */
        from: string;
        bytes: number;
        requests: number;
        /** @description The plan's monthly egress allowance; null is unlimited. */
        limitBytes: number | null;
        /**
         * @description What the gateway does past the allowance.
         * @enum {string}
         */
        overLimit: 'block' | 'serve';
        /** @description `bytes / limitBytes` in percent, two decimals, at most 100; 0 when unlimited. */
        percent: number;
        /** @description `bytes >= limitBytes`: with `overLimit: block` the gateway answers `429 bandwidth_limit_exceeded`. */
        limitReached: boolean;
      };
      /** Format: date */
      from: string;
      /** Format: date */
      to: string;
      /** @description Every day from `from` to `to`, oldest first. */
      days: components['schemas']['BandwidthDay'][];
      /** @description The records that sent the most bytes in the range, most first. */
      top: {
        /** Format: uuid */
        uploadId: string;
        name: string;
        cid: string;
        bytes: number;
        requests: number;
      }[];
    };
    RecordBandwidth: {
      /** Format: uuid */
      uploadId: string;
      /** Format: date */
      from: string;
      /** Format: date */
      to: string;
      bytes: number;
      requests: number;
      days: components['schemas']['BandwidthDay'][];
    };
    AdminBandwidth: {
      /** @enum {string} */
      period: '24h' | '7d' | '15d' | '30d' | '3m' | '6m' | '1y';
      /** Format: date */
      from: string;
      /** Format: date */
      to: string;
      bytes: number;
      requests: number;
      /** @description The accounts that downloaded the most in the period, most first. */
      accounts: {
        /** Format: uuid */
        userId: string;
        email: string;
        bytes: number;
        requests: number;
      }[];
      days: components['schemas']['BandwidthDay'][];
    };
    Usage: {
      /** @description Bytes the account's records hold. */
      used: number;
      /** @description `planLimit + bonus`. */
      limit: number;
      /**
       * @description `used / limit` in percent, two decimals, at most 100 (100 when the limit is 0). An account
       *     moved to a plan smaller than what it holds has `used > limit`: its real share (140 %) and
       *     excess are `used / limit` and `used - limit`.
       */
      percent: number;
      /** @description `used >= limit`: uploads are refused with `403 quota_exceeded`. */
      limitReached: boolean;
      /**
       * @description The account's plan.
       * @example free
       */
      planCode: string;
      /** @description The storage of the account's plan, in bytes. */
      planLimit: number;
      /** @description Referral bonus bytes (sign-up bonus, referrals and referred accounts' paid plans). */
      bonus: number;
      plan: {
        /** @example free */
        code: string;
        /** @example Free */
        name: string;
      };
    };
    /**
     * @description The Pinning Service API statuses.
     * @enum {string}
     */
    PinStatus: 'queued' | 'pinning' | 'pinned' | 'failed';
    /**
     * @example {
     *       "cid": "bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi",
     *       "engine": "cluster",
     *       "peers": [
     *         {
     *           "peerId": "12D3KooWJwXrYr7ZkvZZR3ZqQkiPBPCJVAw2x8cCGzUtfJZJkBcx",
     *           "peerName": "cairn-peer-0",
     *           "status": "pinned",
     *           "error": null,
     *           "updatedAt": "2025-03-01T12:00:01.500Z"
     *         },
     *         {
     *           "peerId": "12D3KooWQy2Mk9y6cPq4uEt3X8uHGH2Mf1PbRQ2sxWz1ntjNzhRm",
     *           "peerName": "cairn-peer-2",
     *           "status": "error",
     *           "error": "peer unreachable",
     *           "updatedAt": "2025-03-01T12:00:03.000Z"
     *         }
     *       ]
     *     }
     */
    PinStatusView: {
      cid: string;
      engine: components['schemas']['ContentEngine'];
      peers: {
        peerId: string;
        peerName: string;
        /** @enum {string} */
        status: 'pinned' | 'pinning' | 'queued' | 'unpinned' | 'error';
        error: string | null;
        /** Format: date-time */
        updatedAt: string | null;
      }[];
    };
    PinAllocationView: {
      cid: string;
      engine: components['schemas']['ContentEngine'];
      peers: {
        peerId: string;
        peerName: string;
      }[];
      replicationMin: number;
      replicationMax: number;
    };
    /**
     * @description Where the deployment keeps content.
     * @enum {string}
     */
    ContentEngine: 'embedded' | 'kubo' | 'cluster';
    /**
     * @description A pin-by-CID job.
     * @example {
     *       "id": "6f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b",
     *       "cid": "bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi",
     *       "status": "pinning",
     *       "bytesFetched": 1048576,
     *       "blocks": 5,
     *       "error": null,
     *       "errorCode": null,
     *       "createdAt": "2025-03-01T12:00:00.000Z",
     *       "updatedAt": "2025-03-01T12:00:01.500Z",
     *       "upload": null
     *     }
     */
    PinJob: {
      /** Format: uuid */
      id: string;
      cid: components['schemas']['Cid'];
      status: components['schemas']['PinStatus'];
      /**
       * @description Bytes fetched from other peers so far (0 when everything was local). Only the embedded
       *     engine reports it; on Kubo and IPFS Cluster it stays 0 and `blocks` shows the progress.
       */
      bytesFetched: number;
      /** @description Distinct blocks of the DAG seen so far. */
      blocks: number;
      /** @description Why the job failed (English), or null. */
      error: string | null;
      /**
       * @description Why the job failed, or null: `cid_not_found` (the content could not be found in time),
       *     `path_not_found` or `not_a_file` (the content is not UnixFS), `quota_exceeded`,
       *     `name_taken`, `content_unavailable`, `not_found` (the account is gone), `account_disabled`
       *     (the account was disabled before the content was recorded) or `pin_failed` (anything
       *     else).
       * @enum {string|null}
       */
      errorCode:
        | 'cid_not_found'
        | 'path_not_found'
        | 'not_a_file'
        | 'quota_exceeded'
        | 'name_taken'
        | 'content_unavailable'
        | 'not_found'
        | 'account_disabled'
        | 'pin_failed'
        | null;
      createdAt: components['schemas']['Timestamp'];
      updatedAt: components['schemas']['Timestamp'];
      /** @description The record the pin created once `pinned` (null before, on failure, or when the record was deleted since). */
      upload: components['schemas']['Upload'] | null;
    };
    /** @description An entry of a directory: a file under it by relative path, or (with `path`) a direct entry by name. */
    DagEntry: {
      /** @example readme.md */
      name: string;
      cid: components['schemas']['Cid'];
      /**
       * @description `raw` is a node that is not UnixFS.
       * @enum {string}
       */
      type: 'file' | 'directory' | 'raw';
      /** @description File bytes; 0 for a directory. */
      size: number;
    };
    DagView: {
      cid: components['schemas']['Cid'];
      /** Format: uuid */
      uploadId: string;
      name: components['schemas']['FileName'];
      type: components['schemas']['UploadType'];
      /** @description Files under the CID, recursively (1 for a file). */
      totalFiles: number;
      /** @description File bytes under the CID, recursively. */
      totalSize: number;
      /**
       * @description One page of every file under the directory (named by relative path), or with `path` of
       *     that folder's direct entries (by name); empty for a file.
       */
      entries: components['schemas']['DagEntry'][];
      /** @description The entries over all pages (files under the directory, or with `path` the folder's direct entries); 0 for a file. */
      total: number;
      page: number;
      limit: number;
      /**
       * Format: uri
       * @description The content on the configured public gateway (`PUBLIC_GATEWAY_URL`, `https://ipfs.io` by
       *     default). It can be found there only when `announced` is true.
       * @example https://ipfs.io/ipfs/bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi
       */
      gatewayUrl: string;
      /**
       * @description Whether this deployment's IPFS nodes announce what they hold to the public IPFS network
       *     (its DHT), where `gatewayUrl` can find it. False on the embedded engine, which announces
       *     nothing, and on Kubo or IPFS Cluster when the Kubo node Cairn talks to is not on the
       *     public network (no bootstrap peers, routing `none`) or does not provide pinned content.
       * @example false
       */
      announced: boolean;
      /**
       * @description The content on this server's gateway.
       * @example /ipfs/bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi
       */
      localUrl: string;
    };
    FileUploadRequest: {
      /**
       * Format: binary
       * @description The file; its filename names the record.
       */
      file: string;
    };
    DirectoryUploadRequest: {
      /** @description One part per file; each part's filename is the file's path relative to the upload. */
      file: string[];
    };
    PinRequest: {
      /** @description The CID to pin (trimmed; CIDv0 or CIDv1). Empty is `Please enter a CID`. */
      cid: string;
      /** @description The content's original name, if known (trimmed, last path segment kept; empty means none). */
      originalName?: string | null;
      /**
       * @description The name for the record (trimmed; letters and digits of any script, dots, underscores and
       *     hyphens, not starting with a dot, at most 255 characters, unique in the account; empty
       *     means none). Without either name the record is named `<type>-<last 10 characters of the
       *     CID>`.
       */
      customName?: string | null;
      /** @description A group of the account the record joins once pinned (else `404 group_not_found`). */
      groupId?: string;
      /** @description Key-values of the record once pinned (limits as in `RecordMeta`). */
      meta?: {
        [key: string]: string;
      };
      /** @description The record the pin makes is private (see `PUT /files/{uploadId}/privacy`). Default false. */
      private?: boolean;
    };
    /**
     * @description A storage plan.
     * @example {
     *       "code": "pro",
     *       "name": "Pro",
     *       "storageLimitBytes": 107374182400,
     *       "priceMonthlyEur": 9.99,
     *       "description": "100 GiB of pinned storage for individuals.",
     *       "active": true,
     *       "isDefault": false,
     *       "egressLimitBytes": 1099511627776,
     *       "egressOverLimit": "block",
     *       "requestLimitFactor": 1
     *     }
     */
    Plan: {
      code: string;
      name: string;
      storageLimitBytes: number;
      /** @description The monthly price in euros; 0 for a free plan. */
      priceMonthlyEur: number;
      description: string;
      /** @description Whether the plan can be chosen. */
      active: boolean;
      /** @description The plan of new accounts, and the one an ended subscription falls back to. */
      isDefault: boolean;
      /** @description Bytes the gateway may send for an account of the plan in a calendar month (UTC); null is unlimited. */
      egressLimitBytes: number | null;
      /**
       * @description Past the allowance the gateway answers `429 bandwidth_limit_exceeded` (`block`) or keeps serving (`serve`).
       * @enum {string}
       */
      egressOverLimit: 'block' | 'serve';
      /** @description Multiplies the per-token request limits (`RATE_LIMIT_*_PER_TOKEN`) of the plan's accounts; 0 lifts them. Per-IP limits stay. */
      requestLimitFactor: number;
    };
    PlanList: {
      /** @description The active plans, cheapest storage first. */
      plans: components['schemas']['Plan'][];
      currentPlanCode: string;
      currentPlan: components['schemas']['Plan'];
      /** @description Whether paid plans can be bought here (card payments through Stripe). */
      paymentsConfigured: boolean;
      /**
       * @description Always false for now.
       * @constant
       */
      cryptoAvailable: false;
    };
    CheckoutRequest: {
      /**
       * @description How to pay a paid plan. `crypto` is refused with `crypto_unavailable`.
       * @default card
       * @enum {string}
       */
      method: 'card' | 'crypto';
      /**
       * @description Must be true.
       * @default false
       */
      acceptTerms: boolean;
    };
    CheckoutResult:
      | {
          /** @constant */
          status: 'changed';
          plan: components['schemas']['Plan'];
        }
      | {
          /** @constant */
          status: 'redirect';
          /**
           * Format: uri
           * @description The Stripe Checkout page.
           */
          url: string;
          /** Format: uuid */
          transactionId: string;
        };
    /**
     * @description `pending` (checkout open), `paid`, `cancel` (left by the buyer), `uncleared` (completed,
     *     payment still clearing), `declined`, `expired` (checkout not completed in time),
     *     `refunded`, `void` (subscription ended before it was paid) or `error` (see the audit log).
     * @enum {string}
     */
    PaymentStatus: 'pending' | 'paid' | 'cancel' | 'uncleared' | 'declined' | 'expired' | 'refunded' | 'void' | 'error';
    /** @description A plan order; `transactionId` is its id. */
    Payment: {
      /** Format: uuid */
      transactionId: string;
      status: components['schemas']['PaymentStatus'];
      planCode: string;
      amountEur: number;
      /** @constant */
      currency: 'EUR';
      /** @enum {string} */
      method: 'card' | 'crypto';
      createdAt: components['schemas']['Timestamp'];
      paidAt: components['schemas']['Timestamp'] | null;
      /** @description The plan ordered; null if it was deleted since. */
      plan: components['schemas']['Plan'] | null;
      /** @description Whether the plan was given to the account. */
      applied: boolean;
      /** @description When the plan this order gave ended (refund, subscription end, or another plan chosen). */
      endedAt: components['schemas']['Timestamp'] | null;
    };
    WebhookReceived: {
      /** @constant */
      received: true;
    };
    Referral: {
      /** Format: uuid */
      id: string;
      /** @description Masked, e.g. `j***@example.com`. */
      email: string;
      joinedAt: components['schemas']['Timestamp'];
      lastActivityAt: components['schemas']['Timestamp'] | null;
      /** @description What this account gives the referrer now, in MiB (2^20 bytes), to two decimals. */
      earnedMb: number;
      hasPaidPlan: boolean;
      /** @description The account is enabled and was active in the last 30 days. */
      active: boolean;
    };
    ReferralSummary: {
      code: string;
      /**
       * Format: uri
       * @description The sign-up page with the code filled in.
       */
      link: string;
      totalReferrals: number;
      activeReferrals: number;
      /** @description What referrals give the caller now, in MiB (2^20 bytes), to two decimals. */
      totalEarnedMb: number;
      /** @description The caller's whole bonus, in MiB (2^20 bytes), to two decimals. */
      currentBonusMb: number;
      /** @description The newest 100 referred accounts, newest first. */
      referrals: components['schemas']['Referral'][];
    };
    /**
     * @description The record's key-values: at most 50, each key 1 to 64 characters of `A-Z a-z 0-9 _ . -`,
     *     each value a string of at most 1024 bytes of UTF-8.
     * @example {
     *       "env": "prod",
     *       "project": "2026-q1"
     *     }
     */
    RecordMeta: {
      [key: string]: string;
    };
    /** @description A record of the account, with the groups it is in. */
    UploadDetail: components['schemas']['UploadFields'] & {
      /** @description The account's groups this record is in, by name. */
      groups: {
        /** Format: uuid */
        id: string;
        name: string;
      }[];
    };
    /** @description A new name, changes of key-values, or both (at least one). */
    UploadPatchRequest: {
      /**
       * @description The new name (trimmed): letters and digits of any script (`отчёт-2026.txt`,
       *     `ñandú.md`), dots, underscores and hyphens, not starting with a dot (no `/`, space or
       *     control character), at most 255 characters, unique in the account.
       */
      name?: string;
      /** @description Key-values to set (a string) or remove (`null`); the record's other keys stay. */
      meta?: {
        [key: string]: string | null;
      };
    };
    /**
     * @description A group of the account's records.
     * @example {
     *       "id": "5d1e7c9a-2b3f-4a6e-8c0d-1f2e3a4b5c6d",
     *       "name": "Invoices 2026",
     *       "filesCount": 12,
     *       "createdAt": "2026-01-10T09:00:00.000Z"
     *     }
     */
    Group: {
      /** Format: uuid */
      id: string;
      name: string;
      /** @description How many records the group holds. */
      filesCount: number;
      createdAt: components['schemas']['Timestamp'];
    };
    GroupList: {
      groups: components['schemas']['Group'][];
      total: number;
      page: number;
      limit: number;
    };
    GroupRequest: {
      /**
       * @description The group's name (trimmed): 1 to 255 characters of any script, spaces and punctuation
       *     included, no control character; unique in the account.
       */
      name: string;
    };
    /** @description The file list's filters as JSON (see `GET /users/me/uploads`); all apply at once. */
    UploadFilterRequest: {
      search?: string;
      name?: string;
      cid?: string;
      /** @enum {string} */
      type?: 'file' | 'directory' | 'dag';
      /** @enum {string} */
      category?: 'image' | 'video' | 'audio' | 'document' | 'office' | 'archive' | 'code' | 'text' | 'other';
      /** Format: date-time */
      from?: string;
      /** Format: date-time */
      to?: string;
      groupId?: string;
      minSize?: number;
      maxSize?: number;
      /** @description Key equals value, for each key. */
      meta?: {
        [key: string]: string;
      };
      /** @description Key's value starts with this, for each key. */
      metaPrefix?: {
        [key: string]: string;
      };
      /** @description Keys the record has. */
      metaExists?: string[];
    };
    /** @description Either `uploadIds` or `filter`. */
    GroupMembersRequest: {
      uploadIds?: string[];
      filter?: components['schemas']['UploadFilterRequest'];
    };
    GroupMembersAdded: {
      /** @description Records that joined the group (those already in it are not counted). */
      added: number;
    };
    GroupMembersRemoved: {
      /** @description Records that left the group. */
      removed: number;
    };
    GroupDeleted: {
      /** @constant */
      deleted: true;
    };
    /** @description What every webhook delivery (and every live event) carries. */
    WebhookEventEnvelope: {
      /**
       * Format: uuid
       * @description The event's id (also in `Cairn-Event-Id`).
       */
      id: string;
      /** @description The event type (`WebhookEventType`, or `webhook.test`). */
      type: string;
      /**
       * Format: date-time
       * @description When the change happened.
       */
      createdAt: string;
      /** @description What the event is about; its shape depends on `type`. */
      data: unknown;
    };
    RecordEventData: {
      /** Format: uuid */
      uploadId: string;
      cid: components['schemas']['Cid'];
      name: string;
      size: number;
      type: components['schemas']['UploadType'];
      /** @enum {string} */
      source: 'upload' | 'pin';
      /** Format: date-time */
      createdAt: string;
    };
    /** @description A Pinning Service API `PinStatus` without `delegates`. */
    PsaPinEventData: {
      /** Format: uuid */
      requestid: string;
      status: components['schemas']['PsaStatus'];
      /** Format: date-time */
      created: string;
      pin: components['schemas']['PsaPin'];
      info: {
        [key: string]: string;
      };
    };
    QuotaEventData: {
      /** @description Bytes stored when the event happened. */
      storageUsed: number;
      /** @description The account's limit (its plan's storage plus any referral bonus). */
      storageLimit: number;
      /** @description Usage as a share of the limit, in percent, to one decimal. */
      percentUsed: number;
      /**
       * @description For `quota.exceeded` only.
       * @enum {string}
       */
      reason?: 'refused' | 'plan_changed';
    };
    PaymentEventData: {
      payment: components['schemas']['Payment'];
      /** @description A subscription's later invoice rather than its checkout. */
      renewal: boolean;
    };
    WebhookTestEventData: {
      /** Format: uuid */
      webhookId: string;
    };
    /**
     * @description An event a webhook endpoint may receive.
     * @enum {string}
     */
    WebhookEventType:
      | 'upload.created'
      | 'record.deleted'
      | 'pin.queued'
      | 'pin.pinning'
      | 'pin.pinned'
      | 'pin.failed'
      | 'psa.pin.queued'
      | 'psa.pin.pinning'
      | 'psa.pin.pinned'
      | 'psa.pin.failed'
      | 'quota.near_limit'
      | 'quota.exceeded'
      | 'payment.succeeded'
      | 'payment.failed';
    /**
     * @description A webhook endpoint of the account.
     * @example {
     *       "id": "0b8f6f9e-3c1d-4f7a-9a51-2d6e8c4b1a70",
     *       "url": "https://hooks.example.com/cairn",
     *       "description": "Invoice pipeline",
     *       "events": [
     *         "upload.created",
     *         "record.deleted"
     *       ],
     *       "enabled": true,
     *       "disabledReason": null,
     *       "consecutiveFailures": 0,
     *       "previousSecretExpiresAt": null,
     *       "createdAt": "2026-11-28T09:00:00.000Z",
     *       "updatedAt": "2026-11-28T09:00:00.000Z"
     *     }
     */
    Webhook: {
      /** Format: uuid */
      id: string;
      /** Format: uri */
      url: string;
      description: string;
      events: components['schemas']['WebhookEventType'][];
      enabled: boolean;
      /** @description Why the server turned the endpoint off (repeated failures); null when it is on or its owner turned it off. */
      disabledReason: string | null;
      /** @description Deliveries given up one after another since the last success. */
      consecutiveFailures: number;
      /** @description While a secret rotation overlaps, until when the secret it replaced still signs deliveries (a second `v1`); null otherwise. */
      previousSecretExpiresAt: components['schemas']['Timestamp'] | null;
      createdAt: components['schemas']['Timestamp'];
      updatedAt: components['schemas']['Timestamp'];
    };
    /** @description The new endpoint and its signing secret, shown this once. */
    WebhookCreated: {
      /** Format: uuid */
      id: string;
      /** Format: uri */
      url: string;
      description: string;
      events: components['schemas']['WebhookEventType'][];
      enabled: boolean;
      disabledReason: null;
      /** @constant */
      consecutiveFailures: 0;
      previousSecretExpiresAt: null;
      createdAt: components['schemas']['Timestamp'];
      updatedAt: components['schemas']['Timestamp'];
      /** @description Signs every delivery (`Cairn-Signature`); never shown again. */
      secret: string;
    };
    WebhookSecretRotateRequest: {
      /**
       * @description How long the secret being replaced keeps signing beside the new one; 0 ends it at once.
       * @default 24
       */
      overlapHours: number;
    };
    WebhookSecretRotated: {
      webhook: components['schemas']['Webhook'];
      /** @description The new signing secret; never shown again. */
      secret: string;
    };
    Domain: {
      /** Format: uuid */
      id: string;
      /** @description Lower-case ASCII; an internationalized name in its `xn--` form. */
      hostname: string;
      /** @description `/ipns/<name>` or `/ipfs/<cid>[/path]`. */
      target: string;
      /**
       * @description `pending`: never checked; `verified`: serving; `failed`: DNS does not name the target (see `lastError`).
       * @enum {string}
       */
      status: 'pending' | 'verified' | 'failed';
      /** Format: date-time */
      verifiedAt: string | null;
      /** Format: date-time */
      lastCheckedAt: string | null;
      lastError: string | null;
      /** @description The DNS record to create for the domain. */
      dnslinkRecord: {
        /** @example _dnslink.files.example.org */
        name: string;
        /** @constant */
        type: 'TXT';
        /** @example dnslink=/ipfs/bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi */
        value: string;
      };
      /** Format: date-time */
      createdAt: string;
    };
    DomainList: {
      domains: components['schemas']['Domain'][];
    };
    DomainCreateRequest: {
      /** @description A DNS name such as `files.example.org`, without scheme, port or path. */
      hostname: string;
      /** @description `/ipns/<name>` (an IPNS name of the account) or `/ipfs/<cid>[/path]` (the root CID of one of its records). */
      target: string;
    };
    DomainDeleted: {
      /** @constant */
      deleted: true;
    };
    WebhookList: {
      webhooks: components['schemas']['Webhook'][];
    };
    WebhookCreateRequest: {
      /**
       * Format: uri
       * @description `https://` (`http://` outside production) to a host with public addresses only.
       */
      url: string;
      description?: string;
      events: components['schemas']['WebhookEventType'][];
    };
    WebhookUpdateRequest: {
      /** Format: uri */
      url?: string;
      description?: string;
      events?: components['schemas']['WebhookEventType'][];
      enabled?: boolean;
    };
    WebhookQueued: {
      /**
       * Format: uuid
       * @description The event's id, sent as `Cairn-Event-Id`.
       */
      eventId: string;
      /** Format: uuid */
      deliveryId: string;
    };
    /** @description One event's delivery to one endpoint. */
    WebhookDelivery: {
      /** Format: uuid */
      id: string;
      /** Format: uuid */
      eventId: string;
      /** @description A `WebhookEventType`, or `webhook.test`. */
      eventType: string;
      /** @enum {string} */
      status: 'pending' | 'succeeded' | 'failed';
      attempts: number;
      /** @description The HTTP status the last attempt got; null when it got none (refused, timed out, no connection). */
      lastStatusCode: number | null;
      /** @description Why the last attempt failed; null after a success or before any attempt. */
      lastError: string | null;
      latencyMs: number | null;
      /** @description When the next attempt is due; null once it succeeded or was given up. */
      nextAttemptAt: components['schemas']['Timestamp'] | null;
      createdAt: components['schemas']['Timestamp'];
      updatedAt: components['schemas']['Timestamp'];
    };
    WebhookDeliveryList: {
      deliveries: components['schemas']['WebhookDelivery'][];
      total: number;
      page: number;
      limit: number;
    };
    WebhookDeleted: {
      /** @constant */
      deleted: true;
    };
    /**
     * @description An IPNS name, the `k51…` (base36 CIDv1 libp2p-key) form of an Ed25519 public key.
     * @example k51qzi5uqu5dlvj2baxnqndepeb86cbk3ng7n3i46uzyxzyqj2xjonzllnv0v8
     */
    IpnsNameText: string;
    /**
     * @description An IPNS name of the account, and the value it points to now.
     * @example {
     *       "id": "7c1f3a2e-9b4d-4e8a-b6c5-0d2e1f3a4b5c",
     *       "label": "My website",
     *       "name": "k51qzi5uqu5dlvj2baxnqndepeb86cbk3ng7n3i46uzyxzyqj2xjonzllnv0v8",
     *       "value": "/ipfs/bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi",
     *       "sequence": 3,
     *       "ttlSeconds": 60,
     *       "validUntil": "2026-03-03T09:00:00.000Z",
     *       "publishedAt": "2026-03-01T09:00:00.000Z",
     *       "createdAt": "2026-02-20T12:00:00.000Z"
     *     }
     */
    Name: {
      /** Format: uuid */
      id: string;
      label: string;
      name: components['schemas']['IpnsNameText'];
      /** @description What the name points to (`/ipfs/{cid}[/{path}]`); null until first published. */
      value: string | null;
      /** @description The sequence number of the record in force; null until first published. */
      sequence: number | null;
      /** @description How long resolvers may cache the value. */
      ttlSeconds: number | null;
      /** @description When the record in force expires (it is signed again before). */
      validUntil: components['schemas']['Timestamp'] | null;
      publishedAt: components['schemas']['Timestamp'] | null;
      createdAt: components['schemas']['Timestamp'];
    };
    NameList: {
      names: components['schemas']['Name'][];
    };
    NameCreateRequest: {
      /** @description The account's own label for the name. */
      label: string;
    };
    NameUpdateRequest: {
      label: string;
    };
    NamePublishRequest: {
      /** @description A CID, or `/ipfs/{cid}[/{path}]`; the CID is the root of one of the account's files. */
      value: string;
      /**
       * @description How long resolvers may cache the value.
       * @default 60
       */
      ttlSeconds: number;
      /**
       * @description How long each signed record stays valid (it is signed again before half of it has passed).
       * @default 48
       */
      validityHours: number;
    };
    NameRollbackRequest: {
      /** @description The publication whose value to publish again. */
      sequence: number;
      /**
       * @description How long resolvers may cache the value.
       * @default 60
       */
      ttlSeconds: number;
    };
    /** @description One record published to a name. */
    NamePublication: {
      sequence: number;
      value: string;
      ttlSeconds: number;
      validUntil: components['schemas']['Timestamp'];
      /**
       * @description `publish` and `rollback` through this API; `routing`: a record signed elsewhere with the exported key and sent to `PUT /routing/v1/ipns/{name}`.
       * @enum {string}
       */
      source: 'publish' | 'rollback' | 'routing';
      publishedAt: components['schemas']['Timestamp'];
    };
    NameHistory: {
      publications: components['schemas']['NamePublication'][];
    };
    NameKeyExport: {
      name: components['schemas']['IpnsNameText'];
      /** @constant */
      format: 'libp2p-protobuf-cleartext';
      /** @description The private key as the libp2p protobuf, base64. */
      privateKey: string;
    };
    NameResolution: {
      name: components['schemas']['IpnsNameText'];
      /** @description What the name points to (`/ipfs/{cid}[/{path}]` or `/ipns/{name}[/{path}]`). */
      value: string;
      sequence: number;
      ttlSeconds: number;
      validUntil: components['schemas']['Timestamp'];
    };
    NameDeleted: {
      /** @constant */
      deleted: true;
    };
    /** @description A peer that provides content (Delegated Routing V1 `peer` schema). */
    RoutingProvider: {
      /** @constant */
      Schema: 'peer';
      /** @description The peer id. */
      ID: string;
      /** @description Its multiaddrs. */
      Addrs: string[];
      Protocols?: string[];
    };
    RoutingProviders: {
      Providers: components['schemas']['RoutingProvider'][];
    };
  };
  responses: {
    /**
     * @description Bad request: reason `BAD_REQUEST` (an invalid field, or an identity CID, whose bytes are
     *     inside the CID itself: there is nothing to store), or a specific one such as `INVALID_CID`.
     */
    PsaBadRequest: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['PsaFailure'];
      };
    };
    /** @description The access token is missing or invalid (reason `UNAUTHORIZED`). */
    PsaUnauthorized: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['PsaFailure'];
      };
    };
    /** @description No such pin request in this account (reason `NOT_FOUND`). */
    PsaNotFound: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['PsaFailure'];
      };
    };
    /**
     * @description The account's storage is full (reason `INSUFFICIENT_FUNDS`). Through an API token limited to
     *     a group: the account already holds this CID in a record outside that group (reason
     *     `ALREADY_PINNED`; that record is not taken into the group).
     */
    PsaInsufficientFunds: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['PsaFailure'];
      };
    };
    /** @description Another client error, its reason Cairn's error code upper-cased (`FORBIDDEN`, `METHOD_NOT_ALLOWED`, ...). */
    PsaCustomError: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['PsaFailure'];
      };
    };
    /**
     * @description Too many requests in the window from this client IP or with this access token (reason
     *     `RATE_LIMITED`; `RATE_LIMIT_PSA_*`, an account's plan may raise its per-token limit): wait
     *     `Retry-After` seconds.
     */
    PsaTooManyRequests: {
      headers: {
        'Retry-After': components['headers']['RetryAfter'];
        'RateLimit-Limit': components['headers']['RateLimitLimit'];
        'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
        'RateLimit-Reset': components['headers']['RateLimitReset'];
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": {
         *         "reason": "RATE_LIMITED",
         *         "details": "Too many requests, try again later"
         *       }
         *     }
         */
        'application/json': components['schemas']['PsaFailure'];
      };
    };
    /** @description The API token lacks the `psa` scope (reason `INSUFFICIENT_SCOPE`; `details` names the scope). */
    PsaInsufficientScope: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": {
         *         "reason": "INSUFFICIENT_SCOPE",
         *         "details": "This API token lacks the psa scope this operation needs"
         *       }
         *     }
         */
        'application/json': components['schemas']['PsaFailure'];
      };
    };
    /** @description An unexpected failure (reason `INTERNAL_SERVER_ERROR`, or `SERVICE_UNAVAILABLE` while the server stops). */
    PsaInternalError: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['PsaFailure'];
      };
    };
    /**
     * @description `admin_required`: the credential is valid but its account is not an administrator (or, on
     *     `POST /tokens/generate`, a non-administrator asked for the `admin:*` scope);
     *     `insufficient_scope`: the API token lacks the scope the operation needs (`scope` names it);
     *     `two_factor_required`: the deployment requires two-factor sign-in for administrators and
     *     this admin, signed in with a session, has not turned it on (API tokens are unaffected).
     */
    AdminRequired: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "Access denied. Admin privileges required.",
         *       "code": "admin_required"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @enum {unknown} */
          code?: 'admin_required' | 'insufficient_scope' | 'two_factor_required';
        };
      };
    };
    /** @description `invalid_transaction`: the caller has no order with this id. */
    InvalidTransaction: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "Invalid transaction ID",
         *       "code": "invalid_transaction"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @constant */
          code?: 'invalid_transaction';
        };
      };
    };
    /** @description `user_not_found`: no account has this id. */
    AdminUserNotFound: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "User not found",
         *       "code": "user_not_found"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @constant */
          code?: 'user_not_found';
        };
      };
    };
    /** @description `plan_not_found`: no plan has that code. */
    AdminPlanNotFound: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "Plan not found",
         *       "code": "plan_not_found"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @constant */
          code?: 'plan_not_found';
        };
      };
    };
    /**
     * @description `validation_error` (a field is missing or invalid; `details` lists each problem) or
     *     `invalid_json` (the body is not valid JSON).
     */
    InvalidBody: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['Error'] & {
          /** @enum {unknown} */
          code?: 'validation_error' | 'invalid_json';
        };
      };
    };
    /** @description `validation_error` (a parameter is invalid) or `invalid_cid` (`cid` is not a CID). */
    CidBadRequest: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "Invalid CID: expected a CIDv0 (Qm…) or CIDv1 (bafy…)",
         *       "code": "invalid_cid"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @enum {unknown} */
          code?: 'validation_error' | 'invalid_cid';
        };
      };
    };
    /** @description `file_not_found`: the account holds no record of this CID. */
    HeldFileNotFound: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "File not found or not owned by the user",
         *       "code": "file_not_found"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @constant */
          code?: 'file_not_found';
        };
      };
    };
    /**
     * @description No usable credential. `missing_token` (no `Authorization: Bearer` header),
     *     `invalid_token` (unknown, malformed, wrongly signed or expired credential), `session_ended`
     *     (the session was logged out or ended by a password change), `token_revoked`,
     *     `token_expired`, `token_ip_not_allowed` (an IP-restricted API token used from another
     *     address) or `account_disabled`.
     */
    Unauthorized: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "This API token has expired",
         *       "code": "token_expired"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @enum {unknown} */
          code?:
            | 'missing_token'
            | 'invalid_token'
            | 'session_ended'
            | 'token_revoked'
            | 'token_expired'
            | 'token_ip_not_allowed'
            | 'account_disabled';
        };
      };
    };
    /**
     * @description `headers_too_large`: the request line and headers are over 16 KiB (a query string too long),
     *     refused before any route reads the request.
     */
    HeadersTooLarge: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "The request line and headers are over 16 KiB",
         *       "code": "headers_too_large"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @constant */
          code?: 'headers_too_large';
        };
      };
    };
    /** @description `payload_too_large`: the JSON body exceeds the server limit (100 KiB by default). */
    PayloadTooLarge: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "Request body exceeds 102400 bytes",
         *       "code": "payload_too_large"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @constant */
          code?: 'payload_too_large';
        };
      };
    };
    /** @description `unsupported_media_type`: a request body was sent that is not `application/json`. */
    UnsupportedMediaType: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "Send the body as application/json",
         *       "code": "unsupported_media_type"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @constant */
          code?: 'unsupported_media_type';
        };
      };
    };
    /**
     * @description `rate_limited`: too many requests in the window from this client IP or with this credential
     *     (`RATE_LIMIT_*`; an account's plan may raise its per-token limit), or too many sign-in
     *     attempts (`LOGIN_MAX_*`, `SIGNUP_MAX_PER_IP`). Wait `Retry-After` seconds, then retry: the
     *     SDKs and the CLI do.
     */
    TooManyRequests: {
      headers: {
        'Retry-After': components['headers']['RetryAfter'];
        'RateLimit-Limit': components['headers']['RateLimitLimit'];
        'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
        'RateLimit-Reset': components['headers']['RateLimitReset'];
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "Too many requests, try again later",
         *       "code": "rate_limited"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @constant */
          code?: 'rate_limited';
        };
      };
    };
    /**
     * @description `too_many_uploads`: the account already streams as many uploads as it may at once
     *     (`UPLOADS_PER_ACCOUNT`, 4 by default, counted over every instance); or `rate_limited`: too
     *     many requests in the window (see `TooManyRequests`). Retry after `Retry-After` seconds.
     */
    UploadsBusyOrRateLimited: {
      headers: {
        'Retry-After': components['headers']['RetryAfter'];
        'RateLimit-Limit': components['headers']['RateLimitLimit'];
        'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
        'RateLimit-Reset': components['headers']['RateLimitReset'];
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "At most 4 uploads per account at a time: wait for one to finish",
         *       "code": "too_many_uploads"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @enum {unknown} */
          code?: 'too_many_uploads' | 'rate_limited';
        };
      };
    };
    /**
     * @description `too_many_event_streams`: the account has 10 streams open on this instance already; close one
     *     first. Or `rate_limited`: too many requests in the window (see `TooManyRequests`); wait
     *     `Retry-After` seconds.
     */
    EventStreamsOrRateLimited: {
      headers: {
        'Retry-After': components['headers']['RetryAfterWhenLimited'];
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "This account already has 10 live event streams open: close one first",
         *       "code": "too_many_event_streams"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @enum {unknown} */
          code?: 'too_many_event_streams' | 'rate_limited';
        };
      };
    };
    /**
     * @description `rate_limited`: too many requests in the window from this client IP
     *     (`RATE_LIMIT_GATEWAY_PER_IP`) or for this root CID from everyone (`RATE_LIMIT_GATEWAY_PER_CID`),
     *     as on the public gateways: wait `Retry-After` seconds. Or `bandwidth_limit_exceeded`: the
     *     account this content is charged to has used its plan's monthly egress allowance, and its plan
     *     blocks past it; downloads resume at the start of the next month (UTC) or when the account
     *     moves to a larger plan.
     */
    GatewayTooManyRequests: {
      headers: {
        'Retry-After': components['headers']['RetryAfterWhenLimited'];
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "Too many requests, try again later",
         *       "code": "rate_limited"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @enum {unknown} */
          code?: 'rate_limited' | 'bandwidth_limit_exceeded';
        };
      };
    };
    /** @description `internal_error`: an unexpected failure. Quote the `requestId` to support. */
    InternalError: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "Internal server error",
         *       "code": "internal_error",
         *       "requestId": "5f0c3c1e-8d0a-4a7e-9a57-0c8f1b2d3e4f"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @constant */
          code?: 'internal_error';
        };
      };
    };
    /** @description `validation_error`: a parameter is invalid; `details` lists each problem. */
    ValidationError: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "limit must be at most 100",
         *       "code": "validation_error",
         *       "details": [
         *         {
         *           "path": "limit",
         *           "message": "limit must be at most 100"
         *         }
         *       ]
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @constant */
          code?: 'validation_error';
        };
      };
    };
    /** @description `file_not_found`: the account has no such file (another user's file is not found either). */
    FileNotFound: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "File not found or not owned by the user",
         *       "code": "file_not_found"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @constant */
          code?: 'file_not_found';
        };
      };
    };
    /**
     * @description `meta_key_invalid`, `meta_value_too_long` or `meta_too_many_keys` (`meta` breaks a limit of key-values);
     *     `validation_error` (`cidVersion` or `name` is invalid), `file_not_received` (no part named
     *     `file` with a filename), `invalid_multipart` (a malformed or truncated multipart body), or
     *     `upload_aborted` (the client stopped sending mid-upload).
     */
    FileUploadBadRequest: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['Error'] & {
          /** @enum {unknown} */
          code?:
            | 'validation_error'
            | 'file_not_received'
            | 'invalid_multipart'
            | 'upload_aborted'
            | 'meta_key_invalid'
            | 'meta_value_too_long'
            | 'meta_too_many_keys';
        };
      };
    };
    /**
     * @description `meta_key_invalid`, `meta_value_too_long` or `meta_too_many_keys` (`meta` breaks a limit of key-values);
     *     `validation_error` (`name` is invalid), `file_not_received` (a multipart body without a
     *     `file` part), `car_invalid` (not a CAR: a bad header or frame, or it ends mid-block),
     *     `car_roots` (not exactly one root), `car_block_mismatch` (a block's bytes do not hash to its
     *     CID), `car_unsupported_hash`, `car_unsupported_codec`, `car_block_too_large`,
     *     `car_block_undecodable` (its bytes are not of its codec), `car_incomplete` (a block of the
     *     root's DAG is neither in the CAR nor stored here), `car_unlinked_block` (a block not in the
     *     root's DAG), `car_unixfs_mismatch` (a UnixFS node's `blocksizes`, `filesize` or a folder's
     *     Tsize of a raw leaf contradicts the blocks it links to), `identity_cid` (the root is an
     *     identity CID, whose bytes are inside the CID itself: there is nothing to store),
     *     `invalid_multipart`, or `upload_aborted`. Nothing was kept.
     */
    CarUploadBadRequest: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['Error'] & {
          /** @enum {unknown} */
          code?:
            | 'meta_key_invalid'
            | 'meta_value_too_long'
            | 'meta_too_many_keys'
            | 'validation_error'
            | 'file_not_received'
            | 'car_invalid'
            | 'car_roots'
            | 'car_block_mismatch'
            | 'car_unsupported_hash'
            | 'car_unsupported_codec'
            | 'car_block_too_large'
            | 'car_block_undecodable'
            | 'car_incomplete'
            | 'car_unlinked_block'
            | 'car_unixfs_mismatch'
            | 'identity_cid'
            | 'invalid_multipart'
            | 'upload_aborted';
        };
      };
    };
    /**
     * @description `meta_key_invalid`, `meta_value_too_long` or `meta_too_many_keys` (`meta` breaks a limit of key-values);
     *     `validation_error` (`cidVersion`, `mode` or `name` is invalid), `files_not_received` (no
     *     part named `file` with a filename), `invalid_path` (a file path is absolute, has `.`, `..`,
     *     an empty segment, control characters or a segment over 255 bytes, repeats another path, or
     *     runs through a file), `invalid_multipart` (a malformed or truncated multipart body), or
     *     `upload_aborted` (the client stopped sending mid-upload).
     */
    DirectoryUploadBadRequest: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['Error'] & {
          /** @enum {unknown} */
          code?:
            | 'validation_error'
            | 'files_not_received'
            | 'invalid_path'
            | 'invalid_multipart'
            | 'upload_aborted'
            | 'meta_key_invalid'
            | 'meta_value_too_long'
            | 'meta_too_many_keys';
        };
      };
    };
    /** @description The upload was created and its length reserved; send its bytes with `PATCH` to `Location`. */
    TusCreated: {
      headers: {
        /** @description The upload's URL (relative), `/api/v2/uploads/resumable/{resumableId}`. */
        Location: string;
        /** @description When the partial upload expires (24 hours after creation). */
        'Upload-Expires'?: string;
        [name: string]: unknown;
      };
      content?: never;
    };
    /**
     * @description `invalid_upload_length`: `Upload-Length` is missing, not a number of bytes, or 0; or
     *     `validation_error` for the query. A malformed `Upload-Metadata` is refused by the tus
     *     server itself, in plain text.
     */
    TusBadLength: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /** @example Invalid upload-metadata */
        'text/plain': string;
        /**
         * @example {
         *       "error": "Send the file size as Upload-Length (deferred lengths are not supported)",
         *       "code": "invalid_upload_length"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @enum {unknown} */
          code?: 'invalid_upload_length' | 'validation_error';
        };
      };
    };
    /**
     * @description A request that breaks the tus protocol: a `PATCH` without a valid `Upload-Offset` (400
     *     `invalid_upload_offset`) or whose body is not `application/offset+octet-stream` (415
     *     `unsupported_media_type`), a `Tus-Resumable` version other than `1.0.0` (412
     *     `tus_version_unsupported`, with `Tus-Version: 1.0.0`; the request is not processed). The
     *     tus server answers some others in plain text: no `Tus-Resumable` at all (412), more bytes
     *     than the upload's length (413).
     */
    TusProtocolError: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'text/plain': string;
        'application/json': components['schemas']['Error'];
      };
    };
    /** @description `upload_not_found`: no such resumable upload for this caller (another account's is not found either), or it was dropped. */
    ResumableNotFound: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "No such resumable upload",
         *       "code": "upload_not_found"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @enum {unknown} */
          code?: 'upload_not_found' | 'file_not_found';
        };
      };
    };
    /**
     * @description `upload_expired`: the upload was not completed within 24 hours of its creation;
     *     `upload_lost`: the server instance that held its bytes is gone (it stopped for longer than
     *     the lease, `LEASE_SECONDS`), and the bytes with it. Start the upload again; its reserved
     *     quota is given back by the next maintenance sweep.
     */
    ResumableExpired: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "This upload has expired: start it again",
         *       "code": "upload_expired"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @enum {unknown} */
          code?: 'upload_expired' | 'upload_lost';
        };
      };
    };
    /**
     * @description `upload_incomplete` (`GET` before the last byte arrived), `upload_complete` (`PATCH` after
     *     the file was recorded), `name_taken` (the custom name is taken), `already_pinned` (started by
     *     an API token limited to a group, and the account holds this content in a record outside
     *     it), or, in plain text from the tus server, an `Upload-Offset` that is not the server's offset.
     */
    ResumableConflict: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "The upload has 1048576 of its 3145728 bytes: send the rest with PATCH",
         *       "code": "upload_incomplete"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @enum {unknown} */
          code?: 'upload_incomplete' | 'upload_complete' | 'name_taken' | 'already_pinned';
        };
        'text/plain': string;
      };
    };
    /** @description `signed_url_not_found`: no upload URL has this secret. */
    SignedUrlNotFound: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "This upload URL does not exist",
         *       "code": "signed_url_not_found"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @constant */
          code?: 'signed_url_not_found';
        };
      };
    };
    /**
     * @description `signed_url_used`: the URL's one upload has already happened (or is under way); or
     *     `name_taken` for its custom name; or `already_pinned`: the URL was made by an API token
     *     limited to a group, and the account holds this content in a record outside it.
     */
    SignedUrlUsed: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "This upload URL has already been used",
         *       "code": "signed_url_used"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @enum {unknown} */
          code?: 'signed_url_used' | 'name_taken' | 'already_pinned';
        };
      };
    };
    /** @description `signed_url_expired`: the URL's time ran out before it was used. */
    SignedUrlExpired: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "This upload URL has expired",
         *       "code": "signed_url_expired"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @constant */
          code?: 'signed_url_expired';
        };
      };
    };
    /**
     * @description `session_required`: this is changed from a signed-in session, never with an API token (a
     *     stolen token must not be able to enrol its own authenticator). Or `insufficient_scope`: the
     *     API token lacks full access (`scope` names it).
     */
    SessionRequired: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "Sign in with your password to change two-factor sign-in",
         *       "code": "session_required"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @enum {unknown} */
          code?: 'session_required' | 'insufficient_scope';
        };
      };
    };
    /**
     * @description `insufficient_scope`: the API token lacks the scope this operation needs (its
     *     `x-cairn-scope`); `scope` names it. Sessions hold every scope.
     */
    InsufficientScope: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "This API token lacks the files:write scope this operation needs",
         *       "code": "insufficient_scope",
         *       "scope": "files:write"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @constant */
          code?: 'insufficient_scope';
        };
      };
    };
    /**
     * @description `quota_exceeded`: storing this would take the account over its storage limit; nothing was
     *     recorded or charged. Or `insufficient_scope`: the API token lacks the `files:write` scope
     *     (`scope` names it).
     */
    QuotaExceededOrInsufficientScope: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "Storage quota exceeded: delete files or upgrade your plan",
         *       "code": "quota_exceeded"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @enum {unknown} */
          code?: 'quota_exceeded' | 'insufficient_scope';
        };
      };
    };
    /** @description `quota_exceeded`: storing this would take the account over its storage limit; nothing was recorded or charged. */
    QuotaExceeded: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "Storage quota exceeded: delete files or upgrade your plan",
         *       "code": "quota_exceeded"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @constant */
          code?: 'quota_exceeded';
        };
      };
    };
    /**
     * @description `name_taken`: another file of the account already has the custom `name` (or, rarely, no
     *     free suffixed name was found). Or `already_pinned`: the API token is limited to a group and
     *     the account already holds this content in a record outside it (that record is not taken
     *     into the group; nothing was recorded or charged).
     */
    NameTakenOrHeldOutsideGroup: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['Error'] & {
          /** @enum {unknown} */
          code?: 'name_taken' | 'already_pinned';
        };
      };
    };
    /** @description `file_too_large`: the file is over 4 GiB (4294967296 bytes); nothing was recorded. */
    FileTooLarge: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "Upload exceeds the maximum size of 4294967296 bytes",
         *       "code": "file_too_large"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @constant */
          code?: 'file_too_large';
        };
      };
    };
    /**
     * @description `file_too_large` (the CAR is over 10 GiB — 10737418240 bytes), `too_many_files` (the root
     *     is a folder holding more than 100000 files, counted down every path), `car_too_many_blocks`
     *     (the root's DAG has more than 250000 blocks, those already stored here included), or
     *     `car_too_deep` (a path from the root down has more than 1024 blocks); nothing was kept.
     */
    CarUploadTooLarge: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['Error'] & {
          /** @enum {unknown} */
          code?: 'file_too_large' | 'too_many_files' | 'car_too_many_blocks' | 'car_too_deep';
        };
      };
    };
    /**
     * @description `file_too_large` (a file is over 4 GiB, or the folder over 10 GiB — 10737418240 bytes) or
     *     `too_many_files` (more than 100000 files); nothing was recorded.
     */
    DirectoryTooLarge: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['Error'] & {
          /** @enum {unknown} */
          code?: 'file_too_large' | 'too_many_files';
        };
      };
    };
    /**
     * @description `unsupported_media_type`: the body is not `multipart/form-data` with a boundary (nor, for a
     *     CAR upload, `application/vnd.ipld.car`).
     */
    NotMultipart: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "Send the upload as multipart/form-data",
         *       "code": "unsupported_media_type"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @constant */
          code?: 'unsupported_media_type';
        };
      };
    };
    /**
     * @description `content_unavailable`: the content was unpinned (its last other holder deleted it) while it
     *     was being stored; `shutting_down`: the server began to stop while the upload streamed.
     *     Nothing was recorded or charged; try again. `upload_owner_unavailable` (resumable uploads):
     *     the server instance that holds the upload's bytes does not answer but is not known to be
     *     gone (a restart); ask again after `Retry-After` seconds. `engine_gc_running` (kubo and
     *     cluster engines): a garbage collection of the engine's nodes kept the import waiting for 10
     *     minutes; ask again after `Retry-After` seconds.
     */
    ContentUnavailable: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "The content was removed while it was being stored; try again",
         *       "code": "content_unavailable"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @enum {unknown} */
          code?: 'content_unavailable' | 'shutting_down' | 'upload_owner_unavailable' | 'engine_gc_running';
        };
      };
    };
    /**
     * @description `busy`: CAR uploads being checked hold as many blocks in this server's memory as it allows
     *     (500,000 at once, 250,000 for one account's uploads together); ask again after
     *     `Retry-After` seconds. `content_unavailable`, `shutting_down` and `engine_gc_running` as for
     *     other uploads. Nothing was recorded or charged.
     */
    CarUploadUnavailable: {
      headers: {
        /** @description Seconds to wait before trying again (`busy`, `engine_gc_running`). */
        'Retry-After'?: number;
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "The server is checking as many CAR blocks as it can hold: try again in a moment",
         *       "code": "busy"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @enum {unknown} */
          code?: 'busy' | 'content_unavailable' | 'shutting_down' | 'engine_gc_running';
        };
      };
    };
    /**
     * @description The answer `format`, `Accept` and the CID's codec choose (see the Gateway tag):
     *     - a file's bytes, typed by the last path segment's (or `filename`'s) extension when it has
     *       a known one, else by its first bytes (HTML, SVG, XML, JSON, the common binary formats),
     *       else `text/plain; charset=utf-8` for UTF-8 text or `application/octet-stream`;
     *     - a directory's `index.html` (`text/html`), else an HTML listing of its first 1000 entries
     *       with links, CIDs and sizes;
     *     - a UnixFS symlink's target path (`inode/symlink`);
     *     - a document's block as stored: `application/vnd.ipld.dag-json`,
     *       `application/vnd.ipld.dag-cbor`, `application/json`, `application/cbor`, or an HTML
     *       preview of a DAG for a browser;
     *     - `format=raw`: the block (`application/vnd.ipld.raw`); `format=car`: a CARv1 stream;
     *       `format=tar`: a tar archive.
     */
    GatewayContent: {
      headers: {
        ETag: components['headers']['ETag'];
        'Cache-Control': components['headers']['ImmutableCache'];
        'Content-Security-Policy': components['headers']['SandboxCsp'];
        'X-Content-Type-Options': components['headers']['NoSniff'];
        'Access-Control-Allow-Origin': components['headers']['AllowAnyOrigin'];
        'Access-Control-Allow-Methods': components['headers']['GatewayAllowMethods'];
        'Access-Control-Allow-Headers': components['headers']['GatewayAllowHeaders'];
        'Access-Control-Expose-Headers': components['headers']['GatewayExposeHeaders'];
        'Cross-Origin-Resource-Policy': components['headers']['CrossOriginResource'];
        'X-Ipfs-Path': components['headers']['IpfsPath'];
        'X-Ipfs-Roots': components['headers']['IpfsRoots'];
        'Accept-Ranges': components['headers']['AcceptRanges'];
        'Content-Disposition': components['headers']['ContentDisposition'];
        'Content-Length': components['headers']['ContentLength'];
        [name: string]: unknown;
      };
      content: {
        'text/html': string;
        'application/octet-stream': string;
        'application/vnd.ipld.raw': string;
        'application/vnd.ipld.car': string;
        'application/x-tar': string;
        'application/vnd.ipld.dag-json': unknown;
        'application/vnd.ipld.dag-cbor': string;
        'application/json': unknown;
        'application/cbor': string;
        '*/*': unknown;
      };
    };
    /**
     * @description The requested byte range of a file or block (with `Content-Range`), or several ranges as
     *     `multipart/byteranges` (each part with its own `Content-Type` and `Content-Range`).
     */
    GatewayPartialContent: {
      headers: {
        /** @description The range sent and the full size (absent for several ranges). */
        'Content-Range'?: string;
        'Accept-Ranges': components['headers']['AcceptRanges'];
        ETag: components['headers']['ETag'];
        'Cache-Control': components['headers']['ImmutableCache'];
        'Content-Security-Policy': components['headers']['SandboxCsp'];
        'X-Content-Type-Options': components['headers']['NoSniff'];
        'Access-Control-Allow-Origin': components['headers']['AllowAnyOrigin'];
        'Cross-Origin-Resource-Policy': components['headers']['CrossOriginResource'];
        'X-Ipfs-Path': components['headers']['IpfsPath'];
        'X-Ipfs-Roots': components['headers']['IpfsRoots'];
        'Content-Disposition': components['headers']['ContentDisposition'];
        'Content-Length': components['headers']['ContentLength'];
        [name: string]: unknown;
      };
      content: {
        'multipart/byteranges': string;
        'application/octet-stream': string;
        '*/*': unknown;
      };
    };
    /** @description `If-None-Match` named this answer's ETag: the cached copy is current. No body. */
    GatewayNotModified: {
      headers: {
        ETag: components['headers']['ETag'];
        'Cache-Control': components['headers']['ImmutableCache'];
        'Content-Security-Policy': components['headers']['SandboxCsp'];
        'X-Content-Type-Options': components['headers']['NoSniff'];
        'Access-Control-Allow-Origin': components['headers']['AllowAnyOrigin'];
        'Cross-Origin-Resource-Policy': components['headers']['CrossOriginResource'];
        'X-Ipfs-Path': components['headers']['IpfsPath'];
        [name: string]: unknown;
      };
      content?: never;
    };
    /**
     * @description A directory (or a DAG preview) asked for without a trailing slash: the same path with one,
     *     so that the relative links of its page resolve under it.
     */
    GatewayTrailingSlash: {
      headers: {
        Location: components['headers']['TrailingSlashLocation'];
        'Access-Control-Allow-Origin': components['headers']['AllowAnyOrigin'];
        [name: string]: unknown;
      };
      content: {
        'text/html': string;
        'text/plain': string;
      };
    };
    /**
     * @description A separate gateway origin is configured (`GATEWAY_ORIGIN`) and the request came to another
     *     origin: the same path and query on the gateway origin. The body is a short note, HTML when
     *     the client accepts HTML.
     */
    GatewayRedirect: {
      headers: {
        Location: components['headers']['Location'];
        [name: string]: unknown;
      };
      content: {
        'text/html': string;
        'text/plain': string;
      };
    };
    /**
     * @description `invalid_cid` (`cid` is not a CID, or an identity CID over 128 bytes), `invalid_parameter`
     *     (a bad `format`, `dag-scope`, `entity-bytes` or `car-*` value, or one given twice),
     *     `path_outside_root` (`format=tar` of a directory with an entry named outside it, such as
     *     `../x`) or `not_unixfs` (`format=tar` of content that is not UnixFS).
     */
    GatewayBadRequest: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "Invalid CID",
         *       "code": "invalid_cid"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @enum {unknown} */
          code?: 'invalid_cid' | 'invalid_parameter' | 'path_outside_root' | 'not_unixfs';
        };
      };
    };
    /**
     * @description `not_found` (no account holds this CID and its root block is not on the node: the gateway
     *     is not an open proxy), `path_not_found` (`path` does not exist under `cid`), or
     *     `cid_not_found` (a block of the content is missing from the node).
     */
    GatewayNotFound: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "This content is not stored here",
         *       "code": "not_found"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @enum {unknown} */
          code?: 'not_found' | 'path_not_found' | 'cid_not_found';
        };
      };
    };
    /**
     * @description `not_acceptable`: the answer asked for would need a codec conversion (`dag-json` of a
     *     dag-pb file or of a dag-cbor document, say: fetch the block with `format=raw` and convert
     *     it yourself), or `Accept` names a type this gateway does not send.
     */
    GatewayNotAcceptable: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "dag-json was asked for, but bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku is of another codec: codecs are not converted; fetch the block with ?format=raw and convert it yourself",
         *       "code": "not_acceptable"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @constant */
          code?: 'not_acceptable';
        };
      };
    };
    /**
     * @description `access_link_invalid`: the `token` is not a valid link to this CID: malformed, forged, for
     *     another CID, revoked, or its record was deleted.
     */
    AccessLinkInvalid: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "This access link is not valid for this content",
         *       "code": "access_link_invalid"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @constant */
          code?: 'access_link_invalid';
        };
      };
    };
    /** @description `access_link_expired`: the link has expired, or it was single use and was used already. */
    AccessLinkExpired: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "This access link has expired or was already used",
         *       "code": "access_link_expired"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @constant */
          code?: 'access_link_expired';
        };
      };
    };
    /** @description `not_cached`: `Cache-Control: only-if-cached` was sent and the content is not held here. */
    GatewayNotCached: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "This content is not stored here",
         *       "code": "not_cached"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @constant */
          code?: 'not_cached';
        };
      };
    };
    /**
     * @description `not_implemented`: the path ends inside a dag-json or dag-cbor document at a value that is
     *     not a link (fetch the whole document instead), or the target is neither UnixFS nor of a
     *     codec the gateway renders (fetch it with `format=raw` or `format=car`).
     */
    GatewayNotImplemented: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "/foo is a value inside bafyreibs4utpgbn7uqegmd2goqz4bkyflre2ek2iwv743fhvylwi4zeeim, not a link: fetch the whole document instead",
         *       "code": "not_implemented"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @constant */
          code?: 'not_implemented';
        };
      };
    };
    /** @description `range_not_satisfiable`: every range starts beyond the end (or the body is empty). */
    RangeNotSatisfiable: {
      headers: {
        'Content-Range': components['headers']['UnsatisfiedRange'];
        /** @description Not to be cached. */
        'Cache-Control': 'no-store';
        'Content-Security-Policy': components['headers']['SandboxCsp'];
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "Requested range not satisfiable",
         *       "code": "range_not_satisfiable"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @constant */
          code?: 'range_not_satisfiable';
        };
      };
    };
    /** @description The gateway's CORS rules; no body. */
    GatewayOptions: {
      headers: {
        'Access-Control-Allow-Origin': components['headers']['AllowAnyOrigin'];
        'Access-Control-Allow-Methods': components['headers']['GatewayAllowMethods'];
        'Access-Control-Allow-Headers': components['headers']['GatewayAllowHeaders'];
        'Access-Control-Expose-Headers': components['headers']['GatewayExposeHeaders'];
        /** @description The methods of the gateway. */
        Allow: 'GET, HEAD, OPTIONS';
        [name: string]: unknown;
      };
      content?: never;
    };
    /** @description The routing API's CORS rules; no body. */
    RoutingOptions: {
      headers: {
        'Access-Control-Allow-Origin': components['headers']['AllowAnyOrigin'];
        'Access-Control-Allow-Methods': components['headers']['RoutingAllowMethods'];
        'Access-Control-Allow-Headers': components['headers']['GatewayAllowHeaders'];
        'Access-Control-Expose-Headers': components['headers']['GatewayExposeHeaders'];
        /** @description The methods of the routing API. */
        Allow: 'GET, HEAD, PUT, OPTIONS';
        [name: string]: unknown;
      };
      content?: never;
    };
    /** @description The headers `GET` would send; no body. */
    GatewayHeadContent: {
      headers: {
        ETag: components['headers']['ETag'];
        'Cache-Control': components['headers']['ImmutableCache'];
        'Content-Security-Policy': components['headers']['SandboxCsp'];
        'X-Content-Type-Options': components['headers']['NoSniff'];
        'Access-Control-Allow-Origin': components['headers']['AllowAnyOrigin'];
        'Cross-Origin-Resource-Policy': components['headers']['CrossOriginResource'];
        'X-Ipfs-Path': components['headers']['IpfsPath'];
        'X-Ipfs-Roots': components['headers']['IpfsRoots'];
        'Accept-Ranges': components['headers']['AcceptRanges'];
        'Content-Disposition': components['headers']['ContentDisposition'];
        'Content-Length': components['headers']['ContentLength'];
        [name: string]: unknown;
      };
      content?: never;
    };
    /** @description The headers `GET` would send with the range; no body. */
    GatewayHeadPartialContent: {
      headers: {
        'Accept-Ranges': components['headers']['AcceptRanges'];
        ETag: components['headers']['ETag'];
        'Cache-Control': components['headers']['ImmutableCache'];
        'Content-Security-Policy': components['headers']['SandboxCsp'];
        'Content-Length': components['headers']['ContentLength'];
        [name: string]: unknown;
      };
      content?: never;
    };
    /** @description The redirect to the path with a trailing slash; no body. */
    GatewayHeadTrailingSlash: {
      headers: {
        Location: components['headers']['TrailingSlashLocation'];
        [name: string]: unknown;
      };
      content?: never;
    };
    /** @description The redirect to the gateway origin; no body. */
    GatewayHeadRedirect: {
      headers: {
        Location: components['headers']['Location'];
        [name: string]: unknown;
      };
      content?: never;
    };
    /** @description `GET`'s 416, without the body. */
    GatewayHeadRangeNotSatisfiable: {
      headers: {
        'Content-Range': components['headers']['UnsatisfiedRange'];
        [name: string]: unknown;
      };
      content?: never;
    };
    /** @description The status of the error `GET` would answer (see `GET`), without the body. */
    GatewayHeadError: {
      headers: {
        [name: string]: unknown;
      };
      content?: never;
    };
    /** @description `group_not_found`: the account has no such group (another account's group is not found either). */
    GroupNotFound: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "Group not found or not owned by the user",
         *       "code": "group_not_found"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @constant */
          code?: 'group_not_found';
        };
      };
    };
    /** @description `group_not_found` (no such group of the account) or `file_not_found` (an id names no record of the account; nothing changed). */
    GroupOrFileNotFound: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "File not found or not owned by the user",
         *       "code": "file_not_found"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @enum {unknown} */
          code?: 'group_not_found' | 'file_not_found';
        };
      };
    };
    /** @description `domain_not_found`: the account has no such custom domain (another account's is not found either). */
    DomainNotFound: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "Custom domain not found",
         *       "code": "domain_not_found"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @constant */
          code?: 'domain_not_found';
        };
      };
    };
    /** @description `domain_taken` (another account holds the host name, or this one has it already) or `domain_limit_reached` (the account has 20 domains already). */
    DomainConflict: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "files.example.org is held by another account: point _dnslink.files.example.org at your target first, then add it",
         *       "code": "domain_taken"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @enum {unknown} */
          code?: 'domain_taken' | 'domain_limit_reached';
        };
      };
    };
    /**
     * @description `validation_error` (not a DNS name, or not a target), `invalid_json`, `invalid_parameter`
     *     (an address of this service itself, or below the subdomain gateway's domain) or
     *     `domain_target_not_held` (the target is neither an IPNS name of the account nor the root
     *     CID of one of its records). Nothing changed.
     */
    DomainBadRequest: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "/ipfs/bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi is neither an IPNS name of this account nor the root CID of one of its records",
         *       "code": "domain_target_not_held"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @enum {unknown} */
          code?: 'validation_error' | 'invalid_json' | 'invalid_parameter' | 'domain_target_not_held';
        };
      };
    };
    /** @description `webhook_not_found`: the account has no such webhook endpoint (another account's is not found either). */
    WebhookNotFound: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "Webhook endpoint not found",
         *       "code": "webhook_not_found"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @constant */
          code?: 'webhook_not_found';
        };
      };
    };
    /** @description `webhook_not_found` (no such endpoint of the account) or `not_found` (the endpoint has no such delivery). */
    WebhookOrDeliveryNotFound: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "Delivery not found",
         *       "code": "not_found"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @enum {unknown} */
          code?: 'webhook_not_found' | 'not_found';
        };
      };
    };
    /** @description `s3_key_not_found`: the account has no such S3 key (another account's is not found either). */
    S3KeyNotFound: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "S3 key not found",
         *       "code": "s3_key_not_found"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @constant */
          code?: 's3_key_not_found';
        };
      };
    };
    /** @description `s3_key_limit_reached`: the account has 50 S3 keys already. */
    S3KeyLimitReached: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "An account may have at most 50 S3 access keys",
         *       "code": "s3_key_limit_reached"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @constant */
          code?: 's3_key_limit_reached';
        };
      };
    };
    /** @description `webhook_limit_reached`: the account has 20 endpoints already. */
    WebhookLimitReached: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "An account may have at most 20 webhook endpoints",
         *       "code": "webhook_limit_reached"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @constant */
          code?: 'webhook_limit_reached';
        };
      };
    };
    /**
     * @description `validation_error` (a field is missing or invalid: an unknown event type, no event, a URL
     *     that is not http(s)), `invalid_json`, or `webhook_url_refused` (not `https://` in
     *     production, or the host does not resolve or resolves to a private, loopback, link-local,
     *     unique-local or unspecified address). Nothing changed.
     */
    WebhookBadRequest: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "Webhook URL refused: the host 10.0.0.5 resolves to a private, loopback or link-local address",
         *       "code": "webhook_url_refused"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @enum {unknown} */
          code?: 'validation_error' | 'invalid_json' | 'webhook_url_refused';
        };
      };
    };
    /** @description `group_name_taken`: another group of the account already has this name. */
    GroupNameTaken: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "A group with this name already exists",
         *       "code": "group_name_taken"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @constant */
          code?: 'group_name_taken';
        };
      };
    };
    /**
     * @description `validation_error` (a field is missing or invalid), `invalid_json`, or a key-value past a
     *     limit: `meta_key_invalid` (a key is not 1 to 64 characters of `A-Z a-z 0-9 _ . -`),
     *     `meta_value_too_long` (a value over 1024 bytes of UTF-8) or `meta_too_many_keys` (over 50
     *     key-values on the record). Nothing changed.
     */
    MetaBadRequest: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "A file has at most 50 key-values",
         *       "code": "meta_too_many_keys"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @enum {unknown} */
          code?: 'validation_error' | 'invalid_json' | 'meta_key_invalid' | 'meta_value_too_long' | 'meta_too_many_keys';
        };
      };
    };
    /** @description `name_not_found`: the account has no such name (another account's is not found either). */
    NameNotFound: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "Name not found",
         *       "code": "name_not_found"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @constant */
          code?: 'name_not_found';
        };
      };
    };
    /** @description `name_not_found`, or `publication_not_found`: the name was never published with this sequence number. */
    NameOrPublicationNotFound: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "This name has no publication 7",
         *       "code": "publication_not_found"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @enum {unknown} */
          code?: 'name_not_found' | 'publication_not_found';
        };
      };
    };
    /** @description `name_limit_reached`: the account already has 100 names. */
    NameLimitReached: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "An account has at most 100 names",
         *       "code": "name_limit_reached"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @constant */
          code?: 'name_limit_reached';
        };
      };
    };
    /**
     * @description `validation_error`, `invalid_json`, or `name_value_not_held`: the value's CID is not the
     *     root of one of the account's files. Nothing was published.
     */
    NamePublishBadRequest: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi is not one of your files",
         *       "code": "name_value_not_held"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @enum {unknown} */
          code?: 'validation_error' | 'invalid_json' | 'name_value_not_held';
        };
      };
    };
    /** @description `validation_error`: the name is not a `k51…` CID of a libp2p key nor a peer id. */
    IpnsNameInvalid: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "name is not an IPNS name: k51 is too short",
         *       "code": "validation_error"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @constant */
          code?: 'validation_error';
        };
      };
    };
    /** @description `name_not_resolved`: this server holds no valid record of the name. */
    NameNotResolved: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "No valid record of this name is held here",
         *       "code": "name_not_resolved"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @constant */
          code?: 'name_not_resolved';
        };
      };
    };
    /**
     * @description `name_not_resolved`: the name has no valid record here (none was published, or it has
     *     expired, or only invalid ones were offered), so the gateway cannot resolve it.
     */
    NameNotResolvedAtGateway: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "No valid record of this name is held here",
         *       "code": "name_not_resolved"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @constant */
          code?: 'name_not_resolved';
        };
      };
    };
    /** @description `ipns_record_invalid` (a bad signature, a V1/V2 mismatch, expired, not for this name, or unreadable), or `validation_error` (the name). */
    IpnsRecordInvalid: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "IPNS record refused: the V2 signature does not verify",
         *       "code": "ipns_record_invalid"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @enum {unknown} */
          code?: 'ipns_record_invalid' | 'validation_error';
        };
      };
    };
    /** @description `ipns_record_outdated`: the record held has the same or a higher sequence number. */
    IpnsRecordOutdated: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "A record with sequence 4 or higher is held already",
         *       "code": "ipns_record_outdated"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @constant */
          code?: 'ipns_record_outdated';
        };
      };
    };
    /** @description `unsupported_media_type`: send the record as `application/vnd.ipfs.ipns-record`. */
    IpnsRecordMediaType: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "Send the record as application/vnd.ipfs.ipns-record",
         *       "code": "unsupported_media_type"
         *     }
         */
        'application/json': components['schemas']['Error'] & {
          /** @constant */
          code?: 'unsupported_media_type';
        };
      };
    };
    /** @description The content the name points to (as `GET /ipfs/{cid}` answers it), or with `format=ipns-record` the signed record. */
    IpnsGatewayContent: {
      headers: {
        /** @description The requested path, `/ipns/{name}[/…]`. */
        'X-Ipfs-Path'?: string;
        [name: string]: unknown;
      };
      content: {
        '*/*': string;
        'application/vnd.ipfs.ipns-record': string;
      };
    };
  };
  parameters: {
    /** @description The event's id, the same on every retry and resend of it (receivers de-duplicate on it). */
    WebhookEventIdHeader: string;
    /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint's whole whsec_ secret>`; while a secret is being rotated, one `v1` per secret. Check it with the SDKs' `verifyWebhook`. */
    WebhookSignatureHeader: string;
    /**
     * @description Case-insensitive text to look for (trimmed; empty means all). What it matches is said by each list.
     * @example ada@
     */
    AdminSearch: string;
    /**
     * @description The account's id. Anything that is not an account id is `404 user_not_found`.
     * @example 9a7f3c52-1d2e-4b8a-9f4e-2c6b1a0d5e73
     */
    AdminUserId: string;
    /**
     * @description The record's id. Anything that is not a record id is `404 file_not_found`.
     * @example 0b6f3a2e-5c1d-4e8f-9a7b-6c5d4e3f2a1b
     */
    AdminUploadId: string;
    /**
     * @description The plan's code. An unknown or inactive plan is `404 plan_not_found`.
     * @example pro
     */
    PlanCode: string;
    /**
     * @description The order's id, from the checkout answer or the return URL. Anything else is `404 invalid_transaction`.
     * @example 7d9f1c2e-3b4a-4c5d-8e6f-0a1b2c3d4e5f
     */
    TransactionId: string;
    /**
     * @description The plan's code.
     * @example pro
     */
    AdminPlanCode: string;
    /**
     * @description The content job's id.
     * @example 5d0c7e1a-8f3b-4c2e-9a61-0b7d2f4e8c13
     */
    ContentJobId: string;
    /**
     * @description The token's id.
     * @example 3b241101-e2bb-4255-8caf-4136c566a962
     */
    TokenId: string;
    /**
     * @description The S3 key's id (not its access key id).
     * @example 9c5b94b1-35ad-49bb-b118-8e8fc24abf80
     */
    S3KeyId: string;
    /**
     * @description The record's id. Anything that is not one of the account's record ids (a UUID) is `404 file_not_found`.
     * @example 0b6f3a2e-5c1d-4e8f-9a7b-6c5d4e3f2a1b
     */
    UploadId: string;
    /**
     * @description A CIDv0 (`Qm…`) or CIDv1 in any multibase; compared in its canonical form.
     * @example bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku
     */
    CidPath: string;
    /** @description The tus protocol version the client speaks. */
    TusResumable: '1.0.0';
    /**
     * @description `1` (default) gives the CID of `ipfs add --cid-version=1`; `0` gives exactly what a default
     *     `ipfs add` gives.
     */
    CidVersion: 0 | 1;
    /**
     * @description `true`: the new record is private: the gateway serves its content to nobody without a signed
     *     access link, unless another record holds the same CID publicly (see `PUT
     *     /files/{uploadId}/privacy`). A record the account already held of the same content turns
     *     private too. Default `false` (public).
     */
    Private: 'true' | 'false';
    /**
     * @description A custom name for the record (trimmed): letters and digits of any script (`отчёт-2026.txt`,
     *     `ñandú.md`), dots, underscores and hyphens, not starting with a dot, at most 255 characters,
     *     unique in the account (else `409 name_taken`). Empty means none.
     * @example report-2025.pdf
     */
    UploadName: string;
    /** @description `dag` (default): the folder as one DAG and one record; `files`: one record per file. */
    DirectoryMode: 'dag' | 'files';
    /** @description The page, from 1. */
    Page: number;
    /** @description Items per page. */
    Limit: number;
    /**
     * @description Keeps the records whose name contains this text or whose CID starts with it (trimmed; empty means all).
     * @example report
     */
    Search: string;
    /** @description What the records are ordered by (the date they were added by default). Names sort as in a file manager: numbers by their value (`note-2` before `note-10`), upper and lower case and accents alike, punctuation before digits and digits before letters; equal names keep one order from page to page. */
    UploadSort: 'date' | 'name' | 'size';
    /** @description Ascending or descending (descending by default, newest first). */
    UploadOrder: 'asc' | 'desc';
    /**
     * @description The root CID, in any form (`X-Ipfs-Path` repeats it as requested; `ETag` and `X-Ipfs-Roots`
     *     use the canonical form). Served only when some account holds it or its root block is on
     *     the node, or when it is an identity CID of at most 128 bytes.
     * @example bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi
     */
    GatewayCid: string;
    /**
     * @description A path below `cid`; it may span several segments (`docs/a/readme.md`), each
     *     percent-decoded once. Empty segments are ignored.
     * @example docs/readme.md
     */
    GatewayPath: string;
    /**
     * @description `true` (or `1`) makes the answer an attachment (`Content-Disposition: attachment`): named
     *     `filename` when given, else (for a file at a bare CID) the caller's own record of it, else
     *     the CID. Other values are ignored.
     * @example true
     */
    Download: string;
    /**
     * @description The name to save the answer as, in `Content-Disposition` (`inline`, or `attachment` with
     *     `download=true`; raw blocks, CARs and tars are always attachments). Sent percent-encoded:
     *     non-ASCII characters are `_` in `filename` and exact in `filename*`.
     * @example holiday.jpg
     */
    DownloadFilename: string;
    /**
     * @description The answer to send, winning over `Accept`: `raw` (the target's block exactly as stored,
     *     `application/vnd.ipld.raw`), `car` (a CARv1 of its DAG), `tar` (a UnixFS file or directory
     *     as a tar archive), `dag-json` and `dag-cbor` (a document of that very codec, as stored),
     *     `json` and `cbor` (a json or dag-json, cbor or dag-cbor document under the plain type; for
     *     UnixFS content, the default answer). Any other value is `400 invalid_parameter`.
     * @example car
     */
    GatewayFormat: 'raw' | 'car' | 'tar' | 'json' | 'cbor' | 'dag-json' | 'dag-cbor';
    /**
     * @description With a CAR: which blocks it carries, in depth-first order, after the blocks that prove a
     *     path under the CID (each directory, shard and document the path runs through; the CAR
     *     names the CID of the URL as its root). `all` (default): the whole DAG under the target,
     *     following the links of dag-pb, dag-cbor and dag-json blocks. `entity`: the file's blocks,
     *     or a directory's own node (and the shard nodes of a sharded directory), not its entries;
     *     outside UnixFS, the target's block. `block`: the target's block alone. Blocks with
     *     identity CIDs are never sent. Any other value is `400 invalid_parameter`.
     * @example entity
     */
    DagScope: 'all' | 'entity' | 'block';
    /**
     * @description With a CAR of a file: only the leaves covering bytes `from` to `to` (inclusive), with the
     *     nodes on the way to them; it implies `dag-scope=entity` (with `dag-scope=block` the block
     *     alone is sent). `to` may be `*` (the end); a negative number counts from the end. A range
     *     wholly outside the file sends the file's root block alone. Ignored for directories and
     *     non-UnixFS data. A malformed range, or one ending before it starts, is `400 invalid_parameter`.
     * @example 0:1048575
     */
    EntityBytes: string;
    /**
     * @description The `version` parameter of the CAR type, winning over `Accept`'s; only `1` (else `400 invalid_parameter`).
     * @example 1
     */
    CarVersion: string;
    /**
     * @description The `order` parameter of the CAR type, winning over `Accept`'s; `dfs` or `unk` (else `400 invalid_parameter`). Blocks always come depth-first, and the answer says `order=dfs`.
     * @example dfs
     */
    CarOrder: string;
    /**
     * @description The `dups` parameter of the CAR type, winning over `Accept`'s: `n` (default) sends each
     *     block once; `y` sends a block again each time the DAG links to it again. Else `400 invalid_parameter`.
     * @example n
     */
    CarDups: 'y' | 'n';
    /**
     * @description The first type of the list that names a format chooses it (when `format` does not):
     *     `application/vnd.ipld.raw`, `application/vnd.ipld.car` (its `version`, `order` and `dups`
     *     parameters count as the `car-*` query parameters do), `application/x-tar`,
     *     `application/json`, `application/cbor`, `application/vnd.ipld.dag-json`,
     *     `application/vnd.ipld.dag-cbor`. Another `application/vnd.ipld.*` or
     *     `application/vnd.ipfs.*` type is `406`. `text/html` asks for a DAG document's preview.
     *     Other types leave the default answer.
     * @example application/vnd.ipld.car; version=1; order=dfs; dups=n
     */
    GatewayAccept: string;
    /**
     * @description The token of a signed access link (`POST /files/{uploadId}/links` gives the whole URL): it
     *     opens the record's content, private or not, under `/ipfs/{cid}` and every path below it,
     *     until it expires, is revoked, or (single use) was used once. The answer is then
     *     `Cache-Control: private, no-store` and `Referrer-Policy: no-referrer`, and carries the link's
     *     download name, if any, as an attachment.
     */
    AccessToken: string;
    /**
     * @description `only-if-cached`: answer `412` instead of `404` when the content is not held here.
     * @example only-if-cached
     */
    OnlyIfCached: string;
    /**
     * @description ETags of earlier answers (a list, weak ones, or `*`): the content is immutable, so a match is always `304`.
     * @example "bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku"
     */
    IfNoneMatch: string;
    /**
     * @description Byte ranges of a file or a block: `bytes=<start>-[<end>]`, `bytes=-<suffix length>`, or
     *     several of them (answered as `multipart/byteranges`). A malformed header, more than 16
     *     ranges or overlapping ranges give the whole body (200); ranges wholly beyond the end (or
     *     any range of an empty body) are `416`. Ignored for directories and CARs.
     * @example bytes=0-1023
     */
    Range: string;
    /** @description A custom domain of the account (a UUID). */
    DomainId: string;
    /** @description A webhook endpoint of the account (a UUID). */
    WebhookId: string;
    /** @description A group of the account (a UUID). */
    GroupId: string;
    /** @description A group of the account the new record joins (also a record the account already held); else `404 group_not_found`, before any byte is read. */
    RecordGroupId: string;
    /**
     * @description Key-values of the new record as a JSON object of strings (`{"env":"prod"}`), merged into
     *     those of a record the account already held. At most 50 keys, each 1 to 64 characters of
     *     `A-Z a-z 0-9 _ . -`, each value at most 1024 bytes of UTF-8 (`meta_too_many_keys`,
     *     `meta_key_invalid`, `meta_value_too_long`, before any byte is read).
     * @example {"env":"prod"}
     */
    RecordMeta: string;
    /** @description Keeps the records whose name contains this text, any case. */
    FilterName: string;
    /** @description Keeps the records whose CID starts with this. */
    FilterCid: string;
    /** @description Keeps the records of this type. */
    FilterType: 'file' | 'directory' | 'dag';
    /** @description Keeps the records of this category. */
    FilterCategory: 'image' | 'video' | 'audio' | 'document' | 'office' | 'archive' | 'code' | 'text' | 'other';
    /** @description Keeps the records added at or after this time. */
    FilterFrom: string;
    /** @description Keeps the records added before this time. */
    FilterTo: string;
    /** @description Keeps the records of this group of the account (another account's group is `404 group_not_found`). */
    FilterGroupId: string;
    /** @description Keeps the records of at least this many bytes (`size`). */
    FilterMinSize: number;
    /** @description Keeps the records of at most this many bytes (`size`). */
    FilterMaxSize: number;
    /**
     * @description Keeps the records whose key-values include each of these, as a JSON object of strings (`{"env":"prod"}`; at most 10 keys).
     * @example {"env":"prod"}
     */
    FilterMeta: string;
    /**
     * @description Keeps the records whose value of each key starts with the given text, as a JSON object of strings (`{"project":"2026-"}`; at most 10 keys).
     * @example {"project":"2026-"}
     */
    FilterMetaPrefix: string;
    /**
     * @description Keeps the records that have each of these keys, comma-separated (at most 10).
     * @example owner,env
     */
    FilterMetaExists: string;
    /** @description An IPNS name of the account (its id, a UUID). */
    NameId: string;
    /** @description An IPNS name, as a `k51…` CID of its key or a peer id (`12D3Koo…`, `Qm…`). */
    IpnsName: string;
    /** @description An IPNS name (`k51…`), or a peer id, which redirects to it; anything else is `400 invalid_parameter`. */
    IpnsGatewayName: string;
    /** @description `ipns-record` answers the signed record itself; any other value as at `GET /ipfs/{cid}`. */
    IpnsGatewayFormat: 'ipns-record' | 'raw' | 'car' | 'tar' | 'dag-json' | 'dag-cbor' | 'json' | 'cbor';
  };
  requestBodies: {
    /** @description `multipart/form-data` with the file in the part named `file` (its filename names the record). */
    FileUpload: {
      content: {
        'multipart/form-data': components['schemas']['FileUploadRequest'];
      };
    };
    /**
     * @description `multipart/form-data` with one part named `file` per file, each part's filename being the
     *     file's relative path: `Content-Disposition: form-data; name="file"; filename="docs/a/readme.md"`.
     */
    DirectoryUpload: {
      content: {
        'multipart/form-data': components['schemas']['DirectoryUploadRequest'];
      };
    };
  };
  headers: {
    /**
     * @description The list changes only with a new release and may be cached for an hour.
     * @example public, max-age=3600
     */
    PublicCache: string;
    /**
     * @description Seconds to wait before trying again.
     * @example 540
     */
    RetryAfter: number;
    /**
     * @description Seconds to wait before trying again; sent with `rate_limited`.
     * @example 12
     */
    RetryAfterWhenLimited: number;
    /**
     * @description The request limit that was reached, per window (sent when a request limit, not a sign-in limit, refuses).
     * @example 600
     */
    RateLimitLimit: number;
    /**
     * @description Requests left in the window (0 on a refusal).
     * @example 0
     */
    RateLimitRemaining: number;
    /**
     * @description Seconds until the window ends.
     * @example 12
     */
    RateLimitReset: number;
    /**
     * @description What the answer is, quoted: a file's (or a directory's `index.html`'s directory's) CID;
     *     `"<cid>.raw"` for a raw block; `"<cid>.<format>"` for a document; `W/"<cid>.car.<variant>"`
     *     for a CAR (one per path, scope, range and dups); `W/"<cid>.x-tar"` for a tar;
     *     `"DirIndex-<version>_CID-<cid>"` and `"DagIndex-<version>_CID-<cid>"` for generated pages.
     * @example "bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku"
     */
    ETag: string;
    /**
     * @description Content addressed by CID never changes and may be cached for 336 days; a generated page
     *     (a directory listing, a DAG preview) for a week.
     */
    ImmutableCache: 'public, max-age=29030400, immutable' | 'public, max-age=604800, stale-while-revalidate=2678400';
    /**
     * @description User content never runs as the app: it is sandboxed (no scripts, no same origin), may load
     *     no resources except images and media from this origin and inline styles.
     */
    SandboxCsp: "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'";
    /** @description Browsers must use the declared content type. */
    NoSniff: 'nosniff';
    /** @description Any site may read gateway content. */
    AllowAnyOrigin: '*';
    /** @description The methods any site may use on the gateway. */
    GatewayAllowMethods: 'GET, HEAD, OPTIONS';
    /** @description The methods any site may use on the routing API. */
    RoutingAllowMethods: 'GET, HEAD, PUT, OPTIONS';
    /** @description The request headers any site may send to the gateway (no `Authorization`). */
    GatewayAllowHeaders: 'Content-Type, Range, User-Agent, X-Requested-With';
    /** @description The answer headers any site's script may read. */
    GatewayExposeHeaders: 'Content-Length, Content-Range, Content-Disposition, ETag, X-Ipfs-Path, X-Ipfs-Roots, X-Chunked-Output, X-Stream-Output, Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset';
    /** @description Any site may embed gateway content. */
    CrossOriginResource: 'cross-origin';
    /**
     * @description The request path, as requested (`/ipfs/<cid>[/<path>]`).
     * @example /ipfs/bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi/docs/readme.md
     */
    IpfsPath: string;
    /**
     * @description The CID each segment of the path resolved to, the root first, comma-separated.
     * @example bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi,bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku
     */
    IpfsRoots: string;
    /** @description `bytes`: files and blocks can be read in byte ranges; `none` for a CAR, which is streamed. */
    AcceptRanges: 'bytes' | 'none';
    /**
     * @description The full size.
     * @example bytes *\/262145
     */
    UnsatisfiedRange: string;
    /**
     * @description The name to save as (see `filename` and `download`): ASCII in `filename` (others `_`),
     *     exact in `filename*`. A raw block is always an attachment named `<cid>.bin`, a CAR
     *     `<cid>[_<last segment>].car`, a tar `<cid>.tar`; a json document is inline, a cbor one an
     *     attachment.
     * @example attachment; filename="holiday.jpg"; filename*=UTF-8''holiday.jpg
     */
    ContentDisposition: string;
    /** @description The bytes of the body (of the range for a 206); on `HEAD`, what `GET` would send. */
    ContentLength: number;
    /**
     * @description The same URL on the configured gateway origin.
     * @example https://gateway.example.com/ipfs/bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku
     */
    Location: string;
    /**
     * @description The same path with a trailing slash (each segment percent-encoded), and the same query.
     * @example /ipfs/bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi/docs/
     */
    TrailingSlashLocation: string;
  };
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  signup: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SignupRequest'];
      };
    };
    responses: {
      /** @description The account was created. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SignupResult'];
        };
      };
      /**
       * @description `validation_error` (a field is missing or invalid, including an unknown country),
       *     `invalid_json`, or `invalid_referral_code` (no user has that referral code).
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {unknown} */
            code?: 'validation_error' | 'invalid_json' | 'invalid_referral_code';
          };
        };
      };
      /** @description `email_taken`: an account with this email already exists. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "An account with this email already exists",
           *       "code": "email_taken"
           *     }
           */
          'application/json': components['schemas']['Error'] & {
            /** @constant */
            code?: 'email_taken';
          };
        };
      };
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  login: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "email": "ada@example.com",
         *       "password": "correct-horse"
         *     }
         */
        'application/json': components['schemas']['LoginRequest'];
      };
    };
    responses: {
      /** @description Logged in, or (two-factor accounts) the password was right and a code is needed. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LoginResult'] | components['schemas']['LoginChallenge'];
        };
      };
      400: components['responses']['InvalidBody'];
      /** @description `invalid_credentials`: the email is unknown or the password is wrong. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Invalid email or password",
           *       "code": "invalid_credentials"
           *     }
           */
          'application/json': components['schemas']['Error'] & {
            /** @constant */
            code?: 'invalid_credentials';
          };
        };
      };
      /** @description `account_disabled`: the account is disabled. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Account disabled, contact the administrator",
           *       "code": "account_disabled"
           *     }
           */
          'application/json': components['schemas']['Error'] & {
            /** @constant */
            code?: 'account_disabled';
          };
        };
      };
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  loginTwoFactor: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "challenge": "o3sQ2r0xk6T0b7lU8yYpZb1hXK2nV4m9QeC5wD1fG3A",
         *       "code": "492039"
         *     }
         */
        'application/json': components['schemas']['TwoFactorLoginRequest'];
      };
    };
    responses: {
      /** @description Logged in. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LoginResult'];
        };
      };
      400: components['responses']['InvalidBody'];
      /**
       * @description `invalid_two_factor_code`: the code is wrong, or was already used. `invalid_challenge`:
       *     the challenge is unknown, expired or already used: sign in with the password again.
       */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Invalid or already used code",
           *       "code": "invalid_two_factor_code"
           *     }
           */
          'application/json': components['schemas']['Error'] & {
            /** @enum {unknown} */
            code?: 'invalid_two_factor_code' | 'invalid_challenge';
          };
        };
      };
      /** @description `account_disabled`: the account is disabled. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Account disabled, contact the administrator",
           *       "code": "account_disabled"
           *     }
           */
          'application/json': components['schemas']['Error'] & {
            /** @constant */
            code?: 'account_disabled';
          };
        };
      };
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  logout: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Logged out. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  getProfile: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The profile. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['User'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  updateProfile: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "name": "Ada",
         *       "country": "ES"
         *     }
         */
        'application/json': components['schemas']['ProfileUpdateRequest'];
      };
    };
    responses: {
      /** @description The updated profile. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['User'];
        };
      };
      400: components['responses']['InvalidBody'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  changePassword: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "currentPassword": "correct-horse",
         *       "newPassword": "battery-staple"
         *     }
         */
        'application/json': components['schemas']['PasswordChangeRequest'];
      };
    };
    responses: {
      /** @description The password was changed. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description `validation_error`, `invalid_json`, or `wrong_password` (the current password is incorrect). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Current password is incorrect",
           *       "code": "wrong_password"
           *     }
           */
          'application/json': components['schemas']['Error'] & {
            /** @enum {unknown} */
            code?: 'validation_error' | 'invalid_json' | 'wrong_password';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  getMyIp: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The address. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @example 203.0.113.7 */
            ip: string;
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  getPreferences: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The preferences. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Preferences'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  updatePreferences: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "language": "ca",
         *       "country": "ES"
         *     }
         */
        'application/json': components['schemas']['PreferencesRequest'];
      };
    };
    responses: {
      /** @description The saved preferences. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Preferences'];
        };
      };
      400: components['responses']['InvalidBody'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  getTwoFactor: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Whether two-factor is on, and whether this account must turn it on. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TwoFactorStatus'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  startTwoFactorEnrolment: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The new secret. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TwoFactorEnrolment'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['SessionRequired'];
      /** @description `two_factor_already_enabled`: turn it off first to enrol another app. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Two-factor sign-in is already on",
           *       "code": "two_factor_already_enabled"
           *     }
           */
          'application/json': components['schemas']['Error'] & {
            /** @enum {unknown} */
            code?: 'two_factor_already_enabled';
          };
        };
      };
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  confirmTwoFactor: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "code": "492039"
         *     }
         */
        'application/json': components['schemas']['TwoFactorCodeRequest'];
      };
    };
    responses: {
      /** @description Two-factor is on. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TwoFactorRecoveryCodes'];
        };
      };
      /** @description `validation_error`, `invalid_json`, or `invalid_two_factor_code` (the code is wrong or was already used). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Invalid or already used code",
           *       "code": "invalid_two_factor_code"
           *     }
           */
          'application/json': components['schemas']['Error'] & {
            /** @enum {unknown} */
            code?: 'validation_error' | 'invalid_json' | 'invalid_two_factor_code';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['SessionRequired'];
      /** @description `two_factor_already_enabled`, or `two_factor_not_started` (start enrolment first). */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Start enrolment first: scan the QR code, then enter a code",
           *       "code": "two_factor_not_started"
           *     }
           */
          'application/json': components['schemas']['Error'] & {
            /** @enum {unknown} */
            code?: 'two_factor_already_enabled' | 'two_factor_not_started';
          };
        };
      };
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  disableTwoFactor: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "code": "492039"
         *     }
         */
        'application/json': components['schemas']['TwoFactorCodeRequest'];
      };
    };
    responses: {
      /** @description Two-factor is off. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description `validation_error`, `invalid_json`, or `invalid_two_factor_code` (the code is wrong or was already used). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Invalid or already used code",
           *       "code": "invalid_two_factor_code"
           *     }
           */
          'application/json': components['schemas']['Error'] & {
            /** @enum {unknown} */
            code?: 'validation_error' | 'invalid_json' | 'invalid_two_factor_code';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['SessionRequired'];
      /** @description `two_factor_not_enabled`: two-factor sign-in is already off. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Two-factor sign-in is off",
           *       "code": "two_factor_not_enabled"
           *     }
           */
          'application/json': components['schemas']['Error'] & {
            /** @enum {unknown} */
            code?: 'two_factor_not_enabled';
          };
        };
      };
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  generateToken: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['TokenGenerateRequest'];
      };
    };
    responses: {
      /** @description The token, with its secret. Store the secret now; it is never shown again. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiTokenCreated'];
        };
      };
      400: components['responses']['InvalidBody'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['AdminRequired'];
      404: components['responses']['GroupNotFound'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  listTokens: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The tokens. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TokenList'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  deleteRevokedTokens: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description How many revoked tokens were removed (0 when there were none). */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "removed": 2
           *     }
           */
          'application/json': {
            removed: number;
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  revokeToken: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The token's id.
         * @example 3b241101-e2bb-4255-8caf-4136c566a962
         */
        id: components['parameters']['TokenId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The revoked token. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiToken'];
        };
      };
      /** @description `validation_error`: the id is not a UUID. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Token not found",
           *       "code": "validation_error",
           *       "details": [
           *         {
           *           "path": "id",
           *           "message": "Token not found"
           *         }
           *       ]
           *     }
           */
          'application/json': components['schemas']['Error'] & {
            /** @constant */
            code?: 'validation_error';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      /** @description `token_not_found`: no token of this user has that id. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Token not found",
           *       "code": "token_not_found"
           *     }
           */
          'application/json': components['schemas']['Error'] & {
            /** @constant */
            code?: 'token_not_found';
          };
        };
      };
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  listS3Keys: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The keys, the endpoint and the region. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['S3KeyList'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  createS3Key: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "name": "backups",
         *       "readOnly": false
         *     }
         */
        'application/json': components['schemas']['S3KeyCreateRequest'];
      };
    };
    responses: {
      /** @description The key, with its secret. Store the secret now; it is never shown again. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['S3KeyCreated'];
        };
      };
      400: components['responses']['InvalidBody'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      409: components['responses']['S3KeyLimitReached'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  deleteS3Key: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The S3 key's id (not its access key id).
         * @example 9c5b94b1-35ad-49bb-b118-8e8fc24abf80
         */
        id: components['parameters']['S3KeyId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The key is gone. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      400: components['responses']['ValidationError'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      404: components['responses']['S3KeyNotFound'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  listLanguages: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The ten supported languages, each with its English and its own name. */
      200: {
        headers: {
          'Cache-Control': components['headers']['PublicCache'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LanguageList'];
        };
      };
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  listCountries: {
    parameters: {
      query?: {
        /** @description The language to name the countries in. */
        lang?: components['schemas']['LanguageCode'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The countries. */
      200: {
        headers: {
          'Cache-Control': components['headers']['PublicCache'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CountryList'];
        };
      };
      /** @description `validation_error`: `lang` is not a supported language. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unsupported language",
           *       "code": "validation_error",
           *       "details": [
           *         {
           *           "path": "lang",
           *           "message": "Unsupported language"
           *         }
           *       ]
           *     }
           */
          'application/json': components['schemas']['Error'] & {
            /** @constant */
            code?: 'validation_error';
          };
        };
      };
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  uploadFile: {
    parameters: {
      query?: {
        /**
         * @description `1` (default) gives the CID of `ipfs add --cid-version=1`; `0` gives exactly what a default
         *     `ipfs add` gives.
         */
        cidVersion?: components['parameters']['CidVersion'];
        /**
         * @description A custom name for the record (trimmed): letters and digits of any script (`отчёт-2026.txt`,
         *     `ñandú.md`), dots, underscores and hyphens, not starting with a dot, at most 255 characters,
         *     unique in the account (else `409 name_taken`). Empty means none.
         * @example report-2025.pdf
         */
        name?: components['parameters']['UploadName'];
        /**
         * @description `true`: the new record is private: the gateway serves its content to nobody without a signed
         *     access link, unless another record holds the same CID publicly (see `PUT
         *     /files/{uploadId}/privacy`). A record the account already held of the same content turns
         *     private too. Default `false` (public).
         */
        private?: components['parameters']['Private'];
        /** @description A group of the account the new record joins (also a record the account already held); else `404 group_not_found`, before any byte is read. */
        groupId?: components['parameters']['RecordGroupId'];
        /**
         * @description Key-values of the new record as a JSON object of strings (`{"env":"prod"}`), merged into
         *     those of a record the account already held. At most 50 keys, each 1 to 64 characters of
         *     `A-Z a-z 0-9 _ . -`, each value at most 1024 bytes of UTF-8 (`meta_too_many_keys`,
         *     `meta_key_invalid`, `meta_value_too_long`, before any byte is read).
         * @example {"env":"prod"}
         */
        meta?: components['parameters']['RecordMeta'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: components['requestBodies']['FileUpload'];
    responses: {
      /** @description The account already held this content; the existing record, charged once. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UploadResult'] & {
            /** @constant */
            duplicate?: true;
          };
        };
      };
      /** @description The file was stored and recorded. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UploadResult'] & {
            /** @constant */
            duplicate?: false;
          };
        };
      };
      400: components['responses']['FileUploadBadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['QuotaExceededOrInsufficientScope'];
      404: components['responses']['GroupNotFound'];
      409: components['responses']['NameTakenOrHeldOutsideGroup'];
      413: components['responses']['FileTooLarge'];
      415: components['responses']['NotMultipart'];
      429: components['responses']['UploadsBusyOrRateLimited'];
      500: components['responses']['InternalError'];
      503: components['responses']['ContentUnavailable'];
    };
  };
  listUploadsLegacy: {
    parameters: {
      query?: {
        /** @description The page, from 1. */
        page?: components['parameters']['Page'];
        /** @description Items per page. */
        limit?: components['parameters']['Limit'];
        /**
         * @description Keeps the records whose name contains this text or whose CID starts with it (trimmed; empty means all).
         * @example report
         */
        search?: components['parameters']['Search'];
        /** @description What the records are ordered by (the date they were added by default). Names sort as in a file manager: numbers by their value (`note-2` before `note-10`), upper and lower case and accents alike, punctuation before digits and digits before letters; equal names keep one order from page to page. */
        sort?: components['parameters']['UploadSort'];
        /** @description Ascending or descending (descending by default, newest first). */
        order?: components['parameters']['UploadOrder'];
        /** @description Keeps the records whose name contains this text, any case. */
        name?: components['parameters']['FilterName'];
        /** @description Keeps the records whose CID starts with this. */
        cid?: components['parameters']['FilterCid'];
        /** @description Keeps the records of this type. */
        type?: components['parameters']['FilterType'];
        /** @description Keeps the records of this category. */
        category?: components['parameters']['FilterCategory'];
        /** @description Keeps the records added at or after this time. */
        from?: components['parameters']['FilterFrom'];
        /** @description Keeps the records added before this time. */
        to?: components['parameters']['FilterTo'];
        /** @description Keeps the records of this group of the account (another account's group is `404 group_not_found`). */
        groupId?: components['parameters']['FilterGroupId'];
        /** @description Keeps the records of at least this many bytes (`size`). */
        minSize?: components['parameters']['FilterMinSize'];
        /** @description Keeps the records of at most this many bytes (`size`). */
        maxSize?: components['parameters']['FilterMaxSize'];
        /**
         * @description Keeps the records whose key-values include each of these, as a JSON object of strings (`{"env":"prod"}`; at most 10 keys).
         * @example {"env":"prod"}
         */
        meta?: components['parameters']['FilterMeta'];
        /**
         * @description Keeps the records whose value of each key starts with the given text, as a JSON object of strings (`{"project":"2026-"}`; at most 10 keys).
         * @example {"project":"2026-"}
         */
        metaPrefix?: components['parameters']['FilterMetaPrefix'];
        /**
         * @description Keeps the records that have each of these keys, comma-separated (at most 10).
         * @example owner,env
         */
        metaExists?: components['parameters']['FilterMetaExists'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of the account's files, newest first. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UploadList'];
        };
      };
      400: components['responses']['ValidationError'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      404: components['responses']['GroupNotFound'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  uploadFileLegacy: {
    parameters: {
      query?: {
        /**
         * @description `1` (default) gives the CID of `ipfs add --cid-version=1`; `0` gives exactly what a default
         *     `ipfs add` gives.
         */
        cidVersion?: components['parameters']['CidVersion'];
        /**
         * @description A custom name for the record (trimmed): letters and digits of any script (`отчёт-2026.txt`,
         *     `ñandú.md`), dots, underscores and hyphens, not starting with a dot, at most 255 characters,
         *     unique in the account (else `409 name_taken`). Empty means none.
         * @example report-2025.pdf
         */
        name?: components['parameters']['UploadName'];
        /**
         * @description `true`: the new record is private: the gateway serves its content to nobody without a signed
         *     access link, unless another record holds the same CID publicly (see `PUT
         *     /files/{uploadId}/privacy`). A record the account already held of the same content turns
         *     private too. Default `false` (public).
         */
        private?: components['parameters']['Private'];
        /** @description A group of the account the new record joins (also a record the account already held); else `404 group_not_found`, before any byte is read. */
        groupId?: components['parameters']['RecordGroupId'];
        /**
         * @description Key-values of the new record as a JSON object of strings (`{"env":"prod"}`), merged into
         *     those of a record the account already held. At most 50 keys, each 1 to 64 characters of
         *     `A-Z a-z 0-9 _ . -`, each value at most 1024 bytes of UTF-8 (`meta_too_many_keys`,
         *     `meta_key_invalid`, `meta_value_too_long`, before any byte is read).
         * @example {"env":"prod"}
         */
        meta?: components['parameters']['RecordMeta'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: components['requestBodies']['FileUpload'];
    responses: {
      /** @description The account already held this content; the existing record, charged once. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UploadResult'] & {
            /** @constant */
            duplicate?: true;
          };
        };
      };
      /** @description The file was stored and recorded. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UploadResult'] & {
            /** @constant */
            duplicate?: false;
          };
        };
      };
      400: components['responses']['FileUploadBadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['QuotaExceededOrInsufficientScope'];
      404: components['responses']['GroupNotFound'];
      409: components['responses']['NameTakenOrHeldOutsideGroup'];
      413: components['responses']['FileTooLarge'];
      415: components['responses']['NotMultipart'];
      429: components['responses']['UploadsBusyOrRateLimited'];
      500: components['responses']['InternalError'];
      503: components['responses']['ContentUnavailable'];
    };
  };
  uploadDirectory: {
    parameters: {
      query?: {
        /**
         * @description `1` (default) gives the CID of `ipfs add --cid-version=1`; `0` gives exactly what a default
         *     `ipfs add` gives.
         */
        cidVersion?: components['parameters']['CidVersion'];
        /** @description `dag` (default): the folder as one DAG and one record; `files`: one record per file. */
        mode?: components['parameters']['DirectoryMode'];
        /**
         * @description A custom name for the record (trimmed): letters and digits of any script (`отчёт-2026.txt`,
         *     `ñandú.md`), dots, underscores and hyphens, not starting with a dot, at most 255 characters,
         *     unique in the account (else `409 name_taken`). Empty means none.
         * @example report-2025.pdf
         */
        name?: components['parameters']['UploadName'];
        /**
         * @description `true`: the new record is private: the gateway serves its content to nobody without a signed
         *     access link, unless another record holds the same CID publicly (see `PUT
         *     /files/{uploadId}/privacy`). A record the account already held of the same content turns
         *     private too. Default `false` (public).
         */
        private?: components['parameters']['Private'];
        /** @description A group of the account the new record joins (also a record the account already held); else `404 group_not_found`, before any byte is read. */
        groupId?: components['parameters']['RecordGroupId'];
        /**
         * @description Key-values of the new record as a JSON object of strings (`{"env":"prod"}`), merged into
         *     those of a record the account already held. At most 50 keys, each 1 to 64 characters of
         *     `A-Z a-z 0-9 _ . -`, each value at most 1024 bytes of UTF-8 (`meta_too_many_keys`,
         *     `meta_key_invalid`, `meta_value_too_long`, before any byte is read).
         * @example {"env":"prod"}
         */
        meta?: components['parameters']['RecordMeta'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: components['requestBodies']['DirectoryUpload'];
    responses: {
      /** @description `dag` mode only: the account already held this root CID; the existing record, charged once. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DagUploadResult'] & {
            /** @constant */
            duplicate?: true;
          };
        };
      };
      /**
       * @description The folder was stored: `DagUploadResult` in `dag` mode (with `duplicate: false`),
       *     `FilesUploadResult` in `files` mode.
       */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | (components['schemas']['DagUploadResult'] & {
                /** @constant */
                duplicate?: false;
              })
            | components['schemas']['FilesUploadResult'];
        };
      };
      400: components['responses']['DirectoryUploadBadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['QuotaExceededOrInsufficientScope'];
      404: components['responses']['GroupNotFound'];
      409: components['responses']['NameTakenOrHeldOutsideGroup'];
      413: components['responses']['DirectoryTooLarge'];
      415: components['responses']['NotMultipart'];
      429: components['responses']['UploadsBusyOrRateLimited'];
      500: components['responses']['InternalError'];
      503: components['responses']['ContentUnavailable'];
    };
  };
  uploadCar: {
    parameters: {
      query?: {
        /**
         * @description A custom name for the record (trimmed): letters and digits of any script (`отчёт-2026.txt`,
         *     `ñandú.md`), dots, underscores and hyphens, not starting with a dot, at most 255 characters,
         *     unique in the account (else `409 name_taken`). Empty means none.
         * @example report-2025.pdf
         */
        name?: components['parameters']['UploadName'];
        /**
         * @description `true`: the new record is private: the gateway serves its content to nobody without a signed
         *     access link, unless another record holds the same CID publicly (see `PUT
         *     /files/{uploadId}/privacy`). A record the account already held of the same content turns
         *     private too. Default `false` (public).
         */
        private?: components['parameters']['Private'];
        /** @description A group of the account the new record joins (also a record the account already held); else `404 group_not_found`, before any byte is read. */
        groupId?: components['parameters']['RecordGroupId'];
        /**
         * @description Key-values of the new record as a JSON object of strings (`{"env":"prod"}`), merged into
         *     those of a record the account already held. At most 50 keys, each 1 to 64 characters of
         *     `A-Z a-z 0-9 _ . -`, each value at most 1024 bytes of UTF-8 (`meta_too_many_keys`,
         *     `meta_key_invalid`, `meta_value_too_long`, before any byte is read).
         * @example {"env":"prod"}
         */
        meta?: components['parameters']['RecordMeta'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description The CAR as the body, or `multipart/form-data` with the CAR in the part named `file`. */
    requestBody: {
      content: {
        'application/vnd.ipld.car': string;
        'multipart/form-data': components['schemas']['FileUploadRequest'];
      };
    };
    responses: {
      /** @description The account already held this root; the existing record, charged once. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UploadResult'] & {
            /** @constant */
            duplicate?: true;
          };
        };
      };
      /** @description The CAR was imported and its root recorded. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UploadResult'] & {
            /** @constant */
            duplicate?: false;
          };
        };
      };
      400: components['responses']['CarUploadBadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['QuotaExceededOrInsufficientScope'];
      404: components['responses']['GroupNotFound'];
      409: components['responses']['NameTakenOrHeldOutsideGroup'];
      413: components['responses']['CarUploadTooLarge'];
      415: components['responses']['NotMultipart'];
      429: components['responses']['UploadsBusyOrRateLimited'];
      500: components['responses']['InternalError'];
      503: components['responses']['CarUploadUnavailable'];
    };
  };
  uploadDirectoryLegacy: {
    parameters: {
      query?: {
        /**
         * @description `1` (default) gives the CID of `ipfs add --cid-version=1`; `0` gives exactly what a default
         *     `ipfs add` gives.
         */
        cidVersion?: components['parameters']['CidVersion'];
        /** @description `dag` (default): the folder as one DAG and one record; `files`: one record per file. */
        mode?: components['parameters']['DirectoryMode'];
        /**
         * @description A custom name for the record (trimmed): letters and digits of any script (`отчёт-2026.txt`,
         *     `ñandú.md`), dots, underscores and hyphens, not starting with a dot, at most 255 characters,
         *     unique in the account (else `409 name_taken`). Empty means none.
         * @example report-2025.pdf
         */
        name?: components['parameters']['UploadName'];
        /**
         * @description `true`: the new record is private: the gateway serves its content to nobody without a signed
         *     access link, unless another record holds the same CID publicly (see `PUT
         *     /files/{uploadId}/privacy`). A record the account already held of the same content turns
         *     private too. Default `false` (public).
         */
        private?: components['parameters']['Private'];
        /** @description A group of the account the new record joins (also a record the account already held); else `404 group_not_found`, before any byte is read. */
        groupId?: components['parameters']['RecordGroupId'];
        /**
         * @description Key-values of the new record as a JSON object of strings (`{"env":"prod"}`), merged into
         *     those of a record the account already held. At most 50 keys, each 1 to 64 characters of
         *     `A-Z a-z 0-9 _ . -`, each value at most 1024 bytes of UTF-8 (`meta_too_many_keys`,
         *     `meta_key_invalid`, `meta_value_too_long`, before any byte is read).
         * @example {"env":"prod"}
         */
        meta?: components['parameters']['RecordMeta'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: components['requestBodies']['DirectoryUpload'];
    responses: {
      /** @description The account already held this root CID; the existing record, charged once. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DagUploadResult'] & {
            /** @constant */
            duplicate?: true;
          };
        };
      };
      /** @description The folder was stored as one DAG and recorded. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DagUploadResult'] & {
            /** @constant */
            duplicate?: false;
          };
        };
      };
      400: components['responses']['DirectoryUploadBadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['QuotaExceededOrInsufficientScope'];
      404: components['responses']['GroupNotFound'];
      409: components['responses']['NameTakenOrHeldOutsideGroup'];
      413: components['responses']['DirectoryTooLarge'];
      415: components['responses']['NotMultipart'];
      429: components['responses']['UploadsBusyOrRateLimited'];
      500: components['responses']['InternalError'];
      503: components['responses']['ContentUnavailable'];
    };
  };
  deleteUploadByCid: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description A CIDv0 (`Qm…`) or CIDv1 in any multibase; compared in its canonical form.
         * @example bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku
         */
        cid: components['parameters']['CidPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The record was removed (and the content unpinned if no account holds it any more). */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RemoveResult'];
        };
      };
      400: components['responses']['ValidationError'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      404: components['responses']['FileNotFound'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  listUploads: {
    parameters: {
      query?: {
        /** @description The page, from 1. */
        page?: components['parameters']['Page'];
        /** @description Items per page. */
        limit?: components['parameters']['Limit'];
        /**
         * @description Keeps the records whose name contains this text or whose CID starts with it (trimmed; empty means all).
         * @example report
         */
        search?: components['parameters']['Search'];
        /** @description What the records are ordered by (the date they were added by default). Names sort as in a file manager: numbers by their value (`note-2` before `note-10`), upper and lower case and accents alike, punctuation before digits and digits before letters; equal names keep one order from page to page. */
        sort?: components['parameters']['UploadSort'];
        /** @description Ascending or descending (descending by default, newest first). */
        order?: components['parameters']['UploadOrder'];
        /** @description Keeps the records whose name contains this text, any case. */
        name?: components['parameters']['FilterName'];
        /** @description Keeps the records whose CID starts with this. */
        cid?: components['parameters']['FilterCid'];
        /** @description Keeps the records of this type. */
        type?: components['parameters']['FilterType'];
        /** @description Keeps the records of this category. */
        category?: components['parameters']['FilterCategory'];
        /** @description Keeps the records added at or after this time. */
        from?: components['parameters']['FilterFrom'];
        /** @description Keeps the records added before this time. */
        to?: components['parameters']['FilterTo'];
        /** @description Keeps the records of this group of the account (another account's group is `404 group_not_found`). */
        groupId?: components['parameters']['FilterGroupId'];
        /** @description Keeps the records of at least this many bytes (`size`). */
        minSize?: components['parameters']['FilterMinSize'];
        /** @description Keeps the records of at most this many bytes (`size`). */
        maxSize?: components['parameters']['FilterMaxSize'];
        /**
         * @description Keeps the records whose key-values include each of these, as a JSON object of strings (`{"env":"prod"}`; at most 10 keys).
         * @example {"env":"prod"}
         */
        meta?: components['parameters']['FilterMeta'];
        /**
         * @description Keeps the records whose value of each key starts with the given text, as a JSON object of strings (`{"project":"2026-"}`; at most 10 keys).
         * @example {"project":"2026-"}
         */
        metaPrefix?: components['parameters']['FilterMetaPrefix'];
        /**
         * @description Keeps the records that have each of these keys, comma-separated (at most 10).
         * @example owner,env
         */
        metaExists?: components['parameters']['FilterMetaExists'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of the account's files, newest first. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UploadList'];
        };
      };
      400: components['responses']['ValidationError'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      404: components['responses']['GroupNotFound'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  getUpload: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The record's id. Anything that is not one of the account's record ids (a UUID) is `404 file_not_found`.
         * @example 0b6f3a2e-5c1d-4e8f-9a7b-6c5d4e3f2a1b
         */
        uploadId: components['parameters']['UploadId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The record. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UploadDetail'];
        };
      };
      400: components['responses']['ValidationError'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      404: components['responses']['FileNotFound'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  deleteUpload: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The record's id. Anything that is not one of the account's record ids (a UUID) is `404 file_not_found`.
         * @example 0b6f3a2e-5c1d-4e8f-9a7b-6c5d4e3f2a1b
         */
        uploadId: components['parameters']['UploadId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The record was removed. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RemoveResult'];
        };
      };
      400: components['responses']['ValidationError'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      404: components['responses']['FileNotFound'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  renameUpload: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The record's id. Anything that is not one of the account's record ids (a UUID) is `404 file_not_found`.
         * @example 0b6f3a2e-5c1d-4e8f-9a7b-6c5d4e3f2a1b
         */
        uploadId: components['parameters']['UploadId'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UploadPatchRequest'];
      };
    };
    responses: {
      /** @description The renamed record. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Upload'];
        };
      };
      400: components['responses']['MetaBadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      404: components['responses']['FileNotFound'];
      /** @description `name_taken`: another file of the account already has this name. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "A file with this name already exists",
           *       "code": "name_taken"
           *     }
           */
          'application/json': components['schemas']['Error'] & {
            /** @constant */
            code?: 'name_taken';
          };
        };
      };
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  listWebhooks: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The endpoints. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookList'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  createWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "url": "https://hooks.example.com/cairn",
         *       "description": "Invoice pipeline",
         *       "events": [
         *         "upload.created",
         *         "record.deleted"
         *       ]
         *     }
         */
        'application/json': components['schemas']['WebhookCreateRequest'];
      };
    };
    responses: {
      /** @description The endpoint, with its signing secret (shown once). */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookCreated'];
        };
      };
      400: components['responses']['WebhookBadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      409: components['responses']['WebhookLimitReached'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  getWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A webhook endpoint of the account (a UUID). */
        webhookId: components['parameters']['WebhookId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The endpoint. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Webhook'];
        };
      };
      400: components['responses']['ValidationError'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      404: components['responses']['WebhookNotFound'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  deleteWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A webhook endpoint of the account (a UUID). */
        webhookId: components['parameters']['WebhookId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The endpoint is gone. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookDeleted'];
        };
      };
      400: components['responses']['ValidationError'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      404: components['responses']['WebhookNotFound'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  updateWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A webhook endpoint of the account (a UUID). */
        webhookId: components['parameters']['WebhookId'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "enabled": false
         *     }
         */
        'application/json': components['schemas']['WebhookUpdateRequest'];
      };
    };
    responses: {
      /** @description The changed endpoint. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Webhook'];
        };
      };
      400: components['responses']['WebhookBadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      404: components['responses']['WebhookNotFound'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  testWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A webhook endpoint of the account (a UUID). */
        webhookId: components['parameters']['WebhookId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The test event and its delivery, queued. */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookQueued'];
        };
      };
      400: components['responses']['ValidationError'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      404: components['responses']['WebhookNotFound'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  rotateWebhookSecret: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A webhook endpoint of the account (a UUID). */
        webhookId: components['parameters']['WebhookId'];
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        /**
         * @example {
         *       "overlapHours": 24
         *     }
         */
        'application/json': components['schemas']['WebhookSecretRotateRequest'];
      };
    };
    responses: {
      /** @description The endpoint and its new secret. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookSecretRotated'];
        };
      };
      400: components['responses']['InvalidBody'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      404: components['responses']['WebhookNotFound'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  listWebhookDeliveries: {
    parameters: {
      query?: {
        /** @description The page, from 1. */
        page?: components['parameters']['Page'];
        /** @description Items per page. */
        limit?: components['parameters']['Limit'];
      };
      header?: never;
      path: {
        /** @description A webhook endpoint of the account (a UUID). */
        webhookId: components['parameters']['WebhookId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of deliveries. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookDeliveryList'];
        };
      };
      400: components['responses']['ValidationError'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      404: components['responses']['WebhookNotFound'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  resendWebhookDelivery: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A webhook endpoint of the account (a UUID). */
        webhookId: components['parameters']['WebhookId'];
        /** @description A delivery of the endpoint (a UUID). */
        deliveryId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The delivery, queued again. */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookQueued'];
        };
      };
      400: components['responses']['ValidationError'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      404: components['responses']['WebhookOrDeliveryNotFound'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  listDomains: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The domains. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DomainList'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  createDomain: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "hostname": "files.example.org",
         *       "target": "/ipfs/bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi"
         *     }
         */
        'application/json': components['schemas']['DomainCreateRequest'];
      };
    };
    responses: {
      /** @description The domain, pending (or verified, when it was taken over from another account). */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Domain'];
        };
      };
      400: components['responses']['DomainBadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      409: components['responses']['DomainConflict'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  deleteDomain: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A custom domain of the account (a UUID). */
        domainId: components['parameters']['DomainId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The domain is gone. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DomainDeleted'];
        };
      };
      400: components['responses']['ValidationError'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      404: components['responses']['DomainNotFound'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  verifyDomain: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A custom domain of the account (a UUID). */
        domainId: components['parameters']['DomainId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The domain after the check. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Domain'];
        };
      };
      400: components['responses']['ValidationError'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      404: components['responses']['DomainNotFound'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  streamEvents: {
    parameters: {
      query?: {
        /** @description As `Last-Event-ID`, for a client that cannot set headers; the header wins. An event id (a UUID). */
        lastEventId?: string;
      };
      header?: {
        /** @description The id of the last event the client received; the stream resumes after it. */
        'Last-Event-ID'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The event stream. It never ends on its own while the server runs. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example retry: 3000
           *
           *     id: 3f0c9b1e-8d2a-4c55-9a51-0c1e6d9f7a21
           *     event: upload.created
           *     data: {"id":"3f0c9b1e-8d2a-4c55-9a51-0c1e6d9f7a21","type":"upload.created","createdAt":"2026-11-28T05:00:00.000Z","data":{"id":"…"}}
           *
           *     : heartbeat
           */
          'text/event-stream': string;
        };
      };
      400: components['responses']['ValidationError'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      429: components['responses']['EventStreamsOrRateLimited'];
      500: components['responses']['InternalError'];
    };
  };
  listNames: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The names. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['NameList'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  createName: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "label": "My website"
         *     }
         */
        'application/json': components['schemas']['NameCreateRequest'];
      };
    };
    responses: {
      /** @description The name. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Name'];
        };
      };
      400: components['responses']['InvalidBody'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      409: components['responses']['NameLimitReached'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  resolveName: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description An IPNS name, as a `k51…` CID of its key or a peer id (`12D3Koo…`, `Qm…`). */
        name: components['parameters']['IpnsName'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The name's value. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['NameResolution'];
        };
      };
      400: components['responses']['IpnsNameInvalid'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      404: components['responses']['NameNotResolved'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  getName: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description An IPNS name of the account (its id, a UUID). */
        nameId: components['parameters']['NameId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The name. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Name'];
        };
      };
      400: components['responses']['ValidationError'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      404: components['responses']['NameNotFound'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  deleteName: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description An IPNS name of the account (its id, a UUID). */
        nameId: components['parameters']['NameId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The name is gone. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['NameDeleted'];
        };
      };
      400: components['responses']['ValidationError'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      404: components['responses']['NameNotFound'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  renameName: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description An IPNS name of the account (its id, a UUID). */
        nameId: components['parameters']['NameId'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "label": "Website (production)"
         *     }
         */
        'application/json': components['schemas']['NameUpdateRequest'];
      };
    };
    responses: {
      /** @description The name. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Name'];
        };
      };
      400: components['responses']['InvalidBody'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      404: components['responses']['NameNotFound'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  publishName: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description An IPNS name of the account (its id, a UUID). */
        nameId: components['parameters']['NameId'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "value": "/ipfs/bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi",
         *       "ttlSeconds": 60
         *     }
         */
        'application/json': components['schemas']['NamePublishRequest'];
      };
    };
    responses: {
      /** @description The name with its new value. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Name'];
        };
      };
      400: components['responses']['NamePublishBadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      404: components['responses']['NameNotFound'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  listNameHistory: {
    parameters: {
      query?: {
        limit?: number;
      };
      header?: never;
      path: {
        /** @description An IPNS name of the account (its id, a UUID). */
        nameId: components['parameters']['NameId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The publications. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['NameHistory'];
        };
      };
      400: components['responses']['ValidationError'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      404: components['responses']['NameNotFound'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  rollbackName: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description An IPNS name of the account (its id, a UUID). */
        nameId: components['parameters']['NameId'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "sequence": 3
         *     }
         */
        'application/json': components['schemas']['NameRollbackRequest'];
      };
    };
    responses: {
      /** @description The name with the earlier value, under a new sequence number. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Name'];
        };
      };
      400: components['responses']['NamePublishBadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      404: components['responses']['NameOrPublicationNotFound'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  exportNameKey: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description An IPNS name of the account (its id, a UUID). */
        nameId: components['parameters']['NameId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The private key. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['NameKeyExport'];
        };
      };
      400: components['responses']['ValidationError'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      404: components['responses']['NameNotFound'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  listGroups: {
    parameters: {
      query?: {
        /** @description The page, from 1. */
        page?: components['parameters']['Page'];
        /** @description Items per page. */
        limit?: components['parameters']['Limit'];
        /** @description Keeps the groups whose name contains this text, any case (trimmed; empty means all). */
        search?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of groups. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GroupList'];
        };
      };
      400: components['responses']['ValidationError'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  createGroup: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "name": "Invoices 2026"
         *     }
         */
        'application/json': components['schemas']['GroupRequest'];
      };
    };
    responses: {
      /** @description The group. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Group'];
        };
      };
      400: components['responses']['InvalidBody'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      409: components['responses']['GroupNameTaken'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  getGroup: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A group of the account (a UUID). */
        groupId: components['parameters']['GroupId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The group. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Group'];
        };
      };
      400: components['responses']['ValidationError'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      404: components['responses']['GroupNotFound'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  deleteGroup: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A group of the account (a UUID). */
        groupId: components['parameters']['GroupId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The group is gone. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GroupDeleted'];
        };
      };
      400: components['responses']['ValidationError'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      404: components['responses']['GroupNotFound'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  renameGroup: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A group of the account (a UUID). */
        groupId: components['parameters']['GroupId'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "name": "Invoices 2027"
         *     }
         */
        'application/json': components['schemas']['GroupRequest'];
      };
    };
    responses: {
      /** @description The renamed group. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Group'];
        };
      };
      400: components['responses']['InvalidBody'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      404: components['responses']['GroupNotFound'];
      409: components['responses']['GroupNameTaken'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  addToGroup: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A group of the account (a UUID). */
        groupId: components['parameters']['GroupId'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['GroupMembersRequest'];
      };
    };
    responses: {
      /** @description How many records joined the group. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GroupMembersAdded'];
        };
      };
      400: components['responses']['InvalidBody'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      404: components['responses']['GroupOrFileNotFound'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  removeFromGroup: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A group of the account (a UUID). */
        groupId: components['parameters']['GroupId'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "uploadIds": [
         *         "0b6f3a2e-5c1d-4e8f-9a7b-6c5d4e3f2a1b"
         *       ]
         *     }
         */
        'application/json': components['schemas']['GroupMembersRequest'];
      };
    };
    responses: {
      /** @description How many records left the group. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GroupMembersRemoved'];
        };
      };
      400: components['responses']['InvalidBody'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      404: components['responses']['GroupOrFileNotFound'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  setUploadPrivacy: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The record's id. Anything that is not one of the account's record ids (a UUID) is `404 file_not_found`.
         * @example 0b6f3a2e-5c1d-4e8f-9a7b-6c5d4e3f2a1b
         */
        uploadId: components['parameters']['UploadId'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "private": true
         *     }
         */
        'application/json': components['schemas']['PrivacyRequest'];
      };
    };
    responses: {
      /** @description The record, with its new privacy. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Upload'];
        };
      };
      400: components['responses']['InvalidBody'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      404: components['responses']['FileNotFound'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  listAccessLinks: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The record's id. Anything that is not one of the account's record ids (a UUID) is `404 file_not_found`.
         * @example 0b6f3a2e-5c1d-4e8f-9a7b-6c5d4e3f2a1b
         */
        uploadId: components['parameters']['UploadId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The live links. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AccessLinkList'];
        };
      };
      400: components['responses']['ValidationError'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      404: components['responses']['FileNotFound'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  createAccessLink: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The record's id. Anything that is not one of the account's record ids (a UUID) is `404 file_not_found`.
         * @example 0b6f3a2e-5c1d-4e8f-9a7b-6c5d4e3f2a1b
         */
        uploadId: components['parameters']['UploadId'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "expiresIn": 600,
         *       "downloadName": "report.pdf",
         *       "singleUse": false
         *     }
         */
        'application/json': components['schemas']['AccessLinkRequest'];
      };
    };
    responses: {
      /** @description The link. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AccessLink'];
        };
      };
      400: components['responses']['InvalidBody'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      404: components['responses']['FileNotFound'];
      /** @description `too_many_links`: the file has 100 live links already; revoke some first. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "A file has at most 100 live links: revoke some first",
           *       "code": "too_many_links"
           *     }
           */
          'application/json': components['schemas']['Error'] & {
            /** @constant */
            code?: 'too_many_links';
          };
        };
      };
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  revokeAccessLink: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The record's id. Anything that is not one of the account's record ids (a UUID) is `404 file_not_found`.
         * @example 0b6f3a2e-5c1d-4e8f-9a7b-6c5d4e3f2a1b
         */
        uploadId: components['parameters']['UploadId'];
        linkId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Revoked. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      400: components['responses']['ValidationError'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      /** @description `file_not_found` (no such file of the account) or `link_not_found` (no live link with this id on it). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "No live link with this id on this file",
           *       "code": "link_not_found"
           *     }
           */
          'application/json': components['schemas']['Error'] & {
            /** @enum {unknown} */
            code?: 'file_not_found' | 'link_not_found';
          };
        };
      };
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  getUsage: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The usage. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Usage'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  getBandwidthUsage: {
    parameters: {
      query?: {
        /** @description The first UTC day of the series (YYYY-MM-DD); the first day of `to`'s month, or of this month, unless given. */
        from?: string;
        /** @description The last UTC day of the series, included; today unless given. At most 366 days after `from`. */
        to?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The bandwidth. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BandwidthUsage'];
        };
      };
      400: components['responses']['ValidationError'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  getUploadBandwidth: {
    parameters: {
      query?: {
        /** @description The first UTC day of the series (YYYY-MM-DD); the first day of `to`'s month, or of this month, unless given. */
        from?: string;
        /** @description The last UTC day of the series, included; today unless given. At most 366 days after `from`. */
        to?: string;
      };
      header?: never;
      path: {
        /**
         * @description The record's id. Anything that is not one of the account's record ids (a UUID) is `404 file_not_found`.
         * @example 0b6f3a2e-5c1d-4e8f-9a7b-6c5d4e3f2a1b
         */
        uploadId: components['parameters']['UploadId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The record's bandwidth. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RecordBandwidth'];
        };
      };
      400: components['responses']['ValidationError'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      404: components['responses']['FileNotFound'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  createResumableUpload: {
    parameters: {
      query?: {
        /**
         * @description `1` (default) gives the CID of `ipfs add --cid-version=1`; `0` gives exactly what a default
         *     `ipfs add` gives.
         */
        cidVersion?: components['parameters']['CidVersion'];
        /**
         * @description A custom name for the record (trimmed): letters and digits of any script (`отчёт-2026.txt`,
         *     `ñandú.md`), dots, underscores and hyphens, not starting with a dot, at most 255 characters,
         *     unique in the account (else `409 name_taken`). Empty means none.
         * @example report-2025.pdf
         */
        name?: components['parameters']['UploadName'];
      };
      header: {
        /** @description The tus protocol version the client speaks. */
        'Tus-Resumable': components['parameters']['TusResumable'];
        /** @description The size of the whole file in bytes (1 to 4294967296). */
        'Upload-Length': number;
        /**
         * @description tus metadata, comma-separated `key base64(value)` pairs; `filename` names the file.
         * @example filename bW92aWUubXA0
         */
        'Upload-Metadata'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      201: components['responses']['TusCreated'];
      400: components['responses']['TusBadLength'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['QuotaExceededOrInsufficientScope'];
      412: components['responses']['TusProtocolError'];
      413: components['responses']['FileTooLarge'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  resumableUploadResult: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The upload's id, the last segment of its `Location`. An upload made with a token or a
         *     session is reachable only with a credential of the same account; one made through a
         *     signed upload URL has a 43-character random id that is itself the credential.
         */
        resumableId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The record. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UploadResult'];
        };
      };
      400: components['responses']['ValidationError'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      404: components['responses']['ResumableNotFound'];
      409: components['responses']['ResumableConflict'];
      410: components['responses']['ResumableExpired'];
      412: components['responses']['TusProtocolError'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ContentUnavailable'];
    };
  };
  resumableUploadTerminate: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The upload's id, the last segment of its `Location`. An upload made with a token or a
         *     session is reachable only with a credential of the same account; one made through a
         *     signed upload URL has a 43-character random id that is itself the credential.
         */
        resumableId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Dropped. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      400: components['responses']['ValidationError'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      404: components['responses']['ResumableNotFound'];
      410: components['responses']['ResumableExpired'];
      412: components['responses']['TusProtocolError'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ContentUnavailable'];
    };
  };
  resumableUploadAppend: {
    parameters: {
      query?: never;
      header: {
        /** @description The tus protocol version the client speaks. */
        'Tus-Resumable': components['parameters']['TusResumable'];
        'Upload-Offset': number;
      };
      path: {
        /**
         * @description The upload's id, the last segment of its `Location`. An upload made with a token or a
         *     session is reachable only with a credential of the same account; one made through a
         *     signed upload URL has a 43-character random id that is itself the credential.
         */
        resumableId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/offset+octet-stream': string;
      };
    };
    responses: {
      /** @description The file is complete and recorded (or the account already held it, `duplicate`). */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UploadResult'];
        };
      };
      /** @description The bytes were stored; `Upload-Offset` is the new offset. */
      204: {
        headers: {
          'Upload-Offset': number;
          [name: string]: unknown;
        };
        content?: never;
      };
      400: components['responses']['TusProtocolError'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['QuotaExceededOrInsufficientScope'];
      404: components['responses']['ResumableNotFound'];
      409: components['responses']['ResumableConflict'];
      410: components['responses']['ResumableExpired'];
      412: components['responses']['TusProtocolError'];
      413: components['responses']['FileTooLarge'];
      415: components['responses']['TusProtocolError'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ContentUnavailable'];
    };
  };
  createSignedUpload: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          maxBytes: number;
          /** @description Seconds the URL stays usable (at most a week). */
          expiresIn: number;
          /** @description A custom name for the file, as `name` of `POST /upload` (null or empty means none). */
          name?: string | null;
        };
      };
    };
    responses: {
      /** @description The URL. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SignedUpload'];
        };
      };
      400: components['responses']['InvalidBody'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  uploadThroughSignedUrl: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        secret: string;
      };
      cookie?: never;
    };
    requestBody: components['requestBodies']['FileUpload'];
    responses: {
      /** @description The account already held this content; the existing record, charged once. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UploadResult'];
        };
      };
      /** @description The file was stored and recorded. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UploadResult'];
        };
      };
      400: components['responses']['FileUploadBadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['QuotaExceeded'];
      404: components['responses']['SignedUrlNotFound'];
      409: components['responses']['SignedUrlUsed'];
      410: components['responses']['SignedUrlExpired'];
      413: components['responses']['FileTooLarge'];
      415: components['responses']['NotMultipart'];
      429: components['responses']['UploadsBusyOrRateLimited'];
      500: components['responses']['InternalError'];
      503: components['responses']['ContentUnavailable'];
    };
  };
  createResumableThroughSignedUrl: {
    parameters: {
      query?: never;
      header: {
        /** @description The tus protocol version the client speaks. */
        'Tus-Resumable': components['parameters']['TusResumable'];
        'Upload-Length': number;
        'Upload-Metadata'?: string;
      };
      path: {
        secret: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      201: components['responses']['TusCreated'];
      400: components['responses']['TusBadLength'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['QuotaExceeded'];
      404: components['responses']['SignedUrlNotFound'];
      409: components['responses']['SignedUrlUsed'];
      410: components['responses']['SignedUrlExpired'];
      412: components['responses']['TusProtocolError'];
      413: components['responses']['FileTooLarge'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  pinByCid: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "cid": "bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku",
         *       "customName": "hello.txt"
         *     }
         */
        'application/json': components['schemas']['PinRequest'];
      };
    };
    responses: {
      /** @description Pinned within the request; `upload` is the new record. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PinJob'] & {
            /** @constant */
            status?: 'pinned';
            upload?: components['schemas']['Upload'];
          };
        };
      };
      /** @description The job is still running (`queued` or `pinning`); `upload` is null. Poll `GET /pins/{id}`. */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PinJob'] & {
            /** @enum {unknown} */
            status?: 'queued' | 'pinning';
            upload?: null;
          };
        };
      };
      /**
       * @description `validation_error` (`Please enter a CID` when `cid` is missing or empty, or another
       *     invalid field), `invalid_json`, `invalid_cid` (`cid` is not a CIDv0 or CIDv1), or
       *     `identity_cid` (an identity CID holds its bytes inside the CID itself: there is nothing
       *     to store; the gateway serves it without any record).
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {unknown} */
            code?:
              | 'validation_error'
              | 'invalid_json'
              | 'invalid_cid'
              | 'identity_cid'
              | 'meta_key_invalid'
              | 'meta_value_too_long'
              | 'meta_too_many_keys';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      /**
       * @description `quota_exceeded`: the content is larger than the storage the account has left; or
       *     `insufficient_scope`: the API token lacks the `pins:write` scope.
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {unknown} */
            code?: 'quota_exceeded' | 'insufficient_scope';
          };
        };
      };
      /**
       * @description `cid_not_found` (the CID could not be found locally nor fetched from reachable peers in
       *     time) or `group_not_found` (`groupId` is no group of the account).
       */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "CID not found on IPFS network",
           *       "code": "cid_not_found"
           *     }
           */
          'application/json': components['schemas']['Error'] & {
            /** @enum {unknown} */
            code?: 'cid_not_found' | 'group_not_found';
          };
        };
      };
      /**
       * @description `already_pinned` (the account already holds this CID itself: uploaded, or pinned by
       *     CID; content it holds only through its remote pins is pinned again, and becomes its
       *     own; through an API token limited to a group, any record of the CID outside that group)
       *     or `name_taken` (another file of the account already has `customName`).
       */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {unknown} */
            code?: 'already_pinned' | 'name_taken';
          };
        };
      };
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      /** @description The pin failed for another reason (`pin_failed`, `not_a_file`, `content_unavailable`). */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  getPin: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The pin job's id.
         * @example 6f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b
         */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The pin job. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PinJob'];
        };
      };
      400: components['responses']['ValidationError'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      /** @description `pin_not_found`: the account has no pin job with this id. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Pin request not found",
           *       "code": "pin_not_found"
           *     }
           */
          'application/json': components['schemas']['Error'] & {
            /** @constant */
            code?: 'pin_not_found';
          };
        };
      };
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  viewDag: {
    parameters: {
      query?: {
        /** @description The page, from 1. */
        page?: components['parameters']['Page'];
        /** @description Items per page. */
        limit?: components['parameters']['Limit'];
        /**
         * @description A folder under the CID (`docs/a`), or empty for the CID itself: list its direct entries,
         *     one level (a CID that is a file has none). Leading, trailing and doubled slashes are ignored; `.` and `..` segments are
         *     a `validation_error`. At most 1024 characters.
         * @example docs/a
         */
        path?: string;
      };
      header?: never;
      path: {
        /**
         * @description A CIDv0 (`Qm…`) or CIDv1 in any multibase; compared in its canonical form.
         * @example bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku
         */
        cid: components['parameters']['CidPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The DAG. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DagView'];
        };
      };
      /**
       * @description `validation_error` (a parameter is invalid), `invalid_cid` (`cid` is not a CID) or
       *     `not_a_directory` (`path` names a file).
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Invalid CID: expected a CIDv0 (Qm…) or CIDv1 (bafy…)",
           *       "code": "invalid_cid"
           *     }
           */
          'application/json': components['schemas']['Error'] & {
            /** @enum {unknown} */
            code?: 'validation_error' | 'invalid_cid' | 'not_a_directory';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      /**
       * @description `file_not_found` (the account holds no record of this CID), `path_not_found` (nothing
       *     is at `path` under it) or `cid_not_found` (a block of the DAG is missing from the node).
       */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "File not found or not owned by the user",
           *       "code": "file_not_found"
           *     }
           */
          'application/json': components['schemas']['Error'] & {
            /** @enum {unknown} */
            code?: 'file_not_found' | 'path_not_found' | 'cid_not_found';
          };
        };
      };
      429: components['responses']['TooManyRequests'];
      431: components['responses']['HeadersTooLarge'];
      500: components['responses']['InternalError'];
    };
  };
  pinStatus: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description A CIDv0 (`Qm…`) or CIDv1 in any multibase; compared in its canonical form.
         * @example bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku
         */
        cid: components['parameters']['CidPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The pin's status on each node. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PinStatusView'];
        };
      };
      400: components['responses']['CidBadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      404: components['responses']['HeldFileNotFound'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  pinAllocations: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description A CIDv0 (`Qm…`) or CIDv1 in any multibase; compared in its canonical form.
         * @example bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku
         */
        cid: components['parameters']['CidPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The pin's allocation. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PinAllocationView'];
        };
      };
      400: components['responses']['CidBadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      404: components['responses']['HeldFileNotFound'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  listPlans: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The plans. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PlanList'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  checkoutPlan: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The plan's code. An unknown or inactive plan is `404 plan_not_found`.
         * @example pro
         */
        code: components['parameters']['PlanCode'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "method": "card",
         *       "acceptTerms": true
         *     }
         */
        'application/json': components['schemas']['CheckoutRequest'];
      };
    };
    responses: {
      /** @description The plan changed, or the checkout page to send the user to. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CheckoutResult'];
        };
      };
      /**
       * @description `validation_error` (`method` is not `card` or `crypto`, `acceptTerms` not a boolean),
       *     `invalid_json`, `terms_not_accepted` (`acceptTerms` is missing or false) or
       *     `crypto_unavailable` (cryptocurrency payments not available yet).
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {unknown} */
            code?: 'validation_error' | 'invalid_json' | 'terms_not_accepted' | 'crypto_unavailable';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      /** @description `plan_not_found`: no active plan has this code. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Selected plan not found",
           *       "code": "plan_not_found"
           *     }
           */
          'application/json': components['schemas']['Error'] & {
            /** @constant */
            code?: 'plan_not_found';
          };
        };
      };
      /** @description `plan_already_active`: the caller already holds this plan. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "This plan is already your current plan",
           *       "code": "plan_already_active"
           *     }
           */
          'application/json': components['schemas']['Error'] & {
            /** @constant */
            code?: 'plan_already_active';
          };
        };
      };
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      /**
       * @description Stripe could not start the payment: `payment_provider_error` (unreachable or refused),
       *     `payment_url_missing` (it answered without a checkout URL) or `invalid_redirect_url`
       *     (the URL is not one to send a user to). The order is marked `error`; nothing changed.
       *     Also `plan_update_failed` when moving to a free plan: the running subscription could
       *     not be cancelled, so the plan did not change.
       */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Payment URL not received",
           *       "code": "payment_url_missing"
           *     }
           */
          'application/json': components['schemas']['Error'] & {
            /** @enum {unknown} */
            code?: 'payment_provider_error' | 'payment_url_missing' | 'invalid_redirect_url' | 'plan_update_failed';
          };
        };
      };
      /** @description `payments_not_configured`: this server takes no card payments (a paid plan was chosen). */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "payments are not configured",
           *       "code": "payments_not_configured"
           *     }
           */
          'application/json': components['schemas']['Error'] & {
            /** @constant */
            code?: 'payments_not_configured';
          };
        };
      };
    };
  };
  stripeWebhook: {
    parameters: {
      query?: never;
      header: {
        /** @description Stripe's signature header (`t=…,v1=…`). */
        'Stripe-Signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          id: string;
          type: string;
          data: Record<string, never>;
        };
      };
    };
    responses: {
      /** @description The event was received (and handled, or already handled before). */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookReceived'];
        };
      };
      /** @description `invalid_signature`: the signature header is missing, stale or does not match the body. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Invalid webhook signature",
           *       "code": "invalid_signature"
           *     }
           */
          'application/json': components['schemas']['Error'] & {
            /** @constant */
            code?: 'invalid_signature';
          };
        };
      };
      /** @description `payload_too_large`: the body is over 1 MiB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Request body exceeds 1048576 bytes",
           *       "code": "payload_too_large"
           *     }
           */
          'application/json': components['schemas']['Error'] & {
            /** @constant */
            code?: 'payload_too_large';
          };
        };
      };
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      /** @description `payments_not_configured`: this server takes no card payments. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "payments are not configured",
           *       "code": "payments_not_configured"
           *     }
           */
          'application/json': components['schemas']['Error'] & {
            /** @constant */
            code?: 'payments_not_configured';
          };
        };
      };
    };
  };
  getPayment: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The order's id, from the checkout answer or the return URL. Anything else is `404 invalid_transaction`.
         * @example 7d9f1c2e-3b4a-4c5d-8e6f-0a1b2c3d4e5f
         */
        transactionId: components['parameters']['TransactionId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The order. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Payment'];
        };
      };
      400: components['responses']['ValidationError'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      404: components['responses']['InvalidTransaction'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      /** @description `payment_verification_failed`: Stripe could not be asked; try again. */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Error verifying payment status",
           *       "code": "payment_verification_failed"
           *     }
           */
          'application/json': components['schemas']['Error'] & {
            /** @constant */
            code?: 'payment_verification_failed';
          };
        };
      };
    };
  };
  cancelPayment: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The order's id, from the checkout answer or the return URL. Anything else is `404 invalid_transaction`.
         * @example 7d9f1c2e-3b4a-4c5d-8e6f-0a1b2c3d4e5f
         */
        transactionId: components['parameters']['TransactionId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The order. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Payment'];
        };
      };
      400: components['responses']['ValidationError'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      404: components['responses']['InvalidTransaction'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      /** @description `payment_verification_failed`: Stripe could not be asked how the checkout ended; try again. */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Error verifying payment status",
           *       "code": "payment_verification_failed"
           *     }
           */
          'application/json': components['schemas']['Error'] & {
            /** @constant */
            code?: 'payment_verification_failed';
          };
        };
      };
    };
  };
  getReferrals: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The referral summary. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ReferralSummary'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['InsufficientScope'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  adminStats: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The statistics. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminStats'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['AdminRequired'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  adminBandwidthStats: {
    parameters: {
      query?: {
        period?: '24h' | '7d' | '15d' | '30d' | '3m' | '6m' | '1y';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The figures. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminBandwidth'];
        };
      };
      400: components['responses']['ValidationError'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['AdminRequired'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  adminListUsers: {
    parameters: {
      query?: {
        /** @description The page, from 1. */
        page?: components['parameters']['Page'];
        /** @description Items per page. */
        limit?: components['parameters']['Limit'];
        /**
         * @description Case-insensitive text to look for (trimmed; empty means all). What it matches is said by each list.
         * @example ada@
         */
        search?: components['parameters']['AdminSearch'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of accounts. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminUserList'];
        };
      };
      400: components['responses']['ValidationError'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['AdminRequired'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  adminGetUser: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The account's id. Anything that is not an account id is `404 user_not_found`.
         * @example 9a7f3c52-1d2e-4b8a-9f4e-2c6b1a0d5e73
         */
        id: components['parameters']['AdminUserId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The account. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminUserDetail'];
        };
      };
      400: components['responses']['ValidationError'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['AdminRequired'];
      404: components['responses']['AdminUserNotFound'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  adminUpdateUser: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The account's id. Anything that is not an account id is `404 user_not_found`.
         * @example 9a7f3c52-1d2e-4b8a-9f4e-2c6b1a0d5e73
         */
        id: components['parameters']['AdminUserId'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "status": "inactive"
         *     }
         */
        'application/json': components['schemas']['AdminUserUpdateRequest'];
      };
    };
    responses: {
      /** @description The account after the change. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminUser'];
        };
      };
      /** @description `validation_error`, `invalid_json`, or `cannot_modify_self` (an administrator disabling or demoting themself). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "You cannot disable or demote your own account",
           *       "code": "cannot_modify_self"
           *     }
           */
          'application/json': components['schemas']['Error'] & {
            /** @enum {unknown} */
            code?: 'validation_error' | 'invalid_json' | 'cannot_modify_self';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['AdminRequired'];
      /** @description `user_not_found`, or `plan_not_found` (no plan has the `planCode`). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "User not found",
           *       "code": "user_not_found"
           *     }
           */
          'application/json': components['schemas']['Error'] & {
            /** @enum {unknown} */
            code?: 'user_not_found' | 'plan_not_found';
          };
        };
      };
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      /** @description `plan_update_failed`: the running subscription could not be cancelled at the payment provider; nothing changed. */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Plan update error: the current subscription could not be ended; try again",
           *       "code": "plan_update_failed"
           *     }
           */
          'application/json': components['schemas']['Error'] & {
            /** @constant */
            code?: 'plan_update_failed';
          };
        };
      };
    };
  };
  adminGrantBonus: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The account's id. Anything that is not an account id is `404 user_not_found`.
         * @example 9a7f3c52-1d2e-4b8a-9f4e-2c6b1a0d5e73
         */
        id: components['parameters']['AdminUserId'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "megabytes": 500,
         *       "note": "Storage lost during the March outage"
         *     }
         */
        'application/json': components['schemas']['AdminBonusGrantRequest'];
      };
    };
    responses: {
      /** @description The account after the grant, and the ledger row written. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminBonusGrant'];
        };
      };
      400: components['responses']['InvalidBody'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['AdminRequired'];
      404: components['responses']['AdminUserNotFound'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  adminListFiles: {
    parameters: {
      query?: {
        /** @description The page, from 1. */
        page?: components['parameters']['Page'];
        /** @description Items per page. */
        limit?: components['parameters']['Limit'];
        /**
         * @description Case-insensitive text to look for (trimmed; empty means all). What it matches is said by each list.
         * @example ada@
         */
        search?: components['parameters']['AdminSearch'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of records. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminFileList'];
        };
      };
      400: components['responses']['ValidationError'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['AdminRequired'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  adminDeleteFile: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The record's id. Anything that is not a record id is `404 file_not_found`.
         * @example 0b6f3a2e-5c1d-4e8f-9a7b-6c5d4e3f2a1b
         */
        uploadId: components['parameters']['AdminUploadId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The record was removed. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RemoveResult'];
        };
      };
      400: components['responses']['ValidationError'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['AdminRequired'];
      /** @description `file_not_found`: no record has that id. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "File not found",
           *       "code": "file_not_found"
           *     }
           */
          'application/json': components['schemas']['Error'] & {
            /** @constant */
            code?: 'file_not_found';
          };
        };
      };
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  adminListLogs: {
    parameters: {
      query?: {
        /** @description The page, from 1. */
        page?: components['parameters']['Page'];
        /** @description Items per page. */
        limit?: components['parameters']['Limit'];
        /** @description Only entries of this severity (empty means any). */
        type?: 'info' | 'warning' | 'critical' | '';
        /**
         * @description Only entries of this action (`login`, `upload`, `update_user`, …; empty means any).
         * @example login
         */
        action?: string;
        /**
         * @description Only entries written for this account (its id, a UUID; empty means any).
         * @example 9a7f3c52-1d2e-4b8a-9f4e-2c6b1a0d5e73
         */
        userId?: string;
        /**
         * @description Only entries of accounts whose email contains this text, in any case (the email the entry recorded or the account's current one).
         * @example ada@
         */
        user?: string;
        /**
         * @description Only entries at or after this instant; a day (`YYYY-MM-DD`, UTC) starts at its first millisecond.
         * @example 2025-03-01
         */
        from?: string;
        /**
         * @description Only entries at or before this instant; a day (`YYYY-MM-DD`, UTC) includes all of it.
         * @example 2025-03-31T23:59:59Z
         */
        to?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of entries. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LogList'];
        };
      };
      400: components['responses']['ValidationError'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['AdminRequired'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  adminPruneLogs: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: {
      content: {
        /**
         * @example {
         *       "olderThanDays": 30
         *     }
         */
        'application/json': components['schemas']['LogPruneRequest'];
      };
    };
    responses: {
      /** @description How many entries were deleted. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LogPruneResult'];
        };
      };
      400: components['responses']['InvalidBody'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['AdminRequired'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  adminListPlans: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The plans. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminPlanList'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['AdminRequired'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  adminCreatePlan: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "code": "team",
         *       "name": "Team",
         *       "storageLimitBytes": 536870912000,
         *       "priceMonthlyEur": 24.99,
         *       "description": "500 GiB for small teams."
         *     }
         */
        'application/json': components['schemas']['PlanCreateRequest'];
      };
    };
    responses: {
      /** @description The new plan. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminPlan'];
        };
      };
      400: components['responses']['InvalidBody'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['AdminRequired'];
      /** @description `plan_exists`: a plan already has this code. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "A plan with this code already exists",
           *       "code": "plan_exists"
           *     }
           */
          'application/json': components['schemas']['Error'] & {
            /** @constant */
            code?: 'plan_exists';
          };
        };
      };
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  adminDeletePlan: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The plan's code.
         * @example pro
         */
        code: components['parameters']['AdminPlanCode'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The plan was deleted. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      400: components['responses']['ValidationError'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['AdminRequired'];
      404: components['responses']['AdminPlanNotFound'];
      /**
       * @description `plan_in_use` (accounts hold the plan, or a checkout of it is waiting for payment) or
       *     `default_plan_protected` (the default plan).
       */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "3 account(s) hold this plan: deactivate it instead, so that nobody new can choose it",
           *       "code": "plan_in_use"
           *     }
           */
          'application/json': components['schemas']['Error'] & {
            /** @enum {unknown} */
            code?: 'plan_in_use' | 'default_plan_protected';
          };
        };
      };
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  adminUpdatePlan: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The plan's code.
         * @example pro
         */
        code: components['parameters']['AdminPlanCode'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "active": false
         *     }
         */
        'application/json': components['schemas']['PlanUpdateRequest'];
      };
    };
    responses: {
      /** @description The plan after the change. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminPlan'];
        };
      };
      400: components['responses']['InvalidBody'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['AdminRequired'];
      404: components['responses']['AdminPlanNotFound'];
      /**
       * @description `default_plan_protected` (deactivating the default plan, or unsetting its flag) or
       *     `default_plan_inactive` (making an inactive plan the default).
       */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "The default plan cannot be deleted or deactivated: make another plan the default first",
           *       "code": "default_plan_protected"
           *     }
           */
          'application/json': components['schemas']['Error'] & {
            /** @enum {unknown} */
            code?: 'default_plan_protected' | 'default_plan_inactive';
          };
        };
      };
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  adminListTokens: {
    parameters: {
      query?: {
        /** @description The page, from 1. */
        page?: components['parameters']['Page'];
        /** @description Items per page. */
        limit?: components['parameters']['Limit'];
        /**
         * @description Case-insensitive text to look for (trimmed; empty means all). What it matches is said by each list.
         * @example ada@
         */
        search?: components['parameters']['AdminSearch'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of tokens. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminTokenList'];
        };
      };
      400: components['responses']['ValidationError'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['AdminRequired'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  adminRevokeToken: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The token's id.
         * @example 3b241101-e2bb-4255-8caf-4136c566a962
         */
        id: components['parameters']['TokenId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The revoked token. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminToken'];
        };
      };
      400: components['responses']['ValidationError'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['AdminRequired'];
      /** @description `token_not_found`: no token has that id. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Token not found",
           *       "code": "token_not_found"
           *     }
           */
          'application/json': components['schemas']['Error'] & {
            /** @constant */
            code?: 'token_not_found';
          };
        };
      };
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  adminListContentJobs: {
    parameters: {
      query?: {
        /** @description The page, from 1. */
        page?: components['parameters']['Page'];
        /** @description Items per page. */
        limit?: components['parameters']['Limit'];
        /** @description Only jobs in this state (empty or absent means every state). */
        status?: 'pending' | 'running' | 'failed' | '';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of jobs. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminContentJobList'];
        };
      };
      400: components['responses']['ValidationError'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['AdminRequired'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  adminRetryContentJob: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The content job's id.
         * @example 5d0c7e1a-8f3b-4c2e-9a61-0b7d2f4e8c13
         */
        id: components['parameters']['ContentJobId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description What the retry did. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminContentJobRetry'];
        };
      };
      400: components['responses']['ValidationError'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['AdminRequired'];
      /** @description `content_job_not_found`: no job has that id (a job carried out is gone). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Content job not found",
           *       "code": "content_job_not_found"
           *     }
           */
          'application/json': components['schemas']['Error'] & {
            /** @constant */
            code?: 'content_job_not_found';
          };
        };
      };
      /** @description `content_job_running`: an instance is carrying the job out now. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "The job is being carried out now",
           *       "code": "content_job_running"
           *     }
           */
          'application/json': components['schemas']['Error'] & {
            /** @constant */
            code?: 'content_job_running';
          };
        };
      };
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  adminGetEngineGc: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The runs and the schedule. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminEngineGc'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['AdminRequired'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  adminStartEngineGc: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The run, started. */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            run: components['schemas']['AdminEngineGcRun'];
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['AdminRequired'];
      /**
       * @description `gc_running`: a collection runs now (on this or another instance).
       *     `gc_unsupported`: the `embedded` engine has no garbage collection to run.
       */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "A garbage collection of the storage engine is running already",
           *       "code": "gc_running"
           *     }
           */
          'application/json': components['schemas']['Error'] & {
            /** @enum {unknown} */
            code?: 'gc_running' | 'gc_unsupported';
          };
        };
      };
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  adminListUsageChecks: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The last checks. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminUsageChecks'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['AdminRequired'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  adminRunUsageCheck: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: {
      content: {
        /**
         * @example {
         *       "repair": false
         *     }
         */
        'application/json': {
          /**
           * @description Set each account found off to the sum of its records; false only reports.
           * @default true
           */
          repair?: boolean;
        };
      };
    };
    responses: {
      /** @description The check, done. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            check: components['schemas']['AdminUsageCheck'];
          };
        };
      };
      400: components['responses']['InvalidBody'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['AdminRequired'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  adminGetSettings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The settings. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminSettings'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['AdminRequired'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  adminUpdateSettings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "requireAdminTwoFactor": true
         *     }
         */
        'application/json': components['schemas']['AdminSettingsUpdateRequest'];
      };
    };
    responses: {
      /** @description The settings now. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminSettings'];
        };
      };
      400: components['responses']['InvalidBody'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['AdminRequired'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  adminListReferrals: {
    parameters: {
      query?: {
        /** @description The page, from 1. */
        page?: components['parameters']['Page'];
        /** @description Items per page. */
        limit?: components['parameters']['Limit'];
        /**
         * @description Case-insensitive text to look for (trimmed; empty means all). What it matches is said by each list.
         * @example ada@
         */
        search?: components['parameters']['AdminSearch'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of referrals. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminReferralList'];
        };
      };
      400: components['responses']['ValidationError'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['AdminRequired'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  adminListRewards: {
    parameters: {
      query?: {
        /** @description The page, from 1. */
        page?: components['parameters']['Page'];
        /** @description Items per page. */
        limit?: components['parameters']['Limit'];
        /**
         * @description Case-insensitive text to look for (trimmed; empty means all). What it matches is said by each list.
         * @example ada@
         */
        search?: components['parameters']['AdminSearch'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of ledger rows. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminRewardList'];
        };
      };
      400: components['responses']['ValidationError'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['AdminRequired'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  gatewayGet: {
    parameters: {
      query?: {
        /**
         * @description `true` (or `1`) makes the answer an attachment (`Content-Disposition: attachment`): named
         *     `filename` when given, else (for a file at a bare CID) the caller's own record of it, else
         *     the CID. Other values are ignored.
         * @example true
         */
        download?: components['parameters']['Download'];
        /**
         * @description The name to save the answer as, in `Content-Disposition` (`inline`, or `attachment` with
         *     `download=true`; raw blocks, CARs and tars are always attachments). Sent percent-encoded:
         *     non-ASCII characters are `_` in `filename` and exact in `filename*`.
         * @example holiday.jpg
         */
        filename?: components['parameters']['DownloadFilename'];
        /**
         * @description The answer to send, winning over `Accept`: `raw` (the target's block exactly as stored,
         *     `application/vnd.ipld.raw`), `car` (a CARv1 of its DAG), `tar` (a UnixFS file or directory
         *     as a tar archive), `dag-json` and `dag-cbor` (a document of that very codec, as stored),
         *     `json` and `cbor` (a json or dag-json, cbor or dag-cbor document under the plain type; for
         *     UnixFS content, the default answer). Any other value is `400 invalid_parameter`.
         * @example car
         */
        format?: components['parameters']['GatewayFormat'];
        /**
         * @description With a CAR: which blocks it carries, in depth-first order, after the blocks that prove a
         *     path under the CID (each directory, shard and document the path runs through; the CAR
         *     names the CID of the URL as its root). `all` (default): the whole DAG under the target,
         *     following the links of dag-pb, dag-cbor and dag-json blocks. `entity`: the file's blocks,
         *     or a directory's own node (and the shard nodes of a sharded directory), not its entries;
         *     outside UnixFS, the target's block. `block`: the target's block alone. Blocks with
         *     identity CIDs are never sent. Any other value is `400 invalid_parameter`.
         * @example entity
         */
        'dag-scope'?: components['parameters']['DagScope'];
        /**
         * @description With a CAR of a file: only the leaves covering bytes `from` to `to` (inclusive), with the
         *     nodes on the way to them; it implies `dag-scope=entity` (with `dag-scope=block` the block
         *     alone is sent). `to` may be `*` (the end); a negative number counts from the end. A range
         *     wholly outside the file sends the file's root block alone. Ignored for directories and
         *     non-UnixFS data. A malformed range, or one ending before it starts, is `400 invalid_parameter`.
         * @example 0:1048575
         */
        'entity-bytes'?: components['parameters']['EntityBytes'];
        /**
         * @description The `version` parameter of the CAR type, winning over `Accept`'s; only `1` (else `400 invalid_parameter`).
         * @example 1
         */
        'car-version'?: components['parameters']['CarVersion'];
        /**
         * @description The `order` parameter of the CAR type, winning over `Accept`'s; `dfs` or `unk` (else `400 invalid_parameter`). Blocks always come depth-first, and the answer says `order=dfs`.
         * @example dfs
         */
        'car-order'?: components['parameters']['CarOrder'];
        /**
         * @description The `dups` parameter of the CAR type, winning over `Accept`'s: `n` (default) sends each
         *     block once; `y` sends a block again each time the DAG links to it again. Else `400 invalid_parameter`.
         * @example n
         */
        'car-dups'?: components['parameters']['CarDups'];
        /**
         * @description The token of a signed access link (`POST /files/{uploadId}/links` gives the whole URL): it
         *     opens the record's content, private or not, under `/ipfs/{cid}` and every path below it,
         *     until it expires, is revoked, or (single use) was used once. The answer is then
         *     `Cache-Control: private, no-store` and `Referrer-Policy: no-referrer`, and carries the link's
         *     download name, if any, as an attachment.
         */
        token?: components['parameters']['AccessToken'];
      };
      header?: {
        /**
         * @description ETags of earlier answers (a list, weak ones, or `*`): the content is immutable, so a match is always `304`.
         * @example "bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku"
         */
        'If-None-Match'?: components['parameters']['IfNoneMatch'];
        /**
         * @description Byte ranges of a file or a block: `bytes=<start>-[<end>]`, `bytes=-<suffix length>`, or
         *     several of them (answered as `multipart/byteranges`). A malformed header, more than 16
         *     ranges or overlapping ranges give the whole body (200); ranges wholly beyond the end (or
         *     any range of an empty body) are `416`. Ignored for directories and CARs.
         * @example bytes=0-1023
         */
        Range?: components['parameters']['Range'];
        /**
         * @description The first type of the list that names a format chooses it (when `format` does not):
         *     `application/vnd.ipld.raw`, `application/vnd.ipld.car` (its `version`, `order` and `dups`
         *     parameters count as the `car-*` query parameters do), `application/x-tar`,
         *     `application/json`, `application/cbor`, `application/vnd.ipld.dag-json`,
         *     `application/vnd.ipld.dag-cbor`. Another `application/vnd.ipld.*` or
         *     `application/vnd.ipfs.*` type is `406`. `text/html` asks for a DAG document's preview.
         *     Other types leave the default answer.
         * @example application/vnd.ipld.car; version=1; order=dfs; dups=n
         */
        Accept?: components['parameters']['GatewayAccept'];
        /**
         * @description `only-if-cached`: answer `412` instead of `404` when the content is not held here.
         * @example only-if-cached
         */
        'Cache-Control'?: components['parameters']['OnlyIfCached'];
      };
      path: {
        /**
         * @description The root CID, in any form (`X-Ipfs-Path` repeats it as requested; `ETag` and `X-Ipfs-Roots`
         *     use the canonical form). Served only when some account holds it or its root block is on
         *     the node, or when it is an identity CID of at most 128 bytes.
         * @example bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi
         */
        cid: components['parameters']['GatewayCid'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: components['responses']['GatewayContent'];
      206: components['responses']['GatewayPartialContent'];
      301: components['responses']['GatewayTrailingSlash'];
      302: components['responses']['GatewayRedirect'];
      304: components['responses']['GatewayNotModified'];
      400: components['responses']['GatewayBadRequest'];
      403: components['responses']['AccessLinkInvalid'];
      404: components['responses']['GatewayNotFound'];
      406: components['responses']['GatewayNotAcceptable'];
      410: components['responses']['AccessLinkExpired'];
      412: components['responses']['GatewayNotCached'];
      416: components['responses']['RangeNotSatisfiable'];
      429: components['responses']['GatewayTooManyRequests'];
      500: components['responses']['InternalError'];
      501: components['responses']['GatewayNotImplemented'];
    };
  };
  gatewayOptions: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The root CID, in any form (`X-Ipfs-Path` repeats it as requested; `ETag` and `X-Ipfs-Roots`
         *     use the canonical form). Served only when some account holds it or its root block is on
         *     the node, or when it is an identity CID of at most 128 bytes.
         * @example bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi
         */
        cid: components['parameters']['GatewayCid'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      204: components['responses']['GatewayOptions'];
    };
  };
  gatewayHead: {
    parameters: {
      query?: {
        /**
         * @description `true` (or `1`) makes the answer an attachment (`Content-Disposition: attachment`): named
         *     `filename` when given, else (for a file at a bare CID) the caller's own record of it, else
         *     the CID. Other values are ignored.
         * @example true
         */
        download?: components['parameters']['Download'];
        /**
         * @description The name to save the answer as, in `Content-Disposition` (`inline`, or `attachment` with
         *     `download=true`; raw blocks, CARs and tars are always attachments). Sent percent-encoded:
         *     non-ASCII characters are `_` in `filename` and exact in `filename*`.
         * @example holiday.jpg
         */
        filename?: components['parameters']['DownloadFilename'];
        /**
         * @description The answer to send, winning over `Accept`: `raw` (the target's block exactly as stored,
         *     `application/vnd.ipld.raw`), `car` (a CARv1 of its DAG), `tar` (a UnixFS file or directory
         *     as a tar archive), `dag-json` and `dag-cbor` (a document of that very codec, as stored),
         *     `json` and `cbor` (a json or dag-json, cbor or dag-cbor document under the plain type; for
         *     UnixFS content, the default answer). Any other value is `400 invalid_parameter`.
         * @example car
         */
        format?: components['parameters']['GatewayFormat'];
        /**
         * @description With a CAR: which blocks it carries, in depth-first order, after the blocks that prove a
         *     path under the CID (each directory, shard and document the path runs through; the CAR
         *     names the CID of the URL as its root). `all` (default): the whole DAG under the target,
         *     following the links of dag-pb, dag-cbor and dag-json blocks. `entity`: the file's blocks,
         *     or a directory's own node (and the shard nodes of a sharded directory), not its entries;
         *     outside UnixFS, the target's block. `block`: the target's block alone. Blocks with
         *     identity CIDs are never sent. Any other value is `400 invalid_parameter`.
         * @example entity
         */
        'dag-scope'?: components['parameters']['DagScope'];
        /**
         * @description With a CAR of a file: only the leaves covering bytes `from` to `to` (inclusive), with the
         *     nodes on the way to them; it implies `dag-scope=entity` (with `dag-scope=block` the block
         *     alone is sent). `to` may be `*` (the end); a negative number counts from the end. A range
         *     wholly outside the file sends the file's root block alone. Ignored for directories and
         *     non-UnixFS data. A malformed range, or one ending before it starts, is `400 invalid_parameter`.
         * @example 0:1048575
         */
        'entity-bytes'?: components['parameters']['EntityBytes'];
        /**
         * @description The `version` parameter of the CAR type, winning over `Accept`'s; only `1` (else `400 invalid_parameter`).
         * @example 1
         */
        'car-version'?: components['parameters']['CarVersion'];
        /**
         * @description The `order` parameter of the CAR type, winning over `Accept`'s; `dfs` or `unk` (else `400 invalid_parameter`). Blocks always come depth-first, and the answer says `order=dfs`.
         * @example dfs
         */
        'car-order'?: components['parameters']['CarOrder'];
        /**
         * @description The `dups` parameter of the CAR type, winning over `Accept`'s: `n` (default) sends each
         *     block once; `y` sends a block again each time the DAG links to it again. Else `400 invalid_parameter`.
         * @example n
         */
        'car-dups'?: components['parameters']['CarDups'];
        /**
         * @description The token of a signed access link (`POST /files/{uploadId}/links` gives the whole URL): it
         *     opens the record's content, private or not, under `/ipfs/{cid}` and every path below it,
         *     until it expires, is revoked, or (single use) was used once. The answer is then
         *     `Cache-Control: private, no-store` and `Referrer-Policy: no-referrer`, and carries the link's
         *     download name, if any, as an attachment.
         */
        token?: components['parameters']['AccessToken'];
      };
      header?: {
        /**
         * @description ETags of earlier answers (a list, weak ones, or `*`): the content is immutable, so a match is always `304`.
         * @example "bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku"
         */
        'If-None-Match'?: components['parameters']['IfNoneMatch'];
        /**
         * @description Byte ranges of a file or a block: `bytes=<start>-[<end>]`, `bytes=-<suffix length>`, or
         *     several of them (answered as `multipart/byteranges`). A malformed header, more than 16
         *     ranges or overlapping ranges give the whole body (200); ranges wholly beyond the end (or
         *     any range of an empty body) are `416`. Ignored for directories and CARs.
         * @example bytes=0-1023
         */
        Range?: components['parameters']['Range'];
        /**
         * @description The first type of the list that names a format chooses it (when `format` does not):
         *     `application/vnd.ipld.raw`, `application/vnd.ipld.car` (its `version`, `order` and `dups`
         *     parameters count as the `car-*` query parameters do), `application/x-tar`,
         *     `application/json`, `application/cbor`, `application/vnd.ipld.dag-json`,
         *     `application/vnd.ipld.dag-cbor`. Another `application/vnd.ipld.*` or
         *     `application/vnd.ipfs.*` type is `406`. `text/html` asks for a DAG document's preview.
         *     Other types leave the default answer.
         * @example application/vnd.ipld.car; version=1; order=dfs; dups=n
         */
        Accept?: components['parameters']['GatewayAccept'];
        /**
         * @description `only-if-cached`: answer `412` instead of `404` when the content is not held here.
         * @example only-if-cached
         */
        'Cache-Control'?: components['parameters']['OnlyIfCached'];
      };
      path: {
        /**
         * @description The root CID, in any form (`X-Ipfs-Path` repeats it as requested; `ETag` and `X-Ipfs-Roots`
         *     use the canonical form). Served only when some account holds it or its root block is on
         *     the node, or when it is an identity CID of at most 128 bytes.
         * @example bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi
         */
        cid: components['parameters']['GatewayCid'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: components['responses']['GatewayHeadContent'];
      206: components['responses']['GatewayHeadPartialContent'];
      301: components['responses']['GatewayHeadTrailingSlash'];
      302: components['responses']['GatewayHeadRedirect'];
      304: components['responses']['GatewayNotModified'];
      400: components['responses']['GatewayHeadError'];
      403: components['responses']['GatewayHeadError'];
      404: components['responses']['GatewayHeadError'];
      406: components['responses']['GatewayHeadError'];
      410: components['responses']['GatewayHeadError'];
      412: components['responses']['GatewayHeadError'];
      416: components['responses']['GatewayHeadRangeNotSatisfiable'];
      429: components['responses']['GatewayHeadError'];
      500: components['responses']['GatewayHeadError'];
      501: components['responses']['GatewayHeadError'];
    };
  };
  gatewayGetPath: {
    parameters: {
      query?: {
        /**
         * @description `true` (or `1`) makes the answer an attachment (`Content-Disposition: attachment`): named
         *     `filename` when given, else (for a file at a bare CID) the caller's own record of it, else
         *     the CID. Other values are ignored.
         * @example true
         */
        download?: components['parameters']['Download'];
        /**
         * @description The name to save the answer as, in `Content-Disposition` (`inline`, or `attachment` with
         *     `download=true`; raw blocks, CARs and tars are always attachments). Sent percent-encoded:
         *     non-ASCII characters are `_` in `filename` and exact in `filename*`.
         * @example holiday.jpg
         */
        filename?: components['parameters']['DownloadFilename'];
        /**
         * @description The answer to send, winning over `Accept`: `raw` (the target's block exactly as stored,
         *     `application/vnd.ipld.raw`), `car` (a CARv1 of its DAG), `tar` (a UnixFS file or directory
         *     as a tar archive), `dag-json` and `dag-cbor` (a document of that very codec, as stored),
         *     `json` and `cbor` (a json or dag-json, cbor or dag-cbor document under the plain type; for
         *     UnixFS content, the default answer). Any other value is `400 invalid_parameter`.
         * @example car
         */
        format?: components['parameters']['GatewayFormat'];
        /**
         * @description With a CAR: which blocks it carries, in depth-first order, after the blocks that prove a
         *     path under the CID (each directory, shard and document the path runs through; the CAR
         *     names the CID of the URL as its root). `all` (default): the whole DAG under the target,
         *     following the links of dag-pb, dag-cbor and dag-json blocks. `entity`: the file's blocks,
         *     or a directory's own node (and the shard nodes of a sharded directory), not its entries;
         *     outside UnixFS, the target's block. `block`: the target's block alone. Blocks with
         *     identity CIDs are never sent. Any other value is `400 invalid_parameter`.
         * @example entity
         */
        'dag-scope'?: components['parameters']['DagScope'];
        /**
         * @description With a CAR of a file: only the leaves covering bytes `from` to `to` (inclusive), with the
         *     nodes on the way to them; it implies `dag-scope=entity` (with `dag-scope=block` the block
         *     alone is sent). `to` may be `*` (the end); a negative number counts from the end. A range
         *     wholly outside the file sends the file's root block alone. Ignored for directories and
         *     non-UnixFS data. A malformed range, or one ending before it starts, is `400 invalid_parameter`.
         * @example 0:1048575
         */
        'entity-bytes'?: components['parameters']['EntityBytes'];
        /**
         * @description The `version` parameter of the CAR type, winning over `Accept`'s; only `1` (else `400 invalid_parameter`).
         * @example 1
         */
        'car-version'?: components['parameters']['CarVersion'];
        /**
         * @description The `order` parameter of the CAR type, winning over `Accept`'s; `dfs` or `unk` (else `400 invalid_parameter`). Blocks always come depth-first, and the answer says `order=dfs`.
         * @example dfs
         */
        'car-order'?: components['parameters']['CarOrder'];
        /**
         * @description The `dups` parameter of the CAR type, winning over `Accept`'s: `n` (default) sends each
         *     block once; `y` sends a block again each time the DAG links to it again. Else `400 invalid_parameter`.
         * @example n
         */
        'car-dups'?: components['parameters']['CarDups'];
        /**
         * @description The token of a signed access link (`POST /files/{uploadId}/links` gives the whole URL): it
         *     opens the record's content, private or not, under `/ipfs/{cid}` and every path below it,
         *     until it expires, is revoked, or (single use) was used once. The answer is then
         *     `Cache-Control: private, no-store` and `Referrer-Policy: no-referrer`, and carries the link's
         *     download name, if any, as an attachment.
         */
        token?: components['parameters']['AccessToken'];
      };
      header?: {
        /**
         * @description ETags of earlier answers (a list, weak ones, or `*`): the content is immutable, so a match is always `304`.
         * @example "bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku"
         */
        'If-None-Match'?: components['parameters']['IfNoneMatch'];
        /**
         * @description Byte ranges of a file or a block: `bytes=<start>-[<end>]`, `bytes=-<suffix length>`, or
         *     several of them (answered as `multipart/byteranges`). A malformed header, more than 16
         *     ranges or overlapping ranges give the whole body (200); ranges wholly beyond the end (or
         *     any range of an empty body) are `416`. Ignored for directories and CARs.
         * @example bytes=0-1023
         */
        Range?: components['parameters']['Range'];
        /**
         * @description The first type of the list that names a format chooses it (when `format` does not):
         *     `application/vnd.ipld.raw`, `application/vnd.ipld.car` (its `version`, `order` and `dups`
         *     parameters count as the `car-*` query parameters do), `application/x-tar`,
         *     `application/json`, `application/cbor`, `application/vnd.ipld.dag-json`,
         *     `application/vnd.ipld.dag-cbor`. Another `application/vnd.ipld.*` or
         *     `application/vnd.ipfs.*` type is `406`. `text/html` asks for a DAG document's preview.
         *     Other types leave the default answer.
         * @example application/vnd.ipld.car; version=1; order=dfs; dups=n
         */
        Accept?: components['parameters']['GatewayAccept'];
        /**
         * @description `only-if-cached`: answer `412` instead of `404` when the content is not held here.
         * @example only-if-cached
         */
        'Cache-Control'?: components['parameters']['OnlyIfCached'];
      };
      path: {
        /**
         * @description The root CID, in any form (`X-Ipfs-Path` repeats it as requested; `ETag` and `X-Ipfs-Roots`
         *     use the canonical form). Served only when some account holds it or its root block is on
         *     the node, or when it is an identity CID of at most 128 bytes.
         * @example bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi
         */
        cid: components['parameters']['GatewayCid'];
        /**
         * @description A path below `cid`; it may span several segments (`docs/a/readme.md`), each
         *     percent-decoded once. Empty segments are ignored.
         * @example docs/readme.md
         */
        path: components['parameters']['GatewayPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: components['responses']['GatewayContent'];
      206: components['responses']['GatewayPartialContent'];
      301: components['responses']['GatewayTrailingSlash'];
      302: components['responses']['GatewayRedirect'];
      304: components['responses']['GatewayNotModified'];
      400: components['responses']['GatewayBadRequest'];
      403: components['responses']['AccessLinkInvalid'];
      404: components['responses']['GatewayNotFound'];
      406: components['responses']['GatewayNotAcceptable'];
      410: components['responses']['AccessLinkExpired'];
      412: components['responses']['GatewayNotCached'];
      416: components['responses']['RangeNotSatisfiable'];
      429: components['responses']['GatewayTooManyRequests'];
      500: components['responses']['InternalError'];
      501: components['responses']['GatewayNotImplemented'];
    };
  };
  gatewayOptionsPath: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The root CID, in any form (`X-Ipfs-Path` repeats it as requested; `ETag` and `X-Ipfs-Roots`
         *     use the canonical form). Served only when some account holds it or its root block is on
         *     the node, or when it is an identity CID of at most 128 bytes.
         * @example bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi
         */
        cid: components['parameters']['GatewayCid'];
        /**
         * @description A path below `cid`; it may span several segments (`docs/a/readme.md`), each
         *     percent-decoded once. Empty segments are ignored.
         * @example docs/readme.md
         */
        path: components['parameters']['GatewayPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      204: components['responses']['GatewayOptions'];
    };
  };
  gatewayHeadPath: {
    parameters: {
      query?: {
        /**
         * @description `true` (or `1`) makes the answer an attachment (`Content-Disposition: attachment`): named
         *     `filename` when given, else (for a file at a bare CID) the caller's own record of it, else
         *     the CID. Other values are ignored.
         * @example true
         */
        download?: components['parameters']['Download'];
        /**
         * @description The name to save the answer as, in `Content-Disposition` (`inline`, or `attachment` with
         *     `download=true`; raw blocks, CARs and tars are always attachments). Sent percent-encoded:
         *     non-ASCII characters are `_` in `filename` and exact in `filename*`.
         * @example holiday.jpg
         */
        filename?: components['parameters']['DownloadFilename'];
        /**
         * @description The answer to send, winning over `Accept`: `raw` (the target's block exactly as stored,
         *     `application/vnd.ipld.raw`), `car` (a CARv1 of its DAG), `tar` (a UnixFS file or directory
         *     as a tar archive), `dag-json` and `dag-cbor` (a document of that very codec, as stored),
         *     `json` and `cbor` (a json or dag-json, cbor or dag-cbor document under the plain type; for
         *     UnixFS content, the default answer). Any other value is `400 invalid_parameter`.
         * @example car
         */
        format?: components['parameters']['GatewayFormat'];
        /**
         * @description With a CAR: which blocks it carries, in depth-first order, after the blocks that prove a
         *     path under the CID (each directory, shard and document the path runs through; the CAR
         *     names the CID of the URL as its root). `all` (default): the whole DAG under the target,
         *     following the links of dag-pb, dag-cbor and dag-json blocks. `entity`: the file's blocks,
         *     or a directory's own node (and the shard nodes of a sharded directory), not its entries;
         *     outside UnixFS, the target's block. `block`: the target's block alone. Blocks with
         *     identity CIDs are never sent. Any other value is `400 invalid_parameter`.
         * @example entity
         */
        'dag-scope'?: components['parameters']['DagScope'];
        /**
         * @description With a CAR of a file: only the leaves covering bytes `from` to `to` (inclusive), with the
         *     nodes on the way to them; it implies `dag-scope=entity` (with `dag-scope=block` the block
         *     alone is sent). `to` may be `*` (the end); a negative number counts from the end. A range
         *     wholly outside the file sends the file's root block alone. Ignored for directories and
         *     non-UnixFS data. A malformed range, or one ending before it starts, is `400 invalid_parameter`.
         * @example 0:1048575
         */
        'entity-bytes'?: components['parameters']['EntityBytes'];
        /**
         * @description The `version` parameter of the CAR type, winning over `Accept`'s; only `1` (else `400 invalid_parameter`).
         * @example 1
         */
        'car-version'?: components['parameters']['CarVersion'];
        /**
         * @description The `order` parameter of the CAR type, winning over `Accept`'s; `dfs` or `unk` (else `400 invalid_parameter`). Blocks always come depth-first, and the answer says `order=dfs`.
         * @example dfs
         */
        'car-order'?: components['parameters']['CarOrder'];
        /**
         * @description The `dups` parameter of the CAR type, winning over `Accept`'s: `n` (default) sends each
         *     block once; `y` sends a block again each time the DAG links to it again. Else `400 invalid_parameter`.
         * @example n
         */
        'car-dups'?: components['parameters']['CarDups'];
        /**
         * @description The token of a signed access link (`POST /files/{uploadId}/links` gives the whole URL): it
         *     opens the record's content, private or not, under `/ipfs/{cid}` and every path below it,
         *     until it expires, is revoked, or (single use) was used once. The answer is then
         *     `Cache-Control: private, no-store` and `Referrer-Policy: no-referrer`, and carries the link's
         *     download name, if any, as an attachment.
         */
        token?: components['parameters']['AccessToken'];
      };
      header?: {
        /**
         * @description ETags of earlier answers (a list, weak ones, or `*`): the content is immutable, so a match is always `304`.
         * @example "bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku"
         */
        'If-None-Match'?: components['parameters']['IfNoneMatch'];
        /**
         * @description Byte ranges of a file or a block: `bytes=<start>-[<end>]`, `bytes=-<suffix length>`, or
         *     several of them (answered as `multipart/byteranges`). A malformed header, more than 16
         *     ranges or overlapping ranges give the whole body (200); ranges wholly beyond the end (or
         *     any range of an empty body) are `416`. Ignored for directories and CARs.
         * @example bytes=0-1023
         */
        Range?: components['parameters']['Range'];
        /**
         * @description The first type of the list that names a format chooses it (when `format` does not):
         *     `application/vnd.ipld.raw`, `application/vnd.ipld.car` (its `version`, `order` and `dups`
         *     parameters count as the `car-*` query parameters do), `application/x-tar`,
         *     `application/json`, `application/cbor`, `application/vnd.ipld.dag-json`,
         *     `application/vnd.ipld.dag-cbor`. Another `application/vnd.ipld.*` or
         *     `application/vnd.ipfs.*` type is `406`. `text/html` asks for a DAG document's preview.
         *     Other types leave the default answer.
         * @example application/vnd.ipld.car; version=1; order=dfs; dups=n
         */
        Accept?: components['parameters']['GatewayAccept'];
        /**
         * @description `only-if-cached`: answer `412` instead of `404` when the content is not held here.
         * @example only-if-cached
         */
        'Cache-Control'?: components['parameters']['OnlyIfCached'];
      };
      path: {
        /**
         * @description The root CID, in any form (`X-Ipfs-Path` repeats it as requested; `ETag` and `X-Ipfs-Roots`
         *     use the canonical form). Served only when some account holds it or its root block is on
         *     the node, or when it is an identity CID of at most 128 bytes.
         * @example bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi
         */
        cid: components['parameters']['GatewayCid'];
        /**
         * @description A path below `cid`; it may span several segments (`docs/a/readme.md`), each
         *     percent-decoded once. Empty segments are ignored.
         * @example docs/readme.md
         */
        path: components['parameters']['GatewayPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: components['responses']['GatewayHeadContent'];
      206: components['responses']['GatewayHeadPartialContent'];
      301: components['responses']['GatewayHeadTrailingSlash'];
      302: components['responses']['GatewayHeadRedirect'];
      304: components['responses']['GatewayNotModified'];
      400: components['responses']['GatewayHeadError'];
      403: components['responses']['GatewayHeadError'];
      404: components['responses']['GatewayHeadError'];
      406: components['responses']['GatewayHeadError'];
      410: components['responses']['GatewayHeadError'];
      412: components['responses']['GatewayHeadError'];
      416: components['responses']['GatewayHeadRangeNotSatisfiable'];
      429: components['responses']['GatewayHeadError'];
      500: components['responses']['GatewayHeadError'];
      501: components['responses']['GatewayHeadError'];
    };
  };
  gatewayGetIpns: {
    parameters: {
      query?: {
        /**
         * @description `true` (or `1`) makes the answer an attachment (`Content-Disposition: attachment`): named
         *     `filename` when given, else (for a file at a bare CID) the caller's own record of it, else
         *     the CID. Other values are ignored.
         * @example true
         */
        download?: components['parameters']['Download'];
        /**
         * @description The name to save the answer as, in `Content-Disposition` (`inline`, or `attachment` with
         *     `download=true`; raw blocks, CARs and tars are always attachments). Sent percent-encoded:
         *     non-ASCII characters are `_` in `filename` and exact in `filename*`.
         * @example holiday.jpg
         */
        filename?: components['parameters']['DownloadFilename'];
        /** @description `ipns-record` answers the signed record itself; any other value as at `GET /ipfs/{cid}`. */
        format?: components['parameters']['IpnsGatewayFormat'];
      };
      header?: {
        /**
         * @description ETags of earlier answers (a list, weak ones, or `*`): the content is immutable, so a match is always `304`.
         * @example "bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku"
         */
        'If-None-Match'?: components['parameters']['IfNoneMatch'];
        /**
         * @description Byte ranges of a file or a block: `bytes=<start>-[<end>]`, `bytes=-<suffix length>`, or
         *     several of them (answered as `multipart/byteranges`). A malformed header, more than 16
         *     ranges or overlapping ranges give the whole body (200); ranges wholly beyond the end (or
         *     any range of an empty body) are `416`. Ignored for directories and CARs.
         * @example bytes=0-1023
         */
        Range?: components['parameters']['Range'];
        /**
         * @description The first type of the list that names a format chooses it (when `format` does not):
         *     `application/vnd.ipld.raw`, `application/vnd.ipld.car` (its `version`, `order` and `dups`
         *     parameters count as the `car-*` query parameters do), `application/x-tar`,
         *     `application/json`, `application/cbor`, `application/vnd.ipld.dag-json`,
         *     `application/vnd.ipld.dag-cbor`. Another `application/vnd.ipld.*` or
         *     `application/vnd.ipfs.*` type is `406`. `text/html` asks for a DAG document's preview.
         *     Other types leave the default answer.
         * @example application/vnd.ipld.car; version=1; order=dfs; dups=n
         */
        Accept?: components['parameters']['GatewayAccept'];
      };
      path: {
        /** @description An IPNS name (`k51…`), or a peer id, which redirects to it; anything else is `400 invalid_parameter`. */
        name: components['parameters']['IpnsGatewayName'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: components['responses']['IpnsGatewayContent'];
      206: components['responses']['GatewayPartialContent'];
      301: components['responses']['GatewayTrailingSlash'];
      302: components['responses']['GatewayRedirect'];
      304: components['responses']['GatewayNotModified'];
      400: components['responses']['GatewayBadRequest'];
      404: components['responses']['GatewayNotFound'];
      406: components['responses']['GatewayNotAcceptable'];
      412: components['responses']['GatewayNotCached'];
      416: components['responses']['RangeNotSatisfiable'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      501: components['responses']['GatewayNotImplemented'];
      502: components['responses']['NameNotResolvedAtGateway'];
    };
  };
  gatewayIpnsOptions: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description An IPNS name (`k51…`), or a peer id, which redirects to it; anything else is `400 invalid_parameter`. */
        name: components['parameters']['IpnsGatewayName'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      204: components['responses']['GatewayOptions'];
    };
  };
  gatewayIpnsHead: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description ETags of earlier answers (a list, weak ones, or `*`): the content is immutable, so a match is always `304`.
         * @example "bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku"
         */
        'If-None-Match'?: components['parameters']['IfNoneMatch'];
        /**
         * @description Byte ranges of a file or a block: `bytes=<start>-[<end>]`, `bytes=-<suffix length>`, or
         *     several of them (answered as `multipart/byteranges`). A malformed header, more than 16
         *     ranges or overlapping ranges give the whole body (200); ranges wholly beyond the end (or
         *     any range of an empty body) are `416`. Ignored for directories and CARs.
         * @example bytes=0-1023
         */
        Range?: components['parameters']['Range'];
        /**
         * @description The first type of the list that names a format chooses it (when `format` does not):
         *     `application/vnd.ipld.raw`, `application/vnd.ipld.car` (its `version`, `order` and `dups`
         *     parameters count as the `car-*` query parameters do), `application/x-tar`,
         *     `application/json`, `application/cbor`, `application/vnd.ipld.dag-json`,
         *     `application/vnd.ipld.dag-cbor`. Another `application/vnd.ipld.*` or
         *     `application/vnd.ipfs.*` type is `406`. `text/html` asks for a DAG document's preview.
         *     Other types leave the default answer.
         * @example application/vnd.ipld.car; version=1; order=dfs; dups=n
         */
        Accept?: components['parameters']['GatewayAccept'];
      };
      path: {
        /** @description An IPNS name (`k51…`), or a peer id, which redirects to it; anything else is `400 invalid_parameter`. */
        name: components['parameters']['IpnsGatewayName'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: components['responses']['GatewayHeadContent'];
      206: components['responses']['GatewayHeadPartialContent'];
      301: components['responses']['GatewayHeadTrailingSlash'];
      302: components['responses']['GatewayHeadRedirect'];
      304: components['responses']['GatewayNotModified'];
      400: components['responses']['GatewayHeadError'];
      404: components['responses']['GatewayHeadError'];
      406: components['responses']['GatewayHeadError'];
      412: components['responses']['GatewayHeadError'];
      416: components['responses']['GatewayHeadRangeNotSatisfiable'];
      429: components['responses']['GatewayHeadError'];
      500: components['responses']['GatewayHeadError'];
      501: components['responses']['GatewayHeadError'];
      502: components['responses']['GatewayHeadError'];
    };
  };
  gatewayGetIpnsPath: {
    parameters: {
      query?: {
        /**
         * @description `true` (or `1`) makes the answer an attachment (`Content-Disposition: attachment`): named
         *     `filename` when given, else (for a file at a bare CID) the caller's own record of it, else
         *     the CID. Other values are ignored.
         * @example true
         */
        download?: components['parameters']['Download'];
        /**
         * @description The name to save the answer as, in `Content-Disposition` (`inline`, or `attachment` with
         *     `download=true`; raw blocks, CARs and tars are always attachments). Sent percent-encoded:
         *     non-ASCII characters are `_` in `filename` and exact in `filename*`.
         * @example holiday.jpg
         */
        filename?: components['parameters']['DownloadFilename'];
      };
      header?: {
        /**
         * @description ETags of earlier answers (a list, weak ones, or `*`): the content is immutable, so a match is always `304`.
         * @example "bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku"
         */
        'If-None-Match'?: components['parameters']['IfNoneMatch'];
        /**
         * @description Byte ranges of a file or a block: `bytes=<start>-[<end>]`, `bytes=-<suffix length>`, or
         *     several of them (answered as `multipart/byteranges`). A malformed header, more than 16
         *     ranges or overlapping ranges give the whole body (200); ranges wholly beyond the end (or
         *     any range of an empty body) are `416`. Ignored for directories and CARs.
         * @example bytes=0-1023
         */
        Range?: components['parameters']['Range'];
        /**
         * @description The first type of the list that names a format chooses it (when `format` does not):
         *     `application/vnd.ipld.raw`, `application/vnd.ipld.car` (its `version`, `order` and `dups`
         *     parameters count as the `car-*` query parameters do), `application/x-tar`,
         *     `application/json`, `application/cbor`, `application/vnd.ipld.dag-json`,
         *     `application/vnd.ipld.dag-cbor`. Another `application/vnd.ipld.*` or
         *     `application/vnd.ipfs.*` type is `406`. `text/html` asks for a DAG document's preview.
         *     Other types leave the default answer.
         * @example application/vnd.ipld.car; version=1; order=dfs; dups=n
         */
        Accept?: components['parameters']['GatewayAccept'];
      };
      path: {
        /** @description An IPNS name (`k51…`), or a peer id, which redirects to it; anything else is `400 invalid_parameter`. */
        name: components['parameters']['IpnsGatewayName'];
        /**
         * @description A path below `cid`; it may span several segments (`docs/a/readme.md`), each
         *     percent-decoded once. Empty segments are ignored.
         * @example docs/readme.md
         */
        path: components['parameters']['GatewayPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: components['responses']['GatewayContent'];
      206: components['responses']['GatewayPartialContent'];
      301: components['responses']['GatewayTrailingSlash'];
      302: components['responses']['GatewayRedirect'];
      304: components['responses']['GatewayNotModified'];
      400: components['responses']['GatewayBadRequest'];
      404: components['responses']['GatewayNotFound'];
      406: components['responses']['GatewayNotAcceptable'];
      412: components['responses']['GatewayNotCached'];
      416: components['responses']['RangeNotSatisfiable'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      501: components['responses']['GatewayNotImplemented'];
      502: components['responses']['NameNotResolvedAtGateway'];
    };
  };
  gatewayIpnsPathOptions: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description An IPNS name (`k51…`), or a peer id, which redirects to it; anything else is `400 invalid_parameter`. */
        name: components['parameters']['IpnsGatewayName'];
        /**
         * @description A path below `cid`; it may span several segments (`docs/a/readme.md`), each
         *     percent-decoded once. Empty segments are ignored.
         * @example docs/readme.md
         */
        path: components['parameters']['GatewayPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      204: components['responses']['GatewayOptions'];
    };
  };
  gatewayIpnsPathHead: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description ETags of earlier answers (a list, weak ones, or `*`): the content is immutable, so a match is always `304`.
         * @example "bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku"
         */
        'If-None-Match'?: components['parameters']['IfNoneMatch'];
        /**
         * @description Byte ranges of a file or a block: `bytes=<start>-[<end>]`, `bytes=-<suffix length>`, or
         *     several of them (answered as `multipart/byteranges`). A malformed header, more than 16
         *     ranges or overlapping ranges give the whole body (200); ranges wholly beyond the end (or
         *     any range of an empty body) are `416`. Ignored for directories and CARs.
         * @example bytes=0-1023
         */
        Range?: components['parameters']['Range'];
        /**
         * @description The first type of the list that names a format chooses it (when `format` does not):
         *     `application/vnd.ipld.raw`, `application/vnd.ipld.car` (its `version`, `order` and `dups`
         *     parameters count as the `car-*` query parameters do), `application/x-tar`,
         *     `application/json`, `application/cbor`, `application/vnd.ipld.dag-json`,
         *     `application/vnd.ipld.dag-cbor`. Another `application/vnd.ipld.*` or
         *     `application/vnd.ipfs.*` type is `406`. `text/html` asks for a DAG document's preview.
         *     Other types leave the default answer.
         * @example application/vnd.ipld.car; version=1; order=dfs; dups=n
         */
        Accept?: components['parameters']['GatewayAccept'];
      };
      path: {
        /** @description An IPNS name (`k51…`), or a peer id, which redirects to it; anything else is `400 invalid_parameter`. */
        name: components['parameters']['IpnsGatewayName'];
        /**
         * @description A path below `cid`; it may span several segments (`docs/a/readme.md`), each
         *     percent-decoded once. Empty segments are ignored.
         * @example docs/readme.md
         */
        path: components['parameters']['GatewayPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: components['responses']['GatewayHeadContent'];
      206: components['responses']['GatewayHeadPartialContent'];
      301: components['responses']['GatewayHeadTrailingSlash'];
      302: components['responses']['GatewayHeadRedirect'];
      304: components['responses']['GatewayNotModified'];
      400: components['responses']['GatewayHeadError'];
      404: components['responses']['GatewayHeadError'];
      406: components['responses']['GatewayHeadError'];
      412: components['responses']['GatewayHeadError'];
      416: components['responses']['GatewayHeadRangeNotSatisfiable'];
      429: components['responses']['GatewayHeadError'];
      500: components['responses']['GatewayHeadError'];
      501: components['responses']['GatewayHeadError'];
      502: components['responses']['GatewayHeadError'];
    };
  };
  routingGetIpns: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description An IPNS name, as a `k51…` CID of its key or a peer id (`12D3Koo…`, `Qm…`). */
        name: components['parameters']['IpnsName'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The record, as signed. */
      200: {
        headers: {
          /** @description `public, max-age=` the record's TTL, capped by its remaining validity. */
          'Cache-Control'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/vnd.ipfs.ipns-record': string;
        };
      };
      400: components['responses']['IpnsNameInvalid'];
      404: components['responses']['NameNotResolved'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  routingPutIpns: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description An IPNS name, as a `k51…` CID of its key or a peer id (`12D3Koo…`, `Qm…`). */
        name: components['parameters']['IpnsName'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/vnd.ipfs.ipns-record': string;
      };
    };
    responses: {
      /** @description The record is stored and resolves at once. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      400: components['responses']['IpnsRecordInvalid'];
      409: components['responses']['IpnsRecordOutdated'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['IpnsRecordMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  routingIpnsOptions: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Any name; a preflight is answered the same for every path. */
        name: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      204: components['responses']['RoutingOptions'];
    };
  };
  routingFindProviders: {
    parameters: {
      query?: {
        /** @description IPIP-484: the transfer protocols wanted (`transport-bitswap`, `unknown`; `!` excludes one). Providers of none of them are left out. */
        'filter-protocols'?: string;
      };
      header?: never;
      path: {
        /**
         * @description The root CID, in any form (`X-Ipfs-Path` repeats it as requested; `ETag` and `X-Ipfs-Roots`
         *     use the canonical form). Served only when some account holds it or its root block is on
         *     the node, or when it is an identity CID of at most 128 bytes.
         * @example bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi
         */
        cid: components['parameters']['GatewayCid'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The providers. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RoutingProviders'];
          'application/x-ndjson': string;
        };
      };
      400: components['responses']['GatewayBadRequest'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
    };
  };
  routingProvidersOptions: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The root CID, in any form (`X-Ipfs-Path` repeats it as requested; `ETag` and `X-Ipfs-Roots`
         *     use the canonical form). Served only when some account holds it or its root block is on
         *     the node, or when it is an identity CID of at most 128 bytes.
         * @example bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi
         */
        cid: components['parameters']['GatewayCid'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      204: components['responses']['GatewayOptions'];
    };
  };
  healthz: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The process runs. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'ok';
          };
        };
      };
    };
  };
  readyz: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Ready. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Readiness'];
        };
      };
      /** @description Not ready. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Readiness'];
        };
      };
    };
  };
  metrics: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The metrics. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/plain': string;
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['AdminRequired'];
    };
  };
  docsPage: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The page. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
    };
  };
  swaggerUi: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The explorer page. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
    };
  };
  docsSnippets: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The snippets, in the order to show them. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            snippets: {
              /** @example python */
              id: string;
              /** @example Python */
              title: string;
              /** @description One sentence on what the SDK needs or offers. */
              note: string;
              /** @description The code's language (`typescript`, `html`, `python`, `php`, `go`, `shell`). */
              language: string;
              /** @example pip install cairn-sdk */
              install: string;
              /** @description How to run the quick start. */
              run: string;
              /** @description The quick start's source. */
              code: string;
            }[];
          };
        };
      };
    };
  };
  openapiDocument: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description This file, as YAML. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/yaml': unknown;
        };
      };
    };
  };
  psaListPins: {
    parameters: {
      query?: {
        /** @description CIDs (at most 10), comma-separated or repeated; any CID form, matched by content. */
        cid?: string[];
        /** @description Requests with this name, compared as `match` says. */
        name?: string;
        /** @description How `name` is compared; case-insensitive comparisons fold case the same way on every database. */
        match?: components['schemas']['PsaTextMatchingStrategy'];
        /** @description Statuses, comma-separated or repeated (default `pinned`). */
        status?: components['schemas']['PsaStatus'][];
        /** @description Requests created before this time (RFC 3339). */
        before?: string;
        /** @description Requests created after this time (RFC 3339). */
        after?: string;
        /** @description At most this many results. */
        limit?: number;
        /**
         * @description A JSON object; requests whose `meta` holds every one of its keys with the same value.
         * @example {"app_id":"99986338-1113-4706-8302-4420da6158aa"}
         */
        meta?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The matching requests. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PsaPinResults'];
        };
      };
      400: components['responses']['PsaBadRequest'];
      401: components['responses']['PsaUnauthorized'];
      403: components['responses']['PsaInsufficientScope'];
      429: components['responses']['PsaTooManyRequests'];
      '4XX': components['responses']['PsaCustomError'];
      '5XX': components['responses']['PsaInternalError'];
    };
  };
  psaAddPin: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PsaPinRequest'];
      };
    };
    responses: {
      /** @description The new request. */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PsaPinStatus'];
        };
      };
      400: components['responses']['PsaBadRequest'];
      401: components['responses']['PsaUnauthorized'];
      403: components['responses']['PsaInsufficientScope'];
      409: components['responses']['PsaInsufficientFunds'];
      413: components['responses']['PsaCustomError'];
      415: components['responses']['PsaCustomError'];
      429: components['responses']['PsaTooManyRequests'];
      '4XX': components['responses']['PsaCustomError'];
      '5XX': components['responses']['PsaInternalError'];
    };
  };
  psaGetPin: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        requestid: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The request and its status. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PsaPinStatus'];
        };
      };
      400: components['responses']['PsaBadRequest'];
      401: components['responses']['PsaUnauthorized'];
      403: components['responses']['PsaInsufficientScope'];
      404: components['responses']['PsaNotFound'];
      429: components['responses']['PsaTooManyRequests'];
      '4XX': components['responses']['PsaCustomError'];
      '5XX': components['responses']['PsaInternalError'];
    };
  };
  psaReplacePin: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        requestid: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PsaPinRequest'];
      };
    };
    responses: {
      /** @description The new request. */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PsaPinStatus'];
        };
      };
      400: components['responses']['PsaBadRequest'];
      401: components['responses']['PsaUnauthorized'];
      403: components['responses']['PsaInsufficientScope'];
      404: components['responses']['PsaNotFound'];
      409: components['responses']['PsaInsufficientFunds'];
      413: components['responses']['PsaCustomError'];
      415: components['responses']['PsaCustomError'];
      429: components['responses']['PsaTooManyRequests'];
      '4XX': components['responses']['PsaCustomError'];
      '5XX': components['responses']['PsaInternalError'];
    };
  };
  psaRemovePin: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        requestid: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Removed (no body). */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      400: components['responses']['PsaBadRequest'];
      401: components['responses']['PsaUnauthorized'];
      403: components['responses']['PsaInsufficientScope'];
      404: components['responses']['PsaNotFound'];
      429: components['responses']['PsaTooManyRequests'];
      '4XX': components['responses']['PsaCustomError'];
      '5XX': components['responses']['PsaInternalError'];
    };
  };
  uploadCreatedEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description The event's id, the same on every retry and resend of it (receivers de-duplicate on it). */
        'Cairn-Event-Id': components['parameters']['WebhookEventIdHeader'];
        /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint's whole whsec_ secret>`; while a secret is being rotated, one `v1` per secret. Check it with the SDKs' `verifyWebhook`. */
        'Cairn-Signature': components['parameters']['WebhookSignatureHeader'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['WebhookEventEnvelope'] & {
          /** @constant */
          type?: 'upload.created';
          data: components['schemas']['RecordEventData'];
        };
      };
    };
    responses: {
      /** @description Any `2xx` answer is a delivery; anything else (a redirect included) is retried for 24 hours. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      429: components['responses']['PsaTooManyRequests'];
    };
  };
  recordDeletedEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description The event's id, the same on every retry and resend of it (receivers de-duplicate on it). */
        'Cairn-Event-Id': components['parameters']['WebhookEventIdHeader'];
        /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint's whole whsec_ secret>`; while a secret is being rotated, one `v1` per secret. Check it with the SDKs' `verifyWebhook`. */
        'Cairn-Signature': components['parameters']['WebhookSignatureHeader'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['WebhookEventEnvelope'] & {
          /** @constant */
          type?: 'record.deleted';
          data: components['schemas']['RecordEventData'];
        };
      };
    };
    responses: {
      /** @description Any `2xx` answer is a delivery; anything else (a redirect included) is retried for 24 hours. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      429: components['responses']['PsaTooManyRequests'];
    };
  };
  pinQueuedEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description The event's id, the same on every retry and resend of it (receivers de-duplicate on it). */
        'Cairn-Event-Id': components['parameters']['WebhookEventIdHeader'];
        /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint's whole whsec_ secret>`; while a secret is being rotated, one `v1` per secret. Check it with the SDKs' `verifyWebhook`. */
        'Cairn-Signature': components['parameters']['WebhookSignatureHeader'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['WebhookEventEnvelope'] & {
          /** @constant */
          type?: 'pin.queued';
          data: components['schemas']['PinJob'];
        };
      };
    };
    responses: {
      /** @description Any `2xx` answer is a delivery; anything else (a redirect included) is retried for 24 hours. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      429: components['responses']['PsaTooManyRequests'];
    };
  };
  pinPinningEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description The event's id, the same on every retry and resend of it (receivers de-duplicate on it). */
        'Cairn-Event-Id': components['parameters']['WebhookEventIdHeader'];
        /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint's whole whsec_ secret>`; while a secret is being rotated, one `v1` per secret. Check it with the SDKs' `verifyWebhook`. */
        'Cairn-Signature': components['parameters']['WebhookSignatureHeader'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['WebhookEventEnvelope'] & {
          /** @constant */
          type?: 'pin.pinning';
          data: components['schemas']['PinJob'];
        };
      };
    };
    responses: {
      /** @description Any `2xx` answer is a delivery; anything else (a redirect included) is retried for 24 hours. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      429: components['responses']['PsaTooManyRequests'];
    };
  };
  pinPinnedEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description The event's id, the same on every retry and resend of it (receivers de-duplicate on it). */
        'Cairn-Event-Id': components['parameters']['WebhookEventIdHeader'];
        /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint's whole whsec_ secret>`; while a secret is being rotated, one `v1` per secret. Check it with the SDKs' `verifyWebhook`. */
        'Cairn-Signature': components['parameters']['WebhookSignatureHeader'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['WebhookEventEnvelope'] & {
          /** @constant */
          type?: 'pin.pinned';
          data: components['schemas']['PinJob'];
        };
      };
    };
    responses: {
      /** @description Any `2xx` answer is a delivery; anything else (a redirect included) is retried for 24 hours. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      429: components['responses']['PsaTooManyRequests'];
    };
  };
  pinFailedEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description The event's id, the same on every retry and resend of it (receivers de-duplicate on it). */
        'Cairn-Event-Id': components['parameters']['WebhookEventIdHeader'];
        /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint's whole whsec_ secret>`; while a secret is being rotated, one `v1` per secret. Check it with the SDKs' `verifyWebhook`. */
        'Cairn-Signature': components['parameters']['WebhookSignatureHeader'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['WebhookEventEnvelope'] & {
          /** @constant */
          type?: 'pin.failed';
          data: components['schemas']['PinJob'];
        };
      };
    };
    responses: {
      /** @description Any `2xx` answer is a delivery; anything else (a redirect included) is retried for 24 hours. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      429: components['responses']['PsaTooManyRequests'];
    };
  };
  psaPinQueuedEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description The event's id, the same on every retry and resend of it (receivers de-duplicate on it). */
        'Cairn-Event-Id': components['parameters']['WebhookEventIdHeader'];
        /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint's whole whsec_ secret>`; while a secret is being rotated, one `v1` per secret. Check it with the SDKs' `verifyWebhook`. */
        'Cairn-Signature': components['parameters']['WebhookSignatureHeader'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['WebhookEventEnvelope'] & {
          /** @constant */
          type?: 'psa.pin.queued';
          data: components['schemas']['PsaPinEventData'];
        };
      };
    };
    responses: {
      /** @description Any `2xx` answer is a delivery; anything else (a redirect included) is retried for 24 hours. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      429: components['responses']['PsaTooManyRequests'];
    };
  };
  psaPinPinningEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description The event's id, the same on every retry and resend of it (receivers de-duplicate on it). */
        'Cairn-Event-Id': components['parameters']['WebhookEventIdHeader'];
        /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint's whole whsec_ secret>`; while a secret is being rotated, one `v1` per secret. Check it with the SDKs' `verifyWebhook`. */
        'Cairn-Signature': components['parameters']['WebhookSignatureHeader'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['WebhookEventEnvelope'] & {
          /** @constant */
          type?: 'psa.pin.pinning';
          data: components['schemas']['PsaPinEventData'];
        };
      };
    };
    responses: {
      /** @description Any `2xx` answer is a delivery; anything else (a redirect included) is retried for 24 hours. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      429: components['responses']['PsaTooManyRequests'];
    };
  };
  psaPinPinnedEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description The event's id, the same on every retry and resend of it (receivers de-duplicate on it). */
        'Cairn-Event-Id': components['parameters']['WebhookEventIdHeader'];
        /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint's whole whsec_ secret>`; while a secret is being rotated, one `v1` per secret. Check it with the SDKs' `verifyWebhook`. */
        'Cairn-Signature': components['parameters']['WebhookSignatureHeader'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['WebhookEventEnvelope'] & {
          /** @constant */
          type?: 'psa.pin.pinned';
          data: components['schemas']['PsaPinEventData'];
        };
      };
    };
    responses: {
      /** @description Any `2xx` answer is a delivery; anything else (a redirect included) is retried for 24 hours. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      429: components['responses']['PsaTooManyRequests'];
    };
  };
  psaPinFailedEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description The event's id, the same on every retry and resend of it (receivers de-duplicate on it). */
        'Cairn-Event-Id': components['parameters']['WebhookEventIdHeader'];
        /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint's whole whsec_ secret>`; while a secret is being rotated, one `v1` per secret. Check it with the SDKs' `verifyWebhook`. */
        'Cairn-Signature': components['parameters']['WebhookSignatureHeader'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['WebhookEventEnvelope'] & {
          /** @constant */
          type?: 'psa.pin.failed';
          data: components['schemas']['PsaPinEventData'];
        };
      };
    };
    responses: {
      /** @description Any `2xx` answer is a delivery; anything else (a redirect included) is retried for 24 hours. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      429: components['responses']['PsaTooManyRequests'];
    };
  };
  quotaNearLimitEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description The event's id, the same on every retry and resend of it (receivers de-duplicate on it). */
        'Cairn-Event-Id': components['parameters']['WebhookEventIdHeader'];
        /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint's whole whsec_ secret>`; while a secret is being rotated, one `v1` per secret. Check it with the SDKs' `verifyWebhook`. */
        'Cairn-Signature': components['parameters']['WebhookSignatureHeader'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['WebhookEventEnvelope'] & {
          /** @constant */
          type?: 'quota.near_limit';
          data: components['schemas']['QuotaEventData'];
        };
      };
    };
    responses: {
      /** @description Any `2xx` answer is a delivery; anything else (a redirect included) is retried for 24 hours. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      429: components['responses']['PsaTooManyRequests'];
    };
  };
  quotaExceededEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description The event's id, the same on every retry and resend of it (receivers de-duplicate on it). */
        'Cairn-Event-Id': components['parameters']['WebhookEventIdHeader'];
        /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint's whole whsec_ secret>`; while a secret is being rotated, one `v1` per secret. Check it with the SDKs' `verifyWebhook`. */
        'Cairn-Signature': components['parameters']['WebhookSignatureHeader'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['WebhookEventEnvelope'] & {
          /** @constant */
          type?: 'quota.exceeded';
          data: components['schemas']['QuotaEventData'];
        };
      };
    };
    responses: {
      /** @description Any `2xx` answer is a delivery; anything else (a redirect included) is retried for 24 hours. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      429: components['responses']['PsaTooManyRequests'];
    };
  };
  paymentSucceededEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description The event's id, the same on every retry and resend of it (receivers de-duplicate on it). */
        'Cairn-Event-Id': components['parameters']['WebhookEventIdHeader'];
        /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint's whole whsec_ secret>`; while a secret is being rotated, one `v1` per secret. Check it with the SDKs' `verifyWebhook`. */
        'Cairn-Signature': components['parameters']['WebhookSignatureHeader'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['WebhookEventEnvelope'] & {
          /** @constant */
          type?: 'payment.succeeded';
          data: components['schemas']['PaymentEventData'];
        };
      };
    };
    responses: {
      /** @description Any `2xx` answer is a delivery; anything else (a redirect included) is retried for 24 hours. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      429: components['responses']['PsaTooManyRequests'];
    };
  };
  paymentFailedEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description The event's id, the same on every retry and resend of it (receivers de-duplicate on it). */
        'Cairn-Event-Id': components['parameters']['WebhookEventIdHeader'];
        /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint's whole whsec_ secret>`; while a secret is being rotated, one `v1` per secret. Check it with the SDKs' `verifyWebhook`. */
        'Cairn-Signature': components['parameters']['WebhookSignatureHeader'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['WebhookEventEnvelope'] & {
          /** @constant */
          type?: 'payment.failed';
          data: components['schemas']['PaymentEventData'];
        };
      };
    };
    responses: {
      /** @description Any `2xx` answer is a delivery; anything else (a redirect included) is retried for 24 hours. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      429: components['responses']['PsaTooManyRequests'];
    };
  };
  webhookTestEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description The event's id, the same on every retry and resend of it (receivers de-duplicate on it). */
        'Cairn-Event-Id': components['parameters']['WebhookEventIdHeader'];
        /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint's whole whsec_ secret>`; while a secret is being rotated, one `v1` per secret. Check it with the SDKs' `verifyWebhook`. */
        'Cairn-Signature': components['parameters']['WebhookSignatureHeader'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['WebhookEventEnvelope'] & {
          /** @constant */
          type?: 'webhook.test';
          data: components['schemas']['WebhookTestEventData'];
        };
      };
    };
    responses: {
      /** @description Any `2xx` answer is a delivery; anything else (a redirect included) is retried for 24 hours. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      429: components['responses']['PsaTooManyRequests'];
    };
  };
}
