import { ActionIcon, Anchor, CloseButton, Group, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../facade/services';
import { ChatIcon } from '../../ui/icons';
import classes from './shell.module.css';

/**
 * Support-chat launcher (lazy chunk). The chat itself is the exchange's chat service at the host
 * config's `chatBase`; on a local/test host there is none, and the panel says so.
 */
export default function ChatWidget() {
  const { t } = useTranslation('user-assets');
  const { host } = useServices();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const titleId = useId();
  return (
    <aside className={classes.chat} aria-label={t('chat.label')} data-shell="chat">
      {open && (
        <section
          id={panelId}
          className={classes.chatPanel}
          aria-labelledby={titleId}
          onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
        >
          <Group justify="space-between" mb="xs" wrap="nowrap">
            <Title order={2} size="h5" id={titleId}>
              {t('chat.title')}
            </Title>
            <CloseButton aria-label={t('chat.close')} onClick={() => setOpen(false)} />
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
      )}
      <ActionIcon
        size={48}
        radius="xl"
        aria-label={open ? t('chat.close') : t('chat.open')}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <ChatIcon />
      </ActionIcon>
    </aside>
  );
}
