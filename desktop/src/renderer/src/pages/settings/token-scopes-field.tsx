import type { TokenScope } from '@cairn/shared/api-types';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

type Scope = Exclude<TokenScope, 'all'>;

/** The scopes a token may hold, grouped as the dialog shows them; `admin` only for administrators. */
const GROUPS: { key: 'files' | 'pinning' | 'sharing' | 'admin'; scopes: Scope[] }[] = [
  { key: 'files', scopes: ['files:read', 'files:write'] },
  { key: 'pinning', scopes: ['pins:write', 'psa'] },
  { key: 'sharing', scopes: ['groups:write', 'links:write'] },
  { key: 'admin', scopes: ['admin:*'] },
];

/** A scope's translation key: `files:read` → `tokens.scope_files_read`, `admin:*` → `tokens.scope_admin`. */
export const scopeLabelKey = (scope: Scope) => `tokens.scope_${scope.replace(':*', '').replace(':', '_')}`;

/** What a token can do, as the token list shows it: "Full access" or its scopes' names. */
export function useScopesText(): (scopes: readonly TokenScope[]) => string {
  const { t } = useTranslation('settings');
  return (scopes) =>
    scopes.includes('all') ? t('tokens.access_full') : scopes.map((scope) => t(scopeLabelKey(scope as Scope))).join(', ');
}

interface Props {
  /** `['all']` for full access, else the scopes chosen (possibly none yet). */
  value: TokenScope[];
  onChange(value: TokenScope[]): void;
  isAdmin: boolean;
  /** Shown when "Only what I choose" has nothing chosen. */
  missing: boolean;
  disabled?: boolean;
}

/** "Full access" (the default) or a choice of scopes, grouped by what they are about. */
export function TokenScopesField({ value, onChange, isAdmin, missing, disabled }: Props) {
  const { t } = useTranslation('settings');
  const id = useId();
  const full = value.includes('all');
  const toggle = (scope: Scope, on: boolean) => onChange(on ? [...value, scope] : value.filter((held) => held !== scope));
  return (
    <fieldset className="token-scopes" disabled={disabled} aria-describedby={missing ? `${id}-error` : undefined}>
      <legend className="field-label">{t('tokens.access')}</legend>
      <div className="token-access">
        <label className="scope-option">
          <input type="radio" name="access" value="all" checked={full} onChange={() => onChange(['all'])} aria-describedby={`${id}-full`} />
          <span>{t('tokens.access_full')}</span>
        </label>
        <p className="field-hint" id={`${id}-full`}>
          {t('tokens.access_full_hint')}
        </p>
      </div>
      <div className="token-access">
        <label className="scope-option">
          <input
            type="radio"
            name="access"
            value="limited"
            checked={!full}
            onChange={() => onChange([])}
            aria-describedby={`${id}-limited`}
          />
          <span>{t('tokens.access_limited')}</span>
        </label>
        <p className="field-hint" id={`${id}-limited`}>
          {t('tokens.access_limited_hint')}
        </p>
      </div>
      {!full && (
        <div className="scope-groups">
          {GROUPS.filter((group) => group.key !== 'admin' || isAdmin).map((group) => (
            <fieldset key={group.key} className="scope-group">
              <legend>{t(`tokens.scope_group_${group.key}`)}</legend>
              {group.scopes.map((scope) => (
                <label key={scope} className="scope-option">
                  <input
                    type="checkbox"
                    name="scopes"
                    value={scope}
                    checked={value.includes(scope)}
                    onChange={(event) => toggle(scope, event.target.checked)}
                  />
                  <span className="scope-option-text">
                    <span>{t(scopeLabelKey(scope))}</span>
                    <code className="scope-code">{scope}</code>
                  </span>
                </label>
              ))}
            </fieldset>
          ))}
        </div>
      )}
      {missing && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {t('tokens.scopes_required')}
        </p>
      )}
    </fieldset>
  );
}
