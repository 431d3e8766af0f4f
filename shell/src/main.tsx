import '@linkhunt/shared-ui/styles/tokens.css';
import '@linkhunt/shared-ui/styles/base.css';
import './app/boot-header.css';
import './features/preview/preview-badge.css';
import { bootstrap } from './app/bootstrap.tsx';

const root = document.getElementById('root');
if (root) {
  bootstrap(root).catch((error: unknown) => {
    // Without its configuration or first words the site cannot start; say so rather than stay blank.
    console.error('Linkhunt could not start', error);
    // Built, not parsed from markup: the page's Content-Security-Policy refuses inline style attributes.
    const notice = document.createElement('p');
    notice.setAttribute('role', 'alert');
    notice.style.cssText = 'padding:2rem;text-align:center';
    notice.textContent = 'Linkhunt could not start. Please reload the page in a moment.';
    root.replaceChildren(notice);
  });
}
