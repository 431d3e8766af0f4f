import type { PublicUser } from '@linkhunt/contracts/user';
import { Carousel } from '@linkhunt/shared-ui/components/carousel/Carousel.tsx';
import { UserCard } from '@linkhunt/shared-ui/components/user-card/UserCard.tsx';
import { useApiData } from '@linkhunt/shared-ui/features/api/use-api-data.ts';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';
import { useHomeFailure } from '../api/home-failures.ts';
import styles from './HomeSection.module.css';

export function FeaturedUsers() {
  const { t } = useTranslation(NAMESPACE);
  // Spec section 8: a failed list stays empty and keeps its skeletons; the page says it failed.
  const answer = useApiData<PublicUser[]>('/users/top');
  useHomeFailure('users', answer.status === 'error' ? answer.retry : null);
  const users = answer.data;
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
