import type { PsaPinView } from '../stores/psa-pin-store';

/** Why a pin is where it is, for `info.status_details` (the spec's suggested key). */
function statusDetails(pin: PsaPinView): string {
  if (pin.status === 'queued') return 'Waiting for a free pin worker';
  if (pin.status === 'pinning') return `Fetching: ${pin.blocks} blocks, ${Number(pin.bytes_fetched)} bytes so far`;
  if (pin.status === 'failed') return pin.error ?? 'Pinning failed';
  return 'Pinned and recorded in My files';
}

/** The spec's `info`: string values only. */
function info(pin: PsaPinView): Record<string, string> {
  const out: Record<string, string> = { status_details: statusDetails(pin) };
  if (pin.status === 'failed' && pin.error_code) out.error_code = pin.error_code;
  if (pin.status === 'pinned' && pin.upload_id) {
    out.upload_id = pin.upload_id;
    if (pin.upload_size !== null) out.raw_size = String(Number(pin.upload_size));
  }
  return out;
}

function originsOf(pin: PsaPinView): string[] {
  if (!pin.origins) return [];
  const parsed: unknown = JSON.parse(pin.origins);
  return Array.isArray(parsed) ? parsed.filter((addr): addr is string => typeof addr === 'string') : [];
}

/** A PinStatus object of the Pinning Service API. */
export function presentPsaPin(pin: PsaPinView, meta: Record<string, string>, delegates: string[]) {
  return {
    requestid: pin.requestid,
    status: pin.status,
    created: pin.created_at,
    pin: {
      cid: pin.cid,
      ...(pin.name !== null ? { name: pin.name } : {}),
      origins: originsOf(pin),
      meta,
    },
    delegates,
    info: info(pin),
  };
}
