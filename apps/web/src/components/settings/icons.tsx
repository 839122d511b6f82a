import type { ReactNode, SVGProps } from 'react';

type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>;

/** Stroke icons on the same 24-unit grid as components/icons.tsx; decorative unless labelled. */
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

const UsersPaths = (
  <>
    <circle cx="9" cy="8.5" r="3.5" />
    <path d="M2.5 19.5a6.5 6.5 0 0 1 13 0M16 5.2a3.5 3.5 0 0 1 0 6.6M18.5 14.2a6.5 6.5 0 0 1 3 5.3" />
  </>
);
export const UsersIcon = (props: IconProps) => <Stroke paths={UsersPaths} {...props} />;
const TeamPaths = (
  <>
    <circle cx="12" cy="7" r="3" />
    <circle cx="5" cy="15" r="2.5" />
    <circle cx="19" cy="15" r="2.5" />
    <path d="M8 20.5a4 4 0 0 1 8 0M12 10v3M7 14l3-1.5M17 14l-3-1.5" />
  </>
);
export const TeamIcon = (props: IconProps) => <Stroke paths={TeamPaths} {...props} />;
const CheckPaths = <path d="m5 12.5 4.5 4.5L19 7.5" />;
export const CheckIcon = (props: IconProps) => <Stroke paths={CheckPaths} {...props} />;
const CopyPaths = (
  <>
    <rect x="8.5" y="8.5" width="12" height="12" rx="2" />
    <path d="M15.5 8.5V5.5a2 2 0 0 0-2-2h-8a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h3" />
  </>
);
export const CopyIcon = (props: IconProps) => <Stroke paths={CopyPaths} {...props} />;
const PlusPaths = <path d="M12 5v14M5 12h14" />;
export const PlusIcon = (props: IconProps) => <Stroke paths={PlusPaths} {...props} />;
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
const TrashPaths = (
  <>
    <path d="M4.5 7h15M10 11v6M14 11v6" />
    <path d="M6.5 7l1 12.5a1.5 1.5 0 0 0 1.5 1.5h6a1.5 1.5 0 0 0 1.5-1.5l1-12.5M9.5 7V4.5h5V7" />
  </>
);
export const TrashIcon = (props: IconProps) => <Stroke paths={TrashPaths} {...props} />;
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
const UserPaths = (
  <>
    <circle cx="12" cy="8.5" r="4" />
    <path d="M4.5 20.5a7.5 7.5 0 0 1 15 0" />
  </>
);
export const UserIcon = (props: IconProps) => <Stroke paths={UserPaths} {...props} />;
const PencilPaths = <path d="M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16zM13.5 6.5l4 4" />;
export const PencilIcon = (props: IconProps) => <Stroke paths={PencilPaths} {...props} />;
const LockPaths = (
  <>
    <rect x="5" y="10.5" width="14" height="10" rx="2" />
    <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
  </>
);
export const LockIcon = (props: IconProps) => <Stroke paths={LockPaths} {...props} />;
