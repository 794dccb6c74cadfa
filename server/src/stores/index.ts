import type { Db } from '../db/database';
import { createAdminStores } from './admin/index';
import { createBandwidthStore } from './bandwidth-store';
import { createAccessLinkStore } from './access-link-store';
import { createContentJobStore } from './content-job-store';
import { createGroupStore } from './group-store';
import { createEngineGcRunStore } from './engine-gc-run-store';
import { createInstanceStore } from './instance-store';
import { createHiddenBlockStore } from './hidden-block-store';
import { createJobStore } from './job-store';
import { createLeaseStore } from './lease-store';
import { createLiveEventStore } from './live-event-store';
import { createLogStore } from './log-store';
import { createOrderStore } from './order-store';
import { createPinJobStore } from './pin-job-store';
import { createPlanStore } from './plan-store';
import { createProcessedEventStore } from './processed-event-store';
import { createPsaPinStore } from './psa-pin-store';
import { createQuotaStore } from './quota-store';
import { createRateLimitStore } from './rate-limit-store';
import { createReferralStore } from './referral-store';
import { createResumableStore } from './resumable-store';
import { createRewardStore } from './reward-store';
import { createS3BucketStore } from './s3-bucket-store';
import { createS3KeyStore } from './s3-key-store';
import { createSessionStore } from './session-store';
import { createSignedUploadStore } from './signed-upload-store';
import { createTokenStore } from './token-store';
import { createAdminSettingStore, createTwoFactorStore } from './two-factor-store';
import { createUploadStore } from './upload-store';
import { createUsageStore } from './usage-store';
import { createUserStore } from './user-store';
import { createWebhookDeliveryStore } from './webhook-delivery-store';
import { createWebhookStore } from './webhook-store';
import { createIpnsStore } from './ipns-store';
import { createCustomDomainStore } from './custom-domain-store';

export function createStores(db: Db) {
  return {
    users: createUserStore(db),
    s3Buckets: createS3BucketStore(db),
    s3Keys: createS3KeyStore(db),
    sessions: createSessionStore(db),
    tokens: createTokenStore(db),
    logs: createLogStore(db),
    rateLimits: createRateLimitStore(db),
    plans: createPlanStore(db),
    uploads: createUploadStore(db),
    quota: createQuotaStore(db),
    pinJobs: createPinJobStore(db),
    jobs: createJobStore(db),
    contentJobs: createContentJobStore(db),
    leases: createLeaseStore(db),
    psaPins: createPsaPinStore(db),
    orders: createOrderStore(db),
    processedEvents: createProcessedEventStore(db),
    rewards: createRewardStore(db),
    referrals: createReferralStore(db),
    admin: createAdminStores(db),
    resumable: createResumableStore(db),
    signedUploads: createSignedUploadStore(db),
    instances: createInstanceStore(db),
    engineGcRuns: createEngineGcRunStore(db),
    usage: createUsageStore(db),
    twoFactor: createTwoFactorStore(db),
    adminSettings: createAdminSettingStore(db),
    hiddenBlocks: createHiddenBlockStore(db),
    accessLinks: createAccessLinkStore(db),
    groups: createGroupStore(db),
    bandwidth: createBandwidthStore(db),
    webhooks: createWebhookStore(db),
    ipns: createIpnsStore(db),
    customDomains: createCustomDomainStore(db),
    webhookDeliveries: createWebhookDeliveryStore(db),
    liveEvents: createLiveEventStore(db),
  };
}
export type Stores = ReturnType<typeof createStores>;
