/** Reads the process environment. No defaults and no checks here: that is config.ts's job. */
export interface ServerEnv {
  nodeEnv?: string;
  port?: string;
  host?: string;
  publicUrl?: string;
  dataDir?: string;
  databaseUrl?: string;
  dbDriver?: string;
  jwtSecret?: string;
  jwtTtl?: string;
  adminEmail?: string;
  adminPassword?: string;
  trustProxy?: string;
  logLevel?: string;
  loginMaxPerIp?: string;
  loginMaxPerEmail?: string;
  loginWindowSeconds?: string;
  signupMaxPerIp?: string;
  jsonBodyLimit?: string;
  staticDir?: string;
  pinTimeoutSeconds?: string;
  uploadsPerAccount?: string;
  publicGatewayUrl?: string;
  gatewayOrigin?: string;
  ipfsNetwork?: string;
  ipfsListen?: string;
  ipfsPeers?: string;
  stripeSecretKey?: string;
  stripeWebhookSecret?: string;
  stripeApiUrl?: string;
}

export function readEnv(env: NodeJS.ProcessEnv = process.env): ServerEnv {
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl: env.PUBLIC_URL,
    dataDir: env.CAIRN_DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    dbDriver: env.DB_DRIVER,
    jwtSecret: env.JWT_SECRET,
    jwtTtl: env.JWT_TTL_SECONDS,
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    loginMaxPerIp: env.LOGIN_MAX_PER_IP,
    loginMaxPerEmail: env.LOGIN_MAX_PER_EMAIL,
    loginWindowSeconds: env.LOGIN_WINDOW_SECONDS,
    signupMaxPerIp: env.SIGNUP_MAX_PER_IP,
    jsonBodyLimit: env.JSON_BODY_LIMIT_BYTES,
    staticDir: env.CAIRN_STATIC_DIR,
    pinTimeoutSeconds: env.PIN_TIMEOUT_SECONDS,
    uploadsPerAccount: env.UPLOADS_PER_ACCOUNT,
    publicGatewayUrl: env.PUBLIC_GATEWAY_URL,
    gatewayOrigin: env.GATEWAY_ORIGIN,
    ipfsNetwork: env.IPFS_NETWORK,
    ipfsListen: env.IPFS_LISTEN,
    ipfsPeers: env.IPFS_PEERS,
    stripeSecretKey: env.STRIPE_SECRET_KEY,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET,
    stripeApiUrl: env.STRIPE_API_URL,
  };
}
