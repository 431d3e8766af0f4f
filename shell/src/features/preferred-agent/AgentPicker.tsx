import { AGENT_NAMES, type EnabledAgent, isBuyingAgent } from '@linkhunt/contracts/agents';
import { choosePreferredAgent } from '@linkhunt/shared-ui/features/preferred-agent/preferred-agent-store.ts';
import { useOfferedAgents } from '@linkhunt/shared-ui/features/preferred-agent/use-offered-agents.ts';
import { usePreferredAgent } from '@linkhunt/shared-ui/features/preferred-agent/use-preferred-agent.ts';
import { useHydrated } from '@linkhunt/shared-ui/features/ssr/use-hydrated.ts';
import { useTranslation } from 'react-i18next';
import styles from './AgentPicker.module.css';

/**
 * The header's "My agent": the buying agent whose link the get-link dialog offers first. Rendered the same for
 * everyone on the server (no choice, no list); the visitor's choice and the site's agents (GET /agents) come
 * after hydration, inside a face of fixed width, so nothing in the header moves.
 */
export function AgentPicker() {
  const { t } = useTranslation('ui');
  const hydrated = useHydrated();
  const agent = usePreferredAgent();
  const offered = useOfferedAgents() ?? [];
  // The choice stays a valid value before the list comes, and when the site no longer offers that agent.
  const options: EnabledAgent[] = agent && !offered.some((option) => option.agent === agent) ? [...offered, { agent, name: AGENT_NAMES[agent] }] : offered;
  return (
    <label className={styles.wrapper}>
      <span className="visually-hidden">{t('preferredAgent.label')}</span>
      {/* The closed control shows the agent (on phones only its icon); the invisible native select over it keeps the platform's picker. */}
      <span className={styles.face} aria-hidden="true">
        <ParcelIcon />
        <span className={styles.name}>{agent ? AGENT_NAMES[agent] : t('preferredAgent.label')}</span>
        {agent && <span className={styles.chosen} />}
        <svg className={styles.chevron} viewBox="0 0 12 12" width="10" height="10">
          <path d="m2 4 4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
      </span>
      <select
        className={styles.select}
        value={agent ?? ''}
        // A choice made before hydration would be lost: the menu opens once it can act.
        disabled={!hydrated}
        onChange={(event) => {
          const value = event.target.value;
          void choosePreferredAgent(isBuyingAgent(value) ? value : null);
        }}
      >
        <option value="">{t('preferredAgent.none')}</option>
        {options.map((option) => (
          <option key={option.agent} value={option.agent}>
            {option.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A parcel: what an agent buys, checks and ships on. */
function ParcelIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
      <path d="M3 7.5 12 3l9 4.5v9L12 21l-9-4.5z" />
      <path d="m3 7.5 9 4.5 9-4.5M12 12v9M7.5 5.25l9 4.5" />
    </svg>
  );
}
