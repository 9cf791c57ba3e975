import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { AppLink } from '../ui/app-link.tsx';
import { CheckCircleIcon } from '../ui/marketing-icons.tsx';

type TSuccessPanelProps = {
  title: string;
  children: ReactNode;
  /** The panel's action; a "Return Home" link when omitted. */
  action?: ReactNode;
};

/** Replaces a form once it has been sent; takes focus so screen readers announce it. */
export function SuccessPanel({ title, children, action }: TSuccessPanelProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <Paper withBorder radius="lg" p={{ base: 'xl', sm: 48 }} shadow="sm" role="status">
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={64} radius="xl" color="teal" variant="light">
          <CheckCircleIcon size={36} />
        </ThemeIcon>
        <Title
          order={2}
          ref={headingRef}
          tabIndex={-1}
          fz={{ base: 24, sm: 28 }}
          c="var(--color-heading)"
          style={{ outline: 'none' }}
        >
          {title}
        </Title>
        <Text size="lg" c="dimmed" maw={520}>
          {children}
        </Text>
        {action ?? (
          <Button component={AppLink} to="/" size="md" mt="sm">
            Return Home
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
