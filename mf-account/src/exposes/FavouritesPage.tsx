import '../register-locales.ts';

export { default } from '../features/favourites/components/FavouritesPage.tsx';
