import type { ReactNode, SVGProps } from 'react';

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>;

/** Stroke icons drawn on a 24-unit grid; decorative unless the caller gives them a label. */
export function StrokeIcon({ paths, ...props }: IconProps & { paths: ReactNode }) {
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

const HomeIconPaths = (
  <>
    <path d="M4 10.5 12 4l8 6.5" />
    <path d="M6 9v10h12V9" />
    <path d="M10 19v-5h4v5" />
  </>
);
export const HomeIcon = (props: IconProps) => <StrokeIcon paths={HomeIconPaths} {...props} />;
const PulseIconPaths = <path d="M3 12h4l2.5-6 5 12 2.5-6h4" />;
export const PulseIcon = (props: IconProps) => <StrokeIcon paths={PulseIconPaths} {...props} />;
const FolderIconPaths = (
  <path d="M3.5 7.5a2 2 0 0 1 2-2h4l2 2h7a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2h-13a2 2 0 0 1-2-2z" />
);
export const FolderIcon = (props: IconProps) => <StrokeIcon paths={FolderIconPaths} {...props} />;
const SettingsIconPaths = (
  <>
    <circle cx="12" cy="12" r="3" />
    <path d="M12 3v2.5M12 18.5V21M3 12h2.5M18.5 12H21M5.6 5.6l1.8 1.8M16.6 16.6l1.8 1.8M5.6 18.4l1.8-1.8M16.6 7.4l1.8-1.8" />
  </>
);
export const SettingsIcon = (props: IconProps) => <StrokeIcon paths={SettingsIconPaths} {...props} />;
const BuildingIconPaths = (
  <>
    <path d="M5 20V5a1 1 0 0 1 1-1h8a1 1 0 0 1 1 1v15" />
    <path d="M15 10h3a1 1 0 0 1 1 1v9" />
    <path d="M3 20h18M8.5 8h3M8.5 12h3M8.5 16h3" />
  </>
);
export const BuildingIcon = (props: IconProps) => <StrokeIcon paths={BuildingIconPaths} {...props} />;
const BotIconPaths = (
  <>
    <rect x="4.5" y="8" width="15" height="11" rx="3" />
    <path d="M12 4v4M9.5 13h.01M14.5 13h.01M2.5 13v2M21.5 13v2" />
  </>
);
export const BotIcon = (props: IconProps) => <StrokeIcon paths={BotIconPaths} {...props} />;
const KeyIconPaths = (
  <>
    <circle cx="8" cy="15" r="4" />
    <path d="m11 12 8.5-8.5M16 7l2.5 2.5M18.5 4.5 21 7" />
  </>
);
export const KeyIcon = (props: IconProps) => <StrokeIcon paths={KeyIconPaths} {...props} />;
const DevicesIconPaths = (
  <>
    <rect x="3" y="5" width="13" height="10" rx="1.5" />
    <path d="M7 19h5M9.5 15v4" />
    <rect x="17.5" y="9" width="4" height="10" rx="1" />
  </>
);
export const DevicesIcon = (props: IconProps) => <StrokeIcon paths={DevicesIconPaths} {...props} />;
const CardIconPaths = (
  <>
    <rect x="3" y="5.5" width="18" height="13" rx="2" />
    <path d="M3 10h18M7 15h3" />
  </>
);
export const CardIcon = (props: IconProps) => <StrokeIcon paths={CardIconPaths} {...props} />;
const ReceiptIconPaths = (
  <>
    <path d="M6 3.5h12v17l-3-2-3 2-3-2-3 2z" />
    <path d="M9 8.5h6M9 12h6" />
  </>
);
export const ReceiptIcon = (props: IconProps) => <StrokeIcon paths={ReceiptIconPaths} {...props} />;
const SparkIconPaths = (
  <path d="M12 3.5v4M12 16.5v4M3.5 12h4M16.5 12h4M6 6l2.5 2.5M15.5 15.5 18 18M6 18l2.5-2.5M15.5 8.5 18 6" />
);
export const SparkIcon = (props: IconProps) => <StrokeIcon paths={SparkIconPaths} {...props} />;
const SunIconPaths = (
  <>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2.5v2M12 19.5v2M2.5 12h2M19.5 12h2M5.3 5.3l1.4 1.4M17.3 17.3l1.4 1.4M5.3 18.7l1.4-1.4M17.3 6.7l1.4-1.4" />
  </>
);
export const SunIcon = (props: IconProps) => <StrokeIcon paths={SunIconPaths} {...props} />;
const MoonIconPaths = <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" />;
export const MoonIcon = (props: IconProps) => <StrokeIcon paths={MoonIconPaths} {...props} />;
const LogOutIconPaths = (
  <>
    <path d="M14 4.5H6.5a1 1 0 0 0-1 1v13a1 1 0 0 0 1 1H14" />
    <path d="m17 8.5 3.5 3.5-3.5 3.5M10 12h10.5" />
  </>
);
export const LogOutIcon = (props: IconProps) => <StrokeIcon paths={LogOutIconPaths} {...props} />;
const MenuIconPaths = <path d="M4 7h16M4 12h16M4 17h16" />;
export const MenuIcon = (props: IconProps) => <StrokeIcon paths={MenuIconPaths} {...props} />;
const CloseIconPaths = <path d="m6 6 12 12M18 6 6 18" />;
export const CloseIcon = (props: IconProps) => <StrokeIcon paths={CloseIconPaths} {...props} />;
const ChevronDownIconPaths = <path d="m6.5 9.5 5.5 5.5 5.5-5.5" />;
export const ChevronDownIcon = (props: IconProps) => <StrokeIcon paths={ChevronDownIconPaths} {...props} />;
const TerminalIconPaths = (
  <>
    <rect x="3" y="4.5" width="18" height="15" rx="2" />
    <path d="m7 9.5 3 2.5-3 2.5M12.5 15h4.5" />
  </>
);
export const TerminalIcon = (props: IconProps) => <StrokeIcon paths={TerminalIconPaths} {...props} />;
const CheckCircleIconPaths = (
  <>
    <circle cx="12" cy="12" r="8.5" />
    <path d="m8.5 12 2.5 2.5 4.5-5" />
  </>
);
export const CheckCircleIcon = (props: IconProps) => <StrokeIcon paths={CheckCircleIconPaths} {...props} />;
const AlertIconPaths = (
  <>
    <path d="M12 4 2.8 19.5h18.4z" />
    <path d="M12 10v4.5M12 17h.01" />
  </>
);
export const AlertIcon = (props: IconProps) => <StrokeIcon paths={AlertIconPaths} {...props} />;

/** GitHub's mark (filled, from GitHub's brand assets). */
export function GitHubIcon(props: IconProps) {
  return (
    <svg
      viewBox="0 0 16 16"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      width="1em"
      height="1em"
      {...props}
    >
      <path d="M8 0C3.58 0 0 3.58 0 8c0 3.54 2.29 6.53 5.47 7.59.4.07.55-.17.55-.38 0-.19-.01-.82-.01-1.49-2.01.37-2.53-.49-2.69-.94-.09-.23-.48-.94-.82-1.13-.28-.15-.68-.52-.01-.53.63-.01 1.08.58 1.23.82.72 1.21 1.87.87 2.33.66.07-.52.28-.87.51-1.07-1.78-.2-3.64-.89-3.64-3.95 0-.87.31-1.59.82-2.15-.08-.2-.36-1.02.08-2.12 0 0 .67-.21 2.2.82.64-.18 1.32-.27 2-.27.68 0 1.36.09 2 .27 1.53-1.04 2.2-.82 2.2-.82.44 1.1.16 1.92.08 2.12.51.56.82 1.27.82 2.15 0 3.07-1.87 3.75-3.65 3.95.29.25.54.73.54 1.48 0 1.07-.01 1.93-.01 2.2 0 .21.15.46.55.38A8.013 8.013 0 0 0 16 8c0-4.42-3.58-8-8-8z" />
    </svg>
  );
}

// Drawn once and shared by the dashboard, settings, tasks and the public site.
const CheckPaths = <path d="m5 12.5 4.5 4.5L19 7.5" />;
export const CheckIcon = (props: IconProps) => <StrokeIcon paths={CheckPaths} {...props} />;
const CopyPaths = (
  <>
    <rect x="8.5" y="8.5" width="12" height="12" rx="2" />
    <path d="M15.5 8.5V5.5a2 2 0 0 0-2-2h-8a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h3" />
  </>
);
export const CopyIcon = (props: IconProps) => <StrokeIcon paths={CopyPaths} {...props} />;
const PlusPaths = <path d="M12 5v14M5 12h14" />;
export const PlusIcon = (props: IconProps) => <StrokeIcon paths={PlusPaths} {...props} />;
const TrashPaths = (
  <>
    <path d="M4.5 7h15M10 11v6M14 11v6" />
    <path d="M6.5 7l1 12.5a1.5 1.5 0 0 0 1.5 1.5h6a1.5 1.5 0 0 0 1.5-1.5l1-12.5M9.5 7V4.5h5V7" />
  </>
);
export const TrashIcon = (props: IconProps) => <StrokeIcon paths={TrashPaths} {...props} />;
const UserPaths = (
  <>
    <circle cx="12" cy="8.5" r="4" />
    <path d="M4.5 20.5a7.5 7.5 0 0 1 15 0" />
  </>
);
export const UserIcon = (props: IconProps) => <StrokeIcon paths={UserPaths} {...props} />;
const UsersPaths = (
  <>
    <circle cx="9" cy="8.5" r="3.5" />
    <path d="M2.5 19.5a6.5 6.5 0 0 1 13 0M16 5.2a3.5 3.5 0 0 1 0 6.6M18.5 14.2a6.5 6.5 0 0 1 3 5.3" />
  </>
);
export const UsersIcon = (props: IconProps) => <StrokeIcon paths={UsersPaths} {...props} />;
const PencilPaths = <path d="M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16zM13.5 6.5l4 4" />;
export const PencilIcon = (props: IconProps) => <StrokeIcon paths={PencilPaths} {...props} />;
const LockPaths = (
  <>
    <rect x="5" y="10.5" width="14" height="10" rx="2" />
    <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
  </>
);
export const LockIcon = (props: IconProps) => <StrokeIcon paths={LockPaths} {...props} />;
const layers = (
  <>
    <path d="m12 4 8.5 4.5L12 13 3.5 8.5z" />
    <path d="m3.5 12.5 8.5 4.5 8.5-4.5" />
    <path d="m3.5 16.5 8.5 4.5 8.5-4.5" />
  </>
);
export const LayersIcon = (props: IconProps) => <StrokeIcon paths={layers} {...props} />;
const TeamPaths = (
  <>
    <circle cx="12" cy="7" r="3" />
    <circle cx="5" cy="15" r="2.5" />
    <circle cx="19" cy="15" r="2.5" />
    <path d="M8 20.5a4 4 0 0 1 8 0M12 10v3M7 14l3-1.5M17 14l-3-1.5" />
  </>
);
export const TeamIcon = (props: IconProps) => <StrokeIcon paths={TeamPaths} {...props} />;
const MailPaths = (
  <>
    <rect x="3" y="5.5" width="18" height="13" rx="2" />
    <path d="m4 7 8 6 8-6" />
  </>
);
export const MailIcon = (props: IconProps) => <StrokeIcon paths={MailPaths} {...props} />;
const ShieldPaths = (
  <>
    <path d="M12 3.5 5 6v5.5c0 4.2 2.9 7.6 7 9 4.1-1.4 7-4.8 7-9V6z" />
    <path d="m9 12 2 2 4-4" />
  </>
);
export const ShieldIcon = (props: IconProps) => <StrokeIcon paths={ShieldPaths} {...props} />;
const MonitorPaths = (
  <>
    <rect x="3" y="4.5" width="18" height="12" rx="1.5" />
    <path d="M8.5 20h7M12 16.5V20" />
  </>
);
export const MonitorIcon = (props: IconProps) => <StrokeIcon paths={MonitorPaths} {...props} />;
const PhonePaths = (
  <>
    <rect x="7" y="3" width="10" height="18" rx="2" />
    <path d="M11 17.5h2" />
  </>
);
export const PhoneIcon = (props: IconProps) => <StrokeIcon paths={PhonePaths} {...props} />;
const ChevronsPaths = <path d="m8 9.5 4-4 4 4M8 14.5l4 4 4-4" />;
export const ChevronsUpDownIcon = (props: IconProps) => <StrokeIcon paths={ChevronsPaths} {...props} />;
const PullRequestPaths = (
  <>
    <circle cx="6" cy="6" r="2.25" />
    <circle cx="6" cy="18" r="2.25" />
    <circle cx="18" cy="18" r="2.25" />
    <path d="M6 8.25v7.5M18 15.75V9a3 3 0 0 0-3-3h-4m2-2.5L10.5 6 13 8.5" />
  </>
);
export const PullRequestIcon = (props: IconProps) => <StrokeIcon paths={PullRequestPaths} {...props} />;
const BranchPaths = (
  <>
    <circle cx="6" cy="5.5" r="2.25" />
    <circle cx="6" cy="18.5" r="2.25" />
    <circle cx="18" cy="7.5" r="2.25" />
    <path d="M6 7.75v8.5M18 9.75c0 4-4 4.5-10.5 7" />
  </>
);
export const BranchIcon = (props: IconProps) => <StrokeIcon paths={BranchPaths} {...props} />;
