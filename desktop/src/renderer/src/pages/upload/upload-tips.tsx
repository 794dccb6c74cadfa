import { useTranslation } from 'react-i18next';

const TIPS = ['dag', 'files', 'cid_version', 'duplicates', 'leaving'] as const;

/** Short advice beside the form. */
export function UploadTips() {
  const { t } = useTranslation('content');
  return (
    <aside className="card upload-tips" aria-labelledby="upload-tips-title">
      <h2 id="upload-tips-title">{t('upload.tips_title')}</h2>
      <ul className="tips">
        {TIPS.map((tip) => (
          <li key={tip}>{t(`upload.tips.${tip}`)}</li>
        ))}
      </ul>
    </aside>
  );
}
