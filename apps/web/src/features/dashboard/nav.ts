import type { PublicConfig } from '@switchboard/api-client/contract';
import type { LinkProps } from '@tanstack/react-router';
import type { ComponentType, SVGProps } from 'react';
import {
  BotIcon,
  BuildingIcon,
  CardIcon,
  CheckCircleIcon,
  DevicesIcon,
  FolderIcon,
  HomeIcon,
  KeyIcon,
  PulseIcon,
  ReceiptIcon,
  SettingsIcon,
  SparkIcon,
  TeamIcon,
  UsersIcon,
} from '../../components/icons';
import { InboxIcon } from '../inbox/inbox-icon';

export interface NavItem {
  label: string;
  to: NonNullable<LinkProps['to']>;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** Active only on this exact URL (not on pages below it). */
  exact: boolean;
  /** A count shown beside the label: the signed-in person's unread notifications. */
  counter?: 'unreadNotifications';
}

export interface NavGroup {
  label: string;
  items: NavItem[];
  /** Offered only where organizations are billed (a payment provider is configured). */
  billingOnly?: boolean;
}

/** The dashboard's pages, in sidebar order. */
export const DASHBOARD_NAV: NavGroup[] = [
  {
    label: 'Workspace',
    items: [
      { label: 'Home', to: '/dashboard', icon: HomeIcon, exact: true },
      {
        label: 'Inbox',
        to: '/dashboard/inbox',
        icon: InboxIcon,
        exact: true,
        counter: 'unreadNotifications',
      },
      { label: 'My work', to: '/dashboard/my-work', icon: CheckCircleIcon, exact: true },
      { label: 'Active sessions', to: '/dashboard/active-sessions', icon: PulseIcon, exact: false },
      { label: 'Projects', to: '/dashboard/projects', icon: FolderIcon, exact: false },
    ],
  },
  {
    label: 'Settings',
    items: [
      { label: 'All settings', to: '/dashboard/settings', icon: SettingsIcon, exact: true },
      { label: 'Organization', to: '/dashboard/settings/organization', icon: BuildingIcon, exact: true },
      { label: 'Members', to: '/dashboard/settings/organization/members', icon: UsersIcon, exact: true },
      { label: 'Teams', to: '/dashboard/settings/organization/teams', icon: TeamIcon, exact: true },
      { label: 'AI agents', to: '/dashboard/settings/organization/ai-agents', icon: BotIcon, exact: true },
      { label: 'API keys', to: '/dashboard/settings/developer/api-keys', icon: KeyIcon, exact: true },
      {
        label: 'Connected devices',
        to: '/dashboard/settings/developer/connected-devices',
        icon: DevicesIcon,
        exact: true,
      },
    ],
  },
  {
    label: 'Billing',
    billingOnly: true,
    items: [
      { label: 'Subscription', to: '/dashboard/settings/billing/subscription', icon: SparkIcon, exact: true },
      { label: 'Payment', to: '/dashboard/settings/billing/payment', icon: CardIcon, exact: true },
      { label: 'Invoices', to: '/dashboard/settings/billing/invoices', icon: ReceiptIcon, exact: true },
    ],
  },
];

/** The pages this installation offers: without billing there is nothing to buy, so no billing pages. */
export function dashboardNav(config: Pick<PublicConfig, 'billingEnabled'>): NavGroup[] {
  return DASHBOARD_NAV.filter((group) => !group.billingOnly || config.billingEnabled === true);
}
