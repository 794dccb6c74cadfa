import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from './icons';
import { LanguageButton } from './shell/top-bar';

/** The centred card of the signed-out pages, with the language button in reach. */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  const { t } = useTranslation('common');
  useEffect(() => {
    document.title = t('document_title', { page: title });
  }, [t, title]);
  return (
    <div className="auth-page">
      <header className="auth-top">
        <div className="brand">
          <Logo />
          <span className="brand-name">{t('app_name')}</span>
        </div>
        <LanguageButton />
      </header>
      <main className="auth-main" id="main">
        <div className="auth-card">
          <h1>{title}</h1>
          <p className="auth-subtitle">{subtitle}</p>
          {children}
        </div>
        <p className="auth-footer">{footer}</p>
      </main>
    </div>
  );
}
