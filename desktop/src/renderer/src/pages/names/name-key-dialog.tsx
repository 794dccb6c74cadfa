import type { Name } from '@cairn/shared/api-types';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { namesApi } from '../../api/names';
import { Modal } from '../../components/modal';
import { OneTimeSecretModal } from '../../components/one-time-secret-modal';
import { ErrorState, LoadingState } from '../../components/states';
import { useAreaErrorText } from '../../hooks/use-area-error-text';
import { useAsync } from '../../hooks/use-async';

/** Kubo's import of the key once decoded to a file (the label is the user's own choice). */
const KUBO_IMPORT = 'base64 -d key.txt > key.bin && ipfs key import my-name --format=libp2p-protobuf-cleartext key.bin';

/** A name's private key, fetched when opened and shown once, with a warning and a copy button. */
export function NameKeyDialog({ name, onClose }: { name: Name; onClose(): void }) {
  const { t } = useTranslation('names');
  const errorText = useAreaErrorText('names');
  const id = useId();
  const { state, reload } = useAsync(() => namesApi.exportKey(name.id), [name.id]);
  const title = t('key_title', { label: name.label });

  if (state.status !== 'ready') {
    return (
      <Modal title={title} onClose={onClose} size="small">
        {state.status === 'loading' && <LoadingState />}
        {state.status === 'error' && <ErrorState message={errorText(state.error, 'errors.key')} onRetry={reload} />}
      </Modal>
    );
  }
  return (
    <OneTimeSecretModal
      id={id}
      secret={state.data.privateKey}
      onClose={onClose}
      text={{
        title,
        once: t('key_once'),
        label: t('key_label'),
        copy: t('key_copy'),
        done: t('key_done'),
        discardTitle: t('key_discard_title'),
        discardMessage: t('key_discard_message'),
        discardKeep: t('key_discard_keep'),
        discardConfirm: t('key_discard_confirm'),
      }}
    >
      <p className="field-hint">{t('key_import')}</p>
      <pre className="code-block">
        <code>{KUBO_IMPORT}</code>
      </pre>
    </OneTimeSecretModal>
  );
}
