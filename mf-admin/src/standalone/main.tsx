import '@linkhunt/shared-ui/styles/tokens.css';
import '@linkhunt/shared-ui/styles/base.css';
import { mountStandalone } from '@linkhunt/shared-ui/features/standalone/standalone.tsx';
import { bootstrap, mount, unmount } from '../exposes/lifecycles.tsx';

// The team's own page: this remote alone, without the shell, for running and testing it in isolation.
const root = document.getElementById('root');
if (root) void mountStandalone('mf-admin', { bootstrap, mount, unmount }, root);
