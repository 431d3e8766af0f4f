import type { PublicUser } from '@linkhunt/contracts/user';
import { Carousel } from '@linkhunt/shared-ui/components/carousel/Carousel.tsx';
import { UserCard } from '@linkhunt/shared-ui/components/user-card/UserCard.tsx';
import { useAnswerQuery } from '@linkhunt/shared-ui/features/query/use-answer-query.ts';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';
import { listOf, usersQuery } from '../api/home-queries.ts';
import styles from './HomeSection.module.css';

export function FeaturedUsers() {
  const { t } = useTranslation(NAMESPACE);
  // Spec section 8: a failed list stays empty and keeps its skeletons; the page says it failed.
  const users = listOf<PublicUser[]>(useAnswerQuery(usersQuery()).answer);
  if (users?.length === 0) return null;
  return (
    <Carousel
      className={styles.block}
      heading={2}
      preset="users"
      label={t('home.users')}
      items={users ?? []}
      loading={users === null}
      getKey={(user) => user.id}
      renderItem={(user) => <UserCard user={user} />}
    />
  );
}
