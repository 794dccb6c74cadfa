import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/icons';

/** Types a browser can draw in an `<img>`; others (or a picture it fails to decode) keep the file icon. */
const isImage = (file: File) => file.type.startsWith('image/');

/**
 * A chosen file's small picture: an image is read from the disk through an object URL, made while
 * it is shown and revoked when it is removed from the list or the page goes away.
 */
export function ImagePreview({ file, name }: { file: File; name: string }) {
  const { t } = useTranslation('content');
  const [url, setUrl] = useState<string | null>(null);
  const [broken, setBroken] = useState(false);
  useEffect(() => {
    if (!isImage(file)) return;
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return (
    <span className="preview-glyph">
      {url && !broken ? (
        <img
          src={url}
          alt={t('upload.preview_alt', { name })}
          loading="lazy"
          decoding="async"
          width={32}
          height={32}
          onError={() => setBroken(true)}
        />
      ) : (
        <Icon name={isImage(file) ? 'image' : 'file'} size={16} className="preview-icon" />
      )}
    </span>
  );
}
