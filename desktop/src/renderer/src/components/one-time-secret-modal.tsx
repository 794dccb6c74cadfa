import { useState, type ReactNode } from 'react';
import { CopyButton } from './copy-button';
import { Icon } from './icons';
import { Modal } from './modal';

/** The words of a `OneTimeSecretModal`, already translated. */
export interface OneTimeSecretText {
  title: string;
  /** That the secret is shown this once. */
  once: string;
  label: string;
  copy: string;
  done: string;
  discardTitle: string;
  discardMessage: string;
  discardKeep: string;
  discardConfirm: string;
}

/**
 * A secret shown once (an API token, a webhook signing secret) with a copy button. Closing it
 * forgets the secret, so closing asks first; `children` go under the secret.
 */
export function OneTimeSecretModal({
  id,
  secret,
  text,
  onClose,
  children,
}: {
  id: string;
  secret: string;
  text: OneTimeSecretText;
  onClose(): void;
  children?: ReactNode;
}) {
  const [discarding, setDiscarding] = useState(false);

  if (discarding) {
    return (
      <Modal
        title={text.discardTitle}
        role="alertdialog"
        size="small"
        onClose={() => setDiscarding(false)}
        initialFocus="[data-keep]"
        footer={
          <>
            <button type="button" className="btn btn-primary" onClick={() => setDiscarding(false)} data-keep>
              {text.discardKeep}
            </button>
            <button type="button" className="btn btn-danger" onClick={onClose}>
              {text.discardConfirm}
            </button>
          </>
        }
      >
        <p>{text.discardMessage}</p>
      </Modal>
    );
  }

  return (
    <Modal
      title={text.title}
      onClose={() => setDiscarding(true)}
      initialFocus="[data-copy] button"
      footer={
        <button type="button" className="btn btn-primary" onClick={onClose}>
          {text.done}
        </button>
      }
    >
      <div className="alert alert-warning" role="note">
        <Icon name="alert" size={16} />
        <span>{text.once}</span>
      </div>
      <label className="field-label" htmlFor={id}>
        {text.label}
      </label>
      <div className="secret-box" data-copy>
        <input id={id} className="mono" readOnly value={secret} onFocus={(event) => event.target.select()} />
        <CopyButton text={secret} label={text.copy} />
      </div>
      {children}
    </Modal>
  );
}
