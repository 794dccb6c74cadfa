import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Upload } from '@cairn/shared/api-types';
import { ContentLink } from '../../components/content-link';
import { useCopyText } from '../../components/copy-button';
import { Icon, type IconName } from '../../components/icons';
import { RowMenu, type RowMenuItem } from '../../components/row-menu';
import { dagPath, downloadUrl, gatewayUrl } from '../../lib/content-links';
import { useAppStore } from '../../store/app-store';

export type FileDialog = 'rename' | 'info' | 'delete' | 'share' | 'publish';

const Label = ({ icon, text }: { icon: IconName; text: string }) => (
  <>
    <Icon name={icon} size={16} />
    <span>{text}</span>
  </>
);

/**
 * A row's actions in its "⋯" menu: view on the gateway, copy the gateway link or the CID, download
 * (files), the DAG viewer, share a signed link, publish to an IPNS name, make private or public,
 * rename, details, delete.
 */
export function FileActions({
  upload,
  onOpen,
  onPrivacy,
}: {
  upload: Upload;
  onOpen(dialog: FileDialog, upload: Upload): void;
  onPrivacy(upload: Upload, value: boolean): void;
}) {
  // `names` for its publish entry, fetched with the first row (long before a menu opens).
  const { t } = useTranslation(['content', 'names']);
  const origin = useAppStore((state) => state.serverOrigin);
  const copy = useCopyText();
  const button = (id: string, icon: IconName, text: string, act: () => void, danger = false): RowMenuItem => ({
    id,
    danger,
    render: ({ onClick, ...item }) => (
      <button
        type="button"
        {...item}
        onClick={() => {
          onClick();
          act();
        }}
      >
        <Label icon={icon} text={text} />
      </button>
    ),
  });
  const items: RowMenuItem[] = [
    {
      id: 'view',
      render: (item) => (
        <ContentLink href={gatewayUrl(origin, upload.cid)} {...item}>
          <Label icon="eye" text={t('actions.view')} />
        </ContentLink>
      ),
    },
    // The link to hand out: absolute, whatever origin the app runs on.
    button(
      'copy-link',
      'link',
      t('actions.copy_link'),
      () => void copy(new URL(gatewayUrl(origin, upload.cid), window.location.href).href),
    ),
    button('copy-cid', 'copy', t('actions.copy_cid'), () => void copy(upload.cid)),
    // A folder has nothing to download as one file.
    ...(upload.type === 'file'
      ? [
          {
            id: 'download',
            render: (item) => (
              <ContentLink href={downloadUrl(origin, upload.cid, upload.name)} download {...item}>
                <Label icon="download" text={t('actions.download')} />
              </ContentLink>
            ),
          } satisfies RowMenuItem,
        ]
      : []),
    {
      id: 'dag',
      render: (item) => (
        <Link to={dagPath(upload.cid)} {...item}>
          <Label icon="dag" text={t('actions.view_dag')} />
        </Link>
      ),
    },
    button('share', 'link', t('actions.share'), () => onOpen('share', upload)),
    button('publish', 'tag', t('names:publish_to_name'), () => onOpen('publish', upload)),
    upload.private
      ? button('make-public', 'globe', t('privacy.make_public'), () => onPrivacy(upload, false))
      : button('make-private', 'lock', t('privacy.make_private'), () => onPrivacy(upload, true)),
    button('rename', 'edit', t('actions.rename'), () => onOpen('rename', upload)),
    button('info', 'info', t('actions.info'), () => onOpen('info', upload)),
    button('delete', 'trash', t('actions.delete'), () => onOpen('delete', upload), true),
  ];
  return <RowMenu label={t('actions.menu_named', { name: upload.name })} items={items} />;
}
