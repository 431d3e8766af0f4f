import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { detectAdBlock } from './detect-ad-block.ts';

/** Checks once per page load; a blocked ad network leads to the notice page, which remembers where the visitor was. */
export function AdBlockGuard() {
  const navigate = useNavigate();
  const location = useLocation();
  const langPath = useLangPath();
  useEffect(() => {
    let cancelled = false;
    void detectAdBlock().then((blocked) => {
      if (blocked && !cancelled) void navigate(langPath('/adblock'), { state: { from: location } });
    });
    return () => {
      cancelled = true;
    };
    // Once per load: later navigations must not be interrupted again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
