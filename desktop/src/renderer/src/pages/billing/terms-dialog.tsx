import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/modal';

/** The sections of the terms, in order: each has a heading and a paragraph under `billing:terms`. */
const SECTIONS = ['service', 'payment', 'cancellation', 'content', 'liability', 'changes'] as const;

/** The terms and conditions a plan change is accepted against. */
export function TermsDialog({ onClose, onAccept }: { onClose(): void; onAccept(): void }) {
  const { t } = useTranslation('billing');
  return (
    <Modal
      title={t('terms.title')}
      onClose={onClose}
      initialFocus=".terms-text"
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('terms.back')}
          </button>
          <button type="button" className="btn btn-primary" onClick={onAccept}>
            {t('terms.accept')}
          </button>
        </>
      }
    >
      <div className="terms-text" tabIndex={0} role="region" aria-label={t('terms.title')}>
        <p className="muted">{t('terms.updated')}</p>
        {SECTIONS.map((section) => (
          <section key={section}>
            <h3>{t(`terms.${section}_title`)}</h3>
            <p>{t(`terms.${section}_text`)}</p>
          </section>
        ))}
      </div>
    </Modal>
  );
}
