import { ActionIcon, Anchor, CloseButton, Group, Text, Title } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../facade/services';
import { ChatIcon } from '../../ui/icons';
import { chatSlotAtom } from './chat-slot';
import classes from './shell.module.css';

/**
 * Support-chat launcher (lazy chunk). The chat itself is the exchange's chat service at the host
 * config's `chatBase`; on a local/test host there is none, and the panel says so.
 *
 * The launcher is one of the header's controls at every width (a button floating in the bottom
 * corner covered content on every screen: the last table rows, a chart's axis, a form's button)
 * and the panel opens under the header, at the inline end.
 *
 * The panel is rendered into the header right after its launcher (a disclosure): the tab order
 * goes launcher, panel, the header's next control, and on into the page. It used to be the last
 * thing of the page, after the footer, so Tab from it left the page (accessibility review L4).
 * It is a named region, not a complementary landmark: a landmark inside the banner is not at the
 * top level.
 *
 * Keyboard: the launcher opens the panel and focus moves to its close button; Shift+Tab from
 * there goes back to the launcher, Tab on through the panel to the rest of the header. Escape,
 * with focus in the panel or on the launcher (or nowhere), closes it and focus returns to the
 * launcher.
 */
export default function ChatWidget() {
  const { t } = useTranslation('user-assets');
  const { host } = useServices();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const panelRef = useRef<HTMLElement>(null);
  const launcherRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const focusOnOpen = useRef(false);
  // The header's room for the launcher (null until the header has rendered).
  const slot = useAtomValue(chatSlotAtom);

  const close = () => {
    setOpen(false);
    launcherRef.current?.focus();
  };

  useEffect(() => {
    if (open && focusOnOpen.current) closeRef.current?.focus();
    focusOnOpen.current = false;
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      const active = document.activeElement;
      const inside =
        !active ||
        active === document.body ||
        active === launcherRef.current ||
        panelRef.current?.contains(active);
      if (!inside) return;
      e.preventDefault();
      setOpen(false);
      launcherRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const panel = open && (
    <section
      ref={panelRef}
      id={panelId}
      className={`${classes.chat} ${classes.chatPanel}`}
      aria-label={t('chat.label')}
      data-shell="chat"
    >
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} size="h5">
          {t('chat.title')}
        </Title>
        <CloseButton ref={closeRef} aria-label={t('chat.close')} onClick={close} />
      </Group>
      <Text size="sm" mb="sm">
        {t('chat.intro')}
      </Text>
      {host.isLocal ? (
        <Text size="sm" c="dimmed">
          {t('chat.unavailable')}
        </Text>
      ) : (
        <Anchor href={host.chatBase} target="_blank" rel="noopener noreferrer" size="sm">
          {t('chat.start')}
        </Anchor>
      )}
    </section>
  );
  const launcher = (
    <ActionIcon
      ref={launcherRef}
      size="lg"
      variant="default"
      aria-label={open ? t('chat.close') : t('chat.open')}
      aria-expanded={open}
      aria-controls={open ? panelId : undefined}
      onClick={() => {
        focusOnOpen.current = !open;
        setOpen((o) => !o);
      }}
    >
      <ChatIcon />
    </ActionIcon>
  );

  if (!slot) return null;
  return createPortal(
    <>
      {launcher}
      {panel}
    </>,
    slot,
  );
}
