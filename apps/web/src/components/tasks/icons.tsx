import type { ReactNode, SVGProps } from 'react';

type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>;

/** Stroke icons on a 24-unit grid, like components/icons.tsx; decorative unless given a label. */
function Stroke({ paths, ...props }: IconProps & { paths: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      width="1em"
      height="1em"
      {...props}
    >
      {paths}
    </svg>
  );
}

const plus = <path d="M12 5v14M5 12h14" />;
export const PlusIcon = (props: IconProps) => <Stroke paths={plus} {...props} />;
const search = (
  <>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m20 20-4.2-4.2" />
  </>
);
export const SearchIcon = (props: IconProps) => <Stroke paths={search} {...props} />;
const columns = (
  <>
    <rect x="3.5" y="4.5" width="17" height="15" rx="2" />
    <path d="M9.5 4.5v15M14.5 4.5v15" />
  </>
);
export const ColumnsIcon = (props: IconProps) => <Stroke paths={columns} {...props} />;
const layers = (
  <>
    <path d="m12 4 8.5 4.5L12 13 3.5 8.5z" />
    <path d="m3.5 12.5 8.5 4.5 8.5-4.5" />
    <path d="m3.5 16.5 8.5 4.5 8.5-4.5" />
  </>
);
export const LayersIcon = (props: IconProps) => <Stroke paths={layers} {...props} />;
const pulse = <path d="M3 12h4l2.5-6 5 12 2.5-6h4" />;
export const ActivityIcon = (props: IconProps) => <Stroke paths={pulse} {...props} />;
const chevronRight = <path d="m9.5 6 6 6-6 6" />;
export const ChevronRightIcon = (props: IconProps) => <Stroke paths={chevronRight} {...props} />;
const chevronLeft = <path d="m14.5 6-6 6 6 6" />;
export const ChevronLeftIcon = (props: IconProps) => <Stroke paths={chevronLeft} {...props} />;
const alert = (
  <>
    <path d="M12 4 2.8 19.5h18.4z" />
    <path d="M12 10v4.5M12 17h.01" />
  </>
);
export const WarningIcon = (props: IconProps) => <Stroke paths={alert} {...props} />;
const check = <path d="m5 12.5 4.5 4.5L19 7.5" />;
export const CheckIcon = (props: IconProps) => <Stroke paths={check} {...props} />;
const pencil = (
  <>
    <path d="M4 20h4L19 9l-4-4L4 16z" />
    <path d="m13.5 6.5 4 4" />
  </>
);
export const PencilIcon = (props: IconProps) => <Stroke paths={pencil} {...props} />;
const trash = (
  <>
    <path d="M4.5 7h15M10 11v6M14 11v6" />
    <path d="M6.5 7l1 12a1.5 1.5 0 0 0 1.5 1.4h6a1.5 1.5 0 0 0 1.5-1.4l1-12M9.5 7V4.5h5V7" />
  </>
);
export const TrashIcon = (props: IconProps) => <Stroke paths={trash} {...props} />;
const bot = (
  <>
    <rect x="4.5" y="8" width="15" height="11" rx="3" />
    <path d="M12 4v4M9.5 13h.01M14.5 13h.01" />
  </>
);
export const AgentIcon = (props: IconProps) => <Stroke paths={bot} {...props} />;
const user = (
  <>
    <circle cx="12" cy="8.5" r="3.5" />
    <path d="M5 19.5a7 7 0 0 1 14 0" />
  </>
);
export const UserIcon = (props: IconProps) => <Stroke paths={user} {...props} />;
const calendar = (
  <>
    <rect x="4" y="5.5" width="16" height="14" rx="2" />
    <path d="M4 10h16M8.5 3.5v4M15.5 3.5v4" />
  </>
);
export const CalendarIcon = (props: IconProps) => <Stroke paths={calendar} {...props} />;
const message = (
  <path d="M5 5.5h14a1.5 1.5 0 0 1 1.5 1.5v9a1.5 1.5 0 0 1-1.5 1.5H10l-4.5 3.5v-3.5H5A1.5 1.5 0 0 1 3.5 16V7A1.5 1.5 0 0 1 5 5.5z" />
);
export const MessageIcon = (props: IconProps) => <Stroke paths={message} {...props} />;
const block = (
  <>
    <circle cx="12" cy="12" r="8" />
    <path d="m6.5 6.5 11 11" />
  </>
);
export const BlockedIcon = (props: IconProps) => <Stroke paths={block} {...props} />;
const x = <path d="M6 6l12 12M18 6 6 18" />;
export const XIcon = (props: IconProps) => <Stroke paths={x} {...props} />;
const grip = (
  <>
    <path d="M9 6h.01M9 12h.01M9 18h.01M15 6h.01M15 12h.01M15 18h.01" strokeWidth={2.5} />
  </>
);
export const GripIcon = (props: IconProps) => <Stroke paths={grip} {...props} />;
const git = (
  <>
    <circle cx="12" cy="12" r="3" />
    <path d="M3 12h6M15 12h6" />
  </>
);
export const CommitIcon = (props: IconProps) => <Stroke paths={git} {...props} />;
const file = (
  <>
    <path d="M6.5 3.5h7l4 4v13h-11z" />
    <path d="M13.5 3.5v4h4" />
  </>
);
export const FileIcon = (props: IconProps) => <Stroke paths={file} {...props} />;
