import { type IconProps, StrokeIcon as Stroke } from '../../components/icons';

export { CheckIcon, LayersIcon, PencilIcon, PlusIcon, TrashIcon, UserIcon } from '../../components/icons';

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
const rows = <path d="M8.5 6.5h12M8.5 12h12M8.5 17.5h12M3.5 6.5h.01M3.5 12h.01M3.5 17.5h.01" />;
export const ListIcon = (props: IconProps) => <Stroke paths={rows} {...props} />;
const pulse = <path d="M3 12h4l2.5-6 5 12 2.5-6h4" />;
export const ActivityIcon = (props: IconProps) => <Stroke paths={pulse} {...props} />;
const chevronLeft = <path d="m14.5 6-6 6 6 6" />;
export const ChevronLeftIcon = (props: IconProps) => <Stroke paths={chevronLeft} {...props} />;
const alert = (
  <>
    <path d="M12 4 2.8 19.5h18.4z" />
    <path d="M12 10v4.5M12 17h.01" />
  </>
);
export const WarningIcon = (props: IconProps) => <Stroke paths={alert} {...props} />;
const bot = (
  <>
    <rect x="4.5" y="8" width="15" height="11" rx="3" />
    <path d="M12 4v4M9.5 13h.01M14.5 13h.01" />
  </>
);
export const AgentIcon = (props: IconProps) => <Stroke paths={bot} {...props} />;
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
