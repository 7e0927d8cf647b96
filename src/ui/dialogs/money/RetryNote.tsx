import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { KEPT_FOR_MS } from './kept-submissions';

/**
 * Under the error of a transfer, withdrawal or borrow whose outcome is unknown: what its records
 * (for a borrow, the loans) said (not listed, or could not be read: one that lists it never gets
 * here, it went through), and what sending the same details again does, no more than
 * kept-submissions.ts keeps.
 */
function RetryNote({
  kind,
  lookup,
}: {
  kind: 'transfer' | 'withdraw' | 'borrow';
  lookup: 'notListed' | 'unchecked';
}) {
  const { t } = useTranslation('user-assets');
  const records = {
    transfer: {
      notListed: t('money.transfer.notListed'),
      unchecked: t('money.transfer.unchecked'),
    },
    withdraw: {
      notListed: t('money.withdraw.notListed'),
      unchecked: t('money.withdraw.unchecked'),
    },
    borrow: {
      notListed: t('earn.pledge.borrowNotListed'),
      unchecked: t('earn.pledge.borrowUnchecked'),
    },
  }[kind][lookup];
  return (
    <>
      <Text size="sm" mt={4}>
        {records}
      </Text>
      <Text size="sm" mt={4}>
        {t('money.transfer.retryNote', { minutes: KEPT_FOR_MS / 60_000 })}
      </Text>
    </>
  );
}

/**
 * Under a transfer, withdraw or borrow form's fields: its error, with the RetryNote of an unknown
 * outcome; or, with no error, when the details typed are those of a submission whose outcome is
 * unknown, that sending them again repeats that same request (money.common.repeatNote).
 */
export function SubmissionError({
  error,
  kind,
  unknown,
  repeating,
  variant,
}: {
  error: string | undefined;
  kind: 'transfer' | 'withdraw' | 'borrow';
  unknown: 'notListed' | 'unchecked' | undefined;
  repeating: boolean;
  variant?: 'light';
}) {
  const { t } = useTranslation('user-assets');
  if (error) {
    return (
      <Alert color="red" role="alert" variant={variant}>
        {error}
        {unknown && <RetryNote kind={kind} lookup={unknown} />}
      </Alert>
    );
  }
  if (!repeating) return null;
  return (
    <Text size="sm" c="dimmed">
      {t('money.common.repeatNote')}
    </Text>
  );
}
