import { MCP_API_KEY_ENV, type Project } from '@switchboard/api-client/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { AlertIcon } from '../../components/icons';
import { Button } from '../../components/ui/button';
import { inlineLinkClasses } from '../../components/ui/inline-link';
import { useApi } from '../../hooks/use-api';
import { describeError } from '../../lib/error-messages';
import { agentProfilesQueryOptions } from '../agents/agents';
import type { CreatedApiKey } from '../api-keys/api-keys';
import { CreateKeyForm } from '../api-keys/create-key-form';
import { ConfigBlock } from './config-block';
import {
  configFilesOf,
  containsKey,
  exportLine,
  mcpConfigQueryOptions,
  suggestedKeyName,
} from './mcp-config';

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`connect-step-${number}`} className="flex gap-3">
      <span
        aria-hidden="true"
        className="grid size-6 shrink-0 place-items-center rounded-full border border-border bg-subtle text-[12px] font-semibold text-muted-foreground"
      >
        {number}
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <h3 id={`connect-step-${number}`} className="pt-0.5 text-[13px] font-semibold text-foreground">
          <span className="sr-only">Step {number}: </span>
          {title}
        </h3>
        {children}
      </div>
    </section>
  );
}

/** The three steps, from a new key to a configured client. */
export function ConnectSteps({
  project,
  onDone,
}: {
  project: Pick<Project, 'id' | 'key' | 'name'>;
  onDone: () => void;
}) {
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  return (
    <div className="flex max-h-[70vh] flex-col gap-6 overflow-y-auto pr-1">
      <KeyStep projectKey={project.key} created={created} onCreated={setCreated} />
      <ConfigStep projectId={project.id} created={created} />
      <EnvironmentStep created={created} />
      <div className="flex justify-end">
        <Button variant="secondary" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

/** Step 1: a key for the agent, or what was made once it exists. */
function KeyStep({
  projectKey,
  created,
  onCreated,
}: {
  projectKey: string;
  created: CreatedApiKey | null;
  onCreated: (created: CreatedApiKey) => void;
}) {
  const api = useApi();
  const profiles = useQuery(agentProfilesQueryOptions(api));
  const agents = profiles.data ?? [];
  return (
    <Step number={1} title="Create an API key for the agent">
      {created ? (
        <p className="text-[13px] text-muted-foreground">
          Created <strong className="text-foreground">{created.name}</strong>
          {created.metadata?.agentName ? (
            <>
              , acting as <span className="font-mono text-foreground">{created.metadata.agentName}</span>
            </>
          ) : null}
          . Manage it under{' '}
          <Link to="/dashboard/settings/developer/api-keys" className={inlineLinkClasses}>
            API keys
          </Link>
          .
        </p>
      ) : (
        <>
          <p className="text-[13px] text-muted-foreground">
            Choose the agent profile it acts as, so tasks assigned to that name are its work. Already have a
            key? Skip to step 2.
          </p>
          <CreateKeyForm
            // Remounted once the profiles arrive, so a single profile can be chosen for the person.
            key={profiles.isSuccess ? 'profiles' : 'no-profiles'}
            agents={agents}
            defaultName={suggestedKeyName(projectKey, new Date())}
            defaultAgent={agents.length === 1 ? (agents[0]?.name ?? '') : ''}
            showExpiry={false}
            submitLabel="Create key"
            onCreated={onCreated}
          />
        </>
      )}
    </Step>
  );
}

/** Step 2: the project's MCP configuration files, which name the key's variable, never the key. */
function ConfigStep({ projectId, created }: { projectId: string; created: CreatedApiKey | null }) {
  const api = useApi();
  const config = useQuery(mcpConfigQueryOptions(api, projectId));
  const files = config.data ? configFilesOf(config.data) : [];
  // The files must never carry a key; if a server ever put one in, showing it would leak it into git.
  const leaked = created ? files.some((file) => containsKey(file.text, created.key)) : false;
  return (
    <Step number={2} title="Add the MCP server to the repository">
      <p className="text-[13px] text-muted-foreground">
        Save these at the root of the repository and commit them: they name the variable{' '}
        <code className="font-mono text-[12px] text-foreground">{MCP_API_KEY_ENV}</code>, never the key, so
        the whole team can share them. Claude Code asks each person to approve a project’s MCP server once.
      </p>
      {config.isPending ? (
        <p className="text-[13px] text-muted-foreground">Loading the configuration…</p>
      ) : config.isError ? (
        <p role="alert" className="text-[13px] text-danger">
          The configuration could not be loaded. {describeError(config.error)}
        </p>
      ) : leaked ? (
        <p role="alert" className="text-[13px] text-danger">
          The server’s configuration contains the key itself, so it is not shown. Revoke the key and report
          this.
        </p>
      ) : (
        <div className="flex flex-col gap-3">
          {files.map((file) => (
            <ConfigBlock
              key={file.path}
              caption={file.path}
              detail={file.client}
              text={file.text}
              copyLabel={`Copy ${file.path}`}
              toastMessage={`${file.path} copied`}
            />
          ))}
        </div>
      )}
    </Step>
  );
}

/** Step 3: the export line, with the new key the only time it can be shown, or a placeholder. */
function EnvironmentStep({ created }: { created: CreatedApiKey | null }) {
  return (
    <Step number={3} title="Put the key in your environment">
      {created ? (
        <>
          <div className="flex items-start gap-2 rounded-control border border-amber-400/40 bg-amber-400/10 px-3 py-2 text-[13px]">
            <AlertIcon className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-300" />
            <p className="text-foreground">
              This is the only time the key is shown. Copy the line now; Switchboard keeps only a hash of it.
            </p>
          </div>
          <ConfigBlock
            caption="Shell"
            detail="~/.zshrc, ~/.bashrc or a git-ignored .env"
            text={exportLine(created.key)}
            copyLabel="Copy export line"
            toastMessage="Export line copied"
          />
        </>
      ) : (
        <ConfigBlock
          caption="Shell"
          detail="with your key in place of the placeholder"
          text={exportLine('<your API key>')}
          copyLabel="Copy export line"
          toastMessage="Export line copied"
        />
      )}
      <p className="text-[13px] text-muted-foreground">
        Start your client from a shell that has the variable: it reads the key from there, so the key never
        goes into a file git tracks. Then ask the agent to call{' '}
        <code className="font-mono text-[12px] text-foreground">next-task</code>; its session appears under{' '}
        <Link to="/dashboard/active-sessions" className={inlineLinkClasses}>
          Active sessions
        </Link>
        .
      </p>
    </Step>
  );
}
