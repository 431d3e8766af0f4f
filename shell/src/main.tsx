import '@linkhunt/shared-ui/styles/tokens.css';
import '@linkhunt/shared-ui/styles/base.css';
import './app/boot-header.css';
import { bootstrap } from './app/bootstrap.tsx';

const root = document.getElementById('root');
if (root) {
  bootstrap(root).catch((error: unknown) => {
    // Without its configuration or first words the site cannot start; say so rather than stay blank.
    console.error('Linkhunt could not start', error);
    root.innerHTML = '<p role="alert" style="padding:2rem;text-align:center">Linkhunt could not start. Please reload the page in a moment.</p>';
  });
}
