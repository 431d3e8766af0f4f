import '../register-locales.ts';

export { default } from '../features/search-panel/components/SearchPanel.tsx';
