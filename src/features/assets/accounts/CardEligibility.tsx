import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCardPotential, type CardPotential } from '../../../facade';
import { ResourceState } from '../../../ui/live/ResourceState';

/** Card kinds the exchange names (`cardType`); any other is written as "a card". */
const CARD_TYPES = new Set(['VIRTUAL', 'PHYSICAL']);

/**
 * Whether this account may hold a card (the session's `cardPotential`), under the card account's
 * coins: a card holder sees why the section is there, and an account without one what it needs.
 * Loading, a failure with its Retry, and a failed reread over the last answer as every REST
 * section (`ResourceState`).
 */
export function CardEligibility() {
  const { t } = useTranslation('user-assets');
  const { state, reload } = useCardPotential();
  return (
    <section aria-label={t('assetsArea.card.title')}>
      <ResourceState
        state={state}
        reload={reload}
        isEmpty={() => false}
        emptyText=""
        loadingText={t('assetsArea.card.loading')}
      >
        {(card) => <Eligibility card={card} />}
      </ResourceState>
    </section>
  );
}

function Eligibility({ card }: { card: CardPotential }) {
  const { t } = useTranslation('user-assets');
  const kind = CARD_TYPES.has(card.cardType)
    ? t(`assetsArea.card.types.${card.cardType as 'VIRTUAL' | 'PHYSICAL'}`)
    : t('assetsArea.card.types.other');
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Badge variant="light" color={card.eligible ? 'teal' : 'gray'} radius="sm" miw="fit-content">
        {card.eligible ? t('assetsArea.card.eligible') : t('assetsArea.card.notEligible')}
      </Badge>
      <Text size="sm">
        {card.eligible
          ? t('assetsArea.card.eligibleText', { kind })
          : t('assetsArea.card.notEligibleText')}
      </Text>
    </Group>
  );
}
