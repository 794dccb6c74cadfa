import type { Migration } from 'kysely';
import * as accounts from './0001-accounts';
import * as content from './0002-content';
import * as billing from './0003-billing';
import * as uploadCounts from './0004-upload-counts';
import * as renewalOrders from './0005-renewal-orders';
import * as uploadVersions from './0006-upload-versions';
import * as serverSecrets from './0007-server-secrets';
import * as contentJobs from './0008-content-jobs';
import * as pinningService from './0009-pinning-service';
import * as resumableUploads from './0011-resumable-uploads';
import * as planTranslationsAndContentKinds from './0010-plan-translations-and-content-kinds';
import * as instances from './0013-instances';
import * as engineGcRuns from './0014-engine-gc-runs';
import * as pinOwnership from './0015-pin-ownership';
import * as uploadCharges from './0016-upload-charges';
import * as usageChecks from './0017-usage-checks';
import * as jobRequestIds from './0018-job-request-ids';
import * as jobs from './0019-jobs';
import * as nameOrder from './0020-name-order';
import * as binarySizeUnits from './0021-binary-size-units';
import * as tokenScopes from './0022-token-scopes';
import * as twoFactor from './0023-two-factor';
import * as s3 from './0031-s3';
import * as millionRecordIndexes from './0032-million-record-indexes';
import * as requestLimits from './0033-request-limits';
import * as accountNameSearch from './0034-account-name-search';
import * as psaRequestStatus from './0035-psa-request-status';
import * as ipnsNames from './0036-ipns-names';
import * as customDomains from './0037-custom-domains';
import * as groupsAndMetadata from './0024-groups-and-metadata';
import * as privateRecords from './0025-private-records';
import * as nameSearch from './0026-name-search';
import * as groupLimitedUploads from './0027-group-limited-uploads';
import * as webhooks from './0028-webhooks';
import * as bandwidth from './0029-bandwidth';
import * as webhookSecretRotation from './0030-webhook-secret-rotation';

/** Every migration, by name, in order. Imported rather than scanned so that bundling keeps them. */
export const migrations: Record<string, Migration> = {
  '0001-accounts': accounts,
  '0002-content': content,
  '0003-billing': billing,
  '0004-upload-counts': uploadCounts,
  '0005-renewal-orders': renewalOrders,
  '0006-upload-versions': uploadVersions,
  '0007-server-secrets': serverSecrets,
  '0008-content-jobs': contentJobs,
  '0009-pinning-service': pinningService,
  '0010-plan-translations-and-content-kinds': planTranslationsAndContentKinds,
  '0011-resumable-uploads': resumableUploads,
  '0013-instances': instances,
  '0014-engine-gc-runs': engineGcRuns,
  '0015-pin-ownership': pinOwnership,
  '0016-upload-charges': uploadCharges,
  '0017-usage-checks': usageChecks,
  '0018-job-request-ids': jobRequestIds,
  '0019-jobs': jobs,
  '0020-name-order': nameOrder,
  '0021-binary-size-units': binarySizeUnits,
  '0022-token-scopes': tokenScopes,
  '0023-two-factor': twoFactor,
  '0024-groups-and-metadata': groupsAndMetadata,
  '0025-private-records': privateRecords,
  '0026-name-search': nameSearch,
  '0027-group-limited-uploads': groupLimitedUploads,
  '0028-webhooks': webhooks,
  '0029-bandwidth': bandwidth,
  '0030-webhook-secret-rotation': webhookSecretRotation,
  '0031-s3': s3,
  '0032-million-record-indexes': millionRecordIndexes,
  '0033-request-limits': requestLimits,
  '0034-account-name-search': accountNameSearch,
  '0035-psa-request-status': psaRequestStatus,
  '0036-ipns-names': ipnsNames,
  '0037-custom-domains': customDomains,
};
