import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Icon } from '../../components/icons';
import { dagFolderPath } from '../../lib/content-links';

/** Where in the DAG the list is: the root (by the record's name), then each folder, each a link back up. */
export function DagBreadcrumbs({ cid, rootName, path }: { cid: string; rootName: string; path: string }) {
  const { t } = useTranslation('content');
  const segments = path.split('/').filter(Boolean);
  const crumbs = [{ name: rootName, path: '' }, ...segments.map((name, index) => ({ name, path: segments.slice(0, index + 1).join('/') }))];
  return (
    <nav className="breadcrumbs" aria-label={t('dag.breadcrumbs')}>
      <ol>
        {crumbs.map((crumb, index) => (
          <li key={crumb.path}>
            {index === crumbs.length - 1 ? (
              <span aria-current="page" className="breadcrumb-current" title={crumb.name}>
                {index === 0 && <Icon name="folder" size={16} />}
                <span>{crumb.name}</span>
              </span>
            ) : (
              <Link to={dagFolderPath(cid, crumb.path)} title={crumb.name}>
                {index === 0 && <Icon name="folder" size={16} />}
                <span>{crumb.name}</span>
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
