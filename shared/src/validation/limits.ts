/** Business constants shared by the server, the UI and the SDKs (spec section 9). */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 256;
export const NAME_MAX = 255;
export const EMAIL_MAX = 254;
export const TOKEN_NAME_MAX = 100;
export const TOKEN_EXPIRY_MAX_DAYS = 3650;
export const S3_KEY_NAME_MAX = 100;
/** S3 access keys an account may hold at once. */
export const S3_KEYS_MAX = 50;

/**
 * Sizes count in powers of 1024 everywhere (server, API, UI, CLI) and are labelled so: 1 MiB is
 * 1024 × 1024 bytes and 1 GiB is 1024 MiB, so a 1 GiB plan and a 10 MiB bonus read the same on
 * every screen.
 */
export const MIB = 1024 ** 2;
export const GIB = 1024 ** 3;
/** Largest single file an upload may carry: 4 GiB. */
export const MAX_FILE_BYTES = 4 * GIB;
/** Largest directory an upload may carry: 10 GiB. */
export const MAX_DIRECTORY_BYTES = 10 * GIB;
/** Most files a folder upload may carry, and a CAR's root folder may hold (counted down every path). */
export const MAX_DIRECTORY_FILES = 100_000;
/** Most blocks a CAR upload's DAG may have (those already held included): a 10 GiB file of 64 KiB chunks, a folder of 100,000 files. */
export const MAX_DAG_BLOCKS = 250_000;

export const PAGE_DEFAULT = 1;
export const LIMIT_DEFAULT = 10;
export const LIMIT_MAX = 100;

export const INACTIVITY_TIMEOUT_MS = 60 * 60 * 1000;
export const INACTIVITY_WARNING_MS = 60 * 1000;

/** Referral bonuses: 10 MiB to the new account, 10 MiB to its referrer, and 5% of a referred paid plan. */
export const REFERRAL_SIGNUP_BONUS_BYTES = 10 * MIB;
export const REFERRER_BONUS_BYTES = 10 * MIB;
export const REFERRER_PAID_SHARE = 0.05;

export const LOG_RETENTION_DAYS = 15;
export const LANGUAGE_COOKIE_DAYS = 365;
export const DEFAULT_COUNTRY = 'US';

export const SUPPORTED_LANGUAGES = ['en', 'es', 'ca', 'eu', 'fr', 'de', 'it', 'pt', 'ru', 'uk'] as const;
export type LanguageCode = (typeof SUPPORTED_LANGUAGES)[number];

/** Bytes as the API's `*Mb` figures (`earnedMb`, `currentBonusMb`, ...): MiB of 1024 × 1024 bytes, to two decimals. */
export const bytesToMb = (bytes: number): number => Math.round((Number(bytes) / MIB) * 100) / 100;
