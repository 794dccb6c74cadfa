import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A key-value condition (`key=value`, `key=prefix*` or `key`), applied on Enter or when the box is left. */
export function MetaFilter({ condition, onCondition }: { condition: string; onCondition(condition: string): void }) {
  const { t } = useTranslation('content');
  const [text, setText] = useState(condition);
  useEffect(() => setText(condition), [condition]);
  const apply = () => {
    if (text.trim() !== condition) onCondition(text.trim());
  };
  return (
    <input
      type="search"
      className="meta-filter"
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={apply}
      onKeyDown={(event) => {
        if (event.key === 'Enter') apply();
      }}
      placeholder={t('files.meta_placeholder')}
      aria-label={t('files.meta_filter')}
      maxLength={1100}
    />
  );
}
