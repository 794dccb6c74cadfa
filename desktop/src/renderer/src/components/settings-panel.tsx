import type { ReactNode } from 'react';

interface SettingsPanelProps {
  /** `data-panel` of the card, and the stem of its heading's id. */
  name: string;
  title: string;
  description: string;
  /** On a page of its own the page header above carries the title: the card is only labelled by it. */
  standalone: boolean;
  /** The buttons at the card header's end, if any. */
  actions?: ReactNode;
  children: ReactNode;
}

/** A card with a heading (Settings' tokens, S3 keys and webhooks, the custom domains under Names): what it is for, its actions, then its content. */
export function SettingsPanel({ name, title, description, standalone, actions, children }: SettingsPanelProps) {
  const headingId = `${name}-title`;
  return (
    <section
      className="card"
      aria-labelledby={standalone ? undefined : headingId}
      aria-label={standalone ? title : undefined}
      data-panel={name}
    >
      <div className="card-header">
        <div>
          {!standalone && <h2 id={headingId}>{title}</h2>}
          <p className="card-description">{description}</p>
        </div>
        {actions && <div className="card-actions">{actions}</div>}
      </div>
      {children}
    </section>
  );
}
