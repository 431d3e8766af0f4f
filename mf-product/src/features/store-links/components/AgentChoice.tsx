import { type AgentLink, type BuyingAgent, isBuyingAgent } from '@linkhunt/contracts/agents';
import { choosePreferredAgent } from '@linkhunt/shared-ui/features/preferred-agent/preferred-agent-store.ts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';
import styles from './LinkDialog.module.css';

interface Props {
  /** The product's agents, in the site's order. */
  agents: readonly AgentLink[];
  /** The visitor's agent when it is one of them. */
  chosen: BuyingAgent | null;
}

/** "My agent", right in the dialog: the same preference as the header's, so the visitor's agent comes first everywhere. */
export function AgentChoice({ agents, chosen }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation('ui');
  const id = useId();
  const hintId = useId();
  return (
    <div className={`field ${styles.choice}`}>
      <label htmlFor={id}>{ui('preferredAgent.label')}</label>
      <select
        id={id}
        value={chosen ?? ''}
        aria-describedby={chosen ? undefined : hintId}
        onChange={(event) => {
          const value = event.target.value;
          void choosePreferredAgent(isBuyingAgent(value) ? value : null);
        }}
      >
        <option value="">{ui('preferredAgent.none')}</option>
        {agents.map(({ agent, name }) => (
          <option key={agent} value={agent}>
            {name}
          </option>
        ))}
      </select>
      {!chosen && (
        <p id={hintId} className="field-hint">
          {t('links.agentHint')}
        </p>
      )}
    </div>
  );
}
