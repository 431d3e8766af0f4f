import '../register-locales.ts';

export { default } from '../features/home/components/HomePage.tsx';
