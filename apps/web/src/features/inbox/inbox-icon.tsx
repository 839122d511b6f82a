import { type IconProps, StrokeIcon } from '../../components/icons';

const InboxPaths = (
  <>
    <path d="M4 13.5 6.5 5h11l2.5 8.5" />
    <path d="M4 13.5V19h16v-5.5h-5a3 3 0 0 1-6 0Z" />
  </>
);

/** A tray: the sidebar's Inbox and the inbox's empty state. */
export const InboxIcon = (props: IconProps) => <StrokeIcon paths={InboxPaths} {...props} />;
