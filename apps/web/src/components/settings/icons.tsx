import { type IconProps, StrokeIcon as Stroke } from '../icons';

export {
  CheckIcon,
  CopyIcon,
  LockIcon,
  PencilIcon,
  PlusIcon,
  TrashIcon,
  UserIcon,
  UsersIcon,
} from '../icons';

const TeamPaths = (
  <>
    <circle cx="12" cy="7" r="3" />
    <circle cx="5" cy="15" r="2.5" />
    <circle cx="19" cy="15" r="2.5" />
    <path d="M8 20.5a4 4 0 0 1 8 0M12 10v3M7 14l3-1.5M17 14l-3-1.5" />
  </>
);
export const TeamIcon = (props: IconProps) => <Stroke paths={TeamPaths} {...props} />;
const MailPaths = (
  <>
    <rect x="3" y="5.5" width="18" height="13" rx="2" />
    <path d="m4 7 8 6 8-6" />
  </>
);
export const MailIcon = (props: IconProps) => <Stroke paths={MailPaths} {...props} />;
const ShieldPaths = (
  <>
    <path d="M12 3.5 5 6v5.5c0 4.2 2.9 7.6 7 9 4.1-1.4 7-4.8 7-9V6z" />
    <path d="m9 12 2 2 4-4" />
  </>
);
export const ShieldIcon = (props: IconProps) => <Stroke paths={ShieldPaths} {...props} />;
const MonitorPaths = (
  <>
    <rect x="3" y="4.5" width="18" height="12" rx="1.5" />
    <path d="M8.5 20h7M12 16.5V20" />
  </>
);
export const MonitorIcon = (props: IconProps) => <Stroke paths={MonitorPaths} {...props} />;
const PhonePaths = (
  <>
    <rect x="7" y="3" width="10" height="18" rx="2" />
    <path d="M11 17.5h2" />
  </>
);
export const PhoneIcon = (props: IconProps) => <Stroke paths={PhonePaths} {...props} />;
const ChevronsPaths = <path d="m8 9.5 4-4 4 4M8 14.5l4 4 4-4" />;
export const ChevronsUpDownIcon = (props: IconProps) => <Stroke paths={ChevronsPaths} {...props} />;
