import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A screen's title (also the document title), an optional line under it and its actions. */
export function PageHeader({ title, description, actions }: { title: string; description?: string; actions?: ReactNode }) {
  const { t } = useTranslation('common');
  useEffect(() => {
    document.title = t('document_title', { page: title });
  }, [t, title]);
  return (
    <div className="page-header">
      <div>
        <h1>{title}</h1>
        {description && <p className="page-description">{description}</p>}
      </div>
      {actions && <div className="page-actions">{actions}</div>}
    </div>
  );
}
