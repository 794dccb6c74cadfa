import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons';

/** A search box that applies what is typed after a short pause, or at once on Enter. */
export function ListSearch({ value, label, onSearch }: { value: string; label: string; onSearch(search: string): void }) {
  const { t } = useTranslation('admin');
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text.trim()), 350);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" className="search-box list-search" onSubmit={submit}>
      <Icon name="search" size={16} />
      <input
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-label={label}
        placeholder={t('list.search_placeholder')}
        maxLength={255}
      />
    </form>
  );
}
