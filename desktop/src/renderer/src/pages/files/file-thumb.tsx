import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Upload } from '@cairn/shared/api-types';
import { Icon } from '../../components/icons';
import { gatewayUrl } from '../../lib/content-links';
import { useAppStore } from '../../store/app-store';

/**
 * A record's picture in the list: an image file shows itself, small, from the gateway, loaded only
 * when it scrolls into view; anything else (or an image the browser cannot show) its type's icon.
 */
export function FileThumb({ upload }: { upload: Upload }) {
  const { t } = useTranslation('content');
  const origin = useAppStore((state) => state.serverOrigin);
  const [broken, setBroken] = useState(false);
  if (upload.type === 'file' && upload.category === 'image' && !broken) {
    return (
      <span className="file-glyph">
        <img
          className="file-thumb"
          src={gatewayUrl(origin, upload.cid)}
          alt={t('files.thumbnail_alt', { name: upload.name })}
          loading="lazy"
          decoding="async"
          width={32}
          height={32}
          onError={() => setBroken(true)}
        />
      </span>
    );
  }
  return (
    <span className="file-glyph">
      <Icon
        name={upload.type === 'file' ? (upload.category === 'image' ? 'image' : 'file') : upload.type === 'dag' ? 'dag' : 'folder'}
        size={16}
      />
    </span>
  );
}
