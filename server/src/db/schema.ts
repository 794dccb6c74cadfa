import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * One schema for SQLite and PostgreSQL. Timestamps are ISO-8601 UTC strings (they sort and compare
 * as text on both), booleans are 0/1 integers, byte counts are 64-bit integers read as numbers.
 */
interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  name: string;
  lastname: string;
  country: string;
  birth_date: string;
  language: string;
  role: 'user' | 'admin';
  status: 'active' | 'inactive';
  referral_code: string;
  referred_by: string | null;
  created_at: string;
  updated_at: string;
  last_active_at: string | null;
  plan_code: string;
  storage_used: number;
  storage_reserved: number;
  bonus_bytes: number;
  /** Records the account holds, kept by database triggers (the file list's total). */
  uploads_count: Generated<number>;
  /** Changes with every insert, rename or delete of the account's records (database triggers). */
  uploads_version: Generated<number>;
  /** Set once two-factor sign-in is confirmed; null while it is off (or only being enrolled). */
  two_factor_enabled_at: string | null;
}

interface TwoFactorSecretsTable {
  user_id: string;
  /** The TOTP secret, AES-256-GCM under a key kept apart from the database rows. */
  secret_ciphertext: string;
  /** The last RFC 6238 time step a code was accepted for: a code is refused at or before it. */
  last_step: number | string | null;
  created_at: string;
}

interface TwoFactorRecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: string | null;
}

interface TwoFactorChallengesTable {
  id: string;
  user_id: string;
  expires_at: string;
  used_at: string | null;
}

interface AdminSettingsTable {
  name: string;
  value: string;
  updated_at: string;
}

interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  ip: string | null;
}

interface ApiTokensTable {
  id: string;
  user_id: string;
  name: string;
  token_hash: string;
  prefix: string;
  allowed_ip: string | null;
  expires_at: string | null;
  created_at: string;
  last_used_at: string | null;
  last_used_ip: string | null;
  revoked_at: string | null;
  /** `all`, or the token's scopes separated by spaces. */
  scopes: string;
  /** The one group the token is limited to, or null for the whole account. */
  group_id: string | null;
}

interface LogsTable {
  id: string;
  type: 'info' | 'warning' | 'critical';
  action: string;
  user_id: string | null;
  user_email: string | null;
  details: string | null;
  ip: string | null;
  created_at: string;
}

interface RateLimitsTable {
  key: string;
  window_start: string;
  count: number;
}

/** rate-limiter-flexible's counters (0033): `points` spent in the window ending at `expire` (epoch ms). */
interface RequestLimitsTable {
  key: string;
  points: number;
  expire: number | null;
}

interface PlansTable {
  code: string;
  name: string;
  storage_limit_bytes: number;
  price_cents: number;
  description: string;
  active: number;
  is_default: number;
  created_at: string;
  updated_at: string;
  /** Bytes the gateway may send an account of the plan in a calendar month (UTC); null: unlimited (0029). */
  egress_limit_bytes: Generated<number | null>;
  /** Past the allowance the gateway refuses (`block`, 429) or keeps serving (`serve`). */
  egress_over_limit: Generated<EgressOverLimit>;
  /** Multiplies the per-token request limits of the plan's accounts; 0 lifts them (0033). */
  request_limit_factor: Generated<number>;
}

export type EgressOverLimit = 'block' | 'serve';

/** What the gateway sent for a record on a UTC day (0029), kept after the record goes. */
interface BandwidthDailyTable {
  upload_id: string;
  day: string;
  user_id: string;
  bytes: number;
  requests: number;
}

/**
 * What a record's root is (`recordType`). A DAG is any content's graph of blocks under its root;
 * as a type, `dag` names the roots that are neither a UnixFS file nor a directory (other IPLD data).
 * A folder uploaded "as one DAG" (`mode=dag`) is a `directory`.
 */
export type UploadType = 'file' | 'directory' | 'dag';
export type Category = 'image' | 'video' | 'audio' | 'document' | 'office' | 'archive' | 'code' | 'text' | 'other';

interface UploadsTable {
  id: string;
  user_id: string;
  cid: string;
  name: string;
  original_name: string | null;
  custom_name: string | null;
  name_source: 'custom' | 'original' | 'auto';
  /** File bytes: of the file, or of every file under the folder. */
  size: number;
  /** What the record counts against the quota (0015); `users.storage_used` is the sum of these. */
  charged_bytes: number;
  type: UploadType;
  category: Category;
  files_count: number;
  source: 'upload' | 'pin';
  created_at: string;
  /**
   * 1 when the account holds this content itself (an upload, a folder, a CAR, a pin by CID), 0
   * when only its Pinning Service API pins stand on the record, which then goes with the last of
   * them (0015).
   */
  owned: Generated<number>;
  /** What the list sorts by name on (0020): `nameOrderKey(name)`, which the upload store keeps. */
  name_key: string;
  /** 1: the gateway serves the content only through a signed access link (0025). */
  private: Generated<number>;
  /** The record's key-values as one JSON object of strings (0024); `upload_meta` holds them for filtering. */
  meta: Generated<string>;
}

/** A block of the DAG of a root some private record holds (0025). */
interface HiddenBlocksTable {
  root_cid: string;
  block_cid: string;
}

/** A signed link to one record (0025); the token is recomputed from id, CID and expiry. */
interface AccessLinksTable {
  id: string;
  user_id: string;
  upload_id: string;
  cid: string;
  expires_at_ms: number;
  download_name: string | null;
  single_use: number;
  used_at: string | null;
  revoked_at: string | null;
  created_at: Generated<string>;
}

/** A named set of an account's records (0024). */
interface GroupsTable {
  id: string;
  user_id: string;
  name: string;
  created_at: string;
}

/** A record in a group (0024). */
interface UploadGroupsTable {
  group_id: string;
  upload_id: string;
  created_at: string;
}

/** One key-value of a record (0024), as the file list filters on it. */
interface UploadMetaTable {
  upload_id: string;
  user_id: string;
  key: string;
  value: string;
}

interface QuotaReservationsTable {
  id: string;
  user_id: string;
  bytes: number;
  heartbeat_at: string;
}

/** An upload URL handed out by an account: one upload of at most `max_bytes` before `expires_at`. */
interface SignedUploadsTable {
  id: string;
  user_id: string;
  secret_hash: string;
  max_bytes: number;
  name: string | null;
  expires_at: string;
  used_at: string | null;
  upload_id: string | null;
  created_at: string;
  /** The group the record goes into: the URL was made by a token limited to it (0027). */
  group_id: Generated<string | null>;
}

/** A tus upload: `bytes_reserved` stays charged as reserved until it is recorded (`upload_id`) or dropped. */
interface ResumableUploadsTable {
  id: string;
  user_id: string;
  signed_upload_id: string | null;
  size: number;
  bytes_reserved: number;
  name: string | null;
  cid_version: number;
  upload_id: string | null;
  duplicate: number;
  expires_at: string;
  created_at: string;
  /** The instance whose data directory holds the partial file (0013); null: made before, kept here. */
  instance_id: string | null;
  /** The group the record goes into: a token limited to it started the upload, or its signed URL's (0027). */
  group_id: Generated<string | null>;
}

/** An API instance of the deployment (0013): where the others reach it, and its last sign of life. */
interface InstancesTable {
  id: string;
  url: string;
  heartbeat_at: string;
}

export type EngineGcTrigger = 'schedule' | 'admin';
/** `running` until it ends: `done`, `busy` (imports in flight did not drain in time) or `failed`. */
export type EngineGcStatus = 'running' | 'done' | 'busy' | 'failed';

/** A garbage collection of the kubo or cluster engine's nodes (0014). */
interface EngineGcRunsTable {
  id: string;
  instance_id: string;
  engine: string;
  trigger: EngineGcTrigger;
  status: EngineGcStatus;
  started_at: string;
  finished_at: string | null;
  blocks_removed: number | null;
  error: string | null;
}

export interface PinJobsTable {
  id: string;
  user_id: string;
  cid: string;
  original_name: string | null;
  custom_name: string | null;
  /** 1: the record the pin makes is private (0025). */
  private: Generated<number>;
  status: 'queued' | 'pinning' | 'pinned' | 'failed';
  bytes_fetched: number;
  blocks: number;
  error: string | null;
  error_code: string | null;
  upload_id: string | null;
  /** The runner that runs it (its task's lease owner when it started): only it may write its end. */
  claimed_by: string | null;
  /** Runs its task has started (each takeover after its runner died counts one) (0008, 0019). */
  attempts: Generated<number>;
  created_at: string;
  updated_at: string;
  /** JSON array of multiaddrs the engine connects to before fetching (0009); null for none. */
  origins: Generated<string | null>;
  /** `psa`: the job of a Pinning Service API request, whose record it does not own; `pin`: a pin by CID (0015). */
  kind: Generated<PinJobKind>;
  /** The request that queued the job, logged with every line about it (0018); null for older rows. */
  request_id: Generated<string | null>;
  /** The group the record joins once pinned (0024); null for none. */
  group_id: Generated<string | null>;
  /** JSON object of key-values the record gets once pinned (0024); null for none. */
  record_meta: Generated<string | null>;
}

type PinJobKind = 'pin' | 'psa';

/** A Pinning Service API pin request (0009): its status and record are those of its pin job. */
export interface PsaPinsTable {
  requestid: string;
  user_id: string;
  job_id: string;
  cid: string;
  name: string | null;
  /** `name` lower-cased here, the same way on both databases, for the iexact and ipartial matches. */
  name_folded: string | null;
  created_at: string;
  /** Its job's status, written in the job's own transactions (0035): what lists and counts read. */
  status: PinJobsTable['status'];
}

interface PsaPinMetaTable {
  requestid: string;
  key: string;
  value: string;
}

/**
 * The tasks of the job runner: `release` (unpin a CID nobody wants), `pin` (fetch and record a pin
 * job, same id), `recategorise` (a one-off backfill of one directory's category), and the
 * periodic tasks, whose one row each is rescheduled after every run.
 */
export type JobKind =
  'release' | 'pin' | 'recategorise' | 'sweep' | 'prune' | 'usage-check' | 'engine-gc' | 'partials' | 'webhook' | 'names' | 'domain-check';
/** A finished job's row is deleted (a periodic one is rescheduled); one out of attempts stays `failed` for an operator. */
export type JobStatus = 'pending' | 'running' | 'failed';

/** Background work of every instance (0019): see the migration. */
export interface JobsTable {
  id: string;
  kind: JobKind;
  /** For the tasks run one job per account at a time (pins): the account; a unique index holds it over every instance. */
  account_id: Generated<string | null>;
  /** The CID a release or a recategorisation acts on. */
  cid: Generated<string | null>;
  /** What else the task needs, as JSON; null when the row's columns say it all. */
  payload: Generated<string | null>;
  /** An upload's claim: a release waits until this quota reservation no longer exists. */
  reservation_id: Generated<string | null>;
  /**
   * A hold for a replaced pin: the release waits until this pin job is over (neither queued nor
   * pinning, or gone), and keeps the CID pinned meanwhile (0015).
   */
  pin_job_id: Generated<string | null>;
  /**
   * The record a hold keeps (the replaced request's, still charged): when the hold ends it goes,
   * refunded, unless something else of the account stands on it (0015).
   */
  upload_id: Generated<string | null>;
  status: JobStatus;
  /** Runs started since it was queued (or retried by an administrator); a takeover counts one. */
  attempts: number;
  /** Not run before this time (backoff after a failed attempt, or a periodic task's next turn). */
  run_after: string;
  lease_owner: Generated<string | null>;
  lease_until: Generated<string | null>;
  last_error: Generated<string | null>;
  /** The request that queued the job; null for work no request started. */
  request_id: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

/** Locks that hold across instances: a row per held name, taken over once `expires_at` passes (0008). */
interface LeasesTable {
  name: string;
  owner: string;
  expires_at: string;
}

export type OrderStatus = 'pending' | 'paid' | 'cancel' | 'uncleared' | 'declined' | 'expired' | 'refunded' | 'void' | 'error';
export type RewardReason =
  | 'signup_bonus'
  | 'referral_signup'
  | 'referral_paid_share'
  | 'referral_paid_share_revoked'
  /** Given by an administrator by hand; `source_user_id` is the administrator. */
  | 'admin_grant';

/** A plan purchase; `applied_at` is set once, by the first verification or webhook that applies it. */
export interface OrdersTable {
  id: string;
  user_id: string | null;
  plan_code: string;
  amount_cents: number;
  currency: string;
  method: 'card' | 'crypto';
  status: OrderStatus;
  stripe_session_id: string | null;
  stripe_subscription_id: string | null;
  stripe_customer_id: string | null;
  /** The invoice that paid a renewal (or the first invoice of a checkout's subscription); unique. */
  stripe_invoice_id: Generated<string | null>;
  /** A renewal: the checkout order whose subscription it renews. Renewals never hold a plan. */
  renewal_of: Generated<string | null>;
  failure_reason: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  applied_at: string | null;
  ended_at: string | null;
}

/** Stripe events already handled: a replayed event id changes nothing. */
interface ProcessedEventsTable {
  id: string;
  type: string;
  processed_at: string;
}

/** The bonus storage ledger (source of truth); `users.bonus_bytes` caches the sum of a user's rows. */
interface RewardsTable {
  id: string;
  user_id: string;
  /** Negative for a revocation. */
  bytes: number;
  reason: RewardReason;
  source_user_id: string | null;
  order_id: string | null;
  created_at: string;
}

/** A plan's name and description in one language other than English (0010); empty fields fall back to English. */
interface PlanTranslationsTable {
  plan_code: string;
  language: string;
  name: string;
  description: string;
}

/** Secrets every instance of a deployment shares (0007). */
interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: Generated<string>;
}

/** One comparison of the accounts' usage with their records (0016); `findings` is JSON. */
interface UsageChecksTable {
  id: string;
  instance_id: string;
  trigger: 'schedule' | 'admin';
  repair: number;
  started_at: string;
  finished_at: string;
  accounts_checked: number;
  accounts_off: number;
  bytes_off: number;
  accounts_repaired: number;
  findings: string;
}

interface WebhookEndpointsTable {
  id: string;
  user_id: string;
  url: string;
  description: string;
  /** The event types it takes, a JSON array of names. */
  events: string;
  /** The signing secret (`whsec_…`), AES-256-GCM under a key kept apart from the rows: it signs, so it cannot be hashed. */
  secret_ciphertext: string;
  /** While the secret is rotated: the one it replaced, sealed the same way, signing beside it until `previous_secret_expires_at` (0030). */
  previous_secret_ciphertext: string | null;
  previous_secret_expires_at: string | null;
  enabled: number;
  /** Why the server turned it off (repeated failures); null when it is on or its owner turned it off. */
  disabled_reason: string | null;
  consecutive_failures: number;
  created_at: string;
  updated_at: string;
}

/** An account's named IPNS key (0036). */
interface IpnsKeysTable {
  id: string;
  user_id: string;
  label: string;
  /** The IPNS name the key makes: the base36 CIDv1 (libp2p-key) of its public key, `k51…`. */
  name: string;
  /** The libp2p protobuf of the Ed25519 private key, AES-256-GCM under a key kept apart from the rows. */
  private_key_ciphertext: string;
  /** What the latest publication asked for, which the republisher keeps. */
  ttl_seconds: number;
  validity_hours: number;
  created_at: string;
  updated_at: string;
}

/** The newest valid signed record of a name this server answers (0036). */
interface IpnsRecordsTable {
  name: string;
  /** The marshalled record, base64. */
  record: string;
  value: string;
  /** Unsigned 64-bit, as decimal text. */
  sequence: string;
  ttl_seconds: number;
  valid_until: string;
  /** The account's key it was signed with; null for a record published to the routing API for a name not held here. */
  key_id: string | null;
  /** When it was last handed to the IPFS network; null until then. */
  announced_at: string | null;
  updated_at: string;
}

/** A record published to one of the accounts' names (0036). */
interface IpnsPublicationsTable {
  id: string;
  key_id: string;
  sequence: string;
  value: string;
  ttl_seconds: number;
  valid_until: string;
  source: 'publish' | 'rollback' | 'routing';
  published_at: string;
}

export type CustomDomainStatus = 'pending' | 'verified' | 'failed';

/** A host name an account serves its target on once DNSLink points there (0037). */
interface CustomDomainsTable {
  id: string;
  user_id: string;
  /** Lower-case, ASCII (an IDN in its `xn--` form), no final dot; unique over every account. */
  hostname: string;
  /** The content path `_dnslink.<hostname>` must name: `/ipns/<name>` or `/ipfs/<cid>[/path]`. */
  target: string;
  status: Generated<CustomDomainStatus>;
  verified_at: string | null;
  last_checked_at: string | null;
  last_error: string | null;
  created_at: string;
}

/** The outbox: written in the same transaction as the change it reports. */
interface WebhookEventsTable {
  id: string;
  user_id: string;
  type: string;
  /** The event's `data`, JSON. */
  payload: string;
  created_at: string;
}

interface WebhookDeliveriesTable {
  id: string;
  endpoint_id: string;
  event_id: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  last_latency_ms: number | null;
  /** When the next attempt is due; null once it succeeded or gave up. */
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
}

/** An account's S3 access key (0031); the secret is sealed: Signature V4 needs it in the clear. */
interface S3KeysTable {
  id: string;
  user_id: string;
  /** What clients send in `Credential=` (unique over all accounts). */
  access_key_id: string;
  secret_ciphertext: string;
  name: string;
  /** 1: reads only (GET, HEAD, lists); 0: reads and writes. */
  read_only: number;
  created_at: string;
  last_used_at: string | null;
}

/** A bucket: a group of the account under an S3 name (0031). */
interface S3BucketsTable {
  id: string;
  user_id: string;
  name: string;
  group_id: string;
  created_at: string;
}

/** An object key of a bucket and the record it names (0031). */
interface S3ObjectsTable {
  bucket_id: string;
  key: string;
  upload_id: string;
  /** As S3 answers it, quoted: the MD5 of the bytes, or of the parts' MD5s then `-N` for a multipart upload. */
  etag: string;
  size: number;
  content_type: string;
  /** The `x-amz-meta-*` headers it was stored with, a JSON object (names in lower case). */
  meta: string;
  last_modified: string;
  /** 1 when the object's upload created the record (copies inherit it): the record goes with its last key. */
  created_record: number;
}

/** A multipart upload in progress (0031). */
interface S3MultipartUploadsTable {
  id: string;
  bucket_id: string;
  user_id: string;
  key: string;
  content_type: string;
  meta: string;
  created_at: string;
  expires_at: string;
}

/** A part of a multipart upload: a file in the data directory, charged to the account (0031). */
interface S3PartsTable {
  multipart_id: string;
  part_number: number;
  size: number;
  etag: string;
  file: string;
  created_at: string;
}

export interface Database {
  server_secrets: ServerSecretsTable;
  users: UsersTable;
  sessions: SessionsTable;
  api_tokens: ApiTokensTable;
  logs: LogsTable;
  rate_limits: RateLimitsTable;
  request_limits: RequestLimitsTable;
  plans: PlansTable;
  plan_translations: PlanTranslationsTable;
  uploads: UploadsTable;
  quota_reservations: QuotaReservationsTable;
  pin_jobs: PinJobsTable;
  jobs: JobsTable;
  leases: LeasesTable;
  psa_pins: PsaPinsTable;
  psa_pin_meta: PsaPinMetaTable;
  orders: OrdersTable;
  processed_events: ProcessedEventsTable;
  rewards: RewardsTable;
  signed_uploads: SignedUploadsTable;
  resumable_uploads: ResumableUploadsTable;
  instances: InstancesTable;
  engine_gc_runs: EngineGcRunsTable;
  usage_checks: UsageChecksTable;
  two_factor_secrets: TwoFactorSecretsTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  two_factor_challenges: TwoFactorChallengesTable;
  admin_settings: AdminSettingsTable;
  hidden_blocks: HiddenBlocksTable;
  access_links: AccessLinksTable;
  groups: GroupsTable;
  upload_groups: UploadGroupsTable;
  upload_meta: UploadMetaTable;
  webhook_endpoints: WebhookEndpointsTable;
  ipns_keys: IpnsKeysTable;
  ipns_records: IpnsRecordsTable;
  ipns_publications: IpnsPublicationsTable;
  custom_domains: CustomDomainsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  bandwidth_daily: BandwidthDailyTable;
  s3_keys: S3KeysTable;
  s3_buckets: S3BucketsTable;
  s3_objects: S3ObjectsTable;
  s3_multipart_uploads: S3MultipartUploadsTable;
  s3_parts: S3PartsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ApiTokenRow = Selectable<ApiTokensTable>;
export type S3KeyRow = Selectable<S3KeysTable>;
export type CustomDomainRow = Selectable<CustomDomainsTable>;
export type S3BucketRow = Selectable<S3BucketsTable>;
export type S3ObjectRow = Selectable<S3ObjectsTable>;
export type S3MultipartRow = Selectable<S3MultipartUploadsTable>;
export type S3PartRow = Selectable<S3PartsTable>;
export type AccessLinkRow = Selectable<AccessLinksTable>;
export type LogRow = Selectable<LogsTable>;
export type SessionRow = Selectable<SessionsTable>;
export type PlanRow = Selectable<PlansTable>;
export type PlanTranslationRow = Selectable<PlanTranslationsTable>;
/** A record as the code handles it: its sort key is the upload store's business alone. */
export type UploadRow = Omit<Selectable<UploadsTable>, 'name_key'>;
export type PinJobRow = Selectable<PinJobsTable>;
export type GroupRow = Selectable<GroupsTable>;
export type JobRow = Selectable<JobsTable>;
export type OrderRow = Selectable<OrdersTable>;
export type RewardRow = Selectable<RewardsTable>;
export type SignedUploadRow = Selectable<SignedUploadsTable>;
export type ResumableUploadRow = Selectable<ResumableUploadsTable>;
export type InstanceRow = Selectable<InstancesTable>;
export type EngineGcRunRow = Selectable<EngineGcRunsTable>;
export type UsageCheckRow = Selectable<UsageChecksTable>;
export type IpnsKeyRow = Selectable<IpnsKeysTable>;
export type IpnsRecordRow = Selectable<IpnsRecordsTable>;
export type IpnsPublicationRow = Selectable<IpnsPublicationsTable>;
export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;
export type WebhookEventRow = Selectable<WebhookEventsTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
