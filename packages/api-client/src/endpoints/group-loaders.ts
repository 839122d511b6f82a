import type { Endpoints } from './index';

/**
 * How to load each endpoint group on its own, for the typed client: importing `endpoints` builds the
 * zod schemas of every operation, which costs a short-lived process such as a CLI command more than the
 * rest of its start-up. A client that loads a group when it first calls it builds only the schemas that
 * group uses. The type holds this table to `endpoints`: a group left out, or one loaded from the wrong
 * module, fails to compile.
 */
export const endpointGroupLoaders: { [Group in keyof Endpoints]: () => Promise<Endpoints[Group]> } = {
  system: () => import('./system').then((module) => module.system),
  projects: () => import('./projects').then((module) => module.projects),
  workUnits: () => import('./work-units').then((module) => module.workUnits),
  tasks: () => import('./tasks').then((module) => module.tasks),
  comments: () => import('./tasks').then((module) => module.comments),
  labels: () => import('./labels').then((module) => module.labels),
  activity: () => import('./activity').then((module) => module.activity),
  events: () => import('./activity').then((module) => module.events),
  agents: () => import('./agents').then((module) => module.agents),
  agentSessions: () => import('./agents').then((module) => module.agentSessions),
  questions: () => import('./questions').then((module) => module.questions),
  myWork: () => import('./my-work').then((module) => module.myWork),
  notifications: () => import('./notifications').then((module) => module.notifications),
  mcpConfig: () => import('./agents').then((module) => module.mcpConfig),
  ruleSets: () => import('./rule-sets').then((module) => module.ruleSets),
  findings: () => import('./rule-sets').then((module) => module.findings),
  templates: () => import('./templates').then((module) => module.templates),
  billing: () => import('./billing').then((module) => module.billing),
  search: () => import('./search').then((module) => module.search),
  plans: () => import('./plans').then((module) => module.plans),
  savedViews: () => import('./saved-views').then((module) => module.savedViews),
  invitations: () => import('./invitations').then((module) => module.invitations),
  repositories: () => import('./development').then((module) => module.repositories),
  webhooks: () => import('./development').then((module) => module.webhooks),
};
