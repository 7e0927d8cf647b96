import { Group, Paper, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

export interface SectionProps {
  title: string;
  /** Controls beside the heading (toggles, counts). */
  actions?: ReactNode;
  children?: ReactNode;
}

/** A named region of a screen: `<section aria-labelledby>` with its h2. */
export function Section({ title, actions, children }: SectionProps) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} withBorder p="md" radius="md">
      <Group justify="space-between" align="center" mb="sm" gap="xs">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Paper>
  );
}
