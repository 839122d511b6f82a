import type { Project } from '@switchboard/api-client/contract';
import { Dialog } from '../../components/ui/dialog';
import { ConnectSteps } from './connect-steps';

/**
 * 'Connect an agent': makes a key, then shows the exact files for Claude Code
 * and Cursor (from GET /projects/:id/mcp/config) and the export line with the new key. The files only
 * reference ${SWITCHBOARD_API_KEY}, so they can be committed; the key itself is shown once, here.
 */
export function ConnectAgentDialog({
  project,
  open,
  onClose,
}: {
  project: Pick<Project, 'id' | 'key' | 'name'>;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Connect an agent to ${project.name}`}
      description="Claude Code, Cursor or any MCP client: three steps, about a minute."
      className="w-[min(46rem,calc(100vw-2rem))]"
    >
      {open ? <ConnectSteps project={project} onDone={onClose} /> : null}
    </Dialog>
  );
}
