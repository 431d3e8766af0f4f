import '../register-locales.ts';
import { preloadHomeLists } from '../features/home/api/home-lists.ts';

preloadHomeLists();

export { default } from '../features/home/components/HomePage.tsx';
