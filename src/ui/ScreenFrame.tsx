import { Group, Stack, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

export interface ScreenFrameProps {
  title: string;
  /** Controls beside the heading (e.g. show/hide assets). */
  actions?: ReactNode;
  children?: ReactNode;
}

/** A screen's named region with its page heading (h1); screens put their content inside. */
export function ScreenFrame({ title, actions, children }: ScreenFrameProps) {
  const id = useId();
  return (
    <Stack component="section" aria-labelledby={id} gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} id={id} size="h2">
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Stack>
  );
}
