import { useTranslation } from 'react-i18next';
import { useServices } from '../../facade/services';
import classes from './shell.module.css';

/** Site footer (lazy chunk): risk notice, environment, copyright. */
export default function Footer() {
  const { t } = useTranslation('user-assets');
  const { host } = useServices();
  return (
    <footer className={classes.footer} aria-label={t('shell.footer.label')} data-shell="footer">
      <p>{t('shell.footer.risk')}</p>
      {host.isTestnet && <p>{t('shell.footer.testnet')}</p>}
      <p>{t('shell.footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
