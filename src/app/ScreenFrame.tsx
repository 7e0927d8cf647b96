import { Stack, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

export interface ScreenFrameProps {
  title: string;
  children?: ReactNode;
}

/** A screen's named region with its page heading (h1); screens put their content inside. */
export function ScreenFrame({ title, children }: ScreenFrameProps) {
  const id = useId();
  return (
    <Stack component="section" aria-labelledby={id} gap="md">
      <Title order={1} id={id} size="h2">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
